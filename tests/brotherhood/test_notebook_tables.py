"""The exercise tables (probability.py) and simulation summaries (settlement.py) used by the notebooks."""

from __future__ import annotations

from fractions import Fraction as F

import pandas as pd
import pytest

from cardgames.brotherhood import probability as pr
from cardgames.brotherhood.settlement import agent_summary, elimination_rounds


def test_side_by_side_reports_whether_the_exact_value_is_inside():
    row = pr.side_by_side(F(1, 3), pr.estimate(33_300, 100_000))
    assert row["exact"] == "1/3" and row["exact inside"] is True and row["samples"] == 100_000
    assert pr.side_by_side(F(1, 2), pr.estimate(33_000, 100_000))["exact inside"] is False


def test_hits_table_rows_sum_to_one_and_cover_the_exact_values():
    rows = pr.hits_table(2, 1, samples=40_000, seed=1)
    assert [r["hits"] for r in rows] == [0, 1, 2, 3]
    assert sum(F(r["exact"]) for r in rows) == 1
    assert all(r["exact inside"] for r in rows)


def test_godfather_table_checks_with_numpy_and_the_engine():
    rows = pr.godfather_table(3, 0, guards=(0, 1), samples=20_000, games=300, seed=3)
    assert [(r["guards"], r["check"]) for r in rows] == [
        (0, "numpy dice"),
        (0, "rules engine"),
        (1, "numpy dice"),
        (1, "rules engine"),
    ]
    assert rows[0]["exact"] == "19/27" and rows[2]["exact"] == "7/27"
    assert all(r["exact inside"] for r in rows)


def test_bh_8_8_engine_attack_without_shooters_never_kills():
    assert pr.play_godfather_attack(0, 0, 0, games=20).successes == 0
    assert pr.play_godfather_attack(0, 3, 3, games=20).successes == 0  # 3 hits at most, 3 guards


def test_simulate_godfather_dies_agrees_with_the_exact_chance():
    assert pr.godfather_dies(2, 1, 1) in pr.simulate_godfather_dies(2, 1, 1, samples=40_000, rng=5)
    with pytest.raises(ValueError):
        pr.simulate_godfather_dies(-1)


def test_source_net_table_matches_bh_8_13():
    rows = {(r["district"], r["round"]): r["net GE"] for r in pr.source_net_table()}
    assert rows[("a", 9)] == 5 and rows[("a", 10)] == 0 and len(rows) == 72
    assert {(r["district"], r["round"]): r["net GE"] for r in pr.source_net_table(True)}[("a", 9)] == -5


def test_event_table_and_card_simulation():
    rows = pr.event_table(samples=40_000, seed=2)
    assert [r["exact"] for r in rows] == [str(pr.district_struck()), "2/15"]
    assert all(r["exact inside"] for r in rows)
    assert pr.simulate_card_hits_district(12, samples=1000, rng=1).samples == 1000


def test_shootout_table_two_thugs_against_a_killer():
    rows = pr.shootout_table((2, 0), (0, 1), samples=40_000, seed=4)
    assert sum(F(r["exact"]) for r in rows) == 1
    assert rows[0] == {**rows[0], "you keep": "1 thug", "he keeps": "nothing", "exact": "25/54"}
    assert all(r["exact inside"] for r in rows)
    lone = pr.shootout_table((1, 0), (0, 0, 1), samples=100, seed=0)
    assert {r["he keeps"] for r in lone} == {"godfather", "nothing"}


def _frame():
    return pd.DataFrame(
        {
            "game_id": [0, 0, 1, 1],
            "player": [0, 1, 0, 1],
            "agent": ["builder", "random"] * 2,
            "ge": [100, 0, 50, 10],
            "winner": [True, False, False, True],
            "eliminated": [None, 5.0, 7.0, None],
            "sources": [8, 0, 3, 1],
            "income_earned": [200, 5, 90, 20],
        }
    )


def test_agent_summary_counts_wins_and_eliminations_per_agent():
    s = agent_summary(_frame()).set_index("agent")
    assert s.loc["builder", "players"] == 2 and s.loc["builder", "mean GE"] == 75.0
    assert s.loc["builder", "win share"] == 0.5 and s.loc["random", "eliminated"] == 0.5
    assert s.loc["builder", "win low"] < 0.5 < s.loc["builder", "win high"]
    assert list(agent_summary(_frame(), by="player")["player"]) == [0, 1]


def test_elimination_rounds_has_every_round_for_every_group():
    e = elimination_rounds(_frame())
    assert len(e) == 24 and e["players"].sum() == 2
    row = e[(e["agent"] == "random") & (e["round"] == 5)].iloc[0]
    assert row["players"] == 1 and row["share"] == 0.5
