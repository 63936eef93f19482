"""Classroom answers: exact Fractions agree with simulation."""
from __future__ import annotations

from fractions import Fraction

from cardgames.core.simulate import game_seed
from cardgames.three_bridges import probability as pr

from .helpers import GAME


def test_bridge_suit_pattern_distribution_is_exact_and_sums_to_one():
    """TB-3.2: 3, 2 or 1 suits among the bridges."""
    dist = pr.bridge_suit_pattern_distribution()
    assert all(isinstance(v, Fraction) for v in dist.values())
    assert sum(dist.values()) == 1
    assert dist == {3: Fraction(64, 155), 2: Fraction(84, 155), 1: Fraction(7, 155)}


def test_bridge_suit_pattern_agrees_with_dealt_games():
    """TB-3.2: the exact answer lies in the 95 % intervals of 4,000 dealt games."""
    est = pr.bridge_suit_pattern_estimate(samples=4000, seed=1)
    for k, p in pr.bridge_suit_pattern_distribution().items():
        assert p in est[k], (k, float(p), str(est[k]))


def test_chronist_turns_up_during_setup():
    """TB-3.2: P(a Chronist is revealed during setup), exact and by dealing."""
    p = pr.chronist_at_setup_probability()
    assert p == 1 - Fraction(32 * 31 * 30, 34 * 33 * 32)
    from cardgames.core.probability import estimate
    import random

    hits = 0
    n = 4000
    rng = random.Random(2)
    for i in range(n):  # a shuffled deck: is a Chronist among the first three cards?
        deck = list(range(34))
        rng.shuffle(deck)
        hits += any(c >= 32 for c in deck[:3])
    assert p in estimate(hits, n)


def test_first_player_win_rate_has_an_interval():
    """TB-4.1: P1's win rate by simulation, with a 95 % interval."""
    est = pr.first_player_win_rate("random", "random", games=200, seed=3)
    assert 0 <= est.low <= est.value <= est.high <= 1 and est.samples == 200
    assert est.value == pr.first_player_win_rate("random", "random", games=200, seed=3).value
