"""The longest game each game allows: its options, its decisions, its time and the size of its record.

For every game, the options that make a game longest (``LONGEST``) are played by random agents
with a few seeds (``cardgames.playout``, CPU time of this process, ``time.process_time``); the
longest of those games is reported with its time, the time of ``cardgames.record`` (which
replays the game to check it) and the size of its record, ``len(json.dumps(record))``.
``game.max_decisions`` is the bound the options give: every game here must end well within it.

Run ``python -m benchmarks.longest`` for the build that imports (compiled if available;
``CARDGAMES_PURE_PYTHON=1`` for the pure one), ``--json`` for the figures as JSON, ``--seeds N``
for another number of seeds; ``make bench`` runs it with the compiled build when there is one.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

import cardgames
from cardgames.brokdorf.game import MAX_EUROS
from cardgames.brokdorf.rules import MAX_ROUNDS, OPEN_SPREAD

SEEDS = 3
# game -> the cases of the longest allowed game: (players, options, why these options are the longest)
LONGEST: dict[str, list[tuple[int, dict[str, Any], str]]] = {
    "brokdorf": [
        (
            6,
            {"tournament": True, "start_euros": MAX_EUROS, "lower_bound": -MAX_EUROS, "max_rounds": MAX_ROUNDS},
            "max_rounds at its bound, nobody leaves: 1,000 rounds of six (BK-5.14, BK-5.15)",
        ),
        (
            6,
            {"tournament": True, "start_euros": OPEN_SPREAD, "lower_bound": 0},
            "no max_rounds, the most euros allowed between start and bound: until one is left (BK-5.15)",
        ),
    ],
    "bronko_donko": [(4, {"games": 5}, "the most games of a match (BD-4.1)")],
    "three_bridges": [(2, {}, "six rounds (TB-4.1)")],
    "brotherhood": [(5, {}, "the most players")],
    "rowdy_partners": [(4, {"round_cap": 1000}, "round_cap at its bound (RP-6.3)")],
}


def longest(name: str, players: int, options: dict[str, Any], seeds: int) -> dict[str, Any]:
    """The longest of ``seeds`` random games under the options: decisions, time, record time and size."""
    game = cardgames.load(name, players=players, **options)
    agents = ["random"] * players
    best: tuple[int, float, int, Any] | None = None
    for seed in range(seeds):
        start = time.process_time()
        final = cardgames.playout(game, agents, seed=seed)
        seconds = time.process_time() - start
        decisions = len(cardgames.history(final))
        if best is None or decisions > best[0]:
            best = (decisions, seconds, seed, final)
    assert best is not None
    decisions, seconds, seed, final = best
    start = time.process_time()
    record = cardgames.record(game, final)
    record_seconds = time.process_time() - start
    return {
        "game": name,
        "players": players,
        "options": options,
        "seed": seed,
        "seeds": seeds,
        "decisions": decisions,
        "max_decisions": game.max_decisions,
        "seconds": round(seconds, 3),
        "decisions_per_s": round(decisions / seconds) if seconds else None,
        "record_seconds": round(record_seconds, 3),
        "record_bytes": len(json.dumps(record)),
    }


def figures(seeds: int = SEEDS) -> dict[str, Any]:
    """Every game's longest allowed game, in the build that imports."""
    rows = [
        dict(longest(name, players, options, seeds), why=why)
        for name, cases in LONGEST.items()
        for players, options, why in cases
    ]
    return {"compiled": cardgames.compiled, "rows": rows}


def describe(measured: dict[str, Any]) -> str:
    """The figures as a table, one line per game (and case)."""
    build = "compiled" if measured["compiled"] else "pure Python"
    lines = [
        f"longest allowed game per game ({build} build, random agents, the longest of "
        f"{measured['rows'][0]['seeds']} seeds, CPU time)",
        f"{'game':16} {'players':>7} {'decisions':>10} {'max_decisions':>14} {'time s':>7} "
        f"{'record s':>9} {'record bytes':>13}  options",
    ]
    for r in measured["rows"]:
        options = ", ".join(f"{k}={v}" for k, v in r["options"].items()) or "(defaults)"
        lines.append(
            f"{r['game']:16} {r['players']:>7} {r['decisions']:>10,} {r['max_decisions']:>14,} {r['seconds']:>7.2f} "
            f"{r['record_seconds']:>9.2f} {r['record_bytes']:>13,}  {options}"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    seeds = int(argv[argv.index("--seeds") + 1]) if "--seeds" in argv else SEEDS
    measured = figures(seeds)
    print(json.dumps(measured) if "--json" in argv else describe(measured))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
