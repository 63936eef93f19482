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
    err = refused(s, "play Chr A")  # the Chronist must be declared the Ass's suit, here Laub
    assert err.rule == "TB-4.11" and "Chr=L" in str(err)
