"""Every registered game against the shared protocol (api.md), with seeded random playouts.

These tests know nothing about any one game: a new game gets them for free once it
is registered.  They check what the GameSpec declares and what every game promises:
legal actions until the end and none after, apply never mutates, seeds replay,
records round-trip, settlements are well-formed.
"""

from __future__ import annotations

import copy
import json
import random
import re

import pytest

import cardgames
from cardgames.core.simulate import game_seed

GAMES = cardgames.games()
PLAYOUTS = 200  # per game, spread over its player counts


def player_counts(name):
    spec = cardgames.core.registry.game_class(name).spec
    return list(range(spec.min_players, spec.max_players + 1))


def random_playout(game, seed, check=None):
    """Play a seeded random game; call ``check(state, seat, legal, action)`` before each step."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    for _ in range(game.spec.max_decisions):
        acting = game.to_act(state)
        if not acting:
            return state
        assert len(acting) == 1 or game.spec.simultaneous, f"{game!r} declares no simultaneous decisions: {acting}"
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        assert legal, f"{game!r} seed {seed}: player {seat} is to act but has no legal action"
        action = rng.choice(legal)
        if check:
            check(state, seat, legal, action)
        state = game.apply(state, action, seat)
    raise AssertionError(f"{game!r} seed {seed} did not end")


@pytest.mark.parametrize("name", GAMES)
def test_spec_is_consistent(name):
    cls = cardgames.core.registry.game_class(name)
    spec = cls.spec
    assert spec.name == name
    assert spec.min_players <= spec.default_players <= spec.max_players
    assert re.fullmatch(r"[A-Z]{2}", spec.prefix)
    assert spec.over_rule.startswith(spec.prefix + "-")
    names = cardgames.agents(cls.spec.name)
    assert names and names[0] == "random"
    assert cardgames.agents(name) == cardgames.load(name).agent_names() == tuple(spec.agents)
    game = cardgames.load(name)
    assert game.players == spec.default_players


@pytest.mark.parametrize("name", GAMES)
def test_seeded_random_playouts_keep_the_protocol(name):
    counts = player_counts(name)
    cls = cardgames.core.registry.game_class(name)
    for i in range(PLAYOUTS):
        game = cardgames.load(name, players=counts[i % len(counts)])
        seed = game_seed(1234, i)
        final = random_playout(game, seed)
        assert game.is_over(final)
        assert game.to_act(final) == ()
        for p in range(game.players):
            assert game.legal_actions(final, p) == ()
        rows = game.settlement(final).rows()
        assert [r["player"] for r in rows] == list(range(game.players))
        keys = [list(r) for r in rows]
        assert all(k == keys[0] for k in keys) and keys[0][0] == "player"
        for key in cls.spec.zero_sum:
            assert abs(sum(r[key] for r in rows)) < 1e-9, (key, rows)
        for key, (lo, hi) in cls.spec.bounds.items():
            assert all(lo <= r[key] <= hi for r in rows), (key, rows)


@pytest.mark.parametrize("name", GAMES)
def test_apply_never_mutates_and_every_step_is_explained(name):
    game = cardgames.load(name)
    pattern = re.compile(rf"\b{game.spec.prefix}-\d+(\.\d+)?")

    steps = iter(range(10**9))

    def check(state, seat, legal, action):
        # a deep copy per step is quadratic in a long game's history: compare every third step
        deep = next(steps) % 3 == 0
        before = copy.deepcopy(state) if deep else state
        text = game.describe(state, action, seat)
        assert isinstance(text, str) and text.strip()
        assert pattern.search(text), f"describe names no clause: {text!r}"
        assert isinstance(game.render(state), str)
        assert isinstance(game.render(state, seat), str)
        game.view(state, seat)
        for a in legal:
            assert game.parse_action(state, str(a), seat) == a
        game.apply(state, action, seat)
        assert state == before, "apply changed its input state"

    for i in range(8):
        random_playout(game, game_seed(99, i), check)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game_and_records_round_trip(name):
    counts = player_counts(name)
    for i in range(12):
        game = cardgames.load(name, players=counts[i % len(counts)])
        seed = game_seed(7, i)
        first = random_playout(game, seed)
        second = random_playout(game, seed)
        assert cardgames.history(first) == cardgames.history(second)
        assert first == second
        rec = cardgames.record(game, first)
        text = json.dumps(rec)
        states = cardgames.replay(json.loads(text))
        assert states[-1] == first
        assert len(states) == len(cardgames.history(first)) + 1
        assert game.settlement(states[-1]) == game.settlement(first)


@pytest.mark.parametrize("name", GAMES)
def test_simulate_is_identical_with_an_executor(name):
    from concurrent.futures import ThreadPoolExecutor

    plain = cardgames.simulate(name, games=6, seed=3)
    with ThreadPoolExecutor(2) as pool:
        pooled = cardgames.simulate(name, games=6, seed=3, executor=pool, chunk_size=2)
    assert plain.equals(pooled)
    assert list(plain.columns[:4]) == ["game_id", "seed", "player", "agent"]
    game = cardgames.load(name)
    assert len(plain) == 6 * game.players


@pytest.mark.parametrize("name", GAMES)
def test_simulate_rows_are_the_settlement_rows_of_each_seeded_game(name):
    from cardgames.core.simulate import game_seed

    frame = cardgames.simulate(name, games=5, seed=8, chunk_size=2)
    game = cardgames.load(name)
    assert [str(t) for t in frame.dtypes[:3]] == ["int64", "uint64", "int64"]
    assert list(frame["game_id"]) == [g for g in range(5) for _ in range(game.players)]
    for game_id in range(5):
        seed = game_seed(8, game_id)
        final = cardgames.playout(game, ["random"] * game.players, seed=seed)
        rows = frame[frame["game_id"] == game_id].drop(columns=["game_id", "seed", "agent"])
        assert set(frame[frame["game_id"] == game_id]["seed"]) == {seed}
        assert _missing_as_none(rows.to_dict("records")) == _missing_as_none(game.settlement(final).rows())


def _missing_as_none(rows):
    """pandas stores a None in a number column as NaN."""
    return [{k: None if isinstance(v, float) and v != v else v for k, v in row.items()} for row in rows]


@pytest.mark.parametrize("name", GAMES)
def test_every_agent_finishes_games(name):
    game = cardgames.load(name)
    for agent in cardgames.agents(name):
        if agent == "expert":  # every seat an expert at full budget is minutes; test_worlds plays a small one
            continue
        final = cardgames.playout(game, [agent] * game.players, seed=5)
        assert game.is_over(final)


@pytest.mark.parametrize("name", GAMES)
def test_views_hide_nothing_they_should_show(name):
    """A view is a state of the same kind that the game can render and list actions for."""
    game = cardgames.load(name)
    state = game.new(seed=11)
    for p in range(game.players):
        v = game.view(state, p)
        assert type(v) is type(state)
        assert isinstance(game.render(v, p), str)
        assert game.to_act(v) == game.to_act(state)
