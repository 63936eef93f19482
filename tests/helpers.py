"""Helpers shared by the test suites of several games: seeded games played to the end, a chi-square test, and
the checks of a step's facts (issue 29).

The game directories import it as ``helpers`` (tests/ is on the path through its conftest.py, and each
game's own helpers are ``<game>.helpers``).
"""

from __future__ import annotations

import io
import math
import random

from cardgames.core import i18n
from cardgames.core.facts import cards_of
from cardgames.core.rulebook import CITED


def random_steps(game, seed, start=None):
    """The steps of a game from ``seed``, each action drawn by ``random.Random(seed)`` from the legal actions of
    the (first) player to act: ``(state, action, after)`` for each action, and the final state.  ``start``: the
    state to play on from instead of ``game.new(seed=seed)`` (a position built from it)."""
    rng = random.Random(seed)
    state = game.new(seed=seed) if start is None else start
    steps = []
    while game.to_act(state):
        seat = game.to_act(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        after = game.apply(state, action, seat)
        steps.append((state, action, after))
        state = after
    return steps, state


def walk(game, seed, start=None):
    """The game of :func:`random_steps` as (state, seat to act, action) for each decision, then (final state, None,
    None): what a test that checks each decision against its clause walks through."""
    steps, final = random_steps(game, seed, start)
    return tuple([(state, game.to_act(state)[0], action) for state, action, _after in steps] + [(final, None, None)])


def random_positions(game, seed):
    """The decisions of the game of ``random_steps(game, seed)``: (state, seat to act) before each action."""
    steps, _final = random_steps(game, seed)
    return [(state, game.to_act(state)[0]) for state, _, _ in steps]


def random_states(game, seed):
    """Every state of the game of ``random_steps(game, seed)``, the first to the last."""
    steps, final = random_steps(game, seed)
    return [state for state, _, _ in steps] + [final]


def play_game(game, agents, seed):
    """A whole game from ``seed`` played by ``agents``: one agent a seat, or one agent name for every seat.

    Returns the steps, ``(state, seat, legal, action)`` before each action, and the final state."""
    if isinstance(agents, str):
        agents = [game.agent(agents, seat) for seat in range(game.players)]
    rng = random.Random(seed)
    state = game.new(seed=seed)
    steps = []
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = agents[seat].act(game.view(state, seat), legal, rng)
        steps.append((state, seat, legal, action))
        state = game.apply(state, action, seat)
    return steps, state


def chisquare_pvalue(observed, probabilities=None):
    """Pearson's chi-square test of ``observed`` counts against ``probabilities`` (equal ones if None): its p-value.

    The survival function of chi-square with k - 1 degrees of freedom is 1 - P(a, x) for
    a = (k - 1) / 2 and x = statistic / 2, with the regularized lower incomplete gamma
    P(a, x) = x^a e^-x / Gamma(a + 1) * sum_n x^n / ((a + 1) ... (a + n)) (scipy is not a dependency).
    """
    if probabilities is None:
        probabilities = [1 / len(observed)] * len(observed)
    n = sum(observed)
    x = sum((o - n * p) ** 2 / (n * p) for o, p in zip(observed, probabilities)) / 2
    a = (len(observed) - 1) / 2
    term = total = 1.0
    k = 1
    while term > 1e-15 * total:
        term *= x / (a + k)
        total += term
        k += 1
    lower = math.exp(a * math.log(x) - x - math.lgamma(a + 1)) * total if x > 0 else 0.0
    return max(0.0, 1.0 - lower)


class PromptAnswerer(io.StringIO):
    """The terminal's output and input in one: each readline answers the latest prompt, which opens with ``prompt``
    ("your move (" in English), with the first legal action it lists."""

    def __init__(self, prompt="your move ("):
        super().__init__()
        self.prompt = prompt

    def readline(self, size=-1):
        offered = self.getvalue().rsplit(self.prompt, 1)[1]
        return offered.split(")", 1)[0].split(", ")[0].strip() + "\n"


def cited(text):
    """The clause ids ``text`` writes, in order, as they are written (``BK-4.10(b)``, ``BH-4.12.5``)."""
    out = []
    for match in CITED.finditer(text):
        letter = match.group(3) or match.group(4)
        out.append(f"{match.group(1)}-{match.group(2)}" + (f"({letter})" if letter else ""))
    return out


def shown_codes(game, state):
    """The card codes the table shows in ``state``: the codes of its layout's faces."""
    return {part.code for line in game.layout(state) for part in line if not isinstance(part, str) and part.code}


def fact_data(facts):
    """The facts without their words: kind, clauses, seats, cards and amounts of each (the same in every language)."""
    return [(f.kind, f.clauses, f.seats, f.cards, dict(f.amounts or {})) for f in facts]


def told_in_english_and_german(game, before, seat, action, after, check):
    """The step from ``before`` to ``after`` told in English and in German, each checked as issue 29 asks.

    In each language: the sentence is what ``describe`` gives and the facts are ``game.facts``'s; each
    fact names clauses, and its words write them in order; its seats are seats of the game; the cards
    the facts name are cards the table shows before or after the step; the widgets link the facts'
    clauses where the words write them, as a search of the text would.  ``check(step, html)`` adds the
    game's own checks in that language.  Then the German facts are the English ones as data.
    Returns the English facts.
    """
    from cardgames_widgets.clauses import linked_text, told_html

    shown = shown_codes(game, before) | shown_codes(game, after)
    told = {}
    for language in ("en", "de"):
        with i18n.language(language):
            step = game.explain(before, action, after, seat)
            assert step.facts and step.sentence == game.describe(before, action, seat)
            assert step.facts == game.facts(before, action, after, seat)
            for fact in step.facts:
                assert fact.clauses, fact
                assert cited(fact.text) == list(fact.clauses), fact
                assert all(0 <= s < game.players for s in fact.seats), fact
            assert set(cards_of(step.facts)) <= shown, step.sentence
            html = told_html(step.sentence, step.facts)
            assert html == linked_text(step.sentence)
            check(step, html)
            told[language] = step.facts
    assert fact_data(told["de"]) == fact_data(told["en"])
    return told["en"]
