"""Scenarios: a Table opens from a stacked deck or from a cardgames.record."""
from __future__ import annotations

import json

import pytest

import cardgames
from cardgames_widgets import Table

from .conftest import GAMES

BROKDORF_DECK = [r + s for s in "CSHD" for r in ("A", "10", "K", "Q", "J", "9", "8", "7")]


@pytest.mark.parametrize("name", GAMES)
def test_a_record_reopens_at_its_last_state_with_every_step_before_it(name):
    table = Table(name, seed=12)
    table.run_to_end_of_trick()
    table.step()
    rec = table.record()
    again = Table(record=json.dumps(rec))
    assert again.game.name == name and again.index == table.index
    assert again.ui.picture.value == table.ui.picture.value
    assert again.log == table.log
    again.ui.back_button.click()
    assert again.game.render(again.state) == table.game.render(table.states[table.index - 1])
    at_start = Table(record=rec, at=0)
    assert at_start.index == 0 and at_start.log == []
    at_start.step()  # the recorded move, not a new bot move
    assert at_start.log[0] == table.log[0]


def test_a_record_of_another_game_is_refused():
    rec = Table("brokdorf", seed=1).record()
    other = next((g for g in cardgames.games() if g != "brokdorf"), None)
    if other is None:
        pytest.skip("only one game registered")
    with pytest.raises(ValueError, match="not"):
        Table(other, record=rec)


def test_a_tampered_record_is_refused_with_a_clear_message():
    rec = Table("brokdorf", seed=1).record()
    rec["seed"] = 2
    with pytest.raises(ValueError, match="changed"):
        Table(record=rec)


def test_brokdorf_from_a_stacked_deck_shows_that_deal():
    game = cardgames.load("brokdorf", players=4, first_dealer=0)
    table = Table("brokdorf", players=4, seed=3, deck=BROKDORF_DECK, first_dealer=0)
    assert table.game.render(table.state) == game.render(game.new(seed=3, deck=BROKDORF_DECK))
    assert 'data-code="AC"' in table.ui.picture.value
    table.run_to_end_of_trick()
    table.restart()
    assert table.game.render(table.state) == game.render(game.new(seed=3, deck=BROKDORF_DECK))


def test_a_human_opens_a_scenario_and_must_act():
    table = Table("brokdorf", players=3, seed=5, deck=BROKDORF_DECK, first_dealer=0, human=1)
    assert 1 in table.to_act() and "Your turn" in table.message
    assert table.ui.human.layout.display != "none"
