"""The Brotherhood's answers to a text that is no valid order, in the Table's text box (issue 31): examples
in the words of the buttons ("Quelle bauen c 1"), never the action texts' snake_case words, and each example
played as it stands."""

from __future__ import annotations

import re

import pytest
from cardgames_widgets import Table

SNAKE = re.compile(r"\b(build_source|build_influence|free_godfather|inf_remove|inf_jail|inf_close)\b")
SAID = {"en": ("pass", "build source", "'build source c 1'"), "de": ("passen", "Quelle bauen", "„Quelle bauen c 1“")}


@pytest.mark.parametrize("language", ["en", "de"])
def test_an_order_without_its_words_is_answered_with_how_it_is_written(language):
    passing, verb, example = SAID[language]
    table = Table("brotherhood", players=3, seed=1, human=0, language=language)
    assert table.play(passing)  # the transfer window: the bots answer until the order sets are due
    assert 0 in table.to_act() and any(str(a).startswith("build_source") for a in table.legal_actions(0))
    state = table.state
    assert not table.play(verb)
    assert table.state is state and example in table.message and not SNAKE.search(table.message), table.message
    assert table.play(example.strip("'„“"))  # the example, typed as it stands, is the order
    assert example in table.log[-1], table.log[-1]  # "P1 schreibt „Quelle bauen c 1“ in seinen verdeckten …"
