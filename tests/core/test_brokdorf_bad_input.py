"""Brokdorf: bad input gets a clear message and changes nothing."""

from __future__ import annotations

import pytest

import cardgames


@pytest.fixture
def game():
    return cardgames.load("brokdorf", players=4, first_dealer=0)


def test_unknown_card_codes_say_what_a_card_is(game):
    s = game.new(seed=1)
    for text in ("play 1H", "play AX", "play 11C", "play ♥Z"):
        with pytest.raises(ValueError, match="card is a rank"):
            game.parse_action(s, text)
    with pytest.raises(ValueError, match="actions are: bid N"):
        game.parse_action(s, "play")


def test_unknown_words_suits_and_bids(game):
    s = game.new(seed=1)
    with pytest.raises(ValueError, match="not a number"):
        game.parse_action(s, "bid three")
    with pytest.raises(ValueError, match="actions are"):
        game.parse_action(s, "double")
    with pytest.raises(ValueError, match="a suit is C"):
        game.parse_action(s, "trump X")
    assert str(game.parse_action(s, "  BID   2 ")) == "bid 2"  # case and spacing do not matter


def test_wrong_player_and_card_not_held(game):
    s = game.new(seed=1)
    with pytest.raises(cardgames.IllegalMove, match="player 2's turn, not player 4's"):  # seats 1 and 3
        game.apply(s, game.legal_actions(s)[0], player=3)
    with pytest.raises(ValueError, match="no seat 9"):
        game.apply(s, game.legal_actions(s)[0], player=9)
    with pytest.raises(TypeError, match="seat number"):
        game.legal_actions(s, "one") or game.view(s, "one")


def test_apply_rejects_non_actions(game):
    s = game.new(seed=1)
    with pytest.raises(TypeError, match="apply takes an action"):
        game.apply(s, "bid 1")


def test_after_the_end_nothing_more(game):
    final = cardgames.playout(game, ["random"] * 4, seed=1)
    with pytest.raises(cardgames.IllegalMove, match="over") as err:
        game.apply(final, cardgames.brokdorf.rules.GUT)
    assert err.value.rule == "BK-5.4"
    with pytest.raises(cardgames.IllegalMove):
        game.apply(final, cardgames.brokdorf.rules.Misdeal(), None)


def test_stacked_decks_are_checked(game):
    with pytest.raises(ValueError, match="unknown card code 'ZZ'"):
        game.new(seed=1, deck=["AC", "ZZ"])
    with pytest.raises(TypeError, match="list of card codes"):
        game.new(seed=1, deck="AC 10C")
    with pytest.raises(ValueError, match="Stechen draws"):
        game.new(seed=1, draws=[["AC", "AC"]])


def test_load_checks_options():
    with pytest.raises(ValueError, match="first_dealer=7.*seats 0 to 3"):
        cardgames.load("brokdorf", players=4, first_dealer=7)
    with pytest.raises(ValueError, match="tournament"):
        cardgames.load("brokdorf", tournament="yes")
