"""Agents for The Brotherhood: random (valid orders only) and greedy."""
from __future__ import annotations

from ..core.agents import Agent


class RandomAgent(Agent):
    """Picks among the legal decisions; ends an order set, a pass or a claim list with probability 1/2 each step."""

    name = "random"
    uses_view = False

    def act(self, view, legal_actions, rng):
        first = legal_actions[0]
        word = getattr(first, "word", None)
        if word in ("submit", "pass", "done") and (len(legal_actions) == 1 or rng.random() < 0.5):
            return first
        return legal_actions[rng.randrange(len(legal_actions))]
