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
from typing import Any

from .errors import IllegalMove
from .game import Game, history
from .registry import load

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
    """A JSON-ready record of ``state``: how it was set up and every action since."""
    rec = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "players": game.players,
        "options": _jsonable(dict(game.options)),
        "seed": state.setup.seed,
        "setup": {k: _jsonable(v) for k, v in state.setup.extra if v is not None},
        "actions": [[player, str(action)] for player, action in history(state)],
        "over": game.is_over(state),
    }
    rec["digest"] = _digest(rec)
    return rec


def _read(source: Any) -> dict:
    if isinstance(source, (str, os.PathLike)) and not (isinstance(source, str) and source.lstrip().startswith("{")):
        try:
            with open(source, encoding="utf-8") as f:
                source = f.read()
        except OSError as err:
            raise ValueError(f"cannot read the record file {os.fspath(source)!r}: {err.strerror}") from None
    if isinstance(source, (str, bytes)):
        try:
            source = json.loads(source)
        except json.JSONDecodeError as err:
            raise ValueError(
                f"the record is not valid JSON ({err.msg} at line {err.lineno}); was the file cut short?"
            ) from None
    if not isinstance(source, dict):
        raise ValueError(f"a record is a dict made by cardgames.record(), not {type(source).__name__}")
    return source


def check_record(source: Any) -> dict:
    """The record as a dict, after checking its format, version, fields and digest."""
    rec = _read(source)
    if rec.get("format") != FORMAT:
        raise ValueError(f"this is not a cardgames record (format {rec.get('format')!r}, expected {FORMAT!r})")
    if rec.get("version") != VERSION:
        raise ValueError(
            f"this record has version {rec.get('version')!r}; this cardgames reads version {VERSION}. "
            "Replay it with the cardgames release that wrote it."
        )
    missing = [k for k in _KEYS if k not in rec]
    if missing:
        raise ValueError(f"the record lacks {', '.join(missing)}; it was cut short or not made by cardgames.record()")
    if rec["digest"] != _digest(rec):
        raise ValueError("the record was changed after it was written (its digest does not match); "
                         "record the game again with cardgames.record()")
    if not isinstance(rec["actions"], list) or not all(
        isinstance(a, list) and len(a) == 2 and (a[0] is None or isinstance(a[0], int)) and isinstance(a[1], str)
        for a in rec["actions"]
    ):
        raise ValueError("the record's actions must be a list of [player, action text] pairs")
    if not isinstance(rec["options"], dict) or not isinstance(rec["setup"], dict):
        raise ValueError("the record's options and setup must be objects")
    return rec


def replay(source: Any) -> list:
    """Every state of a recorded game, from the first to the last.

    ``source`` is a record dict, its JSON text, or the path of a JSON file.
    """
    rec = check_record(source)
    game = load(rec["game"], players=rec["players"], **rec["options"])
    state = game.new(seed=rec["seed"], **rec["setup"])
    states = [state]
    for i, (player, text) in enumerate(rec["actions"], 1):
        try:
            action = game.parse_action(state, text, player)
            state = game.apply(state, action, player)
        except (IllegalMove, ValueError, TypeError) as err:
            raise ValueError(f"action {i} of the record ({text!r} by player {player}) cannot be replayed: {err}") from None
        states.append(state)
    if game.is_over(state) != rec["over"]:
        raise ValueError("the record's actions do not reach the end it claims; it is incomplete")
    return states
