"""Hints in a second (issue 30): how long the first hints table and 200 worlds take, per game.

Two typical decisions per game, each for the player to act: the first decision of seed 2026, and a
mid-game one (the game of seed 2026 played by ``greedy`` at every seat, the first decision with a
choice after half of its decisions).  For each, ``cardgames.analyse_progressively`` (the default
``greedy`` policy, seed 0) is timed as the widget runs it: ``first_s`` to its first table (8 worlds,
the first chart; with the widgets installed, the chart's spec is built too) and ``worlds_s`` to the
table of all ``WORLDS`` worlds.  The time is CPU time of this process (``time.process_time``): on
an idle core it is the time a person waits.  Pinned to one core; ``make bench`` measures each game
in a fresh process of its own.  Targets: first chart at most 1 s, 200 worlds at most 5 s, in the compiled build.

Run ``python -m benchmarks.hints`` (it keeps the figures of its build in ``benchmarks/hints.json``;
``--json`` prints them instead, ``--game NAME`` measures one game), or ``make bench`` for both builds
(``benchmarks/results.json``).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import cardgames

SEED = 2026
WORLDS = 200
TARGET_FIRST_S = 1.0
TARGET_WORLDS_S = 5.0


def decisions(game: Any, seed: int = SEED) -> list[tuple[str, Any, int]]:
    """The two typical decisions of ``seed``'s game: (label, state, seat); "first" and "mid-game"."""
    start = game.new(seed=seed)
    bots = [game.agent("greedy", seat) for seat in range(game.players)]
    from cardgames.core.rng import generator

    rng = generator(seed, "hints benchmark")
    states, state = [], start
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        states.append((state, seat, len(legal)))
        state = game.apply(state, bots[seat].act(game.view(state, seat), legal, rng), seat)
    first = next((s, seat) for s, seat, n in states if n >= 2)
    middle = next((s, seat) for s, seat, n in states[len(states) // 2 :] if n >= 2)
    return [("first", *first), ("mid-game", *middle)]


def time_hints(game: Any, state: Any, seat: int, worlds: int = WORLDS) -> dict[str, Any]:
    """CPU seconds to the first table (and chart) and to the last of ``analyse_progressively``."""
    try:
        from cardgames_widgets.charts import hints_chart
    except ImportError:
        hints_chart = None
    started = time.process_time()
    first_s = None
    tables = 0
    for table in cardgames.analyse_progressively(game, state, seat, worlds=worlds):
        if first_s is None:
            if hints_chart is not None:
                hints_chart(table).to_dict()
            first_s = time.process_time() - started
        tables += 1
    return {
        "seat": seat,
        "actions": len(table),
        "first_worlds": 8 if worlds >= 8 else worlds,
        "first_s": first_s,
        "worlds": worlds,
        "worlds_s": time.process_time() - started,
        "tables": tables,
        "chart": hints_chart is not None,
    }


def measure_game(name: str) -> dict[str, Any]:
    """The figures of one game in the build that runs (a warm-up analysis first: imports, caches)."""
    game = cardgames.load(name)
    picked = decisions(game)
    warm = cardgames.analyse(game, picked[0][1], picked[0][2], worlds=2)  # warm up: imports, first calls
    try:
        from cardgames_widgets.charts import hints_chart

        hints_chart(warm).to_dict()  # two worlds: a chart with intervals, whose first drawing costs seconds
    except ImportError:
        pass
    return {label: time_hints(game, state, seat) for label, state, seat in picked}


def measure(pure: bool) -> dict[str, Any]:
    """Every game's figures in one build, each game in a fresh process pinned to one core."""
    from . import per_game

    return per_game("benchmarks.hints", ["--json", "--game", "{game}"], pure)


def describe(label: str, figures: dict[str, Any]) -> str:
    """The lines of the benchmark table for one build."""
    lines = [
        f"{'game':16} {'decision':9} {'actions':>7} {'first chart s':>14} {f'{WORLDS} worlds s':>15} {'target':>22}"
    ]
    for name, picked in figures["games"].items():
        for which, f in picked.items():
            if label == "compiled":
                met = f["first_s"] <= TARGET_FIRST_S and f["worlds_s"] <= TARGET_WORLDS_S
                mark = "ok" if met else "MISSED"
            else:
                mark = "(compiled only)"
            lines.append(
                f"{name:16} {which:9} {f['actions']:>7} {f['first_s']:>14.2f} {f['worlds_s']:>15.2f} "
                f"{f'<= {TARGET_FIRST_S:g} / {TARGET_WORLDS_S:g} s ' + mark:>22}"
            )
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    from .__main__ import one_core

    one_core()
    names = [argv[argv.index("--game") + 1]] if "--game" in argv else list(cardgames.games())
    figures = {"compiled": cardgames.compiled, "games": {name: measure_game(name) for name in names}}
    if "--json" in argv:
        print(json.dumps(figures))
    else:
        label = "compiled" if figures["compiled"] else "pure"
        print(f"Hints: first chart and {WORLDS} worlds, {label} build, one core, CPU seconds")
        print(describe(label, figures))
        if "--game" not in argv:  # a whole run: kept per build in benchmarks/hints.json
            out = Path(__file__).with_name("hints.json")
            kept = json.loads(out.read_text()) if out.exists() else {}
            kept[label] = figures["games"]
            out.write_text(json.dumps(kept, indent=2) + "\n")
            print(f"wrote {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
