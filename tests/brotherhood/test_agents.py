"""Agents: random never writes an invalid order set and ends its turns; greedy beats random."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.brotherhood import orders as od
from cardgames.brotherhood.agents import plan_orders

from .helpers import game


def test_agents_are_registered_random_first():
    assert cardgames.agents("brotherhood") == ("random", "greedy", "builder", "expert")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_bh_4_5_agents_only_submit_valid_sets_and_games_end(players):
    g = game(players)
    for seed in range(3):
        final = cardgames.playout(g, ["greedy"] + ["random"] * (players - 1), seed=seed)
        assert g.is_over(final)
        for _, a in cardgames.history(final):
            assert not isinstance(a, od.OrderSet)


def test_greedy_plan_is_valid_on_fresh_tables():
    g = game(3)
    s = g.new(seed=1)
    plan = plan_orders(s.table, 1, 0)
    assert plan and not od.set_errors(s.table, 1, 0, tuple(plan))


def test_random_agent_ends_an_order_set_quickly():
    g = game(4)
    s = cardgames.playout(g, ["random"] * 4, seed=3)
    orders = [a for _, a in cardgames.history(s) if isinstance(a, od.Order)]
    assert len(orders) < 12 * 4 * 6


@pytest.mark.slow
def test_greedy_beats_random_over_500_three_player_games():
    df = cardgames.simulate("brotherhood", players=3, games=500, agents=["greedy", "random", "random"], seed=0)
    by = df.groupby("agent")
    assert by["winner"].mean()["greedy"] > 0.8
    assert by["ge"].mean()["greedy"] > 5 * by["ge"].mean()["random"]


@pytest.mark.slow
def test_greedy_beats_the_pure_builder_exercise_5():
    df = cardgames.simulate("brotherhood", players=3, games=100, agents=["greedy", "builder", "random"], seed=1)
    ge = df.groupby("agent")["ge"].mean()
    assert ge["greedy"] > ge["builder"] > ge["random"]
