"""Agents for Bronko-Donko: ``random`` (uniform over the legal actions) and ``greedy``.

The greedy player sheds weak cards early, keeps a fist card to regain control later,
gets rid of high-damage cards (Kose, Wolf, Bronko, Vertriebler) before the fight can
end, and as the Bronko knocks out the Schläger that remove the most HP.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Final

from ..core.agents import Agent
from ..core.game import Action
from . import cards as C
from .rules import BOX, DECLINE, DUCK, GONG, HAUFEN, KNOCKOUT, PASS, PLAY, RETURN, WOLFSBLUT, Hand2, Pick, Place, State

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
            return max(legal_actions, key=_returned)
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
        rev = view.fight.revolution
        best: Action | None = None
        best_score = 0.0
        opening = view.round.current is None
        for a in legal_actions:
            if not isinstance(a, Place) or a.form is None:
                continue
            f = a.form
            rest = hand & ~f.req
            if not rest:  # winning the fight beats everything; the vest doubles the losers' damage
                for x in legal_actions:
                    if isinstance(x, Place) and x.vest and x.form is f:
                        return x
                return a
            if a.vest:
                continue
            score = f.size * 1.0 - 0.35 * f.strength[rev] + 0.15 * FORM_DAMAGE[f.id]
            size_left = rest.bit_count()
            if f.fist[rev] and not rest & FIST_CARDS[rev] and size_left > 3:
                score -= 6.0  # keep the last fist card to regain control later
            if f.fist[rev] and size_left <= 3:
                score += 2.0
            if a.verb == BOX:
                score += 1.5  # a box takes control cheaply
            if best is None or score > best_score:
                best, best_score = a, score
        if best is None:
            return DUCK
        if not opening and best_score < -1.0:
            return DUCK
        return best
