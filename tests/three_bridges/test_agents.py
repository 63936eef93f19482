"""Agents: greedy beats random, montecarlo beats greedy (slow statistical tests)."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.three_bridges.worlds import deal

from .helpers import GAME


def _points(agents, games, seed):
    df = cardgames.simulate("three_bridges", games=games, agents=agents, seed=seed)
    return df[df["player"] == 0]["points"]


def test_the_agents_deal_keeps_what_the_viewer_sees():
    """TB-2.7: the agents' quick deal (worlds.deal) agrees with the view and deals every unseen card once."""
    import random

    s = GAME.new(seed=4)
    s = GAME.apply(s, GAME.legal_actions(s)[0])
    v = GAME.view(s, 1)
    d = deal(v, 1, random.Random(0))
    assert d.hands[1] == s.hands[1] and len(d.hands[0]) == len(s.hands[0]) and len(d.pile) == len(s.pile)
    cards = (
        [e & 63 for b in d.columns for col in b for e in col]
        + list(d.bridges)
        + list(d.hands[0])
        + list(d.hands[1])
        + list(d.pile)
    )
    assert sorted(cards) == list(range(34))
    assert GAME.legal_actions(d) == GAME.legal_actions(s)


def test_agents_only_choose_legal_actions():
    for agent in cardgames.agents("three_bridges"):
        final = cardgames.playout(GAME, [agent, "random"], seed=11)
        assert GAME.is_over(final)


@pytest.mark.slow
def test_greedy_beats_random():
    pts = _points(["greedy", "random"], 400, seed=1)
    assert pts.mean() > 0.4
    pts = _points(["random", "greedy"], 400, seed=2)
    assert pts.mean() < -0.4


@pytest.mark.slow
def test_montecarlo_beats_greedy_over_500_games():
    """Montecarlo (playouts in round 6, budget 1200 decisions) against greedy, 500 seeded games."""
    pts = _points(["montecarlo", "greedy"], 500, seed=7)
    wins, losses = (pts == 1).sum(), (pts == -1).sum()
    assert pts.mean() > 0.15 and wins > losses
