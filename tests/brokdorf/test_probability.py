"""Brokdorf classroom probability: exact answers by counting agree with enumeration and simulation."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from cardgames.brokdorf import probability as pr
from cardgames.brokdorf.cards import CARDS
from cardgames.brokdorf.rules import _is_redeal_hand


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


def test_exercise_tables_put_the_exact_answer_inside_the_simulated_interval():
    for table in (
        pr.redeal_table(samples=100_000, seed=5),
        pr.trump_count_table(samples=100_000, seed=5),
        pr.trump_ace_table(samples=50_000, seed=5),
    ):
        assert all(row["exact inside"] for row in table)
        assert all(row["95% low"] <= row["simulated"] <= row["95% high"] for row in table)
    assert [row["players"] for row in pr.redeal_table(samples=1000)] == [2, 3, 4, 5, 6]
    assert pr.trump_count_table(samples=1000)[0]["exact"] == str(pr.trump_count_distribution()[0])


def test_side_by_side_names_the_fraction_and_its_interval():
    row = pr.side_by_side(Fraction(1, 2), pr.estimate(500, 1000))
    assert row["exact"] == "1/2" and row["exact ≈"] == 0.5 and row["exact inside"]
    assert not pr.side_by_side(Fraction(1, 10), pr.estimate(500, 1000))["exact inside"]


def test_bk_6_2_a_durchmarsch_needs_three_games_of_five_tricks():
    assert pr.fewest_games_to_zero() == 3
    assert pr.fewest_games_to_zero(start=16) == 4


def test_declarer_outcomes_are_seeded_and_first_caller_declares():
    rows = pr.declarer_outcomes(players=3, deals=60, seed=4)
    assert rows == pr.declarer_outcomes(players=3, deals=60, seed=4)
    assert all(0 <= r["tricks"] <= 5 and 0 <= r["mit"] <= 2 and 0 <= r["trumps"] <= 5 for r in rows)
    assert any(r["tricks"] == 5 for r in rows if r["mit"] == 0)  # BK-4.7: everybody left, all five tricks
    assert all(r["tricks"] == 5 for r in rows if r["mit"] == 0)
    with pytest.raises(ValueError, match="deals"):
        pr.declarer_outcomes(deals=0)


def test_bk_5_1_bid_values_add_five_points_when_the_contract_fails():
    outcomes = [{"counted": 1, "tricks": t} for t in (0, 1, 2, 3)]
    values = {r["bid"]: r for r in pr.bid_values(outcomes) if r["counted"] == 1}
    assert values[0]["mean change"] == -1.5 and values[0]["made"] == 1  # contract 0 never fails (BK-5.2)
    assert values[2]["mean change"] == (5 + 4 - 2 - 3) / 4 and values[2]["made"] == 0.5
    assert values[5]["made"] == 0 and values[5]["extra"] == 4
    assert values[0]["low"] <= values[0]["mean change"] <= values[0]["high"]
