"""Random-playout throughput of every registered game, on one core.

Times are CPU seconds of this process (time.process_time), so other work on the machine
does not count against a game; the process is pinned to one core.

A decision is one ``apply`` of a player's action with ``legal_actions`` called
before it, exactly as a random agent plays: the loop below is the whole cost a
simulation pays per decision, minus the agent's own thinking.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence

import numpy as np

import cardgames
from cardgames.core.sampling import sample_deals, sample_hands

# Games made of smaller units report those too: Bronko-Donko's matches are fights.
UNITS = {"bronko_donko": ("fights", lambda state: state.fights)}


def playout_rate(name: str, players: int | None = None, seconds: float = 3.0) -> dict[str, float]:
    game = cardgames.load(name, players=players)
    rng = random.Random(0)
    to_act, legal_actions, apply = game.to_act, game.legal_actions, game.apply
    decisions = games = units = 0
    unit = UNITS.get(name)
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        state = game.new(seed=games)
        while True:
            acting = to_act(state)
            if not acting:
                break
            seat = acting[0]
            legal = legal_actions(state, seat)
            state = apply(state, legal[rng.randrange(len(legal))], seat)
            decisions += 1
        games += 1
        if unit:
            units += unit[1](state)
    elapsed = time.process_time() - start
    rates = {
        "players": game.players,
        "games_per_s": games / elapsed,
        "decisions_per_s": decisions / elapsed,
        "decisions_per_game": decisions / games,
    }
    if unit:
        rates[f"{unit[0]}_per_s"] = units / elapsed
    return rates


def greedy_rate(name: str, players: int | None = None, games: int = 200, repeats: int = 1) -> dict[str, float]:
    """``simulate`` with every seat played by the ``greedy`` agent, as the analysis notebooks do.

    The same ``games`` seeded games ``repeats`` times; the median rate (the spread of a shared
    machine is larger than one run shows).
    """
    game = cardgames.load(name, players=players)
    cardgames.simulate(name, players=game.players, games=1, agents="greedy", seed=1)  # imports pandas first
    rates = []
    for _ in range(repeats):
        start = time.process_time()
        cardgames.simulate(name, players=game.players, games=games, agents="greedy", seed=0)
        rates.append(games / (time.process_time() - start))
    return {"players": game.players, "games": games, "greedy_games_per_s": statistics.median(rates)}


def engine_rates(
    seconds: float = 3.0, greedy_games: int = 200, names: Sequence[str] | None = None, repeats: int = 1
) -> dict[str, dict[str, float]]:
    """Random playouts and greedy simulations of the named games (default: all), in the build that runs."""
    out = {}
    for name in names or cardgames.games():
        out[name] = {
            **playout_rate(name, seconds=seconds),
            **greedy_rate(name, games=greedy_games, repeats=repeats),
        }
    return out


def _rate(fn, items_per_call: int, seconds: float = 1.5) -> float:
    fn()  # warm up
    calls = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        fn()
        calls += 1
    return calls * items_per_call / (time.process_time() - start)


def sampler_rates(batch: int = 200_000) -> dict[str, float]:
    """Five-card hands and four-player deals per second, ours beside numpy's argpartition way."""
    rng = np.random.default_rng(0)

    def ours():
        sample_hands(batch, 32, 5, rng)

    def argpartition():
        np.argpartition(rng.random((batch, 32)), 5, axis=1)[:, :5]

    def deals():
        sample_deals(batch, 32, 4, 5, rng)

    return {
        "brokdorf_hands_per_s": _rate(ours, batch),
        "numpy_argpartition_hands_per_s": _rate(argpartition, batch),
        "brokdorf_deals_per_s": _rate(deals, batch),
    }


def main() -> None:
    """``python -m benchmarks.playouts``: the engine rates of the build that runs, as JSON."""
    import json
    import os
    import sys

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    seconds = float(os.environ.get("BENCH_SECONDS", "3"))
    greedy = int(os.environ.get("BENCH_GREEDY_GAMES", "200"))
    repeats = int(os.environ.get("BENCH_REPEATS", "3"))
    names = sys.argv[1:] or None  # the games to measure (default: all of them)
    json.dump({"compiled": cardgames.compiled, "games": engine_rates(seconds, greedy, names, repeats)}, sys.stdout)


if __name__ == "__main__":
    main()
