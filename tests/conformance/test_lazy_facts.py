"""Facts are made when a step is told (advance, explain, describe, facts), never by ``apply``.

Simulation does not pay for words: a game's ``_facts`` is replaced by a counting wrapper and a
stretch of play through ``apply`` must not call it, while one ``advance`` calls it once.  A
compiled game's methods cannot be replaced, so this runs in the pure-Python phase of make test.
"""

from __future__ import annotations

import pytest

import cardgames

pytestmark = pytest.mark.skipif(
    cardgames.compiled, reason="a compiled game's _facts cannot be wrapped; make test's pure-Python phase checks this"
)


@pytest.mark.parametrize("name", cardgames.games())
def test_apply_makes_no_facts_and_advance_makes_them_once(name):
    game = cardgames.load(name)
    state = game.new(seed=1)
    calls = []
    original = game._facts
    game._facts = lambda *args: calls.append(args) or original(*args)
    try:
        for _ in range(30):
            seat = game.to_act(state)[0]
            after = game.apply(state, game.legal_actions(state, seat)[0], seat)
            if not game.to_act(after):
                break  # keep a position where someone still acts
            state = after
        assert calls == [], f"{name}: apply made facts"
        seat = game.to_act(state)[0]
        game.advance(state, game.legal_actions(state, seat)[0], seat)
        assert len(calls) == 1, f"{name}: advance made facts {len(calls)} times"
    finally:
        del game._facts
