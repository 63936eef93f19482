"""Second audit: round order, events, income/upkeep, influence, shootouts and the end (BH-4.1 to BH-6)."""

from __future__ import annotations

from cardgames.brotherhood.board import INF, KILLER, SRC, THUG
from cardgames.brotherhood.rules import explain

from .helpers import HARMLESS, do, resolve, scenario, submit_all

A, B, C, D = 0, 1, 2, 3


def test_bh_4_12_1_godfather_killed_in_an_earlier_district_takes_his_shooters_out_of_later_shootouts():
    # d1 runs a->f: B dies in a, so in b he is no longer active and only C is a participant there
    g, s = resolve(
        3,
        [1, 1],
        godfathers={A: "e", B: "a", C: "f"},
        markers={(A, "a"): (0, 0, 0, 2), (B, "b"): (0, 0, 2, 0), (C, "b"): (0, 0, 1, 0)},
    )
    assert s.table.elim == (0, 2, 0)
    assert not [e for e in s.news if e[0] == "shots" and e[3] == 1]
    # BH-4.13.4: A inherits B's thugs in b where they stand
    assert s.table.board[1][A][THUG] == 2 and s.table.board[1][C][THUG] == 1


def test_bh_4_12_shootouts_in_several_districts_are_separate_volleys():
    # c: A thug vs B thug; d: A killer vs B killer; rolls c (A, B) then d (A, B)
    g, s = resolve(
        2,
        [1, 6, 6, 1],
        godfathers={A: "e", B: "f"},
        markers={(A, "c"): (0, 0, 1, 0), (B, "c"): (0, 0, 1, 0), (A, "d"): (0, 0, 0, 1), (B, "d"): (0, 0, 0, 1)},
    )
    t = s.table
    assert t.board[2][A][THUG] == 1 and t.board[2][B][THUG] == 0
    assert t.board[3][A][KILLER] == 0 and t.board[3][B][KILLER] == 1
    assert t.lost == (1, 1)


def test_bh_4_11_2_a_three_way_tie_blocks_all_three_and_they_remain_targets():
    g, s = resolve(
        4,
        [],
        godfathers={A: "a", B: "a", C: "a", D: "a"},
        markers={(A, "d"): (0, 3, 0, 0), (B, "d"): (0, 1, 0, 0), (C, "d"): (0, 1, 1, 0), (D, "d"): (1, 1, 0, 0)},
    )
    assert s.question.kind == "influence" and s.question.players == (A,)
    s = do(g, s, A, "inf_remove P2")
    s = do(g, s, A, "inf_jail P3")
    assert s.question is None or s.question.kind != "influence"
    t = s.table
    assert [t.board[3][p][INF] for p in range(4)] == [3, 0, 1, 1]
    assert t.jail[C] == (1, 0) and t.board[3][D][SRC] == 1


def test_bh_4_11_4_each_marker_is_used_once_u_counts_markers_left():
    # A (3) acts first and removes one of B's 2 markers: B acts with u = 1, not his snapshot strength 2
    g, s = resolve(
        3,
        [],
        godfathers={A: "a", B: "a", C: "a"},
        markers={(A, "d"): (0, 3, 1, 0), (B, "d"): (0, 2, 0, 0), (C, "d"): (2, 0, 0, 0)},
    )
    s = do(g, s, A, "inf_remove P2")
    s = do(g, s, A, "inf_close P3")
    assert s.question.kind == "influence" and s.question.players == (B,)
    assert s.question.info[0] == 1  # one marker left to use
    s = do(g, s, B, "inf_jail P1")
    assert s.question is None or s.question.kind != "influence"
    assert s.table.jail[A] == (1, 0) and s.table.board[3][C][SRC] == 1


def test_bh_4_8_and_4_2_a_jailed_godfathers_markers_still_yield_and_cost_upkeep():
    g, s = scenario(
        2,
        round=2,
        stage="start",
        ge=(1, 20),
        godfathers={A: "jail", B: "f"},
        markers={(A, "a"): (1, 0, 0, 0), (A, "b"): (0, 0, 1, 0)},
    )
    # income 5 -> 6, upkeep 2 -> 4
    assert s.table.ge[A] == 4


def test_bh_4_2_eliminated_players_get_no_income_and_keep_their_frozen_ge():
    g, s = scenario(
        3,
        round=3,
        stage="start",
        ge=(7, 20, 20),
        godfathers={A: "dead", B: "f", C: "f"},
        elim=(2, 0, 0),
        markers={(B, "e"): (1, 0, 0, 0)},
    )
    assert s.table.ge == (7, 21, 20)
    assert not [e for e in s.news if e[0] in ("income", "upkeep") and e[1] == A]


def test_bh_4_7_6_price_uses_the_snapshot_even_if_control_changes_in_b2():
    # b is controlled by B in the snapshot; B closes his only source there in b2; A still pays double
    g, s = scenario(
        2, round=2, ge=(40, 40), godfathers={A: "f", B: "f"}, markers={(B, "b"): (1, 0, 0, 0)}, deck=HARMLESS, rolls=[1]
    )
    s = submit_all(g, s, {A: "build_source b 1", B: "close b 1"})
    assert s.round == 3 and s.table.board[1][A][SRC] == 1 and s.table.board[1][B][SRC] == 0
    # 40 - 2 x 8 for the build, + 4 income from b in round 3
    assert s.table.ge == (40 - 16 + 4, 40)


def test_bh_6_2_an_early_end_is_explained_with_bh_6_2():
    text = explain(("over", 2))
    assert "BH-6.2" in text and "BH-6.1" not in text
    assert "BH-6.1" in explain(("over", 12))
