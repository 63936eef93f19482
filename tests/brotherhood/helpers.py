"""Scenario helpers for The Brotherhood's rule tests."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.brotherhood import build_table
from cardgames.brotherhood.rules import OrderSetRefused

QUIET = ("pass", "submit", "done", "concede")


def game(players=3):
    return cardgames.load("brotherhood", players=players)


def scenario(players, round=1, stage="orders", rolls=(), seed=0, **table):
    g = game(players)
    return g, g.scenario(build_table(players, **table), round=round, stage=stage, rolls=rolls, seed=seed)


def do(g, state, player, text):
    """Apply the action written as ``text`` for ``player`` (parsed, so texts are checked too)."""
    return g.apply(state, g.parse_action(state, text, player), player)


def quiet(g, state, stop=None, limit=10_000):
    """Answer every open decision with pass/submit/done/concede (else the first legal one) until ``stop(state)``."""
    for _ in range(limit):
        if not g.to_act(state) or (stop and stop(state)):
            return state
        p = g.to_act(state)[0]
        legal = g.legal_actions(state, p)
        choice = next((a for a in legal if str(a) in QUIET), legal[0])
        state = g.apply(state, choice, p)
    raise AssertionError("did not stop")


def submit_all(g, state, sets=None):
    """Every player still to act in the orders stage submits ``sets[p]`` (a one-line text) or the empty set."""
    sets = sets or {}
    for p in list(g.to_act(state)):
        text = sets.get(p, "")
        if text:
            state = g.apply(state, g.parse_action(state, text + "; submit", p), p)
        else:
            state = do(g, state, p, "submit")
    return state


def built(make, *args, **kwargs):
    """The action ``make(*args, **kwargs)``, or None where the compiled build cannot hold it as written.

    Compiled, an action's fields are typed: a float where an int belongs is refused when the
    action is built (TypeError), and True is stored as the integer 1, so the action is simply
    the one with 1 (which the rules may allow).  Pure, the action holds what it was given and
    the rules must refuse it.
    """
    try:
        action = make(*args, **kwargs)
    except TypeError:
        assert cardgames.compiled
        return None
    if cardgames.compiled and any(isinstance(value, bool) for value in (*args, *kwargs.values())):
        return None
    return action


def news(state):
    return [e for e in state.news]


def tags(state, tag):
    return [e for e in state.news if e[0] == tag]


# An event order whose first card (E07 in district a) changes nothing in the usual scenarios.
A, B, C = 0, 1, 2  # players P1 to P3

HARMLESS = (7, 14, 8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6, 15)


def resolve(players, rolls, **table):
    """Round 2, stage resolve: the first card is E07 in a (harmless), then ``rolls``."""
    return scenario(
        players, round=2, stage="resolve", rolls=[1, *rolls], deck=HARMLESS, ge=table.pop("ge", 50), **table
    )


def bh_8_4():
    """BH-8.4's order phase: B controls b (2 sources, a thug), A and C hold influence in e, A a source in f."""
    return scenario(
        3,
        round=3,
        rolls=[1],
        deck=HARMLESS,
        ge=(30, 30, 30),
        markers={(B, "b"): (2, 0, 1, 0), (A, "e"): (1, 0, 0, 0), (C, "e"): (1, 0, 0, 0), (A, "f"): (1, 0, 0, 0)},
    )


def bh_8_3(ge=(0, 1)):
    """BH-8.3's upkeep at the start of round 4: P2 holds sources in f, thugs in d and a killer in b and has
    ``ge[1]`` GE."""
    return scenario(
        2,
        round=4,
        stage="start",
        ge=ge,
        markers={(B, "f"): (2, 0, 0, 0), (B, "d"): (0, 0, 2, 0), (B, "b"): (0, 0, 0, 1)},
    )


def bh_8_6():
    """BH-8.6's influence in d, round 2: P1 with 4 influence markers and a thug, P2 with 2, P3 with 2 and two thugs,
    P4 with 1 and a source; P1 acts first."""
    markers = {(A, "d"): (0, 4, 1, 0), (B, "d"): (0, 2, 0, 0), (C, "d"): (0, 2, 2, 0), (3, "d"): (1, 1, 0, 0)}
    return resolve(4, [], markers=markers)


def two_takers():
    """d: A and B (2 thugs each, all shots miss) and C's two unprotected sources: A and B claim (BH-4.14)."""
    g, s = resolve(3, [6, 6, 6, 6], markers={(A, "d"): (0, 0, 2, 0), (B, "d"): (0, 0, 2, 0), (C, "d"): (2, 0, 0, 0)})
    assert s.question.kind == "claims" and g.to_act(s) == (A, B)
    return g, s


def takeover_to_divide(*claims):
    """``two_takers`` in which A and B each write the claim lines ``claims`` and submit: both took C's two sources,
    a takeover to divide (BH-4.15.1)."""
    g, s = two_takers()
    for p in (A, B):
        for text in claims:
            s = do(g, s, p, text)
        s = do(g, s, p, "submit")
    assert s.question.kind == "propose" and s.question.info[0] == "takeover"
    return g, s


def fought_out(g, state, answer="fight"):
    """A and B each propose to take the whole contested estate; A declares FIGHT and B ``answer`` (BH-4.15)."""
    for player, text in ((A, "propose P1"), (B, "propose P2"), (A, "fight"), (B, answer)):
        state = do(g, state, player, text)
    return state


def refusal_codes(g, state, text, player):
    """The codes of the violations for which the order set ``text`` of ``player`` is refused (BH-4.6)."""
    with pytest.raises(OrderSetRefused) as err:
        g.parse_action(state, text, player)
    return err.value.codes
