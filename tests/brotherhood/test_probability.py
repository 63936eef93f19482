"""BH-8.1 probability facts, exact answers against simulation (numpy and the engine)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from cardgames.brotherhood import probability as pr
from cardgames.brotherhood.board import THUG

from .helpers import scenario


def test_bh_8_1_thug_hits_are_binomial():
    assert pr.hits_distribution(1) == {0: F(2, 3), 1: F(1, 3)}
    assert pr.hits_distribution(2) == {0: F(4, 9), 1: F(4, 9), 2: F(1, 9)}
    assert pr.hits_distribution(3) == {0: F(8, 27), 1: F(12, 27), 2: F(6, 27), 3: F(1, 27)}
    assert list(pr.hits_distribution(4).values()) == [F(16, 81), F(32, 81), F(24, 81), F(8, 81), F(1, 81)]


def test_bh_8_1_killers_and_mixed_volleys():
    assert pr.hits_distribution(0, 2) == {0: F(1, 36), 1: F(10, 36), 2: F(25, 36)}
    for k in range(4):
        for m in range(3):
            d = pr.hits_distribution(k, m)
            assert sum(d.values()) == 1
            assert sum(h * p for h, p in d.items()) == pr.expected_hits(k, m) == F(k, 3) + F(5 * m, 6)
            assert d[0] == F(2, 3) ** k * F(1, 6) ** m


def test_bh_8_1_price_per_expected_hit():
    assert 2 / pr.expected_hits(1, 0) == 6 and 4 / pr.expected_hits(0, 1) == F(24, 5)


def test_bh_8_1_lone_godfather_against_three_thugs():
    assert pr.godfather_dies(3, 0, guards=0) == 1 - F(8, 27)
    assert pr.godfather_dies(2, 1, guards=2) == sum(p for h, p in pr.hits_distribution(2, 1).items() if h >= 3)


def test_bh_8_1_events_and_sources():
    assert pr.card_hits_district() == F(2, 15)
    assert pr.district_struck(12) == 1 - F(5, 6) ** 12
    rows = pr.source_payback_rounds()
    assert [r["payback_rounds"] for r in rows] == [2] * 6
    assert [r["payback_rounds_controlled"] for r in rows] == [4] * 6
    assert all(r["last_profitable_round"] == 9 and r["last_profitable_round_controlled"] == 7 for r in rows)
    assert pr.source_net("a", 9) == 5 and pr.source_net("a", 10) == 0 and pr.source_net("a", 9, True) == -5


def test_bh_4_12_shootout_outcome_matches_bh_8_7():
    out = pr.shootout_outcome((3, 1), (2, 1, 1))
    assert sum(out.values()) == 1
    # BH-8.7's dice give 2 hits on B and 2 on A: A keeps 1 thug + killer, B keeps killer + godfather
    p = out[((1, 1, 0), (0, 1, 1))]
    assert p == pr.hits_distribution(3, 1)[2] * pr.hits_distribution(2, 1)[2]


def test_hits_distribution_against_simulation():
    sim = pr.simulate_hits(3, 2, samples=60_000, rng=1)
    for h, p in pr.hits_distribution(3, 2).items():
        assert p in sim[h], (h, p, sim[h])


def test_shootout_outcome_against_simulation():
    exact = pr.shootout_outcome((2, 1), (1, 0, 1))
    sim = pr.simulate_shootout((2, 1), (1, 0, 1), samples=60_000, rng=2)
    for key, p in exact.items():
        if p > F(1, 200):
            assert p in sim[key], (key, p, sim[key])


def test_district_struck_against_simulation():
    assert pr.district_struck() in pr.simulate_district_struck(samples=60_000, rng=3)


def test_hits_distribution_against_the_engine():
    """The engine's volley (seeded dice) gives the exact distribution of 2 thugs' hits on a lone godfather guard."""
    from cardgames.core.probability import estimate

    counts = {0: 0, 1: 0, 2: 0}
    n = 600
    for seed in range(n):
        g, s = scenario(
            2,
            round=2,
            stage="resolve",
            seed=seed,
            deck=(7, 14),
            markers={(0, "c"): (0, 0, 2, 0), (1, "c"): (0, 0, 2, 0)},
            ge=50,
        )
        counts[2 - s.table.board[2][1][THUG]] += 1
    for h, p in pr.hits_distribution(2).items():
        assert p in estimate(counts[h], n)


def test_bad_arguments():
    with pytest.raises(ValueError):
        pr.hits_distribution(-1)
    with pytest.raises(ValueError):
        pr.shootout_outcome((1, 2, 3, 4), (1, 1))
