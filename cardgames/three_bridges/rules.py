"""Three Bridges (TB): the records of a position, the actions and the rules.

The rules are ``cardgames/three_bridges/rules.md``.  The game flows through two kinds of
decisions:

* placement (TB-4.3, TB-7.2-7.4): the leader, then the follower, puts a hand card face
  down on his own column at a bridge; a Chronist is declared a suit with its placement
  (``place Chr=E B``), hidden from the opponent until the card is revealed (TB-4.12);
* resolution (TB-4.4-4.14, TB-7.5-7.9): the leader's card, then the follower's, is
  turned up (a Chronist's suit becomes public) and resolved step by step (rank ability,
  suit ability).  Every ability that has a legal way is a decision of the card's owner;
  an optional one offers ``pass``, a forced one (a card played by an Ass) does not.

Resolution is a stack of :class:`Frame` records: an Ass pushes the card it plays, which
is resolved completely before the Ass goes on (TB-4.5).  A frame finds its card on the
board by its id, so "the bridge where c lies" (X) follows the card wherever an Ober has
moved it or an Unter has swapped it.

What the player to act may do, and why anything else is refused, come from one judge per kind of
decision in :mod:`.legality`; this module's ``_legal`` and ``_refusal`` only ask them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ..core.decks import check_deck
from ..core.errors import IllegalMove, InputError
from ..core.game import Action, Game, Setup, Trail, entry_at, extend, latest_index, view_setup, with_action
from ..core.i18n import Catalog
from ..core.inputs import either, excerpt, quote
from ..core.record import KEEP, KEEP_INT, Keep, Record
from ..core.rng import below, source
from .cards import (
    BRIDGE_NAMES,
    CARD_MASK,
    CHR1,
    CHR2,
    DECK,
    FACE_DOWN,
    HIDDEN,
    SIDEWAYS,
    SUIT_NAMES,
    SUITS,
    bridge_name,
    chronist_as_one,
    code,
    entry,
    entry_code,
    parse_bridge,
    parse_card,
    parse_suit,
    suit_of,
)

_, ngettext = Catalog("three_bridges").functions()

ROUNDS: Final = 6  # TB-4.1
HAND: Final = 4  # TB-3.3

# phases
PLACE: Final = 0
RESOLVE: Final = 1
OVER: Final = 2
# steps of a resolving card (TB-4.5; step 1, a Chronist's suit made public, is the reveal itself)
RANK_STEP: Final = 1
SUIT_STEP: Final = 2
NO_STEP: Final = 0  # no ability of the resolving card has a legal way left

# Tuples indexed by a bridge or a seat are typed as tuples of any length: the compiled code then
# indexes them in place (a fixed-length tuple type would be packed into a new tuple to be indexed so).
Column = tuple[int, ...]  # one player's entries at one bridge, index 0 first (TB-2.3)
Columns = tuple[tuple[Column, ...], ...]  # columns[bridge][seat]
Hands = tuple[tuple[int, ...], ...]  # hands[seat], each sorted
Spot = tuple[int, int, int]  # where a card lies: (bridge, seat or -1 for the bridge card, index)

# ---------------------------------------------------------------------------
# Actions: a hand card laid at a bridge (Place, Play), a card on the board picked by where it lies
# (Move, Turn), and the abilities said in one word (Swap, Draw, Pass)


def card_text(card: int, declared: int) -> str:
    """The card of a ``place`` or ``play`` text: its code, ``Chr=E`` for a Chronist declared a suit."""
    if card == CHR1 or card == CHR2:
        return "Chr=" + SUITS[declared] if 0 <= declared < 4 else "Chr"
    return code(card) if 0 <= card <= HIDDEN else "?"


@dataclass(frozen=True, slots=True, eq=False)
class Lay(Action):
    """A hand card laid at a bridge: :class:`Place` (face down) or :class:`Play` (face up, by an Ass).

    ``declared`` is the suit a Chronist is declared as it is laid (TB-4.12): ``Chr=E``; -1 for every
    other card.  Laying either Chronist is the same choice (TB-7.2): the two are equal.
    """

    card: int
    bridge: int
    declared: int = -1

    def verb(self) -> str:  # pragma: no cover - Place and Play override it
        """The first word of the action's text."""
        raise NotImplementedError

    def __str__(self) -> str:
        return f"{self.verb()} {card_text(self.card, self.declared)} {bridge_name(self.bridge)}"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Lay)
            and type(other) is type(self)
            and chronist_as_one(self.card) == chronist_as_one(other.card)
            and self.bridge == other.bridge
            and self.declared == other.declared
        )

    def __hash__(self) -> int:
        return hash((self.verb(), chronist_as_one(self.card), self.bridge, self.declared))


@dataclass(frozen=True, slots=True, eq=False)
class Place(Lay):
    """TB-4.3: put a hand card face down on top of one's own column at a bridge (a Chronist with its
    declared suit, ``place Chr=E B``)."""

    def verb(self) -> str:
        return "place"


@dataclass(frozen=True, slots=True, eq=False)
class Play(Lay):
    """TB-4.11: the Ass plays a further card of its suit face up at any bridge (a Chronist declared the Ass's
    suit)."""

    def verb(self) -> str:
        return "play"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """TB-4.10: the Ober moves one's own card from another bridge on top of its bridge."""

    bridge: int  # where the card lies now
    index: int  # its index in one's own column there
    text: str  # its code (with its place if two cards share a code)

    def __str__(self) -> str:
        return f"move {self.text}"


@dataclass(frozen=True, slots=True)
class Turn(Action):
    """TB-4.14: Laub turns an upright card at its bridge sideways."""

    owner: int  # seat whose column holds the card
    index: int
    text: str  # its code, ``face-down`` for a card still face down

    def __str__(self) -> str:
        return f"turn {self.text}"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """TB-4.9: the Unter becomes the bridge card; the old bridge card takes its place."""

    def __str__(self) -> str:
        return "swap"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """TB-4.13: Eichel draws one card."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline an optional ability (TB-4.6)."""

    def __str__(self) -> str:
        return "pass"


SWAP: Final = Swap()
DRAW: Final = Draw()
PASS: Final = Pass()
# PLACES[card][bridge]; PLACES[HIDDEN] are the placements a view shows of a card it may not see (TB-2.7)
PLACES: Final = tuple(tuple(Place(card=c, bridge=b) for b in range(3)) for c in range(HIDDEN + 1))
# TB-4.12: a Chronist is placed with its declared suit, PLACE_CHR[suit][bridge]; the texts suit by suit
PLACE_CHR: Final = tuple(tuple(Place(card=CHR1, bridge=b, declared=s) for b in range(3)) for s in range(4))
PLACE_CHR_ALL: Final = tuple(a for by_suit in PLACE_CHR for a in by_suit)
PLAYS: Final = tuple(tuple(Play(card=c, bridge=b) for b in range(3)) for c in range(32))
PLAY_CHR: Final = tuple(tuple(Play(card=CHR1, bridge=b, declared=s) for b in range(3)) for s in range(4))

VERBS: Final = "place, swap, move, play, draw, turn, pass"
ACTING: Final[tuple[tuple[int, ...], ...]] = ((0,), (1,))  # to_act of each seat, built once

# ---------------------------------------------------------------------------
# Records


class Frame(Record):
    """TB-4.4, TB-4.5: a card to be resolved, and which of its abilities is due.

    A placed card waits in the state's ``queue`` until it is revealed; then it is resolved on
    the ``stack``, above it any card that its Ass plays.
    """

    player: int  # its owner, who decides its abilities
    card: int
    forced: bool  # played by an Ass: a legal way must be taken (TB-4.6)
    step: int  # RANK_STEP or SUIT_STEP
    seen: Spot  # where the card was last seen (a hint: Ober and Unter move cards)

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("player", "card", "forced", "step", "seen")

    def __init__(self, player: int, card: int, forced: bool, step: int, seen: Spot) -> None:
        self.player = player
        self.card = card
        self.forced = forced
        self.step = step
        self.seen = seen

    def replace(self, *, player: int = KEEP_INT, card: int = KEEP_INT, forced: bool | Keep = KEEP, step: int = KEEP_INT, seen: Spot | Keep = KEEP) -> Frame:
        return Frame(self.player if player == KEEP_INT else player, self.card if card == KEEP_INT else card, self.forced if forced is KEEP else forced, self.step if step == KEEP_INT else step, self.seen if seen is KEEP else seen)
    # fmt: on


@mypyc_attr(free_list_len=1)  # compiled: a step's new state reuses the memory of the one it replaced
class State(Record):
    """A position of Three Bridges.

    ``columns[b][seat]`` is seat's column at bridge b, index 0 first (TB-2.3), of entries
    (see :mod:`.cards`); ``bridges[b]`` the bridge card; ``hands[seat]`` a sorted tuple of
    cards; ``pile`` the draw pile, top first.  ``queue`` holds the cards placed this round
    and not yet revealed, in play order (TB-4.4); ``stack`` the cards resolving now, the one whose
    ability is due last.  The legal ways of the decision that is due are worked out from the
    position when they are asked for (:func:`.legality.legal`), not kept in the state: an agent that
    tries every action makes many states whose next decision nobody asks about.
    """

    setup: Setup
    trail: Trail
    first: int  # the seat of P1 (TB-3.1)
    round: int  # 1..6
    phase: int  # PLACE, RESOLVE or OVER
    actor: int  # the seat that decides now (-1 when over)
    bridges: tuple[int, ...]
    columns: Columns
    hands: Hands
    pile: tuple[int, ...]
    queue: tuple[Frame, ...] = ()
    stack: tuple[Frame, ...] = ()

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("setup", "trail", "first", "round", "phase", "actor", "bridges", "columns", "hands", "pile", "queue", "stack")

    def __init__(self, setup: Setup, trail: Trail, first: int, round: int, phase: int, actor: int, bridges: tuple[int, ...], columns: Columns, hands: Hands, pile: tuple[int, ...], queue: tuple[Frame, ...] = (), stack: tuple[Frame, ...] = ()) -> None:
        self.setup = setup
        self.trail = trail
        self.first = first
        self.round = round
        self.phase = phase
        self.actor = actor
        self.bridges = bridges
        self.columns = columns
        self.hands = hands
        self.pile = pile
        self.queue = queue
        self.stack = stack

    def replace(self, *, setup: Setup | Keep = KEEP, trail: Trail | Keep = KEEP, first: int = KEEP_INT, round: int = KEEP_INT, phase: int = KEEP_INT, actor: int = KEEP_INT, bridges: tuple[int, ...] | Keep = KEEP, columns: Columns | Keep = KEEP, hands: Hands | Keep = KEEP, pile: tuple[int, ...] | Keep = KEEP, queue: tuple[Frame, ...] | Keep = KEEP, stack: tuple[Frame, ...] | Keep = KEEP) -> State:
        return State(self.setup if setup is KEEP else setup, self.trail if trail is KEEP else trail, self.first if first == KEEP_INT else first, self.round if round == KEEP_INT else round, self.phase if phase == KEEP_INT else phase, self.actor if actor == KEEP_INT else actor, self.bridges if bridges is KEEP else bridges, self.columns if columns is KEEP else columns, self.hands if hands is KEEP else hands, self.pile if pile is KEEP else pile, self.queue if queue is KEEP else queue, self.stack if stack is KEEP else stack)
    # fmt: on

    def bridge_suit(self, b: int) -> int:
        """The suit of bridge ``b``: the suit of its face-up bridge card (TB-2.3)."""
        return self.bridges[b] >> 3

    @property
    def leader(self) -> int:
        """TB-4.1: P1 leads odd rounds, P2 even rounds."""
        return leader(self.first, self.round)


def leader(first: int, round: int) -> int:
    """TB-4.1: P1 (seat ``first``) leads odd rounds, P2 even rounds."""
    return first if round % 2 else 1 - first


# ---------------------------------------------------------------------------
# The board


def _locate(bridges: tuple[int, ...], columns: Columns, card: int) -> tuple[int, int, int, int]:
    """Where ``card`` lies: (bridge, seat, index, entry); seat -1 for a bridge card."""
    for b in range(3):
        if bridges[b] == card:
            return b, -1, -1, card
        for seat in (0, 1):
            for i, e in enumerate(columns[b][seat]):
                if e & CARD_MASK == card:
                    return b, seat, i, e
    raise AssertionError(f"card {card} is not on the board")


def _find(bridges: tuple[int, ...], columns: Columns, card: int, seen: Spot) -> tuple[int, int, int, int]:
    """_locate, looking first where the card was last seen."""
    b, side, i = seen
    if side < 0:
        if bridges[b] == card:
            return b, -1, -1, card
    else:
        col = columns[b][side]
        if i < len(col) and col[i] & CARD_MASK == card:
            return b, side, i, col[i]
    return _locate(bridges, columns, card)


def _with_column(columns: Columns, b: int, seat: int, col: Column) -> Columns:
    """The columns with seat's column at bridge ``b`` replaced by ``col``."""
    pair = (col, columns[b][1]) if seat == 0 else (columns[b][0], col)
    if b == 0:
        return (pair, columns[1], columns[2])
    if b == 1:
        return (columns[0], pair, columns[2])
    return (columns[0], columns[1], pair)


def _with_entry(col: Column, i: int, e: int) -> Column:
    """The column with its entry at index ``i`` replaced by ``e``."""
    entries = list(col)
    entries[i] = e
    return tuple(entries)


def _with_hand(hands: Hands, seat: int, hand: tuple[int, ...]) -> Hands:
    """The hands with seat's hand replaced by ``hand``."""
    return (hand, hands[1]) if seat == 0 else (hands[0], hand)


def _take(hands: Hands, seat: int, card: int) -> tuple[Hands, int]:
    """Seat's hand without ``card``, and the card taken: either Chronist stands for the one held (TB-7.2)."""
    hand = hands[seat]
    if card >= CHR1 and card not in hand:
        card = CHR2 if card == CHR1 else CHR1
    return _with_hand(hands, seat, tuple([c for c in hand if c != card])), card


def _draw(hands: Hands, pile: tuple[int, ...], seat: int) -> tuple[Hands, tuple[int, ...]]:
    """TB-4.2, TB-4.13: the top card of the pile into seat's hand (nothing if it is empty)."""
    if not pile:
        return hands, pile
    cards = list(hands[seat])
    cards.append(pile[0])
    cards.sort()  # a hand is kept sorted
    return _with_hand(hands, seat, tuple(cards)), pile[1:]


# ---------------------------------------------------------------------------
# The legal ways of a decision (the one source of legality)


# Move and Turn actions are values: each is built once, when it is first offered, and found
# again by one number made of where the card lies and its entry (a column entry fits in 11 bits)
_MOVES: Final[dict[int, Move]] = {}
_TURNS: Final[dict[int, Turn]] = {}


def _move(b: int, i: int, e: int) -> Move:
    """The Ober's move of the own card with entry ``e`` at index ``i`` of bridge ``b`` (TB-4.10)."""
    key = (b << 16) | (i << 11) | e
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(bridge=b, index=i, text=entry_code(e))
    return move


def _turn(owner: int, i: int, e: int) -> Turn:
    """Laub's turn of the upright entry ``e`` at index ``i`` of ``owner``'s column (TB-4.14).

    Its text names the card, or says 'face-down' for a face-down one (TB-2.7: which card it
    is stays hidden).
    """
    if e & FACE_DOWN:
        e = FACE_DOWN
    key = (owner << 16) | (i << 11) | e
    turn = _TURNS.get(key)
    if turn is None:
        turn = _TURNS[key] = Turn(owner=owner, index=i, text="face-down" if e == FACE_DOWN else entry_code(e))
    return turn


_MARK: Final = "\x00"  # around a card code in a message that pictures show in pieces (pending_words)


def _marked(card: str) -> str:
    """A card code marked for :meth:`ThreeBridgesRules.pending_words`, which splits the sentence at the marks."""
    return _MARK + card + _MARK


# ---------------------------------------------------------------------------
# The rules


class ThreeBridgesRules(Game):
    """Three Bridges: a two-player duel over three bridges, six rounds of hidden placement."""

    # -- setup (TB-3) --------------------------------------------------------
    def _new(self, seed: int, **setup: Any) -> State:
        deck = setup.get("deck")
        given = _stacked(deck)
        draw = source(seed, "setup")  # one generator for every draw of the setup, in this order
        rest = [c for c in DECK if c not in given]
        rnd = draw.random
        rest.sort(key=lambda _: rnd())  # a uniform shuffle: the cards in the order of random keys
        pile = list(given) + rest
        # TB-3.2: reveal A, B, C; a Chronist goes back into the pile, below its top card
        bridges: list[int] = []
        while len(bridges) < 3:
            c = pile.pop(0)
            if c >= 32:
                pile.insert(1 + below(draw, len(pile)), c)  # anywhere below the top card
            else:
                bridges.append(c)
        option = self.options["first_player"]
        first: int = option if option is not None else below(draw, 2)
        dealt: tuple[list[int], list[int]] = ([], [])
        for k in range(2 * HAND):  # TB-3.3: one at a time, alternately, P1 first
            dealt[first if k % 2 == 0 else 1 - first].append(pile.pop(0))
        hands, rest_pile = _round_draws(
            (tuple(sorted(dealt[0])), tuple(sorted(dealt[1]))), tuple(pile), leader(first, 1)
        )
        extra = (("deck", tuple(code(c) for c in given)),) if deck is not None else ()
        return State(
            setup=Setup(seed, extra),
            trail=None,
            first=first,
            round=1,
            phase=PLACE,
            actor=leader(first, 1),
            bridges=tuple(bridges),
            columns=(((), ()),) * 3,
            hands=hands,
            pile=rest_pile,
        )

    def position(
        self, bridges: Any, columns: Any = None, hands: Any = ((), ()), pile: Any = None, round: Any = 1, first: Any = 0
    ) -> State:
        """A teaching position: the leader of ``round`` is to place, this round's draws done.

        ``bridges`` are three bridge-card codes (A, B, C); ``columns[b][seat]`` lists
        codes from index 0 up, ``H-X/`` for a sideways card, ``Chr=E`` for a declared
        Chronist; ``hands[seat]`` are codes; ``pile`` is top first (default: the
        remaining cards, lowest first).  Such a state has no seed behind it, so it
        cannot be recorded and replayed.
        """
        if isinstance(round, bool) or round not in range(1, ROUNDS + 1):
            raise ValueError(
                _("round is 1 to {rounds}: the game has exactly {rounds} rounds (TB-4.1), not {round}").format(
                    rounds=ROUNDS, round=repr(round)
                )
            )
        if isinstance(first, bool) or first not in (0, 1):
            raise ValueError(
                _("first is the seat (0 or 1) of the player who leads rounds 1, 3, 5 (TB-3.1), not {first}").format(
                    first=repr(first)
                )
            )
        used: list[int] = []
        chronists = [CHR1, CHR2]

        def card(text: str) -> int:
            c = parse_card(text.split("=")[0].rstrip("/"))
            if c >= 32:
                if not chronists:
                    raise ValueError(_("there are only two Chronisten (TB-2.1)"))
                c = chronists.pop(0)
            elif c in used:
                raise ValueError(_("{card} appears twice; each card is unique (TB-2.1)").format(card=code(c)))
            used.append(c)
            return c

        def board_entry(text: str) -> int:
            c = card(text)
            declared = text.split("=")[1].rstrip("/") if "=" in text else None
            if c >= 32 and declared is None:
                raise ValueError(
                    _("{text}: a Chronist on the board has been declared a suit, write it Chr=E (TB-4.12)").format(
                        text=excerpt(text)
                    )
                )
            return entry(c, sideways=text.endswith("/"), declared=declared)

        bridge_cards = tuple(card(t) for t in bridges)
        if len(bridge_cards) != 3 or any(c >= 32 for c in bridge_cards):
            raise ValueError(_("three bridge cards, none a Chronist (TB-3.2)"))
        columns = columns or (((), ()),) * 3
        cols = tuple((tuple(board_entry(t) for t in col[0]), tuple(board_entry(t) for t in col[1])) for col in columns)
        hand_cards = (tuple(sorted(card(t) for t in hands[0])), tuple(sorted(card(t) for t in hands[1])))
        if pile is None:
            pile_cards = tuple(c for c in DECK if c not in used and not (c >= 32 and c not in chronists))
        else:
            pile_cards = tuple(card(t) for t in pile)
        return State(
            setup=Setup(0),
            trail=None,
            first=first,
            round=round,
            phase=PLACE,
            actor=leader(first, round),
            bridges=bridge_cards,
            columns=cols,
            hands=hand_cards,
            pile=pile_cards,
        )

    # -- whose turn, what is legal -------------------------------------------
    def _owns(self, state: Any) -> bool:
        return type(state) is State  # always two players (TB-1)

    def _to_act(self, state: State) -> tuple[int, ...]:
        return () if state.phase == OVER else ACTING[state.actor]

    def _turn_rule(self, state: State, seat: int) -> str:
        return "TB-4.3" if state.phase == PLACE else "TB-4.4"

    def _legal(self, state: State, seat: int) -> tuple[Action, ...]:
        """The legal ways of the decision that is due, from the judges of :mod:`.legality`."""
        return legal(state)

    # -- one decision and everything automatic after it ------------------------
    def _step(self, state: State, seat: int | None, action: Action) -> State:
        """The effect of an admitted action, then everything automatic up to the next decision."""
        assert seat is not None  # every action of Three Bridges is a player's
        trail = extend(state.trail, seat, action)
        bridges, columns, hands, pile = state.bridges, state.columns, state.hands, state.pile
        queue, stack = state.queue, state.stack
        if isinstance(action, Place):  # TB-4.3
            hands, card = _take(hands, seat, action.card)
            col = columns[action.bridge][seat]
            e = card | FACE_DOWN
            if card == CHR1 or card == CHR2:
                e |= (action.declared + 1) << 8  # TB-4.12: declared as it is placed
            columns = _with_column(columns, action.bridge, seat, col + (e,))
            queue = queue + (
                Frame(player=seat, card=card, forced=False, step=RANK_STEP, seen=(action.bridge, seat, len(col))),
            )
            if len(queue) == 1:  # TB-7.3: the follower places next
                return state.replace(
                    trail=trail, phase=PLACE, actor=1 - seat, columns=columns, hands=hands, queue=queue
                )
            return self._resolve(state, trail, bridges, columns, hands, pile, queue, stack)
        frame = stack[-1]
        rest = stack[:-1]
        player = frame.player
        if isinstance(action, Pass):  # TB-4.6: decline an optional ability
            stack = rest + (frame.replace(step=SUIT_STEP),) if frame.step == RANK_STEP else rest
        elif isinstance(action, Turn):  # TB-4.14
            x = _find(bridges, columns, frame.card, frame.seen)[0]
            col = columns[x][action.owner]
            columns = _with_column(
                columns, x, action.owner, _with_entry(col, action.index, col[action.index] | SIDEWAYS)
            )
            stack = rest
        elif isinstance(action, Draw):  # TB-4.13
            hands, pile = _draw(hands, pile, player)
            stack = rest
        elif isinstance(action, Play):  # TB-4.11: the played card resolves forced, before the Ass goes on
            hands, played = _take(hands, player, action.card)
            e = played
            if played == CHR1 or played == CHR2:
                e |= (action.declared + 1) << 8  # TB-4.12: declared the Ass's suit, face up
            col = columns[action.bridge][player]
            columns = _with_column(columns, action.bridge, player, col + (e,))
            stack = rest + (
                frame.replace(step=SUIT_STEP),
                Frame(player=player, card=played, forced=True, step=RANK_STEP, seen=(action.bridge, player, len(col))),
            )
        elif isinstance(action, Swap):  # TB-4.9
            b, side, i, e = _find(bridges, columns, frame.card, frame.seen)
            col = columns[b][side]
            columns = _with_column(columns, b, side, _with_entry(col, i, bridges[b]))
            bridges = bridges[:b] + (frame.card,) + bridges[b + 1 :]
            stack = rest + (frame.replace(step=SUIT_STEP, seen=(b, -1, -1)),)
        elif isinstance(action, Move):  # TB-4.10, TB-4.8: the cards above close up
            x = _find(bridges, columns, frame.card, frame.seen)[0]
            src = columns[action.bridge][player]
            moved = src[action.index]
            columns = _with_column(columns, action.bridge, player, src[: action.index] + src[action.index + 1 :])
            columns = _with_column(columns, x, player, columns[x][player] + (moved,))
            stack = rest + (frame.replace(step=SUIT_STEP),)
        else:  # pragma: no cover - the admission lets only the actions above through
            raise InputError(f"not a Three Bridges action: {action!r}")
        return self._resolve(state, trail, bridges, columns, hands, pile, queue, stack)

    def _resolve(
        self,
        state: State,
        trail: Trail,
        bridges: tuple[int, ...],
        columns: Columns,
        hands: Hands,
        pile: tuple[int, ...],
        queue: tuple[Frame, ...],
        stack: tuple[Frame, ...],
    ) -> State:
        """Resolve until a decision is due (TB-4.4, TB-4.5); then the next round (TB-4.2) or the end (TB-6.1)."""
        rnd = state.round
        while True:
            if stack:  # the card on top goes on resolving
                frame = stack[-1]
                b, side, i, e = _find(bridges, columns, frame.card, frame.seen)
            elif queue:  # TB-4.4: reveal the next card in play order
                frame = queue[0]
                queue = queue[1:]
                b, side, i, e = _find(bridges, columns, frame.card, frame.seen)
                e &= ~FACE_DOWN  # TB-4.5 step 1: face up, a Chronist's suit (declared when placed, TB-4.12) is public
                columns = _with_column(columns, b, side, _with_entry(columns[b][side], i, e))
                stack = (frame,)
            elif rnd == ROUNDS:  # TB-6.1
                phase, actor = OVER, -1
                break
            else:  # TB-4.2: the next round starts with the draws; its leader places
                rnd += 1
                phase, actor = PLACE, leader(state.first, rnd)
                hands, pile = _round_draws(hands, pile, actor)
                break
            step = _due_step(frame, b, side, e, bridges, columns, hands[frame.player], pile)
            if step != NO_STEP:  # the owner decides
                phase, actor = RESOLVE, frame.player
                seen = (b, side, i)
                if step != frame.step or seen != frame.seen:  # the step that is due, where the card lies
                    stack = stack[:-1] + (frame.replace(step=step, seen=seen),)
                break
            stack = stack[:-1]  # resolved completely: the card below it goes on (TB-4.5)
        return state.replace(
            trail=trail,
            round=rnd,
            phase=phase,
            actor=actor,
            bridges=bridges,
            columns=columns,
            hands=hands,
            pile=pile,
            queue=queue,
            stack=stack,
        )

    # -- refusals ------------------------------------------------------------------
    def _ability(self, state: State) -> tuple[int, int, str]:
        """The ability of the resolving card that is due: (its entry, its bridge, its clause).

        The clause tells the ability: TB-4.9 the Unter's swap, TB-4.10 the Ober's move, TB-4.11
        the Ass's play, TB-4.13 the Eichel draw, TB-4.14 the Laub turn.
        """
        step, e, b = due_ability(state)
        return e, b, ability_clause(step, e)

    def pending(self, state: State) -> str:
        """The decision that is due, in words, with its clause."""
        return "".join(self.pending_words(state))

    def pending_words(self, state: State) -> tuple[str, ...]:
        """:meth:`pending` in pieces: text and card codes alternate, a code at each odd place (for pictures)."""
        self._check_state(state, views=True)
        if state.phase == OVER:
            return (_("the game is over (TB-6.1)"),)
        seat = state.actor
        if state.phase == PLACE:
            if seat == state.leader:
                return (
                    _("{player} (leader) places a card face down at a bridge (TB-4.3)").format(
                        player=self.seat_name(seat)
                    ),
                )
            return (
                _("{player} (follower) places a card face down at a bridge (TB-4.3)").format(
                    player=self.seat_name(seat)
                ),
            )
        e, b, clause = self._ability(state)
        card = _marked(entry_code(e))
        where = BRIDGE_NAMES[b]
        forced = state.stack[-1].forced
        if clause == "TB-4.9":
            text = (
                _("{player} must swap {unter} with the bridge card {bridge_card} of bridge {bridge} (TB-4.9)")
                if forced
                else _("{player} may swap {unter} with the bridge card {bridge_card} of bridge {bridge} (TB-4.9)")
            ).format(player=self.seat_name(seat), unter=card, bridge_card=_marked(code(state.bridges[b])), bridge=where)
        elif clause == "TB-4.10":
            text = (
                _("{player} must move one of his cards from another bridge to bridge {bridge} with {ober} (TB-4.10)")
                if forced
                else _(
                    "{player} may move one of his cards from another bridge to bridge {bridge} with {ober} (TB-4.10)"
                )
            ).format(player=self.seat_name(seat), bridge=where, ober=card)
        elif clause == "TB-4.11":
            text = (
                _("{player} must play a further {suit} card from his hand face up with {ass} (TB-4.11)")
                if forced
                else _("{player} may play a further {suit} card from his hand face up with {ass} (TB-4.11)")
            ).format(player=self.seat_name(seat), suit=SUIT_NAMES[suit_of(e)], ass=card)
        elif clause == "TB-4.13":
            text = (
                _("{player} must draw a card with {card} (TB-4.13)")
                if forced
                else _("{player} may draw a card with {card} (TB-4.13)")
            ).format(player=self.seat_name(seat), card=card)
        else:
            text = (
                _("{player} must turn an upright card at bridge {bridge} sideways with {card} (TB-4.14)")
                if forced
                else _("{player} may turn an upright card at bridge {bridge} sideways with {card} (TB-4.14)")
            ).format(player=self.seat_name(seat), bridge=where, card=card)
        return tuple(text.split(_MARK))

    def _refusal(self, state: State, seat: int, action: Any) -> IllegalMove:
        """Why ``action`` is not among the legal ways now: asked of the judge that makes them (:mod:`.legality`)."""
        return refusal(self, state, seat, action)

    # -- parsing ---------------------------------------------------------------
    def _example_action(self) -> str:
        return "place H-X A"

    def _parse(self, state: State, text: str, player: int | None) -> Action:
        words = text.split(" ")
        verb = words[0].lower() if words else ""
        args = words[1:]

        def need(n: int, form: str, *examples: str) -> None:
            """Refuse ``text`` unless its verb has ``n`` words after it: how to write it, quoted, and examples."""
            if len(args) == n:
                return
            if examples:
                shown = _("{text}: write it as {form}, e.g. {examples}")
            else:
                shown = _("{text}: write it as {form}")
            raise ValueError(shown.format(text=excerpt(text), form=quote(form), examples=either(list(examples))))

        if verb == "place":
            need(2, _("place <card> <bridge>"), "place H-X A", "place Chr=E B")
            card, declared = _hand_card(args[0], player)
            b = _bridge(args[1], "TB-4.3", player)
            return PLACE_CHR[declared][b] if declared >= 0 else PLACES[card][b]
        if verb == "declare":  # TB-4.12 (revised): no longer a decision of its own
            raise IllegalMove(
                _(
                    "A Chronist is declared when it is placed, not when it is revealed: write its suit "
                    "into the placement, e.g. place Chr=E B (or play Chr=E B when an Ass plays it); the "
                    "declaration never changes"
                ),
                rule="TB-4.12",
                player=player,
            )
        if verb == "swap":
            need(0, verb)
            return SWAP
        if verb == "draw":
            need(0, verb)
            return DRAW
        if verb == "pass":
            need(0, verb)
            return PASS
        if verb == "play":
            need(2, _("play <card> <bridge>"), "play L-X A", "play Chr=E B")
            card, declared = _hand_card(args[0], player)
            b = _bridge(args[1], "TB-4.11", player)
            if declared >= 0:
                return PLAY_CHR[declared][b]
            return PLAYS[card][b] if card < 32 else Play(card=CHR1, bridge=b)
        if verb in ("move", "turn"):
            need(1, _("{verb} <card>").format(verb=verb), f"{verb} H-VIII")
            want = args[0].upper()
            offered = self.legal_actions(state, player)
            for a in offered:  # card codes are case-insensitive, as in place/play
                if verb == "move" and isinstance(a, Move) and a.text.upper() == want:
                    return a
                if verb == "turn" and isinstance(a, Turn) and a.text.upper() == want:
                    return a
            named = _board_code(args[0])
            return Move(bridge=-1, index=-1, text=named) if verb == "move" else Turn(owner=-1, index=-1, text=named)
        raise ValueError(
            _(
                "{text} is not a Three Bridges action; the actions are {verbs} "
                "(e.g. 'place H-X A', 'place Chr=E B', 'move H-VIII', 'play L-X A', 'turn S-X')"
            ).format(text=excerpt(text), verbs=VERBS)
        )

    # -- what a player may know (TB-2.7) ---------------------------------------
    def _view(self, state: State, player: int) -> State:
        """The other hand and the pile hidden, face-down cards of the other player shown by bridge only.

        A face-down card of the other player keeps only its orientation: neither the card nor, for a
        Chronist, its declared suit (TB-4.12: hidden until it is revealed).
        """
        other = 1 - player
        hands = _with_hand(state.hands, other, (HIDDEN,) * len(state.hands[other]))
        columns = state.columns
        hidden: set[int] = set()
        for b in range(3):
            col = columns[b][other]
            if any(e & FACE_DOWN for e in col):
                hidden.update(e & CARD_MASK for e in col if e & FACE_DOWN)
                col = tuple((e & (SIDEWAYS | FACE_DOWN)) | HIDDEN if e & FACE_DOWN else e for e in col)
                columns = _with_column(columns, b, other, col)
        queue = tuple(p.replace(card=HIDDEN) if p.card in hidden else p for p in state.queue)
        trail = state.trail
        if hidden:  # the placement of the face-down card is the other player's last placement
            k = latest_index(trail, lambda who, action: who == other and isinstance(action, Place))
            if k >= 0:  # (none in a built position)
                placed = entry_at(trail, k)[1]
                trail = with_action(trail, k, PLACES[HIDDEN][placed.bridge])
        # its due decision's ways are worked out from the view (legality.legal); the seed would tell the pile
        return state.replace(
            setup=view_setup(player),
            trail=trail,
            columns=columns,
            hands=hands,
            pile=(HIDDEN,) * len(state.pile),
            queue=queue,
        )

    def _hand(self, state: State, seat: int) -> tuple[str | None, ...] | None:
        """The codes of the cards ``seat`` holds, sorted as shown; None for a card the state hides."""
        return tuple(None if c == HIDDEN else code(c) for c in state.hands[seat])


def _round_draws(hands: Hands, pile: tuple[int, ...], first_to_draw: int) -> tuple[Hands, tuple[int, ...]]:
    """TB-4.2: the leader and then the follower draw one card each."""
    hands, pile = _draw(hands, pile, first_to_draw)
    return _draw(hands, pile, 1 - first_to_draw)


def _stacked(deck: Any) -> tuple[int, ...]:
    """The cards of a stacked deck (codes in draw order, a prefix of the deck); () without one."""
    if deck is None:
        return ()
    chronists = [CHR1, CHR2]  # TB-2.1: two Chronisten, told apart by the order they come in

    def card(text: str) -> int:
        c = parse_card(text)
        if c < 32:
            return c
        if not chronists:
            raise ValueError(_("the deck has only two Chronisten (TB-2.1)"))
        return chronists.pop(0)

    return check_deck(deck, card, len(DECK), example="['E-VII', 'Chr', 'L-O', ...]")


def _hand_card(text: str, player: int | None) -> tuple[int, int]:
    """A card of a ``place``/``play`` text: (card, declared suit or -1); ``Chr=E`` is a declared Chronist."""
    if text.upper().startswith("CHR="):
        try:
            return CHR1, parse_suit(text[4:])
        except ValueError:
            raise IllegalMove(
                _("A Chronist is declared one of the four suits H, E, S, L, not {suit}").format(suit=excerpt(text[4:])),
                rule="TB-4.12",
                player=player,
            ) from None
    return parse_card(text), -1


def _board_code(text: str) -> str:
    """The canonical form of a card named on the board (``face-down``, ``Chr=E@B0``); ValueError if none."""
    if text.lower() == "face-down":
        return "face-down"
    base, at, place = text.partition("@")
    if base.upper().startswith("CHR="):
        base = "Chr=" + SUITS[parse_suit(base[4:])]
    else:
        base = code(parse_card(base))
    if at:
        place = place.lower() if place.lower().startswith("seat") else place.upper()
    return base + at + place


def _bridge(text: str, rule: str, player: int | None) -> int:
    try:
        return parse_bridge(text)
    except ValueError:
        raise IllegalMove(
            _("There are only three bridges, A, B and C, not {text}").format(text=excerpt(text)),
            rule=rule,
            player=player,
        ) from None


# ---------------------------------------------------------------------------
# Stacked decks for teaching scenarios


def deck_for(bridges: Any, p1_hand: Any, p2_hand: Any, draws: Any = ()) -> list[str]:
    """A ``new(deck=...)`` prefix that reveals ``bridges`` (A, B, C), deals the hands and then ``draws``.

    TB-3.2, TB-3.3: the three bridge cards come first, then the deal one card at a time,
    P1 first (``p1_hand`` is P1's, whichever seat ``first_player`` makes P1), then the
    pile in draw order: round 1's draws (P1, then P2), round 2's (P2, then P1), ... and
    any Eichel draw where it happens.  The rest of the deck is shuffled by the seed.
    """
    if len(bridges) != 3 or len(p1_hand) != HAND or len(p2_hand) != HAND:
        raise ValueError(_("three bridge cards and {n} cards for each hand (TB-3.2, TB-3.3)").format(n=HAND))
    if any(parse_card(c) >= 32 for c in bridges):
        raise ValueError(_("a Chronist cannot be a bridge (TB-3.2)"))
    deal = [c for pair in zip(p1_hand, p2_hand) for c in pair]
    return list(bridges) + deal + list(draws)


# The judges of each decision (what is legal, and why anything else is refused) use the records and
# actions above: imported last, once these exist.  _due_step decides when resolving stops (_resolve);
# the judges of the abilities are named here for the tests that ask them, legal as _due_ways for worlds.py.
from .legality import (  # noqa: E402
    _due_step,
    ability_clause,
    due_ability,
    legal,
    refusal,
)
from .legality import _move_actions as _move_actions  # noqa: E402
from .legality import _play_actions as _play_actions  # noqa: E402
from .legality import _turn_actions as _turn_actions  # noqa: E402
from .legality import legal as _due_ways  # noqa: E402, F401
