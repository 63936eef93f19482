"""The Brokdorf open-hand solver on random deals right after trump is named (issue 16's targets).

A deal is seeded; the player left of the dealer declares (he bids 1, everybody else says GUT), names
the trump the ``greedy`` agent would name for his hand, and everybody else goes MIT, so the whole
table plays.  Then ``Solver(state, declarer).value()`` solves the whole deal, five tricks, for the
declarer; the time is CPU time of this process (``time.process_time``), each solve with a fresh
transposition table.  Reported per table size: median and 95th percentile time, mean and slowest,
the cards tried (nodes) and the entries of the table.  ``makeable_ms`` is the whole makeable-tricks
table of a deal (every player, every trump: ``bidding.makeable_tricks``), engine steps included.

Run ``python -m benchmarks.solver`` for one build (the one that imports), or ``make bench`` for both.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import cardgames
from cardgames.brokdorf.bidding import makeable_tricks
from cardgames.brokdorf.rules import BIDS, GUT, MIT, PLAY, TRUMP
from cardgames.brokdorf.solve import Solver

# issue 16: compiled, a whole deal right after trump is named
TARGETS_MS = {4: 5.0, 6: 50.0}
DEALS = {4: 400, 6: 200}


def after_trump(game: Any, seed: int) -> tuple[Any, int]:
    """A seeded deal in card play: the first caller declares, names greedy's trump, everybody goes MIT."""
    state = game.new(seed=seed)
    declarer = state.deal.order[0]
    for seat in state.deal.order:
        state = game.apply(state, BIDS[1] if seat == declarer else GUT, seat)
    assert state.phase == TRUMP
    bot = game.agent("greedy", declarer)
    trump = bot.act(game.view(state, declarer), game.legal_actions(state, declarer), random.Random(0))
    state = game.apply(state, trump, declarer)
    while state.phase != PLAY:
        state = game.apply(state, MIT, game.to_act(state)[0])
    return state, declarer


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def solver_figures(players: int, deals: int) -> dict[str, Any]:
    game = cardgames.load("brokdorf", players=players)
    positions = [after_trump(game, seed) for seed in range(deals)]
    Solver(*positions[0]).value()  # warm up
    times, nodes, tables, values = [], [], [], []
    for state, declarer in positions:
        start = time.process_time()
        solver = Solver(state, declarer)
        value = solver.value()
        times.append((time.process_time() - start) * 1000)
        nodes.append(solver.nodes)
        tables.append(len(solver.table))
        values.append(value)
    fresh = [game.new(seed=seed) for seed in range(min(deals, 50))]
    start = time.process_time()
    for state in fresh:
        makeable_tricks(state, game)
    makeable = (time.process_time() - start) * 1000 / len(fresh)
    return {
        "players": players,
        "deals": deals,
        "median_ms": statistics.median(times),
        "p95_ms": percentile(times, 0.95),
        "mean_ms": statistics.mean(times),
        "max_ms": max(times),
        "nodes_median": statistics.median(nodes),
        "nodes_p95": percentile(nodes, 0.95),
        "table_median": statistics.median(tables),
        "table_max": max(tables),
        "mean_value": statistics.mean(values),
        "makeable_ms": makeable,
    }


def measure() -> dict[str, Any]:
    """The solver's figures in the build that runs, for 4 and 6 players."""
    return {
        "compiled": cardgames.compiled,
        "tables": {str(players): solver_figures(players, deals) for players, deals in DEALS.items()},
    }


def describe(label: str, figures: dict[str, Any]) -> str:
    """The lines of the benchmark table for one build."""
    lines = [
        f"{'players':>7} {'median ms':>10} {'p95 ms':>8} {'mean ms':>8} {'max ms':>8} {'nodes':>7} {'p95':>7} "
        f"{'table':>6} {'max':>6} {'makeable ms':>12} {'target':>18}"
    ]
    for key, f in figures["tables"].items():
        goal = TARGETS_MS[int(key)]
        mark = ("ok" if f["median_ms"] <= goal else "MISSED") if label == "compiled" else "(compiled only)"
        lines.append(
            f"{f['players']:>7} {f['median_ms']:>10.3f} {f['p95_ms']:>8.3f} {f['mean_ms']:>8.3f} {f['max_ms']:>8.2f} "
            f"{f['nodes_median']:>7,.0f} {f['nodes_p95']:>7,.0f} {f['table_median']:>6,.0f} {f['table_max']:>6,} "
            f"{f['makeable_ms']:>12.2f} {'<= ' + str(goal) + ' ' + mark:>18}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    from .__main__ import one_core

    one_core()
    figures = measure()
    if "--json" in sys.argv:
        print(json.dumps(figures))
    else:
        label = "compiled" if figures["compiled"] else "pure"
        print(f"Brokdorf open-hand solver, {label} build, a whole deal right after trump")
        print(describe(label, figures))
