"""Audit against rules/bronko_donko.md: divergences found in review, one test per clause."""
from __future__ import annotations

import copy

import pytest

import cardgames
from cardgames.bronko_donko.rules import HAUFEN, KNOCKOUT, ORDER

from .helpers import load, play, settle_all
from .test_fight import ended

A, B, C_ = 0, 1, 2


def _refused(game, state, action, player, rule):
    before = copy.deepcopy(state)
    with pytest.raises(cardgames.IllegalMove) as err:
        game.apply(state, game._parse(state, action, player), player)
    assert err.value.rule == rule, err.value
    assert state == before


def test_bd_10_2_unassigned_tie_refusals_name_bd_10_2_not_the_departure_clause():
    """DP-9 (an unassigned Donko-Haufen, the Bronko of the fight chooses) is BD-10.2, not BD-10.3."""
    game = load(3)
    state = ended(game, ["Bl8", "Ro4 Gr1", "Ge4 Gr2"])  # B and C: 10 damage, 2 cards each
    while state.phase in (ORDER, KNOCKOUT):
        state = game.apply(state, game.legal_actions(state)[0])
    assert state.phase == HAUFEN and state.turn == A and state.fight_donko < 0
    _refused(game, state, "donko 1", B, "BD-10.2")  # not his choice
    _refused(game, state, "duck", A, "BD-10.2")  # not a Donko-Haufen choice
    _refused(game, state, "donko 0", A, "BD-10.2")  # not among the tied
    assert settle_all(game, state).donko == B


def test_bd_10_3_departure_tie_refusals_name_bd_10_3():
    game = load(3)
    state = ended(game, ["Bl8", "Ro4 Gr1", "Ge4 Gr2"], owner=B, donko=A, fight_donko=A, bronko=B)
    while state.phase in (ORDER, KNOCKOUT):
        state = game.apply(state, game.legal_actions(state)[0])
    assert state.phase == HAUFEN and state.turn == A  # the departing Donko chooses (DP-10)
    _refused(game, state, "donko 1", B, "BD-10.3")
    _refused(game, state, "duck", A, "BD-10.3")


def test_bd_6_8_describe_names_the_wolf_trap_when_control_passes_on():
    """The player who gains control holding only the Wolf forfeits the opening: describe says so (BD-6.8)."""
    from .helpers import table

    game = load(3)
    # A beats with Ro5 keeping only the Wolf; B and C duck: A gains control (BD-5.8 b) but is trapped
    state = table(game, ["Ro5 Wolf", "Ro4 Ge1", "Gr2 Bl1"], turn=B)
    state = play(game, state, "open Ro4", "duck", "beat Ro5")
    text = game.describe(state, game.parse_action(state, "duck"))
    assert "player 0 controls" in text and "BD-6.8" in text and "player 1 opens" in text
    after = play(game, state, "duck")
    assert after.current is None and after.turn == B
    # without a trap nothing is said about it
    state = table(game, ["Ro5 Ge7", "Ro4 Ge1", "Gr2 Bl1"], turn=B)
    state = play(game, state, "open Ro4", "duck", "beat Ro5")
    text = game.describe(state, game.parse_action(state, "duck"))
    assert "player 0 controls" in text and "BD-6.8" not in text
