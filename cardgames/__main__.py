"""The command line: list games, simulate many, play one in the terminal, replay a saved game.

    python -m cardgames games
    python -m cardgames simulate brokdorf --players 4 --games 1000 \\
        --agents greedy,random,random,random --seed 0 --out results.csv
    python -m cardgames play brokdorf --players 4
    python -m cardgames replay FILE.json

Every mistake of the user (a wrong option, a file that cannot be written or read, an
illegal move in a saved game) is one line on stderr and exit code 2, never a traceback;
output paths are checked before any game is played.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from . import IllegalMove, agents, games, load, record, simulate
from .core.inputs import MAX_ACTION_TEXT, MAX_RECORD_BYTES, excerpt, integer, loads
from .core.registry import game_class
from .core.replay import _replayed, check_record
from .core.rng import fresh_seed, generator

MAX_GAMES = 100_000_000
OUTPUTS = (".csv", ".parquet")


class UserError(Exception):
    """A mistake of the user: printed as one line, exit code 2."""


class Parser(argparse.ArgumentParser):
    """argparse that reports a wrong argument in one line (and the usage only with --help)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE``: VALUE read as JSON (numbers, true/false, null, lists), else taken as text."""
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"an option is NAME=VALUE, e.g. first_dealer=2; not {excerpt(text)}")
    name, value = (part.strip() for part in text.split("=", 1))
    if name in ("players", "seed", "agents"):
        raise argparse.ArgumentTypeError(f"{name} is not a game option: use --{name} instead")
    if len(value) > 1000:
        raise argparse.ArgumentTypeError(f"the value of option {excerpt(name)} is longer than 1000 characters")
    try:
        parsed = loads(value, f"the value of option {name}")
    except ValueError as error:
        if value[:1] in "[{" or "nested" in str(error) or "digits" in str(error):
            raise argparse.ArgumentTypeError(str(error)) from None
        parsed = value  # a plain word: taken as text
    return name, parsed


def _workers(text: str) -> int:
    try:
        return integer(int(text), "--workers", 0, 4 * (os.cpu_count() or 1))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error).replace("must be a whole number", "is a whole number")) from None


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="python -m cardgames", description="Five tabletop games: simulate, play, replay.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    sub.add_parser("games", help="list the games, their player counts, options and agents")

    s = sub.add_parser(
        "simulate",
        help="play many seeded games between agents and save one row per game and player",
        description="Play many seeded games between agents. The same arguments give the same rows on any "
        "machine, with or without --workers. Output: CSV or Parquet by the extension of --out; "
        "the folder must exist (it is checked before the games are played).",
    )
    s.add_argument("game", help="a game name (python -m cardgames games lists them)")
    s.add_argument("--players", type=int, help="number of players (default: the game's usual number)")
    s.add_argument("--games", type=int, default=1000, help=f"how many games, 0 to {MAX_GAMES:,} (default 1000)")
    s.add_argument("--agents", default="random", help="one agent name, or one per seat separated by commas")
    s.add_argument("--seed", type=int, default=0, help="a whole number of at least 0 (default 0)")
    s.add_argument("--out", help="write the rows to this .csv or .parquet file; default: print a summary")
    s.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, VALUE as JSON or text (e.g. first_dealer=2, tournament=true); repeatable",
    )
    s.add_argument(
        "--workers", type=_workers, default=0, help="processes to use, 0 (this process only, the default) to 4 per core"
    )

    pl = sub.add_parser(
        "play",
        help="play one game in the terminal against bots",
        description=f"Play one game in the terminal: type an action text (at most {MAX_ACTION_TEXT} characters; "
        "'help' lists the legal ones, 'quit' ends). --save is checked before the game starts.",
    )
    pl.add_argument("game", help="a game name (python -m cardgames games lists them)")
    pl.add_argument("--players", type=int, help="number of players (default: the game's usual number)")
    pl.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    pl.add_argument("--bots", default="greedy", help="agent name for the other seats (default greedy)")
    pl.add_argument("--seed", type=int, help="a whole number of at least 0 (default: a fresh one, printed)")
    pl.add_argument("--save", help="write the game as a JSON record to this file at the end")
    pl.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, VALUE as JSON or text; repeatable",
    )

    r = sub.add_parser(
        "replay",
        help="print a saved game (a cardgames.record JSON file) move by move",
        description=f"Print a saved game move by move. The file is a record written by cardgames.record() "
        f"or 'play --save': a regular JSON file of at most {MAX_RECORD_BYTES // 1_000_000} MB whose "
        "digest matches; anything else is refused with the reason.",
    )
    r.add_argument("file", help="the record's path")
    return p


def _writable(path: str, extensions: Sequence[str], what: str) -> str:
    """``path`` if a file can be written there (checked before any work): extension, folder, not a folder."""
    if extensions and not path.endswith(tuple(extensions)):
        raise UserError(f"{what} must end in {' or '.join(extensions)}, not {excerpt(path)}")
    if os.path.isdir(path):
        raise UserError(f"{what} {excerpt(path)} is a folder; give a file name")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UserError(f"{what}: the folder {excerpt(folder)} does not exist")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise UserError(f"{what}: {excerpt(path)} cannot be written (no permission)")
    return path


def _games(out: TextIO) -> int:
    for name in games():
        spec = game_class(name).spec
        counts = (
            f"{spec.min_players}-{spec.max_players}" if spec.min_players != spec.max_players else str(spec.min_players)
        )
        print(f"{name:16} {spec.title}: {counts} players; agents {', '.join(agents(name))}", file=out)
        for opt, o in spec.options.items():
            print(f"{'':18}--option {opt}=... ({o.doc}; default {o.default!r})", file=out)
    return 0


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    if args.out:
        _writable(args.out, OUTPUTS, "--out")
    integer(args.games, "--games", 0, MAX_GAMES)
    names = args.agents.split(",") if "," in args.agents else args.agents
    executor = None
    if args.workers:
        from concurrent.futures import ProcessPoolExecutor

        executor = ProcessPoolExecutor(args.workers)
    try:
        game = load(args.game, players=args.players, **dict(args.option))  # Bronko-Donko has an option 'games'
        df = simulate(
            game, games=args.games, agents=names, seed=args.seed, progress=sys.stderr.isatty(), executor=executor
        )
    finally:
        if executor is not None:
            executor.shutdown()
    if args.out:
        if args.out.endswith(".parquet"):
            df.to_parquet(args.out, index=False)
        else:
            df.to_csv(args.out, index=False)
        print(f"wrote {len(df)} rows ({args.games} games) to {args.out}", file=out)
    numeric = df.drop(columns=["game_id", "seed", "player"]).select_dtypes("number").columns
    print(df.groupby("agent")[list(numeric)].mean().round(3).to_string(), file=out)
    return 0


def _play(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    if args.save:
        _writable(args.save, (), "--save")
    game = load(args.game, players=args.players, **dict(args.option))
    me = game.check_seat(args.seat)
    seed = args.seed if args.seed is not None else fresh_seed()
    state = game.new(seed=seed)
    bots = {s: game.agent(args.bots, s) for s in range(game.players) if s != me}
    rngs = {s: generator(seed, "agent", s) for s in bots}
    print(f"{game.spec.title}, seed {seed}. You are {game.seat_name(me)}. Type an action, 'help' or 'quit'.", file=out)
    shown = None
    while not game.is_over(state):
        acting = game.to_act(state)
        if me not in acting:
            seat = acting[0]
            action = bots[seat].act(game.view(state, seat), game.legal_actions(state, seat), rngs[seat])
            step = game.advance(state, action, seat)
            print(f"  {step.sentence}", file=out)
            state = step.after
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
        if len(line) > MAX_ACTION_TEXT:
            print(f"that line is longer than {MAX_ACTION_TEXT} characters; an action is a few words", file=out)
            continue
        text = line.strip()
        if text in ("help", "?"):
            print(f"legal now: {', '.join(map(str, legal))}", file=out)
            continue
        try:
            step = game.advance(state, game.parse_action(state, text, me), me)
        except IllegalMove as err:
            print(f"not allowed: {err}", file=out)
            continue
        except ValueError as err:
            print(f"cannot read that: {err}", file=out)
            continue
        print(f"  {step.sentence}", file=out)
        state = step.after
    print("\n" + game.render(state), file=out)
    print(_table(game.settlement(state).rows()), file=out)
    if args.save:
        import json

        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(record(game, state), f, indent=1)
        print(f"saved to {args.save}", file=out)
    return 0


def _replay(args: argparse.Namespace, out: TextIO) -> int:
    rec = check_record(args.file)
    states = _replayed(rec)
    game = load(rec["game"], players=rec["players"], **rec["options"])
    print(game.render(states[0]), file=out)
    for i, ((player, text), before, after) in enumerate(zip(rec["actions"], states, states[1:]), 1):
        action = game.parse_action(before, text, player)
        print(f"{i:4}. {game.explain(before, action, after, player).sentence}", file=out)
    print("\n" + game.render(states[-1]), file=out)
    if game.is_over(states[-1]):
        print(_table(game.settlement(states[-1]).rows()), file=out)
    return 0


def _table(rows: Sequence[dict]) -> str:
    import pandas as pd

    return pd.DataFrame(rows).to_string(index=False)


def main(argv: Sequence[str] | None = None, inp: TextIO | None = None, out: TextIO | None = None) -> int:
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
    except (UserError, IllegalMove, ValueError, TypeError, OSError) as err:
        message = " ".join(str(err).split()) or type(err).__name__
        print(f"error: {message[:2000]}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
