"""Helpers shared by the test suites of several games: seeded games played to the end, and a chi-square test.

The game directories import it as ``helpers`` (tests/ is on the path through its conftest.py, and each
game's own helpers are ``<game>.helpers``).
"""

from __future__ import annotations

import io
import math
import random


def random_steps(game, seed):
    """The steps of a game from ``seed``, each action drawn by ``random.Random(seed)`` from the legal actions of
    the (first) player to act: ``(state, action, after)`` for each action, and the final state."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    steps = []
    while game.to_act(state):
        seat = game.to_act(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        after = game.apply(state, action, seat)
        steps.append((state, action, after))
        state = after
    return steps, state


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
