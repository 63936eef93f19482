"""The widgets take clauses, cards and verbs from the game's data, never from its sentences (issue 29)."""

from __future__ import annotations

import random

import pytest
from cardgames_widgets import Table
from cardgames_widgets.human import human_choices
from cardgames_widgets.layout import legal_codes

import cardgames
from cardgames.core import i18n
from cardgames.core.facts import Fact, clauses_of

from .test_table import brotherhood_order_form

GAMES = cardgames.games()


def _played(name: str, moves: int, seed: int = 3):
    game = cardgames.load(name)
    state, rng = game.new(seed), random.Random(seed)
    for _ in range(moves):
        if not game.to_act(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        state = game.apply(state, legal[rng.randrange(len(legal))], seat)
    return game, state


#: every registered game tells its steps as facts
TOLD_AS_FACTS = tuple(cardgames.games())


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", TOLD_AS_FACTS)
def test_each_step_is_told_as_facts_whose_clauses_its_words_cite(name, language):
    """Every fact names its clauses as data, and its words (English or German) cite exactly those."""
    game, state = _played(name, 0)
    rng = random.Random(1)
    kinds: set[str] = set()
    with i18n.language(language):
        for _ in range(400):
            if not game.to_act(state):
                break
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            step = game.advance(state, legal[rng.randrange(len(legal))], seat)
            assert step.facts and all(isinstance(f, Fact) for f in step.facts)
            assert step.facts == game.facts(step.before, step.action, step.after, seat)
            for fact in step.facts:
                assert fact.text in step.sentence
                assert fact.clauses and all(c in fact.text for c in fact.clauses), fact
                assert all(0 <= s < game.players for s in fact.seats)
            kinds.update(f.kind for f in step.facts)
            state = step.after
    assert len(kinds) >= 4


def test_the_german_log_has_the_same_facts_but_its_own_words():
    """Clause ids and cards are data: the German table finds exactly those of the English one."""
    english = Table("three_bridges", seed=5, agents="random", perspective=None)
    english.run_to_end()
    german = Table("three_bridges", seed=5, agents="random", perspective=None, language="de")
    german.run_to_end()
    assert german.log != english.log
    en_facts, de_facts = english.log_facts, german.log_facts
    assert [[(f.kind, f.clauses, f.seats, f.cards) for f in step] for step in de_facts] == [
        [(f.kind, f.clauses, f.seats, f.cards) for f in step] for step in en_facts
    ]
    # the log links the clauses of the facts, where the German sentence writes them
    html = german.log_html()
    for clause in clauses_of(fact for step in de_facts for fact in step):
        assert f'data-clause="{clause}"' in html


@pytest.mark.parametrize("name", GAMES)
def test_cards_and_verbs_do_not_depend_on_the_language(name):
    """The hand's clickable cards and the marked cards are the same in German (nothing reads a text)."""
    from cardgames_widgets.faces import for_game

    game, state = _played(name, 12)
    if not game.to_act(state):
        pytest.skip("the game ended early")
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    face = for_game(name)
    with i18n.language("en"):
        english = (human_choices(face, game, state, seat), legal_codes(game, legal))
    with i18n.language("de"):
        german = (human_choices(face, game, state, seat), legal_codes(game, legal))

    def clickable(choices):  # everything but the labels, which are the language's (♣D in German, ♣Q in English)
        cards = tuple((c.code, c.colour, c.actions, c.illegal_text, c.idle) for c in choices.cards)
        return cards, choices.others, choices.legal

    assert (clickable(german[0]), german[1]) == (clickable(english[0]), english[1])
    for action in legal:
        parts = game.action_parts(action)
        assert parts.text == str(action)
        assert len(parts.named) == len(parts.cards) and set(parts.named) <= set(parts.args)


def test_action_parts_refuses_what_is_no_action():
    game = cardgames.load("brokdorf")
    with pytest.raises(ValueError, match="action_parts takes an action"):
        game.action_parts("play QH")


def test_the_order_form_takes_the_brotherhoods_grammar_from_the_game():
    game = cardgames.load("brotherhood")
    grammar = game.order_grammar()
    assert grammar["deploy"] == (tuple("abcdef"), ("thug", "killer"), tuple(str(n) for n in range(1, 13)))
    assert grammar["godfather"][0][-1] == "stock" and grammar["submit"] == ()
    assert cardgames.load("brokdorf").order_grammar() is None
    ui = brotherhood_order_form().ui
    assert [verb for _label, verb in ui.order_verb.options] == list(grammar)
