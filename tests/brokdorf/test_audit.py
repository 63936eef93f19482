"""Brokdorf: audit tests for clauses whose general case the engine had wrong."""

from __future__ import annotations

from fractions import Fraction

import cardgames
from cardgames.brokdorf.rules import OVER, PLAY

from .helpers import game, play


def test_bk_5_15_when_everybody_leaves_at_once_the_highest_balance_still_wins():
    # a bound above the start: after the first round both players are at or below it and leave
    g = game(2, tournament=True, start_euros=10, lower_bound=11, first_dealer=0)
    s = g.new(seed=1)
    for _ in range(3):  # three misdeals: dealer 0 loses the round (BK-5.11, BK-5.7)
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert s.phase == OVER and s.sheet.seated == () and s.sheet.balances == (Fraction(9), Fraction(11))
    rows = g.settlement(s).rows()
    assert [r["winner"] for r in rows] == [False, True]


def test_bk_5_15_everybody_leaving_with_equal_highest_balances_share_the_win():
    # three players, Durchmarsch-free normal end: loser -2, the others +1 each; all at or below 11
    g = game(3, tournament=True, start_euros=10, lower_bound=11, first_dealer=0)
    s = g.new(seed=1)
    for _ in range(3):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert s.phase == OVER and s.sheet.seated == ()
    assert [r["winner"] for r in g.settlement(s).rows()] == [False, True, True]


def test_bk_5_11_a_dealing_error_found_during_trick_play_is_still_a_misdeal():
    # BK-5.11 counts any dealing error the table reports; BK-3.7: the deal is void, no points change
    g = game(4, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "gut", "gut", "trump H", "mit", "mit", "mit")
    s = g.apply(s, g.legal_actions(s)[0])
    s = g.apply(s, g.legal_actions(s)[0])
    assert s.phase == PLAY and s.trick.cards
    deals = s.sheet.deals
    s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert s.sheet.misdeals == (1, 0, 0, 0) and s.sheet.points == (15,) * 4 and s.sheet.games == 0
    assert s.deal.dealer == 0 and s.sheet.deals > deals and not s.trick.cards and not s.deal.calls
    s = play(g, s, "bid 1", "gut", "gut", "gut", "trump H", "mit", "mit", "mit")
    s = g.apply(s, g.legal_actions(s)[0])
    s = g.apply(s, g.parse_action(s, "misdeal", None), None)  # the second: +5 for the dealer
    assert s.sheet.points == (20, 15, 15, 15) and s.deal.dealer == 0


def test_bk_5_11_no_misdeal_without_a_deal_in_progress():
    g = game(3, tournament=True, first_dealer=0)
    s = g.new(seed=5)
    for _ in range(3):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert s.deal is None  # the loser names the next first dealer: nothing is dealt yet
    try:
        g.apply(s, g.parse_action(s, "misdeal", None), None)
    except cardgames.IllegalMove as err:
        assert err.rule == "BK-5.11"
    else:  # pragma: no cover
        raise AssertionError("a misdeal without a deal was accepted")


def test_bk_5_11_describing_a_misdeal_during_bidding_names_the_misdeal_not_an_all_gut_redeal():
    g = game(4, first_dealer=0)
    s = g.new(seed=2)
    for state in (s, play(g, s, "bid 1")):
        text = g.describe(state, g.parse_action(state, "misdeal", None), None)
        assert "BK-5.11" in text and "GUT" not in text and "BK-4.3" not in text
    text = g.describe(s, g.parse_action(s, "misdeal", None), None)
    assert "player 1 deals again" in text


def test_bk_5_13_describing_an_expulsion_or_a_misdeal_during_trick_play_works():
    g = game(4, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "gut", "gut", "trump H", "mit", "mit", "mit")
    s = g.apply(s, g.parse_action(s, "violation 2", None), None)
    text = g.describe(s, g.parse_action(s, "expel 2", None), None)
    assert "BK-5.13" in text and "player 3 −3 €" in text
    s = g.apply(s, g.legal_actions(s)[0])
    text = g.describe(s, g.parse_action(s, "misdeal", None), None)
    assert "BK-5.11" in text and "wins the trick" not in text


def test_bk_5_13_an_expulsion_outside_trick_play_is_refused_citing_bk_5_13():
    g = game(4, first_dealer=0)
    s = g.new(seed=2)
    for text, rule in (("expel 1", "BK-5.13"), ("violation 1", "BK-5.12")):
        try:
            g.parse_action(s, text, None)
        except cardgames.IllegalMove as err:
            assert err.rule == rule and "player 2 is not playing a trick now" in str(err)
        else:  # pragma: no cover
            raise AssertionError(f"{text} was accepted during bidding")


def test_bk_5_12_a_caught_declarer_with_contract_0_has_not_made_his_contract():
    from cardgames.brokdorf import player_games

    from .test_scoring import run_tricks

    g = game(3, first_dealer=0)
    s = play(g, g.new(seed=4), "bid 0", "gut", "gut", "trump H", "mit", "mit")
    s = g.apply(s, g.parse_action(s, "violation 1", None), None)
    s = run_tricks(g, s, {})
    score = s.sheet.scores[-1]
    assert score.declarer == 1 and score.changes[1] == 5 and score.tricks[1] == 0
    row = next(r for r in player_games(s) if r["player"] == 1)
    assert row["plus_five"] and row["made"] is False
