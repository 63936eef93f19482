"""Every game's worlds and objective against the shared contract (issue 15), with seeded playouts.

``game.determinize(state, player)`` must give a complete state that ``player`` cannot
tell apart from ``state``: the same view, the same legal actions, and a world the game
can be played on from to its end.  These tests know nothing about any one game; each
game's own ``test_worlds.py`` checks the inferences particular to it (voids, exchanged
cards) and the uniformity of the draw.
"""

from __future__ import annotations

import copy
import math
import random

import pytest

import cardgames
from cardgames.core.play import rollout

GAMES = cardgames.games()


def analysed(name):
    """The games that declare an objective; every game does once issue 15 is complete."""
    if cardgames.load(name).spec.objective is None:
        pytest.skip(f"{name} declares no objective yet")
    return cardgames.load(name)


def positions(game, seed, every=7, agents="random"):
    """States along a seeded game (every ``every``-th decision), with the seats to act in each."""
    rng = random.Random(seed)
    bots = [game.agent(agents, s) for s in range(game.players)]
    state = game.new(seed=seed)
    out = []
    for k in range(game.max_decisions):
        acting = game.to_act(state)
        if not acting:
            return out, state
        if k % every == 0:
            out.append(state)
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        action = bots[seat].act(game.view(state, seat), legal, rng)
        state = game.apply(state, action, seat)
    raise AssertionError("the game did not end")


def texts(actions):
    return [str(a) for a in actions]


@pytest.mark.parametrize("name", GAMES)
def test_a_world_looks_the_same_to_the_player_and_offers_the_same_choices(name):
    game = analysed(name)
    for seed in range(3):
        states, _ = positions(game, seed, agents="greedy" if seed else "random")
        for k, state in enumerate(states):
            for seat in game.to_act(state):
                world = game.determinize(state, seat, seed=k)
                assert game.view(world, seat) == game.view(state, seat), (name, seed, k, seat)
                assert texts(game.legal_actions(world, seat)) == texts(game.legal_actions(state, seat))
                assert game.to_act(world) == game.to_act(state)


@pytest.mark.parametrize("name", GAMES)
def test_a_world_is_drawn_from_the_seed_and_the_view_only(name):
    game = analysed(name)
    states, _ = positions(game, 11)
    for k, state in enumerate(states[:: max(1, len(states) // 6)]):
        seat = game.to_act(state)[0]
        before = copy.deepcopy(state)
        world = game.determinize(state, seat, seed=k)
        assert state == before, "determinize changed the state it was given"
        assert game.determinize(state, seat, seed=k) == world, "the same seed drew another world"
        # the world itself has the same view: drawn from it, the same seed gives the same world
        assert game.determinize(world, seat, seed=k + 100) == game.determinize(state, seat, seed=k + 100)


@pytest.mark.parametrize("name", GAMES)
def test_a_world_plays_on_to_the_end_and_redraws_what_is_hidden(name):
    game = analysed(name)
    states, _ = positions(game, 5, every=5)
    bots = [game.agent("random", s) for s in range(game.players)]
    differs = 0
    for k, state in enumerate(states[:8]):
        seat = game.to_act(state)[0]
        worlds = [game.determinize(state, seat, seed=s) for s in range(4)]
        differs += len({repr(w) for w in worlds}) > 1
        end = rollout(game, worlds[0], bots, random.Random(k), worlds[0])
        assert game._horizon(worlds[0], end)
        value = game._score(worlds[0], end, seat)
        assert math.isfinite(value)
    assert differs, f"{name}: no position had more than one world: nothing hidden was redrawn"


@pytest.mark.parametrize("name", GAMES)
def test_the_objective_over_a_whole_game_and_its_winner(name):
    game = analysed(name)
    objective = game.objective
    assert objective.name and objective.horizon and objective.text
    start = game.new(seed=3)
    final = cardgames.playout(game, ["random"] * game.players, 3)
    scores = [game._score(start, final, s) for s in range(game.players)]
    assert all(math.isfinite(v) for v in scores)
    wins = [game._won(start, final, s) for s in range(game.players)]
    if objective.wins:
        assert all(w in (0.0, 0.5, 1.0) for w in wins) and any(w > 0 for w in wins), wins
    assert game._score(start, start, 0) == 0


@pytest.mark.parametrize("name", GAMES)
def test_determinize_refuses_bad_requests(name):
    game = analysed(name)
    state = game.new(seed=1)
    seat = game.to_act(state)[0]
    final = cardgames.playout(game, ["random"] * game.players, 1)
    with pytest.raises(ValueError, match="over"):
        game.determinize(final, seat)
    with pytest.raises(ValueError, match="policy"):
        game.determinize(state, seat, policy="clairvoyant")
    with pytest.raises(ValueError, match="policy"):
        game.determinize(state, seat, policy="expert")
    with pytest.raises(ValueError):
        game.determinize(state, game.players)
    with pytest.raises(TypeError):
        game.determinize(state, seat, seed="seven")
    other = cardgames.load("three_bridges" if name != "three_bridges" else "brokdorf")
    with pytest.raises(ValueError):
        game.determinize(other.new(seed=1), seat)


# the longest test of the pure run (The Brotherhood's expert plays out every world to the end of
# the game); the pure build plays the same expert games, move for move, in test_agents_golden.py
@pytest.mark.one_build
@pytest.mark.parametrize("name", GAMES)
def test_the_expert_plays_only_legal_moves_to_the_end(name, monkeypatch):
    game = analysed(name)
    expert = game.spec.agents["expert"]
    monkeypatch.setitem(game.spec.agents, "expert-small", lambda g, seat: expert(g, seat, worlds=1))
    for seed in range(2):
        names = ["greedy"] * game.players
        names[seed % game.players] = "expert-small"
        final = cardgames.playout(game, names, seed)  # playout checks every action through apply
        assert game.is_over(final)
