"""Rowdy Partners says its moves in its own words (issue 31): ``game.word``, ``game.said``, its refusals and its parser.

The words of its action texts live in ``cardgames/rowdy_partners/words.py``, translated by the
game's catalog: a move reads the same on its button, in a refusal and in the log ("spielen Ha5",
„abklatschen“), and what a refusal quotes can be typed back as it stands.
"""

from __future__ import annotations

import random
import re

import pytest
from cardgames_widgets import faces
from cardgames_widgets.actions import labels, word

import cardgames
from cardgames.rowdy_partners.words import EXAMPLES, read, said_words

from .util import A1, B1, deal, give, reopen

QUOTED = re.compile(r"„([^“]+)“")  # a move a German message quotes


def _met(players: int, seed: int) -> list[tuple[object, object, int]]:
    """(state, action, seat) for every legal action of each decision of a random game (120 decisions at most)."""
    game = cardgames.load("rowdy_partners", players=players)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    met = []
    for _ in range(120):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        met.extend([(state, action, seat) for action in legal])
        state = game.apply(state, rng.choice(legal), seat)
    return met


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(("players", "seed"), [(4, 3), (2, 5)])
def test_the_game_says_each_move_as_its_button_labels_it(players, seed, language):
    game = cardgames.load("rowdy_partners", players=players)
    face = faces.for_game("rowdy_partners")
    actions = [action for _, action, _ in _met(players, seed)]
    with cardgames.language(language):
        assert {str(a): game.said(a) for a in actions} == labels(game, face, actions)
        assert {key: game.word(key) for key in game.action_words} == {key: word(game, key) for key in game.action_words}


def test_the_game_says_its_words_in_german():
    game = cardgames.load("rowdy_partners")
    with cardgames.language("de"):
        assert [game.word(w) for w in ("play", "tag", "pass", "name", "bury", "Gr")] == [
            "spielen",
            "abklatschen",
            "nicht abklatschen",
            "Farbe nennen",
            "vergraben",
            "Grabstein",
        ]
        assert game.word("W3") == "W3"  # a wrestler, a card, a cheat: as it is
    with cardgames.language("en"):
        assert game.word("play") == "play"


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_parser_reads_a_move_as_said_and_as_its_action_text(language):
    game = cardgames.load("rowdy_partners", players=4)
    with cardgames.language(language):
        for state, action, seat in _met(4, 3)[::3]:
            for typed in (game.said(action), game.said(action).upper(), str(action), str(action).upper()):
                assert game.parse_action(state, typed, seat) == action, typed
    with cardgames.language("de"):  # English words at a German table too
        assert read("Name Gr") == "name Gr"
        assert read("Farbe nennen Grabstein") == "name Gr"


def test_the_words_read_back_to_the_action_texts():
    for language in ("en", "de"):
        with cardgames.language(language):
            for example in EXAMPLES:
                assert read(said_words(example)) == " ".join(example)
    assert read("play Ha5") == "play Ha5"
    assert read("spiele Ha5") == "spiele Ha5"  # what it does not know stays for the parser to refuse


def test_a_german_refusal_quotes_moves_in_the_buttons_words_that_can_be_typed_back():
    game, s = deal(4)
    s = reopen(game, give(s, tags={A1: 1}))  # A1 holds a Tag token: the tag window is open for him
    face = faces.for_game("rowdy_partners")
    legal = game.legal_actions(s, A1)
    with cardgames.language("de"):
        shown = labels(game, face, legal)
        with pytest.raises(cardgames.IllegalMove) as refused:
            game.parse_action(s, "play Ha1", A1)
    quoted = QUOTED.findall(str(refused.value))
    assert sorted(quoted) == sorted(shown.values()) == ["abklatschen", "nicht abklatschen"]
    assert (refused.value.code, "(tag oder pass)" in str(refused.value)) == ("X01", False)
    with cardgames.language("de"):
        assert {str(game.parse_action(s, move, A1)) for move in quoted} == set(shown)

    game, s = deal(4)
    with cardgames.language("de"), pytest.raises(cardgames.IllegalMove) as not_yours:
        game.parse_action(s, "play Ha1", B1)
    assert QUOTED.findall(str(not_yours.value)) == ["spielen Ha5"]
    assert "play <" not in str(not_yours.value)
    with cardgames.language("de"):
        assert read("spielen Ha5") == "play Ha5"


def test_a_text_the_parser_cannot_read_gets_an_example_of_each_move_in_the_buttons_words():
    game, s = deal(4)
    with cardgames.language("de"), pytest.raises(ValueError) as err:
        game.parse_action(s, "hüpfen", 0)
    said, *quoted = QUOTED.findall(str(err.value))
    assert said == "hüpfen"  # what he typed, quoted as the examples are
    assert quoted[:5] == ["spielen Ha5", "Farbe nennen Grabstein", "vergraben Ha5", "abklatschen", "nicht abklatschen"]
    assert "Signature Move W4 −2" in quoted
    with cardgames.language("de"):
        assert [read(move) for move in quoted] == [" ".join(example) for example in EXAMPLES]
