"""The numbered parts of The Brotherhood's clauses that no test named yet, one test each: the round sequence
(BH-4.1.1 - BH-4.1.9), income and upkeep (BH-4.2.1 - BH-4.2.3), the execution steps (BH-4.7.1, .2, .4, .5),
influence (BH-4.11.1, .3, .5), shootouts (BH-4.12.4, .6), takeovers (BH-4.14.2, .4) and decision fights
(BH-4.15.3, .6).

General parts are checked over the whole record of seeded random games (``random.Random(seed)`` picks among the
legal actions; the news of every step, in order, is the game's record); specific ones on hand-built positions.
Seats: A = P1 (seat 0), B = P2, C = P3, D = P4."""

from __future__ import annotations

import functools

from helpers import random_steps

from cardgames.brotherhood.board import DEAD, INF, KILLER, SRC, THUG, YIELD

from .helpers import HARMLESS, do, game, resolve, scenario, submit_all, takeover_to_divide, two_takers
from .test_resolution import contested_takeover, estate_of_p3

A, B, C, D = 0, 1, 2, 3
SEEDS = range(30)

A_TAGS = {"income", "dismiss", "upkeep"}  # phase (a)
B_TAGS = {"transfer", "orders", "refused"}  # b0 and the order sets
D1_TAGS = {"shots", "losses"}
LATER_D = {"claimants", "inherit", "inherit_part", "estate_removed", "takeover", "fight_won", "agreement"}
LATER_D |= {"concede", "fight_cap"}


@functools.cache
def games(players=3):
    """(steps, final state, record) of the random games: the record lists (entry, step index) for every news entry,
    in the order the engine produced them."""
    g = game(players)
    out = []
    for seed in SEEDS:
        steps, final = random_steps(g, seed)
        record = [(e, i) for i, (_b, _a, after) in enumerate(steps) for e in after.news]
        out.append((steps, final, record))
    return out


def rounds_of(record):
    """The record split at the event cards: part r - 1 holds what came before round r's event (BH-4.10) and after
    round r - 1's; the last part what came after the last event."""
    parts, cur = [], []
    for e, i in record:
        if e[0] == "event":
            parts.append(cur)
            cur = []
        else:
            cur.append((e, i))
    parts.append(cur)
    return parts


def active_in(final, r):
    return {p for p, e in enumerate(final.table.elim) if e == 0 or e >= r}


def positions(part, tags):
    return [k for k, (e, _i) in enumerate(part) if e[0] in tags]


# -- BH-4.1 round sequence -------------------------------------------------------------------------------------


def test_bh_4_1_1_income_and_upkeep_come_first_and_not_in_round_1():
    """BH-4.1 step 1: "(a) Income and upkeep (BH-4.2) - skipped in round 1." In every round from 2 on each active
    player has exactly one income entry, after everything of the round before and before any transfer or order."""
    for _steps, final, record in games():
        parts = rounds_of(record)
        assert not positions(parts[0], A_TAGS)  # round 1: no income phase
        for r, part in enumerate(parts[1:-1], start=2):
            incomes = [e[1] for e, _i in part if e[0] == "income"]
            assert sorted(incomes) == sorted(active_in(final, r)), r
            a, b, d = positions(part, A_TAGS), positions(part, B_TAGS), positions(part, D1_TAGS | LATER_D)
            assert max(d, default=-1) < min(a) and max(a) < min(b, default=len(part))


def stage_steps(g, steps):
    """{(round, stage): [(step index, seat, action text), ...]} of the decisions of a game, and {round: index of the step that
    drew its event card}."""
    at, event = {}, {}
    for i, (before, action, after) in enumerate(steps):
        at.setdefault((before.round, before.stage), []).append((i, g.to_act(before)[0], str(action)))
        for e in after.news:
            if e[0] == "event":
                event[e[3]] = i
    return at, event


def test_bh_4_1_2_planning_transfers_then_order_sets_before_the_event():
    """BH-4.1 step 2: "(b) Planning: b0 transfers, sealed order sets, validation, execution b1-b5." Each round every
    active player submits an order set after the transfer window has closed, and the sets are executed (the
    non-empty ones published) before the round's event (c1)."""
    g = game(3)
    transfers = 0
    for steps, final, record in games():
        at, event = stage_steps(g, steps)
        for r in range(1, final.round + 1):
            if r not in event:
                continue  # the game ended in this round's b0 or orders stage (nobody left to play)
            window = [i for i, _p, _a in at.get((r, "transfer"), [])]
            orders = at.get((r, "orders"), [])
            transfers += len(window)
            assert {p for _i, p, a in orders if a == "submit"} == active_in(final, r)
            assert max(window, default=-1) < min(i for i, _p, _a in orders) <= event[r]
        for part in rounds_of(record)[:-1]:
            o = positions(part, {"orders"})
            assert max(positions(part, {"transfer"}), default=-1) < min(o, default=len(part))
            assert not positions(part[min(o, default=len(part)) :], LATER_D | D1_TAGS | {"influence"})
    assert transfers


def test_bh_4_1_3_one_event_per_round_after_the_orders():
    """BH-4.1 step 3: "(c1) Event (BH-4.10)" - one card per round, drawn for that round, after the round's order sets
    were submitted and executed, and before its influence and shootouts."""
    g = game(3)
    for steps, final, record in games():
        events = [e for e, _i in record if e[0] == "event"]
        assert [e[3] for e in events] == list(range(1, len(events) + 1))
        assert len(events) == final.round
        at, event = stage_steps(g, steps)
        for r, i in event.items():
            assert max(j for j, _p, _a in at[(r, "orders")]) == i  # the last submission set off the resolution
            tags = [e[0] for e in steps[i][2].news]
            assert tags.index("event") > max((k for k, t in enumerate(tags) if t == "orders"), default=-1)
            assert all(k > tags.index("event") for k, t in enumerate(tags) if t in D1_TAGS | {"influence"})


def after_events(record):
    """What came after each round's event, up to the next round's income (c2 and phase d)."""
    for part in rounds_of(record)[1:]:
        a = positions(part, A_TAGS | {"over"})
        yield part[: min(a, default=len(part))]


def test_bh_4_1_4_influence_after_the_event_before_the_shootouts():
    """BH-4.1 step 4: "(c2) Political influence (BH-4.11)" comes after the event and before any shootout."""
    used = 0
    for _steps, _final, record in games(4):
        for part in after_events(record):
            inf = positions(part, {"influence"})
            used += len(inf)
            assert max(inf, default=-1) < min(positions(part, D1_TAGS | LATER_D), default=len(part))
    assert used
    # hand-built: P1 jails P2's thug in c by influence; only then would c's shootout have been fought
    g, s = resolve(2, [], markers={(A, "c"): (0, 2, 1, 0), (B, "c"): (0, 0, 1, 0)})
    assert s.question.kind == "influence" and not [e for e in s.news if e[0] == "shots"]
    s = do(g, s, A, "inf_jail P2")  # the round then runs to its end: c has no shootout left
    assert s.table.jail[B] == (1, 0) and not [e for e in s.news if e[0] == "shots"]
    assert s.table.board[2][A][THUG] == 1 and s.table.lost == (0, 0)


def test_bh_4_1_5_shootouts_in_all_districts_a_to_f():
    """BH-4.1 step 5: "(d1) Shootouts in all districts (BH-4.12)": the shootouts of d1 run district by district a->f
    before anything of d2-d4."""
    fought = 0
    for _steps, _final, record in games(4):
        for part in after_events(record):
            later = positions(part, LATER_D)
            shots = [e[3] for e, _i in part[: min(later, default=len(part))] if e[0] == "shots"]
            fought += bool(shots)
            assert shots == sorted(shots)
    assert fought
    markers = {(A, "e"): (0, 0, 1, 0), (B, "e"): (0, 0, 1, 0), (A, "c"): (0, 0, 1, 0), (B, "c"): (0, 0, 1, 0)}
    g, s = resolve(2, [6, 6, 6, 6], markers=markers)
    assert [e[3] for e in s.news if e[0] == "shots"] == [2, 2, 4, 4]  # c (2) before e (4)


def test_bh_4_1_6_killed_godfathers_are_resolved_right_after_d1_before_takeovers():
    """BH-4.1 step 6: "(d3) Killed godfathers, resolved right after d1 ...; estates therefore change owner before
    takeovers." P1 kills P3's godfather in c and inherits P3's two sources in e; P2, a taker in e, then finds P1's
    sources there, not P3's."""
    g, s = resolve(
        3,
        [1],
        godfathers={C: "c"},
        markers={(A, "c"): (0, 0, 0, 1), (C, "e"): (2, 0, 0, 0), (B, "e"): (0, 0, 1, 0)},
    )
    tags = [e[0] for e in s.news]
    assert tags.index("losses") < tags.index("inherit")
    assert ("inherit", C, A) in s.news and s.table.board[4][A][SRC] == 2
    assert s.question.kind == "claims" and g.to_act(s) == (B,)
    assert {str(a) for a in g.legal_actions(s, B)} >= {"claim P1 1"}
    assert not any("P3" in str(a) for a in g.legal_actions(s, B))


def test_bh_4_1_7_takeovers_follow_the_shootouts_of_every_district():
    """BH-4.1 step 7: "(d2) Takeover of sources (BH-4.14)" follows d1 in all districts: with a takeover open in a
    and a shootout in f, f's shootout is fought before the claims in a are asked for."""
    g, s = resolve(
        3,
        [6, 6],
        markers={(A, "a"): (0, 0, 1, 0), (C, "a"): (1, 0, 0, 0), (A, "f"): (0, 0, 1, 0), (B, "f"): (0, 0, 1, 0)},
    )
    assert s.question.kind == "claims" and s.question.district == 0
    assert [e[3] for e in s.news if e[0] == "shots"] == [5, 5]
    s = do(g, s, A, "claim P3 1")
    s = do(g, s, A, "submit")
    assert s.table.board[0][A][SRC] == 1 and s.table.board[0][C][SRC] == 0


def test_bh_4_1_8_decision_fights_run_whenever_d2_or_d3_calls_for_one():
    """BH-4.1 step 8: "(d4) Decision fights (BH-4.15) run whenever d2 or d3 calls for one": different proposals for
    contested sources (d2) or for an estate (d3) lead straight to a fight."""
    g, s = takeover_to_divide("claim P3 2")
    s = do(g, s, A, "propose P1")
    s = do(g, s, B, "propose P2")
    assert s.question.kind == "fight" and s.question.district == 3 and set(g.to_act(s)) == {A, B}
    g, s = estate_of_p3()
    s = do(g, s, A, "give P1 e source 2")
    s = do(g, s, A, "give P1 stock source 1")
    s = do(g, s, B, "give P2 e source 2")
    s = do(g, s, B, "give P2 stock source 1")
    assert s.question.kind == "fight" and s.question.district == 2  # in c, where P3 died


def test_bh_4_1_9_end_check_then_the_next_round():
    """BH-4.1 step 9: "End check (BH-6); then r := r + 1." The round counter only ever grows by one; the game ends
    after round 12, or earlier when at most one player is left."""
    g = game(3)
    for steps, final, _record in games():
        for before, _a, after in steps:
            assert after.round - before.round in (0, 1) and after.round <= 12
        assert g.is_over(final)
        alive = sum(1 for e in final.table.elim if e == 0)
        assert final.round == 12 or alive <= 1
        assert ("over", final.round) in steps[-1][2].news


# -- BH-4.2 income and upkeep -----------------------------------------------------------------------------------


def expected_income(table, p, event, r):
    total = 0
    for x in range(6):
        amount = table.board[x][p][SRC] * YIELD[x]
        if event is not None and event[3] == r - 1 and event[2] == x:
            if event[1] == 2:  # E02
                amount = 0
            elif event[1] == 3:  # E03
                amount //= 2
        total += amount
    return total


def test_bh_4_2_1_income_is_sources_times_yield_with_e02_and_e03():
    """BH-4.2.1: "Income from district X = (own sources in X) x yield(X). If E02 hit X in round r - 1 it is 0; if
    E03 hit X in round r - 1 it is floor(that amount / 2), computed per player per district." Checked for every
    income in the random games, and on a hand-built E02 and E03."""
    counted = 0
    for steps, _final, _record in games():
        event = None
        for _before, _a, after in steps:
            for e in after.news:
                if e[0] == "event":
                    event = e
                elif e[0] == "income":
                    counted += e[2] > 0
                    assert e[2] == expected_income(after.table, e[1], event, after.round)
    assert counted
    for card, expect in ((2, (0 + 5, 0)), (3, (9 // 2 + 5, 3 // 2))):  # A: 3 sources in c and 1 in a; B: 1 in c
        g, s = scenario(
            2,
            round=6,
            stage="resolve",
            rolls=[3],
            deck=(card, 7, 14),
            ge=(0, 0),
            markers={(A, "c"): (3, 0, 0, 0), (A, "a"): (1, 0, 0, 0), (B, "c"): (1, 0, 0, 0)},
        )
        assert [e[2] for e in s.news if e[0] == "income"] == list(expect)


def test_bh_4_2_2_the_total_income_is_added_to_ge():
    """BH-4.2.2: "Add the total income to GE": income from every district, summed, on top of the GE in hand."""
    g, s = scenario(
        3,
        round=3,
        stage="start",
        ge=(7, 0, 3),
        markers={(A, "a"): (2, 0, 0, 0), (A, "f"): (3, 0, 0, 0), (B, "c"): (1, 0, 0, 0), (C, "d"): (0, 2, 0, 0)},
    )
    assert s.table.ge == (7 + 2 * 5 + 3 * 1, 0 + 3, 3)
    assert {e[1]: (e[2], e[3]) for e in s.news if e[0] == "income"} == {A: (13, 20), B: (3, 3), C: (0, 3)}


def test_bh_4_2_3_upkeep_two_per_thug_four_per_killer_on_the_board_only():
    """BH-4.2.3: "Upkeep = 2 x (own thugs in districts) + 4 x (own killers in districts). Markers in stock or in the
    Jail cost nothing." Every upkeep paid in the random games is that sum after any withdrawals."""
    paid = 0
    for steps, _final, _record in games():
        for _before, _a, after in steps:
            for e in after.news:
                if e[0] == "upkeep":
                    paid += 1
                    p = e[1]
                    thugs = sum(row[p][THUG] for row in after.table.board)
                    killers = sum(row[p][KILLER] for row in after.table.board)
                    assert e[2] == 2 * thugs + 4 * killers and e[3] >= 0
    assert paid
    g, s = scenario(
        2,
        round=3,
        stage="start",
        ge=(20, 20),
        jail={A: (3, 1)},
        markers={(A, "b"): (0, 0, 2, 1), (B, "d"): (0, 1, 0, 0)},
    )
    assert s.table.ge == (20 - (2 * 2 + 4), 20)  # 3 thugs and a killer in the Jail, the stock: free
    assert ("upkeep", A, 8, 12) in s.news and not [e for e in s.news if e[0] == "upkeep" and e[1] == B]


# -- BH-4.7 execution -------------------------------------------------------------------------------------------


def orders_round(players=2, **table):
    """Round 2's orders stage with a harmless event (E07 in a) to follow."""
    return scenario(players, round=2, rolls=[1], deck=HARMLESS, **table)


def test_bh_4_7_1_b1_frees_from_the_jail():
    """BH-4.7.1: "b1: all FREE and FREE_GODFATHER orders": thugs and killers go from the Jail to stock (2 and 4 GE
    each), a godfather to the district named (10 GE); both players' orders are executed."""
    g, s = orders_round(ge=(30, 30), jail={A: (2, 1), B: (1, 0)}, godfathers={B: "jail"})
    s = submit_all(g, s, {A: "free thug 2; free killer 1", B: "free_godfather d"})
    t = s.table
    assert t.jail[A] == (0, 0) and t.stock[A][THUG] == 12 and t.stock[A][KILLER] == 2
    assert t.ge[A] == 30 - 2 * 2 - 4
    assert t.gf[B] == 3 and t.ge[B] == 20 and t.jail[B] == (1, 0)


def test_bh_4_7_2_b2_closes_before_the_builds_of_b3():
    """BH-4.7.2: "b2: all CLOSE orders": the sources go to stock, free of charge, before any build, so a full
    district has room for another player's build in the same round."""
    g, s = orders_round(ge=(30, 30), markers={(A, "a"): (3, 0, 0, 0)})
    s = submit_all(g, s, {A: "close a 2", B: "build_source a 1"})
    t = s.table
    assert t.board[0][A][SRC] == 1 and t.board[0][B][SRC] == 1 and t.stock[A][SRC] == 11
    # A paid nothing for the close; B paid double (A controlled a in the snapshot); then round 3's income
    assert t.ge == (30 + 5, 30 - 20 + 5)


def test_bh_4_7_4_b4_builds_influence_at_its_price():
    """BH-4.7.4: "b4: all BUILD_INFLUENCE orders": influence markers go from stock to the district at infl(X) each,
    doubled where another player controls X in the snapshot; there is no limit to influence in a district."""
    g, s = orders_round(ge=(40, 40), markers={(B, "b"): (1, 0, 0, 0)})
    s = submit_all(g, s, {A: "build_influence c 2; build_influence b 1", B: "build_influence c 3"})
    assert s.round == 2 and s.question.kind == "influence"  # c2 of the same round: the execution is done
    t = s.table
    assert t.board[2][A][INF] == 2 and t.board[2][B][INF] == 3 and t.board[1][A][INF] == 1
    assert t.stock[A][INF] == 2 and t.stock[B][INF] == 2
    assert t.ge == (40 - 2 * 7 - 2 * 9, 40 - 3 * 7)


def test_bh_4_7_5_b5_withdrawals_then_deployments_then_godfathers():
    """BH-4.7.5: "b5: all withdrawals, then all deployments, then all godfather orders": a shooter withdrawn in b5 is
    in stock for a deployment of the same b5 (a move pays the deploy price), and the godfather moves last."""
    g, s = orders_round(ge=(20, 10), markers={(A, "d"): (0, 0, 1, 1)}, stock={A: (12, 5, 0, 0)}, godfathers={A: "d"})
    s = submit_all(g, s, {A: "deploy e thug 1; deploy e killer 1; godfather e; withdraw d thug 1; withdraw d killer 1"})
    t = s.table
    assert t.board[3][A] == (0, 0, 0, 0) and t.board[4][A] == (0, 0, 1, 1) and t.gf[A] == 4
    assert t.ge[A] == 20 - 2 - 4 - (2 + 4)  # deploy 6, then round 3's upkeep 6


# -- BH-4.11 influence ------------------------------------------------------------------------------------------


def test_bh_4_11_1_strengths_are_counted_once_before_anybody_acts():
    """BH-4.11.1: "Snapshot: strength s(P) = number of P's influence markers in X, for every active P with s(P) >= 1."
    A player without influence in X is never asked; removals do not change the order fixed by the snapshot."""
    g, s = resolve(3, [], markers={(A, "c"): (0, 3, 0, 0), (B, "c"): (0, 2, 1, 0), (C, "c"): (0, 0, 1, 0)})
    assert g.to_act(s) == (A,)
    s = do(g, s, A, "inf_remove P2")
    assert s.table.board[2][B][INF] == 1 and g.to_act(s) == (A,)  # A has one marker left
    s = do(g, s, A, "done")
    assert g.to_act(s) == (B,) and s.question.kind == "influence"
    # INF_REMOVE needs a weaker target in the snapshot: A (3) is not weaker than B (2), even now B holds 1
    assert not any(str(a).startswith("inf_remove") for a in g.legal_actions(s, B))
    s = do(g, s, B, "done")
    assert s.question is None or s.question.kind != "influence"  # C, without influence, is never asked


def test_bh_4_11_3_unblocked_players_act_in_descending_strength():
    """BH-4.11.3: "Unblocked players act one at a time in descending strength": P2 (3), then P3 (2), then P1 (1)."""
    g, s = resolve(3, [], markers={(A, "c"): (1, 1, 1, 0), (B, "c"): (1, 3, 0, 0), (C, "c"): (1, 2, 0, 0)})
    order = []
    while s.question is not None and s.question.kind == "influence":
        (p,) = g.to_act(s)
        order.append(p)
        s = do(g, s, p, "done")
    assert order == [B, C, A]


def test_bh_4_11_5_a_marker_removed_before_its_owner_acts_cannot_be_used():
    """BH-4.11.5: "An influence marker removed before its owner acts cannot be used": P1 (4) removes both of P2's
    markers; P2, strength 2 in the snapshot, never acts; P3 (1) does."""
    g, s = resolve(3, [], markers={(A, "c"): (0, 4, 1, 0), (B, "c"): (0, 2, 0, 0), (C, "c"): (0, 1, 0, 0)})
    s = do(g, s, A, "inf_remove P2")
    s = do(g, s, A, "inf_remove P2")
    assert s.table.board[2][B][INF] == 0 and s.table.stock[B][INF] == 5
    assert g.to_act(s) == (C,)
    s = do(g, s, C, "inf_jail P1")
    assert s.table.jail[A] == (1, 0)
    # with one marker left P2 acts with u = 1: only one-marker uses
    g, s = resolve(3, [], markers={(A, "c"): (0, 3, 0, 0), (B, "c"): (0, 2, 0, 0), (C, "c"): (1, 0, 1, 0)})
    s = do(g, s, A, "inf_remove P2")
    s = do(g, s, A, "done")
    assert g.to_act(s) == (B,)
    assert {str(a) for a in g.legal_actions(s, B)} == {"done", "inf_jail P3", "inf_close P3"}
    s = do(g, s, B, "inf_jail P3")
    assert s.question is None or s.question.kind != "influence"  # his one marker is used up


# -- BH-4.12 shootouts ------------------------------------------------------------------------------------------


def test_bh_4_12_4_fire_is_simultaneous_and_hits_take_thugs_killers_then_the_godfather():
    """BH-4.12.4: "all dice are rolled first, then hits apply": a thug hit in the volley still fires. "V loses his
    thugs in X first, then his killers, then his godfather; hits beyond that are lost. Lost markers are removed
    from the game for good." """
    g, s = resolve(2, [1, 1], markers={(A, "c"): (0, 0, 1, 0), (B, "c"): (0, 0, 1, 0)})
    t = s.table
    assert t.board[2][A][THUG] == 0 and t.board[2][B][THUG] == 0  # both hit each other
    assert t.stock[A][THUG] == 11 and t.jail[A] == (0, 0) and t.lost == (1, 1)
    # 2 hits on a thug and a killer guarding the godfather: the thug, then the killer; the godfather lives
    g, s = resolve(2, [1, 1, 6], godfathers={B: "c"}, markers={(A, "c"): (0, 0, 0, 2), (B, "c"): (0, 0, 1, 1)})
    t = s.table
    assert t.board[2][B][THUG] == 0 and t.board[2][B][KILLER] == 0 and t.gf[B] == 2 and not t.elim[B]
    assert ("losses", B, 2, 1, 1, False) in s.news
    # 3 hits on a lone thug: one is lost, one goes unused
    g, s = resolve(2, [1, 1, 1, 6], markers={(A, "c"): (0, 0, 0, 3), (B, "c"): (0, 0, 1, 0)})
    assert ("losses", B, 2, 1, 0, False) in s.news and s.table.stock[B][THUG] == 11


def test_bh_4_12_6_sources_and_influence_are_never_hit_and_make_no_participant():
    """BH-4.12.6: "Sources and influence markers are never hit; a player whose only markers in X are sources or
    influence is not a participant." With P3 holding only sources and influence in c there are two participants
    (no target question), P3's markers stay and P3 is no rival of the killed P2."""
    g, s = resolve(
        3,
        [1, 1],
        godfathers={B: "c"},
        markers={(A, "c"): (0, 0, 0, 2), (C, "c"): (2, 2, 0, 0)},
    )
    t = s.table
    assert t.board[2][C] == (2, 2, 0, 0) and t.gf[B] == DEAD
    assert ("inherit", B, A) in s.news  # the only claimant: P3 took no part
    assert not any(e[0] == "shots" and e[2] == C for e in s.news)


# -- BH-4.14 takeovers ------------------------------------------------------------------------------------------


def test_bh_4_14_2_a_taker_has_a_shooter_and_his_limit_is_shooters_and_sources_in_stock():
    """BH-4.14.2: "A taker is an active P != Q with at least one shooter in X. His limit L(P) = min(his shooters in X,
    his sources in stock)." P1 with 3 thugs and 2 sources in stock may claim 2 of P3's 3; P2 with only his
    godfather there is no taker."""
    g, s = resolve(3, [], stock={A: (2, 5, 9, 2)}, markers={(A, "d"): (0, 0, 3, 0), (C, "d"): (3, 0, 0, 0)})
    assert s.question.kind == "claims" and g.to_act(s) == (A,)
    assert s.question.info[0][A] == 2  # L(A) = min(3, 2)
    s = do(g, s, A, "claim P3 2")
    assert [str(a) for a in g.legal_actions(s, A)] == ["submit"]
    # P2's godfather stands in d (a shootout with P1's thug, a miss): a participant, but without a shooter no taker
    g, s = resolve(3, [6], godfathers={B: "d"}, markers={(A, "d"): (0, 0, 1, 0), (C, "d"): (1, 0, 0, 0)})
    assert [e[3] for e in s.news if e[0] == "shots"] == [3]
    assert s.question.kind == "claims" and g.to_act(s) == (A,)


def test_bh_4_14_4_claims_within_the_unprotected_sources_are_all_granted_else_contested():
    """BH-4.14.4: "if the claims on Q sum to at most Q's unprotected sources in X, all are granted. Otherwise the
    claims on Q are contested": one each of P3's two is granted to both; two and one go to a division."""
    g, s = two_takers()
    for p in (A, B):
        s = do(g, s, p, "claim P3 1")
        s = do(g, s, p, "submit")
    d = s.table.board[3]
    assert (d[A][SRC], d[B][SRC], d[C][SRC]) == (1, 1, 0) and s.table.stock[C][SRC] == 12
    assert not any(e[0] == "agreement" for e in s.news)
    g, s = two_takers()
    s = do(g, s, A, "claim P3 2")
    s = do(g, s, A, "submit")
    s = do(g, s, B, "claim P3 1")
    s = do(g, s, B, "submit")
    assert s.question.kind == "propose" and set(g.to_act(s)) == {A, B}


# -- BH-4.15 decision fights ------------------------------------------------------------------------------------


def test_bh_4_15_3_a_contestant_without_shooters_leaves_the_fight():
    """BH-4.15.3: "A contestant with no shooter left in the fight's district leaves the contest." P1's only thug is
    hit in the first volley: P1 leaves and P2 wins without another FIGHT/CONCEDE."""
    g, s = contested_takeover([6, 6, 6, 1])
    s = do(g, s, A, "fight")
    s = do(g, s, B, "fight")
    assert ("fight_won", 3, ("takeover", C), B) in s.news
    assert s.table.board[3][A][THUG] == 0 and s.table.board[3][B][SRC] == 1 and s.table.board[3][C][SRC] == 0
    assert s.question is None or s.question.kind != "fight"


def test_bh_4_15_3_a_contestant_whose_godfather_is_killed_is_eliminated_and_leaves():
    """BH-4.15.3: "A contestant whose godfather is killed is eliminated and leaves." P2 fights in d beside his
    godfather; in d1 all shots miss; in the first volley P1's two killers hit (thug, then godfather): P2 is out and
    P1 wins."""
    g, s = resolve(
        3,
        [6, 6, 6, 1, 1, 6],
        godfathers={B: "d"},
        markers={(A, "d"): (0, 0, 0, 2), (B, "d"): (0, 0, 1, 0), (C, "d"): (1, 0, 0, 0)},
    )
    assert s.question.kind == "claims"
    for p in (A, B):
        s = do(g, s, p, "claim P3 1")
        s = do(g, s, p, "submit")
    s = do(g, s, A, "propose P1")
    s = do(g, s, B, "propose P2")
    s = do(g, s, A, "fight")
    s = do(g, s, B, "fight")
    assert s.table.gf[B] == DEAD and s.table.elim[B]
    assert ("fight_won", 3, ("takeover", C), A) in s.news and s.table.board[3][A][SRC] == 1


def test_bh_4_15_6_after_100_volleys_nobody_wins_an_estate_either():
    """BH-4.15.6: "after 100 volleys with two or more contestants left, nobody wins": for an estate that means, as
    with no claimant, that it leaves the game (BH-4.13.5, BH-4.13.3)."""
    g, s = resolve(
        3,
        [1, 1, 6] + [6] * 200,
        godfathers={C: "c"},
        stock={C: (1, 0, 0, 0)},
        markers={(A, "c"): (0, 0, 1, 0), (B, "c"): (0, 0, 1, 0), (C, "e"): (2, 0, 0, 0)},
    )
    s = do(g, s, A, "target P3 thug 1")
    s = do(g, s, B, "target P3 thug 1")
    s = do(g, s, A, "propose P1")
    s = do(g, s, B, "propose P2")
    volleys = 0
    while s.question is not None and s.question.kind == "fight":
        s = do(g, s, A, "fight")
        s = do(g, s, B, "fight")
        volleys += 1
    assert volleys == 100 and ("fight_cap", 2) in s.news
    assert s.table.board[4][C] == (0, 0, 0, 0) and s.table.stock[C] == (0, 0, 0, 0)
    assert s.table.board[4][A][SRC] == 0 and s.table.board[4][B][SRC] == 0
    assert any(e[0] == "estate_removed" and e[1] == C for e in s.news)
