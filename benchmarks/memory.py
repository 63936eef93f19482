"""Peak memory of a large ``cardgames.simulate`` (issue 9, part 4).

    python -m benchmarks.memory [--games 100000] [--game three_bridges] [--tracemalloc]

or, from ``make bench``::

    from benchmarks.memory import simulate_peak_memory
    r = simulate_peak_memory()          # 100,000 games of Three Bridges, random agents

The simulation runs in a fresh interpreter (``python -m benchmarks.memory`` in a process of its
own, which imports nothing of its caller: a worker spawned by multiprocessing would import the
caller's main module again first, ``make bench``'s solver tables with it), so the peak resident
size it reports (the rise of the peak resident size over the run: on Linux ``VmHWM``, reset
just before it, elsewhere ``resource.getrusage(...).ru_maxrss``; cardgames, numpy and pandas
already imported) belongs to this simulation alone and
not to whatever the caller did before.  With ``tracemalloc=True`` the Python-level peak
of allocations during ``simulate`` is measured as well; that is exact but makes the run
about six times slower, so it is off by default.

Only the result frame is kept by ``simulate``: the states of a game are dropped when it
ends, so memory grows with rows (games x players), not with decisions.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

MB = 1024 * 1024


def _maxrss_bytes() -> int:
    """The peak resident size of this process so far.

    On Linux, VmHWM of /proc/self/status: ``getrusage``'s ``ru_maxrss`` keeps the peak of the
    process before ``exec``, so a measuring process started by a large one (``make bench``, after
    its simulations) would begin above its own peak and report no rise.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    import resource

    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kb * 1024 if sys.platform != "darwin" else kb  # Linux: KiB, macOS: bytes


def _reset_peak() -> None:
    """Start the peak resident size again from the current size, where the system allows it (Linux)."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as refs:
            refs.write("5")  # 5: reset the peak resident size (the high-water mark)
    except OSError:
        pass


def _measure(game: str, games: int, seed: int, trace: bool) -> dict:
    """Run in the (fresh) process that is measured."""
    import gc
    import tracemalloc

    import cardgames

    cardgames.simulate(game, games=min(games, 20), seed=seed)  # imports, caches, first allocations
    gc.collect()
    _reset_peak()
    before = _maxrss_bytes()
    if trace:
        tracemalloc.start()
    cpu, wall = time.process_time(), time.perf_counter()
    frame = cardgames.simulate(game, games=games, seed=seed)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    out: dict[str, object] = {}
    traced: float | None = None
    if trace:
        _, traced_bytes = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        traced = out["tracemalloc_peak_mb"] = round(traced_bytes / MB, 2)
    after = _maxrss_bytes()
    rows = len(frame)
    delta = round((after - before) / MB, 2)
    frame_mb = round(frame.memory_usage(deep=True).sum() / MB, 2)
    out.update(
        {
            "game": game,
            "games": games,
            "rows": rows,
            "seconds_cpu": round(cpu, 2),
            "seconds_wall": round(wall, 2),
            "maxrss_before_mb": round(before / MB, 1),
            "maxrss_after_mb": round(after / MB, 1),
            "maxrss_delta_mb": delta,
            "frame_mb": frame_mb,
        }
    )
    peak = traced if traced is not None else delta
    out["peak_mb"] = peak
    out["peak_source"] = "tracemalloc" if trace else "maxrss delta"
    out["mb_per_1000_rows"] = round(peak / rows * 1000, 3) if rows else None
    out["frame_mb_per_1000_rows"] = round(frame_mb / rows * 1000, 3) if rows else None
    return out


def simulate_peak_memory(
    games: int = 100_000, game: str = "three_bridges", seed: int = 0, tracemalloc: bool = False, isolated: bool = True
) -> dict:
    """Peak memory of ``cardgames.simulate(game, games=games)`` with random agents.

    Returns a dict with ``peak_mb`` (tracemalloc peak if ``tracemalloc`` else the rise
    of the peak resident size), ``maxrss_delta_mb``, ``frame_mb`` (the frame's own deep
    size), ``rows``, ``mb_per_1000_rows`` and the seconds taken.  ``isolated=False``
    measures in this process (the resident-size rise is then only a lower bound when
    this process had a higher peak before).
    """
    if not isolated:
        return _measure(game, games, seed, tracemalloc)
    command = [sys.executable, "-m", "benchmarks.memory", "--json", "--in-process"]
    command += ["--games", str(games), "--game", game, "--seed", str(seed)] + (["--tracemalloc"] if tracemalloc else [])
    done = subprocess.run(command, capture_output=True, text=True, cwd=Path(__file__).parent.parent, check=True)
    return json.loads(done.stdout)


def describe(r: dict) -> str:
    text = (
        f"{r['game']}: {r['games']:,} games -> {r['rows']:,} rows; peak {r['peak_mb']:,.1f} MB "
        f"({r['peak_source']}), {r['mb_per_1000_rows']:.3f} MB per 1,000 rows; "
        f"the frame itself {r['frame_mb']:,.1f} MB; {r['seconds_cpu']:,.1f} CPU s"
    )
    if "tracemalloc_peak_mb" in r:
        text += f"; resident-size rise {r['maxrss_delta_mb']:,.1f} MB"
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.memory", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--game", default="three_bridges")
    parser.add_argument("--tracemalloc", action="store_true", help="also the Python-level peak (about 6x slower)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--in-process", action="store_true", help="measure in this process (the fresh one)")
    args = parser.parse_args(argv)
    r = simulate_peak_memory(
        args.games, args.game, args.seed, tracemalloc=args.tracemalloc, isolated=not args.in_process
    )
    print(json.dumps(r, indent=2) if args.json else describe(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
