"""cardgames.analyse: one row per legal action, from the player's information only, repeatable."""

from __future__ import annotations

import copy
import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest

import cardgames
from cardgames.core.analysis import outcomes, summarise

GAMES = cardgames.games()
WORLDS = 6


def analysed(name):
    if cardgames.load(name).spec.objective is None:
        pytest.skip(f"{name} declares no objective yet")
    return cardgames.load(name)


def decision(game, seed=2, skip=4):
    """A state a few decisions into a seeded greedy game where the player to act has a choice."""
    bots = [game.agent("greedy", s) for s in range(game.players)]
    rng = __import__("random").Random(seed)
    state = game.new(seed=seed)
    k = 0
    while True:
        acting = game.to_act(state)
        assert acting, "the game ended before a choice was found"
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        if k >= skip and len(legal) > 1 and len(acting) == 1:
            return state, seat
        state = game.apply(state, bots[seat].act(game.view(state, seat), legal, rng), seat)
        k += 1


@pytest.mark.parametrize("name", GAMES)
def test_one_row_per_legal_action_best_first(name):
    game = analysed(name)
    state, seat = decision(game)
    table = cardgames.analyse(game, state, worlds=WORLDS, seed=1)
    assert list(table.columns) == ["action", "value", "low", "high", "win", "worlds"]
    assert sorted(table["action"]) == sorted(str(a) for a in game.legal_actions(state, seat))
    values = list(table["value"])
    assert values == sorted(values, reverse=game.objective.higher_is_better)
    assert (table["worlds"] == WORLDS).all()
    assert (table["low"] <= table["value"]).all() and (table["value"] <= table["high"]).all()
    if game.objective.wins:
        assert table["win"].between(0, 1).all()
    else:
        assert table["win"].isna().all()
    assert table.attrs["player"] == seat and table.attrs["objective"] == game.objective.name


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_numbers_with_or_without_an_executor(name):
    game = analysed(name)
    state, _ = decision(game)
    before = copy.deepcopy(state)
    plain = cardgames.analyse(game, state, worlds=WORLDS, seed=9)
    assert state == before, "analysis changed the state"
    pd.testing.assert_frame_equal(plain, cardgames.analyse(game, state, worlds=WORLDS, seed=9))
    with ThreadPoolExecutor(2) as pool:
        pd.testing.assert_frame_equal(plain, cardgames.analyse(game, state, worlds=WORLDS, seed=9, executor=pool))


def test_a_process_pool_gives_the_same_table():
    name = next((g for g in GAMES if cardgames.load(g).spec.objective is not None), None)
    if name is None:
        pytest.skip("no game declares an objective yet")
    game = cardgames.load(name)
    state, _ = decision(game)
    plain = cardgames.analyse(game, state, worlds=4, seed=3)
    with ProcessPoolExecutor(2) as pool:
        pd.testing.assert_frame_equal(plain, cardgames.analyse(game, state, worlds=4, seed=3, executor=pool))


@pytest.mark.parametrize("name", GAMES)
def test_two_states_with_the_same_view_give_the_same_table(name):
    game = analysed(name)
    state, seat = decision(game)
    other = game.determinize(state, seat, seed=77)  # differs in what the player cannot see
    pd.testing.assert_frame_equal(
        cardgames.analyse(game, state, worlds=WORLDS, seed=4), cardgames.analyse(game, other, worlds=WORLDS, seed=4)
    )


@pytest.mark.parametrize("name", GAMES)
def test_outcomes_are_per_world_and_summarise_to_the_table(name):
    game = analysed(name)
    state, seat = decision(game)
    frame = outcomes(game, state, worlds=WORLDS, seed=5)
    assert len(frame) == WORLDS * len(game.legal_actions(state, seat))
    assert set(frame["world"]) == set(range(WORLDS))
    table = summarise(frame)
    first = table.iloc[0]
    assert math.isclose(first["value"], frame[frame["action"] == first["action"]]["value"].mean())
    some = str(game.legal_actions(state, seat)[-1])
    only = outcomes(game, state, worlds=3, seed=5, actions=[some])
    assert set(only["action"]) == {some}


@pytest.mark.parametrize("name", GAMES)
def test_bad_requests_get_clear_errors(name):
    game = analysed(name)
    state, seat = decision(game)
    final = cardgames.playout(game, ["random"] * game.players, 1)
    with pytest.raises(ValueError, match="over"):
        cardgames.analyse(game, final)
    if not game.spec.simultaneous:
        idle = (seat + 1) % game.players
        with pytest.raises(ValueError, match="not to act"):
            cardgames.analyse(game, state, player=idle, worlds=2)
    with pytest.raises(ValueError):
        cardgames.analyse(game, state, player=game.players, worlds=2)
    with pytest.raises(ValueError, match="policy"):
        cardgames.analyse(game, state, worlds=2, policy="oracle")
    for worlds in (0, -3):
        with pytest.raises(ValueError, match="worlds"):
            cardgames.analyse(game, state, worlds=worlds)
    with pytest.raises((ValueError, TypeError), match="worlds"):
        cardgames.analyse(game, state, worlds="many")
    with pytest.raises(TypeError, match="loaded game"):
        cardgames.analyse(name, state)
    with pytest.raises(ValueError, match="executor"):
        cardgames.analyse(game, state, worlds=2, executor=ThreadPoolExecutor)


@pytest.mark.parametrize("name", GAMES)
def test_worlds_asked_in_batches_are_the_worlds_of_one_call(name):
    game = analysed(name)
    state, _ = decision(game)
    whole = outcomes(game, state, worlds=5, seed=8)
    parts = [outcomes(game, state, worlds=2, seed=8), outcomes(game, state, worlds=3, seed=8, first=2)]
    joined = pd.concat(parts, ignore_index=True)
    pd.testing.assert_frame_equal(whole.reset_index(drop=True), joined, check_like=False)


@pytest.mark.parametrize("name", cardgames.games())
def test_analyse_progressively_refines_to_the_table_of_analyse(name):
    """Issue 30: the table after 8, 16, 32 ... worlds; each is analyse's for that many, the last analyse's own."""
    game = cardgames.load(name)
    state = game.new(seed=11)
    tables = list(cardgames.analyse_progressively(game, state, worlds=20, seed=3, policy="random"))
    assert [t.attrs["worlds"] for t in tables] == [8, 16, 20]
    for table in tables:
        worlds = table.attrs["worlds"]
        pd.testing.assert_frame_equal(
            table, cardgames.analyse(game, state, worlds=worlds, seed=3, policy="random"), check_exact=False
        )
    with pytest.raises(ValueError, match="worlds"):
        next(cardgames.analyse_progressively(game, state, worlds=0))


def test_outcomes_progressively_grows_the_frame_of_outcomes_and_stops_when_asked():
    """The frames behind analyse_progressively are outcomes' own; ``stop`` ends it before the next world."""
    from cardgames.core.analysis import outcomes_progressively

    game = cardgames.load("brokdorf")
    state = game.new(seed=2026)
    frames = list(outcomes_progressively(game, state, worlds=12, seed=5, first=4))
    assert [f.attrs["worlds"] for f in frames] == [4, 8, 12]
    for frame in frames:
        pd.testing.assert_frame_equal(frame, outcomes(game, state, worlds=frame.attrs["worlds"], seed=5))
    asked = []

    def stop():
        asked.append(True)
        return len(asked) > 6  # the 7th question: after 6 worlds

    stopped = list(outcomes_progressively(game, state, worlds=12, seed=5, first=4, stop=stop))
    assert [f.attrs["worlds"] for f in stopped] == [4], "no frame for the worlds begun after the stop"
    assert len(asked) == 7, "no world is played once stop answers True"
    assert len(list(cardgames.analyse_progressively(game, state, worlds=12, seed=5, stop=lambda: True))) == 0
