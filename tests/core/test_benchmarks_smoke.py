"""The scaling and memory benchmarks run (tiny sizes); the peers benchmark needs .bench-venv and is not here."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ is a top-level folder, not an installed package
    sys.path.insert(0, str(ROOT))


def test_scaling_frames_identical_across_executors():
    pytest.importorskip("dask.distributed")
    from benchmarks import scaling

    # Dask workers as threads: the same executor path, a second instead of ~5 to start
    r = scaling.measure("three_bridges", games=30, workers=1, dask=True, chunk_size=7, dask_processes=False)
    assert r["rows"] == 60
    assert r["identical"] is True
    assert r["pool"]["equal_to_single"] and r["dask"]["equal_to_single"]
    for key in ("single", "pool", "dask"):
        assert r[key]["games_per_s_wall"] > 0


def test_scaling_without_dask_and_main(tmp_path):
    from benchmarks import scaling

    out = tmp_path / "scaling.json"
    assert scaling.main(["--game", "brokdorf", "--games", "6", "--workers", "1", "--no-dask", "--out", str(out)]) == 0
    assert '"identical": true' in out.read_text()


def test_simulate_peak_memory_small():
    from benchmarks.memory import describe, simulate_peak_memory

    r = simulate_peak_memory(games=40)
    assert r["games"] == 40 and r["rows"] == 80
    assert r["peak_mb"] >= 0 and r["frame_mb"] > 0
    assert r["mb_per_1000_rows"] is not None
    assert "MB per 1,000 rows" in describe(r)


def test_simulate_peak_memory_tracemalloc_in_process():
    from benchmarks.memory import simulate_peak_memory

    r = simulate_peak_memory(games=10, game="three_bridges", tracemalloc=True, isolated=False)
    assert r["rows"] == 20 and r["peak_source"] == "tracemalloc" and r["tracemalloc_peak_mb"] > 0


def test_engine_rates_measure_random_playouts_and_greedy_simulations():
    from benchmarks.playouts import greedy_rate, playout_rate

    assert greedy_rate("three_bridges", games=2)["greedy_games_per_s"] > 0
    assert playout_rate("three_bridges", seconds=0.05)["decisions_per_s"] > 0
