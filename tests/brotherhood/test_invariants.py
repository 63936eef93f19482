"""Invariants over many random games: no debt (BH-4.5), capacity (BH-2.3), markers conserved (BH-2.1, BH-4.13)."""

from __future__ import annotations

import random

import pytest
from helpers import random_states

from cardgames.brotherhood.board import CAPACITY, DEAD, SRC

from .helpers import game


def totals(t, p):
    board = [sum(row[p][k] for row in t.board) for k in range(4)]
    return [board[k] + t.stock[p][k] + (t.jail[p][k - 2] if k >= 2 else 0) for k in range(4)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bh_4_5_no_debt_bh_2_3_capacity_and_bh_2_1_markers_conserved(players):
    g = game(players)
    for seed in range(4):
        rng = random.Random(seed)
        s = g.new(seed=seed)
        grand = [12 * players, 5 * players, 12 * players, 2 * players]
        while g.to_act(s):
            p = g.to_act(s)[0]
            s = g.apply(s, rng.choice(g.legal_actions(s, p)), p)
            t = s.table
            assert all(ge >= 0 for ge in t.ge)
            for x in range(6):
                assert sum(m[SRC] for m in t.board[x]) <= CAPACITY[x]
                assert all(v >= 0 for m in t.board[x] for v in m)
            assert all(v >= 0 for st in t.stock for v in st)
            removed = [e[1] for e in s.news if e[0] == "estate_removed"]
            now = [sum(totals(t, q)[k] for q in range(players)) for k in range(4)]
            if not removed:
                assert now[0] == grand[0] and now[1] == grand[1]  # sources and influence never leave otherwise
                assert now[2] + sum(t.lost) >= 0
            grand = now if removed else grand
            for q in range(players):
                if t.elim[q] and s.stage in ("transfer", "orders", "over"):  # estates are settled by then
                    assert t.gf[q] == DEAD and totals(t, q) == [0, 0, 0, 0]
                elif not t.elim[q]:
                    assert t.gf[q] != DEAD


def test_bh_2_1_shooters_only_leave_by_shootouts_or_estates():
    g = game(4)
    for seed in range(4):
        t = random_states(g, seed)[-1].table
        if not t.fallen:
            shooters = sum(totals(t, q)[2] + totals(t, q)[3] for q in range(4))
            assert shooters + sum(t.lost) == 14 * 4
