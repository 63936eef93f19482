"""The expert agent of Three Bridges (issue 15): determinized Monte Carlo over whole games.

Its strength is measured by ``benchmarks/strength.py`` (docs/games/three_bridges.md gives
the numbers); these tests check that it plays legally, repeats from its seed, keeps
greedy's best candidates and values a game by its result first (TB-5.5).
"""

from __future__ import annotations

import random

import cardgames
from cardgames.core.expert import ExpertAgent
from cardgames.three_bridges.agents import GreedyAgent, ThreeBridgesExpert, outcome, ranked

from .helpers import GAME, P1, P2, play


def small(monkeypatch, worlds=2):
    """Register an expert with a small budget as ``expert-small`` (its class is compiled: not subclassed here)."""
    monkeypatch.setitem(GAME.spec.agents, "expert-small", lambda g, seat: ThreeBridgesExpert(g, seat, worlds=worlds))


def test_the_expert_is_registered_and_is_the_core_expert():
    assert "expert" in cardgames.agents("three_bridges")
    agent = GAME.agent("expert", P1)
    assert isinstance(agent, ExpertAgent) and agent.policy == "greedy"
    assert agent.budget_worlds == ThreeBridgesExpert.worlds


def test_the_expert_plays_whole_games_legally_in_either_seat(monkeypatch):
    """Against greedy and montecarlo, in both seats: every action passes apply's check (TB-7)."""
    small(monkeypatch)
    for seed, names in enumerate(
        (
            ["expert-small", "greedy"],
            ["greedy", "expert-small"],
            ["expert-small", "montecarlo"],
            ["random", "expert-small"],
        )
    ):
        final = cardgames.playout(GAME, names, seed)
        assert GAME.is_over(final)
        assert final.round == 6


def test_the_expert_repeats_its_games_from_the_seed(monkeypatch):
    small(monkeypatch)
    first = cardgames.playout(GAME, ["expert-small", "greedy"], 21)
    assert cardgames.playout(GAME, ["expert-small", "greedy"], 21) == first


def test_the_expert_plays_out_greedys_best_candidates():
    """The shortlist is greedy's ranking cut to ``candidates``; a short list of legal actions is kept whole."""
    s = GAME.new(seed=4)
    seat = s.actor
    legal = GAME.legal_actions(s)
    view = GAME.view(s, seat)
    expert = ThreeBridgesExpert(GAME, seat, worlds=2)
    assert len(legal) > expert.candidates
    shortlist = expert.shortlist(view, legal, random.Random(5))
    assert (
        list(shortlist) == ranked(GAME, view, seat, legal, random.Random(5), GreedyAgent.samples)[: expert.candidates]
    )
    assert expert.shortlist(view, legal[:3], random.Random(5)) == legal[:3]


def test_tb_5_5_the_expert_values_a_game_by_its_result_then_bridges_then_margin():
    """A win beats a draw beats a loss whatever the margins; among wins more bridges count more."""
    from .test_worlds import tb_8_9

    expert = ThreeBridgesExpert(GAME, P1, worlds=1)
    drawn, won = tb_8_9(), tb_8_9(("H-IX", "L-X"))
    assert (
        expert.value(drawn, won) > expert.value(drawn, drawn) > ThreeBridgesExpert(GAME, P2, worlds=1).value(drawn, won)
    )
    assert expert.value(drawn, won) == outcome(won, P1)


def test_the_expert_decides_from_its_view_alone(monkeypatch):
    """Two states with the same view for the expert give the same choice from the same generator."""
    s = play(GAME.new(seed=8), *[str(GAME.legal_actions(GAME.new(seed=8))[0])])
    seat = s.actor
    world = GAME.determinize(s, seat, seed=1)
    expert = ThreeBridgesExpert(GAME, seat, worlds=2)
    legal = GAME.legal_actions(s, seat)
    chosen = expert.act(GAME.view(s, seat), legal, random.Random(3))
    assert chosen in legal
    assert expert.act(GAME.view(world, seat), GAME.legal_actions(world, seat), random.Random(3)) == chosen
