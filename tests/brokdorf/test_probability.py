"""Brokdorf classroom probability: exact answers by counting agree with enumeration and simulation."""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from cardgames.brokdorf import probability as pr
from cardgames.brokdorf.rules import _is_redeal_hand
from cardgames.brokdorf.cards import CARDS


def test_bk_8_2_counts_648_hands_and_11664_pairs():
    assert pr.redeal_hands() == 648
    assert pr.redeal_hand_pairs() == 11664
    assert pr.hand_redeal_probability() == Fraction(81, 25172)


def test_bk_8_2_counting_agrees_with_enumerating_the_luschen_hands():
    luschen = [c for c in CARDS if c.is_lusche]
    assert len(luschen) == 12
    hands = [h for h in combinations(luschen, 5) if _is_redeal_hand(h)]
    assert len(hands) == 648
    pairs = sum(1 for a in hands for b in hands if not set(a) & set(b))
    assert pairs == 11664


def test_bk_8_2_redeal_probability_for_four_players():
    assert pr.redeal_probability(4) == Fraction(34587, 2688010)
    n = 5
    expected = n * Fraction(648, comb(32, 5)) - comb(n, 2) * Fraction(11664, comb(32, 5) * comb(27, 5))
    assert pr.redeal_probability(n) == expected


@pytest.mark.parametrize("players", range(2, 7))
def test_bk_3_6_exact_redeal_probability_lies_in_the_simulated_interval(players):
    est = pr.estimate_redeal_probability(players, samples=300_000, seed=players)
    assert pr.redeal_probability(players) in est
    assert est.low < est.value < est.high


def test_redeal_probability_rejects_bad_player_counts():
    for bad in (1, 7, "4", 4.0):
        with pytest.raises(ValueError, match="2 to 6"):
            pr.redeal_probability(bad)
    with pytest.raises(ValueError, match="samples"):
        pr.estimate_redeal_probability(4, samples=0)


def test_trump_counts_are_hypergeometric_and_match_simulation():
    dist = pr.trump_count_distribution()
    assert sum(dist.values()) == 1
    assert pr.expected_trumps() == Fraction(5, 4)
    sim = pr.estimate_trump_counts(samples=200_000, seed=1)
    assert all(dist[k] in sim[k] for k in dist)


def test_trump_ace_in_play_and_opponent_void():
    for n in range(2, 7):
        assert pr.trump_ace_in_play_probability(n) == Fraction(5 * n, 32)
        assert pr.trump_ace_in_play_probability(n) in pr.estimate_trump_ace_in_play(n, samples=100_000, seed=n)
    assert pr.opponent_void_probability() == Fraction(comb(19, 5), comb(27, 5))
    assert pr.opponent_void_probability() in pr.estimate_opponent_void(samples=100_000, seed=3)
