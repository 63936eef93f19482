"""Rowdy Partners: the rules (RP-3, RP-4, RP-6) as a pure state machine.

The rules are read in this order: :mod:`.state` (the state and its records), :mod:`.actions`
(the decisions), :mod:`.legality` (what the player to act may do, and why anything else is
refused: RP-4.16), :mod:`.steps` (what a decision does).  This module is the game itself:
its options, the setup (RP-3), the action texts and what each player sees (RP-4.15).  A name is
imported from the module that defines it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from ..core.decks import check_decks
from ..core.errors import IllegalMove
from ..core.game import (
    Action,
    Game,
    Option,
    Setup,
    Trail,
    boolean,
    history,
    integer,
    masked_trail,
    view_setup,
)
from ..core.i18n import N_
from ..core.inputs import excerpt, thousands
from ..core.rng import sample, shuffle
from . import data
from .actions import (
    AMOUNT_TEXTS,
    ARG_KINDS,
    BURY,
    COIN_DOWN,
    COIN_UP,
    DAMAGE,
    HIDDEN_BURY,
    NAME,
    PASS,
    PLAY,
    TAG,
    Bury,
    ChooseWrestler,
    UseCheat,
    UseSignature,
)
from .cards import CATALOG, CODES_T, DECK, SUIT_ANY_CASE, SUITS, card, code
from .legality import TURN_RULE, illegal, legal, over_refusal, refusal, turn_refusal
from .state import CHOOSING, NAMING, NO_PENDING, PLAYING, Deal, Score, Seating, Seats, State, Tokens, Trick
from .steps import deal_round, open_window, step
from .words import examples, quoted, read, suits

_, ngettext = CATALOG.functions()


def stacked_deck(players: int = 4, hands: Any = (), diamonds: Any = (), burn: Any = ()) -> list[str]:
    """A 36-card deck in draw order (RP-4.2) that deals the given cards.

    ``hands`` lists each seat's hand (codes), ``diamonds`` each headliner's diamond in
    seat order, ``burn`` the burn pile; missing cards are filled in from the rest of the
    deck, so a test names only the cards it is about.
    """
    team, headliners = {2: (2, 2), 3: (3, 1), 4: (4, 0)}[players]

    def canonical(part: Any) -> list[str]:  # codes in any case, written as Ha5
        return [CODES_T[card(c)] for c in part]

    hand_parts = [canonical(h) for h in hands] + [[] for _n in range(team - len(hands))]
    diamond_parts = [canonical(d) for d in diamonds] + [[] for _n in range(headliners - len(diamonds))]
    burn_part = canonical(burn)
    named = [c for part in hand_parts + diamond_parts + [burn_part] for c in part]
    if len(set(named)) != len(named):
        raise ValueError(_("a card is named twice in the stacked deck"))
    rest = [c for c in CODES_T if c not in set(named)]
    out: list[str] = []
    parts = [(h, data.HAND_SIZE) for h in hand_parts] + [(d, data.DIAMOND_SIZE) for d in diamond_parts]
    for part, size in parts + [(burn_part, data.BURN_SIZE)]:
        if len(part) > size:
            raise ValueError(_("{cards} has more than {size} cards").format(cards=part, size=size))
        out += part + [rest.pop(0) for _n in range(size - len(part))]
    return out


# Options


# the refusals of an option that lists ids, by the kind of id (shown translated)
_ID_ERRORS: Final = {
    "wrestler": (
        N_("give a list of wrestler ids such as {examples}"),
        N_("unknown wrestler {ids}; known: {known}"),
        N_("each wrestler may appear only once"),
    ),
    "cheat": (
        N_("give a list of cheat ids such as {examples}"),
        N_("unknown cheat {ids}; known: {known}"),
        N_("each cheat may appear only once"),
    ),
}


MAX_IDS: Final = 100  # a roster or cheat pool longer than this is no game anyone plays (and is read at once)


def _ids(catalog: dict[str, Any], what: str, unique: bool) -> Callable[[Any], Any]:
    """Option check: a list of ids of ``catalog`` (each once when ``unique``); ``what`` is wrestler or cheat."""
    not_a_list, unknown, twice = _ID_ERRORS[what]

    def check(value: Any) -> Any:
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):  # an iterator may never end
            raise ValueError(_(not_a_list).format(examples=list(catalog)[:3]))
        if len(value) > MAX_IDS:
            raise ValueError(_("at most {limit} ids; got {count}").format(limit=MAX_IDS, count=thousands(len(value))))
        ids = tuple(value)
        bad = [i for i in ids if i not in catalog]
        if bad:
            raise ValueError(_(unknown).format(ids=bad, known=", ".join(catalog)))
        if unique and len(set(ids)) != len(ids):
            raise ValueError(_(twice))
        return ids

    return check


def _assignment(value: Any) -> Any:
    """Option check for ``wrestlers``: None, or one wrestler id per seat."""
    return None if value is None else _ids(data.WRESTLERS, "wrestler", True)(value)


# Each option's meaning is marked for translation: the command line's help shows it in the language in use.


OPTIONS: Final = {
    "roster": Option(
        data.DEFAULT_ROSTER,
        N_("the wrestlers dealt to the players (RP-2.8, RP-3.2)"),
        _ids(data.WRESTLERS, "wrestler", True),
    ),
    "cheat_pool": Option(
        data.DEFAULT_CHEAT_POOL,
        N_("the cheat tiles of the pool, repeats allowed (RP-2.7)"),
        _ids(data.CHEATS, "cheat", False),
    ),
    "wrestlers": Option(None, N_("assign wrestlers by seat instead of dealing them (RP-3.2)"), _assignment),
    "first_leader": Option(
        data.DEFAULT_FIRST_LEADER, N_("the seat that is #1 in the first trick, 0-3 (RP-3.4)"), integer(0, maximum=3)
    ),
    "round_cap": Option(
        data.DEFAULT_ROUND_CAP, N_("simulation safety cap in rounds, 1-1000 (RP-6.3)"), integer(1, maximum=1000)
    ),
    "choose_wrestlers": Option(
        False, N_("players choose their wrestlers in seat order instead of a deal (RP-3.2, DP-1)"), boolean
    ),
}


# ---------------------------------------------------------------------------
# The rules


class RowdyPartnersRules(Game):
    """The rules of Rowdy Partners; game.py adds the words (describe, render) and the settlement."""

    seating: Seating  # the seating tables the rules read (RP-3.1); its tables are named here too
    labels: tuple[str, ...]  # player -> label: A1 B1 A2 B2, H1 H2, A1 H A2
    side_names: tuple[str, ...]
    side_of: tuple[int, ...]  # player -> side
    partner: tuple[int, ...]  # player -> partner, -1 for a headliner
    headliner: tuple[bool, ...]  # RP-3.1 a player without partner, who plays hand and diamond
    members: tuple[tuple[int, ...], ...]  # side -> players
    opponents: tuple[tuple[int, ...], ...]  # player -> the other side's players
    _acting: tuple[tuple[int, ...], ...]  # player -> (player,), as to_act answers
    _seen_tokens: list[tuple[Tokens, Tokens] | None]  # player -> the tokens of his last view, as he saw them

    def _configure(self) -> None:
        """Check the options against each other; the seating tables of this player count."""
        k = self.players
        o = self.options
        if len(o["roster"]) < k:
            raise ValueError(
                _("the roster has {wrestlers} wrestlers; {players} players need at least {players}").format(
                    wrestlers=len(o["roster"]), players=k
                )
            )
        if o["wrestlers"] is not None and len(o["wrestlers"]) != k:
            raise ValueError(_("wrestlers assigns one wrestler per seat: {players} ids").format(players=k))
        if o["first_leader"] >= k:
            raise ValueError(_("first_leader must be a seat from 0 to {last}").format(last=k - 1))
        t = self.seating = Seating(k, tuple(o["roster"]), o["round_cap"])
        self.labels = t.labels
        self.side_names = t.side_names
        self.side_of = t.side_of
        self.partner = t.partner
        self.headliner = t.headliner
        self.members = t.members
        self.opponents = t.opponents
        self._acting = tuple([(p,) for p in range(k)])
        self._seen_tokens = [None] * k

    def _example_action(self) -> str:
        return "play Ha5"

    def rivals(self, seat: Any) -> tuple[int, ...]:
        """The other side's players: a partner shares ``seat``'s result (RP-2.3, RP-4.11)."""
        return self.opponents[self.check_seat(seat)]

    def seat_name(self, seat: int) -> str:
        return self.labels[seat]

    # -- setup (RP-3) ------------------------------------------------------
    def _new(self, seed: int, deck: Any = None, **setup: Any) -> State:
        """RP-3: wrestlers, the cheat pool, the first deal; then the tag window of the first trick (or DP-1)."""
        k = self.players
        o = self.options
        decks = self._check_deck(deck)
        if o["choose_wrestlers"]:
            wrestlers: tuple[str, ...] = ("",) * k  # DP-1: chosen before the first trick
        elif o["wrestlers"] is not None:
            wrestlers = tuple(o["wrestlers"])
        else:  # RP-3.2 dealt by the RNG without repetition
            wrestlers = tuple(sample(list(o["roster"]), k, seed, "wrestlers"))
        pool = list(o["cheat_pool"])
        shuffle(pool, seed, "cheats")  # RP-3.3
        zero = (0,) * k
        setup_ = Setup(seed, (("deck", decks),) if decks is not None else ())
        hands, deal = deal_round(self.seating, setup_, tuple(range(k)), 1)
        state = State(
            setup=setup_,
            trail=None,
            phase=PLAYING,
            actor=-1,
            pending=NO_PENDING,
            hands=hands,
            row=(),
            turn=0,
            suit=-1,
            setter=-1,
            trick=Trick(number=1),
            deal=deal,
            seats=Seats(
                wrestlers=wrestlers, seat_of=tuple(range(k)), at_seat=tuple(range(k)), leader=o["first_leader"]
            ),
            tokens=Tokens(
                pop=(0, 0),
                unlocked=(False, False),
                coins=zero,
                damage=zero,
                tags=zero,
                cheats=((),) * k,
                pool=tuple(pool),
                used=(),
                draws=0,
                gained=zero,
                spent=zero,
            ),
            score=Score(health=zero, won=zero, dealt=zero),
        )
        if o["choose_wrestlers"]:
            return state.replace(phase=CHOOSING, actor=0)
        return open_window(self.seating, state, None, state.seats, state.tokens, 0, 1)

    def _check_deck(self, deck: Any) -> Any:
        """The stacked deck (codes in draw order, or a list of them, one per round) in canonical codes."""
        if deck is None:
            return None
        try:
            decks = check_decks(deck, card, len(DECK), whole=True, example="['Ha5', 'W2', ...]")
        except ValueError as err:
            raise ValueError(
                _(
                    "{error} (a stacked deck lists each of the {cards} cards exactly once; "
                    "stacked_deck() fills in the rest)"
                ).format(error=err, cards=len(DECK))
            ) from None
        canonical = tuple(tuple(CODES_T[c] for c in one) for one in decks)
        return canonical if len(canonical) > 1 else canonical[0]  # the setup keeps one deck as a list of codes

    # -- positions, who acts -------------------------------------------------
    def in_ring(self, st: State, side: int, leader: int | None = None) -> int:
        """The side's wrestler in the ring for a trick led from seat ``leader`` (RP-4.3)."""
        return self.seating.ring_and_order(st.seats.at_seat, st.seats.leader if leader is None else leader)[0][side]

    def _owns(self, state: Any) -> bool:
        return type(state) is State and len(state.hands) == self._players

    def _seats(self, state: Any) -> int:
        return len(state.hands)

    def _to_act(self, state: State) -> tuple[int, ...]:
        return self._acting[state.actor] if state.actor >= 0 else ()  # actor -1: the game is over

    def _turn_rule(self, state: State, seat: int) -> str:
        return TURN_RULE.get(state.phase, "RP-6.1")

    def _legal(self, state: State, seat: int) -> tuple[Action, ...]:
        """What the player to act may do: the one source of legality (apply admits nothing else)."""
        return legal(self.seating, state, seat)

    def _step(self, state: State, seat: int | None, action: Any) -> State:
        """The state after ``action`` of ``seat``, which the core admitted as one of ``_legal``'s offers."""
        return step(self.seating, state, seat, action)

    # -- refusals (RP-4.16) ----------------------------------------------------
    def _over_refusal(self, state: State, player: Any, action: Any) -> IllegalMove:
        return over_refusal(self.seating, state, action, player)

    def _turn_refusal(self, state: State, seat: int, action: Any, acting: tuple[int, ...]) -> IllegalMove:
        return turn_refusal(self.seating, state, action, seat)

    def _refusal(self, state: State, seat: int, action: Any) -> IllegalMove:
        """Why the player to act may not take ``action`` now (it is not among the legal actions)."""
        return refusal(self.seating, state, seat, action)

    # -- action texts -------------------------------------------------------
    def _parse(self, state: State, text: str, player: int | None) -> Action:
        """The action an action text names (RP-4.16 X10 for a setter's missing suit; ValueError otherwise)."""
        # Action texts are read in any case ("PLAY ha5", "Cheat c04 gr"); the action is the canonical one.  A move
        # as its button says it ("spielen Ha5", "Farbe nennen Grabstein") is read as its action text.
        words = read(text).split(" ")
        low = [w.lower() for w in words]
        verb = low[0]
        n = len(words)
        if (
            verb == "name"
            and (n != 2 or low[1] not in SUIT_ANY_CASE)
            and state.phase == NAMING
            and player in (None, state.actor)
        ):  # RP-4.16 X10: the wildcard setter waits for a suit
            raise illegal(
                "X10",
                _("{player} must name the led suit for his wildcard: {suits}, as in {example} (not {text})").format(
                    player=self.labels[state.actor], suits=suits(), example=quoted("name", "Gr"), text=excerpt(text)
                ),
                "RP-4.9",
                state.actor,
                text,
            )
        try:
            if verb in ("play", "bury") and n == 2:
                return (PLAY if verb == "play" else BURY)[card(words[1])]
            if verb == "name" and n == 2:
                if low[1] not in SUIT_ANY_CASE:
                    raise ValueError(
                        _("name takes a suit: {suits}, not {word}").format(suits=suits(), word=excerpt(words[1]))
                    )
                return NAME[SUIT_ANY_CASE[low[1]]]
            if verb == "wrestler" and n == 2:
                return ChooseWrestler(_catalog_id(list(data.WRESTLERS), low[1], words[1], "wrestler"))
            if n == 1 and verb == "tag":
                return TAG
            if n == 1 and verb == "pass":
                return PASS
            if n == 1 and verb == "damage":
                return DAMAGE
            if verb == "coin" and n == 2 and words[1] in ("+1", "-1"):
                return COIN_UP if words[1] == "+1" else COIN_DOWN
            if verb == "cheat" and n >= 2:
                cid = _catalog_id(list(data.CHEATS), low[1], words[1], "cheat")
                kind = data.CHEATS[cid].effect.kind
                if " ".join(words[2:]) and kind not in ARG_KINDS:
                    raise ValueError(_("cheat {cheat} takes no argument").format(cheat=cid))
                return UseCheat(cid, _arg_text(kind, words[2:]))
            if verb == "sig" and n >= 2:
                wid = _catalog_id(list(data.WRESTLERS), low[1], words[1], "wrestler")
                eff = data.WRESTLERS[wid].effect
                arg = " ".join(words[2:])
                if eff.kind == "VAL" and isinstance(eff.amount, tuple):
                    if arg not in AMOUNT_TEXTS[eff.amount]:
                        raise ValueError(
                            _("sig {wrestler} takes an amount: {amounts}").format(
                                wrestler=wid, amounts=", ".join(AMOUNT_TEXTS[eff.amount])
                            )
                        )
                elif arg and eff.kind not in ARG_KINDS:
                    raise ValueError(_("sig {wrestler} takes no argument").format(wrestler=wid))
                return UseSignature(wid, _arg_text(eff.kind, words[2:]) if eff.kind in ARG_KINDS else arg)
        except ValueError as err:
            raise ValueError(_("cannot read {text}: {error}").format(text=excerpt(text), error=err)) from None
        raise ValueError(
            _("cannot read {text}; the actions are written as in {examples}").format(
                text=excerpt(text), examples=examples()
            )
        )

    # -- what a player sees ----------------------------------------------------
    def _view(self, st: State, p: int) -> State:
        """RP-4.15: the other hands, the burn pile, the pool, other players' cheats and buried cards are hidden.

        A view is built for every decision of an agent that reads one, so it is made in one go and shares
        every part of the state that hides nothing.
        """
        trick = st.trick
        return st.replace(
            setup=view_setup(p),  # neither the seed nor a stacked deck (RP-4.15)
            trail=_mask_trail(st, p),
            hands=tuple([h if q == p else (-1,) * len(h) for q, h in enumerate(st.hands)]),
            trick=trick if trick.swap < 0 or st.actor == p else trick.replace(swap=-1),
            deal=_hidden_deal(st.deal),
            tokens=self._tokens_seen(st.tokens, p),
        )

    def _tokens_seen(self, tokens: Tokens, p: int) -> Tokens:
        """The tokens as ``p`` sees them.  They change only at an award or an attachment, so each player's last
        answer is kept and given again while his views see the same tokens."""
        last = self._seen_tokens[p]
        if last is not None and last[0] is tokens:
            return last[1]
        seen = _hidden_tokens(tokens, p)
        self._seen_tokens[p] = (tokens, seen)
        return seen

    def _hand(self, state: State, p: int) -> tuple[str | None, ...] | None:
        """The cards ``p`` holds, hand then (a headliner's) diamond, as render shows them."""
        cards = state.hands[p] + state.deal.diamonds[p]
        return tuple([code(c) if c >= 0 else None for c in cards])


def _catalog_id(ids: list[str], lowered: str, written: str, what: str) -> str:
    """The id of a cheat or wrestler written in any case (``c04`` is ``C04``); ValueError if there is none."""
    for ident in ids:
        if ident.lower() == lowered:
            return ident
    if what == "cheat":
        text = _("{written} is not a cheat; the cheats are {ids}")
    else:
        text = _("{written} is not a wrestler; the wrestlers are {ids}")
    raise ValueError(text.format(written=excerpt(written), ids=", ".join(ids)))


def _arg_text(kind: str, words: list[str]) -> str:
    """The argument of a cheat or signature move in its canonical case: a suit (``gr`` is ``Gr``), a
    CANCEL target's token kind (RP-2.6 writes Coin, Damage, Tag, Cheat; the action text says ``coin``).
    Anything else stays as written, so that apply refuses it with its X-code (X10, X12)."""
    if kind == "SUIT" and len(words) == 1 and words[0].lower() in SUIT_ANY_CASE:
        return SUITS[SUIT_ANY_CASE[words[0].lower()]]
    if kind == "CANCEL" and len(words) == 2:
        return f"{words[0]} {words[1].lower()}"
    return " ".join(words)


def _mask_trail(st: State, p: int) -> Trail:
    """The trail with other players' buried cards hidden (RP-4.15: burn-pile contents are hidden)."""
    if st.tokens.draws == 0:  # a card is buried only after a BURN_SWAP, whose card is a draw (RP-4.17)
        return st.trail
    if not any(type(a) is Bury and q != p for q, a in history(st)):
        return st.trail
    return masked_trail(st.trail, lambda i, q, a: HIDDEN_BURY if type(a) is Bury and q != p else a)


def _hidden_deal(deal: Deal) -> Deal:
    """The deal as every player sees it: the burn pile face down (RP-4.15)."""
    return deal.replace(burn=(-1,) * len(deal.burn))


def _hidden_tokens(tokens: Tokens, p: int) -> Tokens:
    """The tokens as ``p`` sees them: the pool and the others' cheats face down, only his own PEEKs (RP-4.15)."""
    return tokens.replace(
        cheats=tuple([c if q == p else ("?",) * len(c) for q, c in enumerate(tokens.cheats)]),
        pool=("?",) * len(tokens.pool),
        peeks=tuple([x for x in tokens.peeks if x[0] == p]),
    )
