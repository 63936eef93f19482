"""Brokdorf's answers to the core's questions: hands as codes (BK-3.5, BK-4.6) and what a step ended (BK-3.1)."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.core.game import Event

from .helpers import before_last, game, play
from .test_durchmarsch import sweep
from .test_scoring import A, bk_8_7_state


def test_bk_3_5_hand_gives_each_players_cards_as_codes_and_a_view_hides_the_others():
    g = game(4, first_dealer=0)
    s = g.new(seed=1)
    for seat in range(4):
        assert g.hand(s, seat) == tuple(str(c) for c in s.hands[seat]) and len(g.hand(s, seat)) == 5
    view = g.view(s, 2)
    assert g.hand(view, 2) == g.hand(s, 2)
    assert all(g.hand(view, seat) == (None,) * 5 for seat in (0, 1, 3))
    with pytest.raises(ValueError, match="no seat 4"):
        g.hand(s, 4)


def test_bk_4_6_a_weg_player_holds_no_cards_and_played_cards_leave_the_hand():
    g = game(3, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "gut", "trump H", "mit", "weg")
    assert g.hand(s, 0) == () and len(g.hand(s, 2)) == 5  # seat 0 said WEG, seat 2 MIT
    led = g.legal_actions(s)[0]
    after = g.apply(s, led)
    assert str(led.card) not in g.hand(after, 1) and len(g.hand(after, 1)) == 4


def test_bk_4_9_advance_reports_each_trick_with_its_winner():
    g = game(4, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "gut", "gut", "trump H", "mit", "mit", "mit")
    for _ in range(3):
        step = g.advance(s, g.legal_actions(s)[0])
        assert step.events == () and step.after == g.apply(s, step.action)
        s = step.after
    step = g.advance(s, g.legal_actions(s)[0])
    assert step.events == (Event("trick", step.after.trick.turns[0]),)  # BK-4.8: the winner leads next
    assert step.ended("trick", g.spec.levels) and not step.ended("game", g.spec.levels)


def test_bk_5_1_the_last_card_ends_the_trick_and_the_game():
    g, final = bk_8_7_state()
    before, (seat, action) = before_last(g, final)
    step = g.advance(before, action, seat)
    assert str(action) == "play 8S"
    assert step.events == (Event("trick", A), Event("game"))  # ♠A of seat A takes the last trick


def test_bk_6_2_a_durchmarsch_ends_the_round_with_its_winner_and_a_misdeal_round_without_one():
    g, s = sweep(4)
    before, (seat, action) = before_last(g, s)
    events = g.advance(before, action, seat).events
    assert events[-1] == Event("round", 0) and Event("game") in events
    g = game(3, first_dealer=0)
    s = g.new(seed=5)
    for _ in range(2):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    step = g.advance(s, g.parse_action(s, "misdeal", None), None)
    assert step.seat is None and step.events == (Event("round"),)  # BK-5.11: a void deal is no game
    assert cardgames.history(step.after)[-1] == (None, step.action)
