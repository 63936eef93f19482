"""Agents: greedy beats random clearly (issue 3, item 4)."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.bronko_donko.agents import best_knockouts


def test_agents_are_registered_random_first():
    assert cardgames.agents("bronko_donko") == ("random", "greedy", "expert")


def test_greedy_knocks_out_to_remove_the_most_hp():
    """BD-9.4 (c): the greedy Bronko plans a subset sum, not just the biggest first."""
    assert sum(best_knockouts((4, 6, 8, 10, 12, 15, 20), 26)) == 26
    assert best_knockouts((15, 20), 14) == ()


def test_greedy_finishes_games_at_every_table_size():
    for players in (2, 3, 4):
        game = cardgames.load("bronko_donko", players=players, games=1)
        final = cardgames.playout(game, ["greedy"] * players, seed=players)
        assert game.is_over(final)


@pytest.mark.slow
def test_greedy_beats_random_over_1000_three_player_games():
    game = cardgames.load("bronko_donko", players=3, games=1)
    df = cardgames.simulate(game, games=1000, agents=["greedy", "random", "random"], seed=2026)
    wins = df[df.agent == "greedy"].orden.sum()
    assert wins >= 600, wins  # a random seat would win about 333
    hp = df.groupby("agent").hp_lost.mean()
    assert hp["greedy"] < hp["random"]
