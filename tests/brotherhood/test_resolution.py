"""BH-4.1 and BH-4.11 to BH-4.15, BH-5 and BH-6: influence, shootouts, estates, takeovers, fights, the end."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.brotherhood.board import DEAD, INF, KILLER, SRC, THUG
from cardgames.brotherhood.resolve import priority

from .helpers import HARMLESS, do, fought_out, game, quiet, resolve, scenario, submit_all, takeover_to_divide

A, B, C, D = 0, 1, 2, 3


# -- BH-1.4 / BH-4.1 ------------------------------------------------------------


def test_bh_1_4_control_and_priority_order():
    g, s = scenario(
        3, markers={(A, "a"): (1, 0, 0, 0), (A, "b"): (0, 1, 0, 0), (B, "b"): (0, 0, 1, 0)}, godfathers={C: "c"}
    )
    t = s.table
    assert [t.controller(x) for x in range(6)] == [A, -1, C, -1, -1, -1]
    assert priority((0, 0, 0), 1) == [0, 1, 2]
    assert priority((0, 0, 0), 2) == [1, 2, 0]
    assert priority((0, 0, 0), 4) == [0, 1, 2]
    assert priority((0, 3, 0), 2) == [2, 0]  # the starting seat is out: next active seat starts


def test_bh_4_1_round_sequence():
    g, s = scenario(
        2,
        round=2,
        rolls=[2, 6, 6],
        deck=HARMLESS,
        ge=(40, 40),
        markers={(A, "e"): (1, 0, 0, 0), (B, "e"): (1, 0, 1, 0)},
    )
    s = submit_all(g, s, {A: "deploy e thug 1"})
    order = [e[0] for e in s.news]
    # b (orders), c1 (event), d1 (shots), then next round's a (income)
    assert order.index("orders") < order.index("event") < order.index("shots") < order.index("income")


# -- BH-4.11 -------------------------------------------------------------------


def test_bh_4_11_tied_players_are_blocked_others_are_not():
    g, s = resolve(3, [], markers={(A, "c"): (1, 2, 1, 0), (B, "c"): (1, 2, 1, 0), (C, "c"): (1, 1, 0, 0)})
    assert s.question.kind == "influence" and g.to_act(s) == (C,)  # A and B tie at 2


def test_bh_4_11_remove_needs_two_markers_and_a_weaker_target():
    g, s = resolve(2, [], markers={(A, "c"): (0, 2, 0, 0), (B, "c"): (0, 3, 0, 0)})
    assert g.to_act(s) == (B,)
    assert [str(a) for a in g.legal_actions(s, B)] == ["done", "inf_remove P1"]
    s = do(g, s, B, "inf_remove P1")
    assert s.table.board[2][A][INF] == 1 and s.table.stock[A][INF] == 4
    # B used 2 of 3; one left, but nothing for one marker to do; A (snapshot 2) acts with u = 1
    assert s.question is None or s.question.kind != "influence"


def test_bh_4_11_influence_cannot_jail_killers_or_godfathers():
    g, s = resolve(2, [], markers={(A, "c"): (0, 1, 0, 0), (B, "c"): (0, 0, 0, 2)}, godfathers={B: "c"})
    assert s.question is None or s.question.kind != "influence"


# -- BH-4.12 -------------------------------------------------------------------


def test_bh_4_12_no_shootout_without_a_shooter_or_with_sources_only():
    g, s = resolve(3, [], markers={(A, "c"): (2, 1, 0, 0), (B, "c"): (1, 0, 0, 0)}, godfathers={C: "c", A: "c"})
    assert not [e for e in s.news if e[0] == "shots"]


def test_bh_4_12_hits_take_thugs_then_killers_then_the_godfather_extra_hits_lost():
    g, s = resolve(2, [1, 1, 1, 1, 1, 6], godfathers={B: "c"}, markers={(A, "c"): (0, 0, 0, 5), (B, "c"): (0, 0, 1, 1)})
    assert s.table.elim[B] == 2 and s.table.gf[B] == DEAD
    assert s.table.board[2][B][THUG] == 0 and s.table.board[2][B][KILLER] == 0
    assert s.table.lost[B] == 2
    assert ("losses", B, 2, 1, 1, True) in s.news


def test_bh_4_12_lost_markers_leave_the_game():
    g, s = resolve(2, [1, 6], markers={(A, "c"): (0, 0, 1, 0), (B, "c"): (0, 0, 1, 0)})
    assert s.table.board[2][B][THUG] == 0 and s.table.stock[B][THUG] == 11 and s.table.jail[B] == (0, 0)


def test_bh_4_12_assignments_are_sealed_and_complete():
    g, s = resolve(3, [], markers={(A, "c"): (0, 0, 2, 0), (B, "c"): (0, 0, 1, 0), (C, "c"): (0, 0, 1, 0)})
    assert s.question.kind == "targets" and set(g.to_act(s)) == {A, B, C}
    s = do(g, s, A, "target P2 thug 1")
    assert g.view(s, B).partial[A] == ()
    with pytest.raises(cardgames.IllegalMove):
        do(g, s, A, "target P1 thug 1")  # not oneself
    with pytest.raises(cardgames.IllegalMove):
        do(g, s, A, "target P3 thug 2")  # only one left to assign


# -- BH-4.13 -------------------------------------------------------------------


def test_bh_4_13_no_claimant_estate_leaves_the_game():
    # A kills B's godfather in c, C kills A's in d: B's only rival (the other participant in c) is out,
    # so B's estate goes
    g, s = resolve(
        3,
        [1, 1, 1, 1],
        godfathers={A: "d", B: "c"},
        jail={B: (1, 0)},
        markers={(A, "c"): (0, 0, 0, 2), (C, "d"): (0, 0, 0, 2), (B, "a"): (2, 0, 0, 0)},
    )
    assert s.table.elim == (2, 2, 0)
    assert s.table.stock[B] == (0, 0, 0, 0) and s.table.board[0][B] == (0, 0, 0, 0) and s.table.jail[B] == (0, 0)
    assert ("estate_removed", B, "no claimant") in s.news and ("inherit", A, C) in s.news
    assert s.table.board[2][C][KILLER] == 2  # A's killers in c changed owner where they stood
    assert g.is_over(s)  # BH-6.2: one player left
    rows = g.settlement(s).rows()
    assert [r["winner"] for r in rows] == [False, False, True]


def test_bh_4_13_one_claimant_inherits_in_place():
    g, s = resolve(
        2,
        [1],
        godfathers={B: "c"},
        markers={(A, "c"): (0, 0, 0, 1), (B, "e"): (2, 1, 1, 0)},
        jail={B: (1, 1)},
        ge=(50, 33),
    )
    t = s.table
    assert t.elim[B] == 2 and t.board[4][A] == (2, 1, 1, 0) and t.jail[A] == (1, 1)
    assert t.ge[B] == 33  # frozen with him
    assert B not in g.to_act(s)


def test_bh_4_13_claimants_agreeing_need_no_fight():
    g, s = resolve(
        3,
        [1, 1, 6],
        godfathers={C: "c"},
        markers={(A, "c"): (0, 0, 1, 0), (B, "c"): (0, 0, 1, 0), (C, "c"): (0, 0, 0, 0)},
    )
    s = do(g, s, A, "target P3 thug 1")
    s = do(g, s, B, "target P3 thug 1")
    assert s.question.kind == "propose"
    s = do(g, s, A, "propose P2")
    s = do(g, s, B, "propose P2")
    assert ("inherit", C, B) in s.news and not [e for e in s.news if e[0] == "shots"]


# -- BH-4.14 -------------------------------------------------------------------


def test_bh_4_14_influence_and_godfather_protect_sources():
    g, s = resolve(
        3, [], godfathers={C: "c"}, markers={(A, "c"): (0, 0, 1, 0), (B, "c"): (2, 1, 0, 0), (C, "c"): (1, 0, 0, 0)}
    )
    assert s.question is None or s.question.kind != "claims"


def test_bh_4_14_limit_is_shooters_and_sources_in_stock():
    g, s = resolve(2, [], stock={A: (1, 5, 10, 2)}, markers={(A, "c"): (0, 0, 3, 0), (B, "c"): (3, 0, 0, 0)})
    assert s.question.kind == "claims"
    s = do(g, s, A, "claim P2 1")
    assert [str(a) for a in g.legal_actions(s, A)] == ["submit"]


def test_bh_4_14_no_takers_without_sources_in_stock():
    g, s = resolve(2, [], stock={A: (0, 5, 10, 2)}, markers={(A, "c"): (0, 0, 3, 0), (B, "c"): (3, 0, 0, 0)})
    assert s.question is None or s.question.kind != "claims"


def test_bh_4_14_grant_skipped_when_the_taker_lost_his_shooters():
    # A and B both claim C's only source; they fight; A wins but keeps one shooter and received none yet
    g, s = resolve(3, [6, 6, 1, 6], markers={(A, "d"): (0, 0, 1, 1), (B, "d"): (0, 0, 1, 0), (C, "d"): (1, 0, 0, 0)})
    s = do(g, s, A, "claim P3 1")
    s = do(g, s, A, "submit")
    s = do(g, s, B, "claim P3 1")
    s = do(g, s, B, "submit")
    s = fought_out(g, s, "concede")
    assert s.table.board[3][A][SRC] == 1 and s.table.board[3][C][SRC] == 0


# -- BH-4.15 -------------------------------------------------------------------


def contested_takeover(rolls):
    """P1 and P2 (a thug each in d) both claim P3's source there and propose themselves: a decision fight."""
    g, s = resolve(3, rolls, markers={(A, "d"): (0, 0, 1, 0), (B, "d"): (0, 0, 1, 0), (C, "d"): (1, 0, 0, 0)})
    for p in (A, B):
        s = do(g, s, p, "claim P3 1")
        s = do(g, s, p, "submit")
    s = do(g, s, A, "propose P1")
    return g, do(g, s, B, "propose P2")


def test_bh_4_15_conceding_gives_up_the_claim():
    g, s = contested_takeover([6, 6])
    s = do(g, s, A, "concede")
    s = do(g, s, B, "fight")
    assert s.table.board[3][B][SRC] == 1 and ("fight_won", 3, ("takeover", C), B) in s.news


def test_bh_4_15_both_concede_nobody_wins():
    g, s = contested_takeover([6, 6])
    s = do(g, s, A, "concede")
    s = do(g, s, B, "concede")
    assert s.table.board[3][C][SRC] == 1 and ("fight_won", 3, ("takeover", C), None) in s.news


def test_bh_4_15_safety_cap_after_100_volleys():
    g, s = contested_takeover([6] * 210)
    volleys = 0
    while s.question is not None and s.question.kind == "fight":
        s = do(g, s, A, "fight")
        s = do(g, s, B, "fight")
        volleys += 1
    assert volleys == 100
    assert ("fight_cap", 3) in s.news and s.table.board[3][C][SRC] == 1


def test_bh_4_15_three_contestants_assign_targets_in_volleys():
    g, s = resolve(
        4,
        [6, 6, 6, 6, 6, 6],
        markers={(A, "d"): (0, 0, 1, 0), (B, "d"): (0, 0, 1, 0), (C, "d"): (0, 0, 1, 0), (D, "d"): (1, 0, 0, 0)},
    )
    for p in (A, B, C):
        s = do(g, s, p, "target " + ("P2" if p != B else "P1") + " thug 1")
    for p in (A, B, C):
        s = do(g, s, p, "claim P4 1")
        s = do(g, s, p, "submit")
    for p in (A, B, C):
        s = do(g, s, p, f"propose P{p + 1}")
    for p in (A, B, C):
        s = do(g, s, p, "fight")
    assert s.question.kind == "targets" and set(g.to_act(s)) == {A, B, C}


# -- BH-5 / BH-6 -----------------------------------------------------------------


def _final(ge, elim=(0, 0, 0, 0), fallen=()):
    g = game(4)
    t = g.new(seed=1).table
    t = t.replace(ge=ge, elim=elim, fallen=fallen, gf=tuple(8 if e else 0 for e in elim))
    s = g.scenario(t, round=12, stage="resolve", rolls=[2])
    return g, quiet(g, s)


def test_bh_5_1_and_5_2_rank_by_ge_ties_share():
    g, s = _final((30, 50, 50, 10))
    rows = g.settlement(s).rows()
    assert [r["rank"] for r in rows] == [3, 1, 1, 4]
    assert [r["winner"] for r in rows] == [False, True, True, False]


def test_bh_5_3_eliminated_after_the_ranking_latest_first():
    g, s = _final((30, 90, 50, 10), elim=(0, 3, 0, 7), fallen=(1, 3))
    rows = g.settlement(s).rows()
    assert [r["rank"] for r in rows] == [2, 4, 1, 3]
    assert rows[1]["eliminated"] == 3 and rows[0]["eliminated"] is None
    assert not rows[1]["winner"]


def test_bh_5_4_settlement_rows():
    g = game(3)
    s = quiet(g, g.new(seed=4))
    rows = g.settlement(s).rows()
    assert list(rows[0]) == [
        "player",
        "ge",
        "rank",
        "winner",
        "eliminated",
        "sources",
        "sources_a",
        "sources_b",
        "sources_c",
        "sources_d",
        "sources_e",
        "sources_f",
        "yield_per_round",
        "shooters_lost",
        "income_earned",
    ]


def test_bh_6_1_game_ends_after_round_12():
    g, s = scenario(2, round=12, stage="resolve", rolls=[2], deck=HARMLESS)
    assert g.is_over(s) and s.round == 12 and ("over", 12) in s.news
    assert g.legal_actions(s, 0) == ()
    with pytest.raises(cardgames.IllegalMove) as err:
        g.apply(s, g.legal_actions(g.new(seed=1), 0)[0], 0)
    assert err.value.rule == "BH-6.1"


def test_bh_6_2_sole_survivor_wins_early_regardless_of_ge():
    g, s = resolve(2, [1], godfathers={B: "c"}, markers={(A, "c"): (0, 0, 0, 1)}, ge=(0, 90))
    assert g.is_over(s) and s.round == 2
    rows = g.settlement(s).rows()
    assert rows[A]["winner"] and rows[A]["rank"] == 1 and not rows[B]["winner"]


def test_bh_6_3_running_out_of_ge_eliminates_nobody():
    g, s = scenario(2, round=3, stage="start", ge=(0, 0))
    s = quiet(g, s)
    assert s.table.elim == (0, 0) and s.round == 12


# -- BH-4.15.1 divisions -----------------------------------------------------------


def test_bh_4_15_1_identical_takeover_divisions_are_executed():
    g, s = takeover_to_divide("claim P3 1", "claim P3 1")
    assert {str(a) for a in g.legal_actions(s, A)} == {"submit", "propose P1", "propose P2", "give P1 1", "give P2 1"}
    for p in (A, B):
        s = do(g, s, p, "give P1 1")
        s = do(g, s, p, "give P2 1")
        assert [str(a) for a in g.legal_actions(s, p)] == ["submit"]  # both contested sources are given
        s = do(g, s, p, "submit")
    d = s.table.board[3]
    assert (d[A][SRC], d[B][SRC], d[C][SRC]) == (1, 1, 0)
    assert not [e for e in s.news if e[0] == "shots"]


def test_bh_4_15_1_different_divisions_lead_to_a_fight():
    g, s = takeover_to_divide("claim P3 1", "claim P3 1")
    s = do(g, s, A, "give P1 1")
    s = do(g, s, A, "give P2 1")
    s = do(g, s, A, "submit")
    s = do(g, s, B, "propose P2")
    assert s.question.kind == "fight"


def estate_of_p3():
    """A and B shoot P3, whose godfather stands in c, in c: his estate (two sources in e, one in stock) is theirs
    to divide."""
    g, s = resolve(
        3,
        [1, 1, 6],
        godfathers={C: "c"},
        stock={C: (1, 0, 0, 0)},
        markers={(A, "c"): (0, 0, 1, 0), (B, "c"): (0, 0, 1, 0), (C, "e"): (2, 0, 0, 0)},
    )
    s = do(g, s, A, "target P3 thug 1")
    return g, do(g, s, B, "target P3 thug 1")


def test_bh_4_15_1_estate_division_by_location_and_kind():
    g, s = estate_of_p3()
    assert s.question.kind == "propose" and s.question.info[2] == ((4, SRC, 2), (6, SRC, 1))
    for p in (A, B):
        s = do(g, s, p, "give P1 e source 1")
        s = do(g, s, p, "give P2 e source 1")
        assert p in g.to_act(s)  # the stock source is not given yet
        s = do(g, s, p, "give P2 stock source 1")
    t = s.table
    assert t.board[4][A][SRC] == 1 and t.board[4][B][SRC] == 1 and t.stock[B][SRC] == 13
    assert t.stock[C] == (0, 0, 0, 0) and t.board[4][C] == (0, 0, 0, 0)


def test_bh_4_15_1_division_lines_must_fit_the_estate():
    g, s = estate_of_p3()
    for text in ("give P1 e source 3", "give P3 e source 1", "give P1 a source 1", "give P1 1", "submit"):
        with pytest.raises(cardgames.IllegalMove):
            do(g, s, A, text)
    s = do(g, s, A, "give P1 e source 2")
    with pytest.raises(cardgames.IllegalMove):
        do(g, s, A, "propose P1")  # a division already begun


def test_bh_5_4_settlement_keeps_seed_decisions_and_rolls():
    g = game(2)
    s = g.new(seed=6, rolls=[4, 5])
    s = quiet(g, s)
    st = g.settlement(s)
    assert st.seed == 6 and st.rolls[:2] == (4, 5) and len(st.rolls) == s.table.dice
    assert st.decisions == tuple((p, str(a)) for p, a in cardgames.history(s))
