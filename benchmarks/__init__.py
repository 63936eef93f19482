"""Timed playouts and samplers; run with ``make bench`` (``python -m benchmarks``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def run_json(module: str, args: list[str], pure: bool) -> Any:
    """What ``python -m <module> <args...>`` prints as JSON, run in a fresh process from the project folder:
    in the pure build when ``pure``, else in the default build (compiled if there is one), whatever build
    this process runs in."""
    env = {k: v for k, v in os.environ.items() if k != "CARDGAMES_PURE_PYTHON"}
    if pure:
        env["CARDGAMES_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", module, *args],
        env=env,
        capture_output=True,
        text=True,
        cwd=Path(__file__).parent.parent,
        check=True,
    )
    return json.loads(done.stdout)


def per_game(module: str, args: list[str], pure: bool) -> dict[str, Any]:
    """``python -m <module> <args...> <game>``-style runs, one fresh process per game, merged.

    Each run prints ``{"compiled": ..., "games": {...}}``; what one game leaves in memory does
    not slow the next. ``args`` holds ``"{game}"`` where the game's name goes.
    """
    import cardgames

    merged: dict[str, Any] = {"games": {}}
    for name in cardgames.games():
        one = run_json(module, [a.format(game=name) for a in args], pure)
        merged["compiled"] = one["compiled"]
        merged["games"].update(one["games"])
    return merged
