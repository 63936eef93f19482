"""Brokdorf players: ``random`` and ``greedy``, a rule-of-thumb player.

Greedy counts the tricks its hand can take (top trumps, long trumps, side Aces), bids
just above the table when it can count more, says MIT only with a likely trick, wins
a trick as cheaply as it can when it is last and with its strongest card before, and
otherwise discards its weakest card.  It sees only its view (BK-3.5: own hand, the
calls, the played cards).
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Final, cast

from ..core.agents import Agent, RandomAgent
from ..core.game import Action
from .cards import CARDS, Card, beats, suit
from .rules import ANSWER, BID, BIDS, DEALERS, GUT, MIT, PLAY, PLAYS, TRUMP, TRUMPS, WEG, Play, State


def count_tricks(hand: Iterable[int], trump: int, players: int) -> float:
    """A rough count of the tricks ``hand`` takes with ``trump`` when its holder leads."""
    cards = list(hand)
    trumps = sorted([c & 7 for c in cards if suit(c) == trump], reverse=True)  # strengths, Ace (7) first
    sure = 0.0
    top = 7  # the Ace; each held top trump in sequence is a sure trick
    for strength in trumps:
        if strength == top:
            sure += 1
            top -= 1
        else:
            break
    sure += max(0, len(trumps) - 2 - sure) * 0.6  # long trumps win late tricks
    if trumps and sure == 0 and trumps[0] >= 5:  # a guarded high trump (10 or K)
        sure += 0.5
    side_aces = len([c for c in cards if suit(c) != trump and c & 7 == 7])
    sure += side_aces * (0.9 if players <= 3 else 0.7)
    return sure


def best_trump(hand: Sequence[int], players: int) -> tuple[int, float]:
    """The suit that counts the most tricks (the first such suit, C S H D), with that count."""
    best, most = 0, count_tricks(hand, 0, players)
    for trump in range(1, 4):
        count = count_tricks(hand, trump, players)
        if count > most:
            best, most = trump, count
    return best, most


class GreedyAgent(Agent):
    name = "greedy"

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
        trump = view.deal_in_progress().trump_suit()
        cards = [a.card for a in legal]
        if len(cards) == 1:
            return legal[0]
        trick = view.trick
        hand = view.hands[self.seat]
        seen = set(hand) | {c for t in view.played for c in t.cards} | set(trick.cards)
        unseen = [c for c in CARDS if c not in seen]

        def boss(card: Card) -> bool:  # no unseen card can beat it
            return not any(beats(u, card, trump) for u in unseen)

        def weakness(card: Card) -> tuple[bool, int]:  # discard order: side suits before trumps, low before high
            return (suit(card) == trump, card & 7)

        if not trick.cards:
            bosses = [c for c in cards if boss(c)]
            if bosses:  # lead the strongest card that no unseen card beats
                return PLAYS[max(bosses, key=weakness)]
            return PLAYS[min(cards, key=weakness)]
        winning = trick.cards[trick.best]
        winners = [c for c in cards if beats(c, winning, trump)]
        if winners:
            if len(trick.cards) == len(trick.turns) - 1:  # last to play: the cheapest winner
                return PLAYS[min(winners, key=weakness)]
            return PLAYS[max(winners, key=lambda c: (boss(c), suit(c) == trump, c & 7))]
        return PLAYS[min(cards, key=weakness)]


AGENTS: Final[dict[str, Any]] = {"random": RandomAgent, "greedy": GreedyAgent}
