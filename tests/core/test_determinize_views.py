"""determinize takes a player's view as well as the state (issue 30).

``game.determinize(state, player)`` is built from ``game.view(state, player)`` alone, and a
view is itself a state the player cannot tell from the real one, so giving it the view must
give the same worlds: the view of a view is the view.  Checked at random positions of seeded
games of every game, for every seat, with the random and the greedy policy.
"""

from __future__ import annotations

import random

import pytest

import cardgames

PLAYERS = {"brokdorf": (2, 4, 6), "bronko_donko": (2, 3, 4), "brotherhood": (2, 4, 5), "rowdy_partners": (2, 4)}


def cases():
    out = []
    for name in cardgames.games():
        game = cardgames.load(name)
        for players in PLAYERS.get(name, (game.players,)):
            out.append((name, players))
    return out


def positions(game, seed, count):
    """About ``count`` positions of a seeded game between random players, spread over the whole game."""
    rng = random.Random(seed)
    bots = [game.agent("random", s) for s in range(game.players)]
    state = game.new(seed=seed)
    states = []
    while game.to_act(state):
        states.append(state)
        seat = game.to_act(state)[0]
        bot = bots[seat]
        action = bot.act(game.view(state, seat) if bot.uses_view else None, game.legal_actions(state, seat), rng)
        state = game.apply(state, action, seat)
    picks = random.Random(seed).sample(range(len(states)), min(count, len(states)))
    return [states[i] for i in sorted(picks)]


@pytest.mark.parametrize("name, players", cases())
def test_determinize_gives_a_view_the_worlds_of_its_state(name, players):
    game = cardgames.load(name, players=players)
    checked = 0
    for seed in range(3):
        for k, state in enumerate(positions(game, seed, 6)):
            for seat in range(game.players):
                view = game.view(state, seat)
                assert game.view(view, seat) == view, (name, seed, k, seat)
                for policy in ("random", "greedy"):
                    world = game.determinize(view, seat, seed=k, policy=policy)
                    assert world == game.determinize(state, seat, seed=k, policy=policy), (name, seed, k, seat)
                    assert game.view(world, seat) == view
                checked += 1
    assert checked >= 3 * game.players
