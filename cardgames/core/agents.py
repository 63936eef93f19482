"""Agents: players that choose from the legal actions, seeing only their view.

An agent is made for one game and one seat (``game.agent("greedy", seat)``) and
answers ``act(view, legal_actions, rng)``.  ``rng`` is a ``random.Random`` derived
from the game's seed and the seat, so simulations replay exactly.

Compiled, :class:`Agent` is a native class, so each game's compiled agents are too (their
fields are C fields); agents written in a notebook subclass it as ordinary Python.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from .i18n import Catalog

_, ngettext = Catalog("cardgames").functions()


@mypyc_attr(allow_interpreted_subclasses=True)
class Agent:
    """Base class: holds the game and the seat; subclasses implement ``act``."""

    name: ClassVar[str] = "agent"
    #: whether ``act`` looks at its view; simulate() skips building views for agents that don't
    uses_view: ClassVar[bool] = True
    #: whether ``act`` draws from its ``rng``; simulate() makes no generator for agents that don't
    uses_rng: ClassVar[bool] = True

    def __init__(self, game: Any, seat: int) -> None:
        self.game = game
        self.seat = seat

    def act(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.name} agent, seat {self.seat}>"


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    name = "random"
    uses_view = False

    def act(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[rng.randrange(len(legal_actions))]


@mypyc_attr(native_class=False)  # a subclass of random.Random stays an ordinary Python class
class NoDraws(random.Random):
    """The ``rng`` handed to an agent that declares ``uses_rng = False``: any draw is a mistake.

    Seeding a generator costs more than many a greedy decision; agents that never draw get
    this one instead, and an agent that says so wrongly fails at its first draw, by name.
    """

    def __init__(self) -> None:
        super().__init__(0)

    def random(self) -> float:
        raise RuntimeError(_("this agent declares uses_rng = False but drew a random number; set uses_rng = True"))

    def getrandbits(self, k: int) -> int:
        raise RuntimeError(_("this agent declares uses_rng = False but drew random bits; set uses_rng = True"))


NO_DRAWS: Final = NoDraws()
