# mypy: ignore-errors
"""Saved games: a record is a JSON-ready dict; replay rebuilds every state of it.

A record names the game, its options and setup (seed, stacked deck, ...), the action
texts in order, and a digest over all of that, so a file that was cut short or edited
by hand is refused with a clear message instead of giving a half-built game.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from typing import Any

from .errors import IllegalMove
from .game import Game, history
from .i18n import Catalog
from .inputs import MAX_ACTION_TEXT, MAX_RECORD_BYTES, check_nesting, excerpt, integer, loads, thousands
from .registry import game_class, games, load

_, ngettext = Catalog("cardgames").functions()

FORMAT = "cardgames-record"
VERSION = 1
_KEYS = ("format", "version", "game", "players", "options", "seed", "setup", "actions", "over", "digest")


def _jsonable(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if value is None or type(value) in (bool, int, float, str):
        return value
    return str(value)  # cards (int subclasses too), fractions: their canonical text


def _digest(record: dict) -> str:
    body = {k: record[k] for k in _KEYS if k in record and k != "digest"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def record(game: Game, state: Any) -> dict:
    """A JSON-ready record of ``state``: how it was set up and every action since.

    Only a state that replaying the record gives back can be recorded: a teaching position
    built by the game (it has no seed behind it) or a player's view (its history hides what
    that player may not know) is refused with a ValueError that says why.
    """
    if not isinstance(game, Game):
        raise TypeError(
            _("record(game, state) takes a game from cardgames.load(), not {value}").format(value=excerpt(game))
        )
    setup = getattr(state, "setup", None)
    if setup is None or not hasattr(state, "trail"):
        raise TypeError(
            _("record(game, state) takes a state of {game}, not {value}").format(game=game.name, value=excerpt(state))
        )
    rec = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "players": game.players,
        "options": _jsonable(dict(game.options)),
        "seed": setup.seed,
        "setup": {k: _jsonable(v) for k, v in setup.extra if v is not None},
        "actions": [[player, str(action)] for player, action in history(state)],
        "over": game.is_over(state),
    }
    rec["digest"] = _digest(rec)
    try:
        again = _replayed(rec)[-1]
    except ValueError:
        again = None
    if again is None or again != state:
        raise ValueError(
            _(
                "this {game} state cannot be recorded: replaying its seed and actions does not give it back. "
                "A teaching position (built by the game's own position or scenario builder) has no seed behind "
                "it, and a player's view hides part of the history; record the full state of a game made with "
                "new() instead"
            ).format(game=game.name)
        )
    return rec


def _read(source: Any) -> dict:
    """The record as a dict from a dict, JSON text or the path of a regular file of bounded size."""
    if isinstance(source, bytes):
        source = source.decode("utf-8", errors="replace")
    if isinstance(source, os.PathLike) or (isinstance(source, str) and not source.lstrip().startswith("{")):
        source = _read_file(source)
    if isinstance(source, str):
        if len(source) > MAX_RECORD_BYTES:
            raise ValueError(
                _("a record is at most {limit} characters; this text has {length}").format(
                    limit=thousands(MAX_RECORD_BYTES), length=thousands(len(source))
                )
            )
        source = loads(source)
    elif isinstance(source, dict):
        check_nesting(source, _("the record"))
    if not isinstance(source, dict):
        raise ValueError(
            _(
                "a record is a dict made by cardgames.record(), its JSON text or the path of its file; not {kind}"
            ).format(kind=type(source).__name__)
        )
    return source


def _read_file(path: Any) -> str:
    """The text of a record file: only a regular file of at most MAX_RECORD_BYTES (no pipe, device or folder)."""
    name = os.fspath(path)
    if isinstance(name, bytes) or len(name) > 4096 or "\0" in name:
        raise ValueError(
            _("{name} is not a record: pass a record dict, its JSON text or the path of its file").format(
                name=excerpt(name)
            )
        )
    try:
        info = os.stat(name)
    except OSError as error:
        raise ValueError(
            _("cannot read the record file {name}: {reason}").format(name=excerpt(name), reason=error.strerror)
        ) from None
    if not stat.S_ISREG(info.st_mode):
        if stat.S_ISDIR(info.st_mode):
            message = _("the record file {name} is a folder; give the path of a .json file")
        else:
            message = _(
                "the record file {name} is not a regular file (a pipe, device or socket); give the path of a .json file"
            )
        raise ValueError(message.format(name=excerpt(name)))
    if info.st_size > MAX_RECORD_BYTES:
        raise ValueError(
            _("the record file {name} has {size} bytes; a record is at most {limit} bytes").format(
                name=excerpt(name), size=thousands(info.st_size), limit=thousands(MAX_RECORD_BYTES)
            )
        )
    try:
        with open(name, "rb") as file:
            data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise ValueError(
            _("cannot read the record file {name}: {reason}").format(name=excerpt(name), reason=error.strerror)
        ) from None
    if len(data) > MAX_RECORD_BYTES:
        raise ValueError(
            _("the record file {name} is larger than {limit} bytes").format(
                name=excerpt(name), limit=thousands(MAX_RECORD_BYTES)
            )
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(
            _("the record file {name} is not UTF-8 text; a record is JSON").format(name=excerpt(name))
        ) from None


def check_record(source: Any) -> dict:
    """The record as a dict, after checking its format, version, fields, their types and digest."""
    rec = _read(source)
    if rec.get("format") != FORMAT:
        raise ValueError(
            _("this is not a cardgames record (format {value}, expected {expected})").format(
                value=excerpt(rec.get("format")), expected=repr(FORMAT)
            )
        )
    if rec.get("version") != VERSION:
        raise ValueError(
            _(
                "this record has version {value}; this cardgames reads version {version}. "
                "Replay it with the cardgames release that wrote it."
            ).format(value=excerpt(rec.get("version")), version=VERSION)
        )
    missing = [k for k in _KEYS if k not in rec]
    if missing:
        raise ValueError(
            _("the record lacks {fields}; it was cut short or not made by cardgames.record()").format(
                fields=", ".join(missing)
            )
        )
    unknown = sorted(set(rec) - set(_KEYS))
    if unknown:
        raise ValueError(
            _(
                "the record has fields cardgames does not write ({fields}); it was not made by cardgames.record()"
            ).format(fields=excerpt(", ".join(map(str, unknown))))
        )
    if not isinstance(rec["digest"], str) or rec["digest"] != _digest(rec):
        raise ValueError(
            _(
                "the record was changed after it was written (its digest does not match); "
                "record the game again with cardgames.record()"
            )
        )
    # the digest proves the record unchanged, not that it was made by cardgames: check what a replay relies on
    if not isinstance(rec["game"], str) or rec["game"] not in games():
        raise ValueError(
            _("the record names no game of cardgames ({value}); the games are {games}").format(
                value=excerpt(rec["game"]), games=", ".join(games())
            )
        )
    integer(rec["players"], _("the record's players"), 1, 10)
    integer(rec["seed"], _("the record's seed"), 0, 2**64 - 1)  # a replay must be the same game every time
    if not isinstance(rec["over"], bool):
        raise ValueError(_("the record's field 'over' must be true or false"))
    if not isinstance(rec["actions"], list) or not all(
        isinstance(a, list)
        and len(a) == 2
        and (a[0] is None or (isinstance(a[0], int) and not isinstance(a[0], bool)))
        and isinstance(a[1], str)
        and len(a[1]) <= MAX_ACTION_TEXT
        for a in rec["actions"]
    ):
        raise ValueError(_("the record's actions must be a list of [player, action text] pairs"))
    if not isinstance(rec["options"], dict) or not isinstance(rec["setup"], dict):
        raise ValueError(_("the record's options and setup must be objects"))
    spec = game_class(rec["game"]).spec
    strange = sorted(set(rec["setup"]) - set(spec.setup_keys))
    if strange:
        raise ValueError(
            _("the record's setup has {keys}, which {game} does not take (its setup keys: {allowed})").format(
                keys=excerpt(", ".join(map(str, strange))),
                game=rec["game"],
                allowed=", ".join(spec.setup_keys) or _("none"),
            )
        )
    return rec


def replay(source: Any) -> list:
    """Every state of a recorded game, from the first to the last.

    ``source`` is a record dict, its JSON text, or the path of a JSON file (a regular file
    of at most 5 MB).  Anything that is not a record cardgames wrote, or that would not
    replay the same game every time, is a ValueError that says what is wrong.
    """
    return _replayed(check_record(source))


def _replayed(rec: dict) -> list:
    try:
        game = load(rec["game"], players=rec["players"], **rec["options"])
        state = game.new(seed=rec["seed"], **rec["setup"])
    except (TypeError, ValueError) as error:
        raise ValueError(_("the record's game cannot be set up: {reason}").format(reason=error)) from None
    states = [state]
    for i, (player, text) in enumerate(rec["actions"], 1):
        try:
            state = game.apply(state, game.parse_action(state, text, player), player)
        except (IllegalMove, ValueError, TypeError) as err:
            raise ValueError(
                _("action {number} of the record ({text} by player {player}) cannot be replayed: {reason}").format(
                    number=i, text=excerpt(text), player=excerpt(player), reason=err
                )
            ) from None
        states.append(state)
    if game.is_over(state) != rec["over"]:
        raise ValueError(_("the record's actions do not reach the end it claims; it is incomplete"))
    return states
