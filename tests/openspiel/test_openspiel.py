"""cardgames.openspiel: every game as an OpenSpiel game (issue 30, a strength anchor outside the project).

OpenSpiel's own random simulation test and its ISMCTS bot run on each game; information state
strings follow the views; ``resample_from_infostate`` keeps the player's information state; a
PettingZoo user plays through Shimmy.  Small configurations keep the file fast (a Bronko-Donko
match of one fight, two players where a game allows).
"""

from __future__ import annotations

import itertools

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from shimmy import OpenSpielCompatibilityV0

import cardgames
import cardgames.openspiel as co

# per game: small parameters for the whole-game tests, and how many random simulations
SMALL = {
    "brokdorf": ({"players": 3}, 2),
    "bronko_donko": ({"players": 2, "games": 1}, 1),
    "three_bridges": ({}, 3),
    "brotherhood": ({"players": 2}, 1),
    "rowdy_partners": ({"players": 2}, 1),
}


def small(name: str, **extra: object) -> pyspiel.Game:
    params, _ = SMALL.get(name, ({}, 1))
    return co.load(name, **{**params, **extra})


def random_states(game: pyspiel.Game, seed: int, limit: int = 400) -> list[pyspiel.State]:
    """The states of one uniformly random game (simultaneous nodes: every seat draws)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    state.apply_action(int(rng.integers(game.max_chance_outcomes())))
    seen = []
    while not state.is_terminal() and len(seen) < limit:
        seen.append(state.clone())
        if state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(game.num_players())])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return seen


def test_every_registered_game_is_registered_with_pyspiel():
    registered = set(pyspiel.registered_names())
    for name in cardgames.games():
        assert co.short_name(name) in registered
        assert co.short_name(name) == f"python_cardgames_{name}"


@pytest.mark.parametrize("name", cardgames.games())
def test_openspiel_random_simulation_test_passes(name):
    _, sims = SMALL.get(name, ({}, 1))
    pyspiel.random_sim_test(small(name), num_sims=sims, serialize=True, verbose=False)


def test_the_brotherhood_is_simultaneous_where_orders_are_and_sequential_on_request():
    game = small("brotherhood")
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    kinds = {state.is_simultaneous_node() for state in random_states(game, 1)}
    assert kinds == {True, False}  # the orders at once, the transfer window one by one
    turn_based = small("brotherhood", players=3, simultaneous=False)
    assert turn_based.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(turn_based, num_sims=1, serialize=False, verbose=False)


def test_a_simultaneous_node_asks_each_seat_to_act_and_the_others_to_wait():
    game = small("brotherhood")
    node = next(s for s in random_states(game, 2) if s.is_simultaneous_node())
    acting = game.cardgame.to_act(node.cardstate)
    for seat in range(game.num_players()):
        actions = node.legal_actions(seat)
        if seat in acting:
            texts = [node.action_to_string(seat, a) for a in actions]
            assert texts == sorted(str(a) for a in game.cardgame.legal_actions(node.cardstate, seat))
        else:
            assert actions == [co.WAIT] and node.action_to_string(seat, co.WAIT) == "wait"


@pytest.mark.parametrize("name", cardgames.games())
def test_information_state_strings_are_equal_exactly_when_views_are(name):
    game = small(name)
    cardgame = game.cardgame
    pairs = []  # (view, information state string) of every seat in some states of two games
    for seed in (0, 1):
        for state in random_states(game, seed, limit=60)[::6]:
            for p in range(game.num_players()):
                pairs.append((cardgame.view(state.cardstate, p), state.information_state_string(p)))
                # a world drawn from p's view: another state with the same view, the same string
                world = game.state_of(cardgame.determinize(state.cardstate, p, seed=seed + 7))
                assert world.information_state_string(p) == state.information_state_string(p)
    for (view_a, text_a), (view_b, text_b) in itertools.combinations(pairs, 2):
        assert (view_a == view_b) == (text_a == text_b)


@pytest.mark.parametrize("name", cardgames.games())
def test_resample_from_infostate_keeps_the_players_information(name):
    game = small(name, **({"simultaneous": False} if name == "brotherhood" else {}))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for state in random_states(game, 3, limit=80)[::8]:
        player = state.current_player()
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        assert world.current_player() == player


@pytest.mark.parametrize("name", cardgames.games())
def test_ismcts_plays_a_whole_game(name):
    """OpenSpiel's ISMCTS bot in seat 0 (random play in the others) plays a game to its end."""
    game = small(name, **({"simultaneous": False} if name == "brotherhood" else {}))
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=2, random_state=rng)
    state = game.new_initial_state()
    state.apply_action(5)
    decisions = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            decisions += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert decisions > 0
    returns = state.returns()
    assert len(returns) == game.num_players() and all(np.isfinite(returns))


def test_returns_are_the_objective_more_is_better():
    game = small("bronko_donko")  # HP lost: less is better, so a return is its negative
    state = game.new_initial_state()
    state.apply_action(4)
    start = state.cardstate
    while not state.is_terminal():
        assert state.returns() == [0.0, 0.0]
        state.apply_action(state.legal_actions()[-1])
    lost = [game.cardgame._score(start, state.cardstate, p) for p in range(2)]
    assert state.returns() == [-x for x in lost] and max(lost) > 0


def test_action_texts_and_indexes():
    game = small("three_bridges")
    state = random_states(game, 5)[0]
    player = state.current_player()
    for action in state.legal_actions():
        text = state.action_to_string(player, action)
        assert text == str(state.cardgames_action(player, action))
        assert state.action_index(player, text) == action
    with pytest.raises(ValueError, match="not a legal action"):
        state.action_index(player, "fold")
    chance = game.new_initial_state()
    assert chance.action_to_string(pyspiel.PlayerId.CHANCE, 17) == "seed 17"


def test_load_checks_its_parameters():
    with pytest.raises(ValueError, match="unknown game"):
        co.load("skat")
    with pytest.raises(ValueError, match="its parameters are"):
        co.load("brokdorf", trumps=3)
    game = co.load("brokdorf", players=4, first_dealer=2, seeds=50, first_seed=1000)
    assert game.cardgame.options["first_dealer"] == 2 and game.max_chance_outcomes() == 50
    state = game.new_initial_state()
    state.apply_action(3)
    assert state.cardstate == game.cardgame.new(seed=1003)
    assert co.load("brokdorf", first_dealer=None).cardgame.options["first_dealer"] is None


def test_too_many_legal_actions_for_max_actions_is_a_clear_error():
    game = co.load("brokdorf", max_actions=2)
    state = game.new_initial_state()
    state.apply_action(0)
    while len(game.cardgame.legal_actions(state.cardstate, state.current_player())) <= 2:
        state = game.state_of(
            game.cardgame.apply(state.cardstate, game.cardgame.legal_actions(state.cardstate)[0]), state._node.start
        )
    with pytest.raises(ValueError, match="larger max_actions"):
        state.legal_actions()


@pytest.mark.parametrize("name,config", [("three_bridges", None), ("brotherhood", {"players": 2})])
def test_pettingzoo_users_play_through_shimmy(name, config):
    env = OpenSpielCompatibilityV0(game_name=co.short_name(name), config=config)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = 0
    for _agent in env.agent_iter(max_iter=5_000):
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            assert isinstance(observation, str) and observation
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            steps += 1
        env.step(action)
    assert env.game_state.is_terminal()
    assert steps > 10 and not env.agents
