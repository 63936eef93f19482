"""Rowdy Partners: what the player to act may do, and why anything else is refused (RP-4.16).

Every refusal raises :class:`RowdyIllegalMove` with the spec's illegal-action code (X01-X13)
and the clause it enforces.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ..core.errors import IllegalMove, InputError
from ..core.game import Action, history
from ..core.i18n import N_
from ..core.inputs import excerpt
from . import data
from .actions import (
    AMOUNT_TEXTS,
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
)
from .cards import CATALOG, SUIT_INDEX, SUIT_T, code, suit_name
from .state import BURYING, CHOOSING, NAMING, NO_PENDING, PLAYING, TAGGING, Seating, State, legal_cards

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
    """An IllegalMove that also carries the spec's illegal-action code (``.code == "X03"``)."""

    def __init__(self, code: str, message: str, *, rule: str, player: Any = None, action: Any = None) -> None:
        super().__init__(f"{code} {X_NAMES[code]}: {message}", rule=rule, player=player, action=action, code=code)


def illegal(code: str, message: str, rule: str, player: Any = None, action: Any = None) -> RowdyIllegalMove:
    """A refusal with its X-code and clause (the X-code and its name stay the same in every language)."""
    return RowdyIllegalMove(code, message, rule=rule, player=player, action=action)


def either(choices: list[str]) -> str:
    """Choices as a sentence offers them: ``+1 or -1``, ``1 (B1) or 3 (B2)``, in the language in use."""
    text = choices[0] if choices else ""
    for choice in choices[1:]:
        text = _("{first} or {second}").format(first=text, second=choice)
    return text


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
# What the player to act may do


def legal(seating: Seating, state: State, seat: int) -> tuple[Action, ...]:
    """What the player to act may do: the one source of legality (apply admits nothing else)."""
    phase = state.phase
    if phase == PLAYING:  # RP-4.7 the attachments first, then the cards (RP-4.6)
        plays = tuple([PLAY[c] for c in playable(seating, state, seat)])
        tokens = state.tokens
        if tokens.coins[seat] or tokens.damage[seat] or tokens.cheats[seat] or tokens.unlocked[seating.side_of[seat]]:
            return _attachments(seating, state, seat) + plays
        return plays
    if phase == TAGGING:
        return TAG_ACTIONS
    if phase == NAMING:
        return NAME
    if phase == CHOOSING:
        return tuple(ChooseWrestler(w) for w in seating.roster if w not in state.seats.wrestlers)
    hand = state.hands[seat]  # BURYING
    return tuple([BURY[c] for c in hand if _bury_keeps_suit_play(seating, state, hand, c)])


def sources(seating: Seating, st: State, p: int) -> tuple[tuple[int, ...], ...]:
    """The card sources open to ``p``'s current play (RP-4.5, RP-4.14)."""
    if not seating.headliner[p]:
        return (st.hands[p],)
    first = first_source(seating, st, p)
    if first == 0:
        return (st.deal.diamonds[p],)
    if first == 1 or st.pending.swapped:
        return (st.hands[p],)
    return (st.hands[p], st.deal.diamonds[p])


def first_source(seating: Seating, st: State, p: int) -> int:
    """RP-4.5: when ``p`` makes a headliner's second play, the source of his first (0 hand, 1 diamond); else -1.

    His two plays follow each other, so his first card is the row's card of the turn before.
    """
    turn = st.turn
    if turn > 0 and st.trick.order[turn - 1] == p:
        return st.row[turn - 1].source
    return -1


def playable(seating: Seating, st: State, p: int) -> tuple[int, ...]:
    """RP-4.6: the cards ``p`` may play now, from each source open to him."""
    led = st.suit
    if not seating.headliner[p]:
        cards = legal_cards(st.hands[p], led)
    else:  # each source on its own: a headliner follows suit from the source he plays (RP-4.14)
        cards = ()
        for source in sources(seating, st, p):
            cards += legal_cards(source, led)
    if st.pending.suit >= 0:  # RP-2.6 SUIT is not allowed on a wildcard
        return tuple([c for c in cards if SUIT_T[c] >= 0])
    return cards


def _attachments(seating: Seating, st: State, p: int) -> tuple[Action, ...]:
    """The attachments ``p`` may declare before his card (RP-4.7), offered ahead of the plays."""
    tokens = st.tokens
    cheats = tokens.cheats[p]
    unlocked = tokens.unlocked[seating.side_of[p]] and not st.deal.sig_used[p]  # RP-4.13
    acts: list[Action] = []
    if tokens.coins[p]:
        acts += (COIN_UP, COIN_DOWN)
    if tokens.damage[p]:
        acts.append(DAMAGE)
    for cid in _each_once(cheats):
        acts += _effect_offers(seating, st, p, CHEAT_OFFERS[cid], CHEAT_ACTIONS, cid, data.CHEATS[cid].effect)
    if unlocked:
        wid = st.seats.wrestlers[p]
        acts += _effect_offers(
            seating, st, p, SIGNATURE_OFFERS[wid], SIGNATURE_ACTIONS, wid, data.WRESTLERS[wid].effect
        )
    return tuple(acts)


def _effect_offers(
    seating: Seating,
    st: State,
    p: int,
    offers: tuple[Action, ...],
    actions: dict[tuple[str, str], Any],
    ident: str,
    eff: data.Effect,
) -> Sequence[Action]:
    """The ways ``p`` may attach cheat or signature move ``ident`` now (RP-2.6), of all its ``offers``."""
    kind = eff.kind
    if kind in FIXED_KINDS:
        return offers
    if kind == "SUIT":  # not on a wildcard: a suited card must be left to play
        return offers if _suit_possible(seating, st, p) else ()
    if kind == "BURN_SWAP":
        return offers if _swap_refusal(seating, st, p, None) is None else ()
    if kind == "PEEK":  # the partner's hand, or a headliner's choice of opponent (RP-4.14.5)
        if seating.headliner[p]:
            return [actions[ident, SEAT_TEXTS[q]] for q in seating.opponents[p]]
        return [actions[ident, ""]]
    # CANCEL: an opponent and a token kind he holds
    return [
        actions[ident, CANCEL_TEXTS[q][name]]
        for q in seating.opponents[p]
        for name in data.TOKEN_KINDS
        if holds(st, q, name)
    ]


def _suit_possible(seating: Seating, st: State, p: int) -> bool:
    """A SUIT attachment leaves a non-wild card to play (else it would be X11)."""
    return any(SUIT_T[c] >= 0 for source in sources(seating, st, p) for c in source)


def _bury_keeps_suit_play(seating: Seating, st: State, hand: tuple[int, ...], c: int) -> bool:
    """RP-2.6: with a SUIT pending, the bury must leave a suited card to play."""
    if st.pending.suit < 0 or SUIT_T[c] < 0:
        return True
    return any(SUIT_T[x] >= 0 for x in hand if x != c)


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


# ---------------------------------------------------------------------------
# Refusals (RP-4.16)


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
        refusal = _tag_refusal(seating, st, action, p)
        if refusal is not None:
            return refusal
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


def refusal(seating: Seating, state: State, seat: int, action: Any) -> IllegalMove:
    """Why the player to act may not take ``action`` now (it is not among the legal actions)."""
    t = type(action)
    why: IllegalMove | None = None
    if t is Tag or t is Pass:
        why = _tag_refusal(seating, state, action, seat) if t is Tag else None
    elif t not in (Play, Name, Bury, ChooseWrestler) and t not in ATTACHMENTS:
        raise InputError(
            _("{action} is not a Rowdy Partners action; use parse_action('play Ha5') and the like").format(
                action=excerpt(action)
            )
        )
    if why is None:
        why = _phase_refusal(seating, state, action, seat)
    if why is None:
        if t is Play:
            why = _play_refusal(seating, state, action, seat)
        elif t is Bury:
            why = _bury_refusal(seating, state, action, seat)
        elif t is ChooseWrestler:
            free = [x for x in seating.roster if x not in state.seats.wrestlers]
            why = illegal(
                "X05",
                _("{wrestler} is not free to choose; the free wrestlers are {free}").format(
                    wrestler=action.wrestler, free=", ".join(free)
                ),
                "RP-3.2",
                seat,
                action,
            )
        elif t in ATTACHMENTS:
            why = _attach_refusal(seating, state, action, seat)
    if why is None:  # pragma: no cover - every action that is not offered has a reason above
        why = illegal(
            "X01",
            _("that is not the decision now: {decision}").format(decision=_who(seating, state)),
            _DECISION_RULE[state.phase],
            seat,
            action,
        )
    return why


def _who(seating: Seating, st: State) -> str:
    """Who must decide what now, for refusals: a whole clause in the language in use."""
    ph = st.phase
    if ph == TAGGING:
        text = _("{player} must decide whether to tag (tag or pass)")
    elif ph == NAMING:
        text = _("{player} must name the led suit for the wildcard setter (name Ha, Ho, St or Gr)")
    elif ph == BURYING:
        text = _("{player} must bury a hand card after the BURN_SWAP (bury <card>)")
    elif ph == CHOOSING:
        text = _("{player} must choose a wrestler (wrestler <id>)")
    else:
        text = _("{player} must play a card (play <card>), attaching tokens first if he likes")
    return text.format(player=seating.labels[st.actor])


def _phase_refusal(seating: Seating, st: State, action: Any, p: int) -> IllegalMove | None:
    """The refusal of a decision that is not the one due now (X10, X01, X06), or None if it is due."""
    t = type(action)
    due = {Play: PLAYING, Name: NAMING, Bury: BURYING, ChooseWrestler: CHOOSING, Tag: TAGGING, Pass: TAGGING}
    if due.get(t, PLAYING) == st.phase:
        return None
    who = _who(seating, st)
    if st.phase == NAMING:
        return illegal("X10", _("a suit must be named first: {decision}").format(decision=who), "RP-4.9", p, action)
    if st.phase == CHOOSING:
        return illegal("X01", _("the wrestlers are chosen first: {decision}").format(decision=who), "RP-3.2", p, action)
    if t in ATTACHMENTS:
        return illegal(
            "X06",
            _("attachments are declared on one's own play only; now {decision}").format(decision=who),
            "RP-4.7",
            p,
            action,
        )
    return illegal(
        "X01",
        _("that is not the decision now: {decision}").format(decision=who),
        _DECISION_RULE[st.phase],
        p,
        action,
    )


# RP-4.4 the tag window
def _tag_refusal(seating: Seating, st: State, action: Any, p: int) -> IllegalMove | None:
    """Why ``p`` may not tag now (X05, X06, X07, X01), or None if he may."""
    if seating.headliner[p]:
        return illegal(
            "X07",
            _("{player} is a headliner and has no partner to tag").format(player=seating.labels[p]),
            "RP-4.4",
            p,
            action,
        )
    trick = st.trick
    if st.phase == TAGGING:
        ring = seating.ring_and_order(st.seats.at_seat, st.seats.leader)[0]
    elif st.phase == PLAYING and st.turn == 0 and not st.row and st.pending == NO_PENDING:
        ring = trick.ring  # the window is closed, but no card of the trick is played yet
    else:
        return illegal(
            "X06", _("a Tag is spent only in the tag window before the first card of a trick"), "RP-4.4", p, action
        )
    side = seating.side_of[p]
    if p != ring[side]:
        return illegal(
            "X07",
            _("{player} is on the apron; only the in-ring wrestler {ring} may tag for his team").format(
                player=seating.labels[p], ring=seating.labels[ring[side]]
            ),
            "RP-4.4",
            p,
            action,
        )
    if st.tokens.tags[p] <= 0:  # RP-4.4.1: the in-ring wrestler spends a Tag token he holds
        return illegal(
            "X05",
            _(
                "{player} holds no Tag token; a team's in-ring wrestler may tag only "
                "with a Tag token of his own (one is won at {field} on the pop track)"
            ).format(player=seating.labels[p], field=_TAG_FIELD),
            "RP-4.4",
            p,
            action,
        )
    # RP-4.4.3 at most one Tag per side per window (the side asked now has not tagged yet)
    if (p != st.actor or st.phase != TAGGING) and _tagged_in_window(seating, st, side):
        return illegal(
            "X07",
            _("side {side} already tagged in this tag window; a side tags at most once per window").format(
                side=seating.side_names[side]
            ),
            "RP-4.4",
            p,
            action,
        )
    if st.phase != TAGGING:
        return illegal(
            "X06",
            _(
                "the tag window of this trick is over; a Tag is spent only in the tag window "
                "before the first card of a trick"
            ),
            "RP-4.4",
            p,
            action,
        )
    leader_side = seating.side_of[st.seats.at_seat[st.seats.leader]]
    asked = leader_side if trick.window == 0 else 1 - leader_side
    if side != asked and trick.window == 1:
        return illegal(
            "X07",
            _(
                "side {side} passed in this tag window, which asks the leader's "
                "side first and then the other side; now {decision}"
            ).format(side=seating.side_names[side], decision=_who(seating, st)),
            "RP-4.4",
            p,
            action,
        )
    if side != asked:
        return illegal(
            "X01",
            _("the leader's side decides first in the tag window: {decision}").format(decision=_who(seating, st)),
            "RP-4.4",
            p,
            action,
        )
    return None


def _tagged_in_window(seating: Seating, st: State, side: int) -> bool:
    """Whether a member of ``side`` spent a Tag in the tag window of the current trick (RP-4.4.3)."""
    for q, a in history(st)[::-1]:  # the latest decisions first
        if type(a) is Tag:
            if q is not None and seating.side_of[q] == side:
                return True
        elif type(a) is not Pass:
            return False
    return False


def _may_play(seating: Seating, st: State, p: int) -> str:
    """The cards ``p`` may play now, as a refusal lists them (RP-4.6)."""
    return " ".join(code(c) for c in playable(seating, st, p)) or _("no card")


def _play_refusal(seating: Seating, st: State, action: Any, p: int) -> IllegalMove | None:
    """Why ``p`` may not play this card (X02, X04, X13, X03, X11)."""
    c = action.card
    hand = st.hands[p]
    if not seating.headliner[p]:
        if c not in hand:
            return illegal(
                "X02",
                _("{card} is not in {player}'s hand; he may play {cards}").format(
                    card=code(c), player=seating.labels[p], cards=_may_play(seating, st, p)
                ),
                "RP-4.6",
                p,
                action,
            )
        src, cards = 0, hand
    else:
        diamond = st.deal.diamonds[p]
        src = 0 if c in hand else 1 if c in diamond else -1
        if src < 0:
            return illegal(
                "X02",
                _("{card} is neither in {player}'s hand nor in his diamond; he may play {cards}").format(
                    card=code(c), player=seating.labels[p], cards=_may_play(seating, st, p)
                ),
                "RP-4.6",
                p,
                action,
            )
        if src == first_source(seating, st, p):
            if src == 0:
                text = _(
                    "{player}'s first play of this trick came from his hand; "
                    "the second must come from his diamond: he may play {cards}"
                )
            else:
                text = _(
                    "{player}'s first play of this trick came from his diamond; "
                    "the second must come from his hand: he may play {cards}"
                )
            return illegal(
                "X04",
                text.format(player=seating.labels[p], cards=_may_play(seating, st, p)),
                "RP-4.5",
                p,
                action,
            )
        if src == 1 and st.pending.swapped:
            return illegal(
                "X13",
                _("after a BURN_SWAP {player}'s card must come from his hand: he may play {cards}").format(
                    player=seating.labels[p], cards=_may_play(seating, st, p)
                ),
                "RP-4.14",
                p,
                action,
            )
        cards = hand if src == 0 else diamond
    led = st.suit
    if c not in legal_cards(cards, led):  # RP-4.6 an off-suit card only when the source holds no led suit
        held = " ".join(code(x) for x in cards if SUIT_T[x] == led)
        wild = " ".join(code(x) for x in cards if SUIT_T[x] < 0)
        where = (1 if src == 0 else 2) if seating.headliner[p] else 0  # a headliner's source, named
        return illegal(
            "X03",
            _(_MUST_FOLLOW[where][bool(wild)]).format(
                suit=suit_name(led), player=seating.labels[p], held=held, wildcards=wild
            ),
            "RP-4.6",
            p,
            action,
        )
    if st.pending.suit >= 0 and SUIT_T[c] < 0:
        return illegal(
            "X11",
            _(
                "a SUIT effect is attached to {player}'s coming card, and it may not go "
                "on a wildcard; he may play {cards}"
            ).format(player=seating.labels[p], cards=_may_play(seating, st, p)),
            "RP-2.6",
            p,
            action,
        )
    return None


def _bury_refusal(seating: Seating, st: State, action: Any, p: int) -> IllegalMove:
    """Why ``p`` may not bury this card (X02, X11)."""
    c = action.card
    hand = st.hands[p]
    allowed = " ".join(code(x) for x in hand if _bury_keeps_suit_play(seating, st, hand, x))
    if c not in hand:
        return illegal(
            "X02",
            _("{card} is not in {player}'s hand; he buries one of his hand cards: {allowed}").format(
                card=code(c), player=seating.labels[p], allowed=allowed
            ),
            "RP-2.6",
            p,
            action,
        )
    return illegal(
        "X11",
        _(
            "burying {card} leaves {player} only wildcards, and the SUIT he "
            "attached may not go on a wildcard; he buries one of: {allowed}"
        ).format(card=code(c), player=seating.labels[p], allowed=allowed),
        "RP-2.6",
        p,
        action,
    )


def _attach_refusal(seating: Seating, st: State, action: Any, p: int) -> IllegalMove | None:
    """Why ``p`` may not attach this token, cheat or signature move now (RP-4.7, RP-4.13, RP-2.6)."""
    t = type(action)
    tokens = st.tokens
    if t is Coin:
        if tokens.coins[p] <= 0:
            return illegal("X05", _("{player} holds no Coin").format(player=seating.labels[p]), "RP-4.7", p, action)
        return None
    if t is DamageToken:
        if tokens.damage[p] <= 0:
            return illegal(
                "X05", _("{player} holds no Damage token").format(player=seating.labels[p]), "RP-4.7", p, action
            )
        return None
    if t is UseCheat:
        if action.cheat not in tokens.cheats[p]:
            held = " ".join(sorted(tokens.cheats[p])) or _("none")
            return illegal(
                "X05",
                _("{player} holds no cheat {cheat}; his cheats: {held}").format(
                    player=seating.labels[p], cheat=action.cheat, held=held
                ),
                "RP-4.7",
                p,
                action,
            )
        return _effect_refusal(seating, st, p, data.CHEATS[action.cheat].effect, action)
    wid = st.seats.wrestlers[p]
    side = seating.side_of[p]
    if action.wrestler != wid:
        return illegal(
            "X05",
            _("{player}'s wrestler is {wrestler} ({name}), not {other}: sig {wrestler} is his signature move").format(
                player=seating.labels[p], wrestler=wid, name=data.WRESTLERS[wid].name, other=action.wrestler
            ),
            "RP-4.13",
            p,
            action,
        )
    if not tokens.unlocked[side]:
        return illegal(
            "X08",
            _("side {side}'s pop track (now {pop}) has not reached {field} yet; signature moves unlock there").format(
                side=seating.side_names[side], pop=tokens.pop[side], field=_UNLOCK_FIELD
            ),
            "RP-4.13",
            p,
            action,
        )
    if st.deal.sig_used[p]:
        return illegal(
            "X09",
            _("{player} has used his signature move this round").format(player=seating.labels[p]),
            "RP-4.13",
            p,
            action,
        )
    return _effect_refusal(seating, st, p, data.WRESTLERS[wid].effect, action)


def _effect_refusal(seating: Seating, st: State, p: int, eff: data.Effect, action: Any) -> IllegalMove | None:
    """RP-2.6: why an effect may not be attached with this argument now."""
    kind, amount, arg = eff.kind, eff.amount, action.arg
    if arg and kind in ("DMG", "DBL", "IMMUNE", "BURN_SWAP"):
        return illegal("X05", _("{action} takes no argument").format(action=action), "RP-2.6", p, action)
    if kind == "VAL":
        if isinstance(amount, tuple):
            if arg not in AMOUNT_TEXTS[amount]:  # the canonical text only
                return illegal(
                    "X05",
                    _("choose the amount: {amounts}").format(amounts=either([f"{a:+d}" for a in amount])),
                    "RP-2.8",
                    p,
                    action,
                )
        elif arg:
            return illegal("X05", _("{action} takes no argument").format(action=action), "RP-2.6", p, action)
        return None
    if kind == "SUIT":
        if arg not in SUIT_INDEX:
            verb = str(action).split(" ")[:2]
            return illegal(
                "X10",
                _("SUIT needs a suit: Ha, Ho, St or Gr, as in '{example}'").format(example=" ".join(verb) + " Gr"),
                "RP-2.6",
                p,
                action,
            )
        if not _suit_possible(seating, st, p):
            return illegal(
                "X11", _("only wildcards are left to play and SUIT may not go on a wildcard"), "RP-2.6", p, action
            )
        return None
    if kind == "CANCEL":
        return _cancel_refusal(seating, st, p, action)
    if kind == "BURN_SWAP":
        return _swap_refusal(seating, st, p, action)
    if kind == "PEEK":
        if seating.headliner[p]:
            if arg not in [str(q) for q in seating.opponents[p]]:  # the canonical text only
                return illegal(
                    "X12",
                    _("name the opponent to peek at: {players}").format(
                        players=_numbers(seating, seating.opponents[p])
                    ),
                    "RP-2.6",
                    p,
                    action,
                )
        elif arg:
            return illegal("X12", _("PEEK shows the partner's hand; it takes no target"), "RP-2.6", p, action)
    return None


def _swap_refusal(seating: Seating, st: State, p: int, action: Any) -> IllegalMove | None:
    """RP-2.6, RP-4.14: why a BURN_SWAP may not be attached now (X13, X11, X05), or None."""
    if seating.headliner[p] and first_source(seating, st, p) == 0:
        return illegal(
            "X13",
            _("BURN_SWAP works only with the hand play; {player}'s play now comes from his diamond").format(
                player=seating.labels[p]
            ),
            "RP-4.14",
            p,
            action,
        )
    if st.pending.suit >= 0 and not any(SUIT_T[c] >= 0 for c in st.hands[p]):
        return illegal("X11", _("after the swap only wildcards could carry the SUIT"), "RP-2.6", p, action)
    if not st.deal.burn:
        return illegal("X05", _("the burn pile is empty"), "RP-2.6", p, action)
    return None


def _cancel_refusal(seating: Seating, st: State, p: int, action: Any) -> IllegalMove | None:
    """RP-2.6 CANCEL: why this target and token kind may not be named (X12)."""
    parts = action.arg.split(" ")
    q = _number(parts[0])
    if len(parts) != 2 or q is None or parts[0] != str(q):  # the canonical text only ("1 coin", not "+1 coin")
        return illegal(
            "X12",
            _("CANCEL names an opponent and a token kind, such as '{example}'").format(
                example=f"{seating.opponents[p][0]} coin"
            ),
            "RP-2.6",
            p,
            action,
        )
    kind = parts[1]
    if q not in seating.opponents[p]:
        targets = _numbers(seating, seating.opponents[p])
        if 0 <= q < seating.players:
            text = _("player {number} ({label}) is not an opponent of {player}; CANCEL targets {targets}").format(
                number=q, label=seating.labels[q], player=seating.labels[p], targets=targets
            )
        else:
            text = _("{number} is not a player number; CANCEL targets {targets}").format(number=q, targets=targets)
        return illegal("X12", text, "RP-2.6", p, action)
    if kind not in data.TOKEN_KINDS:
        return illegal(
            "X12",
            _("{kind} is not a token kind; CANCEL names coin, damage, tag or cheat").format(kind=repr(kind)),
            "RP-2.6",
            p,
            action,
        )
    if not holds(st, q, kind):
        kinds = [k for k in data.TOKEN_KINDS if holds(st, q, k)]  # the action texts' token kinds
        held = ", ".join(kinds) if kinds else _("nothing to cancel")
        return illegal(
            "X12",
            _(_HOLDS_NO[kind]).format(target=seating.labels[q], held=held),
            "RP-2.6",
            p,
            action,
        )
    return None


def _numbers(seating: Seating, players: tuple[int, ...]) -> str:
    """Player numbers as actions write them, with their labels: ``1 (B1) or 3 (B2)``."""
    return either([f"{q} ({seating.labels[q]})" for q in players])
