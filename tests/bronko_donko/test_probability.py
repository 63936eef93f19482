"""Classroom probability: exact answers by dynamic programming, checked by brute force and simulation."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from cardgames.bronko_donko import cards as C
from cardgames.bronko_donko import probability as P

from .helpers import load


def test_hand_damage_distribution_sums_to_one_and_has_the_right_mean():
    for h in (1, 5, 8, 10):
        dist = P.hand_damage_distribution(h)
        assert sum(dist.values()) == 1
        assert all(isinstance(p, Fraction) for p in dist.values())
        assert P.mean_hand_damage(h) == Fraction(160 * h, 34)  # BD-2.2: total damage 160


def test_hand_damage_distribution_agrees_with_brute_force_for_small_hands():
    for h in (2, 3):
        counts = {}
        for hand in combinations(range(34), h):
            d = sum(C.DAMAGE[c] for c in hand)
            counts[d] = counts.get(d, 0) + 1
        assert P.hand_damage_distribution(h) == {d: Fraction(n, comb(34, h)) for d, n in sorted(counts.items())}


def test_hand_damage_exact_values_inside_the_simulated_intervals():
    exact = P.hand_damage_distribution(10)
    sim = P.simulate_hand_damage(10, samples=200_000, seed=11)
    likely = [d for d, p in exact.items() if p > 0.005]
    inside = sum(exact[d] in sim[d] for d in likely)
    assert inside >= 0.9 * len(likely), (inside, len(likely))  # 95 % intervals: about 1 in 20 misses
    mean, low, high = P.simulate_mean_hand_damage(10, samples=200_000, seed=12)
    assert low <= float(P.mean_hand_damage(10)) <= high


def test_opener_distribution_exact_and_simulated():
    for players in (2, 3, 4):
        exact = P.opener_distribution(players)
        assert sum(exact.values()) == 1
        sim = P.simulate_opener(players, samples=100_000, seed=players)
        for figure, p in exact.items():
            if p > 0.001:
                assert p in sim[figure], (players, figure, p, sim[figure])
    assert P.opener_distribution(4)["Donko"] == 1  # only two cards stay out of play


def test_opener_distribution_matches_the_engine():
    """BD-4.3 step 6 in the engine against the exact answer (two players: 14 cards out of play)."""
    game = load(2)
    n = 3000
    hits = sum(C.BASE[game.new(seed=s).fight.required] == 2 for s in range(n))
    p = float(P.opener_distribution(2)["Cobra"])
    assert abs(hits / n - p) < 4 * (p * (1 - p) / n) ** 0.5 + 1e-9


def test_revolution_probability_exact_and_simulated():
    for wolf in (True, False):
        exact = P.revolution_probability(10, wolf=wolf)
        sim = P.simulate_revolution(10, wolf=wolf, samples=200_000, seed=3)
        assert exact in sim
    assert P.revolution_probability(10, wolf=True) > P.revolution_probability(10, wolf=False)


def test_street_probability_brute_force_small():
    for h in (3, 4):
        good = 0
        for hand in combinations(range(34), h):
            found = False
            for col in range(4):
                bases = {c % 8 + 1 for c in hand if c < 32 and c // 8 == col}
                if any({b, b + 1, b + 2} <= bases for b in range(1, 7)):
                    found = True
            good += found
        assert P.street_probability(h) == Fraction(good, comb(34, h))


def test_knockout_table():
    table = P.knockout_table()
    assert table[1] == (0, 0) and table[2] == (2, 1) and table[77] == (77, 8)
    assert table[26] == (26, 3) or table[26][0] == 26


def test_bad_arguments():
    with pytest.raises(ValueError):
        P.hand_damage_distribution(35)
    with pytest.raises(ValueError):
        P.opener_distribution(5)
