"""Games per second of ``cardgames.simulate`` on one process, a process pool and Dask.

    python -m benchmarks.scaling [--game three_bridges --games 20000] [--no-dask]

Three runs of the same simulation (same game, games, seed):

* ``single``: no executor, this process;
* ``pool``: a ``concurrent.futures.ProcessPoolExecutor`` with one worker per core this
  process may use;
* ``dask``: a ``dask.distributed.LocalCluster`` with as many single-threaded worker
  processes, through ``Client.get_executor()``.

Each executor is started and warmed up (every worker has imported cardgames) before its
clock starts, so start-up is reported apart.  The single-process run is timed with
both the wall clock and ``time.process_time``; the parallel runs can only be timed by
the wall clock, so on a shared machine they are lower bounds of what the cores can do.
The three DataFrames must be identical (``DataFrame.equals``): every game's seed is
derived from the simulation seed and its ``game_id``, whoever plays it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

import cardgames

OUT = Path(__file__).with_name("scaling.json")
DEFAULT_RUNS = (("three_bridges", 20_000), ("brokdorf", 2_000))


def _load() -> float | None:
    """The 1-minute load average (other work on the machine), for the record."""
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _warm(game: str) -> int:
    """Run in a worker: import the game once so the timed run does not pay for it."""
    cardgames.load(game)
    return os.getpid()


def _warm_up(executor: Executor, game: str, workers: int) -> None:
    # more tasks than workers, so that (almost surely) every worker gets one
    list(f.result() for f in [executor.submit(_warm, game) for _ in range(4 * workers)])


def _timed(game: str, games: int, seed: int, executor: Executor | None, chunk_size: int | None):
    wall, cpu = time.perf_counter(), time.process_time()
    frame = cardgames.simulate(game, games=games, seed=seed, executor=executor, chunk_size=chunk_size)
    return frame, time.perf_counter() - wall, time.process_time() - cpu


def measure(
    game: str = "three_bridges",
    games: int = 20_000,
    seed: int = 0,
    workers: int | None = None,
    dask: bool = True,
    chunk_size: int | None = None,
    dask_processes: bool = True,
) -> dict:
    """Games/s for the three ways and whether their frames are equal; returns a dict.

    ``dask_processes=False`` runs the Dask workers as threads of this process (starts in
    about a second; for quick checks, not for timing).
    """
    workers = workers or cores()
    result: dict = {"game": game, "games": games, "seed": seed, "workers": workers, "loadavg_1min_before": _load()}

    _warm(game)
    frame1, wall, cpu = _timed(game, games, seed, None, chunk_size)
    result["single"] = {
        "seconds_wall": round(wall, 3),
        "seconds_cpu": round(cpu, 3),
        "games_per_s_wall": round(games / wall, 1),
        "games_per_s_cpu": round(games / cpu, 1),
    }

    def run(executor: Executor, start: float) -> dict:
        """The figures of the run on ``executor`` (started at ``start``) beside the single-process one."""
        _warm_up(executor, game, workers)
        startup = time.perf_counter() - start
        frame, wall, _ = _timed(game, games, seed, executor, chunk_size)
        return {
            "seconds_wall": round(wall, 3),
            "games_per_s_wall": round(games / wall, 1),
            "startup_s": round(startup, 3),
            "equal_to_single": bool(frame1.equals(frame)),
        }

    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        result["pool"] = run(pool, start)

    if dask:
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError as exc:
            result["dask"] = {"skipped": f"dask.distributed not installed ({exc}); pip install 'cardgames[dask]'"}
        else:
            start = time.perf_counter()
            with (
                LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=dask_processes, dashboard_address=None
                ) as cluster,
                Client(cluster) as client,
            ):
                result["dask"] = run(client.get_executor(), start)
    result["rows"] = len(frame1)
    result["identical"] = all(
        v.get("equal_to_single", True) for k, v in result.items() if k in ("pool", "dask") and isinstance(v, dict)
    )
    return result


def _print(r: dict) -> None:
    print(
        f"\n{r['game']}: {r['games']:,} games, {r['rows']:,} rows, {r['workers']} workers "
        f"(load average before: {r['loadavg_1min_before']})"
    )
    s = r["single"]
    print(
        f"  {'1 process':12} {s['games_per_s_wall']:>10,.0f} games/s wall   "
        f"({s['games_per_s_cpu']:,.0f} per CPU second)"
    )
    for key, label in (("pool", "process pool"), ("dask", "dask local")):
        v = r.get(key)
        if v is None:
            continue
        if "skipped" in v:
            print(f"  {label:12} skipped: {v['skipped']}")
            continue
        print(
            f"  {label:12} {v['games_per_s_wall']:>10,.0f} games/s wall   "
            f"(x{v['games_per_s_wall'] / s['games_per_s_wall']:.2f} of 1 process; start-up {v['startup_s']:.1f}s; "
            f"identical: {v['equal_to_single']})"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.scaling", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="one game (default: three_bridges 20,000 games and brokdorf 2,000)")
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--workers", type=int, default=None, help="default: the cores this process may use")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    runs = [(args.game, args.games or 20_000)] if args.game else [(g, args.games or n) for g, n in DEFAULT_RUNS]
    results = []
    print(f"cardgames.simulate scaling · {cores()} cores available · random agents")
    for game, games in runs:
        r = measure(game, games, workers=args.workers, dask=not args.no_dask)
        _print(r)
        results.append(r)
    args.out.write_text(
        json.dumps(
            {
                "runs": results,
                "cores": cores(),
                "loadavg_1min_at_end": _load(),
                "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            },
            indent=2,
        )
        + "\n"
    )
    print(f"\nwrote {args.out}")
    return 0 if all(r["identical"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
