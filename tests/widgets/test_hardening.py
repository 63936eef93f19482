"""Widgets refuse what they cannot show with a clear ValueError or TypeError (issue 18)."""

from __future__ import annotations

import pandas as pd
import pytest
from cardgames_widgets import Table, card_html, settlement_summary

import cardgames


@pytest.mark.parametrize("index", [float("inf"), float("nan"), "3", 2.5])
def test_go_to_takes_a_whole_step_index(index):
    table = Table("three_bridges", seed=1)
    with pytest.raises(ValueError, match="step index is a whole number"):
        table.go_to(index)


def test_go_to_a_far_step_stops_at_the_end_of_the_game():
    table = Table("three_bridges", seed=1)
    table.go_to(10**18)
    assert table.is_over()


@pytest.mark.parametrize("size", [10**400, float("inf"), float("nan"), 0, -1, "big", True])
def test_card_size_is_a_scale_from_0_3_to_4(size):
    with pytest.raises(ValueError, match="card_size scales the card faces"):
        Table("brokdorf", card_size=size)


def test_card_html_refuses_what_is_not_a_card_code():
    with pytest.raises(ValueError, match="a card code is a short text"):
        card_html("three_bridges", None)
    with pytest.raises(ValueError, match="unknown game"):
        card_html("chess", "QH")
    assert "<svg" in card_html("three_bridges", "H-X")


def test_settlement_summary_names_the_columns_it_can_group_by():
    frame = cardgames.simulate("three_bridges", games=3, seed=0)
    with pytest.raises(ValueError, match="has no column 'nope'"):
        settlement_summary(frame, by="nope")
    assert isinstance(settlement_summary(frame), pd.DataFrame)


@pytest.mark.parametrize("extra", [{"players": 3}, {"seed": 99}, {"deck": ["AC"]}, {"tournament": True}])
def test_a_record_opens_as_it_was_set_up_and_other_arguments_are_refused(extra):
    game = cardgames.load("brokdorf", players=4)
    record = cardgames.record(game, game.new(seed=5))
    with pytest.raises(TypeError, match="already set up"):
        Table(record=record, **extra)
    assert Table(record=record).game == game


def test_a_huge_pasted_action_gives_a_short_message():
    table = Table("brotherhood", seed=1, human=0)
    assert not table.play("zz;" * 300_000)
    assert len(table.message) < 400 and "at most 1000 characters" in table.message
