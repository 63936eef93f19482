"""The helpers behind the Rowdy Partners notebooks: exercises 3-5 exact and simulated, and the tables."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pandas as pd

import cardgames
from cardgames.rowdy_partners import probability as pr
from cardgames.rowdy_partners import settlement as se
from cardgames.rowdy_partners.cards import DECK, VALUE_T

from .util import act, example_8_1, example_8_2


def test_pop_card_distribution_is_hypergeometric_with_12_of_36():
    """RP-2.2: 12 pop cards; the distribution sums to 1 and its mean is 8 * 12/36."""
    dist = pr.pop_card_distribution(8)
    assert sum(dist.values()) == 1
    assert sum(j * p for j, p in dist.items()) == Fraction(8 * 12, 36)
    assert dist[0] == Fraction(comb(24, 8), comb(36, 8))
    assert pr.pop_cards_at_least(10, 16) == sum(
        Fraction(comb(12, j) * comb(24, 16 - j), comb(36, 16)) for j in range(10, 13)
    )


def test_pop_cards_simulated_agree_with_the_exact_counts():
    simulated = pr.pop_cards_simulated(8, samples=50_000, seed=3)
    assert sum(e.successes for e in simulated.values()) == 50_000
    for j in (1, 2, 3, 4):
        assert pr.pop_card_distribution(8)[j] in simulated[j]
    assert pr.pop_cards_at_least(4, 16) in pr.pop_cards_at_least_simulated(4, 16, samples=100_000, seed=0)
    rows = pr.pop_card_table(8, samples=1000, seed=1)
    assert [r["pops"] for r in rows] == list(range(9))


def test_flip_row_follows_the_counter_rule_of_rp_8_2():
    """RP-8.2 St5 Ho5 Ha2 W2: both pairs flip; RP-8.1 Ha5 St2 Gr5 St4: St2 and St4 stay up."""
    assert pr.flip_row([5, 5, 2, 2]) == 0
    assert pr.flip_row([5, 2, 5, 4]) == 2
    assert pr.flip_row([3, 3, 3]) == 1  # the third 3 finds no face-up card and sets the suit


def test_flip_row_agrees_with_the_engine_on_the_all_countered_trick():
    game, s = example_8_2()
    s = act(game, s, "play St5", "play Ho5", "play Ha2", "play W2")
    row = s.score.log[-1].row
    assert s.score.log[-1].winner == -1
    assert pr.flip_row([q.value for q in row]) == sum(q.up for q in row) == 0


def test_all_flipped_probability_equals_counting_every_row():
    """Exercise 4: the parity argument equals placing every set of 2 and 4 cards under the rule."""
    for k in (2, 4):
        flipped = sum(pr.flip_row([VALUE_T[c] for c in cards]) == 0 for cards in itertools.combinations(DECK, k))
        assert pr.all_flipped_probability(k) == Fraction(flipped, comb(36, k))
    assert pr.all_flipped_probability(2) == pr.counter_probability(2)
    assert pr.all_flipped_probability(3) == 0 and pr.all_flipped_probability(5) == 0


def test_all_flipped_simulated_contains_the_exact_value():
    assert pr.all_flipped_probability(4) in pr.all_flipped_simulated(4, samples=50_000, seed=2)
    rows = pr.all_flipped_table((2, 4), samples=2000, seed=1)
    assert [r["cards"] for r in rows] == [2, 4]


def test_counter_table_lists_the_exact_answers():
    rows = pr.counter_table((2, 4), samples=2000)
    assert [r["exact"] for r in rows] == ["32/315", str(pr.counter_probability(4))]


def test_marker_moves_reproduce_the_stop_sign_example_rp_8_5():
    moves = pr.marker_moves()
    assert moves.loc[12, 4] == 16 and moves.loc[16, 1] == 17 and moves.loc[17, 1] == 17
    assert moves.loc[17, 5] == 18 and moves.loc[18, 3] == 19 and moves.loc[18, 2] == 18
    assert (moves[0] == moves.index).all()


def test_fewest_tricks_to_pin():
    """One trick reaches STOP1 at best, then one stop sign per trick: 4 from the start, 3 from 16."""
    assert pr.fewest_tricks_to_pin() == 4
    assert pr.fewest_tricks_to_pin(16) == 3
    assert pr.fewest_tricks_to_pin(0, most_damage=8) == 5
    assert pr.fewest_tricks_to_pin(0, most_damage=4) == 7


def test_trick_table_of_rp_8_1():
    game, s = example_8_1()
    s = act(game, s, "play Ha5", "play St2", "play Gr5", "play St4")
    (row,) = se.trick_table(game, s)
    assert row == {
        "round": 1,
        "trick": 1,
        "row": "[Ha5] St2 [Gr5] St4",
        "led suit": "Star",
        "winner": "B1",
        "D": 2,
        "target": "A1",
        "position": "0 → 2",
    }
    assert se.trick_table(game, s, last=1) == [row]


def test_game_table_win_rates_and_shares():
    df = cardgames.simulate(
        "rowdy_partners", players=4, games=12, agents=["greedy", "random", "greedy", "random"], seed=4
    )
    games = se.game_table(df)
    assert len(games) == 12 and set(games["matchup"]) == {"A greedy · B random"}
    assert set(games["first_side_won"]) <= {0.0, 0.5, 1.0}
    assert (games["first_side_won"] == (games["winner"] == "A")).all()
    assert (games["winner_worst"] <= 18).all() and games["pinned"].all() == (games["loser_best"] <= 19).all()
    rates = se.win_rates(games)
    assert rates.loc[0, "games"] == 12
    assert rates.loc[0, "95% low"] <= rates.loc[0, "first side wins"] <= rates.loc[0, "95% high"]
    dist = se.shares(games, "tricks")
    assert abs(dist["share"].sum() - 1) < 1e-12 and dist["games"].sum() == 12


def test_game_table_for_three_players_names_the_headliner_side():
    df = cardgames.simulate("rowdy_partners", players=3, games=4, agents="random", seed=1)
    games = se.game_table(df)
    assert set(games["matchup"]) == {"A random · H random"} and (games["players"] == 3).all()
    assert isinstance(games, pd.DataFrame)


def test_damage_shares_and_mean():
    counts = pd.Series({1: 2, 3: 2}, name="tricks")
    table = pr.damage_shares(random=counts, greedy=counts)
    assert list(table["agents"]) == ["random"] * 2 + ["greedy"] * 2
    assert table.groupby("agents")["share"].sum().tolist() == [1.0, 1.0]
    mean, low, high = pr.mean_damage(counts)
    assert mean == 2 and low < 2 < high


def test_simulate_matchups_keeps_games_apart():
    rows, games = se.simulate_matchups([(4, "random", 3), (2, "random", 2)], seed=7)
    assert len(rows) == 3 * 4 + 2 * 2 and len(games) == 5
    assert list(games["table"]) == ["4 players"] * 3 + ["2 players"] * 2
    assert rows["game_id"].nunique() == 5
    alone = se.game_table(cardgames.simulate("rowdy_partners", players=2, games=2, agents="random", seed=8))
    assert list(alone["tricks"]) == list(games["tricks"][3:])
