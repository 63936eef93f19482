"""Does the advice agree with known answers?  ``make bench-advice`` writes benchmarks/advice.json (issue 30).

For every position of ``advice_positions.json`` (see :mod:`benchmarks.advice_positions`: exact
endings and dominated moves, at least 25 per game) it asks ``cardgames.analyse`` for the table of
the deciding player and the ``expert`` agent for its choice, and counts per game:

* ``agreement``: the table's top-ranked action is a known best one, or statistically tied with one
  (their 95 % intervals overlap);
* ``blunders_recommended``: the top-ranked action is a known blunder;
* ``blunder_above_best``: a known blunder is ranked above every known best action;
* the same for the expert's choice (``expert_best``: a best action, ``expert_blunders``: a blunder).

Targets: agreement at least 95 %, no blunder recommended, by the table or by the expert.

    python -m benchmarks.advice                        # every game, 200 worlds
    python -m benchmarks.advice --game brokdorf --worlds 100    # one game again, the others kept
"""

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import cardgames
from cardgames.core.agents import NO_DRAWS
from cardgames.core.rng import generator

from .advice_positions import GAMES, Position, positions, reach

OUT = Path(__file__).with_name("advice.json")
TARGET_AGREEMENT = 0.95


def overlap(a: Any, b: Any) -> bool:
    """Do the 95 % intervals of two rows of a table overlap (a row of one world has none: equal values only)?"""
    if any(math.isnan(x) for x in (a["low"], a["high"], b["low"], b["high"])):
        return bool(a["value"] == b["value"])
    return bool(a["low"] <= b["high"] and b["low"] <= a["high"])


def judge(position: Position, worlds: int = 200, seed: int = 0, expert: bool = True) -> dict[str, Any]:
    """The analysis and the expert on one position, against its known answer."""
    game, state = reach(position)
    started = time.process_time()
    table = cardgames.analyse(game, state, player=position.seat, worlds=worlds, seed=seed)
    seconds = time.process_time() - started
    rows = {row["action"]: row for row in table.to_dict("records")}
    ranked = list(table["action"])
    top = ranked[0]
    best_rank = min(ranked.index(a) for a in position.best)
    tied = [b for b in position.best if overlap(rows[top], rows[b])]
    out: dict[str, Any] = {
        "position": position.name,
        "kind": position.kind,
        "best": list(position.best),
        "blunders": list(position.blunders),
        "top": top,
        "top_value": rows[top]["value"],
        "best_value": rows[ranked[best_rank]]["value"],
        "agrees": top in position.best or bool(tied),
        "exactly": top in position.best,
        "blunder_recommended": top in position.blunders,
        "blunder_above_best": any(ranked.index(a) < best_rank for a in position.blunders),
        "analyse_seconds": round(seconds, 3),
    }
    if expert:
        bot = game.agent("expert", position.seat)
        legal = game.legal_actions(state, position.seat)
        rng = generator(seed, "advice", position.seed) if bot.uses_rng else NO_DRAWS
        choice = str(bot.act(game.view(state, position.seat), legal, rng))
        out.update(expert=choice, expert_best=choice in position.best, expert_blunder=choice in position.blunders)
    return out


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    with_blunders = [r for r in rows if r["blunders"]]
    out = {
        "positions": n,
        "kinds": sorted({r["kind"] for r in rows}),
        "agreement": round(sum(r["agrees"] for r in rows) / n, 4),
        "top_is_best": round(sum(r["exactly"] for r in rows) / n, 4),
        "positions_with_blunders": len(with_blunders),
        "blunders_recommended": sum(r["blunder_recommended"] for r in rows),
        "blunder_above_best": sum(r["blunder_above_best"] for r in rows),
    }
    if rows and "expert" in rows[0]:
        out.update(
            expert_best=round(sum(r["expert_best"] for r in rows) / n, 4),
            expert_blunders=sum(r["expert_blunder"] for r in rows),
        )
    out["meets_targets"] = bool(
        out["agreement"] >= TARGET_AGREEMENT and out["blunders_recommended"] == 0 and out.get("expert_blunders", 0) == 0
    )
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, action="append", help="only this game (repeatable)")
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--no-expert", action="store_true", help="judge the analysis only")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    games = args.game or list(GAMES)
    report: dict[str, Any] = {
        "method": (
            "per position: cardgames.analyse(game, state, player, worlds, seed) with its default policy "
            "(greedy) and the expert agent's choice, against the position's known best actions and blunders "
            "(benchmarks/advice_positions.json); agreement = the top-ranked action is a best one or its 95 % "
            "interval overlaps a best one's"
        ),
        "worlds": args.worlds,
        "seed": args.seed,
        "engines": "compiled" if cardgames.compiled else "pure Python",
        "targets": {"agreement": TARGET_AGREEMENT, "blunders_recommended": 0, "expert_blunders": 0},
        "games": {},
    }
    if args.game and args.out.exists():  # one game measured again: the others' results are kept
        kept = json.loads(args.out.read_text(encoding="utf-8")).get("games", {})
        report["games"].update({k: v for k, v in kept.items() if k not in games})
    for name in games:
        todo = positions(name)
        started = time.perf_counter()
        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as pool:
                rows = list(
                    pool.map(
                        judge,
                        todo,
                        [args.worlds] * len(todo),
                        [args.seed] * len(todo),
                        [not args.no_expert] * len(todo),
                    )
                )
        else:
            rows = [judge(p, args.worlds, args.seed, not args.no_expert) for p in todo]
        result = summary(rows)
        result.update(worlds=args.worlds, seconds=round(time.perf_counter() - started, 1))
        report["games"][name] = dict(result, rows=rows)
        flag = "ok" if result["meets_targets"] else "BELOW TARGET"
        print(
            f"{name:15s} {result['positions']:3d} positions  agreement {result['agreement']:.0%}  "
            f"blunders recommended {result['blunders_recommended']}  blunder above best {result['blunder_above_best']}"
            + (
                f"  expert best {result['expert_best']:.0%} blunders {result['expert_blunders']}"
                if "expert_best" in result
                else ""
            )
            + f"  [{flag}]",
            flush=True,
        )
        for row in rows:
            if not row["agrees"] or row["blunder_recommended"] or row.get("expert_blunder"):
                print(f"    {row['position']}: top {row['top']!r}, best {row['best']}, expert {row.get('expert')!r}")
    args.out.write_text(json.dumps(report, indent=1, default=float) + "\n", encoding="utf-8")
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
