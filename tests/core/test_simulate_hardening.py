"""simulate() refuses what it cannot run with a ValueError, and an agent's failure names game, seed and seat."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import cardgames
from cardgames.core.agents import Agent
from cardgames.core.simulate import AgentError, playout


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"chunk_size": -1}, "chunk_size must be a whole number from 1"),
        ({"chunk_size": 0}, "chunk_size must be a whole number from 1"),
        ({"chunk_size": 1.5}, "chunk_size must be a whole number"),
        ({"games": -1}, "games must be a whole number from 0"),
        ({"games": 10**9}, "games must be a whole number from 0 to 100000000"),
        ({"seed": -3}, "seed must be a whole number from 0"),
        ({"seed": "7"}, "seed must be a whole number"),
        ({"executor": "x"}, "executor must be a concurrent.futures.Executor instance"),
        ({"executor": ThreadPoolExecutor}, "executor must be a concurrent.futures.Executor instance"),
        ({"agents": 5}, "an agent is the name of one of three_bridges's agents"),
        ({"agents": ["random", "nobody"]}, "unknown agent 'nobody'"),
    ],
)
def test_bad_arguments_are_value_errors_that_say_what_is_allowed(kwargs, message):
    with pytest.raises(ValueError, match=message):
        cardgames.simulate("three_bridges", games=kwargs.pop("games", 2), **kwargs)


def test_numpy_seeds_from_a_simulation_frame_are_accepted():
    frame = cardgames.simulate("three_bridges", games=3, seed=np.int64(5))
    again = cardgames.simulate("three_bridges", games=3, seed=5)
    assert frame.equals(again)
    game = cardgames.load("three_bridges")
    assert game.new(seed=frame.seed[0]) == game.new(seed=int(frame.seed[0]))


class Broken(Agent):
    """Raises on its third decision."""

    def act(self, view, legal, rng):
        self.calls = getattr(self, "calls", 0) + 1
        if self.calls == 3:
            raise KeyError("boom")
        return legal[0]


class Cheat(Agent):
    """Plays an action nobody offered it."""

    def act(self, view, legal, rng):
        return "not an action"


@pytest.mark.parametrize("agent, cause", [(Broken, "KeyError: 'boom'"), (Cheat, "InputError: apply takes an action")])
def test_an_agent_failure_names_the_agent_game_seed_and_seat(agent, cause, monkeypatch):
    game = cardgames.load("three_bridges")
    # register the agent for this test only (the engine classes may be compiled: no subclassing them)
    monkeypatch.setitem(game.spec.agents, "mine", agent)
    with pytest.raises(AgentError) as error:
        playout(game, ["mine", "mine"], seed=11)
    text = str(error.value)
    assert "'mine' agent at seat 0" in text and "game seed 11" in text and cause in text
