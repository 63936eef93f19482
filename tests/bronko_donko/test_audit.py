"""Audit against cardgames/bronko_donko/rules.md: divergences found in review, one test per clause."""

from __future__ import annotations

import copy

import pytest

import cardgames
from cardgames.bronko_donko.rules import HAUFEN, KNOCKOUT, ORDER

from .helpers import load, play, settle_all, standing
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
    assert state.phase == HAUFEN and state.turn == A and state.fight.donko_at_start < 0
    _refused(game, state, "donko 1", B, "BD-10.2")  # not his choice
    _refused(game, state, "duck", A, "BD-10.2")  # not a Donko-Haufen choice
    _refused(game, state, "donko 0", A, "BD-10.2")  # not among the tied
    assert settle_all(game, state).standing.donko == B


def test_bd_10_3_departure_tie_refusals_name_bd_10_3():
    game = load(3)
    state = ended(game, ["Bl8", "Ro4 Gr1", "Ge4 Gr2"], owner=B, **standing(A, bronko=B))
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
    assert "player 1 controls" in text and "BD-6.8" in text and "player 2 opens" in text
    after = play(game, state, "duck")
    assert after.round.current is None and after.turn == B
    # without a trap nothing is said about it
    state = table(game, ["Ro5 Ge7", "Ro4 Ge1", "Gr2 Bl1"], turn=B)
    state = play(game, state, "open Ro4", "duck", "beat Ro5")
    text = game.describe(state, game.parse_action(state, "duck"))
    assert "player 1 controls" in text and "BD-6.8" not in text


def test_bd_10_6_describe_names_eliminations_the_haufen_and_the_cancellation():
    """describe of the decision that ends a settlement says who is out, where the Donko-Haufen goes
    (BD-10.2 / BD-10.3 / BD-10.6) and who wins the game (BD-11.2)."""
    from cardgames.bronko_donko.cards import SCHLAEGER
    from cardgames.bronko_donko.rules import GONG

    from .helpers import form, table

    # two players, B is the Donko and empties his hand in the gong (BD-8.4): the recipient is A, the
    # Bronko of the fight, so both tokens return to the centre (BD-10.6)
    game = load(2, games=1)
    state = table(game, ["Ge6", "Ro6"], turn=A, current=form("Gr5"), owner=B, placed=0b11, **standing(B, bronko=B))
    state = play(game, state, "beat Ge6")
    assert state.phase == GONG and state.turn == B
    text = game.describe(state, game.parse_action(state, "box Ro6"))
    assert "both return to the centre (BD-10.6)" in text and "sheds the Donko-Haufen (BD-8.4)" in text
    after = play(game, state, "box Ro6")
    assert (after.standing.donko, after.standing.bronko) == (-1, -1)
    # three players, an unassigned tie (DP-9)
    game3 = load(3)
    state = ended(game3, ["Bl8", "Ro4 Gr1", "Ge4 Gr2"])
    while state.phase in (ORDER, KNOCKOUT):
        state = game3.apply(state, game3.legal_actions(state)[0])
    text = game3.describe(state, game3.parse_action(state, "donko 2"))
    assert "Player 3 gets the Donko-Haufen" in text and "BD-10.2" in text and "fight 2 begins" in text
    assert text.count("Donko-Haufen") == 1  # the transfer is announced once
    # a settlement that leaves one player: the eliminated and the winner are named
    state = ended(game3, ["Bl8", "Ro4 Gr1", "Ge4 Gr2"], schlaeger=(SCHLAEGER, (10,), (2,)))
    assert state.phase == ORDER
    text = game3.describe(state, game3.parse_action(state, "settle 1"))
    assert "player 2 has no Schläger left" in text and "player 3 has no Schläger left" in text
    assert "player 1 is the last player standing" in text and "match is over" in text
