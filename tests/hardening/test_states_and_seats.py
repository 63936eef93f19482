"""Issue 18, items 6, 7 and 12: every public method checks its state and its seat, in all five games."""

from __future__ import annotations

import itertools
import random

import pytest

import cardgames
from cardgames import IllegalMove

CONFIGS = [
    (name, players)
    for name in cardgames.games()
    for players in range(cardgames.load(name).spec.min_players, cardgames.load(name).spec.max_players + 1)
]
GAMES = cardgames.games()


def _midgame(game, seed: int = 1, moves: int = 7):
    state = game.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        acting = game.to_act(state)
        if not acting:
            break
        state = game.apply(state, rng.choice(game.legal_actions(state, acting[0])), acting[0])
    return state


def _calls(game, state):
    """Every public method of a game that takes a state, called with ``state``."""
    return {
        "to_act": lambda: game.to_act(state),
        "legal_actions": lambda: game.legal_actions(state),
        "legal_actions(seat)": lambda: game.legal_actions(state, 0),
        "apply": lambda: game.apply(state, "pass"),
        "advance": lambda: game.advance(state, "pass", 0),
        "describe": lambda: game.describe(state, "pass", 0),
        "explain": lambda: game.explain(state, "pass", state, 0),
        "is_over": lambda: game.is_over(state),
        "settlement": lambda: game.settlement(state),
        "view": lambda: game.view(state, 0),
        "render": lambda: game.render(state),
        "render(seat)": lambda: game.render(state, 0),
        "layout": lambda: game.layout(state),
        "hand": lambda: game.hand(state, 0),
        "parse_action": lambda: game.parse_action(state, "pass"),
    }


@pytest.fixture(scope="module")
def states():
    return {config: _midgame(cardgames.load(config[0], players=config[1])) for config in CONFIGS}


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}")
def test_a_state_of_another_game_or_player_count_is_a_clear_value_error(config, states):
    game = cardgames.load(config[0], players=config[1])
    for other, state in states.items():
        if other == config:
            continue
        for method, call in _calls(game, state).items():
            with pytest.raises(ValueError) as error:
                call()
            message = str(error.value)
            assert f"this game is {config[0]} ({config[1]} players)" in message, (method, other, message)
            if other[0] != config[0]:
                assert f"this state is a {other[0]} state" in message, (method, message)
            else:
                assert f"state of {other[1]} players" in message, (method, message)


def test_the_message_names_both_games():
    brokdorf = cardgames.load("brokdorf", players=4)
    with pytest.raises(ValueError, match=r"this state is a bronko_donko state; this game is brokdorf \(4 players\)"):
        brokdorf.to_act(cardgames.load("bronko_donko").new(seed=1))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("thing", [None, "a state", 3, 2.5, [1, 2]], ids=repr)
def test_what_is_no_state_at_all_is_a_clear_value_error(name, thing):
    game = cardgames.load(name)
    for call in _calls(game, thing).values():
        with pytest.raises(ValueError, match="is not a game state"):
            call()


@pytest.mark.parametrize("name", GAMES)
def test_render_none_is_a_clear_error(name):
    with pytest.raises(ValueError, match=f"not a game state; this game is {name}"):
        cardgames.load(name).render(None)


@pytest.mark.parametrize("name", GAMES)
def test_a_view_and_a_pickled_state_still_belong_to_the_game(name):
    import pickle

    game = cardgames.load(name)
    state = _midgame(game)
    seat = game.to_act(state)[0] if game.to_act(state) else 0
    for same in (game.view(state, seat), pickle.loads(pickle.dumps(state))):
        game.render(same, seat)
        game.is_over(same)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}")
@pytest.mark.parametrize("seat", [-1, 99, "0", True, False, 1.0, None])
def test_every_seat_argument_is_an_int_in_range(config, seat, states):
    game = cardgames.load(*config)
    state = states[config]
    calls = {
        "legal_actions": lambda: game.legal_actions(state, seat),
        "apply": lambda: game.apply(state, game.legal_actions(state, game.to_act(state)[0])[0], seat),
        "describe": lambda: game.describe(state, game.legal_actions(state, game.to_act(state)[0])[0], seat),
        "parse_action": lambda: game.parse_action(state, "pass", seat),
        "view": lambda: game.view(state, seat),
        "render": lambda: game.render(state, seat),
        "layout": lambda: game.layout(state, seat),
        "hand": lambda: game.hand(state, seat),
        "explain": lambda: game.explain(state, "pass", state, seat),
    }
    optional = {"legal_actions", "apply", "describe", "parse_action", "render", "layout", "explain"}
    for method, call in calls.items():
        if seat is None and method in optional:
            continue  # None: the single player to act, or the teacher's view
        with pytest.raises(ValueError) as error:
            call()
        assert "seat" in str(error.value), (method, str(error.value))


def _orders_stage(players: int = 3):
    game = cardgames.load("brotherhood", players=players)
    state = game.new(seed=1)
    while state.stage != "orders":
        seat = game.to_act(state)[0]
        state = game.apply(state, game.legal_actions(state, seat)[0], seat)
    return game, state


def test_the_brotherhood_render_never_shows_sealed_orders_to_a_wrong_seat():
    game, state = _orders_stage()
    first = game.to_act(state)[0]
    state = game.apply(state, game.parse_action(state, "build_source a 1", first), first)
    for seat in (-1, 99, "0", True):
        with pytest.raises(ValueError, match="seat"):
            game.render(state, seat)
    others = [seat for seat in range(game.players) if seat != first]
    for seat in others:
        assert game.render(state, seat) == game.render(game.view(state, seat), seat)
        assert game.hand(state, seat) == game.hand(game.view(state, seat), seat)


@pytest.mark.parametrize("name", GAMES)
def test_describe_refuses_what_apply_refuses_with_the_same_illegal_move(name):
    game = cardgames.load(name)
    rng = random.Random(7)
    foreign = []  # actions legal somewhere in other seeded games: mostly illegal here
    for seed in range(4):
        state = game.new(seed=seed)
        for _ in range(40):
            acting = game.to_act(state)
            if not acting:
                break
            legal = game.legal_actions(state, acting[0])
            foreign.extend(legal)
            state = game.apply(state, rng.choice(legal), acting[0])
    state = _midgame(game, seed=11, moves=9)
    checked = 0
    for action in rng.sample(foreign, min(150, len(foreign))):
        for seat in range(game.players):
            try:
                game.apply(state, action, seat)
            except IllegalMove as refused:
                with pytest.raises(IllegalMove) as described:
                    game.describe(state, action, seat)
                assert str(described.value) == str(refused)
                assert described.value.rule == refused.rule
                checked += 1
            else:
                game.describe(state, action, seat)  # a legal action is described
    assert checked > 20
    with pytest.raises(ValueError, match="no seat 99"):
        game.describe(state, foreign[0], 99)


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_move_names_its_clause_once(name):
    game = cardgames.load(name)
    rng = random.Random(3)
    pool, states = [], []
    for seed in range(5):
        state = game.new(seed=seed)
        for _ in range(rng.randrange(5, 80)):
            acting = game.to_act(state)
            if not acting:
                break
            legal = game.legal_actions(state, acting[0])
            pool.extend(legal)
            states.append(state)
            state = game.apply(state, rng.choice(legal), acting[0])
    refused = 0
    for state, action in itertools.islice(((rng.choice(states), rng.choice(pool)) for _ in itertools.count()), 400):
        for seat in range(game.players):
            try:
                game.apply(state, action, seat)
            except IllegalMove as error:
                refused += 1
                assert str(error).count(f"({error.rule})") == 1, str(error)
                assert f"({error.rule}) ({error.rule})" not in str(error)
    assert refused > 50


@pytest.mark.parametrize("name", ["brokdorf", "bronko_donko", "brotherhood", "rowdy_partners"])
def test_a_table_refuses_a_state_of_another_player_count_at_construction(name):
    from cardgames_widgets import Table

    spec = cardgames.load(name).spec
    game = cardgames.load(name, players=spec.max_players)
    with pytest.raises(ValueError, match=f"state of {spec.min_players} players"):
        Table(game, state=cardgames.load(name, players=spec.min_players).new(seed=1))
