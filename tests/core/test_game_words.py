"""A game says its moves in one place: ``game.word`` and ``game.said``, which the buttons read too (issue 29).

Each game of the package keeps the words of its action texts in one table translated by its
catalog (``action_words``); its refusals, its log and the widgets' buttons take them from the
game, so a move reads the same everywhere, in English and in German.  A game of one's own (the
tutorial's Goofspiel) says its action texts as they are until it overrides ``word``.
"""

from __future__ import annotations

import random

import pytest
from cardgames_widgets import faces
from cardgames_widgets.actions import labels, typed_text, word

import cardgames

from . import test_registry

goofspiel = test_registry.goofspiel  # the tutorial's game, imported from a folder of its own

#: the games whose engine says its moves: all five
SAYING = ("brokdorf", "three_bridges", "bronko_donko", "brotherhood", "rowdy_partners")


def test_a_game_without_words_says_its_action_texts_as_they_are(goofspiel):
    game = goofspiel.Goofspiel(players=2)
    state = game.new(seed=1)
    bid = game.legal_actions(state, 0)[0]
    with cardgames.language("de"):
        assert game.word("bid") == "bid"
        assert game.said(bid) == str(bid)
        assert labels(game, faces.for_game(game.name), [bid]) == {str(bid): str(bid)}


def test_a_game_of_ones_own_gets_its_words_on_the_buttons_by_overriding_word(goofspiel):
    class Worded(goofspiel.Goofspiel):
        def word(self, text: str) -> str:
            return "Gebot" if text == "bid" and cardgames.get_language() == "de" else text

    game = Worded(players=2)
    state = game.new(seed=1)
    legal = game.legal_actions(state, 0)
    face = faces.for_game(game.name)
    text = str(legal[0])
    number = text.split()[1]
    with cardgames.language("de"):
        assert game.said(legal[0]) == f"Gebot {number}"
        assert labels(game, face, legal)[text] == f"Gebot {number}"
        assert typed_text(game, face, state, 0, f"gebot {number}") == text  # the text box reads the label back
    with cardgames.language("en"):
        assert labels(game, face, legal)[text] == text


def _actions_of_a_game(game: cardgames.Game, seed: int, steps: int = 120) -> list[object]:
    """The legal actions met in a random game of ``steps`` decisions (several of each kind of move)."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    met: list[object] = []
    for _ in range(steps):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        met.extend(legal)
        state = game.apply(state, rng.choice(legal), seat)
    return met


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", SAYING)
def test_a_game_says_each_move_as_its_button_labels_it(name, language):
    game = cardgames.load(name)
    face = faces.for_game(name)
    met = _actions_of_a_game(game, seed=3)
    with cardgames.language(language):
        assert {str(a): game.said(a) for a in met} == labels(game, face, met)
        said = {key: game.word(key) for key in game.action_words}
        assert said == {key: word(game, key) for key in game.action_words}  # the buttons' words are the game's
    with cardgames.language("en" if language == "de" else "de"):
        assert said != {key: game.word(key) for key in game.action_words}  # each language has words of its own
