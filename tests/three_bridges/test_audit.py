"""Audit of Three Bridges against its spec: divergences found and fixed, each named after its clause."""

from __future__ import annotations

import pytest

import cardgames

from .helpers import GAME, play


def refused(state, text):
    with pytest.raises(cardgames.IllegalMove) as err:
        GAME.parse_action(state, text)
    return err.value


def test_tb_4_11_ass_playing_a_card_not_in_hand_says_so():
    """TB-4.11: the Ass plays a card *from his hand*; a Laub card he does not hold is refused for that reason."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-A", "L-X", "H-VII"), ("H-VIII", "E-U")))
    s = play(s, "place L-A A", "place H-VIII B")
    err = refused(s, "play L-IX A")
    assert err.rule == "TB-4.11" and "do not hold L-IX" in str(err)
    err = refused(s, "play Chr=L A")
    assert err.rule == "TB-4.11" and "no Chronist" in str(err)
    err = refused(s, "play H-VII A")  # held, but of the wrong suit
    assert err.rule == "TB-4.11" and "only a Laub card" in str(err)
    err = refused(s, "play Chr A")  # he holds no Chronist: that is the reason, not the missing suit
    assert err.rule == "TB-4.11" and "no Chronist" in str(err)
    t = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-A", "Chr"), ("H-VIII",)))
    t = play(t, "place L-A A", "place H-VIII B")
    err = refused(t, "play Chr A")  # the Chronist must be declared the Ass's suit, here Laub
    assert err.rule == "TB-4.11" and "write play Chr=L A" in str(err)


def test_tb_4_1_position_refuses_a_round_outside_one_to_six_and_a_bad_first_seat():
    """TB-4.1: the game has exactly rounds 1 to 6; P1 is seat 0 or 1 (TB-3.1)."""
    for kw in (dict(round=0), dict(round=7), dict(first=2)):
        with pytest.raises(ValueError, match="TB-4.1|TB-3.1"):
            GAME.position(["H-A", "E-A", "S-A"], hands=(("H-VII",), ("H-VIII",)), **kw)


def test_tb_4_12_position_refuses_an_undeclared_chronist_on_the_board():
    """TB-4.12: a Chronist is declared when it is placed, so a face-up Chronist on the board has a suit."""
    with pytest.raises(ValueError, match="TB-4.12"):
        GAME.position(["H-A", "E-A", "S-A"], [(("Chr",), ()), ((), ()), ((), ())])
    s = GAME.position(["H-A", "E-A", "S-A"], [(("Chr=H/",), ()), ((), ()), ((), ())])
    assert cardgames.three_bridges.score(s).bridges[0].total[0] == 4 + 2 - 2 + 1


def test_tb_4_10_tb_4_14_move_and_turn_texts_are_case_insensitive_like_the_others():
    """TB-4.10, TB-4.14: 'move e-viii' names the same card as 'place e-viii a' does; it is not refused."""
    s = GAME.position(
        ["H-A", "E-A", "L-A"], [(("E-VIII",), ()), ((), ()), ((), ())], hands=(("S-O", "L-VII"), ("H-VII", "H-IX"))
    )
    s = play(s, "place s-o b", "place h-vii c")
    assert str(GAME.parse_action(s, "move e-viii")) == "move E-VIII"
    t = GAME.position(["H-A", "E-A", "L-A"], [(("E-VIII",), ()), ((), ()), ((), ())], hands=(("L-VII",), ("H-IX",)))
    s = play(t, "place l-vii a", "place h-ix a")
    assert str(GAME.parse_action(s, "turn e-viii")) == "turn E-VIII"
    assert str(GAME.parse_action(s, "turn FACE-DOWN")) == "turn face-down"
