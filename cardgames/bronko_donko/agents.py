"""Agents for Bronko-Donko: ``random`` (uniform over the legal actions) and ``greedy``.

The greedy player sheds weak cards early, keeps a fist card to regain control later,
gets rid of high-damage cards (Kose, Wolf, Bronko, Vertriebler) before the fight can
end, and as the Bronko knocks out the Schläger that remove the most HP.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any, ClassVar, Final

from ..core.agents import Agent
from ..core.expert import ExpertAgent as MonteCarloExpert
from ..core.game import Action
from . import cards as C
from .rules import (
    BOX,
    DECLINE,
    DUCK,
    GIVE,
    GONG,
    HAUFEN,
    KNOCKOUT,
    PASS,
    PLAY,
    RETURN,
    WOLFSBLUT,
    Hand2,
    Pick,
    Place,
    State,
    bits,
)

# Worked out once, not at every decision:
# the summed damage (BD-9.2) of each formation's cards, by formation id: what placing it sheds
FORM_DAMAGE: Final[tuple[int, ...]] = tuple(C.hand_damage(f.req) for f in C.FORMS)
# the fist cards (BD-3.5) by revolution state: the Bronko cards, in a revolution the Donko cards
FIST_CARDS: Final[tuple[int, ...]] = (
    sum(1 << C.card(col, 8) for col in range(4)),
    sum(1 << C.card(col, 1) for col in range(4)),
)


def best_knockouts(schlaeger: tuple[int, ...], power: int) -> tuple[int, ...]:
    """The Schläger whose knock-out removes the most HP with Schlagkraft ``power`` (subset sum).

    Of several sets with the largest sum, the first one met by size, then in the order of ``schlaeger``.
    """
    if sum(schlaeger) <= power:
        return schlaeger  # all of them
    cheapest = sorted(schlaeger)
    best: tuple[int, ...] = ()
    most = 0
    for k in range(1, len(schlaeger)):
        if sum(cheapest[:k]) > power or most == power:
            break  # no set of k or more fits, or none can beat the best
        for sub in combinations(schlaeger, k):
            total = sum(sub)
            if most < total <= power:
                best, most = sub, total
    return best


def _return_cost(cards: int) -> float:
    """How glad the Bronko is to hand these cards back: high damage and weak cards, never a fist card."""
    return sum(-100 if C.BASE[c] == 8 else C.DAMAGE[c] + 1.5 * (8 - C.BASE[c]) for c in C.cards_of(cards))


# the cost of every pair of coloured cards the Bronko may hand back (DP-2 offers up to 45 of them)
RETURN_COST: Final[dict[int, float]] = {
    (1 << a) | (1 << b): _return_cost((1 << a) | (1 << b)) for a, b in combinations(range(32), 2)
}


def _returned(a: Action) -> float:
    assert isinstance(a, Hand2)
    return RETURN_COST[a.cards]


def _value(a: Action) -> int:
    assert isinstance(a, Pick)
    return a.value


class GreedyAgent(Agent):
    """A simple rule-of-thumb player (see the module docstring)."""

    name = "greedy"
    uses_rng = False  # it decides from the view alone

    def act(self, view: State, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        phase = view.phase
        if phase == PLAY:
            return self._play(view, legal_actions)
        if phase == GONG:
            boxes = [a for a in legal_actions if isinstance(a, Place) and a.form is not None]
            return max(boxes, key=lambda a: FORM_DAMAGE[a.form.id] if a.form is not None else 0) if boxes else PASS
        if phase == WOLFSBLUT:
            return DECLINE
        if phase == RETURN:  # give back high damage and weak cards, keep the fists
            # the first pair of highest cost, as max(legal_actions, key=_returned) picks it: DP-2 offers up to
            # 45 pairs, and compiled, max's call of a key per pair costs more than the cost itself
            costs = [_returned(a) for a in legal_actions]
            return legal_actions[costs.index(max(costs))]
        if phase == KNOCKOUT:
            settle = view.settle
            assert settle is not None
            plan = best_knockouts(view.standing.schlaeger[settle.loser], settle.power)
            options = {_value(a): a for a in legal_actions}
            for hp in sorted(plan, reverse=True):
                if hp in options:
                    return options[hp]
            return max(legal_actions, key=_value)
        if phase == HAUFEN:  # the Donko-Haufen to the strongest rival
            schlaeger = view.standing.schlaeger
            return max(legal_actions, key=lambda a: (sum(schlaeger[_value(a)]), -_value(a)))
        return legal_actions[0]  # GIVE, ORDER: no choice that matters

    def _play(self, view: State, legal_actions: Sequence[Action]) -> Action:
        hand = view.hands[self.seat]
        won = winning(hand, legal_actions)
        if won is not None:
            return won
        rev = view.fight.revolution
        best: Action | None = None
        best_score = 0.0
        for a in legal_actions:
            if isinstance(a, Place) and not a.vest and a.form is not None:
                score = placement_score(a, hand, rev)
                if best is None or score > best_score:
                    best, best_score = a, score
        if best is None:
            return DUCK
        if view.round.current is not None and best_score < -1.0:
            return DUCK
        return best


def winning(hand: int, legal_actions: Sequence[Action]) -> Place | None:
    """The first placement that empties the hand and so wins the fight (BD-8.1), with 'vest-off' where offered
    (the vest doubles the losers' damage, BD-9.2); None if there is none."""
    for a in legal_actions:
        if isinstance(a, Place) and a.form is not None and not hand & ~a.form.req:
            for x in legal_actions:
                if isinstance(x, Place) and x.vest and x.form is a.form:
                    return x
            return a
    return None


def placement_score(a: Place, hand: int, rev: bool) -> float:
    """Greedy's worth of a placement that leaves cards in the hand: more cards and weaker ones shed first, damage
    shed counts, the last fist card is kept to regain control later, a box takes control cheaply."""
    f = a.form
    assert f is not None
    rest = hand & ~f.req
    score = f.size * 1.0 - 0.35 * f.strength[rev] + 0.15 * FORM_DAMAGE[f.id]
    size_left = bits(rest)
    if f.fist[rev] and not rest & FIST_CARDS[rev] and size_left > 3:
        score -= 6.0  # keep the last fist card to regain control later
    if f.fist[rev] and size_left <= 3:
        score += 2.0
    if a.verb == BOX:
        score += 1.5  # a box takes control cheaply
    return score


class ExpertAgent(MonteCarloExpert):
    """Determinized Monte Carlo (``cardgames.core.expert``) over greedy's best candidates.

    At a decision with a choice that matters in this fight it draws ``worlds`` worlds from its view
    (``worlds.determinize``), plays each candidate in each, lets greedy players play every seat on to
    the end of the fight (the objective's horizon) and takes the candidate with the best mean
    ``value``: the HP it loses in the fight, less ``others`` times the mean HP the other players still
    in the game lose. Its own Schläger come first; hurting the others counts too, because the game is
    won by the last player with Schläger (BD-11.2).

    Candidates: in a round greedy's ``candidates`` best placements, greedy's best with 'vest-off' where
    BD-7.10 allows it, and a duck when countering; the Bronko's pairs to hand back (DP-2) greedy's
    ``candidates`` best; the Donko's betrayal choice (DP-1) and Wolfsblut (DP-5) every option. A
    placement that wins the fight is taken at once (with the vest off where allowed); the final gong
    and the Bronko's settlement choices, which cannot change his own HP in this fight, are greedy's.
    """

    name = "expert"
    worlds = 24
    #: greedy's best placements (or pairs to hand back) played out at a decision
    candidates: ClassVar[int] = 10
    #: the weight of the mean HP the others lose, against the HP the expert loses (1)
    others: ClassVar[float] = 0.5

    def __init__(self, game: Any, seat: int, worlds: int = 0) -> None:
        super().__init__(game, seat, worlds)
        self.greedy = GreedyAgent(game, seat)

    def value(self, start: Any, end: Any) -> float:
        """Fewer HP lost by the expert, more by the others still in the game: higher is better."""
        game, seat = self.game, self.seat
        alive: int = start.standing.alive
        others = [game._score(start, end, q) for q in range(game.players) if q != seat and alive >> q & 1]
        hurt = sum(others) / len(others) if others else 0.0
        return self.others * hurt - game._score(start, end, seat)

    def shortlist(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Sequence[Any]:
        phase = view.phase
        if phase == PLAY:
            return self._placements(view, legal_actions)
        if phase == RETURN:
            return sorted(legal_actions, key=_returned, reverse=True)[: self.candidates]
        if phase in (GIVE, WOLFSBLUT):
            return legal_actions
        return [self.greedy.act(view, legal_actions, rng)]  # the final gong, the settlement

    def _placements(self, view: State, legal_actions: Sequence[Action]) -> list[Action]:
        hand = view.hands[self.seat]
        won = winning(hand, legal_actions)
        if won is not None:
            return [won]
        rev = view.fight.revolution
        scored = [
            (placement_score(a, hand, rev), i, a)
            for i, a in enumerate(legal_actions)
            if isinstance(a, Place) and not a.vest and a.form is not None
        ]
        scored.sort(key=_best_first)
        out: list[Action] = [a for _, _, a in scored[: self.candidates]]
        if scored:
            top = scored[0][2]
            for a in legal_actions:
                if isinstance(a, Place) and a.vest and a.form is top.form:
                    out.append(a)
        if DUCK in legal_actions:
            out.append(DUCK)
        return out


def _best_first(item: tuple[float, int, Place]) -> tuple[float, int]:
    return (-item[0], item[1])
