"""Rowdy Partners: what the player to act may do, and why anything else is refused (RP-4.16).

Both come from the same rules: each kind of decision has one judge (see "The rules of each
decision" below) that gives the legal actions and, asked about an action it did not offer,
the refusal of the first rule that action breaks.  Every refusal is a :class:`RowdyIllegalMove`
with the spec's illegal-action code (X01-X13) and the clause it enforces; there is no catch-all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ..core.errors import IllegalMove, InputError
from ..core.game import Action, history
from ..core.i18n import N_
from ..core.inputs import either, excerpt, quote
from . import data
from .actions import (
    ATTACHMENTS,
    BURY,
    CANCEL_TEXTS,
    CHEAT_ACTIONS,
    CHEAT_OFFERS,
    COIN_DOWN,
    COIN_UP,
    DAMAGE,
    FIXED_KINDS,
    NAME,
    PASS,
    PLAY,
    SEAT_TEXTS,
    SIGNATURE_ACTIONS,
    SIGNATURE_OFFERS,
    TAG_ACTIONS,
    Bury,
    ChooseWrestler,
    Coin,
    DamageToken,
    Name,
    Pass,
    Play,
    Tag,
    UseCheat,
    UseSignature,
)
from .cards import CATALOG, SUIT_T, code, suit_name
from .state import BURYING, CHOOSING, NAMING, NO_PENDING, PLAYING, TAGGING, Seating, State, legal_cards
from .words import quoted, suits

_, ngettext = CATALOG.functions()

# ---------------------------------------------------------------------------
# Illegal actions (RP-4.16): every refusal names its X-code and the clause it enforces

X_NAMES: Final = {
    "X01": "NOT_YOUR_TURN",
    "X02": "CARD_NOT_IN_SOURCE",
    "X03": "MUST_FOLLOW",
    "X04": "SOURCE_REPEATED",
    "X05": "NOT_HELD",
    "X06": "TIMING",
    "X07": "TAG_NOT_ALLOWED",
    "X08": "SIG_LOCKED",
    "X09": "SIG_USED",
    "X10": "SUIT_REQUIRED",
    "X11": "SUIT_ON_WILD",
    "X12": "CANCEL_TARGET",
    "X13": "DIAMOND_SWAP",
}


@mypyc_attr(native_class=False)  # an exception keeps its attributes in __dict__, for pickling (core.errors)
class RowdyIllegalMove(IllegalMove):
    """An IllegalMove that also carries the spec's illegal-action code (``.code == "X03"``) and its name.

    A person reads the reason first and the code after it, as The Brotherhood writes its V-codes:
    "A suit must be named first: ... (X10) (RP-4.9)"; the rules' English name of the check
    (``.name == "SUIT_REQUIRED"``) is data for programs and tests, never part of the sentence.
    """

    def __init__(self, code: str, message: str, *, rule: str, player: Any = None, action: Any = None) -> None:
        reason = message[:1].upper() + message[1:]  # a sentence of its own now, no longer after "X10 SUIT_REQUIRED:"
        super().__init__(f"{reason} ({code})", rule=rule, player=player, action=action, code=code)
        self.name = X_NAMES[code]  # the spec's name of the check: "SUIT_REQUIRED"


def illegal(code: str, message: str, rule: str, player: Any = None, action: Any = None) -> RowdyIllegalMove:
    """A refusal with its X-code and clause (the X-code and its name are the same in every language)."""
    return RowdyIllegalMove(code, message, rule=rule, player=player, action=action)


# X03 (RP-4.6): the refusal of an off-suit card, by where a headliner plays from (0 a team member, who
# has only his hand; 1 a headliner's hand; 2 his diamond) and whether the source holds wildcards
_MUST_FOLLOW: Final = (
    (
        N_("{suit} was led and {player} holds {held}: he must play one of them"),
        N_("{suit} was led and {player} holds {held}: he must play one of them or a wildcard ({wildcards})"),
    ),
    (
        N_("{suit} was led and {player} holds {held} in his hand: he must play one of them"),
        N_(
            "{suit} was led and {player} holds {held} in his hand: he must play one of them or a wildcard ({wildcards})"
        ),
    ),
    (
        N_("{suit} was led and {player} holds {held} in his diamond: he must play one of them"),
        N_(
            "{suit} was led and {player} holds {held} in his diamond: he must play one of them "
            "or a wildcard ({wildcards})"
        ),
    ),
)

# X12 (RP-2.6): a CANCEL that names a token kind the opponent does not hold
_HOLDS_NO: Final = {
    "coin": N_("{target} holds no Coin token; he holds: {held}"),
    "damage": N_("{target} holds no Damage token; he holds: {held}"),
    "tag": N_("{target} holds no Tag token; he holds: {held}"),
    "cheat": N_("{target} holds no cheat; he holds: {held}"),
}


# the bury after a BURN_SWAP (RP-2.6), the wildcard setter's player (RP-4.9), the wrestler choice (RP-3.2);
# a different decision by the player to act cites the clause of the decision that is due.
TURN_RULE: Final = {TAGGING: "RP-4.4", PLAYING: "RP-4.5", BURYING: "RP-2.6", NAMING: "RP-4.9", CHOOSING: "RP-3.2"}
_DECISION_RULE: Final = {**TURN_RULE, PLAYING: "RP-4.10"}

_TAG_FIELD: Final = next(f for f, award in data.POP_AWARDS.items() if award == "tag")  # RP-4.12: where Tags are won
_UNLOCK_FIELD: Final = next(f for f, award in data.POP_AWARDS.items() if award == "unlock")  # RP-4.13


def _each_once(ids: tuple[str, ...]) -> tuple[str, ...]:
    """Each id once, in id order: the cheats a player holds, offered once each (RP-4.7)."""
    if len(ids) < 2:  # most hands hold no cheat or one: nothing to sort
        return ids
    return tuple(sorted(set(ids)))


def _number(text: str) -> int | None:
    """The integer a text spells (``-1``, ``+1`` and ``01`` too), or None."""
    try:
        return int(text)
    except ValueError:
        return None


# ---------------------------------------------------------------------------
# The rules of each decision, said once (RP-4.4 to RP-4.16)
#
# Each kind of decision has one judge that walks its rules in the order RP-4.16 checks them.
# Asked with ``refused`` None, it keeps the candidates that no rule rules out: that is what
# legal_actions offers.  Asked with an action that was not offered, the first rule that rules
# it out raises its refusal (its X-code, clause and message).  So what is legal and why
# anything else is refused come from the same lines, and a refusal is built only when one is
# asked for.  The candidates are the well-formed actions (actions.py makes them once); the
# form of an action that is none of them is the first rule of its judge.


def legal(seating: Seating, state: State, seat: int) -> tuple[Action, ...]:
    """What the player to act may do: the candidates of the decision due that no rule refuses."""
    phase = state.phase
    if phase == PLAYING:  # RP-4.7 the attachments first, then the cards (RP-4.6)
        cards = _plays(seating, state, seat, None)
        tokens = state.tokens
        if tokens.coins[seat] or tokens.damage[seat] or tokens.cheats[seat] or tokens.unlocked[seating.side_of[seat]]:
            offers = _attachments(seating, state, seat, None)
            for c in cards:
                offers.append(PLAY[c])
            return tuple(offers)
        return tuple([PLAY[c] for c in cards])  # nothing to attach: no token, no cheat, no signature move unlocked
    if phase == TAGGING:
        return TAG_ACTIONS if _may_tag(seating, state, seat, None) else (PASS,)
    if phase == NAMING:
        return NAME
    if phase == CHOOSING:
        return tuple(ChooseWrestler(w) for w in _choices(seating, state, None))
    return tuple([BURY[c] for c in _buries(seating, state, seat, None)])  # BURYING


def refusal(seating: Seating, state: State, seat: int, action: Any) -> IllegalMove:
    """Why the player to act may not take ``action`` now (it is not among the legal actions): the first
    rule that rules it out, asked of the same judges that make the legal actions."""
    t = type(action)
    if t not in DUE:
        raise InputError(
            _("{action} is not a Rowdy Partners action; use parse_action('play Ha5') and the like").format(
                action=excerpt(action)
            )
        )
    try:
        if t is Tag:  # a Tag names what forbids it before the window (X05, X06, X07)
            _may_tag(seating, state, seat, action)
        _due(seating, state, seat, action)
        if t is Play:
            _plays(seating, state, seat, action)
        elif t is Bury:
            _buries(seating, state, seat, action)
        elif t is ChooseWrestler:
            _choices(seating, state, action)
        elif t in ATTACHMENTS:
            _attachments(seating, state, seat, action)
    except RowdyIllegalMove as refused:
        return refused
    # every rule allows it, yet it was not offered: an action built by hand with a value no text
    # spells (``Name(7)``, ``Coin(2)``), which is no action of the game
    raise InputError(
        _("{action} is not a Rowdy Partners action; use parse_action('play Ha5') and the like").format(
            action=excerpt(action)
        )
    )


# ---------------------------------------------------------------------------
# Refusals of a player who may not act now (RP-4.5, RP-6)


def over_refusal(seating: Seating, st: State, action: Any, player: Any) -> IllegalMove:
    """Refuse any action once the game is over, citing how it ended: the pin (RP-6.1) or the cap (RP-6.3)."""
    r = st.score.result
    if r is not None and r.reason == "cap":
        if r.winner < 0:
            text = _("The game is over: the round cap of {cap} rounds was reached (a draw); no more actions")
        else:
            text = _("The game is over: the round cap of {cap} rounds was reached (side {side} won); no more actions")
        return IllegalMove(
            text.format(cap=seating.round_cap, side=seating.side_names[r.winner] if r.winner >= 0 else ""),
            rule="RP-6.3",
            player=player,
            action=action,
        )
    if r is not None:
        text = _("The game is over: {pinned} was pinned and side {side} won; no more actions").format(
            pinned=seating.labels[r.pinned], side=seating.side_names[r.winner]
        )
    else:
        text = _("The game is over: a wrestler was pinned; no more actions")
    return IllegalMove(text, rule="RP-6.1", player=player, action=action)


def turn_refusal(seating: Seating, st: State, action: Any, p: int) -> IllegalMove:
    """Refuse an action of a player who is not to decide now, with the most telling X-code."""
    t = type(action)
    if t is Tag:
        try:
            _may_tag(seating, st, p, action)
        except RowdyIllegalMove as refused:
            return refused
    if t in ATTACHMENTS:
        return illegal(
            "X06",
            _("{player} may attach tokens, cheats or a signature move only on his own play; now {decision}").format(
                player=seating.labels[p], decision=_who(seating, st)
            ),
            "RP-4.7",
            p,
            action,
        )
    return illegal(
        "X01",
        _("it is not {player}'s turn: {decision}").format(player=seating.labels[p], decision=_who(seating, st)),
        TURN_RULE[st.phase],
        p,
        action,
    )


def _who(seating: Seating, st: State) -> str:
    """Who must decide what now, for refusals: a whole clause in the language in use."""
    ph = st.phase
    player = seating.labels[st.actor]
    if ph == TAGGING:
        return _("{player} must decide whether to tag: {tag} or {stay}").format(
            player=player, tag=quoted("tag"), stay=quoted("pass")
        )
    if ph == NAMING:
        return _("{player} must name the led suit for the wildcard setter: {suits}, as in {example}").format(
            player=player, suits=suits(), example=quoted("name", "Gr")
        )
    if ph == BURYING:
        return _("{player} must bury a hand card after the BURN_SWAP, as in {example}").format(
            player=player, example=quoted("bury", "Ha5")
        )
    if ph == CHOOSING:
        return _("{player} must choose a wrestler (wrestler <id>)").format(player=player)
    return _("{player} must play a card, as in {example}, attaching tokens first if he likes").format(
        player=player, example=quoted("play", "Ha5")
    )


# ---------------------------------------------------------------------------
# The decision due (RP-4.10): the phase says which kinds of action the player to act may take

DUE: Final = {
    Play: PLAYING,
    Coin: PLAYING,
    DamageToken: PLAYING,
    UseCheat: PLAYING,
    UseSignature: PLAYING,
    Tag: TAGGING,
    Pass: TAGGING,
    Name: NAMING,
    Bury: BURYING,
    ChooseWrestler: CHOOSING,
}


def _due(seating: Seating, st: State, p: int, action: Any) -> None:
    """Refuse a decision that is not the one due now (X10, X01, X06)."""
    t = type(action)
    if DUE[t] == st.phase:
        return
    who = _who(seating, st)
    if st.phase == NAMING:
        raise illegal("X10", _("a suit must be named first: {decision}").format(decision=who), "RP-4.9", p, action)
    if st.phase == CHOOSING:
        raise illegal("X01", _("the wrestlers are chosen first: {decision}").format(decision=who), "RP-3.2", p, action)
    if t in ATTACHMENTS:
        raise illegal(
            "X06",
            _("attachments are declared on one's own play only; now {decision}").format(decision=who),
            "RP-4.7",
            p,
            action,
        )
    raise illegal(
        "X01",
        _("that is not the decision now: {decision}").format(decision=who),
        _DECISION_RULE[st.phase],
        p,
        action,
    )


# ---------------------------------------------------------------------------
# RP-3.2, DP-1 the choice of wrestlers


def _choices(seating: Seating, st: State, refused: Any) -> tuple[str, ...]:
    """The wrestlers of the roster nobody has chosen yet (X05 for any other)."""
    free = tuple([w for w in seating.roster if w not in st.seats.wrestlers])
    if refused is not None and refused.wrestler not in free:
        raise illegal(
            "X05",
            _("{wrestler} is not free to choose; the free wrestlers are {free}").format(
                wrestler=refused.wrestler, free=", ".join(free)
            ),
            "RP-3.2",
            st.actor,
            refused,
        )
    return free


# ---------------------------------------------------------------------------
# RP-4.4 the tag window


def _may_tag(seating: Seating, st: State, p: int, refused: Any) -> bool:
    """May ``p`` spend a Tag now?  Given a refused Tag, raise why not (X05, X06, X07, X01)."""
    if seating.headliner[p]:
        if refused is None:
            return False
        raise illegal(
            "X07",
            _("{player} is a headliner and has no partner to tag").format(player=seating.labels[p]),
            "RP-4.4",
            p,
            refused,
        )
    trick = st.trick
    if st.phase == TAGGING:
        ring = seating.ring_and_order(st.seats.at_seat, st.seats.leader)[0]
    elif st.phase == PLAYING and st.turn == 0 and not st.row and st.pending == NO_PENDING:
        ring = trick.ring  # the window is closed, but no card of the trick is played yet
    else:
        if refused is None:
            return False
        raise illegal(
            "X06", _("a Tag is spent only in the tag window before the first card of a trick"), "RP-4.4", p, refused
        )
    side = seating.side_of[p]
    if p != ring[side]:
        if refused is None:
            return False
        raise illegal(
            "X07",
            _("{player} is on the apron; only the in-ring wrestler {ring} may tag for his team").format(
                player=seating.labels[p], ring=seating.labels[ring[side]]
            ),
            "RP-4.4",
            p,
            refused,
        )
    if st.tokens.tags[p] <= 0:  # RP-4.4.1: the in-ring wrestler spends a Tag token he holds
        if refused is None:
            return False
        raise illegal(
            "X05",
            _(
                "{player} holds no Tag token; a team's in-ring wrestler may tag only "
                "with a Tag token of his own (one is won at {field} on the pop track)"
            ).format(player=seating.labels[p], field=_TAG_FIELD),
            "RP-4.4",
            p,
            refused,
        )
    # RP-4.4.3 at most one Tag per side per window (the side asked now has not tagged yet)
    if (p != st.actor or st.phase != TAGGING) and _tagged_in_window(seating, st, side):
        if refused is None:
            return False
        raise illegal(
            "X07",
            _("side {side} already tagged in this tag window; a side tags at most once per window").format(
                side=seating.side_names[side]
            ),
            "RP-4.4",
            p,
            refused,
        )
    if st.phase != TAGGING:
        if refused is None:
            return False
        raise illegal(
            "X06",
            _(
                "the tag window of this trick is over; a Tag is spent only in the tag window "
                "before the first card of a trick"
            ),
            "RP-4.4",
            p,
            refused,
        )
    leader_side = seating.side_of[st.seats.at_seat[st.seats.leader]]
    asked = leader_side if trick.window == 0 else 1 - leader_side
    if side != asked:
        if refused is None:
            return False
        if trick.window == 1:
            raise illegal(
                "X07",
                _(
                    "side {side} passed in this tag window, which asks the leader's "
                    "side first and then the other side; now {decision}"
                ).format(side=seating.side_names[side], decision=_who(seating, st)),
                "RP-4.4",
                p,
                refused,
            )
        raise illegal(
            "X01",
            _("the leader's side decides first in the tag window: {decision}").format(decision=_who(seating, st)),
            "RP-4.4",
            p,
            refused,
        )
    return True


def _tagged_in_window(seating: Seating, st: State, side: int) -> bool:
    """Whether a member of ``side`` spent a Tag in the tag window of the current trick (RP-4.4.3)."""
    for q, a in history(st)[::-1]:  # the latest decisions first
        if type(a) is Tag:
            if q is not None and seating.side_of[q] == side:
                return True
        elif type(a) is not Pass:
            return False
    return False


# ---------------------------------------------------------------------------
# RP-4.5, RP-4.6, RP-4.14 a play


def first_source(seating: Seating, st: State, p: int) -> int:
    """RP-4.5: when ``p`` makes a headliner's second play, the source of his first (0 hand, 1 diamond); else -1.

    His two plays follow each other, so his first card is the row's card of the turn before.
    """
    turn = st.turn
    if turn > 0 and st.trick.order[turn - 1] == p:
        return st.row[turn - 1].source
    return -1


def _plays(seating: Seating, st: State, p: int, refused: Any) -> tuple[int, ...]:
    """The cards ``p`` may play now, hand cards first (X02, X04, X13, X03, X11 for any other)."""
    hand = st.hands[p]
    headliner = seating.headliner[p]
    diamond = st.deal.diamonds[p] if headliner else ()
    from_hand, from_diamond = hand, diamond
    in_hand = True  # a refused card's source
    if refused is not None:  # X02 (RP-4.6): a card of his hand, or of a headliner's diamond (RP-4.5)
        c = refused.card
        in_hand = c in hand
        if in_hand:
            from_hand, from_diamond = (c,), ()
        elif c in diamond:
            from_hand, from_diamond = (), (c,)
        elif headliner:
            raise illegal(
                "X02",
                _("{card} is neither in {player}'s hand nor in his diamond; he may play {cards}").format(
                    card=code(c), player=seating.labels[p], cards=_may_play(seating, st, p)
                ),
                "RP-4.6",
                p,
                refused,
            )
        else:
            raise illegal(
                "X02",
                _("{card} is not in {player}'s hand; he may play {cards}").format(
                    card=code(c), player=seating.labels[p], cards=_may_play(seating, st, p)
                ),
                "RP-4.6",
                p,
                refused,
            )
    if headliner:
        first = first_source(seating, st, p)  # X04 (RP-4.5): his second play comes from the other source
        if first == 0:
            from_hand = ()
        elif first == 1:
            from_diamond = ()
        if refused is not None and not (from_hand or from_diamond):
            if first == 0:
                text = _(
                    "{player}'s first play of this trick came from his hand; "
                    "the second must come from his diamond: he may play {cards}"
                )
            else:
                text = _(
                    "{player}'s first play of this trick came from his diamond; "
                    "the second must come from his hand: he may play {cards}"
                )
            raise illegal(
                "X04", text.format(player=seating.labels[p], cards=_may_play(seating, st, p)), "RP-4.5", p, refused
            )
        if st.pending.swapped:  # X13 (RP-4.14): after a BURN_SWAP the card comes from his hand
            from_diamond = ()
            if refused is not None and not from_hand:
                raise illegal(
                    "X13",
                    _("after a BURN_SWAP {player}'s card must come from his hand: he may play {cards}").format(
                        player=seating.labels[p], cards=_may_play(seating, st, p)
                    ),
                    "RP-4.14",
                    p,
                    refused,
                )
    led = st.suit  # X03 (RP-4.6): an off-suit card only when its source holds no card of the led suit
    if from_hand:
        follow = legal_cards(hand, led)
        from_hand = follow if from_hand is hand else tuple([c for c in from_hand if c in follow])
    if from_diamond:
        follow = legal_cards(diamond, led)
        from_diamond = follow if from_diamond is diamond else tuple([c for c in from_diamond if c in follow])
    if refused is not None and not (from_hand or from_diamond):
        source = hand if in_hand else diamond
        held = " ".join(code(x) for x in source if SUIT_T[x] == led)
        wild = " ".join(code(x) for x in source if SUIT_T[x] < 0)
        where = (1 if in_hand else 2) if headliner else 0  # a headliner's source, named
        raise illegal(
            "X03",
            _(_MUST_FOLLOW[where][bool(wild)]).format(
                suit=suit_name(led), player=seating.labels[p], held=held, wildcards=wild
            ),
            "RP-4.6",
            p,
            refused,
        )
    cards = from_hand + from_diamond if from_diamond else from_hand
    if st.pending.suit >= 0:  # X11 (RP-2.6): the SUIT attached may not go on a wildcard
        cards = tuple([c for c in cards if SUIT_T[c] >= 0])
        if refused is not None and not cards:
            raise illegal(
                "X11",
                _(
                    "a SUIT effect is attached to {player}'s coming card, and it may not go "
                    "on a wildcard; he may play {cards}"
                ).format(player=seating.labels[p], cards=_may_play(seating, st, p)),
                "RP-2.6",
                p,
                refused,
            )
    return cards


def _may_play(seating: Seating, st: State, p: int) -> str:
    """The cards ``p`` may play now, as a refusal lists them (RP-4.6)."""
    return " ".join(code(c) for c in _plays(seating, st, p, None)) or _("no card")


# ---------------------------------------------------------------------------
# RP-2.6 the bury after a BURN_SWAP


def _buries(seating: Seating, st: State, p: int, refused: Any) -> tuple[int, ...]:
    """The hand cards ``p`` may bury (X02, X11 for any other)."""
    hand = st.hands[p]
    cards = hand
    if refused is not None:
        c = refused.card
        if c not in hand:  # X02: a hand card
            raise illegal(
                "X02",
                _("{card} is not in {player}'s hand; he buries one of his hand cards: {allowed}").format(
                    card=code(c), player=seating.labels[p], allowed=_may_bury(seating, st, p)
                ),
                "RP-2.6",
                p,
                refused,
            )
        cards = (c,)
    if st.pending.suit >= 0:  # X11: with a SUIT pending, the bury must leave a suited card to play
        cards = tuple([c for c in cards if SUIT_T[c] < 0 or any(SUIT_T[x] >= 0 for x in hand if x != c)])
        if refused is not None and not cards:
            raise illegal(
                "X11",
                _(
                    "burying {card} leaves {player} only wildcards, and the SUIT he "
                    "attached may not go on a wildcard; he buries one of: {allowed}"
                ).format(card=code(refused.card), player=seating.labels[p], allowed=_may_bury(seating, st, p)),
                "RP-2.6",
                p,
                refused,
            )
    return cards


def _may_bury(seating: Seating, st: State, p: int) -> str:
    """The cards ``p`` may bury now, as a refusal lists them."""
    return " ".join(code(c) for c in _buries(seating, st, p, None))


# ---------------------------------------------------------------------------
# RP-4.7, RP-4.13, RP-2.6 attachments


def _attachments(seating: Seating, st: State, p: int, refused: Any) -> list[Action]:
    """The attachments ``p`` may declare before his card, offered ahead of the plays (X05, X08, X09 and the
    effects' codes for any other), in a fresh list."""
    tokens = st.tokens
    t = type(refused)
    acts: list[Action] = []
    if refused is None or t is Coin:  # X05: a token he holds
        if tokens.coins[p]:
            acts += (COIN_UP, COIN_DOWN)
        elif refused is not None:
            raise illegal("X05", _("{player} holds no Coin").format(player=seating.labels[p]), "RP-4.7", p, refused)
    if refused is None or t is DamageToken:
        if tokens.damage[p]:
            acts.append(DAMAGE)
        elif refused is not None:
            raise illegal(
                "X05", _("{player} holds no Damage token").format(player=seating.labels[p]), "RP-4.7", p, refused
            )
    if refused is None or t is UseCheat:  # X05: a cheat he holds, each offered once
        held = _each_once(tokens.cheats[p])
        if refused is not None:
            if refused.cheat not in held:
                raise illegal(
                    "X05",
                    _("{player} holds no cheat {cheat}; his cheats: {held}").format(
                        player=seating.labels[p], cheat=refused.cheat, held=" ".join(sorted(held)) or _("none")
                    ),
                    "RP-4.7",
                    p,
                    refused,
                )
            held = (refused.cheat,)
        for cid in held:
            acts += _ways(seating, st, p, data.CHEATS[cid].effect, CHEAT_OFFERS[cid], CHEAT_ACTIONS, cid, refused)
    if refused is None or t is UseSignature:
        wid = st.seats.wrestlers[p]
        side = seating.side_of[p]
        if refused is not None and refused.wrestler != wid:  # X05: his own wrestler's move
            raise illegal(
                "X05",
                _(
                    "{player}'s wrestler is {wrestler} ({name}), not {other}: sig {wrestler} is his signature move"
                ).format(player=seating.labels[p], wrestler=wid, name=data.WRESTLERS[wid].name, other=refused.wrestler),
                "RP-4.13",
                p,
                refused,
            )
        if not tokens.unlocked[side]:  # X08: the side's pop track has reached 10 (RP-4.13)
            if refused is not None:
                raise illegal(
                    "X08",
                    _(
                        "side {side}'s pop track (now {pop}) has not reached {field} yet; signature moves unlock there"
                    ).format(side=seating.side_names[side], pop=tokens.pop[side], field=_UNLOCK_FIELD),
                    "RP-4.13",
                    p,
                    refused,
                )
        elif st.deal.sig_used[p]:  # X09: once per round
            if refused is not None:
                raise illegal(
                    "X09",
                    _("{player} has used his signature move this round").format(player=seating.labels[p]),
                    "RP-4.13",
                    p,
                    refused,
                )
        else:
            acts += _ways(
                seating, st, p, data.WRESTLERS[wid].effect, SIGNATURE_OFFERS[wid], SIGNATURE_ACTIONS, wid, refused
            )
    return acts


def _ways(
    seating: Seating,
    st: State,
    p: int,
    eff: data.Effect,
    offers: tuple[Any, ...],
    actions: dict[tuple[str, str], Any],
    ident: str,
    refused: Any,
) -> Sequence[Action]:
    """RP-2.6: of the ways to attach the cheat or signature move ``ident`` (``offers``: one for each argument
    its effect takes, actions.py), those ``p`` may use now.  A refused one is checked for its argument first."""
    kind = eff.kind
    if refused is not None and kind != "CANCEL" and refused not in offers:
        raise _argument_refusal(seating, p, eff, refused)
    if kind in FIXED_KINDS:
        return offers
    if kind == "SUIT":  # X11: not on a wildcard, so a suited card must be left to play
        if _suit_possible(seating, st, p):
            return offers
        if refused is not None:
            raise illegal(
                "X11", _("only wildcards are left to play and SUIT may not go on a wildcard"), "RP-2.6", p, refused
            )
        return ()
    if kind == "BURN_SWAP":
        return offers if _may_swap(seating, st, p, refused) else ()
    if kind == "PEEK":  # X12: the partner's hand, or a headliner's choice of opponent (RP-4.14.5)
        targets = _peek_targets(seating, p)
        if refused is not None:
            if refused.arg not in targets:
                raise _peek_refusal(seating, p, refused)
            return (refused,)
        return [a for a in offers if a.arg in targets]
    # CANCEL (X12): an opponent, and a token kind he holds
    if refused is not None:
        q, token = _cancel_target(seating, p, refused)
        _may_target(seating, p, q, refused)
        _may_cancel(seating, st, p, q, token, refused)
        return (refused,)
    return [
        actions[ident, texts[token]]
        for q, texts in enumerate(CANCEL_TEXTS)
        if _may_target(seating, p, q, None)
        for token in data.TOKEN_KINDS
        if _may_cancel(seating, st, p, q, token, None)
    ]


def _argument_refusal(seating: Seating, p: int, eff: data.Effect, action: Any) -> IllegalMove:
    """Why ``action`` is written with an argument its effect does not take (RP-2.6, RP-2.8; X05, X10, X12)."""
    kind, amount = eff.kind, eff.amount
    if kind == "VAL" and isinstance(amount, tuple):
        return illegal(
            "X05",
            _("choose the amount: {amounts}").format(amounts=either([f"{a:+d}" for a in amount])),
            "RP-2.8",
            p,
            action,
        )
    if kind == "SUIT":
        verb = str(action).split(" ")[:2]
        return illegal(
            "X10",
            _("SUIT needs a suit: {suits}, as in {example}").format(suits=suits(), example=quoted(*verb, "Gr")),
            "RP-2.6",
            p,
            action,
        )
    if kind == "PEEK":
        return _peek_refusal(seating, p, action)
    return illegal("X05", _("{action} takes no argument").format(action=action), "RP-2.6", p, action)


def _suit_possible(seating: Seating, st: State, p: int) -> bool:
    """A SUIT attachment leaves a non-wild card to play (else it would be X11).

    The cards ``p`` may play hold a suited card whenever the sources open to him do: a card of
    the led suit is suited, and without one every card of the source may be played."""
    return any(SUIT_T[c] >= 0 for c in _plays(seating, st, p, None))


def _may_swap(seating: Seating, st: State, p: int, refused: Any) -> bool:
    """May ``p`` attach a BURN_SWAP now?  Given a refused one, raise why not (RP-2.6, RP-4.14; X13, X11, X05)."""
    if seating.headliner[p] and first_source(seating, st, p) == 0:
        if refused is None:
            return False
        raise illegal(
            "X13",
            _("BURN_SWAP works only with the hand play; {player}'s play now comes from his diamond").format(
                player=seating.labels[p]
            ),
            "RP-4.14",
            p,
            refused,
        )
    if st.pending.suit >= 0 and not any(SUIT_T[c] >= 0 for c in st.hands[p]):
        if refused is None:
            return False
        raise illegal("X11", _("after the swap only wildcards could carry the SUIT"), "RP-2.6", p, refused)
    if not st.deal.burn:
        if refused is None:
            return False
        raise illegal("X05", _("the burn pile is empty"), "RP-2.6", p, refused)
    return True


def _peek_targets(seating: Seating, p: int) -> tuple[str, ...]:
    """The targets ``p``'s PEEK may name (RP-2.6, RP-4.14.5): a team member's shows his partner's hand and names
    nobody; a headliner's names an opponent by his number (the canonical text only)."""
    if seating.headliner[p]:
        return tuple([SEAT_TEXTS[q] for q in seating.opponents[p]])
    return ("",)


def _peek_refusal(seating: Seating, p: int, action: Any) -> IllegalMove:
    """Why ``action`` names the wrong target for a PEEK (X12)."""
    if seating.headliner[p]:
        return illegal(
            "X12",
            _("name the opponent to peek at: {players}").format(players=_numbers(seating, seating.opponents[p])),
            "RP-2.6",
            p,
            action,
        )
    return illegal("X12", _("PEEK shows the partner's hand; it takes no target"), "RP-2.6", p, action)


def _cancel_target(seating: Seating, p: int, action: Any) -> tuple[int, str]:
    """The player number and token kind a CANCEL names (X12 if its argument is not of that form)."""
    parts = action.arg.split(" ")
    q = _number(parts[0])
    if len(parts) != 2 or q is None or parts[0] != str(q):  # the canonical text only ("1 coin", not "+1 coin")
        raise illegal(
            "X12",
            _("CANCEL names an opponent and a token kind, such as {example}").format(
                example=quote(f"{seating.opponents[p][0]} coin")
            ),
            "RP-2.6",
            p,
            action,
        )
    return q, parts[1]


def _may_target(seating: Seating, p: int, q: int, refused: Any) -> bool:
    """May ``p``'s CANCEL name player ``q``, an opponent?  Given a refused one, raise why not (X12)."""
    if q in seating.opponents[p]:
        return True
    if refused is None:
        return False
    targets = _numbers(seating, seating.opponents[p])
    if 0 <= q < seating.players:
        text = _("{label} is not an opponent of {player}; CANCEL targets {targets}").format(
            label=seating.labels[q], player=seating.labels[p], targets=targets
        )
    else:
        text = _("{number} is not a player number; CANCEL targets {targets}").format(number=q, targets=targets)
    raise illegal("X12", text, "RP-2.6", p, refused)


def _may_cancel(seating: Seating, st: State, p: int, q: int, kind: str, refused: Any) -> bool:
    """May ``p``'s CANCEL make opponent ``q`` discard a token of ``kind``?  Given a refused one, raise why not
    (X12)."""
    if kind not in data.TOKEN_KINDS:
        if refused is None:
            return False
        raise illegal(
            "X12",
            _("{kind} is not a token kind; CANCEL names coin, damage, tag or cheat").format(kind=excerpt(kind)),
            "RP-2.6",
            p,
            refused,
        )
    if not holds(st, q, kind):
        if refused is None:
            return False
        kinds = [k for k in data.TOKEN_KINDS if holds(st, q, k)]  # the action texts' token kinds
        held = ", ".join(kinds) if kinds else _("nothing to cancel")
        raise illegal("X12", _(_HOLDS_NO[kind]).format(target=seating.labels[q], held=held), "RP-2.6", p, refused)
    return True


def holds(st: State, q: int, kind: str) -> bool:
    """Does ``q`` hold a token (or cheat) of ``kind``, so that a CANCEL may name it?"""
    tokens = st.tokens
    if kind == "coin":
        return tokens.coins[q] > 0
    if kind == "damage":
        return tokens.damage[q] > 0
    if kind == "tag":
        return tokens.tags[q] > 0
    return len(tokens.cheats[q]) > 0


def _numbers(seating: Seating, players: tuple[int, ...]) -> str:
    """Player numbers as actions write them, with their labels: ``1 (B1) or 3 (B2)``."""
    return either([f"{q} ({seating.labels[q]})" for q in players])
