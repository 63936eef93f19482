# mypy: ignore-errors
"""Brokdorf: the rules engine (clause ids refer to cardgames/brokdorf/rules.md).

One state is one moment of a round (Runde) or, in tournament mode, of a session of
rounds.  A deal (Spiel) lives in :class:`Deal`; the round around it (points, games,
misdeals, the tie-break) in :class:`State`.  Every decision of the BK-7 table is an
action; dealing, redeals, trick winners, scoring, round end and settlement happen
automatically inside :meth:`Brokdorf.apply`.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from operator import add
from typing import Any, NamedTuple

from ..core.errors import IllegalMove
from ..core.game import Action, Game, GameSpec, Option, Setup, Trail, boolean, extend, integer, replace, updater
from ..core.rng import generator, shuffle
from .cards import (
    CARDS,
    SUIT_NAMES,
    SUITS,
    Card,
    beats,
    draw_key,
    parse_card,
    parse_cards,
    parse_suit,
    sort_hand,
)

HAND = 5  # BK-3.5: five cards each
TRICKS = 5
START_POINTS = 15  # BK-3.2
UPPER = 25  # BK-6.1: more than 25 ends the round

# phases: who decides what now
BID, TRUMP, ANSWER, PLAY, STECHEN_DEALER, NEXT_DEALER, OVER = (
    "bid", "trump", "answer", "play", "stechen-dealer", "next-dealer", "over"
)


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


BIDS = tuple(Bid(b) for b in range(TRICKS + 1))
GUT, MIT, WEG = Gut(), Mit(), Weg()
TRUMPS = tuple(Trump(s) for s in range(4))
PLAYS = tuple(Play(c) for c in CARDS)
_BIDS_FROM = tuple(tuple([GUT, *BIDS[lo:]]) for lo in range(TRICKS + 2))  # legal calls above a bid
_MIT_WEG = (MIT, WEG)


# ---------------------------------------------------------------------------
# State: NamedTuples, immutable like frozen dataclasses but copied with one list
# copy, which keeps apply fast (see core.game.replace)


class Deal(NamedTuple):
    """One deal (Spiel) from the deal to the last trick."""

    seats: tuple[int, ...]  # who takes part, in table order (the round's seats or a Stechen's members)
    dealer: int
    order: tuple[int, ...]  # BK-4.1: from the dealer's left round to the dealer
    hands: tuple[tuple[Card, ...] | None, ...]  # per seat of the game; None: not dealt in
    calls: tuple[int | None, ...] = ()  # bids in call order; None is GUT
    declarer: int | None = None
    contract: int | None = None
    trump: int | None = None
    answers: tuple[bool, ...] = ()  # MIT (True) / WEG (False) in answer order
    answer_order: tuple[int, ...] = ()  # BK-4.6: the others, clockwise from the declarer's left
    turns: tuple[int, ...] = ()  # who plays in the current trick, leader first
    trick: tuple[Card, ...] = ()  # cards of the current trick, in turn order
    best: int = 0  # index in ``trick`` of the currently winning card
    tricks: tuple[int, ...] = ()  # per seat: tricks taken in this deal
    played: tuple[tuple[tuple[int, Card], ...], ...] = ()  # finished tricks: (seat, card) pairs
    violators: frozenset = frozenset()  # BK-5.12: seats caught violating in this deal
    redeals: int = 0  # void deals before this one in this game (BK-3.6, BK-4.3)
    luschen: int = 0  # of those, dealt again just now because of a Luschen hand (BK-3.6)
    decision: bool = False  # BK-5.8: a Stechen decision game

    @property
    def active(self) -> tuple[int, ...]:
        """BK-4.8: the declarer and the MIT players, in table order."""
        mit = {s for s, a in zip(self.answer_order, self.answers) if a}
        return tuple(s for s in self.seats if s == self.declarer or s in mit)

    def answer_of(self, seat: int) -> bool | None:
        for s, a in zip(self.answer_order, self.answers):
            if s == seat:
                return a
        return None


@dataclass(frozen=True, slots=True)
class GameScore:
    """A scored game (BK-5.1): who did what and what it changed."""

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


@dataclass(frozen=True, slots=True)
class Stechen:
    """BK-5.8: a tie-break in progress."""

    members: tuple[int, ...]  # T, in table order
    draw: tuple[tuple[int, Card], ...]  # the cards drawn, member order
    winner: int  # draw winner, who names the dealer


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A settled round (BK-5.4)."""

    round: int
    end: str  # "normal", "durchmarsch", "misdeal" or "expulsion"
    loser: int | None
    winner: int | None  # the Durchmarsch player
    seated: tuple[int, ...]
    points: tuple[int, ...]
    euros: tuple[Fraction, ...]  # per seat of the game
    games: int
    stechen: tuple[tuple[tuple[int, Card], ...], ...] = ()  # the draws of its tie-break, if any
    left: tuple[int, ...] = ()  # seats that left the session after it (BK-5.13, BK-5.14)
    penalised: tuple[int, ...] = ()  # Durchmarsch: P, the others with a game +5 in games 1-3 (BK-5.6)
    payers: tuple[int, ...] = ()  # who pays: the loser, or the Durchmarsch payers (BK-5.5-5.7)


class State(NamedTuple):
    setup: Setup
    trail: Trail
    phase: str
    seated: tuple[int, ...]  # seats still in the session, table order
    round: int
    points: tuple[int, ...]  # per seat (BK-2.5)
    games: int  # games scored in this round (BK-3.7: void deals do not count)
    deal: Deal | None
    deals: int  # deals shuffled so far in the session (selects the stacked or seeded deck)
    draws: int  # Stechen draws so far
    misdeals: tuple[int, ...]  # per seat as dealer, this round (BK-5.11)
    violations: tuple[int, ...]  # per seat, recorded in the session (BK-5.13)
    penalised: frozenset  # seats with a game +5 (BK-5.1, BK-5.12) in games 1-3 of this round (BK-5.6)
    last_declarer: int | None
    stechen: Stechen | None
    chooser: int | None  # who names the next round's first dealer (BK-6.4)
    balances: tuple[Fraction, ...]  # euros per seat
    scores: tuple[GameScore, ...]  # every scored game of the session
    results: tuple[RoundResult, ...]  # every settled round of the session


# the updates made on every decision, without replace's keyword handling
_set_trail = updater(State, "trail")
_set_trail_deal = updater(State, "trail", "deal")
_set_calls = updater(Deal, "calls")
_set_trump = updater(Deal, "trump")
_set_answers = updater(Deal, "answers")
_set_tricks = updater(Deal, "tricks")
_set_trick = updater(Deal, "hands", "trick", "best")
_set_trick_end = updater(Deal, "hands", "trick", "best", "tricks", "played", "turns")


# ---------------------------------------------------------------------------
# Options


def _number(value):
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ValueError("must be a whole number of euros (or a Fraction)")
    return value


SPEC = GameSpec(
    name="brokdorf",
    title="Brokdorf",
    prefix="BK",
    min_players=2,
    max_players=6,
    default_players=4,
    options={
        "first_dealer": Option(None, "seat of the first dealer (BK-3.3); None draws it from the seed",
                               integer(0, optional=True)),
        "tournament": Option(False, "play rounds until one player is left or max_rounds (BK-5.14)", boolean),
        "start_euros": Option(10, "tournament: euros each player starts with (BK-5.14)", _number),
        "lower_bound": Option(0, "tournament: a balance at or below this leaves (BK-5.14)", _number),
        "max_rounds": Option(None, "tournament: stop after this many rounds (BK-5.15)", integer(1, optional=True)),
    },
    setup_keys=("deck", "draws"),
    zero_sum=("euros",),
    bounds={"points": (-4, 30)},
    max_decisions=200_000,
    over_rule="BK-5.4",
)


# ---------------------------------------------------------------------------
# Legal cards (BK-4.10, BK-4.11): the hot path


def legal_cards(hand: tuple[Card, ...], trick: tuple[Card, ...], best: int, trump: int) -> tuple[Card, ...]:
    """The cards a player may play to ``trick`` (whose winning card is ``trick[best]``)."""
    if not trick:
        return hand  # BK-7.6: the leader may lead any card
    led = trick[0] >> 3
    allowed = [c for c in hand if c >> 3 == led]  # BK-4.10(a)
    if not allowed:
        allowed = [c for c in hand if c >> 3 == trump]  # BK-4.10(b)
        if not allowed:
            return hand  # BK-4.10(c): nothing can beat the winner, any discard
    w = trick[best]
    sw = w >> 3
    if sw != trump and allowed[0] >> 3 == trump:
        return tuple(allowed)  # BK-4.11: every trump beats a winner that is not a trump
    heading = [c for c in allowed if c >> 3 == sw and c > w]
    return tuple(heading or allowed)  # BK-4.11


class Duty(NamedTuple):
    """What BK-4.10 and BK-4.11 ask of a follower; for words in describe and in refusals."""

    case: str  # BK-4.10: "follow" (a), "trump" (b) or "discard" (c); "lead" for the leader (BK-7.6)
    led: int | None  # the suit led
    trump: int
    winner: Card | None  # the currently winning card W (BK-4.9)
    obliged: tuple[Card, ...]  # the obligation set A (BK-4.10)
    heads: bool  # BK-4.11: some card of A beats W, so he must play one that does
    allowed: tuple[Card, ...]  # the legal set (BK-4.11)

    @property
    def clauses(self) -> str:
        """The clauses that make the legal set what it is."""
        if self.case == "lead":
            return "BK-7.6"
        letter = {"follow": "a", "trump": "b", "discard": "c"}[self.case]
        return f"BK-4.10({letter})" + (", BK-4.11" if self.heads else "")

    def words(self, who: str) -> str:
        """The duty as a clause of a sentence about ``who`` ("he" in describe, "you" in a refusal)."""
        if self.case == "lead":
            return f"{who} may lead any card"
        suit = SUIT_NAMES[self.led]
        w = self.winner.pretty
        if self.case == "follow":
            suit += ", the trump suit," if self.led == self.trump else ""
            return f"{who} must follow {suit} and " + (f"head the trick by beating {w}" if self.heads
                                                         else f"cannot beat {w}")
        if self.case == "trump":
            if not self.heads:
                return f"{who} cannot follow {suit}, so {who} must trump, even under {w}"
            beat = "overtrump" if self.winner >> 3 == self.trump else "beat"
            return f"{who} cannot follow {suit}, so {who} must trump and {beat} {w}"
        if self.led == self.trump:
            return f"{who} cannot follow {suit}, the trump suit, so any card is allowed"
        return f"{who} can neither follow {suit} nor trump, so any card is allowed"


def duty(hand, trick, best, trump) -> Duty:
    """The follower's duty before he plays to ``trick`` (BK-4.10, BK-4.11); the leader's with no trick."""
    allowed = legal_cards(hand, trick, best, trump)
    if not trick:
        return Duty("lead", None, trump, None, tuple(hand), False, allowed)
    led = trick[0] >> 3
    w = trick[best]
    follow = tuple(c for c in hand if c >> 3 == led)
    trumps = tuple(c for c in hand if c >> 3 == trump)
    case, obliged = ("follow", follow) if follow else ("trump", trumps) if trumps else ("discard", tuple(hand))
    heads = case != "discard" and any(beats(c, w, trump) for c in obliged)
    return Duty(case, led, trump, w, obliged, heads, allowed)


# ---------------------------------------------------------------------------
# The game


class Brokdorf(Game):
    """Brokdorf for 2-6 players: one round (Runde), or a tournament of rounds."""

    spec = SPEC

    def _configure(self) -> None:
        fd = self.options["first_dealer"]
        if fd is not None and fd >= self.players:
            raise ValueError(f"option first_dealer={fd}: there are only seats 0 to {self.players - 1}")
        self.tournament = self.options["tournament"]
        # where each seat's cards come from in a 2-1-2 deal (BK-3.5), by table size
        self._deal_slots = {n: _deal_slots(n) for n in range(2, self.players + 1)}

    # -- setup ---------------------------------------------------------------
    def _new(self, seed: int, deck=None, draws=None) -> State:
        decks = _check_decks(deck)
        draw_stack = _check_draws(draws)
        n = self.players
        fd = self.options["first_dealer"]
        if fd is None:
            fd = generator(seed, "first dealer").randrange(n)  # BK-3.3
        start = Fraction(self.options["start_euros"]) if self.tournament else Fraction(0)
        extra = tuple((k, v) for k, v in (("deck", decks), ("draws", draw_stack)) if v)
        state = State(
            setup=Setup(seed, extra),
            trail=None,
            phase=BID,
            seated=tuple(range(n)),
            round=1,
            points=(START_POINTS,) * n,  # BK-3.2
            games=0,
            deal=None,
            deals=0,
            draws=0,
            misdeals=(0,) * n,
            violations=(0,) * n,
            penalised=frozenset(),
            last_declarer=None,
            stechen=None,
            chooser=None,
            balances=(start,) * n,
            scores=(),
            results=(),
        )
        return self._deal(state, state.seated, fd)

    def _shuffled(self, state: State, k: int) -> list[Card]:
        """The deck for deal ``k``: stacked if given (BK-3.5 from the top), else seeded."""
        stacked = state.setup.get("deck")
        if stacked and k < len(stacked):
            top = list(stacked[k])
            stacked_top = set(top)
            rest = [c for c in CARDS if c not in stacked_top]
            return top + shuffle(rest, state.setup.seed, "deal", k)
        return shuffle(list(CARDS), state.setup.seed, "deal", k)

    def _deal(self, state: State, seats: tuple[int, ...], dealer: int, redeals: int = 0, decision: bool = False) -> State:
        """Deal (BK-3.5), redealing automatically while some hand is all Luschen (BK-3.6)."""
        i = seats.index(dealer)
        order = seats[i + 1:] + seats[: i + 1]
        slots = self._deal_slots[len(seats)]
        deals = state.deals
        luschen = 0
        while True:
            deck = self._shuffled(state, deals)
            deals += 1
            hands: list[Any] = [None] * self.players
            for seat, places in zip(order, slots):
                hands[seat] = sort_hand([deck[j] for j in places])
            if not any(h is not None and _is_redeal_hand(h) for h in hands):
                break
            redeals += 1  # BK-3.6, BK-3.7: void, no penalty, same dealer
            luschen += 1
        deal = Deal(
            seats=seats,
            dealer=dealer,
            order=order,
            hands=tuple(hands),
            tricks=(0,) * self.players,
            redeals=redeals,
            luschen=luschen,
            decision=decision,
        )
        return replace(state, phase=BID, deal=deal, deals=deals)

    # -- whose turn -------------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        phase = state.phase
        deal = state.deal
        if phase == PLAY:
            return (deal.turns[len(deal.trick)],)
        if phase == BID:
            return (deal.order[len(deal.calls)],)
        if phase == TRUMP:
            return (deal.declarer,)
        if phase == ANSWER:
            return (deal.answer_order[len(deal.answers)],)
        if phase == STECHEN_DEALER:
            return (state.stechen.winner,)
        if phase == NEXT_DEALER:
            return (state.chooser,)
        return ()

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def legal_actions(self, state: State, player: int | None = None) -> tuple[Action, ...]:
        phase = state.phase
        if phase == OVER:
            return ()
        deal = state.deal
        if phase == PLAY:
            seat = deal.turns[len(deal.trick)]
            if player is not None and player != seat:
                return ()
            cards = legal_cards(deal.hands[seat], deal.trick, deal.best, deal.trump)
            return self._remember(state, seat, tuple(map(PLAYS.__getitem__, cards)))
        (seat,) = self.to_act(state)
        if player is not None and player != seat:
            return ()
        if phase == BID:
            bids = [b for b in deal.calls if b is not None]
            legal = _BIDS_FROM[bids[-1] + 1 if bids else 0]  # BK-4.2
        elif phase == ANSWER:
            legal = _MIT_WEG  # BK-7.5
        elif phase == TRUMP:
            legal = TRUMPS  # BK-4.5
        elif phase == STECHEN_DEALER:
            legal = tuple(Dealer(s) for s in state.stechen.members)  # BK-5.8 step 2
        else:  # NEXT_DEALER
            legal = tuple(Dealer(s) for s in state.seated)  # BK-6.4
        return self._remember(state, seat, legal)

    # -- checking ---------------------------------------------------------------
    def _validate(self, state: State, action: Any, player: int | None) -> int | None:
        """Raise IllegalMove unless ``action`` is legal now; return the acting seat."""
        if isinstance(action, TableEvent):
            self._check_table_event(state, action, player)
            return None
        seat = self.actor(state, player, _TURN_RULES.get(state.phase, "BK-7"))
        if not isinstance(action, Action):
            raise TypeError(f"apply takes an action such as Play or Bid (see legal_actions), not {action!r}")
        if action in self.legal_actions(state, seat):
            return seat
        raise self._why_illegal(state, seat, action)

    def _why_illegal(self, state: State, seat: int, action: Action) -> IllegalMove:
        phase, deal = state.phase, state.deal

        def illegal(message: str, rule: str) -> IllegalMove:
            return IllegalMove(message, rule=rule, player=seat, action=action)

        wanted = {
            BID: "a call", TRUMP: "the trump suit", ANSWER: "MIT or WEG", PLAY: "a card",
            STECHEN_DEALER: "the dealer of the decision game", NEXT_DEALER: "the first dealer of the next round",
        }[phase]
        clause = {BID: "BK-4.2", TRUMP: "BK-4.5", ANSWER: "BK-4.6", PLAY: "BK-4.8",
                  STECHEN_DEALER: "BK-5.8", NEXT_DEALER: "BK-6.4"}[phase]
        if phase == BID and isinstance(action, Bid):
            bids = [b for b in deal.calls if b is not None]
            low = bids[-1] + 1 if bids else 0
            if low > TRICKS:
                return illegal(f"{TRICKS} has been bid, so every later call must be GUT: say gut", "BK-4.2")
            may = f"bid {alternatives(range(low, TRICKS + 1))}"
            if not 0 <= action.tricks <= TRICKS:
                return illegal(f"A bid is a number of tricks from 0 to {TRICKS}: {may}, or say gut", "BK-4.2")
            return illegal(f"A bid must be higher than {bids[-1]}: {may}, or say gut", "BK-4.2")
        if phase == PLAY and isinstance(action, Play):
            hand = deal.hands[seat]
            if action.card not in hand:
                held = " ".join(map(str, hand))
                if not deal.trick:
                    return illegal(f"You do not hold {action.card}; lead any card of your hand: {held}", "BK-4.8")
                allowed = alternatives(legal_cards(hand, deal.trick, deal.best, deal.trump))
                return illegal(f"You do not hold {action.card}; your hand is {held}: play {allowed}", "BK-4.8")
            d = duty(hand, deal.trick, deal.best, deal.trump)
            allowed = alternatives(d.allowed)
            if action.card not in d.obliged:  # BK-4.10: he did not follow, or did not trump
                why = d.words("you")
                return illegal(f"{why[0].upper()}{why[1:]}: play {allowed}", "BK-4.10")
            duty_to_head = "overtrump" if d.case == "trump" else "head the trick"  # BK-4.11, BK-4.12
            return illegal(f"{action.card.pretty} does not beat {d.winner.pretty}, and you must {duty_to_head} "
                           f"when you can: play {allowed}", "BK-4.11")
        if phase in (STECHEN_DEALER, NEXT_DEALER) and isinstance(action, Dealer):
            choices = alternatives(self.legal_actions(state, seat))
            if phase == STECHEN_DEALER:
                return illegal(f"The dealer of the decision game is one of the tied players: {choices}", clause)
            return illegal(f"The first dealer of the next round is a player still seated: {choices}", clause)
        choices = alternatives(self.legal_actions(state, seat))
        return illegal(f"Now player {seat} chooses {wanted}, not `{action}`: {choices}", clause)

    def _check_table_event(self, state: State, event: TableEvent, player: int | None) -> None:
        if state.phase == OVER:
            raise IllegalMove("The game is over: nothing more to record", rule=self.spec.over_rule, action=event)
        if player is not None:
            raise IllegalMove(f"The table records `{event}`, not a player: apply it with player=None",
                              rule="BK-5.10", player=player, action=event)
        deal = state.deal
        if isinstance(event, Misdeal):
            if state.phase not in (BID, TRUMP, ANSWER, PLAY):  # any dealing error, while its deal is on
                raise IllegalMove("A misdeal is reported while a deal is in progress (from the deal to the last "
                                  "trick); nothing is dealt now", rule="BK-5.11", action=event)
            return
        seat = event.seat
        self.check_seat(seat)
        if state.phase != PLAY or seat not in deal.active:
            what, rule = ("An expulsion (a violation caught again)", "BK-5.13") if isinstance(event, Expel) \
                else ("A violation", "BK-5.12")
            raise IllegalMove(f"{what} is recorded during trick play, against an active player (the declarer or "
                              f"a MIT player); player {seat} is not playing a trick now", rule=rule, action=event)
        if isinstance(event, Expel) and state.violations[seat] == 0:
            raise IllegalMove(f"Player {seat} has no recorded violation yet: record `violation {seat}` first; "
                              "expulsion needs a repeat", rule="BK-5.13", action=event)

    # -- apply --------------------------------------------------------------------
    def apply(self, state: State, action: Action, player: int | None = None) -> State:
        seat = self._offered(state, player, action)  # just offered by legal_actions: legal
        if seat is None:
            if state.phase == PLAY and type(action) is Play:  # a card, checked once
                deal = state.deal
                seat = deal.turns[len(deal.trick)]
                if not ((player is None or player == seat) and action.card in legal_cards(
                        deal.hands[seat], deal.trick, deal.best, deal.trump)):
                    seat = self._validate(state, action, player)  # raises IllegalMove
            else:
                seat = self._validate(state, action, player)
        trail = extend(state.trail, seat, action)
        kind = type(action)
        if kind is Play:
            return self._play(state, seat, action.card, trail)
        if kind is Bid or kind is Gut:
            return self._call(state, trail, action)
        if kind is Mit or kind is Weg:
            return self._answer(state, trail, kind is Mit)
        state = _set_trail(state, trail)
        if seat is None:
            return self._table_event(state, action)
        if kind is Trump:
            return replace(state, phase=ANSWER, deal=_set_trump(state.deal, action.suit))
        if state.phase == STECHEN_DEALER:
            return self._deal(state, state.stechen.members, action.seat, decision=True)
        return self._deal(replace(state, phase=BID, chooser=None), state.seated, action.seat)

    def _call(self, state: State, trail: Trail, action: Action) -> State:
        deal = state.deal
        calls = deal.calls + ((action.tricks if type(action) is Bid else None),)
        if len(calls) < len(deal.order):
            return _set_trail_deal(state, trail, _set_calls(deal, calls))
        bids = [(b, s) for b, s in zip(calls, deal.order) if b is not None]
        if not bids:  # BK-4.3: all GUT, void deal, same dealer
            return self._deal(_set_trail(state, trail), deal.seats, deal.dealer, deal.redeals + 1, deal.decision)
        contract, declarer = bids[-1]  # BK-4.4
        i = deal.seats.index(declarer)
        answering = deal.seats[i + 1:] + deal.seats[:i]
        return replace(state, trail=trail, phase=TRUMP, deal=replace(
            deal, calls=calls, declarer=declarer, contract=contract, answer_order=answering))

    def _answer(self, state: State, trail: Trail, mit: bool) -> State:
        deal = _set_answers(state.deal, state.deal.answers + (mit,))
        if len(deal.answers) < len(deal.seats) - 1:
            return _set_trail_deal(state, trail, deal)
        state = _set_trail(state, trail)
        if not any(deal.answers):  # BK-4.7: everybody left, the declarer takes all five
            tricks = list(deal.tricks)
            tricks[deal.declarer] = TRICKS
            return self._score(state, replace(deal, tricks=tuple(tricks)), played=False)
        active = deal.active
        i = active.index(deal.declarer)
        return replace(state, phase=PLAY, deal=replace(deal, turns=active[i:] + active[:i]))  # BK-4.8

    def _play(self, state: State, seat: int, card: Card, trail: Trail) -> State:
        deal = state.deal
        hands = list(deal.hands)
        hand = hands[seat]
        i = hand.index(card)
        hands[seat] = hand[:i] + hand[i + 1:]
        trick = deal.trick + (card,)
        best = deal.best
        if len(trick) > 1:
            w = trick[best]
            sc, sw, trump = card >> 3, w >> 3, deal.trump
            if (sc == trump and sw != trump) or (sc == sw and card > w):  # BK-4.9
                best = len(trick) - 1
        turns = deal.turns
        if len(trick) < len(turns):
            return _set_trail_deal(state, trail, _set_trick(deal, tuple(hands), trick, best))
        winner = turns[best]  # BK-4.9: the trick goes to the winning card's player
        tricks = list(deal.tricks)
        tricks[winner] += 1
        played = deal.played + (tuple(zip(turns, trick)),)
        # the winner leads the next trick; turns is the active players' table order
        # rotated to this trick's leader, so rotating it to the winner keeps that order
        deal = _set_trick_end(deal, tuple(hands), (), 0, tuple(tricks), played, turns[best:] + turns[:best])
        if len(played) < TRICKS:
            return _set_trail_deal(state, trail, deal)
        return self._score(_set_trail(state, trail), deal, played=True)

    # -- scoring (BK-5.1, BK-5.12) -------------------------------------------------
    def _score(self, state: State, deal: Deal, played: bool) -> State:
        n = self.players
        changes = [0] * n
        tricks = list(deal.tricks)
        mit = tuple(s for s, a in zip(deal.answer_order, deal.answers) if a)
        weg = tuple(s for s, a in zip(deal.answer_order, deal.answers) if not a)
        for s in (deal.declarer,) + mit:
            if s in deal.violators:  # BK-5.12: tricks void, exactly +5
                tricks[s] = 0
                changes[s] = 5
            elif s == deal.declarer:
                changes[s] = -tricks[s] + (5 if tricks[s] < deal.contract else 0)
            else:
                changes[s] = -tricks[s] + (5 if tricks[s] == 0 else 0)
        score = GameScore(
            round=state.round,
            number=0 if deal.decision else state.games + 1,
            dealer=deal.dealer,
            declarer=deal.declarer,
            contract=deal.contract,
            trump=deal.trump,
            mit=mit,
            weg=weg,
            tricks=tuple(tricks),
            changes=tuple(changes),
            violators=tuple(sorted(deal.violators)),
            played=played,
        )
        deal = _set_tricks(deal, tuple(tricks))
        if deal.decision:
            return self._after_decision(replace(state, deal=deal, scores=state.scores + (score,)), score)
        points = tuple(map(add, state.points, changes))  # BK-5.3
        games = state.games + 1
        penalised = state.penalised
        if games <= 3:
            penalised = penalised | {s for s, c in enumerate(changes) if has_plus_five(score, s)}
        state = replace(state, deal=deal, scores=state.scores + (score,), points=points, games=games,
                        penalised=penalised, last_declarer=deal.declarer)
        ended = self._check_round_end(state)
        if ended is not None:
            return ended
        return self._deal(state, state.seated, deal.declarer)  # BK-3.4: the declarer deals next

    def _check_round_end(self, state: State) -> State | None:
        """BK-6.1-6.3: end the round if a player is at 0 or below or above 25."""
        seated = state.seated
        pts = state.points
        for s in seated:
            if pts[s] <= 0 or pts[s] > UPPER:
                break
        else:
            return None  # nobody at 0 or below, nobody above 25: the round goes on
        low = [s for s in seated if pts[s] <= 0]
        if low and 1 <= state.games <= 3:  # BK-6.2: Durchmarsch
            winner = min(low, key=lambda s: (pts[s], seated.index(s)))
            return self._settle(state, "durchmarsch", winner=winner)
        top = max(pts[s] for s in seated)  # BK-5.5
        most = tuple(s for s in seated if pts[s] == top)
        if len(most) == 1:
            return self._settle(state, "normal", loser=most[0])
        return self._start_stechen(state, most)

    # -- Stechen (BK-5.8) -----------------------------------------------------------
    def _start_stechen(self, state: State, members: tuple[int, ...]) -> State:
        stacked = state.setup.get("draws")
        k = state.draws
        if stacked and k < len(stacked) and len(stacked[k]) >= len(members):
            cards = list(stacked[k][: len(members)])
        else:
            deck = list(CARDS)
            generator(state.setup.seed, "draw", k).shuffle(deck)
            cards = deck[: len(members)]
        draw = tuple(zip(members, cards))
        winner = max(draw, key=lambda sc: draw_key(sc[1]))[0]  # step 1
        previous = state.stechen.draw if state.stechen else ()
        stechen = Stechen(members=members, draw=previous + draw, winner=winner)
        return replace(state, phase=STECHEN_DEALER, stechen=stechen, draws=k + 1, deal=None)

    def _after_decision(self, state: State, score: GameScore) -> State:
        """Step 4: one player with +5 loses; otherwise the fewest tricks; ties draw again."""
        members = state.stechen.members
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

    # -- settlement and the next round ------------------------------------------------
    def _settle(self, state: State, end: str, loser: int | None = None, winner: int | None = None) -> State:
        seated = state.seated
        n = len(seated)
        euros = [Fraction(0)] * self.players
        penalised: tuple[int, ...] = ()
        if end == "durchmarsch":  # BK-5.6
            euros[winner] = Fraction(n - 1)
            penalised, payers = durchmarsch_payers(state.penalised, state.points, seated, winner)
            share = Fraction(n - 1, len(payers)) if penalised else Fraction(1)
            for s in payers:
                euros[s] = -share
        else:  # BK-5.5, BK-5.7
            for s in seated:
                euros[s] = Fraction(1)
            euros[loser] = -Fraction(n - 1)
            payers = (loser,)
        balances = tuple(b + e for b, e in zip(state.balances, euros))
        left: tuple[int, ...] = ()
        if self.tournament:  # BK-5.13, BK-5.14
            bound = self.options["lower_bound"]
            left = tuple(s for s in seated if balances[s] <= bound or (end == "expulsion" and s == loser))
        elif end == "expulsion":
            left = (loser,)
        result = RoundResult(
            round=state.round,
            end=end,
            loser=loser,
            winner=winner,
            seated=seated,
            points=state.points,
            euros=tuple(euros),
            games=state.games,
            stechen=(state.stechen.draw,) if state.stechen else (),
            left=left,
            penalised=penalised,
            payers=payers,
        )
        state = replace(state, balances=balances, results=state.results + (result,), stechen=None, deal=None)
        remaining = tuple(s for s in seated if s not in left)
        max_rounds = self.options["max_rounds"]
        if not self.tournament or len(remaining) <= 1 or (max_rounds is not None and state.round >= max_rounds):
            return replace(state, phase=OVER, seated=remaining)  # BK-5.15, BK-5.16
        state = replace(
            state,
            seated=remaining,
            round=state.round + 1,
            points=tuple(START_POINTS if s in remaining else p for s, p in enumerate(state.points)),
            games=0,
            misdeals=(0,) * self.players,
            penalised=frozenset(),
        )
        if end == "durchmarsch":  # BK-6.4: the last declarer deals
            return self._deal(state, remaining, _next_remaining(state.last_declarer, remaining, self.players))
        if loser in remaining:
            return replace(state, phase=NEXT_DEALER, chooser=loser)  # BK-7.2
        return self._deal(state, remaining, _next_remaining(loser, remaining, self.players))

    # -- table-keeping events (BK-5.10-5.13) ---------------------------------------------
    def _table_event(self, state: State, event: TableEvent) -> State:
        deal = state.deal
        if isinstance(event, Misdeal):
            if deal.decision:  # BK-5.11: in a decision game simply dealt again
                return self._deal(state, deal.seats, deal.dealer, deal.redeals, decision=True)
            misdeals = list(state.misdeals)
            misdeals[deal.dealer] += 1
            state = replace(state, misdeals=tuple(misdeals))
            count = misdeals[deal.dealer]
            if count >= 3:
                return self._settle(state, "misdeal", loser=deal.dealer)
            if count == 2:
                points = list(state.points)
                points[deal.dealer] += 5
                state = replace(state, points=tuple(points))
                ended = self._check_round_end(state)
                if ended is not None:
                    return ended
            return self._deal(state, deal.seats, deal.dealer, deal.redeals)
        violations = list(state.violations)
        violations[event.seat] += 1
        state = replace(state, violations=tuple(violations))
        if isinstance(event, Expel):
            return self._settle(state, "expulsion", loser=event.seat)
        return replace(state, deal=replace(deal, violators=deal.violators | {event.seat}))

    # -- text in and out ---------------------------------------------------------------
    def _parse(self, state: State, text: str, player: int | None) -> Action:
        words = text.lower().split()
        if not words:
            raise ValueError(f"empty action; {ACTION_HELP}")
        verb, args = words[0], words[1:]
        try:
            if verb == "play" and len(args) == 1:
                return PLAYS[parse_card(args[0])]
            if verb == "bid" and len(args) == 1:
                return Bid(_int(args[0], "a bid is a number of tricks 0-5"))
            if verb in ("gut", "pass") and not args:
                return GUT
            if verb == "trump" and len(args) == 1:
                return TRUMPS[parse_suit(args[0])]
            if verb == "mit" and not args:
                return MIT
            if verb == "weg" and not args:
                return WEG
            if verb == "dealer" and len(args) == 1:
                return Dealer(self.check_seat(_int(args[0], "the dealer is a seat number")))
            if verb == "misdeal" and not args:
                return Misdeal()
            if verb == "violation" and len(args) == 1:
                return Violation(self.check_seat(_int(args[0], "a violation names a seat number")))
            if verb == "expel" and len(args) == 1:
                return Expel(self.check_seat(_int(args[0], "expel names a seat number")))
        except (ValueError, TypeError) as err:
            raise ValueError(f"cannot read {text!r}: {err}") from None
        raise ValueError(f"cannot read {text!r}; {ACTION_HELP}")

    def _example_action(self) -> str:
        return "play QH"

    def describe(self, state: State, action: Action, player: int | None = None) -> str:
        from .describe import describe

        return describe(self, state, action, player)

    def render(self, state: State, player: int | None = None) -> str:
        from .describe import render

        return render(self, state, player)

    def _view(self, state: State, player: int) -> State:
        """What ``player`` may know: his own hand, the calls, the played cards (BK-3.5, BK-4.8)."""
        deal = state.deal
        if deal is not None:
            hands = tuple(
                h if (s == player or h is None) else (None,) * len(h) for s, h in enumerate(deal.hands)
            )
            deal = replace(deal, hands=hands)
        return replace(state, deal=deal, setup=Setup(0))

    def _settlement(self, state: State):
        from .settlement import settle

        return settle(self, state)


_TURN_RULES = {BID: "BK-4.1", TRUMP: "BK-4.5", ANSWER: "BK-4.6", PLAY: "BK-4.8",
               STECHEN_DEALER: "BK-5.8", NEXT_DEALER: "BK-6.4"}

ACTION_HELP = (
    "actions are: bid N (0-5), gut, trump C|S|H|D, mit, weg, play CARD (e.g. play QH), dealer N; "
    "table events: misdeal, violation N, expel N"
)


def alternatives(items) -> str:
    """``a``, ``a or b``, ``a, b or c``: choices in words."""
    words = [str(i) for i in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number: {what}") from None


def durchmarsch_payers(penalised, points, seated, winner) -> tuple[tuple[int, ...], tuple[int, ...]]:
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


def has_plus_five(score: GameScore, seat: int) -> bool:
    """Did ``seat`` receive a +5 in this game (BK-5.1 or BK-5.12)?"""
    if seat in score.violators:
        return True
    if seat == score.declarer:
        return score.tricks[seat] < score.contract
    return seat in score.mit and score.tricks[seat] == 0


def _is_redeal_hand(hand: tuple[Card, ...]) -> bool:
    """BK-3.6: five Luschen without three of one suit."""
    for c in hand:
        if c & 7 > 2:
            return False  # a card above the Luschen: almost every hand stops here
    suits = [c >> 3 for c in hand]
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


def _next_remaining(seat: int, remaining: tuple[int, ...], players: int) -> int:
    """The next remaining seat clockwise from ``seat`` (itself if it remains)."""
    for step in range(players):
        s = (seat + step) % players
        if s in remaining:
            return s
    raise ValueError("nobody is left at the table")


def _check_decks(deck) -> tuple[tuple[Card, ...], ...] | None:
    """A stacked deck: card codes in draw order, or a list of such decks for successive deals."""
    if deck is None:
        return None
    if isinstance(deck, str) or not hasattr(deck, "__iter__"):
        raise TypeError("deck is a list of card codes in draw order, e.g. ['AC', '10H', ...]")
    items = list(deck)
    if not items:
        return None
    nested = all(not isinstance(d, (str, Card)) and hasattr(d, "__iter__") for d in items)
    decks = [list(d) for d in items] if nested else [items]
    out = []
    for d in decks:
        try:
            cards = parse_cards(d)
        except ValueError as err:
            raise ValueError(f"stacked deck: {err}") from None
        out.append(cards)
    return tuple(out)


def _check_draws(draws) -> tuple[tuple[Card, ...], ...] | None:
    """Stacked Stechen draws: for each draw, the cards drawn by the members in table order."""
    if draws is None:
        return None
    try:
        out = tuple(parse_cards(d) for d in draws)
    except (TypeError, ValueError) as err:
        raise ValueError(f"stacked Stechen draws: {err}; give a list of card-code lists") from None
    return out or None



def deck_for(hands, dealer: int, players: int | None = None, seats=None) -> list[str]:
    """A stacked deck (codes in draw order) that deals ``hands`` when ``dealer`` deals (BK-3.5).

    ``hands`` is a list with one entry per seat, or a dict seat -> cards; an entry is a
    list of five codes (or a space-separated string) or None for "any five cards".
    ``seats`` are the seats dealt in, in table order (default: all; a Stechen decision
    game deals only to its members).  The
    cards not named fill the other places in deck order (Kreuz first, low to high).
    For teaching scenarios: ``game.new(deck=deck_for([...], dealer=0))``.
    """
    if isinstance(hands, dict):
        if players is None:
            raise ValueError("with hands given as a dict, say how many players with players=")
        hands = [hands.get(s) for s in range(players)]
    hands = list(hands)
    n = len(hands) if players is None else players
    if len(hands) != n or not 2 <= n <= 6:
        raise ValueError(f"give one hand (or None) for each of 2-6 seats, got {len(hands)}")
    named = [parse_cards(h) if h is not None else None for h in hands]
    used = [c for h in named if h for c in h]
    if len(set(used)) != len(used):
        raise ValueError("a card appears in two hands; every card is unique (BK-2.1)")
    for s, h in enumerate(named):
        if h is not None and len(h) != HAND:
            raise ValueError(f"seat {s} needs exactly {HAND} cards, got {len(h)}")
    filler = iter(c for c in CARDS if c not in set(used))
    seats = tuple(range(n)) if seats is None else tuple(seats)
    i = seats.index(dealer)
    order = seats[i + 1:] + seats[: i + 1]
    deck: list[Card | None] = [None] * (HAND * len(seats))
    for pos, slots in enumerate(_deal_slots(len(seats))):
        cards = named[order[pos]] or [next(filler) for _ in range(HAND)]
        for j, c in zip(slots, cards):
            deck[j] = c
    return [str(c) for c in deck]
