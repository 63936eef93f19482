"""Bad input: each illegal action raises IllegalMove naming its TB clause and changes nothing."""

from __future__ import annotations

import copy

import pytest

import cardgames
from cardgames.three_bridges import Move, Pass, Place, Play, Swap
from cardgames.three_bridges.cards import parse_card

from .helpers import GAME, P2, legal_texts, play


def refused(state, rule, text=None, action=None, player=None):
    before = copy.deepcopy(state)
    with pytest.raises(cardgames.IllegalMove) as err:
        if text is not None:
            GAME.parse_action(state, text, player)
        else:
            GAME.apply(state, action, player)
    assert err.value.rule == rule, err.value
    assert state == before
    return err.value


START = GAME.position(
    ["H-A", "E-A", "S-A"], [((), ()), ((), ("L-X",)), ((), ())], hands=(("L-U", "S-O", "Chr"), ("H-VII", "E-VIII"))
)


def test_tb_4_3_card_not_in_hand():
    err = refused(START, "TB-4.3", "place H-VII A")
    assert "do not hold H-VII" in str(err)
    refused(START, "TB-4.3", action=Place(parse_card("E-X"), 0))
    err = refused(START, "TB-4.3", action=Place(34, 0))  # the hidden card of a view is no card of a hand
    assert "card of your hand" in str(err)
    t = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-U",), ("H-VII",)))
    err = refused(t, "TB-4.3", "place Chr=E A")
    assert "no Chronist" in str(err)


def test_tb_4_3_bridge_that_does_not_exist():
    err = refused(START, "TB-4.3", "place L-U D")
    assert "A, B and C" in str(err)
    refused(START, "TB-4.3", action=Place(parse_card("L-U"), 3))


def test_tb_4_3_wrong_player_and_placing_during_the_reveal():
    refused(START, "TB-4.3", action=Place(parse_card("H-VII"), 0), player=P2)
    s = play(START, "place Chr=S A", "place H-VII A")
    refused(s, "TB-4.3", "place L-U A")


def test_tb_4_12_chronist_placed_without_a_suit_or_with_a_non_suit():
    """TB-4.12: a Chronist is declared H, E, S or L as it is placed; 'place Chr A' is refused and says how."""
    err = refused(START, "TB-4.12", "place Chr A")
    assert "place Chr=H A, place Chr=E A, place Chr=S A or place Chr=L A" in str(err)
    refused(START, "TB-4.12", action=Place(32, 0))
    err = refused(START, "TB-4.12", "place Chr=X A")
    assert "H, E, S, L" in str(err)
    refused(START, "TB-4.12", action=Place(32, 0, 7))
    err = refused(START, "TB-4.12", action=Place(parse_card("L-U"), 0, 1))  # only a Chronist has a declaration
    assert "place L-U A" in str(err)


def test_tb_4_12_declaring_after_the_placement_is_refused():
    """TB-4.12 (revised): there is no separate declaration: 'declare E' is refused at every moment, pointing to
    the placement; a placed Chronist's suit never changes."""
    refused(START, "TB-4.12", "declare E")
    s = play(START, "place Chr=E A", "place H-VII A")
    assert legal_texts(s) == ["draw", "pass"]  # the Chronist is the Eichel Ass at once
    err = refused(s, "TB-4.12", "declare H")
    assert "place Chr=E B" in str(err)
    with pytest.raises(ValueError):
        GAME.parse_action(s, "declare")


def test_tb_4_9_unter_swap_on_a_wrong_suit_bridge():
    s = play(START, "place L-U A", "place H-VII B")  # Laub Unter at a Herz bridge
    assert "swap" not in legal_texts(s)
    refused(s, "TB-4.9", "swap")
    refused(s, "TB-4.9", action=Swap())


def test_tb_4_10_ober_moving_an_opponents_card():
    s = GAME.position(
        ["H-A", "E-A", "S-A"], [((), ()), (("H-VIII",), ("L-X",)), ((), ())], hands=(("S-O",), ("H-VII",))
    )
    s = play(s, "place S-O A", "place H-VII C")
    assert legal_texts(s) == ["move H-VIII", "pass"]
    err = refused(s, "TB-4.10", "move L-X")
    assert "your own" in str(err)
    refused(s, "TB-4.10", action=Move(1, 0, "L-X"))
    with pytest.raises(ValueError):
        GAME.parse_action(s, "move Q-Q")


def test_tb_4_6_declining_a_forced_ability():
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-A", "L-X"), ("H-VII",)))
    s = play(s, "place L-A A", "place H-VII B", "play L-X C")
    assert legal_texts(s) == ["turn L-X"]
    refused(s, "TB-4.6", "pass")
    refused(s, "TB-4.6", action=Pass())


def test_tb_4_11_ass_wrong_suit_and_undeclared_chronist():
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-A", "H-X", "Chr"), ("H-VII",)))
    s = play(s, "place L-A A", "place H-VII B")
    refused(s, "TB-4.11", "play H-X A")
    refused(s, "TB-4.11", "play Chr A")
    err = refused(s, "TB-4.11", "play Chr=E A")
    assert "declared L" in str(err)
    refused(s, "TB-4.11", action=Play(32, 0, 1))


def test_parse_rejects_malformed_text_with_a_value_error():
    for text in ("", "hello", "place", "place H-X", "place ZZ A", "declare", "swap now", "turn"):
        with pytest.raises(ValueError, match="place|write it|not a Three Bridges"):
            GAME.parse_action(START, text)
    with pytest.raises(TypeError):
        GAME.parse_action(START, 3)
