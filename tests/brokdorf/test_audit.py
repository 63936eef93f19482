"""Brokdorf: audit tests for clauses whose general case the engine had wrong."""
from __future__ import annotations

from fractions import Fraction

from cardgames.brokdorf.rules import OVER

from .helpers import game


def test_bk_5_15_when_everybody_leaves_at_once_the_highest_balance_still_wins():
    # a bound above the start: after the first round both players are at or below it and leave
    g = game(2, tournament=True, start_euros=10, lower_bound=11, first_dealer=0)
    s = g.new(seed=1)
    for _ in range(3):  # three misdeals: dealer 0 loses the round (BK-5.11, BK-5.7)
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert s.phase == OVER and s.seated == () and s.balances == (Fraction(9), Fraction(11))
    rows = g.settlement(s).rows()
    assert [r["winner"] for r in rows] == [False, True]


def test_bk_5_15_everybody_leaving_with_equal_highest_balances_share_the_win():
    # three players, Durchmarsch-free normal end: loser -2, the others +1 each; all at or below 11
    g = game(3, tournament=True, start_euros=10, lower_bound=11, first_dealer=0)
    s = g.new(seed=1)
    for _ in range(3):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert s.phase == OVER and s.seated == ()
    assert [r["winner"] for r in g.settlement(s).rows()] == [False, True, True]
