"""BH-4.2 to BH-4.9: income and upkeep, transfers, orders, validation V01-V11, execution, Jail, information."""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.brotherhood import orders as od
from cardgames.brotherhood.board import DISTRICTS, JAIL, KILLER, SRC, THUG
from cardgames.brotherhood.rules import OrderSetRefused

from .helpers import do, game, scenario, submit_all

HARMLESS = (7, 14, 8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6, 15)


def refused(g, s, p, text):
    with pytest.raises(OrderSetRefused) as err:
        g.parse_action(s, text + ("" if ";" in text else "; submit"), p)
    return err.value.codes


# -- BH-4.2 ------------------------------------------------------------------


def test_bh_4_2_income_and_upkeep_only_for_markers_on_the_board():
    g, s = scenario(
        2,
        round=3,
        stage="start",
        ge=(10, 0),
        jail={0: (3, 1)},
        markers={(0, "a"): (1, 0, 0, 0), (0, "f"): (2, 0, 1, 1)},
    )
    inc = [e for e in s.news if e[0] == "income"]
    assert ("income", 0, 7, 17) in inc
    assert ("upkeep", 0, 6, 11) in s.news
    assert s.table.income[0] == 7


def test_bh_4_2_no_dismissal_question_when_only_one_kind_is_deployed():
    g, s = scenario(2, round=3, stage="start", ge=(3, 0), markers={(0, "f"): (0, 0, 3, 0)})
    assert s.table.ge[0] == 1 and s.table.board[5][0][THUG] == 1  # withdrew two, paid 2


# -- BH-4.3 ------------------------------------------------------------------


def test_bh_4_3_transfers_execute_at_once_and_the_window_closes_after_a_quiet_pass():
    g = game(3)
    s = g.new(seed=1)
    assert s.question.kind == "transfer" and g.to_act(s) == (0,)
    s = do(g, s, 0, "transfer P3 5")
    assert s.table.ge == (15, 20, 25)
    assert g.to_act(s) == (0,)  # any number of transfers
    s = do(g, s, 0, "pass")
    s = do(g, s, 1, "pass")
    s = do(g, s, 2, "pass")
    assert s.question.kind == "transfer"  # second pass, because the first had a transfer
    for p in (0, 1, 2):
        s = do(g, s, p, "pass")
    assert s.stage == "orders" and set(g.to_act(s)) == {0, 1, 2}


def test_bh_4_3_at_most_three_passes():
    g = game(2)
    s = g.new(seed=1)
    for _ in range(3):
        s = do(g, s, 0, "transfer P2 1")
        s = do(g, s, 0, "pass")
        s = do(g, s, 1, "pass")
    assert s.stage == "orders"


def test_bh_4_3_amount_from_1_to_own_ge_and_to_another_active_player():
    g = game(2)
    s = g.new(seed=1)
    for text in ("transfer P2 21", "transfer P1 3", "transfer P2 0"):
        with pytest.raises(ValueError):
            do(g, s, 0, text)
    legal = g.legal_actions(s, 0)
    assert len(legal) == 21 and str(legal[0]) == "pass"


def test_bh_4_3_player_without_ge_is_not_asked():
    g, s = scenario(3, round=2, stage="start", ge=(0, 5, 0))
    assert g.to_act(s) == (1,)


# -- BH-4.4 ------------------------------------------------------------------


def test_bh_4_4_controlled_by_another_doubles_own_or_uncontrolled_single():
    g, s = scenario(2, round=2, ge=(100, 100), markers={(1, "b"): (1, 0, 0, 0), (0, "c"): (1, 0, 0, 0)})
    assert od.multipliers(s.base, 0) == (1, 2, 1, 1, 1, 1)
    s = submit_all(g, s, {0: "build_source b 1; build_source c 1; deploy b killer 1; build_influence b 1"})
    assert s.table.ge[0] == 100 - 16 - 6 - 8 - 18


def test_bh_4_4_freed_thug_may_be_deployed_the_same_round():
    g, s = scenario(2, round=2, ge=(10, 10), jail={0: (1, 0)}, stock={0: (12, 5, 0, 2)})
    assert "deploy a thug 1" not in {str(a) for a in g.legal_actions(s, 0)}
    s = do(g, s, 0, "free thug 1")
    assert "deploy a thug 1" in {str(a) for a in g.legal_actions(s, 0)}
    s = do(g, s, 0, "deploy a thug 1")
    s = submit_all(g, s)
    assert s.table.board[0][0][THUG] == 1 and s.table.jail[0] == (0, 0)


def test_bh_4_4_move_is_withdraw_plus_deploy_and_godfather_stock_only_until_round_4():
    g, s = scenario(2, round=4, ge=(10, 10), markers={(0, "a"): (0, 0, 1, 0)}, stock={0: (12, 5, 0, 2)})
    s = submit_all(g, s, {0: "withdraw a thug 1; deploy b thug 1; godfather stock"})
    assert s.table.board[1][0][THUG] == 1 and s.table.ge[0] == 8 - 2  # paid 2; round 5 upkeep 2
    g, s = scenario(2, round=5, ge=(10, 10), godfathers={0: "a", 1: "a"})
    assert refused(g, s, 0, "godfather stock") == ("V09",)


def test_bh_4_4_placing_the_godfather_is_free():
    g, s = scenario(2, round=2, ge=(0, 0), rolls=[2], deck=HARMLESS)
    s = submit_all(g, s, {0: "godfather c"})
    assert s.table.gf[0] == 2 and s.table.ge[0] == 0


def test_bh_4_4_from_round_5_the_first_order_places_the_godfather():
    g, s = scenario(2, round=5, ge=(10, 10), godfathers={1: "a"})
    assert [str(a) for a in g.legal_actions(s, 0)] == [f"godfather {x}" for x in DISTRICTS]
    with pytest.raises(OrderSetRefused) as err:
        do(g, s, 0, "submit")
    assert err.value.codes == ("V09",)
    s = do(g, s, 0, "godfather d")
    assert str(g.legal_actions(s, 0)[0]) == "submit"


# -- BH-4.5 / BH-4.6 -----------------------------------------------------------


def test_bh_4_5_validation_ignores_other_players_orders():
    g, s = scenario(2, round=2, ge=(30, 30))
    s = do(g, s, 1, "build_source a 3; submit")
    s = do(g, s, 0, "build_source a 3; submit")  # valid alone; capacity is settled at execution
    assert sum(m[SRC] for m in s.table.board[0]) == 3


def test_bh_4_5_a_refused_set_lists_every_error_and_changes_nothing():
    g, s = scenario(2, round=5, ge=(5, 5), godfathers={1: "a"})
    before = s
    with pytest.raises(OrderSetRefused) as err:
        g.apply(s, g._parse(s, "close a 1; build_source a 5; free thug 1", 0), 0)
    assert err.value.codes == ("V05", "V06", "V08", "V09", "V11")
    assert err.value.rule == "BH-4.6" and all(f"({e})" in str(err.value) or True for e in err.value.codes)
    assert s == before


def test_bh_4_6_v01_unknown_district_and_v02_bad_order():
    g, s = scenario(2, round=2, ge=(20, 20))
    with pytest.raises(OrderSetRefused) as err:
        g.parse_action(s, "build_source z 1; deploy a dragon 1; build_source a 0", 0)
    assert err.value.codes == ("V01", "V02", "V02")
    with pytest.raises(OrderSetRefused) as err:
        g.parse_action(s, "godfather x", 0)
    assert err.value.codes == ("V01",)


def test_bh_4_6_v03_player_eliminated():
    g, s = scenario(3, round=2, ge=(20, 20, 20), elim=(0, 0, 1), godfathers={2: "dead"})
    assert g.to_act(s) == (0, 1)
    with pytest.raises(cardgames.IllegalMove) as err:
        g.apply(s, g._parse(s, "submit", 2), 2)
    assert "V03" in str(err.value)


def test_bh_4_6_v04_to_v07_and_v10():
    g, s = scenario(
        2, round=2, ge=(100, 100), jail={0: (1, 0)}, markers={(0, "c"): (1, 0, 1, 0)}, stock={0: (0, 0, 0, 0)}
    )
    assert refused(g, s, 0, "free thug 2") == ("V05",)
    assert refused(g, s, 0, "free_godfather a") == ("V05",)
    assert refused(g, s, 0, "close c 2") == ("V06",)
    assert refused(g, s, 0, "withdraw c killer 1") == ("V06",)
    assert refused(g, s, 0, "build_source d 1") == ("V07",)
    assert refused(g, s, 0, "build_influence d 1") == ("V07",)
    assert refused(g, s, 0, "deploy d thug 2") == ("V07",)
    assert refused(g, s, 0, "godfather a; godfather b") == ("V10",)
    # stock counts what the set itself frees, closes and withdraws (BH-4.6 V07)
    s2 = submit_all(g, s, {0: "free thug 1; close c 1; build_source d 1; withdraw c thug 1; deploy d thug 2"})
    assert s2.table.board[3][0][THUG] == 2 and s2.table.board[3][0][SRC] == 1
    g, s = scenario(2, round=2, ge=(100, 100), godfathers={0: "jail"})
    assert refused(g, s, 0, "free_godfather a; deploy a thug 1") == ("V04",)
    assert refused(g, s, 0, "free_godfather a; godfather b") == ("V04", "V10")


def test_bh_4_6_atomic_orders_are_refused_with_their_code():
    g, s = scenario(2, round=2, ge=(5, 5))
    with pytest.raises(OrderSetRefused) as err:
        do(g, s, 0, "build_source a 1")
    assert err.value.codes == ("V11",)


def test_bh_4_6_legal_atoms_are_exactly_the_valid_extensions():
    """The listed atomic orders are those with which the written set stays free of errors."""
    g = game(3)
    rng = random.Random(4)
    candidates = [
        od.Order(v, district=x, kind=k, dest=d)
        for v in od.VERBS
        for x in range(-1, 6)
        for k in (-1, THUG, KILLER)
        for d in (-1, *range(7))
    ]
    candidates = [c for c in candidates if _readable(c)]
    checked = 0
    for seed in range(6):
        s = g.new(seed=seed)
        while g.to_act(s) and checked < 400:
            p = g.to_act(s)[0]
            legal = g.legal_actions(s, p)
            if s.stage == "orders":
                forced = od.must_place_first(s.base, s.round, p, s.partial[p])
                for c in candidates:
                    ok = not od.set_errors(s.base, s.round, p, s.partial[p] + (c,), complete=False)
                    if forced:
                        ok = ok and c.verb == od.GODFATHER
                    if c.verb == od.GODFATHER and c.dest == s.base.gf[p]:
                        ok = False  # valid, but a move to where he stands changes nothing: not offered
                    assert (c in legal) == ok, (str(c), s.round)
                checked += 1
            s = g.apply(s, rng.choice(legal), p)
    assert checked > 50


def _readable(o):
    try:
        str(o)
    except (KeyError, IndexError, TypeError):
        return False
    from cardgames.brotherhood.rules import parse_order

    try:
        return parse_order(str(o)) == o
    except ValueError:
        return False


# -- BH-4.7 ------------------------------------------------------------------


def test_bh_4_7_close_before_build_and_refused_builds_are_not_paid():
    g, s = scenario(2, round=2, ge=(20, 20), markers={(1, "a"): (3, 0, 0, 0)})
    s = submit_all(g, s, {1: "close a 1", 0: "build_source a 1"})
    # doubled (B controlled a in the snapshot): 20 paid, then 5 income in round 3
    assert s.table.board[0][0][SRC] == 1 and s.table.ge[0] == 5


def test_bh_4_7_refused_build_is_reported_and_unpaid():
    g, s = scenario(2, round=2, ge=(30, 30), markers={(1, "b"): (2, 0, 0, 0)})
    s = submit_all(g, s, {0: "build_source b 1", 1: "build_source b 1"})
    # round 2: priority P2 first
    assert ("refused", 0, 1, 1) in s.news and s.table.ge[0] == 30


def test_bh_4_7_withdrawals_before_deployments_before_godfathers():
    g, s = scenario(2, round=2, ge=(10, 10), markers={(0, "a"): (0, 0, 1, 0)}, stock={0: (12, 5, 0, 2)})
    s = submit_all(g, s, {0: "deploy b thug 1; withdraw a thug 1; godfather b"})
    assert s.table.board[1][0][THUG] == 1 and s.table.gf[0] == 1


# -- BH-4.8 ------------------------------------------------------------------


def test_bh_4_8_jailed_godfather_cannot_be_shot_and_his_markers_go_on():
    g, s = scenario(
        2,
        round=3,
        stage="resolve",
        rolls=[1] + [1] * 10,
        deck=(7, 14),
        ge=50,
        godfathers={1: "jail"},
        markers={(0, "c"): (0, 0, 2, 0), (1, "c"): (1, 0, 1, 0)},
    )
    assert s.table.board[2][1][THUG] == 0 and s.table.gf[1] == JAIL and not s.table.elim[1]
    assert s.table.board[2][0][THUG] == 1  # his thug shot back
    assert s.question.kind == "claims"  # his source in c is unprotected and can be taken


def test_bh_4_8_jailed_godfather_still_transfers():
    g, s = scenario(2, round=2, stage="start", ge=(0, 5), godfathers={1: "jail"})
    assert g.to_act(s) == (1,) and s.question.kind == "transfer"


# -- BH-4.9 ------------------------------------------------------------------


def test_bh_4_9_views_hide_unsubmitted_orders_of_others():
    g, s = scenario(3, round=2, ge=(20, 20, 20))
    s = do(g, s, 1, "build_source e 1")
    s = do(g, s, 2, "submit")
    v0, v1 = g.view(s, 0), g.view(s, 1)
    assert v0.partial[1] == () and v1.partial[1] != ()
    assert g.to_act(v0) == g.to_act(s) == (0, 1)
    assert "build_source e 1" not in g.render(v0, 0)


def test_bh_4_9_orders_are_published_after_execution():
    g, s = scenario(2, round=2, ge=(20, 20), rolls=[2], deck=HARMLESS)
    s = submit_all(g, s, {0: "build_source e 1", 1: "deploy f thug 1"})
    shown = [e for e in s.news if e[0] == "orders"]
    assert [(e[1], tuple(map(str, e[2]))) for e in shown] == [(0, ("build_source e 1",)), (1, ("deploy f thug 1",))]


def test_bh_4_4_one_line_set_round_trips():
    g, s = scenario(2, round=2, ge=(20, 20))
    a = g.parse_action(s, "build_source c 1; deploy e thug 2; godfather e", 0)
    assert str(a) == "build_source c 1; deploy e thug 2; godfather e"
    assert g.parse_action(s, str(a), 0) == a
    one = g.parse_action(s, "build_source e 1; submit", 0)
    assert str(one) == "build_source e 1; submit" and g.parse_action(s, str(one), 0) == one


def test_bh_4_4_apply_with_explicit_player_in_any_order():
    g, s = scenario(3, round=2, ge=(20, 20, 20))
    with pytest.raises(ValueError):
        g.apply(s, g.legal_actions(s, 0)[0])  # several act: the player must be named
    s = do(g, s, 2, "submit")
    s = do(g, s, 0, "submit")
    assert g.to_act(s) == (1,)
    with pytest.raises(cardgames.IllegalMove):
        g.apply(s, g.legal_actions(s, 1)[0], 0)


def test_bh_4_9_view_history_masks_the_others_sealed_orders():
    g, s = scenario(3, round=2, ge=(20, 20, 20))
    s = do(g, s, 1, "build_source e 1")
    s = do(g, s, 2, "deploy f thug 1")
    v = g.view(s, 2)
    assert [(p, str(a)) for p, a in cardgames.history(v)] == [(1, "sealed"), (2, "deploy f thug 1")]
    assert [(p, str(a)) for p, a in cardgames.history(s)] == [(1, "build_source e 1"), (2, "deploy f thug 1")]
    for p in range(3):
        s = do(g, s, p, "submit")
    v = g.view(s, 0)  # revealed after execution (BH-4.9)
    assert "build_source e 1" in [str(a) for _, a in cardgames.history(v)]


def test_bh_4_5_fallback_set():
    g, s = scenario(
        2, round=5, ge=(0, 0), markers={(0, "c"): (1, 0, 0, 0)}, godfathers={1: "jail"}, rolls=[2], deck=HARMLESS
    )
    assert str(g.fallback(s, 0)) == "godfather c; submit"
    assert g.fallback(s, 1).orders == ()
    s = g.apply(s, g.fallback(s, 0), 0)
    s = g.apply(s, g.fallback(s, 1), 1)
    assert s.table.gf[0] == 2
    g, s = scenario(2, round=5, ge=(0, 0))
    assert str(g.fallback(s, 0)) == "godfather a; submit"
