# mypy: ignore-errors
"""The command line: list games, simulate many, play one in the terminal, replay a saved game.

    python -m cardgames games
    python -m cardgames simulate brokdorf --players 4 --games 1000 \\
        --agents greedy,random,random,random --seed 0 --out results.csv
    python -m cardgames play brokdorf --players 4
    python -m cardgames replay FILE.json
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from . import IllegalMove, agents, games, load, record, replay, simulate
from .core.registry import game_class
from .core.rng import fresh_seed, generator


def _option(text: str) -> tuple[str, Any]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"an option is NAME=VALUE, e.g. first_dealer=2; not {text!r}")
    name, value = text.split("=", 1)
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError:
        parsed = value
    return name.strip(), parsed


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m cardgames", description="Five tabletop games: simulate, play, replay.")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games, their player counts, options and agents")

    s = sub.add_parser("simulate", help="play many seeded games between agents and save one row per game and player")
    s.add_argument("game")
    s.add_argument("--players", type=int)
    s.add_argument("--games", type=int, default=1000)
    s.add_argument("--agents", default="random", help="one agent name, or one per seat separated by commas")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--out", help="write the results here (.csv or .parquet); default: print a summary")
    s.add_argument("--option", type=_option, action="append", default=[], metavar="NAME=VALUE")
    s.add_argument("--workers", type=int, default=0, help="processes to use (0: this process only)")

    pl = sub.add_parser("play", help="play one game in the terminal against bots")
    pl.add_argument("game")
    pl.add_argument("--players", type=int)
    pl.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    pl.add_argument("--bots", default="greedy", help="agent name for the other seats")
    pl.add_argument("--seed", type=int)
    pl.add_argument("--save", help="write the game as a JSON record to this file at the end")
    pl.add_argument("--option", type=_option, action="append", default=[], metavar="NAME=VALUE")

    r = sub.add_parser("replay", help="print a saved game (a cardgames.record JSON file) move by move")
    r.add_argument("file")
    return p


def _games(out) -> int:
    for name in games():
        spec = game_class(name).spec
        counts = f"{spec.min_players}-{spec.max_players}" if spec.min_players != spec.max_players else str(spec.min_players)
        print(f"{name:16} {spec.title}: {counts} players; agents {', '.join(agents(name))}", file=out)
        for opt, o in spec.options.items():
            print(f"{'':18}--option {opt}=... ({o.doc}; default {o.default!r})", file=out)
    return 0


def _simulate(args, out) -> int:
    names = args.agents.split(",") if "," in args.agents else args.agents
    executor = None
    if args.workers:
        from concurrent.futures import ProcessPoolExecutor

        executor = ProcessPoolExecutor(args.workers)
    try:
        df = simulate(args.game, players=args.players, games=args.games, agents=names, seed=args.seed,
                      progress=sys.stderr.isatty(), executor=executor, **dict(args.option))
    finally:
        if executor is not None:
            executor.shutdown()
    if args.out:
        if args.out.endswith(".parquet"):
            df.to_parquet(args.out, index=False)
        elif args.out.endswith(".csv"):
            df.to_csv(args.out, index=False)
        else:
            raise ValueError(f"--out must end in .csv or .parquet, not {args.out!r}")
        print(f"wrote {len(df)} rows ({args.games} games) to {args.out}", file=out)
    numeric = df.drop(columns=["game_id", "seed", "player"]).select_dtypes("number").columns
    print(df.groupby("agent")[list(numeric)].mean().round(3).to_string(), file=out)
    return 0


def _play(args, inp, out) -> int:
    game = load(args.game, players=args.players, **dict(args.option))
    me = game.check_seat(args.seat)
    seed = args.seed if args.seed is not None else fresh_seed()
    state = game.new(seed=seed)
    bots = {s: game.agent(args.bots, s) for s in range(game.players) if s != me}
    rngs = {s: generator(seed, "agent", s) for s in bots}
    print(f"{game.spec.title}, seed {seed}. You are player {me}. Type an action, 'help' or 'quit'.", file=out)
    shown = None
    while not game.is_over(state):
        acting = game.to_act(state)
        if me not in acting:
            seat = acting[0]
            action = bots[seat].act(game.view(state, seat), game.legal_actions(state, seat), rngs[seat])
            print(f"  {game.describe(state, action, seat)}", file=out)
            state = game.apply(state, action, seat)
            continue
        if shown is not state:
            print("\n" + game.render(state, me), file=out)
            shown = state
        legal = game.legal_actions(state, me)
        print(f"your move ({', '.join(map(str, legal[:12]))}{' ...' if len(legal) > 12 else ''})> ", end="", file=out)
        out.flush()
        line = inp.readline()
        if not line or line.strip() in ("quit", "exit"):
            print("\nbye", file=out)
            return 0
        text = line.strip()
        if text in ("help", "?"):
            print(f"legal now: {', '.join(map(str, legal))}", file=out)
            continue
        try:
            action = game.parse_action(state, text, me)
        except IllegalMove as err:
            print(f"not allowed: {err}", file=out)
            continue
        except ValueError as err:
            print(f"cannot read that: {err}", file=out)
            continue
        print(f"  {game.describe(state, action, me)}", file=out)
        state = game.apply(state, action, me)
    print("\n" + game.render(state), file=out)
    print(_table(game.settlement(state).rows()), file=out)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(record(game, state), f, indent=1)
        print(f"saved to {args.save}", file=out)
    return 0


def _replay(args, out) -> int:
    states = replay(args.file)
    with open(args.file, encoding="utf-8") as f:
        rec = json.load(f)
    game = load(rec["game"], players=rec["players"], **rec["options"])
    print(game.render(states[0]), file=out)
    for i, ((player, text), before) in enumerate(zip(rec["actions"], states), 1):
        action = game.parse_action(before, text, player)
        print(f"{i:4}. {game.describe(before, action, player)}", file=out)
    print("\n" + game.render(states[-1]), file=out)
    if game.is_over(states[-1]):
        print(_table(game.settlement(states[-1]).rows()), file=out)
    return 0


def _table(rows: Sequence[dict]) -> str:
    import pandas as pd

    return pd.DataFrame(rows).to_string(index=False)


def main(argv: Sequence[str] | None = None, inp=None, out=None) -> int:
    inp = inp or sys.stdin
    out = out or sys.stdout
    args = _parser().parse_args(argv)
    try:
        if args.command == "games":
            return _games(out)
        if args.command == "simulate":
            return _simulate(args, out)
        if args.command == "play":
            return _play(args, inp, out)
        return _replay(args, out)
    except (ValueError, TypeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
