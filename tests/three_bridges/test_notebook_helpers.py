"""The helpers the Three Bridges notebooks call: stacked decks, exercise tables, settlement aggregations."""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.three_bridges import deck_for
from cardgames.three_bridges import probability as pr
from cardgames.three_bridges.cards import code
from cardgames.three_bridges.settlement import bridge_outcomes, empty_bridge_share, result_table, win_share_by_total

from .helpers import GAME, play


def test_tb_3_3_deck_for_deals_the_stacked_hands_and_draws():
    """TB-3.2, TB-3.3, TB-4.2: bridges A-C, four cards each (P1 first), then round 1's draws, leader first."""
    deck = deck_for(
        ["H-A", "L-IX", "E-X"], ["E-VII", "L-U", "E-VIII", "H-K"], ["H-VIII", "S-X", "H-IX", "S-VII"], ["L-VII", "E-K"]
    )
    for first in (0, 1):
        state = cardgames.load("three_bridges", first_player=first).new(seed=3, deck=deck)
        assert [code(b) for b in state.bridges] == ["H-A", "L-IX", "E-X"]
        assert sorted(map(code, state.hands[first])) == sorted(["E-VII", "L-U", "E-VIII", "H-K", "L-VII"])
        assert sorted(map(code, state.hands[1 - first])) == sorted(["H-VIII", "S-X", "H-IX", "S-VII", "E-K"])


def test_tb_3_3_deck_for_refuses_short_hands_and_chronist_bridges():
    with pytest.raises(ValueError, match="TB-3.2, TB-3.3"):
        deck_for(["H-A", "L-IX", "E-X"], ["E-VII"], ["H-VIII"])
    with pytest.raises(ValueError, match="Chronist"):
        deck_for(["Chr", "L-IX", "E-X"], ["E-VII", "L-U", "E-VIII", "H-K"], ["H-VIII", "S-X", "H-IX", "S-VII"])


def test_tb_8_3_unter_swap_from_a_stacked_deck():
    """The notebook's Unter scenario ends on the board of TB-8.3: P1 12, P2 17 at B."""
    deck = deck_for(["H-A", "L-IX", "E-X"], ["E-VII", "L-U", "E-VIII", "H-K"], ["H-VIII", "S-X", "H-IX", "S-VII"])
    state = play(
        GAME.new(seed=3, deck=deck),
        "place E-VII B",
        "place H-VIII B",
        "pass",
        "place S-X B",
        "place L-U B",
        "swap",
        "turn S-X",
    )
    assert cardgames.three_bridges.score(state).bridges[1].total == (12, 17)


def test_tb_3_2_deal_setup_by_hand_is_a_legal_setup():
    """TB-3.2, TB-3.3: three suited bridges, 4 + 4 cards, 23 in the pile, every card once."""
    rng = random.Random(1)
    for _ in range(200):
        dealt = pr.deal_setup(rng)
        assert all(b < 32 for b in dealt.bridges) and len(dealt.pile) == 23
        assert sorted(dealt.bridges + dealt.hands[0] + dealt.hands[1] + dealt.pile) == list(range(34))


def test_exercise_tables_agree_with_the_exact_answers():
    """Exercises 1-4: each exact Fraction lies in its simulated 95 % interval for these seeds."""
    rows = (
        pr.bridge_suit_pattern_table(3000, seed=1)
        + pr.first_hand_match_table(3000, seed=2)
        + pr.chronist_at_setup_table(5000, seed=3)
        + pr.card_value_table(5000, seed=0)
    )
    assert all(row["exact inside"] for row in rows), rows
    assert pr.first_hand_match_table(10, seed=2)[2]["exact"] == str(pr.first_hand_matches_bridge_probability(cards=5))


def test_exercise_estimates_are_seeded():
    assert pr.chronist_at_setup_estimate(500, seed=4) == pr.chronist_at_setup_estimate(500, seed=4)
    assert pr.card_value_samples(50, seed=4, schellen_opposite=True) == pr.card_value_samples(
        50, seed=4, schellen_opposite=True
    )


def test_tb_4_1_first_player_table_shares_sum_to_one():
    (row,) = pr.first_player_table(("random",), games=60, seed=2)
    assert row["games"] == 60 and abs(row["P1 wins"] + row["draws"] + row["P2 wins"] - 1) < 1e-9


def test_tb_5_4_bridge_outcomes_agree_with_bridges_won():
    """TB-5.4: per game and player, the bridges marked won are his bridges_won; margins are opposite."""
    frame = cardgames.simulate("three_bridges", games=40, agents=["greedy", "random"], seed=2)
    out = bridge_outcomes(frame)
    assert len(out) == 3 * len(frame)
    won = out[out["outcome"] == "won"].groupby(["game_id", "player"]).size()
    expected = frame.set_index(["game_id", "player"])["bridges_won"]
    assert (won.reindex(expected.index, fill_value=0) == expected).all()
    assert (out.groupby(["game_id", "bridge"])["margin"].sum() == 0).all()
    shares = win_share_by_total(frame)
    assert ((shares[["won", "tied", "lost"]].sum(axis=1) - 1).abs() < 1e-9).all()
    assert shares["bridges"].sum() == len(out)


def test_tb_5_5_result_table_shares_and_points():
    frame = cardgames.simulate("three_bridges", games=40, agents=["greedy", "random"], seed=2)
    table = result_table(frame, by=("agent", "role"))
    assert ((table[["win", "draw", "loss"]].sum(axis=1) - 1).abs() < 1e-9).all()
    assert table["games"].sum() == len(frame)
    means = result_table(frame).set_index("agent")["mean points"]
    assert abs(means["greedy"] + means["random"]) < 1e-9  # zero-sum, TB-5.5


def test_tb_5_4_empty_bridges_are_counted_and_one_agent_is_selected():
    """TB-5.4: an empty column totals 0; result_table(agent=...) keeps that agent's games only."""
    frame = cardgames.simulate("three_bridges", games=40, agents=["greedy", "random"], seed=2)
    out = bridge_outcomes(frame)
    share = empty_bridge_share(frame)
    assert share == ((out["total"] == 0) & (out["opponent"] == 0)).mean() and 0 <= share <= 1
    roles = result_table(frame, by=("role",), agent="greedy")
    assert list(roles["role"]) == ["P1", "P2"] and roles["games"].sum() == 40
