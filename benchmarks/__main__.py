"""Print the benchmark table and write benchmarks/results.json (``make bench``)."""

from __future__ import annotations

import json
import os
import platform
import sys
from collections.abc import Callable
from pathlib import Path

from . import per_game, run_json
from .hints import describe as describe_hints
from .hints import measure as hints_figures
from .longest import describe as describe_longest
from .playouts import sampler_rates
from .solver import describe as describe_solver

# Issue 14's targets.  Compiled: greedy simulate at least four times the rates of the engines
# before the compiled build (games/s, one core, 200 games: Brokdorf 770, Bronko-Donko 40, Three
# Bridges 342, The Brotherhood 122, Rowdy Partners 224).  Pure Python: random playouts no slower
# than the published figures of those engines by more than a quarter.
GREEDY_TARGETS: dict[str, float] = {
    "brokdorf": 4 * 770,
    "bronko_donko": 4 * 40,
    "three_bridges": 4 * 342,
    "brotherhood": 4 * 122,
    "rowdy_partners": 4 * 224,
}
PURE_BEFORE = {  # (measure, published figure before the compiled build)
    "brokdorf": ("decisions_per_s", 119_171),
    "bronko_donko": ("decisions_per_s", 116_145),
    "three_bridges": ("decisions_per_s", 81_862),
    "brotherhood": ("games_per_s", 141.9),
    "rowdy_partners": ("decisions_per_s", 70_941),
}


def target(label: str, name: str, rates: dict) -> str:
    """The issue's target for this build and game, and whether the measured rates meet it."""
    if label == "compiled":
        goal = GREEDY_TARGETS[name]
        mark = "ok" if rates["greedy_games_per_s"] >= goal else "BELOW"
        return f"greedy >= {goal:,} {mark}"
    key, before = PURE_BEFORE[name]
    goal = 0.75 * before
    mark = "ok" if rates[key] >= goal else "BELOW"
    return f"{key.split('_')[0]} >= {goal:,.0f} {mark}"


def one_core() -> None:
    """Measure on one core, as the targets are stated."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def build_rates(pure: bool) -> dict:
    """The engine rates of one build, each game measured in a fresh process of its own (pinned to one core).

    A process per game: what one game's simulations leave in memory does not slow the next one.
    """
    return per_game("benchmarks.playouts", ["{game}"], pure)


def solver_figures(pure: bool) -> dict:
    """The Brokdorf open-hand solver's figures in one build, in a fresh process (benchmarks/solver.py)."""
    return run_json("benchmarks.solver", ["--json"], pure)


def longest_games() -> dict:
    """Every game's longest allowed game in the default build (compiled if there is one), in a fresh process."""
    return run_json("benchmarks.longest", ["--json"], False)


def in_build(label: str, pure: bool, figures: dict) -> dict:
    """``figures``, measured in a fresh process, once it is sure that process ran the build asked for."""
    if figures["compiled"] == pure:
        raise RuntimeError(f"the {label} build did not run as asked")
    return figures


def per_build(
    builds: list[tuple[str, bool]],
    measure: Callable[[bool], dict],
    key: str,
    title: str,
    describe: Callable[[str, dict], str],
) -> dict:
    """The figures ``measure`` takes in each build, under their ``key``; each build's table printed under ``title``."""
    kept = {}
    for label, pure in builds:
        figures = in_build(label, pure, measure(pure))
        kept[label] = figures[key]
        print("\n" + title.format(label))
        print(describe(label, figures))
    return kept


def main() -> int:
    import cardgames

    one_core()
    results: dict[str, dict] = {}
    print(f"cardgames benchmark · Python {platform.python_version()} · one core")
    builds = [("compiled", False), ("pure", True)] if cardgames.compiled else [("pure", True)]
    for label, pure in builds:
        measured = in_build(label, pure, build_rates(pure))
        results[label] = measured["games"]
        print(f"\n{label} build")
        print(f"{'game':16} {'players':>7} {'decisions/s':>12} {'games/s':>10} {'greedy games/s':>15} {'target':>24}")
        for name, r in measured["games"].items():
            extra = "".join(
                f"  ({v:,.0f} {k[:-6]}/s)"
                for k, v in r.items()
                if k.endswith("_per_s") and k not in ("games_per_s", "decisions_per_s", "greedy_games_per_s")
            )
            print(
                f"{name:16} {r['players']:>7} {r['decisions_per_s']:>12,.0f} {r['games_per_s']:>10,.1f} "
                f"{r['greedy_games_per_s']:>15,.1f} {target(label, name, r):>24}{extra}"
            )
    solver = "Brokdorf open-hand solver, {} build: a whole deal right after trump, for the declarer"
    results["solver"] = per_build(builds, solver_figures, "tables", solver, describe_solver)
    hints = "Hints, {} build: CPU seconds to the first chart (8 worlds) and to 200 worlds"
    results["hints"] = per_build(builds, hints_figures, "games", hints, describe_hints)
    longest = longest_games()
    results["longest"] = longest
    print("\n" + describe_longest(longest))
    samplers = sampler_rates()
    results["samplers"] = samplers
    print(
        f"\nsampler: {samplers['brokdorf_hands_per_s']:,.0f} five-card hands/s "
        f"(numpy argpartition {samplers['numpy_argpartition_hands_per_s']:,.0f}; target >= 2,000,000); "
        f"{samplers['brokdorf_deals_per_s']:,.0f} four-player deals/s"
    )
    try:
        from .widgets import measure_steps
    except ImportError:  # without the widgets' dependencies
        pass
    else:
        steps = measure_steps()
        results["widgets_step_ms"] = steps
        print(
            "\nwidget step (apply + re-render), ms: "
            + ", ".join(f"{k} {v:.1f}" for k, v in steps.items())
            + " (target < 50)"
        )
    if os.environ.get("BENCH_MEMORY", "1") != "0":
        from .memory import describe, simulate_peak_memory

        memory = simulate_peak_memory()
        results["memory"] = memory
        print("\nmemory: " + describe(memory))
    out = Path(__file__).with_name("results.json")
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
