"""Brokdorf: the rules (clause ids refer to cardgames/brokdorf/rules.md).

A state is one moment of a round (Runde) or, in tournament mode, of a session of rounds
(BK-3.1).  It is made of records, each changing as often as its part of the game does:
the :class:`State` itself (the history, the hands, the :class:`Trick` on the table) with
every decision, the :class:`Deal` (who is dealt in, the calls, the contract) with every
call, and the :class:`Sheet` (the scorekeeper's points, games and euros) with every
scored game.  Every decision of the BK-7 table is an action; dealing, redeals, trick
winners, scoring, the round end and its settlement follow automatically in ``_step``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, TypeVar, cast

from mypy_extensions import mypyc_attr

from ..core.decks import check_decks
from ..core.errors import IllegalMove
from ..core.game import Action, Event, Game, Setup, Trail, entries, entry_at, extend, trail_length, view_setup
from ..core.i18n import N_, get_language
from ..core.inputs import excerpt
from ..core.record import KEEP, Keep, Record
from ..core.rng import randbelow, shuffle
from .cards import (
    BY_CODE,
    CARDS,
    CATALOG,
    SUIT_NAMES,
    SUITS,
    Card,
    beats,
    draw_key,
    parse_card,
    parse_cards,
    parse_suit,
    sort_hand,
    suit,
)

_, ngettext = CATALOG.functions()

HAND: Final = 5  # BK-3.5: five cards each
TRICKS: Final = 5
START_POINTS: Final = 15  # BK-3.2
UPPER: Final = 25  # BK-6.1: more than 25 ends the round

# phases: who decides what now
BID: Final = "bid"
TRUMP: Final = "trump"
ANSWER: Final = "answer"
PLAY: Final = "play"
STECHEN_DEALER: Final = "stechen-dealer"
NEXT_DEALER: Final = "next-dealer"
OVER: Final = "over"

T = TypeVar("T")


# ---------------------------------------------------------------------------
# Actions (BK-7). str(action) is the canonical text that parse_action reads.


@dataclass(frozen=True, slots=True)
class Bid(Action):
    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"


@dataclass(frozen=True, slots=True)
class Gut(Action):
    def __str__(self) -> str:
        return "gut"


@dataclass(frozen=True, slots=True)
class Trump(Action):
    suit: int

    def __str__(self) -> str:
        return f"trump {SUITS[self.suit]}"


@dataclass(frozen=True, slots=True)
class Mit(Action):
    def __str__(self) -> str:
        return "mit"


@dataclass(frozen=True, slots=True)
class Weg(Action):
    def __str__(self) -> str:
        return "weg"


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Dealer(Action):
    """BK-7.2 / BK-7.8: name the dealer (of the next round, or of the decision game)."""

    seat: int

    def __str__(self) -> str:
        return f"dealer {self.seat}"


class TableEvent(Action):
    """BK-5.10-5.13: what a scorekeeper records at a real table; never in legal_actions."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Misdeal(TableEvent):
    def __str__(self) -> str:
        return "misdeal"


@dataclass(frozen=True, slots=True)
class Violation(TableEvent):
    seat: int

    def __str__(self) -> str:
        return f"violation {self.seat}"


@dataclass(frozen=True, slots=True)
class Expel(TableEvent):
    seat: int

    def __str__(self) -> str:
        return f"expel {self.seat}"


BIDS: Final = tuple(Bid(b) for b in range(TRICKS + 1))
GUT: Final = Gut()
MIT: Final = Mit()
WEG: Final = Weg()
TRUMPS: Final = tuple(Trump(s) for s in range(4))
PLAYS: Final = tuple(Play(c) for c in CARDS)
DEALERS: Final = tuple(Dealer(s) for s in range(6))
CALLS_FROM: Final = tuple((GUT, *BIDS[low:]) for low in range(TRICKS + 2))  # BK-4.2: GUT or a bid from low
MIT_WEG: Final = (MIT, WEG)


# ---------------------------------------------------------------------------
# The state: records, from the one that changes with every card to the one that
# changes with every scored game


class Trick(Record):
    """BK-4.8, BK-4.9: the trick on the table."""

    FIELDS = ("turns", "cards", "best")
    turns: tuple[int, ...]  # who plays to it: the active players in table order from the leader
    cards: tuple[Card, ...]  # the cards played so far, in turn order
    best: int  # index in cards of the card that wins so far

    def __init__(self, turns: tuple[int, ...], cards: tuple[Card, ...] = (), best: int = 0) -> None:
        self.turns = turns
        self.cards = cards
        self.best = best

    def replace(
        self,
        *,
        turns: tuple[int, ...] | Keep = KEEP,
        cards: tuple[Card, ...] | Keep = KEEP,
        best: int | Keep = KEEP,
    ) -> Trick:
        return Trick(
            turns=self.turns if turns is KEEP else turns,
            cards=self.cards if cards is KEEP else cards,
            best=self.best if best is KEEP else best,
        )

    def winner(self) -> int:
        """BK-4.9: the seat whose card wins so far (the trick's taker once it is complete)."""
        return self.turns[self.best]


def played_to(trick: Trick, card: Card, trump: int) -> Trick:
    """BK-4.9: ``trick`` after ``card``; the winning card so far is replaced by a card that beats it."""
    best = len(trick.cards) if trick.cards and beats(card, trick.cards[trick.best], trump) else trick.best
    return Trick(turns=trick.turns, cards=trick.cards + (card,), best=best)


Hand = tuple[Card, ...]
UNSEEN: Final[tuple[tuple[None, ...], ...]] = tuple([(None,) * n for n in range(HAND + 1)])  # a hidden hand of n cards
NO_TRICK: Final = Trick(turns=())  # the trick before play begins: nobody plays to it


class Deal(Record):
    """One deal (Spiel): who is dealt in, the calls, the contract and the answers."""

    FIELDS = (
        "seats",
        "dealer",
        "order",
        "calls",
        "declarer",
        "contract",
        "trump",
        "answers",
        "answer_order",
        "violators",
        "redeals",
        "luschen",
        "decision",
    )
    seats: tuple[int, ...]  # who takes part, in table order (the round's seats or a Stechen's members)
    dealer: int
    order: tuple[int, ...]  # BK-4.1: from the dealer's left round to the dealer
    calls: tuple[int | None, ...]  # bids in call order; None is GUT
    declarer: int | None
    contract: int | None
    trump: int | None
    answers: tuple[bool, ...]  # MIT (True) / WEG (False) in answer order
    answer_order: tuple[int, ...]  # BK-4.6: the others, clockwise from the declarer's left
    violators: frozenset[int]  # BK-5.12: seats caught violating in this deal
    redeals: int  # void deals before this one in this game (BK-3.6, BK-4.3)
    luschen: int  # of those, dealt again just now because of a Luschen hand (BK-3.6)
    decision: bool  # BK-5.8: a Stechen decision game

    def __init__(
        self,
        seats: tuple[int, ...],
        dealer: int,
        order: tuple[int, ...],
        calls: tuple[int | None, ...] = (),
        declarer: int | None = None,
        contract: int | None = None,
        trump: int | None = None,
        answers: tuple[bool, ...] = (),
        answer_order: tuple[int, ...] = (),
        violators: frozenset[int] = frozenset(),
        redeals: int = 0,
        luschen: int = 0,
        decision: bool = False,
    ) -> None:
        self.seats = seats
        self.dealer = dealer
        self.order = order
        self.calls = calls
        self.declarer = declarer
        self.contract = contract
        self.trump = trump
        self.answers = answers
        self.answer_order = answer_order
        self.violators = violators
        self.redeals = redeals
        self.luschen = luschen
        self.decision = decision

    def replace(
        self,
        *,
        seats: tuple[int, ...] | Keep = KEEP,
        dealer: int | Keep = KEEP,
        order: tuple[int, ...] | Keep = KEEP,
        calls: tuple[int | None, ...] | Keep = KEEP,
        declarer: int | None | Keep = KEEP,
        contract: int | None | Keep = KEEP,
        trump: int | None | Keep = KEEP,
        answers: tuple[bool, ...] | Keep = KEEP,
        answer_order: tuple[int, ...] | Keep = KEEP,
        violators: frozenset[int] | Keep = KEEP,
        redeals: int | Keep = KEEP,
        luschen: int | Keep = KEEP,
        decision: bool | Keep = KEEP,
    ) -> Deal:
        return Deal(
            seats=self.seats if seats is KEEP else seats,
            dealer=self.dealer if dealer is KEEP else dealer,
            order=self.order if order is KEEP else order,
            calls=self.calls if calls is KEEP else calls,
            declarer=self.declarer if declarer is KEEP else declarer,
            contract=self.contract if contract is KEEP else contract,
            trump=self.trump if trump is KEEP else trump,
            answers=self.answers if answers is KEEP else answers,
            answer_order=self.answer_order if answer_order is KEEP else answer_order,
            violators=self.violators if violators is KEEP else violators,
            redeals=self.redeals if redeals is KEEP else redeals,
            luschen=self.luschen if luschen is KEEP else luschen,
            decision=self.decision if decision is KEEP else decision,
        )

    def called(self, bid: int | None) -> Deal:
        """BK-4.2: this deal with one more call (a bid, or None for GUT)."""
        return self.replace(calls=self.calls + (bid,))

    def answered(self, mit: bool) -> Deal:
        """BK-4.6: this deal with one more answer, MIT (True) or WEG (False)."""
        return self.replace(answers=self.answers + (mit,))

    @property
    def active(self) -> tuple[int, ...]:
        """BK-4.8: the declarer and the MIT players, in table order."""
        mit = {s for s, a in zip(self.answer_order, self.answers) if a}
        return tuple(s for s in self.seats if s == self.declarer or s in mit)

    def declarer_seat(self) -> int:
        """The declarer, once the bidding has found one (BK-4.4)."""
        assert self.declarer is not None, "no declarer yet"
        return self.declarer

    def trump_suit(self) -> int:
        """The trump suit, once the declarer named it (BK-4.5)."""
        assert self.trump is not None, "no trump named yet"
        return self.trump

    def answer_of(self, seat: int) -> bool | None:
        """MIT (True), WEG (False), or None before ``seat`` answered."""
        for s, a in zip(self.answer_order, self.answers):
            if s == seat:
                return a
        return None


class Stechen(Record):
    """BK-5.8: a tie-break in progress."""

    FIELDS = ("members", "draw", "winner")
    members: tuple[int, ...]  # T, in table order
    draw: tuple[tuple[int, Card], ...]  # the cards drawn in this tie-break so far, member order
    winner: int  # the latest draw's winner, who names the dealer

    def __init__(self, members: tuple[int, ...], draw: tuple[tuple[int, Card], ...], winner: int) -> None:
        self.members = members
        self.draw = draw
        self.winner = winner

    def replace(
        self,
        *,
        members: tuple[int, ...] | Keep = KEEP,
        draw: tuple[tuple[int, Card], ...] | Keep = KEEP,
        winner: int | Keep = KEEP,
    ) -> Stechen:
        return Stechen(
            members=self.members if members is KEEP else members,
            draw=self.draw if draw is KEEP else draw,
            winner=self.winner if winner is KEEP else winner,
        )


class GameScore(Record):
    """A scored game (BK-5.1): who did what and what it changed."""

    FIELDS = (
        "round",
        "number",
        "dealer",
        "declarer",
        "contract",
        "trump",
        "mit",
        "weg",
        "tricks",
        "changes",
        "violators",
        "played",
    )
    round: int
    number: int  # 1-based within the round; 0 for a Stechen decision game
    dealer: int
    declarer: int
    contract: int
    trump: int
    mit: tuple[int, ...]
    weg: tuple[int, ...]
    tricks: tuple[int, ...]  # per seat, after BK-5.12 voiding
    changes: tuple[int, ...]  # per seat (0 for seats not in the game)
    violators: tuple[int, ...]
    played: bool  # False when everybody left (BK-4.7)

    def __init__(
        self,
        round: int,
        number: int,
        dealer: int,
        declarer: int,
        contract: int,
        trump: int,
        mit: tuple[int, ...],
        weg: tuple[int, ...],
        tricks: tuple[int, ...],
        changes: tuple[int, ...],
        violators: tuple[int, ...],
        played: bool,
    ) -> None:
        self.round = round
        self.number = number
        self.dealer = dealer
        self.declarer = declarer
        self.contract = contract
        self.trump = trump
        self.mit = mit
        self.weg = weg
        self.tricks = tricks
        self.changes = changes
        self.violators = violators
        self.played = played

    def replace(
        self,
        *,
        round: int | Keep = KEEP,
        number: int | Keep = KEEP,
        dealer: int | Keep = KEEP,
        declarer: int | Keep = KEEP,
        contract: int | Keep = KEEP,
        trump: int | Keep = KEEP,
        mit: tuple[int, ...] | Keep = KEEP,
        weg: tuple[int, ...] | Keep = KEEP,
        tricks: tuple[int, ...] | Keep = KEEP,
        changes: tuple[int, ...] | Keep = KEEP,
        violators: tuple[int, ...] | Keep = KEEP,
        played: bool | Keep = KEEP,
    ) -> GameScore:
        return GameScore(
            round=self.round if round is KEEP else round,
            number=self.number if number is KEEP else number,
            dealer=self.dealer if dealer is KEEP else dealer,
            declarer=self.declarer if declarer is KEEP else declarer,
            contract=self.contract if contract is KEEP else contract,
            trump=self.trump if trump is KEEP else trump,
            mit=self.mit if mit is KEEP else mit,
            weg=self.weg if weg is KEEP else weg,
            tricks=self.tricks if tricks is KEEP else tricks,
            changes=self.changes if changes is KEEP else changes,
            violators=self.violators if violators is KEEP else violators,
            played=self.played if played is KEEP else played,
        )


class RoundResult(Record):
    """A settled round (BK-5.4)."""

    FIELDS = (
        "round",
        "end",
        "loser",
        "winner",
        "seated",
        "points",
        "euros",
        "games",
        "stechen",
        "left",
        "penalised",
        "payers",
    )
    round: int
    end: str  # "normal", "durchmarsch", "misdeal" or "expulsion"
    loser: int | None
    winner: int | None  # the Durchmarsch player
    seated: tuple[int, ...]
    points: tuple[int, ...]
    euros: tuple[Fraction, ...]  # per seat of the game
    games: int
    stechen: tuple[tuple[tuple[int, Card], ...], ...]  # the draws of its tie-break, if any
    left: tuple[int, ...]  # seats that left the session after it (BK-5.13, BK-5.14)
    penalised: tuple[int, ...]  # Durchmarsch: P, the others with a game +5 in games 1-3 (BK-5.6)
    payers: tuple[int, ...]  # who pays: the loser, or the Durchmarsch payers (BK-5.5-5.7)

    def __init__(
        self,
        round: int,
        end: str,
        loser: int | None,
        winner: int | None,
        seated: tuple[int, ...],
        points: tuple[int, ...],
        euros: tuple[Fraction, ...],
        games: int,
        stechen: tuple[tuple[tuple[int, Card], ...], ...] = (),
        left: tuple[int, ...] = (),
        penalised: tuple[int, ...] = (),
        payers: tuple[int, ...] = (),
    ) -> None:
        self.round = round
        self.end = end
        self.loser = loser
        self.winner = winner
        self.seated = seated
        self.points = points
        self.euros = euros
        self.games = games
        self.stechen = stechen
        self.left = left
        self.penalised = penalised
        self.payers = payers

    def replace(
        self,
        *,
        round: int | Keep = KEEP,
        end: str | Keep = KEEP,
        loser: int | None | Keep = KEEP,
        winner: int | None | Keep = KEEP,
        seated: tuple[int, ...] | Keep = KEEP,
        points: tuple[int, ...] | Keep = KEEP,
        euros: tuple[Fraction, ...] | Keep = KEEP,
        games: int | Keep = KEEP,
        stechen: tuple[tuple[tuple[int, Card], ...], ...] | Keep = KEEP,
        left: tuple[int, ...] | Keep = KEEP,
        penalised: tuple[int, ...] | Keep = KEEP,
        payers: tuple[int, ...] | Keep = KEEP,
    ) -> RoundResult:
        return RoundResult(
            round=self.round if round is KEEP else round,
            end=self.end if end is KEEP else end,
            loser=self.loser if loser is KEEP else loser,
            winner=self.winner if winner is KEEP else winner,
            seated=self.seated if seated is KEEP else seated,
            points=self.points if points is KEEP else points,
            euros=self.euros if euros is KEEP else euros,
            games=self.games if games is KEEP else games,
            stechen=self.stechen if stechen is KEEP else stechen,
            left=self.left if left is KEEP else left,
            penalised=self.penalised if penalised is KEEP else penalised,
            payers=self.payers if payers is KEEP else payers,
        )


class Log(Record):
    """An append-only sequence read like a tuple: the sheet's scored games and settled rounds (BK-5.10).

    ``len``, indexing (``log[-1]``), slicing, iteration and ``==`` work as on a tuple; ``appended``
    is the log with one more item.  It is kept as a trail (``cardgames.core.game``), so that an
    append costs the same however long the session is: a tuple is copied whole by every append,
    and a tournament of thousands of rounds slowed down as it went (docs/benchmarks.md).
    """

    FIELDS = ("trail",)
    trail: Trail  # the items as the actions of a trail (its players None)

    def __init__(self, trail: Trail = None) -> None:
        self.trail = trail

    def appended(self, item: Any) -> Log:
        """This log with ``item`` at its end; this log is as it was."""
        return Log(extend(self.trail, None, item))

    def __len__(self) -> int:
        return trail_length(self.trail)

    def __bool__(self) -> bool:
        return self.trail is not None

    def __iter__(self) -> Iterator[Any]:
        return iter([item for _player, item in entries(self.trail)])

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step == 1:  # log[k:]: only the items from k on are read
                return tuple([item for _player, item in entries(self.trail, start)][: max(0, stop - start)])
            return tuple(self)[index]
        if not isinstance(index, int):
            raise TypeError(f"log indices must be integers or slices, not {type(index).__name__}")
        trail = self.trail
        if index == -1 and trail is not None and trail[1] is not None:
            return trail[1][3]  # the latest item, the one a step asks for
        length = len(self)
        at = index + length if index < 0 else index
        if not 0 <= at < length:
            raise IndexError("log index out of range")
        return entry_at(trail, at)[1]

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"


NO_LOG: Final = Log()  # the empty log: a new session's scores and results


class Sheet(Record):
    """The scorekeeper's sheet (BK-5.10): the round's points and games, the session's euros and records."""

    FIELDS = (
        "seated",
        "round",
        "points",
        "games",
        "misdeals",
        "violations",
        "penalised",
        "last_declarer",
        "stechen",
        "chooser",
        "balances",
        "scores",
        "results",
        "deals",
        "draws",
    )
    seated: tuple[int, ...]  # seats still in the session, table order
    round: int
    points: tuple[int, ...]  # per seat (BK-2.5)
    games: int  # games scored in this round (BK-3.7: void deals do not count)
    misdeals: tuple[int, ...]  # per seat as dealer, this round (BK-5.11)
    violations: tuple[int, ...]  # per seat, recorded in the session (BK-5.13)
    penalised: frozenset[int]  # seats with a game +5 (BK-5.1, BK-5.12) in games 1-3 of this round (BK-5.6)
    last_declarer: int | None
    stechen: Stechen | None  # BK-5.8: the tie-break in progress
    chooser: int | None  # who names the next round's first dealer (BK-6.4)
    balances: tuple[Fraction, ...]  # euros per seat
    scores: Log  # every scored game of the session (GameScore)
    results: Log  # every settled round of the session (RoundResult)
    deals: int  # deals shuffled so far in the session (selects the stacked or seeded deck)
    draws: int  # Stechen draws so far

    def __init__(
        self,
        seated: tuple[int, ...],
        round: int,
        points: tuple[int, ...],
        games: int,
        misdeals: tuple[int, ...],
        violations: tuple[int, ...],
        penalised: frozenset[int],
        last_declarer: int | None,
        stechen: Stechen | None,
        chooser: int | None,
        balances: tuple[Fraction, ...],
        scores: Log,
        results: Log,
        deals: int,
        draws: int,
    ) -> None:
        self.seated = seated
        self.round = round
        self.points = points
        self.games = games
        self.misdeals = misdeals
        self.violations = violations
        self.penalised = penalised
        self.last_declarer = last_declarer
        self.stechen = stechen
        self.chooser = chooser
        self.balances = balances
        self.scores = scores
        self.results = results
        self.deals = deals
        self.draws = draws

    def replace(
        self,
        *,
        seated: tuple[int, ...] | Keep = KEEP,
        round: int | Keep = KEEP,
        points: tuple[int, ...] | Keep = KEEP,
        games: int | Keep = KEEP,
        misdeals: tuple[int, ...] | Keep = KEEP,
        violations: tuple[int, ...] | Keep = KEEP,
        penalised: frozenset[int] | Keep = KEEP,
        last_declarer: int | None | Keep = KEEP,
        stechen: Stechen | None | Keep = KEEP,
        chooser: int | None | Keep = KEEP,
        balances: tuple[Fraction, ...] | Keep = KEEP,
        scores: Log | Keep = KEEP,
        results: Log | Keep = KEEP,
        deals: int | Keep = KEEP,
        draws: int | Keep = KEEP,
    ) -> Sheet:
        return Sheet(
            seated=self.seated if seated is KEEP else seated,
            round=self.round if round is KEEP else round,
            points=self.points if points is KEEP else points,
            games=self.games if games is KEEP else games,
            misdeals=self.misdeals if misdeals is KEEP else misdeals,
            violations=self.violations if violations is KEEP else violations,
            penalised=self.penalised if penalised is KEEP else penalised,
            last_declarer=self.last_declarer if last_declarer is KEEP else last_declarer,
            stechen=self.stechen if stechen is KEEP else stechen,
            chooser=self.chooser if chooser is KEEP else chooser,
            balances=self.balances if balances is KEEP else balances,
            scores=self.scores if scores is KEEP else scores,
            results=self.results if results is KEEP else results,
            deals=self.deals if deals is KEEP else deals,
            draws=self.draws if draws is KEEP else draws,
        )


@mypyc_attr(free_list_len=1)  # compiled: a step's new state reuses the memory of the one it replaced
class State(Record):
    """One moment of a round or session: the sheet, and the deal in progress with its cards."""

    FIELDS = ("setup", "trail", "phase", "sheet", "deal", "hands", "trick", "tricks", "played")
    setup: Setup
    trail: Trail
    phase: str  # who decides what now: BID, TRUMP, ANSWER, PLAY, STECHEN_DEALER, NEXT_DEALER or OVER
    sheet: Sheet
    deal: Deal | None  # None between deals (a Stechen draw, the next round's dealer, the end)
    hands: tuple[Hand, ...]  # per seat of the game; () for a seat not dealt in (BK-3.5)
    trick: Trick  # the trick on the table (BK-4.8)
    tricks: tuple[int, ...]  # per seat: tricks taken in this deal
    played: tuple[Trick, ...]  # the finished tricks of this deal

    def __init__(
        self,
        setup: Setup,
        trail: Trail,
        phase: str,
        sheet: Sheet,
        deal: Deal | None = None,
        hands: tuple[Hand, ...] = (),
        trick: Trick = NO_TRICK,
        tricks: tuple[int, ...] = (),
        played: tuple[Trick, ...] = (),
    ) -> None:
        self.setup = setup
        self.trail = trail
        self.phase = phase
        self.sheet = sheet
        self.deal = deal
        self.hands = hands
        self.trick = trick
        self.tricks = tricks
        self.played = played

    def replace(
        self,
        *,
        setup: Setup | Keep = KEEP,
        trail: Trail | Keep = KEEP,
        phase: str | Keep = KEEP,
        sheet: Sheet | Keep = KEEP,
        deal: Deal | None | Keep = KEEP,
        hands: tuple[Hand, ...] | Keep = KEEP,
        trick: Trick | Keep = KEEP,
        tricks: tuple[int, ...] | Keep = KEEP,
        played: tuple[Trick, ...] | Keep = KEEP,
    ) -> State:
        return State(
            setup=self.setup if setup is KEEP else setup,
            trail=self.trail if trail is KEEP else trail,
            phase=self.phase if phase is KEEP else phase,
            sheet=self.sheet if sheet is KEEP else sheet,
            deal=self.deal if deal is KEEP else deal,
            hands=self.hands if hands is KEEP else hands,
            trick=self.trick if trick is KEEP else trick,
            tricks=self.tricks if tricks is KEEP else tricks,
            played=self.played if played is KEEP else played,
        )

    def dealt_on(self, trail: Trail, deal: Deal) -> State:
        """This state after a call or an answer that did not close the bidding: the new trail and deal."""
        return State(
            setup=self.setup,
            trail=trail,
            phase=self.phase,
            sheet=self.sheet,
            deal=deal,
            hands=self.hands,
            trick=self.trick,
            tricks=self.tricks,
            played=self.played,
        )

    def deal_in_progress(self) -> Deal:
        """The deal in progress (from its bidding to its last trick)."""
        assert self.deal is not None, f"no deal in progress in phase {self.phase}"
        return self.deal


# ---------------------------------------------------------------------------
# Legal cards (BK-4.10, BK-4.11)

FOLLOW: Final = "follow"  # BK-4.10(a)
MUST_TRUMP: Final = "trump"  # BK-4.10(b)
DISCARD: Final = "discard"  # BK-4.10(c)
LEAD: Final = "lead"  # BK-7.6


def obligation(hand: Hand, led: int, trump: int) -> tuple[str, Hand]:
    """BK-4.10: the obligation set A of a follower, with its case (a) follow, (b) trump or (c) discard."""
    follow = tuple([c for c in hand if suit(c) == led])
    if follow:
        return FOLLOW, follow
    trumps = tuple([c for c in hand if suit(c) == trump])
    if trumps:
        return MUST_TRUMP, trumps
    return DISCARD, hand


def heading(obliged: Hand, winner: Card, trump: int) -> Hand:
    """BK-4.11: the cards of the obligation set that beat the winning card W."""
    return tuple([c for c in obliged if beats(c, winner, trump)])


def legal_cards(hand: Hand, trick: tuple[Card, ...], best: int, trump: int) -> Hand:
    """The cards a player may play to ``trick`` (whose winning card is ``trick[best]``)."""
    if not trick:
        return hand  # BK-7.6: the leader may lead any card
    case, obliged = obligation(hand, suit(trick[0]), trump)
    if case == DISCARD:
        return hand  # BK-4.10(c), BK-4.12: nothing can beat W, any discard
    return heading(obliged, trick[best], trump) or obliged  # BK-4.11


class Duty(Record):
    """What BK-4.10 and BK-4.11 ask of a player before he plays; for words in describe and in refusals."""

    FIELDS = ("case", "led", "trump", "winner", "obliged", "heads", "allowed")
    case: str  # FOLLOW, MUST_TRUMP or DISCARD (BK-4.10 (a), (b), (c)); LEAD for the leader (BK-7.6)
    led: int  # the suit led (-1 for the leader)
    trump: int
    winner: Card | None  # the currently winning card W (BK-4.9)
    obliged: Hand  # the obligation set A (BK-4.10)
    heads: bool  # BK-4.11: some card of A beats W, so he must play one that does
    allowed: Hand  # the legal set (BK-4.11)

    def __init__(
        self, case: str, led: int, trump: int, winner: Card | None, obliged: Hand, heads: bool, allowed: Hand
    ) -> None:
        self.case = case
        self.led = led
        self.trump = trump
        self.winner = winner
        self.obliged = obliged
        self.heads = heads
        self.allowed = allowed

    def replace(
        self,
        *,
        case: str | Keep = KEEP,
        led: int | Keep = KEEP,
        trump: int | Keep = KEEP,
        winner: Card | None | Keep = KEEP,
        obliged: Hand | Keep = KEEP,
        heads: bool | Keep = KEEP,
        allowed: Hand | Keep = KEEP,
    ) -> Duty:
        return Duty(
            case=self.case if case is KEEP else case,
            led=self.led if led is KEEP else led,
            trump=self.trump if trump is KEEP else trump,
            winner=self.winner if winner is KEEP else winner,
            obliged=self.obliged if obliged is KEEP else obliged,
            heads=self.heads if heads is KEEP else heads,
            allowed=self.allowed if allowed is KEEP else allowed,
        )

    @property
    def clauses(self) -> str:
        """The clauses that make the legal set what it is."""
        if self.case == LEAD:
            return "BK-7.6"
        letter = {FOLLOW: "a", MUST_TRUMP: "b", DISCARD: "c"}[self.case]
        return f"BK-4.10({letter})" + (", BK-4.11" if self.heads else "")

    def words(self, who: str) -> str:
        """The duty as a clause of a sentence about ``who``: "he" in describe, "you" in a refusal."""
        you = who == "you"
        if self.case == LEAD or self.winner is None:
            return _("you may lead any card") if you else _("he may lead any card")
        led = SUIT_NAMES[self.led]
        w = self.winner.pretty
        if self.case == FOLLOW:
            trumps = self.led == self.trump
            if self.heads:
                if trumps:
                    text = (
                        _("you must follow {led}, the trump suit, and head the trick by beating {winner}")
                        if you
                        else _("he must follow {led}, the trump suit, and head the trick by beating {winner}")
                    )
                else:
                    text = (
                        _("you must follow {led} and head the trick by beating {winner}")
                        if you
                        else _("he must follow {led} and head the trick by beating {winner}")
                    )
            elif trumps:
                text = (
                    _("you must follow {led}, the trump suit, and cannot beat {winner}")
                    if you
                    else _("he must follow {led}, the trump suit, and cannot beat {winner}")
                )
            else:
                text = (
                    _("you must follow {led} and cannot beat {winner}")
                    if you
                    else _("he must follow {led} and cannot beat {winner}")
                )
        elif self.case == MUST_TRUMP:
            if not self.heads:
                text = (
                    _("you cannot follow {led}, so you must trump, even under {winner}")
                    if you
                    else _("he cannot follow {led}, so he must trump, even under {winner}")
                )
            elif suit(self.winner) == self.trump:
                text = (
                    _("you cannot follow {led}, so you must trump and overtrump {winner}")
                    if you
                    else _("he cannot follow {led}, so he must trump and overtrump {winner}")
                )
            else:
                text = (
                    _("you cannot follow {led}, so you must trump and beat {winner}")
                    if you
                    else _("he cannot follow {led}, so he must trump and beat {winner}")
                )
        elif self.led == self.trump:
            text = (
                _("you cannot follow {led}, the trump suit, so any card is allowed")
                if you
                else _("he cannot follow {led}, the trump suit, so any card is allowed")
            )
        else:
            text = (
                _("you can neither follow {led} nor trump, so any card is allowed")
                if you
                else _("he can neither follow {led} nor trump, so any card is allowed")
            )
        return text.format(led=led, winner=w)


def duty(hand: Hand, trick: tuple[Card, ...], best: int, trump: int) -> Duty:
    """The follower's duty before he plays to ``trick`` (BK-4.10, BK-4.11); the leader's with no trick."""
    if not trick:
        return Duty(case=LEAD, led=-1, trump=trump, winner=None, obliged=hand, heads=False, allowed=hand)
    led = suit(trick[0])
    w = trick[best]
    case, obliged = obligation(hand, led, trump)
    heads = heading(obliged, w, trump) if case != DISCARD else ()
    return Duty(
        case=case,
        led=led,
        trump=trump,
        winner=w,
        obliged=obliged,
        heads=bool(heads),
        allowed=legal_cards(hand, trick, best, trump),
    )


# ---------------------------------------------------------------------------
# The rules


# ONLY[seat] is (seat,): to_act's answers, made once (typed as tuples of any length, so compiled code
# hands out these very objects instead of building new ones)
ONLY: Final[tuple[tuple[int, ...], ...]] = tuple([(seat,) for seat in range(6)])

TURN_RULES: Final = {
    BID: "BK-4.1",
    TRUMP: "BK-4.5",
    ANSWER: "BK-4.6",
    PLAY: "BK-4.8",
    STECHEN_DEALER: "BK-5.8",
    NEXT_DEALER: "BK-6.4",
}


# The bounds that make the longest allowed session finish in seconds (docs/games/brokdorf.md, docs/benchmarks.md;
# random play, six players, pure Python; compiled about four times faster).  The rules are untouched: a
# tournament ends by BK-5.15 alone; the options' allowed ranges are bounded.
# The most rounds max_rounds may ask for: six random players take about 190 decisions a round, so the longest
# such session takes about 190,000 decisions (seconds), where a real tournament night is tens of rounds.
MAX_ROUNDS: Final = 1_000
# The most euros between start_euros and lower_bound of a tournament without max_rounds, the rules' defaults
# (10 and 0, BK-5.14): the balances move as a zero-sum random walk, so the rounds until one player is left
# grow with the square of this distance.  With 10 euros, 40 sessions of six random players took 884 rounds at
# the median and 3,498 (208,949 decisions, 6 s pure) at the most; with 20 euros a session took 5,920 rounds.
OPEN_SPREAD: Final = 10
# No round takes more decisions: six random players took 192 a round on average and 661 at the most in
# 6,000 rounds, whose lengths fall off geometrically (a round longer than this would be a bug).
ROUND_DECISIONS: Final = 2_000
# No tournament without max_rounds takes more decisions: ten times the longest of those 40 sessions, whose
# lengths fall off exponentially; a session that runs past it is stopped as a runaway (a bug).
OPEN_DECISIONS: Final = 2_000_000


class BrokdorfRules(Game):
    """The rules of Brokdorf for 2-6 players: one round (Runde), or a tournament of rounds (BK-5.14)."""

    tournament: bool
    _max_rounds: int | None  # BK-5.15: the rounds after which the session ends; None: when one player is left

    def _configure(self) -> None:
        fd = self.options["first_dealer"]
        if fd is not None and fd >= self.players:
            raise ValueError(
                _("option first_dealer={value}: there are only seats 0 to {last}").format(
                    value=excerpt(fd), last=self.players - 1
                )
            )
        self.tournament = bool(self.options["tournament"])
        # BK-5.15: a tournament ends when one player is left, or after max_rounds rounds if that is set
        rounds = self.options["max_rounds"]
        spread = self.options["start_euros"] - self.options["lower_bound"]
        if self.tournament and rounds is None and spread > OPEN_SPREAD:
            # the balances move as a zero-sum random walk: the time until one player is left grows with the
            # square of the euros a player can lose (OPEN_SPREAD), and with 100 euros it is hours of play
            raise ValueError(
                _(
                    "a tournament without max_rounds ends only when one player is left (BK-5.15), and with "
                    "{spread} euros between start_euros and lower_bound that can take hours; set max_rounds "
                    "(1 to {rounds}), or at most {most} euros between start_euros and lower_bound"
                ).format(spread=excerpt(spread), rounds=thousands(MAX_ROUNDS), most=OPEN_SPREAD)
            )
        self._max_rounds = rounds if self.tournament else 1

    @property
    def max_decisions(self) -> int:
        """A round takes at most ROUND_DECISIONS decisions, a tournament at most its rounds of them;
        a tournament without max_rounds, at most OPEN_DECISIONS."""
        return OPEN_DECISIONS if self._max_rounds is None else ROUND_DECISIONS * self._max_rounds

    # -- setup (BK-3) ---------------------------------------------------------------
    def _new(self, seed: int, **setup: Any) -> State:
        decks = _stacked(setup.get("deck"), "deck")
        drawn = _stacked(setup.get("draws"), "Stechen draws")
        n = self.players
        first = self.options["first_dealer"]
        if first is None:
            first = randbelow(n, seed, "first dealer")  # BK-3.3
        start = Fraction(self.options["start_euros"]) if self.tournament else Fraction(0)
        extra = tuple((k, v) for k, v in (("deck", decks), ("draws", drawn)) if v)
        sheet = Sheet(
            seated=tuple(range(n)),
            round=1,
            points=(START_POINTS,) * n,  # BK-3.2
            games=0,
            misdeals=(0,) * n,
            violations=(0,) * n,
            penalised=frozenset(),
            last_declarer=None,
            stechen=None,
            chooser=None,
            balances=(start,) * n,
            scores=NO_LOG,
            results=NO_LOG,
            deals=0,
            draws=0,
        )
        state = State(setup=Setup(seed, extra), trail=None, phase=BID, sheet=sheet)
        return self._deal(state, sheet.seated, first)

    def _shuffled(self, state: State, k: int) -> list[Card]:
        """The deck for deal ``k``: stacked if given (BK-3.5 from the top), else seeded."""
        stacked: tuple[tuple[str, ...], ...] = state.setup.get("deck", ())
        if k < len(stacked):
            top = [BY_CODE[code] for code in stacked[k]]
            stacked_top = set(top)
            rest = [c for c in CARDS if c not in stacked_top]
            return top + shuffle(rest, state.setup.seed, "deal", k)
        return shuffle(list(CARDS), state.setup.seed, "deal", k)

    def _deal(
        self, state: State, seats: tuple[int, ...], dealer: int, redeals: int = 0, decision: bool = False
    ) -> State:
        """Deal 2-1-2 (BK-3.5), dealing again while some hand is five Luschen without three of a suit (BK-3.6)."""
        order = _from_left_of(seats, dealer)  # BK-4.1
        slots = DEAL_SLOTS[len(seats)]
        deals = state.sheet.deals
        luschen = 0
        while True:
            deck = self._shuffled(state, deals)
            deals += 1
            hands: list[Hand] = [()] * self.players
            for seat, places in zip(order, slots):
                hands[seat] = sort_hand([deck[j] for j in places])
            if not any(h and _is_redeal_hand(h) for h in hands):
                break
            redeals += 1  # BK-3.6, BK-3.7: void, no penalty, same dealer
            luschen += 1
        deal = Deal(seats=seats, dealer=dealer, order=order, redeals=redeals, luschen=luschen, decision=decision)
        return state.replace(
            phase=BID,
            deal=deal,
            hands=tuple(hands),
            trick=NO_TRICK,
            tricks=(0,) * self.players,
            played=(),
            sheet=state.sheet.replace(deals=deals),
        )

    # -- whose turn (BK-7) -----------------------------------------------------------
    def _owns(self, state: Any) -> bool:
        return type(state) is State and len(state.sheet.points) == self._players

    def _seats(self, state: Any) -> int:
        return len(state.sheet.points)

    def _to_act(self, state: State) -> tuple[int, ...]:
        phase = state.phase
        if phase == PLAY:
            trick = state.trick
            return ONLY[trick.turns[len(trick.cards)]]  # BK-4.8
        if phase == OVER:
            return ()
        sheet = state.sheet
        if phase == STECHEN_DEALER:
            assert sheet.stechen is not None
            return ONLY[sheet.stechen.winner]  # BK-5.8 step 2
        if phase == NEXT_DEALER:
            assert sheet.chooser is not None
            return ONLY[sheet.chooser]  # BK-6.4
        deal = state.deal
        assert deal is not None
        if phase == BID:
            return ONLY[deal.order[len(deal.calls)]]  # BK-4.1
        if phase == TRUMP:
            assert deal.declarer is not None
            return ONLY[deal.declarer]  # BK-4.5
        return ONLY[deal.answer_order[len(deal.answers)]]  # BK-4.6

    def _turn_rule(self, state: State, seat: int) -> str:
        return TURN_RULES.get(state.phase, "BK-7")

    # -- what is legal ---------------------------------------------------------------
    def _legal(self, state: State, seat: int) -> tuple[Action, ...]:
        phase = state.phase
        if phase == PLAY:
            deal, trick = state.deal, state.trick
            assert deal is not None and deal.trump is not None
            cards = legal_cards(state.hands[seat], trick.cards, trick.best, deal.trump)  # BK-4.10, BK-4.11
            return tuple([PLAYS[c] for c in cards])
        if phase == BID:
            assert state.deal is not None
            return CALLS_FROM[_lowest_bid(state.deal)]  # BK-4.2
        if phase == TRUMP:
            return TRUMPS  # BK-4.5
        if phase == ANSWER:
            return MIT_WEG  # BK-7.5
        if phase == STECHEN_DEALER:
            assert state.sheet.stechen is not None
            return tuple([DEALERS[s] for s in state.sheet.stechen.members])  # BK-5.8 step 2
        return tuple([DEALERS[s] for s in state.sheet.seated])  # BK-6.4

    def _refusal(self, state: State, seat: int, action: Any) -> IllegalMove:
        """Why ``action`` is not among what ``seat`` may do now, in the player's words (second person)."""
        if isinstance(action, TableEvent):
            return IllegalMove(
                _("The table records `{action}`, not a player: apply it with player=None").format(action=action),
                rule="BK-5.10",
                player=seat,
                action=action,
            )
        phase = state.phase

        def illegal(message: str, rule: str) -> IllegalMove:
            return IllegalMove(message, rule=rule, player=seat, action=action)

        if phase == BID and isinstance(action, Bid):
            low = _lowest_bid(state.deal_in_progress())
            if low > TRICKS:
                return illegal(
                    _("{tricks} has been bid, so every later call must be GUT: say gut").format(tricks=TRICKS), "BK-4.2"
                )
            may = alternatives(range(low, TRICKS + 1))
            if not 0 <= action.tricks <= TRICKS:
                return illegal(
                    _("A bid is a number of tricks from 0 to {tricks}: bid {bids}, or say gut").format(
                        tricks=TRICKS, bids=may
                    ),
                    "BK-4.2",
                )
            return illegal(
                _("A bid must be higher than {highest}: bid {bids}, or say gut").format(highest=low - 1, bids=may),
                "BK-4.2",
            )
        if phase == PLAY and isinstance(action, Play):
            hand, trick = state.hands[seat], state.trick
            trump = state.deal_in_progress().trump_suit()
            if action.card not in hand:
                held = " ".join(map(str, hand))
                if not trick.cards:
                    return illegal(
                        _("You do not hold {card}; lead any card of your hand: {hand}").format(
                            card=action.card, hand=held
                        ),
                        "BK-4.8",
                    )
                allowed = alternatives(legal_cards(hand, trick.cards, trick.best, trump))
                return illegal(
                    _("You do not hold {card}; your hand is {hand}: play {allowed}").format(
                        card=action.card, hand=held, allowed=allowed
                    ),
                    "BK-4.8",
                )
            d = duty(hand, trick.cards, trick.best, trump)
            allowed = alternatives(d.allowed)
            if action.card not in d.obliged:  # BK-4.10: he did not follow, or did not trump
                why = d.words("you")
                why = why[0].upper() + why[1:]
                return illegal(_("{duty}: play {allowed}").format(duty=why, allowed=allowed), "BK-4.10")
            assert d.winner is not None
            if d.case == MUST_TRUMP:  # BK-4.11, BK-4.12
                text = _("{card} does not beat {winner}, and you must overtrump when you can: play {allowed}")
            else:
                text = _("{card} does not beat {winner}, and you must head the trick when you can: play {allowed}")
            return illegal(text.format(card=action.card.pretty, winner=d.winner.pretty, allowed=allowed), "BK-4.11")
        choices = alternatives(self._legal(state, seat))
        if phase == STECHEN_DEALER and isinstance(action, Dealer):
            return illegal(
                _("The dealer of the decision game is one of the tied players: {choices}").format(choices=choices),
                "BK-5.8",
            )
        if phase == NEXT_DEALER and isinstance(action, Dealer):
            return illegal(
                _("The first dealer of the next round is a player still seated: {choices}").format(choices=choices),
                "BK-6.4",
            )
        wanted, clause = WANTED[phase]
        return illegal(
            _("Now player {seat} chooses {wanted}, not `{action}`: {choices}").format(
                seat=seat, wanted=_(wanted), action=action, choices=choices
            ),
            clause,
        )

    # -- table-keeping events (BK-5.10-5.13), applied with player=None ---------------
    def _unseated(self, state: State, action: Any) -> bool:
        return isinstance(action, TableEvent)

    def _check_unseated(self, state: State, action: Any) -> None:
        if state.phase == OVER:
            raise IllegalMove(_("The game is over: nothing more to record"), rule=self.spec.over_rule, action=action)
        if isinstance(action, Misdeal):
            if state.phase not in (BID, TRUMP, ANSWER, PLAY):  # any dealing error, while its deal is on
                raise IllegalMove(
                    _(
                        "A misdeal is reported while a deal is in progress (from the deal to the last "
                        "trick); nothing is dealt now"
                    ),
                    rule="BK-5.11",
                    action=action,
                )
            return
        seat = self.check_seat(action.seat)
        deal = state.deal
        if state.phase != PLAY or deal is None or seat not in deal.active:
            if isinstance(action, Expel):
                text, rule = (
                    _(
                        "An expulsion (a violation caught again) is recorded during trick play, against an active "
                        "player (the declarer or a MIT player); player {seat} is not playing a trick now"
                    ),
                    "BK-5.13",
                )
            else:
                text, rule = (
                    _(
                        "A violation is recorded during trick play, against an active player (the declarer or "
                        "a MIT player); player {seat} is not playing a trick now"
                    ),
                    "BK-5.12",
                )
            raise IllegalMove(text.format(seat=seat), rule=rule, action=action)
        if isinstance(action, Expel) and state.sheet.violations[seat] == 0:
            raise IllegalMove(
                _(
                    "Player {seat} has no recorded violation yet: record `violation {seat}` first; "
                    "expulsion needs a repeat"
                ).format(seat=seat),
                rule="BK-5.13",
                action=action,
            )

    # -- one step ----------------------------------------------------------------------
    def _step(self, state: State, seat: int | None, action: Any) -> State:
        trail = extend(state.trail, seat, action)
        if seat is None:
            return self._table_event(state.replace(trail=trail), action)
        if isinstance(action, Play):
            return self._play(state, seat, action.card, trail)
        if isinstance(action, Bid):
            return self._call(state, trail, action.tricks)
        if isinstance(action, Gut):
            return self._call(state, trail, None)
        if isinstance(action, Mit):
            return self._answer(state, trail, True)
        if isinstance(action, Weg):
            return self._answer(state, trail, False)
        if isinstance(action, Trump):  # BK-4.5, then the answers (BK-4.6)
            return state.replace(trail=trail, phase=ANSWER, deal=state.deal_in_progress().replace(trump=action.suit))
        assert isinstance(action, Dealer)
        sheet = state.sheet
        if state.phase == STECHEN_DEALER:  # BK-5.8 step 3: the members play the decision game
            assert sheet.stechen is not None
            return self._deal(state.replace(trail=trail), sheet.stechen.members, action.seat, decision=True)
        # BK-6.4: the first game of the next round
        return self._deal(state.replace(trail=trail, sheet=sheet.replace(chooser=None)), sheet.seated, action.seat)

    def _call(self, state: State, trail: Trail, bid: int | None) -> State:
        """BK-4.2: a bid or GUT (None); after the last call the declarer (BK-4.4) or a void deal (BK-4.3)."""
        deal = state.deal_in_progress().called(bid)
        calls = deal.calls
        if len(calls) < len(deal.order):
            return state.dealt_on(trail, deal)
        bids = [(b, s) for b, s in zip(calls, deal.order) if b is not None]
        if not bids:  # BK-4.3: all GUT, void deal, same dealer
            return self._deal(state.replace(trail=trail), deal.seats, deal.dealer, deal.redeals + 1, deal.decision)
        contract, declarer = bids[-1]  # BK-4.4: the last bid is the highest
        answering = _from_left_of(deal.seats, declarer)[:-1]  # BK-4.6
        return state.replace(
            trail=trail,
            phase=TRUMP,
            deal=deal.replace(declarer=declarer, contract=contract, answer_order=answering),
        )

    def _answer(self, state: State, trail: Trail, mit: bool) -> State:
        """BK-4.6: MIT or WEG; after the last answer the declarer leads (BK-4.8) or takes all five (BK-4.7)."""
        deal = state.deal_in_progress().answered(mit)
        if len(deal.answers) < len(deal.seats) - 1:
            return state.dealt_on(trail, deal)
        declarer = deal.declarer_seat()
        if not any(deal.answers):  # BK-4.7: everybody left, the declarer takes all five
            tricks = _with(state.tricks, declarer, TRICKS)
            return self._score_game(state.replace(trail=trail, deal=deal, tricks=tricks), played=False)
        turns = _from(deal.active, declarer)  # BK-4.8: the declarer leads the first trick
        return state.replace(trail=trail, phase=PLAY, deal=deal, trick=Trick(turns=turns))

    def _play(self, state: State, seat: int, card: Card, trail: Trail) -> State:
        """BK-4.8, BK-4.9: a card to the trick; after the last card its winner takes it and leads the next."""
        deal = state.deal
        assert deal is not None and deal.trump is not None
        hand = state.hands[seat]
        i = hand.index(card)
        hands = _with(state.hands, seat, hand[:i] + hand[i + 1 :])
        trick = played_to(state.trick, card, deal.trump)
        tricks, played = state.tricks, state.played
        if len(trick.cards) == len(trick.turns):
            winner = trick.winner()  # BK-4.9: the trick goes to the winning card's player
            tricks = _with(tricks, winner, tricks[winner] + 1)
            played = played + (trick,)
            # turns are the active players' table order from this trick's leader, so from the winner
            # on they are the next trick's turns (BK-4.8: the winner leads)
            trick = Trick(turns=_from(trick.turns, winner))
        # every field named: a card is the commonest step, and a whole constructor is the quickest copy
        state = State(
            setup=state.setup,
            trail=trail,
            phase=PLAY,
            sheet=state.sheet,
            deal=deal,
            hands=hands,
            trick=trick,
            tricks=tricks,
            played=played,
        )
        if len(played) < TRICKS:
            return state
        return self._score_game(state, played=True)

    # -- scoring (BK-5.1, BK-5.12) -------------------------------------------------
    def _score_game(self, state: State, played: bool) -> State:
        """The game just ended scored (BK-5.1, BK-5.12), then the round-end check (BK-6.1) or the next deal."""
        deal = state.deal_in_progress()
        sheet = state.sheet
        declarer = deal.declarer_seat()
        assert deal.contract is not None and deal.trump is not None
        changes = [0] * self.players
        tricks = list(state.tricks)
        mit = tuple(s for s, a in zip(deal.answer_order, deal.answers) if a)
        weg = tuple(s for s, a in zip(deal.answer_order, deal.answers) if not a)
        for s in (declarer,) + mit:  # WEG players: 0
            if s in deal.violators:  # BK-5.12: tricks void, exactly +5
                tricks[s] = 0
                changes[s] = 5
            else:  # BK-5.1: the declarer needs his contract, a MIT player one trick
                changes[s] = point_change(tricks[s], deal.contract if s == declarer else 1)
        score = GameScore(
            round=sheet.round,
            number=0 if deal.decision else sheet.games + 1,
            dealer=deal.dealer,
            declarer=declarer,
            contract=deal.contract,
            trump=deal.trump,
            mit=mit,
            weg=weg,
            tricks=tuple(tricks),
            changes=tuple(changes),
            violators=tuple(sorted(deal.violators)),
            played=played,
        )
        scores = sheet.scores.appended(score)
        if deal.decision:  # BK-5.8 step 3: the points count only for the Stechen
            return self._after_decision(state.replace(tricks=score.tricks, sheet=sheet.replace(scores=scores)), score)
        games = sheet.games + 1
        penalised = sheet.penalised
        if games <= 3:  # BK-5.6 remembers who received a +5 in games 1-3
            penalised = penalised | {s for s in range(self.players) if has_plus_five(score, s)}
        points = tuple([p + c for p, c in zip(sheet.points, changes)])  # BK-5.3
        state = state.replace(
            tricks=score.tricks,
            sheet=sheet.replace(scores=scores, points=points, games=games, penalised=penalised, last_declarer=declarer),
        )
        ended = self._check_round_end(state)
        if ended is not None:
            return ended
        return self._deal(state, state.sheet.seated, declarer)  # BK-3.4: the declarer deals next

    def _check_round_end(self, state: State) -> State | None:
        """BK-6.1-6.3: end the round if a player is at 0 or below or above 25; None if it goes on."""
        sheet = state.sheet
        seated, points = sheet.seated, sheet.points
        if all(0 < points[s] <= UPPER for s in seated):
            return None
        low = [s for s in seated if points[s] <= 0]
        if low and 1 <= sheet.games <= 3:  # BK-6.2: Durchmarsch
            winner = min(low, key=lambda s: (points[s], seated.index(s)))
            return self._settle(state, "durchmarsch", winner=winner)
        top = max(points[s] for s in seated)  # BK-5.5
        most = tuple(s for s in seated if points[s] == top)
        if len(most) == 1:
            return self._settle(state, "normal", loser=most[0])
        return self._start_stechen(state, most)

    # -- Stechen (BK-5.8) -----------------------------------------------------------
    def _start_stechen(self, state: State, members: tuple[int, ...]) -> State:
        """Step 1: each member draws a card; the highest (suit first, then rank) names the dealer."""
        sheet = state.sheet
        stacked: tuple[tuple[str, ...], ...] = state.setup.get("draws", ())
        k = sheet.draws
        if k < len(stacked) and len(stacked[k]) >= len(members):
            cards = [BY_CODE[code] for code in stacked[k][: len(members)]]
        else:
            deck = shuffle(list(CARDS), state.setup.seed, "draw", k)
            cards = deck[: len(members)]
        draw = tuple(zip(members, cards))
        winner = max(draw, key=lambda sc: draw_key(sc[1]))[0]
        previous = sheet.stechen.draw if sheet.stechen is not None else ()
        stechen = Stechen(members=members, draw=previous + draw, winner=winner)
        return state.replace(
            phase=STECHEN_DEALER,
            deal=None,
            hands=(),
            trick=NO_TRICK,
            tricks=(),
            played=(),
            sheet=sheet.replace(stechen=stechen, draws=k + 1),
        )

    def _after_decision(self, state: State, score: GameScore) -> State:
        """Step 4: one player with +5 loses; otherwise the fewest tricks; ties draw again."""
        assert state.sheet.stechen is not None
        members = state.sheet.stechen.members
        fives = tuple(s for s in members if has_plus_five(score, s))
        if len(fives) == 1:
            return self._settle(state, "normal", loser=fives[0])
        if len(fives) > 1:
            return self._start_stechen(state, fives)
        fewest = min(score.tricks[s] for s in members)  # WEG players count 0 tricks
        least = tuple(s for s in members if score.tricks[s] == fewest)
        if len(least) == 1:
            return self._settle(state, "normal", loser=least[0])
        return self._start_stechen(state, least)

    # -- settlement and the next round (BK-5.4-5.7, BK-5.14, BK-6.4) --------------------
    def _settle(self, state: State, end: str, loser: int | None = None, winner: int | None = None) -> State:
        sheet = state.sheet
        seated = sheet.seated
        n = len(seated)
        euros = [Fraction(0)] * self.players
        penalised: tuple[int, ...] = ()
        if end == "durchmarsch":  # BK-5.6
            assert winner is not None
            euros[winner] = Fraction(n - 1)
            penalised, payers = durchmarsch_payers(sheet.penalised, sheet.points, seated, winner)
            share = Fraction(n - 1, len(payers)) if penalised else Fraction(1)
            for s in payers:
                euros[s] = -share
        else:  # BK-5.5, BK-5.7
            assert loser is not None
            for s in seated:
                euros[s] = Fraction(1)
            euros[loser] = -Fraction(n - 1)
            payers = (loser,)
        balances = tuple([b + e for b, e in zip(sheet.balances, euros)])
        left: tuple[int, ...] = ()
        if self.tournament:  # BK-5.13, BK-5.14
            bound = self.options["lower_bound"]
            left = tuple(s for s in seated if balances[s] <= bound or (end == "expulsion" and s == loser))
        elif end == "expulsion":
            left = (loser,) if loser is not None else ()
        result = RoundResult(
            round=sheet.round,
            end=end,
            loser=loser,
            winner=winner,
            seated=seated,
            points=sheet.points,
            euros=tuple(euros),
            games=sheet.games,
            stechen=(sheet.stechen.draw,) if sheet.stechen is not None else (),
            left=left,
            penalised=penalised,
            payers=payers,
        )
        remaining = tuple(s for s in seated if s not in left)
        sheet = sheet.replace(balances=balances, results=sheet.results.appended(result), stechen=None, seated=remaining)
        state = state.replace(deal=None, hands=(), trick=NO_TRICK, tricks=(), played=(), sheet=sheet)
        max_rounds = self._max_rounds  # 1 without a tournament (BK-5.16)
        if len(remaining) <= 1 or (max_rounds is not None and sheet.round >= max_rounds):
            return state.replace(phase=OVER)  # BK-5.15, BK-5.16
        state = state.replace(
            sheet=sheet.replace(  # BK-3.2: a new round
                round=sheet.round + 1,
                points=tuple(START_POINTS if s in remaining else p for s, p in enumerate(sheet.points)),
                games=0,
                misdeals=(0,) * self.players,
                penalised=frozenset(),
            )
        )
        if end == "durchmarsch":  # BK-6.4: the last declarer deals
            assert sheet.last_declarer is not None
            return self._deal(state, remaining, _next_remaining(sheet.last_declarer, remaining, self.players))
        assert loser is not None
        if loser in remaining:
            return state.replace(phase=NEXT_DEALER, sheet=state.sheet.replace(chooser=loser))  # BK-7.2
        return self._deal(state, remaining, _next_remaining(loser, remaining, self.players))

    def _table_event(self, state: State, event: TableEvent) -> State:
        """BK-5.11-5.13: a misdeal, a caught violation or an expulsion, recorded by the table."""
        deal = state.deal_in_progress()
        sheet = state.sheet
        if isinstance(event, Misdeal):
            if deal.decision:  # BK-5.11: in a decision game simply dealt again
                return self._deal(state, deal.seats, deal.dealer, deal.redeals, decision=True)
            count = sheet.misdeals[deal.dealer] + 1
            state = state.replace(sheet=sheet.replace(misdeals=_with(sheet.misdeals, deal.dealer, count)))
            if count >= 3:  # BK-5.11, BK-5.7: the third ends the round
                return self._settle(state, "misdeal", loser=deal.dealer)
            if count == 2:  # BK-5.11: +5 at once, and BK-6.1 is checked at once
                points = _with(state.sheet.points, deal.dealer, state.sheet.points[deal.dealer] + 5)
                state = state.replace(sheet=state.sheet.replace(points=points))
                ended = self._check_round_end(state)
                if ended is not None:
                    return ended
            return self._deal(state, deal.seats, deal.dealer, deal.redeals)  # the same dealer deals again
        assert isinstance(event, (Violation, Expel))
        seat = event.seat
        sheet = sheet.replace(violations=_with(sheet.violations, seat, sheet.violations[seat] + 1))
        if isinstance(event, Expel):  # BK-5.13
            return self._settle(state.replace(sheet=sheet), "expulsion", loser=seat)
        return state.replace(sheet=sheet, deal=deal.replace(violators=deal.violators | {seat}))  # BK-5.12

    # -- what a step ended (spec.levels: trick, game, round) ---------------------------
    def _events(self, before: State, seat: int | None, action: Any, after: State) -> tuple[Event, ...]:
        events: list[Event] = []
        if isinstance(action, Play) and seat is not None:
            trick = played_to(before.trick, action.card, before.deal_in_progress().trump_suit())
            if len(trick.cards) == len(trick.turns):
                events.append(Event("trick", trick.winner()))
        if len(after.sheet.scores) > len(before.sheet.scores):
            events.append(Event("game"))
        if len(after.sheet.results) > len(before.sheet.results):
            events.append(Event("round", after.sheet.results[-1].winner))
        return tuple(events)

    # -- views and text ------------------------------------------------------------------
    def _view(self, state: State, player: int) -> State:
        """What ``player`` may know: his own hand, the calls, the played cards (BK-3.5, BK-4.8)."""
        # a view shows another player's cards as None: the same state type, without the cards
        hidden = tuple([h if s == player else UNSEEN[len(h)] for s, h in enumerate(state.hands)])
        # every field named: a view is built for every decision of a greedy agent
        return State(
            setup=view_setup(player),  # the seed and the stacked cards stay hidden
            trail=state.trail,
            phase=state.phase,
            sheet=state.sheet,
            deal=state.deal,
            hands=cast(tuple[Hand, ...], hidden),
            trick=state.trick,
            tricks=state.tricks,
            played=state.played,
        )

    def _hand(self, state: State, seat: int) -> tuple[str | None, ...] | None:
        """The cards ``seat`` holds (None where the state hides them); none after WEG (BK-4.6)."""
        if state.deal is None or state.deal.answer_of(seat) is False:
            return ()
        held: tuple[Card | None, ...] = state.hands[seat]
        return tuple([None if c is None else str(c) for c in held])

    def _parse(self, state: State, text: str, player: int | None) -> Action:
        words = text.lower().split()
        if not words:
            raise ValueError(_("empty action; {help}").format(help=_(ACTION_HELP)))
        verb, args = words[0], words[1:]
        try:
            if verb == "play" and len(args) == 1:
                return PLAYS[parse_card(args[0])]
            if verb == "bid" and len(args) == 1:
                return Bid(_int(args[0], _("a bid is a number of tricks 0-5")))
            if verb in ("gut", "pass") and not args:
                return GUT
            if verb == "trump" and len(args) == 1:
                return TRUMPS[parse_suit(args[0])]
            if verb == "mit" and not args:
                return MIT
            if verb == "weg" and not args:
                return WEG
            if verb == "dealer" and len(args) == 1:
                return DEALERS[self.check_seat(_int(args[0], _("the dealer is a seat number")))]
            if verb == "misdeal" and not args:
                return Misdeal()
            if verb == "violation" and len(args) == 1:
                return Violation(self.check_seat(_int(args[0], _("a violation names a seat number"))))
            if verb == "expel" and len(args) == 1:
                return Expel(self.check_seat(_int(args[0], _("expel names a seat number"))))
        except (ValueError, TypeError) as err:
            raise ValueError(_("cannot read {text}: {error}").format(text=excerpt(text), error=err)) from None
        raise ValueError(_("cannot read {text}; {help}").format(text=excerpt(text), help=_(ACTION_HELP)))

    def _example_action(self) -> str:
        return "play QH"


WANTED: Final = {  # what the player to act chooses now (translated where shown), and the clause that says so
    BID: (N_("a call"), "BK-4.2"),
    TRUMP: (N_("the trump suit"), "BK-4.5"),
    ANSWER: (N_("MIT or WEG"), "BK-4.6"),
    PLAY: (N_("a card"), "BK-4.8"),
    STECHEN_DEALER: (N_("the dealer of the decision game"), "BK-5.8"),
    NEXT_DEALER: (N_("the first dealer of the next round"), "BK-6.4"),
}

ACTION_HELP: Final = N_(
    "actions are: bid N (0-5), gut, trump C|S|H|D, mit, weg, play CARD (e.g. play QH), dealer N; "
    "table events: misdeal, violation N, expel N"
)


# ---------------------------------------------------------------------------
# Helpers of the rules


def point_change(tricks: int, needed: int) -> int:
    """BK-5.1: an active player's point change, -t, plus 5 when he took fewer than ``needed`` tricks
    (his contract for the declarer, one trick for a MIT player)."""
    return -tricks + (5 if tricks < needed else 0)


def has_plus_five(score: GameScore, seat: int) -> bool:
    """Did ``seat`` receive a +5 in this game (BK-5.1 or BK-5.12)?

    A change is -t plus the +5, if any (BK-5.1; a caught violator's t is void, so his change is
    exactly +5, BK-5.12): what the tricks do not explain of the change is the +5.
    """
    return score.changes[seat] + score.tricks[seat] == 5


def durchmarsch_payers(
    penalised: frozenset[int], points: tuple[int, ...], seated: tuple[int, ...], winner: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """BK-5.6: (P, payers) of a Durchmarsch by ``winner``.

    P are the other seated players with a game +5 (BK-5.1 or BK-5.12) in games 1-3; a
    misdeal +5 (BK-5.11) is no such penalty, but it does count in the points.  The members
    of P with the most points pay (they split n-1); with P empty every other player pays 1.
    """
    p = tuple(s for s in seated if s != winner and s in penalised)
    if not p:
        return (), tuple(s for s in seated if s != winner)
    top = max(points[s] for s in p)
    return p, tuple(s for s in p if points[s] == top)


def alternatives(items: Iterable[object]) -> str:
    """``a``, ``a or b``, ``a, b or c``: choices in words (``a, b oder c`` in German)."""
    words = [str(i) for i in items]
    if len(words) == 1:
        return words[0]
    return _("{choices} or {last}").format(choices=", ".join(words[:-1]), last=words[-1])


def thousands(number: int) -> str:
    """A whole number with its thousands marked as the language in use writes them: 100,000 or 100.000."""
    text = f"{number:,}"
    return text.replace(",", ".") if get_language() == "de" else text


def _lowest_bid(deal: Deal) -> int:
    """BK-4.2: the lowest bid still open (one above the highest so far; 6 when 5 has been bid)."""
    bids = [b for b in deal.calls if b is not None]
    return bids[-1] + 1 if bids else 0


def _is_redeal_hand(hand: Hand) -> bool:
    """BK-3.6: five Luschen without three of one suit."""
    for c in hand:
        if not c.is_lusche:
            return False  # almost every hand stops here
    suits = [suit(c) for c in hand]
    return max(suits.count(s) for s in set(suits)) < 3


def _deal_slots(n: int) -> tuple[tuple[int, ...], ...]:
    """Deck positions of each hand in a 2-1-2 deal to ``n`` players (BK-3.5)."""
    slots: list[list[int]] = [[] for _ in range(n)]
    top = 0
    for packet in (2, 1, 2):
        for hand in slots:
            hand.extend(range(top, top + packet))
            top += packet
    return tuple(tuple(s) for s in slots)


DEAL_SLOTS: Final = {n: _deal_slots(n) for n in range(2, 7)}  # by the number of players dealt in


def _from(seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """``seats`` (in table order) starting with ``seat``."""
    i = seats.index(seat)
    return seats[i:] + seats[:i]


def _from_left_of(seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """``seats`` (in table order) from the left of ``seat`` round to ``seat`` itself."""
    i = seats.index(seat) + 1
    return seats[i:] + seats[:i]


def _next_remaining(seat: int, remaining: tuple[int, ...], players: int) -> int:
    """The next remaining seat clockwise from ``seat`` (itself if it remains)."""
    for step in range(players):
        s = (seat + step) % players
        if s in remaining:
            return s
    raise ValueError("nobody is left at the table")


def _with(values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``values`` with item ``i`` replaced (a per-seat tuple after one seat's change)."""
    return values[:i] + (value,) + values[i + 1 :]


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(_("{text} is not a number: {what}").format(text=excerpt(text), what=what)) from None


def _stacked(deck: Any, what: str) -> tuple[tuple[str, ...], ...]:
    """Stacked cards for ``new`` (card codes in draw order, or a list of such lists: successive deals or
    draws), checked and kept as canonical codes, so that ``new(**dict(state.setup.extra))`` sets up again."""
    if deck is None or (isinstance(deck, (list, tuple)) and not deck):
        return ()
    if what == "deck":
        decks = check_decks(deck, parse_card, len(CARDS), example="['AC', '10H', ...]")
    else:
        try:
            decks = check_decks(deck, parse_card, len(CARDS), example="[['AC', '7S'], ...]")
        except (TypeError, ValueError) as err:
            raise ValueError(
                _("stacked Stechen draws: {error}; give a list of card-code lists").format(error=err)
            ) from None
    return tuple([tuple([str(card) for card in cards]) for cards in decks])


def deck_for(hands: Any, dealer: int, players: int | None = None, seats: Sequence[int] | None = None) -> list[str]:
    """A stacked deck (codes in draw order) that deals ``hands`` when ``dealer`` deals (BK-3.5).

    ``hands`` is a list with one entry per seat, or a dict seat -> cards; an entry is a
    list of five codes (or a space-separated string) or None for "any five cards".
    ``seats`` are the seats dealt in, in table order (default: all; a Stechen decision
    game deals only to its members).  The cards not named fill the other places in deck
    order (Kreuz first, low to high).
    For teaching scenarios: ``game.new(deck=deck_for([...], dealer=0))``.
    """
    if isinstance(hands, dict):
        if players is None:
            raise ValueError(_("with hands given as a dict, say how many players with players="))
        hands = [hands.get(s) for s in range(players)]
    hands = list(hands)
    n = len(hands) if players is None else players
    if len(hands) != n or not 2 <= n <= 6:
        raise ValueError(_("give one hand (or None) for each of 2-6 seats, got {count}").format(count=len(hands)))
    named = [parse_cards(h) if h is not None else None for h in hands]
    used = [c for h in named if h for c in h]
    if len(set(used)) != len(used):
        raise ValueError(_("a card appears in two hands; every card is unique (BK-2.1)"))
    for s, h in enumerate(named):
        if h is not None and len(h) != HAND:
            raise ValueError(
                _("seat {seat} needs exactly {cards} cards, got {count}").format(seat=s, cards=HAND, count=len(h))
            )
    unused = set(used)
    filler = iter([c for c in CARDS if c not in unused])
    dealt = tuple(range(n)) if seats is None else tuple(seats)
    order = _from_left_of(dealt, dealer)
    deck: list[Card | None] = [None] * (HAND * len(dealt))
    for pos, slots in enumerate(_deal_slots(len(dealt))):
        cards = named[order[pos]] or [next(filler) for _ in range(HAND)]
        for j, c in zip(slots, cards):
            deck[j] = c
    return [str(c) for c in deck]
