"""Print the benchmark table and write benchmarks/results.json (``make bench``)."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from pathlib import Path

from .playouts import sampler_rates

TARGETS = {  # decisions per second on one core (issues 2, 3, 4, 6); The Brotherhood counts games
    "brokdorf": ("decisions_per_s", 50_000),
    "bronko_donko": ("decisions_per_s", 20_000),
    "three_bridges": ("decisions_per_s", 50_000),
    "rowdy_partners": ("decisions_per_s", 30_000),
    "brotherhood": ("games_per_s", 100),
}


def one_core() -> None:
    """Measure on one core, as the targets are stated."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def build_rates(pure: bool) -> dict:
    """The engine rates of one build, measured in a process of its own (pinned to one core)."""
    env = {k: v for k, v in os.environ.items() if k != "CARDGAMES_PURE_PYTHON"}
    if pure:
        env["CARDGAMES_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.playouts"],
        env=env,
        capture_output=True,
        text=True,
        cwd=Path(__file__).parent.parent,
        check=True,
    )
    return json.loads(done.stdout)


def main() -> int:
    import cardgames

    one_core()
    results: dict[str, dict] = {}
    print(f"cardgames benchmark · Python {platform.python_version()} · one core")
    builds = [("compiled", False), ("pure", True)] if cardgames.compiled else [("pure", True)]
    for label, pure in builds:
        measured = build_rates(pure)
        if measured["compiled"] == pure:
            raise RuntimeError(f"the {label} build did not run as asked")
        results[label] = measured["games"]
        print(f"\n{label} build")
        print(f"{'game':16} {'players':>7} {'decisions/s':>12} {'games/s':>10} {'greedy games/s':>15} {'target':>18}")
        for name, r in measured["games"].items():
            key, goal = TARGETS.get(name, ("decisions_per_s", 0))
            mark = "ok" if r[key] >= goal else "BELOW"
            extra = "".join(
                f"  ({v:,.0f} {k[:-6]}/s)"
                for k, v in r.items()
                if k.endswith("_per_s") and k not in ("games_per_s", "decisions_per_s", "greedy_games_per_s")
            )
            print(
                f"{name:16} {r['players']:>7} {r['decisions_per_s']:>12,.0f} {r['games_per_s']:>10,.1f} "
                f"{r['greedy_games_per_s']:>15,.1f} {key.split('_')[0]} >= {goal:,} {mark}{extra}"
            )
    samplers = sampler_rates()
    results["samplers"] = samplers
    print(
        f"\nsampler: {samplers['brokdorf_hands_per_s']:,.0f} five-card hands/s "
        f"(numpy argpartition {samplers['numpy_argpartition_hands_per_s']:,.0f}; target >= 2,000,000); "
        f"{samplers['brokdorf_deals_per_s']:,.0f} four-player deals/s"
    )
    try:
        from .widgets import measure_steps
    except ImportError:
        measure_steps = None
    if measure_steps is not None:
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
