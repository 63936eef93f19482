"""A game registered in one process is played by the worker processes of a pool (issue 29).

A worker forked from its parent has the parent's registry; a spawned one (macOS, Windows, or
``mp_context=spawn``) starts empty.  A game pickles with its registration, so the spawned
worker registers it as the game arrives.
"""

from __future__ import annotations

import multiprocessing
import pickle
import sys
import textwrap
from concurrent.futures import ProcessPoolExecutor

import pytest

import cardgames
from cardgames.core import registry

from .test_tutorial import write_tutorial

# a variant of the tutorial's Goofspiel that registers nothing on import: only the test registers it
SPRINT = textwrap.dedent(
    """
    import dataclasses

    from goofspiel import Goofspiel


    class Goofsprint(Goofspiel):
        spec = dataclasses.replace(Goofspiel.spec, name="goofsprint", title="Goofsprint", prefix="GT")
    """
)


@pytest.fixture
def goofsprint(tmp_path, monkeypatch):
    """The tutorial's game and a variant, importable from a folder on sys.path; the variant registered here."""
    folder = write_tutorial(tmp_path)
    (folder / "goofsprint.py").write_text(SPRINT, encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    module = __import__("goofsprint")
    cls = cardgames.register(module.Goofsprint)
    yield cls
    for name in ("goofsprint", "goofspiel"):
        if name in registry._registered:
            registry.unregister(name)
    for name in ("goofsprint", "goofspiel"):
        sys.modules.pop(name, None)


def test_a_pickled_registered_game_carries_its_registration(goofsprint):
    game = cardgames.load("goofsprint", players=3, cards=5)
    data = pickle.dumps(game)
    registry.unregister("goofsprint")
    with pytest.raises(ValueError, match="unknown game 'goofsprint'"):
        cardgames.load("goofsprint")
    again = pickle.loads(data)  # as in a worker that has not heard of it: registered as it arrives
    assert again == game and type(again) is goofsprint
    assert registry.game_class("goofsprint") is goofsprint
    assert registry.rules_file("goofsprint") is not None


def test_a_package_game_pickles_without_a_registration():
    game = cardgames.load("brokdorf", players=4)
    assert registry.carried(game) is None
    assert pickle.loads(pickle.dumps(game)) == game


def test_a_spawned_pool_of_two_workers_plays_a_game_registered_in_the_parent(goofsprint):
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=spawn) as pool:
        # a spawned worker starts without the parent's registrations
        assert "goofsprint" not in pool.submit(cardgames.games).result()
        pooled = cardgames.simulate(
            "goofsprint", players=3, games=6, agents=["greedy", "random", "random"], seed=4, chunk_size=2, executor=pool
        )
    alone = cardgames.simulate("goofsprint", players=3, games=6, agents=["greedy", "random", "random"], seed=4)
    assert len(pooled) == 18 and pooled.attrs["game"] == "goofsprint"
    assert pooled.equals(alone)


def test_workers_spawned_play_a_game_registered_in_the_parent(goofsprint):
    """``workers=2`` makes its own pool; under the spawn start method (macOS, Windows) it starts empty too."""
    before = multiprocessing.get_start_method()
    multiprocessing.set_start_method("spawn", force=True)
    try:
        pooled = cardgames.simulate("goofsprint", players=3, games=5, agents="greedy", seed=8, workers=2)
    finally:
        multiprocessing.set_start_method(before, force=True)
    alone = cardgames.simulate("goofsprint", players=3, games=5, agents="greedy", seed=8)
    assert len(pooled) == 15 and pooled.equals(alone)
