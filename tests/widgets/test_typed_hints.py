"""The text box answers an empty text with a hint, quotes typed text as the language quotes, and reads a card
typed alone as the moves that use it (issue 31: what a Chromium walk of the lesson found)."""

from __future__ import annotations

import random

import pytest
from cardgames_widgets import Table, faces
from cardgames_widgets.actions import card_moves, labels, typed_text

import cardgames
from cardgames.core import i18n

GAMES = ("brokdorf", "three_bridges", "rowdy_partners", "bronko_donko", "brotherhood")


def _human_table(name: str, language: str) -> Table:
    table = Table(name, seed=4, human=0, language=language)
    if table.is_over() or 0 not in table.to_act():
        pytest.skip("the bots ended the game before the human's turn")
    return table


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    ("language", "start"), [("de", "Bitte tippen Sie einen Zug ein, z. B. "), ("en", "Type a move")]
)
def test_an_empty_text_box_gets_a_hint_with_a_move(name, language, start):
    table = _human_table(name, language)
    state = table.state
    with i18n.language(language):
        first = next(iter(labels(table.game, table.face, table.game.legal_actions(state, 0)[:1]).values()))
    for typed in ("", "   "):
        table.ui.text.value = typed
        table.ui.send_text.click()
        assert table.state is state
        assert table.message.startswith(start) and table.message.endswith(first), table.message
        assert "''" not in table.message and "Nicht gespielt" not in table.message


@pytest.mark.parametrize(("language", "quoted"), [("de", "„Unsinn 99“"), ("en", "'Unsinn 99'")])
def test_text_not_understood_is_quoted_as_the_language_quotes(language, quoted):
    table = _human_table("brokdorf", language)
    table.play("Unsinn 99")
    assert quoted in table.message, table.message


@pytest.mark.parametrize(
    ("language", "verb", "answer"), [("de", "legen", "allein ist kein Zug"), ("en", "place", "alone")]
)
def test_three_bridges_card_alone_lists_the_moves_that_use_it(language, verb, answer):
    table = _human_table("three_bridges", language)
    game, state = table.game, table.state
    legal = game.legal_actions(state, 0)
    card = next(c for a in legal for c in game.action_parts(a).named)
    using = card_moves(game, legal, card)
    label = table.face.card_label(card)
    table.play(label)
    if len(using) == 1:
        assert table.state is not state  # the one move that uses the card is played
        return
    assert table.state is state
    assert answer in table.message, table.message
    with i18n.language(language):
        shown_labels = labels(game, table.face, using).values()
    for shown in shown_labels:
        assert shown.startswith(f"{verb} {label} ") and shown in table.message, table.message


def test_three_bridges_card_alone_that_one_legal_move_uses_is_that_move():
    """A card typed alone names the one legal move that uses it, whatever its verb (here: turning it)."""
    game, face = cardgames.load("three_bridges"), faces.for_game("three_bridges")
    state, rng = game.new(seed=3), random.Random(3)
    found = 0
    while not game.is_over(state) and found < 3:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        for action in legal:
            for card in game.action_parts(action).named:
                if len(card_moves(game, legal, card)) == 1:
                    found += 1
                    for language in ("de", "en"):
                        with i18n.language(language):
                            assert typed_text(game, face, state, seat, face.card_label(card)) == str(action)
        state = game.apply(state, rng.choice(legal))
    assert found
