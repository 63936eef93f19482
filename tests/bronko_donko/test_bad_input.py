"""Bad input raises IllegalMove naming the BD clause and changes nothing (issue 3, item 7)."""
from __future__ import annotations

import copy

import pytest

import cardgames
from cardgames.bronko_donko.rules import KNOCKOUT, WOLFSBLUT, Hand2
from cardgames.core.game import replace

from .helpers import form, load, mask, play, table

A, B, C_ = 0, 1, 2


def refused(game, state, action, rule, player=None):
    before = copy.deepcopy(state)
    with pytest.raises(cardgames.IllegalMove) as err:
        if isinstance(action, str):
            action = game._parse(state, action, player)
        game.apply(state, action, player)
    assert err.value.rule == rule, (str(action), err.value)
    assert state == before
    return err.value


def test_bd_5_1_impossible_formation_is_refused():
    game = load(3)
    state = table(game, ["Bl3 Bl4 Ro5 Bl1", "Gr1", "Ge1"])
    refused(game, state, "open Bl3 Bl4 Ro5", "BD-5.1")
    refused(game, state, "open Bl3 Bl5", "BD-5.1")  # and he lacks Bl5
    err = refused(game, state, "open Gr8", "BD-5.1")
    assert "do not hold" in err.message


def test_bd_5_2_wolf_declared_as_kose_or_a_card_of_the_formation():
    game = load(3)
    state = table(game, ["Ro5 Gr1 Wolf", "Gr2", "Ge1"])
    refused(game, state, "open Ro5 Wolf=Kose", "BD-5.2")
    refused(game, state, "open Ro5 Wolf=Ro5", "BD-5.2")
    with pytest.raises(ValueError):
        game.parse_action(state, "open Ro5 Wolf")  # the Wolf must be declared
    with pytest.raises(ValueError):
        game.parse_action(state, "open Ro5 Wolf=Gr5 Wolf=Ge5")


def test_bd_7_7_box_during_a_schlagring_is_refused():
    game = load(4)
    state = table(game, ["Bl3 Gr1", "Gr4 Gr2", "Ge5 Ge2", "Ro5 Ro1"], turn=A)
    state = play(game, state, "open Bl3", "beat Gr4", "beat Ge5")
    refused(game, state, "box Ro5", "BD-7.7")


def test_bd_6_5_steal_by_a_player_without_the_card_is_refused():
    game = load(3)
    state = table(game, ["Ge5 Wolf Ge7 Bl1", "Bl2 Bl3", "Ge6 Gr1"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Ge6 Ge7")
    assert state.phase == WOLFSBLUT and state.turn == C_
    refused(game, state, "steal", "BD-6.5", player=B)
    refused(game, state, "steal", "BD-6.5", player=A)
    quiet = table(game, ["Bl2 Bl1", "Gr2", "Ge1"])
    refused(game, quiet, "steal", "BD-5.6")


def test_bd_9_4_unaffordable_or_skipping_the_counted_schlaeger_is_refused():
    game = load(3)
    state = table(game, ["Bl8", "Ro4 Ro5", "Gr1"], turn=A, current=form("Gr5"), owner=C_, placed=0b111,
                  schlaeger=((2,), (2, 4, 6, 8, 20), (2,)))
    state = play(game, state, "beat Bl8", "pass", "pass", "settle 1")
    assert state.phase == KNOCKOUT and state.settle.power == 12
    refused(game, state, "knock 20", "BD-9.4")
    refused(game, state, "knock 15", "BD-9.4")  # he has no 15
    counted = replace(state, counted=(False, True, False))
    refused(game, counted, "knock 8", "BD-9.4")
    refused(game, state, "settle 2", "BD-9.4")


def test_bd_10_7_betrayal_outside_its_options_is_refused():
    game = load(3)
    state = table(game, ["Bl8 Ro8 Ge7 Bl1", "Gr1", "Ge1"], turn=A, phase=0, donko=A, bronko=B)
    refused(game, state, Hand2("give", mask("Bl8 Ge7")), "BD-10.7")
    refused(game, state, "duck", "BD-10.7")


def test_wrong_phase_and_wrong_player_are_refused():
    game = load(3)
    state = table(game, ["Bl2 Bl1", "Gr2", "Ge1"])
    refused(game, state, "beat Bl2", "BD-5.6")
    refused(game, state, "open Gr2", "BD-5.7", player=B)
    refused(game, state, "knock 20", "BD-5.6")
    state = play(game, state, "open Bl2")
    refused(game, state, "open Gr2", "BD-5.7")


def test_malformed_text_is_a_value_error_naming_the_forms():
    game = load(3)
    state = game.new(seed=1)
    for text in ("", "open", "open Zz9", "beat Ro9", "knock 3", "settle 7", "give Ro1", "jump", "open Ro1 Ro1"):
        with pytest.raises(ValueError) as err:
            game.parse_action(state, text)
        assert not isinstance(err.value, cardgames.IllegalMove), text
    with pytest.raises(ValueError, match="34 fighter cards"):
        game.new(seed=1, deck=["Ro1"] * 34)
    with pytest.raises(ValueError, match="unknown card"):
        game.new(seed=1, deck=["Xx1"])
