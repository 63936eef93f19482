"""The agent protocol: what playout hands an agent, and what it promises back."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.core.agents import NO_DRAWS, Agent, RandomAgent
from cardgames.core.simulate import AgentError, playout


class Liar(Agent):
    """Says it draws nothing, then draws."""

    uses_rng = False

    def act(self, view, legal, rng):
        return legal[rng.randrange(len(legal))]


def test_an_agent_that_draws_nothing_gets_no_generator_and_a_wrong_claim_fails_by_name(monkeypatch):
    game = cardgames.load("three_bridges")
    monkeypatch.setitem(game.spec.agents, "liar", Liar)
    with pytest.raises(AgentError, match="uses_rng = False"):
        playout(game, ["liar", "liar"], seed=3)
    with pytest.raises(RuntimeError):
        NO_DRAWS.random()


def test_agents_written_in_python_subclass_the_compiled_base(monkeypatch):
    class FirstChoice(Agent):
        uses_view = False
        uses_rng = False

        def act(self, view, legal, rng):
            return legal[0]

    game = cardgames.load("brokdorf", players=3)
    monkeypatch.setitem(game.spec.agents, "first", FirstChoice)
    final = playout(game, ["first", "first", "random"], seed=5)
    assert game.is_over(final)
    assert repr(FirstChoice(game, 1)) == "<agent agent, seat 1>"
    assert RandomAgent.uses_rng and not RandomAgent.uses_view


@pytest.mark.parametrize("name", cardgames.games())
def test_every_registered_agent_that_claims_no_draws_plays_a_game(name):
    """Each agent declaring uses_rng = False really plays a whole game without drawing."""
    game = cardgames.load(name)
    for agent in game.agent_names():
        if not game.agent(agent, 0).uses_rng:
            assert game.is_over(playout(game, [agent] * game.players, seed=7))
