"""apply decides the same with or without the memo of the last legal_actions answer.

The core remembers what ``legal_actions`` just offered (``Game._offer``) so that
``apply`` need not work the rules out again.  These tests play
seeded random games of every registered game and, at each step, try actions that
are legal, actions that were legal at some earlier step, and wrong players, once
right after ``legal_actions`` and once on a fresh game object that has no memo: the
results (the next state, or the exception and its message) must be the same.
"""

from __future__ import annotations

import pickle
import random

import pytest

import cardgames
from cardgames.core.errors import IllegalMove

GAMES = cardgames.games()


def outcome(game, state, action, player):
    try:
        return ("state", game.apply(state, action, player))
    except (IllegalMove, ValueError, TypeError) as error:
        return (type(error).__name__, str(error), getattr(error, "rule", None))


@pytest.mark.parametrize("name", GAMES)
def test_apply_after_legal_actions_decides_as_a_fresh_game(name):
    spec = cardgames.core.registry.game_class(name).spec
    for players in range(spec.min_players, spec.max_players + 1):
        primed = cardgames.load(name, players=players)
        for seed in range(3):
            rng = random.Random(seed)
            state = primed.new(seed=seed)
            seen: list = []  # actions that were legal earlier in this game
            for _ in range(400):
                acting = primed.to_act(state)
                if not acting:
                    break
                seat = acting[0]
                legal = primed.legal_actions(state, seat)
                seen.extend(legal)
                tries = [(a, seat) for a in legal[:3]] + [(a, seat) for a in rng.sample(seen, min(3, len(seen)))]
                tries += [(legal[0], (seat + 1) % players), (legal[0], None)]
                for action, player in tries:
                    primed.legal_actions(state, seat)  # the memo now holds this state
                    fresh = cardgames.load(name, players=players)  # no memo
                    assert outcome(primed, state, action, player) == outcome(fresh, state, action, player), (
                        f"{name} {players}p seed {seed}: apply({action}, player={player}) differs with the memo"
                    )
                action = legal[rng.randrange(len(legal))]
                state = primed.apply(state, action, seat)


@pytest.mark.parametrize("name", GAMES)
def test_the_memo_is_not_pickled_and_holds_no_other_state(name):
    game = cardgames.load(name)
    state = game.new(seed=1)
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    copy = pickle.loads(pickle.dumps(game))
    assert copy == game and not isinstance(copy._offer[0], type(state))  # holds no state
    assert not isinstance(copy._checked, type(state))  # nor does the memo of the state check
    # the memo recognises a state by identity: an equal state from another game object is checked in full
    other = cardgames.load(name).new(seed=1)
    assert other == state and game._offer[0] is state and game._offer[0] is not other
    assert game.apply(other, legal[0], seat) == game.apply(state, legal[0], seat)
