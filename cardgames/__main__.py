"""The command line: list games, simulate many, play one in the terminal, replay a saved game.

    python -m cardgames games
    python -m cardgames simulate brokdorf --players 4 --games 1000 \\
        --agents greedy,random,random,random --seed 0 --out results.csv
    python -m cardgames play brokdorf --players 4
    python -m cardgames replay FILE.json
    python -m cardgames --language de play brokdorf

``--language de`` (or ``en``) chooses the language of every text, the help included;
without it the locale environment decides (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``), English where German is not asked for.

Every mistake of the user (a wrong option, a file that cannot be written or read, an
illegal move in a saved game) is one line on stderr and exit code 2, never a traceback;
output paths are checked before any game is played.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import sys
from collections.abc import Sequence
from concurrent.futures import BrokenExecutor
from typing import Any, NoReturn, TextIO

from . import IllegalMove, agents, games, load, record, simulate
from .core.files import probe, write_with
from .core.game import game_text
from .core.i18n import LANGUAGES, N_, Catalog, language, normalize
from .core.inputs import (
    MAX_ACTION_TEXT,
    MAX_RECORD_BYTES,
    check_json_text,
    either,
    excerpt,
    integer,
    loads,
    quote,
    thousands,
)
from .core.registry import game_class
from .core.replay import _replayed, check_record, save
from .core.rng import fresh_seed, generator

CATALOG = Catalog("cardgames")
_, ngettext = CATALOG.functions()  # _(NAME) translates a text marked N_ where it is shown

MAX_GAMES = 100_000_000
OUTPUTS = (".csv", ".parquet")
ROW_BYTES = 24  # the least a CSV row of any game takes: what --out must have room for before the games are played
RECORD_PROBE_BYTES = 1 << 16  # room for a saved game, checked before it is played

# What argparse itself says (its gettext domain has no German): its messages in English,
# as patterns, with the message each is shown as in the language in use.
ARGPARSE = (
    (r"argument (?P<argument>.+?): (?P<message>.*)", N_("argument {argument}: {message}")),
    (r"invalid int value: (?P<value>.*)", N_("invalid int value: {value}")),
    (r"invalid (?P<kind>\S+) value: (?P<value>.*)", N_("invalid {kind} value: {value}")),
    (
        r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)",
        N_("invalid choice: {value} (choose from {choices})"),
    ),
    (r"expected one argument", N_("expected one argument")),
    (r"the following arguments are required: (?P<names>.*)", N_("the following arguments are required: {names}")),
    (r"unrecognized arguments: (?P<arguments>.*)", N_("unrecognized arguments: {arguments}")),
    (
        r"ambiguous option: (?P<option>\S+) could match (?P<matches>.*)",
        N_("ambiguous option: {option} could match {matches}"),
    ),
    (r"ignored explicit argument (?P<value>.*)", N_("ignored explicit argument {value}")),
)
QUOTED = ("value", "arguments", "option")  # the fields of ARGPARSE's patterns that hold what the user typed
COMMAND = N_("command")  # the name argparse gives the missing subcommand


class UserError(Exception):
    """A mistake of the user: printed as one line, exit code 2."""


class Formatter(argparse.HelpFormatter):
    """argparse's help with its ``usage:`` in the language in use."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """argparse that speaks the language in use and reports a wrong argument in one line (the usage only with --help).

    argparse's own words (its section titles, the help option, its error messages) come
    from its gettext domain, which has no German: this parser adds its own -h/--help and
    section titles and shows argparse's errors through :data:`ARGPARSE`.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        self.add_argument(
            "-h", "--help", action="help", default=argparse.SUPPRESS, help=_("show this help message and exit")
        )

    def error(self, message: str) -> NoReturn:
        text = _("{prog}: error: {message} (see {prog} --help)").format(prog=self.prog, message=_argparse(message))
        self.exit(2, text + "\n")


def _argparse(message: str) -> str:
    """A message of argparse in the language in use (unchanged where it is not one of :data:`ARGPARSE`)."""
    for pattern, text in ARGPARSE:
        found = re.fullmatch(pattern, message, re.DOTALL)
        if found:
            # what the user typed is quoted short; argparse's and our own words are kept whole
            fields = {key: _cut(v) if key in QUOTED else v for key, v in found.groupdict().items()}
            if "message" in fields:
                fields["message"] = _argparse(fields["message"])
            if "argument" in fields:
                fields["argument"] = _argument_name(fields["argument"])
            if "names" in fields:
                fields["names"] = ", ".join(_argument_name(name) for name in fields["names"].split(", "))
            return _(text).format(**fields)
    return message


def _cut(text: str, limit: int = 80) -> str:
    """What the user typed, as a message quotes it: at most ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _argument_name(name: str) -> str:
    """How argparse's messages name an argument: its option or metavar, "command" for the subcommand."""
    return _(COMMAND) if name == "command" else name


def _asked_language(argv: Sequence[str]) -> str | None:
    """The language ``--language`` (or ``--language=``, or an abbreviation argparse accepts) asks for.

    Read before the parser is built, so that its help and messages are in that language.
    None where it is not given or names no language there are texts for (the parser then
    refuses it, in the language of the environment).
    """
    asked = None
    for i, token in enumerate(argv):
        if token == "--":
            break
        name, equals, value = token.partition("=")
        if len(name) >= 3 and "--language".startswith(name):
            if equals:
                asked = value
            elif i + 1 < len(argv):
                asked = argv[i + 1]
    if asked is None:
        return None
    try:
        return normalize(asked)
    except (TypeError, ValueError):
        return None


def _language(text: str) -> str:
    """``--language``: a language there are texts for (``de``, ``de_DE.UTF-8``, ``en`` ...), as its code."""
    try:
        return normalize(text)
    except (TypeError, ValueError):
        choices = either([f"{quote(code)} ({name})" for code, name in LANGUAGES.items()])
        raise argparse.ArgumentTypeError(
            _("there are no texts in the language {code}: choose {choices}").format(
                code=excerpt(text, 40), choices=choices
            )
        ) from None


def _option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE``: VALUE read as JSON (numbers, true/false, null, lists), else taken as text."""
    if "=" not in text:
        raise argparse.ArgumentTypeError(
            _("an option is NAME=VALUE, e.g. first_dealer=2; not {value}").format(value=excerpt(text))
        )
    name, value = (part.strip() for part in text.split("=", 1))
    if name in ("players", "seed", "agents"):
        raise argparse.ArgumentTypeError(_("{name} is not a game option: use --{name} instead").format(name=name))
    if len(value) > 1000:
        raise argparse.ArgumentTypeError(
            _("the value of option {name} is longer than 1000 characters").format(name=excerpt(name))
        )
    what = _("the value of option {name}").format(name=name)
    try:
        check_json_text(value, what)  # nested too deep or too long a number: refused, JSON or not
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    try:
        parsed = loads(value, what)
    except ValueError as error:
        if value[:1] in "[{":
            raise argparse.ArgumentTypeError(str(error)) from None
        parsed = value  # a plain word: taken as text
    return name, parsed


def _workers(text: str) -> int:
    most = 4 * (os.cpu_count() or 1)
    try:
        number: int | None = int(text)
    except ValueError:
        number = None
    if number is None or not 0 <= number <= most:
        raise argparse.ArgumentTypeError(
            _("--workers is a whole number from 0 to {maximum}, not {value}").format(
                maximum=most, value=excerpt(text if number is None else number)
            )
        )
    return number


def _language_argument(parser: argparse.ArgumentParser, default: Any) -> None:
    parser.add_argument(
        "--language",
        type=_language,
        default=default,
        metavar=_("LANGUAGE"),
        help=_(
            "the language of every text: de (Deutsch) or en (English); default: the locale "
            "environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), English where German is not asked for"
        ),
    )


def _game_arguments(parser: argparse.ArgumentParser, seed: int | None, seed_help: str, option_help: str) -> None:
    """The arguments that choose a game, shared by simulate and play: the game, --players, --seed, --option."""
    parser.add_argument("game", metavar=_("game"), help=_("a game name (python -m cardgames games lists them)"))
    parser.add_argument(
        "--players", type=int, metavar=_("PLAYERS"), help=_("number of players (default: the game's usual number)")
    )
    parser.add_argument("--seed", type=int, default=seed, metavar=_("SEED"), help=seed_help)
    parser.add_argument(
        "--option", type=_option, action="append", default=[], metavar=_("NAME=VALUE"), help=option_help
    )


def _parser() -> argparse.ArgumentParser:
    """The command line's parser, its help in the language in use."""
    p = Parser(prog="python -m cardgames", description=_("Five tabletop games: simulate, play, replay."))
    _language_argument(p, None)
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    g = sub.add_parser("games", help=_("list the games, their player counts, options and agents"))
    _language_argument(g, argparse.SUPPRESS)

    s = sub.add_parser(
        "simulate",
        help=_("play many seeded games between agents and save one row per game and player"),
        description=_(
            "Play many seeded games between agents. The same arguments give the same rows on any "
            "machine, with or without --workers. Output: CSV or Parquet by the extension of --out; "
            "the folder must exist (it is checked before the games are played)."
        ),
    )
    _game_arguments(
        s,
        0,
        _("a whole number of at least 0 (default 0)"),
        _("a game option, VALUE as JSON or text (e.g. first_dealer=2, tournament=true); repeatable"),
    )
    s.add_argument(
        "--games",
        type=int,
        default=1000,
        metavar=_("GAMES"),
        help=_("how many games, 0 to {maximum} (default 1000)").format(maximum=thousands(MAX_GAMES)),
    )
    s.add_argument(
        "--agents",
        default="random",
        metavar=_("AGENTS"),
        help=_("one agent name, or one per seat separated by commas"),
    )
    s.add_argument(
        "--out", metavar=_("OUT"), help=_("write the rows to this .csv or .parquet file; default: print a summary")
    )
    s.add_argument(
        "--workers",
        type=_workers,
        default=0,
        metavar=_("WORKERS"),
        help=_("processes to use, 0 (this process only, the default) to 4 per core"),
    )
    _language_argument(s, argparse.SUPPRESS)

    pl = sub.add_parser(
        "play",
        help=_("play one game in the terminal against bots"),
        description=_(
            "Play one game in the terminal: type a move as the prompt lists it, or its action text (at most "
            "{limit} characters; 'help' lists the legal ones, 'quit' ends). --save is checked before the game starts."
        ).format(limit=MAX_ACTION_TEXT),
    )
    _game_arguments(
        pl,
        None,
        _("a whole number of at least 0 (default: a fresh one, printed)"),
        _("a game option, VALUE as JSON or text; repeatable"),
    )
    pl.add_argument(
        "--seat",
        type=int,
        default=1,
        metavar=_("SEAT"),
        help=_("your seat, counted from 1 as the game names the players (default 1: player 1)"),
    )
    pl.add_argument(
        "--bots", default="greedy", metavar=_("BOTS"), help=_("agent name for the other seats (default greedy)")
    )
    pl.add_argument("--save", metavar=_("SAVE"), help=_("write the game as a JSON record to this file at the end"))
    _language_argument(pl, argparse.SUPPRESS)

    r = sub.add_parser(
        "replay",
        help=_("print a saved game (a cardgames.record JSON file) move by move"),
        description=_(
            "Print a saved game move by move. The file is a record written by cardgames.record() "
            "or 'play --save': a regular JSON file of at most {megabytes} MB whose "
            "digest matches; anything else is refused with the reason."
        ).format(megabytes=MAX_RECORD_BYTES // 1_000_000),
    )
    r.add_argument("file", metavar=_("file"), help=_("the record's path"))
    _language_argument(r, argparse.SUPPRESS)
    return p


def _games(out: TextIO) -> int:
    for name in games():
        spec = game_class(name).spec
        counts = (
            f"{spec.min_players}-{spec.max_players}" if spec.min_players != spec.max_players else str(spec.min_players)
        )
        line = _("{name:16} {title}: {counts} players; agents {agents}")
        print(line.format(name=name, title=spec.title, counts=counts, agents=", ".join(agents(name))), file=out)
        for opt, o in spec.options.items():
            text = _("--option {name}=... ({doc}; default {default})").format(
                name=opt, doc=game_text(name, o.doc), default=repr(o.default)
            )
            print(" " * 18 + text, file=out)
    return 0


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    integer(args.games, "--games", 0, MAX_GAMES)
    game = load(args.game, players=args.players, **dict(args.option))  # Bronko-Donko has an option 'games'
    if args.out:
        # checked before the games are played: a full disk or a file-size limit fails now, not in an hour
        probe(args.out, "--out", OUTPUTS, size=args.games * game.players * ROW_BYTES)
    names = args.agents.split(",") if "," in args.agents else args.agents
    executor = None
    if args.workers:
        from concurrent.futures import ProcessPoolExecutor

        executor = ProcessPoolExecutor(args.workers)
    try:
        df = simulate(
            game, games=args.games, agents=names, seed=args.seed, progress=sys.stderr.isatty(), executor=executor
        )
    finally:
        if executor is not None:
            executor.shutdown()
    if args.out:
        if args.out.endswith(".parquet"):
            write_with(args.out, lambda name: df.to_parquet(name, index=False), "--out")
        else:
            write_with(args.out, lambda name: df.to_csv(name, index=False), "--out")
        wrote = ngettext(
            "wrote {rows} rows ({games} games) to {path}", "wrote {rows} rows ({games} games) to {path}", args.games
        )
        print(wrote.format(rows=len(df), games=args.games, path=args.out), file=out)
    numeric = df.drop(columns=["game_id", "seed", "player"]).select_dtypes("number").columns
    print(df.groupby("agent")[list(numeric)].mean().round(3).to_string(), file=out)
    return 0


def _play(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    if args.save:
        probe(args.save, "--save", size=RECORD_PROBE_BYTES)
    game = load(args.game, players=args.players, **dict(args.option))
    me = _seat(game, args.seat)
    seed = args.seed if args.seed is not None else fresh_seed()
    state = game.new(seed=seed)
    words = _Words(game)
    bots = {s: game.agent(args.bots, s) for s in range(game.players) if s != me}
    rngs = {s: generator(seed, "agent", s) for s in bots}
    welcome = _("{title}, seed {seed}. You are {seat}. Type a move as listed, 'help' or 'quit'.")
    print(welcome.format(title=game.spec.title, seed=seed, seat=game.seat_name(me)), file=out)
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
        shown = words.shown(legal)
        shown_legal = ", ".join(shown[:12]) + (" ..." if len(shown) > 12 else "")
        print(_("your move ({legal})> ").format(legal=shown_legal), end="", file=out)
        out.flush()
        line = inp.readline()
        if not line or line.strip().casefold() in (*QUIT, CATALOG.pgettext("terminal", "quit")):
            print("\n" + _("bye"), file=out)
            return _save(game, state, args.save, out) if args.save else 0
        if len(line) > MAX_ACTION_TEXT:
            print(
                _("that line is longer than {limit} characters; an action is a few words").format(
                    limit=MAX_ACTION_TEXT
                ),
                file=out,
            )
            continue
        text = line.strip()
        if text.casefold() in (*HELP, CATALOG.pgettext("terminal", "help")):
            print(_("legal now: {actions}").format(actions=", ".join(shown)), file=out)
            continue
        try:
            step = game.advance(state, game.parse_action(state, words.read(state, me, text), me), me)
        except IllegalMove as err:
            print(_("not allowed: {reason}").format(reason=err), file=out)
            continue
        except ValueError as err:
            print(_("cannot read that: {reason}").format(reason=words.unknown(legal, text) or err), file=out)
            continue
        print(f"  {step.sentence}", file=out)
        state = step.after
    print("\n" + game.render(state), file=out)
    print(words.settlement(game.settlement(state).rows()), file=out)
    return _save(game, state, args.save, out) if args.save else 0


#: what ends a game in the terminal, and what lists the legal moves, beside their words in the language in use
#: (``CATALOG.pgettext("terminal", ...)``: ende, hilfe)
QUIT = ("quit", "exit")
HELP = ("help", "?")


class _Words:
    """A game's moves and settlement in the terminal as the widgets' table shows them, where those are installed.

    The widgets' package (``cardgames_widgets``, which ships with cardgames and needs ipywidgets only for
    the live table) gives the words: the prompt lists each move by its label in the language in use
    ("Gebot 2", "spielen ♣D"), a typed label or action text is read as the table reads it, and the
    settlement, of play and replay alike, is :func:`cardgames_widgets.for_people`'s table (headings in
    the language in use, seats by name from 1).  Where that package is missing, the action texts and
    the API's rows are shown.
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        try:
            from cardgames_widgets import actions, faces, frames
        except ImportError:
            self.face: Any = None
        else:
            self.face, self.actions, self.frames = faces.for_game(game.name), actions, frames

    def shown(self, legal: Sequence[Any]) -> list[str]:
        """The legal moves as a person reads them."""
        if self.face is None:
            return [str(a) for a in legal]
        return list(self.actions.labels(self.game, self.face, legal).values())

    def read(self, state: Any, seat: int, text: str) -> str:
        """The action text that typed ``text`` names: a label as the prompt lists it, or the action text."""
        return text if self.face is None else self.actions.typed_text(self.game, self.face, state, seat, text)

    def unknown(self, legal: Sequence[Any], text: str) -> str | None:
        """What to say about ``text`` that names no move, in the prompt's words (None: the game's reason)."""
        return None if self.face is None else self.actions.unknown_help(self.game, self.face, legal, text)

    def settlement(self, rows: Sequence[dict]) -> str:
        """The settlement as a table a person reads: :func:`cardgames_widgets.for_people`'s, the one table of a
        game's data for people (the play and replay commands and the notebooks show the same)."""
        import pandas as pd

        frame = pd.DataFrame(rows)
        if self.face is None:  # the widgets' package is missing (cardgames installed without it): the API's rows
            return frame.to_string(index=False)
        return self.frames.for_people(frame, self.game).to_string(index=False)


def _seat(game: Any, number: int) -> int:
    """``--seat``, which counts from 1 as people do (player 1 is the first seat), as the API's 0-based seat."""
    if not 1 <= number <= game.players:
        raise UserError(
            _("there is no seat {value}: this game has seats 1 to {last} (--seat counts from 1)").format(
                value=excerpt(number, 30), last=game.players
            )
        )
    return number - 1


def _save(game: Any, state: Any, path: str, out: TextIO) -> int:
    """Save the game played to ``path``; if that fails, to a fallback file that the error names: a game is never lost."""
    rec = record(game, state)
    try:
        save(rec, path)
    except ValueError as error:
        kept = _fallback(rec, game.name)
        if kept is None:
            raise
        raise UserError(
            _("{reason}; the game was saved to {kept} instead (python -m cardgames replay {kept})").format(
                reason=str(error).rstrip("."), kept=kept
            )
        ) from None
    print(_("saved to {path}").format(path=path), file=out)
    return 0


def _fallback(rec: dict, name: str) -> str | None:
    """Where a game whose save failed is kept: a new file in the home folder, else in the temporary folder."""
    import tempfile
    import time

    stamp = time.strftime("%Y%m%d-%H%M%S")
    for folder in (os.path.expanduser("~"), tempfile.gettempdir()):
        path = os.path.join(folder, f"cardgames-{name}-{stamp}-{os.getpid()}.json")
        try:
            return save(rec, path)
        except ValueError:
            continue
    return None


def _replay(args: argparse.Namespace, out: TextIO) -> int:
    rec = check_record(pathlib.Path(args.file))  # always a file: '{brace}.json' is a name, not JSON text
    states = _replayed(rec)
    game = load(rec["game"], players=rec["players"], **rec["options"])
    print(game.render(states[0]), file=out)
    for i, ((player, text), before, after) in enumerate(zip(rec["actions"], states, states[1:]), 1):
        action = game.parse_action(before, text, player)
        print(f"{i:4}. {game.explain(before, action, after, player).sentence}", file=out)
    print("\n" + game.render(states[-1]), file=out)
    if game.is_over(states[-1]):
        print(_Words(game).settlement(game.settlement(states[-1]).rows()), file=out)
    return 0


def main(argv: Sequence[str] | None = None, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    inp = inp or sys.stdin
    out = out or sys.stdout
    arguments = list(sys.argv[1:] if argv is None else argv)
    # --language is read first, so that the parser's help and messages are in that language too;
    # without it the language in use (the locale environment's) decides
    with language(_asked_language(arguments)):
        args = _parser().parse_args(arguments)
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
            print(_("error: {message}").format(message=message[:2000]), file=sys.stderr)
            return 2
        except BrokenExecutor:
            print(
                _(
                    "error: a worker process stopped before its games were played (killed, or out of memory); "
                    "nothing was written. Run again, with fewer --workers"
                ),
                file=sys.stderr,
            )
            return 2
        except KeyboardInterrupt:
            print(_("interrupted"), file=sys.stderr)
            return 130


if __name__ == "__main__":
    sys.exit(main())
