# mypy: ignore-errors
"""Agents for Bronko-Donko: ``random`` (uniform over the legal actions) and ``greedy``.

The greedy player sheds weak cards early, keeps a fist card to regain control later,
gets rid of high-damage cards (Kose, Wolf, Bronko, Vertriebler) before the fight can
end, and as the Bronko knocks out the Schläger that remove the most HP.
"""
from __future__ import annotations

from itertools import combinations

from ..core.agents import Agent, RandomAgent
from . import cards as C
from .rules import (
    DECLINE, DUCK, GONG, HAUFEN, KNOCKOUT, PASS, PLAY, RETURN, WOLFSBLUT, BronkoDonko, Place,
)


def _fists(hand: int, rev: int) -> int:
    """How many fist cards (BD-3.5) a hand holds."""
    b = 1 if rev else 8
    return sum(1 for col in range(4) if hand >> C.card(col, b) & 1)


def _damage(mask: int) -> int:
    return sum(C.DAMAGE[c] for c in C.cards_of(mask))


def best_knockouts(schlaeger: tuple[int, ...], power: int) -> tuple[int, ...]:
    """The Schläger whose knock-out removes the most HP with Schlagkraft ``power`` (subset sum)."""
    best: tuple[int, ...] = ()
    for k in range(1, len(schlaeger) + 1):
        for sub in combinations(schlaeger, k):
            if sum(sub) <= power and sum(sub) > sum(best):
                best = sub
    return best


class GreedyAgent(Agent):
    """A simple rule-of-thumb player (see the module docstring)."""

    name = "greedy"

    def act(self, view, legal_actions, rng):
        phase = view.phase
        if phase == PLAY:
            return self._play(view, legal_actions)
        if phase == GONG:
            boxes = [a for a in legal_actions if isinstance(a, Place)]
            return max(boxes, key=lambda a: _damage(a.form.req)) if boxes else PASS
        if phase == WOLFSBLUT:
            return DECLINE
        if phase == RETURN:  # give back high damage and weak cards, keep the fists
            def cost(a):
                return sum(-100 if C.BASE[c] == 8 else C.DAMAGE[c] + 1.5 * (8 - C.BASE[c]) for c in C.cards_of(a.cards))

            return max(legal_actions, key=cost)
        if phase == KNOCKOUT:
            st = view.settle
            plan = best_knockouts(view.schlaeger[st.loser], st.power)
            options = {a.value: a for a in legal_actions}
            for hp in sorted(plan, reverse=True):
                if hp in options:
                    return options[hp]
            return max(legal_actions, key=lambda a: a.value)
        if phase == HAUFEN:  # the Donko-Haufen to the strongest rival
            return max(legal_actions, key=lambda a: (sum(view.schlaeger[a.value]), -a.value))
        return legal_actions[0]  # GIVE, ORDER: no choice that matters

    def _play(self, view, legal_actions):
        hand = view.hands[self.seat]
        rev = 1 if view.revolution else 0
        best, best_score = None, None
        opening = view.current is None
        for a in legal_actions:
            if a is DUCK:
                continue
            f = a.form
            rest = hand & ~f.req
            if not rest:  # winning the fight beats everything; the vest doubles the losers' damage
                for x in legal_actions:
                    if x is not DUCK and x.vest and x.form is f:
                        return x
                return a
            if a.vest:
                continue
            score = f.size * 1.0 - 0.35 * f.strength[rev] + 0.15 * _damage(f.req)
            size_left = bin(rest).count("1")
            if f.fist[rev] and _fists(rest, rev) == 0 and size_left > 3:
                score -= 6.0  # keep the last fist card to regain control later
            if f.fist[rev] and size_left <= 3:
                score += 2.0
            if a.verb == 2:
                score += 1.5  # a box takes control cheaply
            if best_score is None or score > best_score:
                best, best_score = a, score
        if best is None:
            return DUCK
        if not opening and best_score < -1.0:
            return DUCK
        return best


BronkoDonko.agents = {"random": RandomAgent, "greedy": GreedyAgent}
