"""The "open hands" line of the Brokdorf table (issue 16, item 5): each legal card's exact open-hand value.

The values are ``cardgames.brokdorf.solve_actions`` for the player to act; they read every
hand, so the table shows them only in the teacher's view (every hand face up, nobody
playing by clicking) and says why not otherwise.
"""

from __future__ import annotations

from html import unescape

import pytest
from cardgames_widgets import Table

import cardgames
from cardgames.brokdorf import bidding, solve, solve_actions
from cardgames.brokdorf.rules import PLAY

from .conftest import GAMES


def in_card_play(table: Table, steps: int = 60) -> Table:
    """Step the table to the first card of a deal (the demo table of seed 7 gets there in 8 steps)."""
    for _ in range(steps):
        if table.state.phase == PLAY:
            return table
        table.step()
    pytest.fail("no card play in the first steps")


def test_the_switch_is_off_at_first_and_then_shows_solve_actions_for_the_player_to_act():
    table = in_card_play(Table("brokdorf", players=4, seed=7))
    ui = table.ui
    panel = ui.open_hands
    assert panel.box.layout.display == "" and panel.switch.value is False and panel.line.value == ""
    panel.switch.value = True
    seat = table.to_act()[0]
    expected = {str(a): v for a, v in solve_actions(table.state, seat).items()}
    assert table.open_hands() == expected
    assert list(expected) == [str(a) for a in table.legal_actions()]
    line = unescape(panel.line.value)
    assert f"open hands, {table.game.seat_name(seat)} to play:" in line
    for text, tricks in expected.items():
        code = text.split(" ")[1]
        assert f'title="{text}"' in line and f"{tricks} trick" in line, code
    assert max(expected.values()) == solve(table.state, seat)
    panel.switch.value = False
    assert panel.line.value == ""


def test_a_dealt_position_shows_its_worked_values_best_first_and_the_tricks_a_card_loses():
    """docs/games/brokdorf.md's deal: player 1 declares Pik, everybody MIT; AC KS JS keep 4 tricks, AH 10H make 3."""
    game = cardgames.load("brokdorf", players=4)
    position = bidding.declared(game, bidding.called(game, game.new(seed=7), declarer=1), trump=1)
    table = Table(game, state=position)
    assert table.to_act() == (1,)
    assert table.open_hands() == {"play AC": 4, "play KS": 4, "play JS": 4, "play AH": 3, "play 10H": 3}
    table.ui.open_hands.switch.value = True
    line = unescape(table.ui.open_hands.line.value)
    shown = [line.index(f'title="play {code}"') for code in ("AC", "KS", "JS", "AH", "10H")]
    assert shown == sorted(shown), "the best cards first, in the legal order among equals"
    assert line.count('class="cg-open-best"') == 3 and "♣A</span> 4 tricks" in line
    assert '♥A</span> 3 tricks <span class="cg-open-lost">(−1)</span>' in line


def test_the_line_follows_the_table_forward_and_back():
    table = in_card_play(Table("brokdorf", players=4, seed=7))
    ui = table.ui
    ui.open_hands.switch.value = True
    first, before = ui.open_hands.line.value, table.index
    ui.step_button.click()
    seat = table.to_act()[0]
    assert table.state.phase == PLAY
    assert table.open_hands() == {str(a): v for a, v in solve_actions(table.state, seat).items()}
    assert f"{table.game.seat_name(seat)} to play" in ui.open_hands.line.value and ui.open_hands.line.value != first
    ui.back_button.click()
    assert table.index == before and ui.open_hands.line.value == first


def test_outside_card_play_the_line_gives_the_solvers_reason_with_its_clauses():
    table = Table("brokdorf", players=4, seed=7)
    ui = table.ui
    ui.open_hands.switch.value = True
    assert "the bidding is still open" in ui.open_hands.line.value
    assert 'data-clause="BK-4.1"' in ui.open_hands.line.value and "cg-open-hands-values" not in ui.open_hands.line.value
    with pytest.raises(ValueError, match="the bidding is still open"):
        table.open_hands()
    table.run_to_end()
    assert "game is over" in ui.open_hands.line.value


def test_a_players_view_hides_the_values_and_the_teachers_view_shows_them_again():
    table = in_card_play(Table("brokdorf", players=4, seed=7))
    ui = table.ui
    ui.open_hands.switch.value = True
    teacher = ui.open_hands.line.value
    for seat in range(4):  # the player to act included: his view hides the others' cards too
        ui.view.value = seat
        assert table.perspective == seat
        line = unescape(ui.open_hands.line.value)
        assert f"{table.game.seat_name(seat)}'s view hides the others' cards" in line and "cg-open-card" not in line
        with pytest.raises(ValueError, match="teacher's view"):
            table.open_hands()
    ui.view.value = -1
    assert ui.open_hands.line.value == teacher


def test_in_play_against_bots_the_values_stay_hidden_even_with_every_hand_shown():
    table = Table("brokdorf", players=4, seed=7, human=2, agents="greedy")
    for _ in range(30):
        if table.state.phase == PLAY or table.is_over():
            break
        table.play(table.legal_actions(2)[0], 2)
    table.perspective = None  # every hand face up, but a human plays at this table
    ui = table.ui
    ui.open_hands.switch.value = True
    assert "in play against bots" in ui.open_hands.line.value and "cg-open-card" not in ui.open_hands.line.value
    with pytest.raises(ValueError, match="in play against bots"):
        table.open_hands()


def test_nothing_is_solved_while_the_switch_is_off_and_each_position_once(monkeypatch):
    table = in_card_play(Table("brokdorf", players=4, seed=7))
    calls = []
    solver = table.face.open_hand_values

    def counted(game, state, seat):
        calls.append(state)
        return solver(game, state, seat)

    monkeypatch.setattr(table.face, "open_hand_values", counted)
    ui = table.ui
    ui.step_button.click()
    ui.back_button.click()
    assert calls == []
    ui.open_hands.switch.value = True
    ui.refresh()
    table.open_hands()
    assert calls == [table.state]


@pytest.mark.parametrize("name", [g for g in GAMES if g.values[0] != "brokdorf"])
def test_games_without_an_open_hand_solver_have_no_open_hands_panel(name):
    table = Table(name, seed=1)
    assert table.ui.open_hands.box.layout.display == "none"
    with pytest.raises(ValueError, match="has no open-hand solver"):
        table.open_hands()
