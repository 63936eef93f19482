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
from .inputs import excerpt

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


@mypyc_attr(allow_interpreted_subclasses=True)
class FunctionAgent(Agent):
    """A plain function ``choose(view, legal_actions, rng)`` as an agent: a bot in one line of a notebook."""

    def __init__(self, game: Any, seat: int, choose: Any) -> None:
        super().__init__(game, seat)
        self.choose = choose  # (tables and frames name it by the function's name: label())

    def act(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return self.choose(view, legal_actions, rng)


def label(agent: Any) -> str:
    """How tables and frames name an agent given by name, as an object or as a function."""
    if isinstance(agent, str):
        return agent
    if isinstance(agent, type):
        return str(getattr(agent, "name", agent.__name__))
    if callable(getattr(agent, "act", None)):
        return str(getattr(agent, "name", type(agent).__name__))
    return str(getattr(agent, "__name__", type(agent).__name__))


def check_agent(game: Any, agent: Any) -> Any:
    """``agent`` if it can play ``game``: an agent name of the game, an Agent class, an object
    with ``act(view, legal_actions, rng)`` or a function of those three; a ValueError otherwise."""
    if isinstance(agent, str):
        if agent not in game.agent_names():
            raise ValueError(
                _("unknown agent {name} for {game}; choose from {names}").format(
                    name=excerpt(agent), game=game.name, names=", ".join(game.agent_names())
                )
            )
        return agent
    if isinstance(agent, type) or callable(getattr(agent, "act", None)) or callable(agent):
        return agent
    raise ValueError(
        _(
            "an agent is the name of one of {game}'s agents ({names}), an object with act(view, legal_actions, rng) "
            "or a function of those three; not {value}"
        ).format(game=game.name, names=", ".join(game.agent_names()), value=excerpt(agent, 40))
    )


def seated(game: Any, agent: Any, seat: int) -> Any:
    """The agent that plays ``seat``, made from what :func:`check_agent` accepts.

    A name, a class or a function is made for the seat with the seat's copy of the game
    (``Game.agents_game``), so nothing it can reach is a state of the game being played or
    another seat's view; a function is wrapped in a :class:`FunctionAgent`; an object plays
    as it is.
    """
    if isinstance(agent, str):
        return game.agent(agent, seat)
    if isinstance(agent, type):
        return agent(game.agents_game(seat), seat)
    if callable(getattr(agent, "act", None)):
        return agent
    return FunctionAgent(game.agents_game(seat), seat, agent)
