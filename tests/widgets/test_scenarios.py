"""Scenarios: a Table opens from a stacked deck or from a cardgames.record."""

from __future__ import annotations

import json

import pytest
from cardgames_widgets import Table

import cardgames

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


def three_bridges_position():
    game = cardgames.load("three_bridges")
    state = game.position(
        ["H-A", "L-IX", "E-X"],
        [((), ()), (("E-VII",), ("H-VIII", "S-X")), ((), ())],
        hands=(("L-U", "E-VIII"), ("H-IX", "S-VII")),
        round=1,
        first=0,
    )
    return game, state


def test_a_table_opens_a_teaching_position_and_steps_back_to_it():
    game, position = three_bridges_position()
    table = Table(game, state=position)
    assert table.state is position and table.index == 0 and table.log == []
    assert table.ui.picture.value  # the position is drawn
    table.step()
    assert table.index == 1 and len(table.log) == 1
    player, action = cardgames.history(table.state)[-1]
    assert table.state == game.apply(position, action, player)
    table.ui.back_button.click()
    assert table.state is position
    table.run_to_end()
    assert table.is_over()
    table.restart()
    assert table.state is position


def test_a_human_plays_from_a_brotherhood_scenario():
    from cardgames.brotherhood import build_table

    game = cardgames.load("brotherhood", players=2)
    t = build_table(
        2, ge=100, godfathers={1: "c"}, markers={(0, "c"): (0, 0, 3, 1), (1, "c"): (0, 0, 2, 1)}, deck=(7, 14)
    )
    scenario = game.scenario(t, round=2, stage="resolve", rolls=[1, 1, 4, 2, 6, 3, 2, 5])
    table = Table(game, state=scenario, human=0)
    assert table.states[0] is scenario
    assert table.is_over() or 0 in table.to_act() or table.message


def test_a_position_cannot_be_saved_as_a_record():
    game, position = three_bridges_position()
    table = Table(game, state=position)
    with pytest.raises(ValueError, match="no seed"):
        table.record()


def test_a_state_of_another_game_or_size_is_refused():
    _, position = three_bridges_position()
    with pytest.raises(TypeError, match="three_bridges state|brokdorf state"):
        Table("brokdorf", state=position)
    with pytest.raises(TypeError, match="game that built"):
        Table(state=position)
    with pytest.raises(TypeError, match="either a record or a state"):
        Table("three_bridges", state=position, record=Table("three_bridges").record())
    with pytest.raises(TypeError, match="not both"):
        Table(cardgames.load("three_bridges"), players=2, state=position)
