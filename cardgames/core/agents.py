# mypy: ignore-errors
"""Agents: players that choose from the legal actions, seeing only their view.

An agent is made for one game and one seat (``game.agent("greedy", seat)``) and
answers ``act(view, legal_actions, rng)``.  ``rng`` is a ``random.Random`` derived
from the game's seed and the seat, so simulations replay exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class Agent:
    """Base class: holds the game and the seat; subclasses implement ``act``."""

    name = "agent"
    #: whether ``act`` looks at its view; simulate() skips building views for agents that don't
    uses_view = True

    def __init__(self, game: Any, seat: int):
        self.game = game
        self.seat = seat

    def act(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.name} agent, seat {self.seat}>"


class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    name = "random"
    uses_view = False

    def act(self, view, legal_actions, rng):
        return legal_actions[rng.randrange(len(legal_actions))]
