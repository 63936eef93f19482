"""Every worked example of BH-8 as a test, built from stacked rolls and event cards.

Seats: A = P1 (seat 0), B = P2 (seat 1), C = P3 (seat 2), D = P4 (seat 3).
"""

from __future__ import annotations

import pytest

from cardgames.brotherhood.board import DEAD, DISTRICTS, INF, JAIL, KILLER, SRC, THUG
from cardgames.brotherhood.resolve import priority
from cardgames.brotherhood.rules import OrderSetRefused

from .helpers import bh_8_3, bh_8_4, bh_8_6, do, quiet, refusal_codes, resolve, scenario, submit_all

A, B, C, D = 0, 1, 2, 3
HARMLESS = (7, 14, 8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6, 15)


def cell(state, x, p):
    return state.table.board[DISTRICTS.index(x)][p]


def test_bh_8_2_income_with_a_half_income_event():
    """BH-8.2: E03 on c in round 6 halves c's yield in round 7 per player (floor)."""
    g, s = scenario(
        2,
        round=6,
        stage="resolve",
        rolls=[3],
        deck=(3, 7, 14),
        ge=(4, 0),
        markers={
            (A, "c"): (3, 0, 0, 0),
            (A, "e"): (2, 0, 0, 0),
            (A, "a"): (1, 0, 0, 0),
            (A, "b"): (0, 0, 3, 1),
            (B, "c"): (1, 0, 0, 0),
        },
    )
    assert s.table.event == (3, 2)
    assert s.round == 7
    assert [e for e in s.news if e[0] == "income"] == [("income", A, 11, 15), ("income", B, 1, 1)]
    assert s.table.ge == (5, 1)


def test_bh_8_3_upkeep_shortfall_withdraw_the_killer_first():
    """BH-8.3: B withdraws the killer, then one thug is forced; pays 2 and keeps 1 GE."""
    g, s = bh_8_3()
    assert s.question.kind == "dismiss" and g.to_act(s) == (B,)
    assert {str(a) for a in g.legal_actions(s, B)} == {"dismiss b killer", "dismiss d thug"}
    s = do(g, s, B, "dismiss b killer")
    assert s.table.ge[B] == 1
    assert cell(s, "d", B)[THUG] == 1 and cell(s, "b", B)[KILLER] == 0
    assert s.table.stock[B][THUG] == 11 and s.table.stock[B][KILLER] == 2


def test_bh_8_3_upkeep_shortfall_both_thugs_first_forces_the_killer_out():
    g, s = bh_8_3()
    s = do(g, s, B, "dismiss d thug")
    assert s.question.kind == "dismiss"
    s = do(g, s, B, "dismiss d thug")
    assert s.table.ge[B] == 3
    assert sum(row[B][THUG] + row[B][KILLER] for row in s.table.board) == 0


def test_bh_8_4_doubled_cost_in_a_controlled_district():
    """BH-8.4: 16 + 4 + 3 + 2 = 25 of 30 GE; valid, A keeps 5."""
    g, s = bh_8_4()
    s = submit_all(g, s, {A: "build_source b 1; deploy b thug 1; build_influence e 1; build_source f 1"})
    assert s.table.ge[A] == 5
    assert cell(s, "b", A)[SRC] == 1 and cell(s, "f", A)[SRC] == 2 and cell(s, "e", A)[INF] == 1


def test_bh_8_4_adding_a_doubled_influence_makes_it_unaffordable():
    g, s = bh_8_4()
    text = "build_source b 1; deploy b thug 1; build_influence e 1; build_source f 1; build_influence b 1"
    with pytest.raises(OrderSetRefused) as err:
        g.parse_action(s, text, A)
    assert err.value.codes == ("V11",)
    assert "43" in str(err.value) and "BH-4.5" in str(err.value)


def _bh_8_5(ge=100):
    return scenario(
        3,
        round=5,
        rolls=[2],
        deck=HARMLESS,
        ge=(ge, ge, ge),
        godfathers={A: "f", B: "f", C: "f"},
        markers={(A, "a"): (1, 0, 0, 0)},
    )


def test_bh_8_5_capacity_refusal_with_rotating_priority():
    """BH-8.5: priority P2, P3, P1; P2 gets both free places, P3 and P1 are refused and pay nothing."""
    assert priority((0, 0, 0), 5) == [1, 2, 0]
    assert priority((0, 0, 0), 6) == [2, 0, 1]
    g, s = _bh_8_5()
    s = submit_all(g, s, {A: "build_source a 1", B: "build_source a 2", C: "build_source a 1"})
    refused = [e for e in s.news if e[0] == "refused"]
    assert refused == [("refused", C, 0, 1), ("refused", A, 0, 1)]
    assert cell(s, "a", A)[SRC] == 1 and cell(s, "a", B)[SRC] == 2 and cell(s, "a", C)[SRC] == 0
    # round 6 income is in: P1 +5, P2 +10 after paying 40
    assert s.round == 6 and s.table.ge == (105, 70, 100)


def test_bh_8_5_capacity_refusal_at_submission():
    g, s = _bh_8_5()
    assert refusal_codes(g, s, "build_source a 4; submit", C) == ("V08",)
    assert refusal_codes(g, s, "build_source a 3; submit", A) == ("V08",)
    g, s = _bh_8_5(ge=50)
    assert refusal_codes(g, s, "build_source a 4; submit", C) == ("V08", "V11")


def test_bh_8_6_influence_resolution():
    """BH-8.6: B and C tie and are blocked; A then D act on the snapshot."""
    g, s = bh_8_6()
    assert s.question.kind == "influence" and g.to_act(s) == (A,)
    legal = {str(a) for a in g.legal_actions(s, A)}
    assert {"inf_remove P2", "inf_remove P3", "inf_remove P4", "inf_jail P3", "inf_close P4"} <= legal
    s = do(g, s, A, "inf_remove P2")
    s = do(g, s, A, "inf_jail P3")
    s = do(g, s, A, "inf_close P4")
    assert g.to_act(s) == (D,)
    legal = {str(a) for a in g.legal_actions(s, D)}
    assert legal == {"done", "inf_jail P1", "inf_jail P3"}  # no inf_remove with one marker
    s = do(g, s, D, "inf_jail P1")
    d = [cell(s, "d", p) for p in range(4)]
    assert [m[INF] for m in d] == [4, 1, 2, 1]
    assert [m[THUG] for m in d] == [0, 0, 1, 0]
    assert s.table.jail[C] == (1, 0) and s.table.jail[A] == (1, 0)
    assert s.table.stock[D][SRC] == 12
    assert not [e for e in s.news if e[0] == "shots"]  # only C has a shooter in d: no shootout


@pytest.mark.parametrize("killer_roll, b_left", [(6, (0, 1)), (5, (0, 0))])
def test_bh_8_7_two_player_shootout_with_given_dice(killer_roll, b_left):
    """BH-8.7: rolls A 1, 4, 2 | killer 6 (variant 5) | B 3, 2 | killer 5."""
    g, s = resolve(
        2,
        [1, 4, 2, killer_roll, 3, 2, 5],
        ge=100,
        godfathers={B: "c"},
        markers={(A, "c"): (0, 0, 3, 1), (B, "c"): (0, 0, 2, 1)},
    )
    c = s.table.board[2]
    assert (c[A][THUG], c[A][KILLER]) == (1, 1)
    assert (c[B][THUG], c[B][KILLER]) == b_left
    assert s.table.gf[B] == 2 and not s.table.elim[B]


def _bh_8_8():
    """BH-8.8 up to the shootout: A one thug at B and one at C, B's killer at C; rolls 2, 1, 6."""
    g, s = resolve(
        3,
        [2, 1, 6],
        godfathers={C: "f"},
        markers={(A, "f"): (0, 0, 2, 0), (B, "f"): (0, 0, 0, 1), (C, "f"): (1, 0, 0, 0)},
    )
    assert s.question.kind == "targets" and set(g.to_act(s)) == {A, B}
    s = do(g, s, A, "target P2 thug 1")
    assert A in g.to_act(s)
    s = do(g, s, A, "target P3 thug 1")
    s = do(g, s, B, "target P3 killer 1")
    return g, s


def test_bh_8_8_three_player_shootout_with_targets():
    """BH-8.8 (revised): only A hits C, but rivals(C) = {A, B}: both must agree or fight in f."""
    g, s = _bh_8_8()
    f = s.table.board[5]
    assert f[B][KILLER] == 0 and f[A][THUG] == 2
    assert s.table.elim[C] == 2 and s.table.gf[C] == DEAD
    assert ("claimants", C, 5, (A, B)) in s.news
    assert s.question.kind == "propose" and s.question.district == 5 and set(g.to_act(s)) == {A, B}
    assert s.question.info[:2] == ("estate", C) and (5, SRC, 1) in s.question.info[2]  # the source in f
    s = do(g, s, A, "propose P1")
    s = do(g, s, B, "propose P2")
    # no agreement: a decision fight in f; B has no shooter left there and leaves at once (BH-4.15.3)
    assert not [e for e in s.news if e[0] == "shots"]
    assert ("fight_won", 5, ("estate", C), A) in s.news and ("inherit", C, A) in s.news
    assert s.table.board[5][A][SRC] == 1 and s.table.board[5][C][SRC] == 0
    assert s.table.stock[A][SRC] == 12 + 11


def test_bh_8_8_the_rival_who_missed_can_inherit_by_agreement():
    """BH-8.8 (revised): B never hit C, yet as a participant he may receive C's estate by agreement."""
    g, s = _bh_8_8()
    s = do(g, s, A, "propose P2")
    s = do(g, s, B, "propose P2")
    t = s.table
    assert ("inherit", C, B) in s.news and not [e for e in s.news if e[0] == "fight_won"]
    assert t.board[5][B][SRC] == 1 and t.stock[B][SRC] == 12 + 11 and t.stock[A][SRC] == 12


def test_bh_8_9_uncontested_takeover():
    """BH-8.9: A (2 thugs, 5 sources in stock) claims 2 of C's 3 sources; D's source is protected."""
    g, s = resolve(
        4,
        [],
        stock={A: (5, 5, 10, 2)},
        markers={(C, "e"): (3, 0, 0, 0), (D, "e"): (1, 1, 0, 0), (A, "e"): (0, 0, 2, 0)},
    )
    assert s.question.kind == "influence" and g.to_act(s) == (D,)  # D could use his marker; he does not
    s = do(g, s, D, "done")
    assert s.question.kind == "claims" and g.to_act(s) == (A,)
    assert {str(a) for a in g.legal_actions(s, A)} == {"submit", "claim P3 1"}
    s = do(g, s, A, "claim P3 1")
    s = do(g, s, A, "claim P3 1")
    assert [str(a) for a in g.legal_actions(s, A)] == ["submit"]
    s = do(g, s, A, "submit")
    e = s.table.board[4]
    assert (e[A][SRC], e[C][SRC], e[D][SRC]) == (2, 1, 1)
    assert s.table.stock[C][SRC] == 11


def test_bh_8_10_contested_takeover():
    """BH-8.10: A and B both claim C's source; proposals differ; B's killer wins the fight."""
    g, s = resolve(3, [4, 6, 3, 2], markers={(A, "d"): (0, 0, 1, 0), (B, "d"): (0, 0, 0, 1), (C, "d"): (1, 0, 0, 0)})
    assert s.question.kind == "claims"
    s = do(g, s, A, "claim P3 1")
    s = do(g, s, B, "claim P3 1")
    s = do(g, s, A, "submit")
    s = do(g, s, B, "submit")
    assert s.question.kind == "propose"
    s = do(g, s, A, "propose P1")
    s = do(g, s, B, "propose P2")
    assert s.question.kind == "fight"
    s = do(g, s, A, "fight")
    s = do(g, s, B, "fight")
    d = s.table.board[3]
    assert d[A][THUG] == 0 and d[B][SRC] == 1 and d[C][SRC] == 0
    assert s.table.stock[C][SRC] == 12
    assert ("fight_won", 3, ("takeover", C), B) in s.news


def test_bh_8_11_godfather_death_and_inheritance():
    """BH-8.11: C is killed by A and B; B wins the estate fight in b and inherits everything."""
    g, s = scenario(
        3,
        round=2,
        stage="resolve",
        rolls=[6, 1, 2, 5, 1, 2, 5, 1, 4],
        deck=HARMLESS,
        ge=(50, 50, 17),
        godfathers={C: "b"},
        jail={C: (2, 0)},
        stock={C: (10, 4, 9, 2)},
        markers={(A, "b"): (0, 0, 2, 0), (B, "b"): (0, 0, 2, 0), (C, "b"): (2, 0, 1, 0), (C, "a"): (0, 1, 0, 0)},
    )
    assert s.question.kind == "targets" and set(g.to_act(s)) == {A, B, C}
    s = do(g, s, A, "target P3 thug 2")
    s = do(g, s, B, "target P1 thug 1")
    s = do(g, s, B, "target P3 thug 1")
    s = do(g, s, C, "target P1 thug 1")
    assert s.question.kind == "propose" and set(g.to_act(s)) == {A, B}
    assert s.table.elim[C] == 2
    assert s.table.board[1][A][THUG] == 1
    s = do(g, s, A, "propose P1")
    s = do(g, s, B, "propose P2")
    s = do(g, s, A, "fight")
    s = do(g, s, B, "fight")
    t = s.table
    assert t.board[1][B] == (2, 0, 2, 0) and t.board[0][B][INF] == 1
    assert t.jail[B] == (2, 0)
    assert t.stock[B] == (12 + 10, 5 + 4, 10 + 9, 2 + 2)
    assert t.ge[C] == 17
    assert t.board[1][A][THUG] == 0


def test_bh_8_12_jailed_godfather_e01():
    """BH-8.12: E01 with die 1 sends B's godfather in a to the Jail."""
    g, s = scenario(2, round=7, stage="resolve", rolls=[1], deck=(1, 7, 14), ge=(12, 12), godfathers={A: "b", B: "a"})
    assert s.table.gf[B] == JAIL and s.table.gf[A] == 1


def _bh_8_12(ge=12):
    return scenario(2, round=8, rolls=[2] * 5, deck=HARMLESS, ge=(20, ge), godfathers={A: "b", B: "jail"})


def test_bh_8_12_jailed_godfather_orders():
    g, s = _bh_8_12()
    assert refusal_codes(g, s, "free_godfather d; build_source e 1", B) == ("V04",)
    assert refusal_codes(g, s, "free_godfather stock; submit", B) == ("V09",)
    s = submit_all(g, s, {B: "free_godfather d"})
    assert s.table.gf[B] == 3 and s.table.ge[B] == 2


def test_bh_8_12_jailed_godfather_with_nine_ge():
    g, s = _bh_8_12(ge=9)
    assert refusal_codes(g, s, "free_godfather d; submit", B) == ("V11",)
    assert [str(a) for a in g.legal_actions(s, B)] == ["submit"]
    s = do(g, s, B, "submit")  # the empty set is valid: a jailed godfather is exempt from V09
    assert B not in g.to_act(s)


@pytest.mark.parametrize("owner_b, paid, final", [(False, 10, 15), (True, 20, 15)])
def test_bh_8_13_late_builds(owner_b, paid, final):
    """BH-8.13: a source in a built in round 9 yields 5 in rounds 10-12 (net +5, or -5 at double cost)."""
    markers = {(B, "a"): (1, 0, 0, 0)} if owner_b else {}
    g, s = scenario(
        2, round=9, rolls=[2] * 10, deck=HARMLESS, ge=(paid, 0), godfathers={A: "f", B: "e"}, markers=markers
    )
    s = submit_all(g, s, {A: "build_source a 1"})
    s = quiet(g, s)
    assert s.table.ge[A] == final
    assert g.settlement(s).rows()[A]["income_earned"] == 15


def test_bh_8_13_thug_running_costs():
    """BH-8.13: a thug deployed in round 3 and kept to the end costs 2 + 9 x 2 = 20 GE."""
    g, s = scenario(2, round=3, rolls=[2] * 10, deck=HARMLESS, ge=(20, 0))
    s = submit_all(g, s, {A: "deploy f thug 1"})
    s = quiet(g, s)
    assert s.table.ge[A] == 0
    assert s.table.board[5][A][THUG] == 1


def test_bh_8_11_variant_other_claimant_killed_later_in_d1():
    """BH-8.11 variant: B's godfather also dies in d1 (in c, after b), so A alone inherits C without a fight."""
    g, s = scenario(
        3,
        round=2,
        stage="resolve",
        rolls=[6, 1, 2, 5, 1, 2, 1],
        deck=HARMLESS,
        ge=(50, 50, 17),
        godfathers={C: "b", B: "c"},
        jail={C: (2, 0)},
        stock={C: (10, 4, 9, 2)},
        markers={
            (A, "b"): (0, 0, 2, 0),
            (B, "b"): (0, 0, 2, 0),
            (C, "b"): (2, 0, 1, 0),
            (C, "a"): (0, 1, 0, 0),
            (A, "c"): (0, 0, 0, 1),
        },
    )
    s = do(g, s, A, "target P3 thug 2")
    s = do(g, s, B, "target P1 thug 1")
    s = do(g, s, B, "target P3 thug 1")
    s = do(g, s, C, "target P1 thug 1")
    assert s.table.elim == (0, 2, 2)
    assert ("inherit", C, A) in s.news and ("inherit", B, A) in s.news
    assert s.table.board[1][A][SRC] == 2 and s.table.board[0][A][INF] == 1
    assert g.is_over(s)
