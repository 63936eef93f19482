"""Saved games: a record is a JSON-ready dict; replay rebuilds every state of it.

A record names the game, its options and setup (seed, stacked deck, ...), the action
texts in order, and a digest over all of that, so a file that was cut short or edited
by hand is refused with a clear message instead of giving a half-built game.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from fractions import Fraction
from typing import Any

from .errors import IllegalMove, InputError
from .files import probe, write
from .game import Game, history
from .i18n import Catalog
from .inputs import MAX_ACTION_TEXT, MAX_RECORD_BYTES, check_nesting, excerpt, integer, loads, thousands
from .registry import game_class, games, load

_, ngettext = Catalog("cardgames").functions()

FORMAT = "cardgames-record"
VERSION = 1
_KEYS = ("format", "version", "game", "players", "options", "seed", "setup", "actions", "over", "digest")


def _jsonable(value: Any) -> Any:
    """An option or setup value as JSON: lists for tuples, ``{"fraction": "5/2"}`` for a Fraction, text for a card."""
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, Fraction):
        return {"fraction": str(value)}  # no option takes an object, so this reads back unambiguously
    if value is None or type(value) in (bool, int, float, str):
        return value
    return str(value)  # cards (int subclasses too): their code


def _restored(value: Any) -> Any:
    """The inverse of :func:`_jsonable` for what ``load`` and ``new`` take: the Fractions back."""
    if isinstance(value, list):
        return [_restored(v) for v in value]
    if isinstance(value, dict):
        text = value.get("fraction")
        if len(value) == 1 and isinstance(text, str) and _FRACTION.fullmatch(text):
            return Fraction(text)
        return {k: _restored(v) for k, v in value.items()}
    return value


_FRACTION = re.compile(r"-?[0-9]{1,30}(/[0-9]{1,30})?")


def _plain(value: Any, what: str) -> None:
    """Refuse what JSON cannot hold (a set, a numpy number, an object, a key that is not a text), with a ValueError.

    A record dict handed in by a program is checked so before its digest is computed.
    """
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key in item:
                if type(key) is not str:
                    raise ValueError(
                        _("{what} has a key {key}; a record's keys are texts").format(what=what, key=excerpt(key, 30))
                    )
            stack.extend(item.values())
        elif type(item) in (list, tuple):
            stack.extend(item)
        elif item is not None and type(item) not in (bool, int, float, str):
            raise ValueError(
                _(
                    "{what} holds {value} (a {kind}); a record holds only what JSON holds: objects, lists, texts, "
                    "numbers, true, false and null. Make it with cardgames.record()"
                ).format(what=what, value=excerpt(item, 30), kind=type(item).__name__)
            )


def _digest(record: dict) -> str:
    body = {k: record[k] for k in _KEYS if k in record and k != "digest"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def record(game: Game, state: Any, path: Any = None) -> dict:
    """A JSON-ready record of ``state``: how it was set up and every action since.

    Only a state that replaying the record gives back can be recorded: a teaching position
    built by the game (it has no seed behind it) or a player's view (its history hides what
    that player may not know) is refused with a ValueError that says why.

    With ``path`` the record is also written to that file as JSON, whole or not at all: an
    existing file is replaced only once the new one is complete (see :func:`save`).
    """
    if not isinstance(game, Game):
        raise InputError(
            _("record(game, state) takes a game from cardgames.load(), not {value}").format(value=excerpt(game))
        )
    setup = getattr(state, "setup", None)
    if setup is None or not hasattr(state, "trail"):
        raise InputError(
            _("record(game, state) takes a state of {game}, not {value}").format(game=game.name, value=excerpt(state))
        )
    game.is_over(state)  # a state of another game is refused here, with the reason
    if setup.viewer >= 0:
        raise ValueError(
            _(
                "a player's view (game.view()) cannot be recorded: it hides the others' cards and the seed. "
                "Record the full state of the game"
            )
        )
    if path is not None:
        probe(path, _("the record file"))
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
    if path is not None:
        save(rec, path)
    return rec


def save(rec: dict, path: Any) -> str:
    """Write the record ``rec`` to the file ``path`` as JSON, whole or not at all; return the path written.

    Compact JSON with one action a line, so that a long game stays small and a changed move
    shows as one changed line.  The file is written beside ``path`` and renamed over it only
    when complete: a full disk or a file-size limit leaves an existing file as it was.
    """
    rec = check_record(rec)
    head = {k: rec[k] for k in _KEYS if k != "actions"}
    lines = [json.dumps(action, ensure_ascii=False, separators=(",", ":")) for action in rec["actions"]]
    text = json.dumps(head, ensure_ascii=False, indent=1)[:-2] + ',\n "actions": [\n'
    text += ",\n".join(lines) + "\n ]\n}\n"
    return write(path, lambda file: file.write(text.encode("utf-8")), _("the record file"))


def _read(source: Any) -> dict:
    """The record as a dict from a dict, JSON text or the path of a regular file of bounded size.

    A text is JSON when it is an object (``{`` ... ``}``), else the path of a file; a
    ``pathlib.Path`` is always a path (so ``'{brace}.json'`` is a file).
    """
    if isinstance(source, bytes):
        source = _decoded(source, _("the record"))
    if isinstance(source, os.PathLike) or (isinstance(source, str) and not _json_object(source)):
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
        _plain(source, _("the record"))
    if not isinstance(source, dict):
        raise ValueError(
            _(
                "a record is a dict made by cardgames.record(), its JSON text or the path of its file; not {kind}"
            ).format(kind=type(source).__name__)
        )
    return source


def _json_object(text: str) -> bool:
    """Is ``text`` JSON (an object, or what was cut from one) rather than the path of a file?

    Text that starts with ``{`` is JSON, unless a file of that name exists (``{brace}.json``).
    """
    return text.lstrip().lstrip("\ufeff").startswith("{") and not os.path.isfile(text)


def _decoded(data: bytes, what: str) -> str:
    """UTF-8 bytes as text (a byte-order mark, as some editors write, is dropped)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError(_("{what} is not UTF-8 text; a record is JSON").format(what=what)) from None


def _read_file(path: Any) -> str:
    """The text of a record file: only a regular file of at most MAX_RECORD_BYTES (no pipe, device or folder).

    The file is opened without waiting (a pipe or a device that would block is not read)
    and checked on the open descriptor, so a path changed between a check and the opening
    cannot make it read something else; at most MAX_RECORD_BYTES + 1 bytes are read.
    """
    name = os.fspath(path)
    if isinstance(name, bytes) or len(name) > 4096 or "\0" in name:
        raise ValueError(
            _("{name} is not a record: pass a record dict, its JSON text or the path of its file").format(
                name=excerpt(name)
            )
        )
    shown = excerpt(name)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(name, flags)
    except OSError as error:
        raise ValueError(
            _("cannot read the record file {name}: {reason}").format(name=shown, reason=error.strerror)
        ) from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            if stat.S_ISDIR(info.st_mode):
                message = _("the record file {name} is a folder; give the path of a .json file")
            else:
                message = _(
                    "the record file {name} is not a regular file (a pipe, device or socket); "
                    "give the path of a .json file"
                )
            raise ValueError(message.format(name=shown))
        if info.st_size > MAX_RECORD_BYTES:
            raise ValueError(
                _("the record file {name} has {size} bytes; a record is at most {limit} bytes").format(
                    name=shown, size=thousands(info.st_size), limit=thousands(MAX_RECORD_BYTES)
                )
            )
        chunks = []
        size = 0
        while size <= MAX_RECORD_BYTES:
            chunk = os.read(descriptor, min(1 << 20, MAX_RECORD_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except BlockingIOError:
        raise ValueError(
            _("the record file {name} cannot be read without waiting (it is not an ordinary file)").format(name=shown)
        ) from None
    except OSError as error:
        raise ValueError(
            _("cannot read the record file {name}: {reason}").format(name=shown, reason=error.strerror)
        ) from None
    finally:
        os.close(descriptor)
    if size > MAX_RECORD_BYTES:
        raise ValueError(
            _("the record file {name} is larger than {limit} bytes").format(
                name=shown, limit=thousands(MAX_RECORD_BYTES)
            )
        )
    return _decoded(b"".join(chunks), _("the record file {name}").format(name=shown))


def check_record(source: Any) -> dict:
    """The record as a dict, after checking its format, version, fields, their types and digest."""
    rec = _read(source)
    if rec.get("format") != FORMAT:
        raise ValueError(
            _("this is not a cardgames record (format {value}, expected {expected})").format(
                value=excerpt(rec.get("format")), expected=repr(FORMAT)
            )
        )
    if type(rec.get("version")) is not int or rec.get("version") != VERSION:  # true is not 1
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
        game = load(rec["game"], players=rec["players"], **_restored(rec["options"]))
        state = game.new(seed=rec["seed"], **_restored(rec["setup"]))
    except (TypeError, ValueError) as error:
        raise ValueError(_("the record's game cannot be set up: {reason}").format(reason=error)) from None
    if len(rec["actions"]) > game.max_decisions:
        raise ValueError(
            _("the record has {count} actions; no {game} game under its options has more than {most}").format(
                count=thousands(len(rec["actions"])), game=game.name, most=thousands(game.max_decisions)
            )
        )
    states = [state]
    for i, (player, text) in enumerate(rec["actions"], 1):
        try:
            state = game.apply(state, game.parse_action(state, text, player), player)
        except (IllegalMove, ValueError, TypeError) as err:
            # the record's seat is 0-based, as the API's; the sentence names it as people read it
            seated = isinstance(player, int) and not isinstance(player, bool) and 0 <= player < game.players
            who = game.seat_name(player) if seated else _("seat {seat}").format(seat=excerpt(player))
            raise ValueError(
                _("action {number} of the record ({text} by {player}) cannot be replayed: {reason}").format(
                    number=i, text=excerpt(text), player=who, reason=err
                )
            ) from None
        states.append(state)
    if game.is_over(state) != rec["over"]:
        raise ValueError(_("the record's actions do not reach the end it claims; it is incomplete"))
    return states
