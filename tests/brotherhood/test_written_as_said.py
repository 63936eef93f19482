"""The Brotherhood says how a move is written in the words of its buttons (issue 31), and reads those words.

When a text is not a valid order or decision, the answer gives examples as a person sees the moves
("build source c 1", German „Quelle bauen c 1“), never the action texts' snake_case words
(``build_source``, ``inf_remove``); and each example, typed as it stands, is read as the action it
names, in English and in the language in use, while the action texts are read as before.
"""

from __future__ import annotations

import re

import pytest

import cardgames
from cardgames.brotherhood.rules import action_words

SNAKE = re.compile(r"\b(build_source|build_influence|free_godfather|inf_remove|inf_jail|inf_close)\b")
QUOTED = {"en": re.compile(r"'([^']+)'"), "de": re.compile(r"„([^“]+)“")}


def first_round():
    g = cardgames.load("brotherhood", players=3)
    return g, g.new(seed=1, rolls=[4, 1, 2, 1, 6], events=["E03", "E07"])


def orders_stage(g, s):
    for _ in range(3):  # each player passes in the transfer window (BH-4.3): the order sets are due
        s = g.apply(s, g.parse_action(s, "pass", g.to_act(s)[0]), g.to_act(s)[0])
    return s


def answer(g, s, text, player=0):
    """What the game answers to ``text`` that it cannot take (a refusal or a text it cannot read)."""
    with pytest.raises(ValueError) as err:
        g.parse_action(s, text, player)
    return str(err.value)


# texts that are no valid move, at the transfer window and at the order sets
TRANSFER_TEXTS = ("", "transfer", "transfer P9 5", "dismiss", "target", "claim", "propose", "give", "inf_remove", "xyz")
ORDER_TEXTS = ("build_source", "free", "deploy e", "godfather", "close a 1 2 3", "build_source e 1; xyz", "pass")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_answers_quote_moves_in_the_words_of_the_buttons(language):
    with cardgames.language(language):
        g, s = first_round()
        answers = [answer(g, s, text) for text in TRANSFER_TEXTS]
        s = orders_stage(g, s)
        answers += [answer(g, s, text) for text in ORDER_TEXTS]
        examples = []
        for said in answers:
            assert not SNAKE.search(said), said
            examples += QUOTED[language].findall(said)
    # every example the answers give (a whole move: a verb and its words) is read as it stands
    moves = [e for e in examples if len(e.split()) > 1 and not e.startswith(("xyz", "fly"))]
    assert moves
    with cardgames.language(language):
        for move in moves:
            written = action_words(move)
            assert not set(written.split()) & {"build", "to", "an", "bauen", "nach"}, (move, written)


@pytest.mark.parametrize(
    ("language", "said", "text"),
    [
        ("en", "build source c 1", "build_source c 1"),
        ("en", "godfather to e", "godfather e"),
        ("en", "free godfather to stock", "free_godfather stock"),
        ("en", "influence: remove marker P2", "inf_remove P2"),
        ("en", "deploy e thug 2; godfather to e", "deploy e thug 2; godfather e"),
        ("de", "Quelle bauen c 1", "build_source c 1"),
        ("de", "Pate nach e", "godfather e"),
        ("de", "einsetzen e Schläger 2", "deploy e thug 2"),
        ("de", "Einfluss: Marker entfernen P2", "inf_remove P2"),
        ("de", "geben P2 b Quelle 1", "give P2 b source 1"),
        ("de", "build source c 1", "build_source c 1"),  # English words are read in any language
        ("de", "build_source c 1", "build_source c 1"),  # and the action texts as before
        ("en", "give P2 stock killer 1", "give P2 stock killer 1"),
        ("de", "geben P2 Gefängnis Schläger 1", "give P2 jail thug 1"),  # the jail has its German word too
    ],
)
def test_the_parser_reads_a_move_as_said_and_as_its_action_text(language, said, text):
    with cardgames.language(language):
        assert action_words(said) == text


@pytest.mark.parametrize("language", ["en", "de"])
def test_an_order_typed_as_the_answer_says_it_is_the_order(language):
    with cardgames.language(language):
        g, s = first_round()
        s = orders_stage(g, s)
        said = {"en": "build source c 1", "de": "Quelle bauen c 1"}[language]
        assert str(g.parse_action(s, said, 0)) == "build_source c 1"
        assert str(g.parse_action(s, "build_source c 1", 0)) == "build_source c 1"
        refused = answer(g, s, said.rsplit(" ", 2)[0])  # the verb alone: how it is written
        assert {"en": "it is written 'build source c 1'", "de": "er wird „Quelle bauen c 1“ geschrieben"}[
            language
        ] in refused
