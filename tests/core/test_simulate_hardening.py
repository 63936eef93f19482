"""simulate() refuses what it cannot run with a ValueError, and an agent's failure names game, seed and seat."""

from __future__ import annotations

import pickle
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
        ({"workers": 0}, "workers must be a whole number from 1 to"),
        ({"workers": -2}, "workers must be a whole number from 1 to"),
        ({"workers": 2.0}, "workers must be a whole number"),
        ({"workers": "2"}, "workers must be a whole number"),
        ({"workers": True}, "workers must be a whole number"),
        ({"workers": 2, "executor": ThreadPoolExecutor(1)}, "pass workers= or executor=, not both"),
    ],
)
def test_bad_arguments_are_value_errors_that_say_what_is_allowed(kwargs, message):
    with pytest.raises(ValueError, match=message):
        cardgames.simulate("three_bridges", games=kwargs.pop("games", 2), **kwargs)


@pytest.mark.parametrize("name", ["three_bridges", "brokdorf"])
def test_workers_give_the_frame_of_one_process(name):
    """``workers=2`` plays the games in two processes; the frame is the one a single process gives, row for row."""
    agents = "greedy" if name == "brokdorf" else ["greedy", "random"]
    alone = cardgames.simulate(name, games=7, agents=agents, seed=12)
    pooled = cardgames.simulate(name, games=7, agents=agents, seed=12, workers=2)
    assert pooled.equals(alone) and pooled.attrs == alone.attrs
    players = len(alone) // 7
    one = cardgames.simulate(name, games=1, agents=agents, seed=12, workers=np.int64(3))  # more workers than games
    assert one.equals(alone.iloc[:players])
    assert len(cardgames.simulate(name, games=0, workers=2)) == 0


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
    assert f"'mine' agent playing {game.seat_name(0)} failed at decision" in text
    assert "game seed 11" in text and cause in text
    assert (error.value.seat, error.value.seed, error.value.agent) == (0, 11, "mine")
    again = pickle.loads(pickle.dumps(error.value))  # as a worker process hands it back
    assert str(again) == text and (again.seat, again.decision, again.seed) == (0, error.value.decision, 11)


def raises_at_once(view, legal_actions, rng):
    """A bot of one's own, importable by worker processes, that fails at its first decision."""
    raise ArithmeticError("my bug")


def test_a_failing_bot_in_a_worker_process_is_named_with_its_seat():
    game = cardgames.load("three_bridges")
    with pytest.raises(AgentError, match="'raises_at_once' agent playing .* ArithmeticError: my bug") as error:
        cardgames.simulate(game, games=4, agents=["random", raises_at_once], seed=2, workers=2)
    assert error.value.seat == 1 and error.value.agent == "raises_at_once"
