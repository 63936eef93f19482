"""Brokdorf players: ``random``, ``greedy``, a rule-of-thumb player, and ``expert``, which plays greedy on in worlds.

Greedy counts the tricks its hand can take (top trumps, long trumps, side Aces), bids
just above the table when it can count more, says MIT only with a likely trick, leads
the card that the fewest cards still out can beat (a card none can beat first, the
strongest of equals: it cashes its winners and never leads a low card that only gives a
trick away), wins a trick as cheaply as it can when it is last and with its strongest
card before, and otherwise discards its weakest card.  "Still out" reads the voids that
play has shown: a player who did not follow suit holds none of it, and one who then did
not trump holds no trump (BK-4.10).  It sees only its view (BK-3.5: own hand, the calls,
the played cards).  The expert (:class:`BrokdorfExpert`) tries every legal action
in worlds drawn from its view (worlds.py) and lets greedy players finish the deal; with
``solver=True`` it values its cards by the open-hand solver in each world instead (an
option, measured no stronger).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Final, cast

from ..core.agents import Agent, RandomAgent
from ..core.expert import ExpertAgent, best
from ..core.game import Action
from .cards import CARDS, Card, beats, suit
from .rules import (
    ANSWER,
    BID,
    BIDS,
    DEALERS,
    GUT,
    MIT,
    PLAY,
    PLAYS,
    TRUMP,
    TRUMPS,
    WEG,
    Play,
    State,
    point_change,
)
from .solve import solve_actions
from .worlds import in_stechen, points_gained, stechen_loss


def bits(cards: Iterable[int]) -> int:
    """A set of cards as one int: bit ``c`` for card ``c``, so suit ``s`` is byte ``s`` (bit 7 of it the Ace)."""
    out = 0
    for card in cards:
        out |= 1 << card
    return out


def count_tricks(hand: Iterable[int], trump: int, players: int) -> float:
    """A rough count of the tricks ``hand`` takes with ``trump`` when its holder leads."""
    return _count(bits(hand), trump, players)


def _count(held: int, trump: int, players: int) -> float:
    """:func:`count_tricks` of the hand whose cards are ``held`` (as :func:`bits`)."""
    trumps = held >> 8 * trump & 0xFF  # the strengths held in trumps, bit 7 the Ace
    sure = 0.0
    top = 7  # the Ace; each held top trump in sequence is a sure trick
    while top >= 0 and trumps >> top & 1:
        sure += 1
        top -= 1
    long = trumps.bit_count() - 2 - sure
    if long > 0:  # long trumps win late tricks
        sure += long * 0.6
    if trumps and sure == 0 and trumps >> 5:  # a guarded high trump (10 or K)
        sure += 0.5
    side_aces = 0
    for s in range(4):
        if s != trump and held >> 8 * s + 7 & 1:
            side_aces += 1
    sure += side_aces * (0.9 if players <= 3 else 0.7)
    return sure


def best_trump(hand: Iterable[int], players: int) -> tuple[int, float]:
    """The suit that counts the most tricks (the first such suit, C S H D), with that count."""
    held = bits(hand)
    best, most = 0, _count(held, 0, players)
    for trump in range(1, 4):
        count = _count(held, trump, players)
        if count > most:
            best, most = trump, count
    return best, most


class GreedyAgent(Agent):
    name = "greedy"
    uses_rng = False  # it decides from the view alone

    def act(self, view: State, legal: Sequence[Action], rng: random.Random) -> Action:
        phase = view.phase
        if phase == PLAY:
            return self._play(view, cast(Sequence[Play], legal))
        deal = view.deal
        if deal is None:  # naming a dealer (BK-5.8, BK-6.4): himself if he may
            own = DEALERS[self.seat]
            return own if own in legal else legal[0]
        hand = view.hands[self.seat]
        players = len(deal.seats)
        if phase == BID:
            _, count = best_trump(hand, players)
            bids = [b for b in deal.calls if b is not None]
            floor = bids[-1] + 1 if bids else 0
            if floor <= int(count):
                return BIDS[floor]  # just above the table: the lowest contract that still declares
            return GUT
        if phase == TRUMP:
            return TRUMPS[best_trump(hand, players)[0]]
        assert phase == ANSWER
        return MIT if count_tricks(hand, deal.trump_suit(), players) >= 1 else WEG

    def _play(self, view: State, legal: Sequence[Play]) -> Play:
        if len(legal) == 1:
            return legal[0]
        trump = view.deal_in_progress().trump_suit()
        cards = [a.card for a in legal]
        trick = view.trick
        seen = bits(view.hands[self.seat]) | bits(trick.cards)
        for done in view.played:
            seen |= bits(done.cards)
        # the unseen cards that the players still to play to this trick may hold: none of a suit that
        # one of them has shown he lacks (he did not follow it, or did not trump it when void, BK-4.10)
        possible = ALL_CARDS & ~seen & _reachable(view, trump)
        beaten_by = BEATEN_BY[trump]

        def weakness(card: Card) -> tuple[bool, int]:  # discard order: side suits before trumps, low before high
            return (suit(card) == trump, card & 7)

        if not trick.cards:  # lead the card the fewest cards still out against it can beat, the strongest of those
            return PLAYS[
                min(cards, key=lambda c: ((beaten_by[c] & possible).bit_count(), -(suit(c) == trump), -(c & 7)))
            ]
        winning = trick.cards[trick.best]
        winners = [c for c in cards if beats(c, winning, trump)]
        if winners:
            if len(trick.cards) == len(trick.turns) - 1:  # last to play: the cheapest winner
                return PLAYS[min(winners, key=weakness)]
            return PLAYS[max(winners, key=lambda c: (not beaten_by[c] & possible, suit(c) == trump, c & 7))]
        return PLAYS[min(cards, key=weakness)]


def _reachable(view: State, trump: int) -> int:
    """The cards (as :func:`bits`) the players still to play to the trick may hold, judged by the voids
    play has shown: a follower who did not follow the led suit holds none of it, and one who then did
    not trump either holds no trump (BK-4.10)."""
    void = [0] * len(view.hands)  # per seat, a bit per suit he is known to lack
    for trick in (*view.played, view.trick):
        if not trick.cards:
            continue
        led = suit(trick.cards[0])
        for seat, card in zip(trick.turns[1:], trick.cards[1:]):
            if suit(card) != led:
                void[seat] |= 1 << led
                if suit(card) != trump:
                    void[seat] |= 1 << trump
    trick = view.trick
    still = trick.turns[len(trick.cards) + 1 :] if trick.cards else trick.turns[1:]
    out = 0
    for seat in still:
        for s in range(4):
            if not void[seat] >> s & 1:
                out |= 0xFF << 8 * s
    return out


ALL_CARDS: Final = bits(CARDS)
# BEATEN_BY[trump][card]: the cards that beat ``card`` when ``trump`` is trump (BK-4.9), as bits
BEATEN_BY: Final[tuple[tuple[int, ...], ...]] = tuple(
    [tuple([bits([x for x in CARDS if beats(x, card, trump)]) for card in CARDS]) for trump in range(4)]
)


class BrokdorfExpert(ExpertAgent):
    """Determinized Monte Carlo (cardgames.core.expert) with greedy rollouts to the end of the deal.

    Each decision draws worlds from its view (worlds.py), plays every legal action in each
    and lets greedy players finish the deal; it takes the action that gains the fewest
    points on average.  In a Stechen (BK-5.8) the round's points do not move, so there it
    takes the action least likely to make it the player who pays.

    ``solver=True`` values the cards of card play with the open-hand solver instead (solve.py):
    in each world every legal card is worth the BK-5.1 point change of the tricks
    ``solve_actions`` says the expert is sure of after it (-t, plus 5 below the contract as
    declarer or below one trick as a MIT player), and the card with the fewest points on
    average is played.  Points, not tricks, are averaged: the change is strictly decreasing in
    the tricks, so one search gives both, but only the points weigh a missed contract.  Calls,
    trump, MIT/WEG and a Stechen keep the rollouts.  Measured no stronger, so it is not the
    default: over 1,000 rounds against three greedy players (seats rotated, compiled) the
    rollouts gained +13.27 points per round on the others (95 % interval +13.04 to +13.50),
    the solver +13.25 (+13.02 to +13.48), the paired difference -0.02 (-0.20 to +0.15); see
    docs/games/brokdorf.md for the variants tried and the head-to-head games.  It is the
    faster one per card (median 1.0 ms against 3.4 ms, compiled).
    """

    worlds = 32

    def __init__(self, game: Any, seat: int, worlds: int = 0, solver: bool = False) -> None:
        super().__init__(game, seat, worlds)
        #: value the cards of card play with the open-hand solver in each world instead of greedy rollouts
        self.solver: bool = bool(solver)

    def act(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if self.solver and len(legal_actions) > 1 and view.phase == PLAY and not in_stechen(view):
            return self.solved(view, legal_actions, rng)
        return ExpertAgent.act(self, view, legal_actions, rng)

    def solved(self, view: State, legal: Sequence[Any], rng: random.Random) -> Any:
        """The card with the fewest points at the end of the deal on average over worlds, each world's
        points those of the open-hand solver's value (BK-5.1 applied to the tricks it is sure of)."""
        deal = view.deal_in_progress()
        needed = deal.contract if deal.declarer == self.seat and deal.contract is not None else 1
        totals = [0.0] * len(legal)
        for _ in range(self.budget(view, len(legal))):
            world = self.game._determinize(view, self.seat, rng, self.policy)
            tricks = solve_actions(world, self.seat)
            for i, action in enumerate(legal):
                totals[i] -= point_change(tricks[action], needed)
        return legal[best(totals)]

    def value(self, start: Any, end: Any) -> float:
        if in_stechen(start):
            return -stechen_loss(start, end, self.seat)
        return -float(points_gained(start, end, self.seat))


AGENTS: Final[dict[str, Any]] = {"random": RandomAgent, "greedy": GreedyAgent, "expert": BrokdorfExpert}
