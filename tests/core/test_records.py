"""core.game's fast copies (replacer, updater, transient) are ordinary, equal, immutable records."""
from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

import cardgames
from cardgames.bronko_donko.rules import State
from cardgames.core.game import replace, replacer, transient, updater


def test_copies_equal_the_generic_replace_and_stay_frozen():
    state = cardgames.load("bronko_donko", players=3).new(seed=5)
    fast = replacer(State)(state, turn=2, ducked=1)
    assert type(fast) is State
    assert fast == replace(state, turn=2, ducked=1)
    assert updater(State, "turn", "ducked")(state, 2, 1) == fast
    assert state.turn != 2 or state.ducked != 1  # the input is untouched
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.turn = 0
    assert pickle.loads(pickle.dumps(fast)) == fast
    assert copy.deepcopy(fast) == fast


def test_updater_refuses_unknown_fields():
    with pytest.raises(TypeError):
        updater(State, "nope")
    with pytest.raises(TypeError, match="no field 'nope'"):
        replacer(State)(cardgames.load("bronko_donko").new(seed=1), nope=1)
    with pytest.raises(TypeError, match="each once"):
        updater(State, "turn", "turn")


def test_a_transient_is_updated_in_place_and_frozen_into_a_state():
    state = cardgames.load("bronko_donko", players=3).new(seed=5)
    thaw, freeze = transient(State)
    rs = replacer(State)
    t = thaw(state)
    assert type(t) is not State
    t.turn, t.ducked = 2, 1
    done = freeze(t)
    assert done is t and type(done) is State and done == replace(state, turn=2, ducked=1)
    assert rs(done, turn=0) is not done  # frozen again: copies
    assert state == cardgames.load("bronko_donko", players=3).new(seed=5)  # the original is untouched


def test_maker_builds_the_same_frozen_instance_as_the_constructor():
    from cardgames.core.game import maker
    from cardgames.three_bridges.rules import State as TBState

    state = cardgames.load("three_bridges").new(seed=3)
    values = [getattr(state, f.name) for f in dataclasses.fields(TBState)]
    made = maker(TBState)(*values)
    assert type(made) is TBState and made == TBState(*values) == state
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.round = 2
    with pytest.raises(TypeError, match="frozen slots dataclasses"):
        maker(tuple)
