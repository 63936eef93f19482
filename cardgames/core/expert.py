"""The ``expert`` agent: determinized Monte Carlo with policy rollouts.

At each decision with more than one choice it draws ``worlds`` complete states that it
cannot tell apart from what it sees (``Game._determinize`` on its view), plays every
candidate action in each world and lets ``policy`` agents (``greedy``) play on to the
horizon of the game's objective (the end of the deal, the fight, the game).  It takes
the action with the best mean objective.  Every candidate meets the same worlds and the
same random draws of the rollouts (common random numbers), so the comparison between
actions is sharper than the spread of the outcomes.

The budget is a number of worlds, not a time: the agent's choices repeat exactly from
the game's seed, as every agent's must.  Each game tunes the budget (and may shortlist
candidates) in its own agents module; ``benchmarks/strength.py`` measures the result.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from .agents import Agent
from .play import play_on


@mypyc_attr(allow_interpreted_subclasses=True)
class ExpertAgent(Agent):
    """Determinized Monte Carlo: the action with the best mean objective over sampled worlds."""

    name = "expert"
    #: worlds drawn per decision
    worlds: ClassVar[int] = 16
    #: the agent that plays every seat on in a world
    policy: ClassVar[str] = "greedy"

    def __init__(self, game: Any, seat: int, worlds: int = 0) -> None:
        super().__init__(game, seat)
        #: worlds per decision for this agent (0: the class's ``worlds``); tests and notebooks pass fewer
        self.budget_worlds: int = worlds if worlds > 0 else self.worlds
        self.bots: list[Any] = [game.agent(self.policy, s) for s in range(game.players)]
        self.better: float = 1.0 if game.objective.higher_is_better else -1.0

    def shortlist(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Sequence[Any]:
        """The actions worth playing out (default: all of them); a game may cut hopeless ones."""
        return legal_actions

    def budget(self, view: Any, candidates: int) -> int:
        """How many worlds to draw for a decision among ``candidates`` actions (default: the agent's budget)."""
        return self.budget_worlds

    def value(self, start: Any, end: Any) -> float:
        """What a rollout from ``start`` to ``end`` is worth to this agent: its objective, higher better."""
        return self.better * self.game._score(start, end, self.seat)

    def totals(self, view: Any, options: Sequence[Any], worlds: int, rng: random.Random) -> list[float]:
        """The summed ``value`` of each option over ``worlds`` worlds drawn from ``view`` (common random numbers)."""
        game, seat = self.game, self.seat
        totals = [0.0] * len(options)
        for _ in range(worlds):
            world = game._determinize(view, seat, rng, self.policy)
            ends = play_on(game, world, seat, options, self.bots, rng.getrandbits(63))
            for i, end in enumerate(ends):
                totals[i] += self.value(world, end)
        return totals

    def act(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        options = self.shortlist(view, legal_actions, rng)
        if len(options) == 1:
            return options[0]
        return options[best(self.totals(view, options, self.budget(view, len(options)), rng))]


def best(totals: Sequence[float]) -> int:
    """The index of the highest total, the earliest of equal ones."""
    top = 0
    for i in range(1, len(totals)):
        if totals[i] > totals[top]:
            top = i
    return top
