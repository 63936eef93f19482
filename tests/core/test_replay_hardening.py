"""Shared game files never hurt the user: replay reads only bounded regular files and refuses tampering clearly."""

from __future__ import annotations

import json
import os
import threading

import pytest

import cardgames
from cardgames.core import inputs
from cardgames.core import replay as replay_module


def a_record(name: str = "three_bridges", seed: int = 4, moves: int = 6) -> dict:
    game = cardgames.load(name)
    state = game.new(seed=seed)
    for _ in range(moves):
        seat = game.to_act(state)[0]
        state = game.apply(state, game.legal_actions(state, seat)[0], seat)
    return cardgames.record(game, state)


def resigned(rec: dict) -> dict:
    """The record with its digest recomputed: tampering a digest cannot catch."""
    rec = dict(rec)
    rec["digest"] = replay_module._digest(rec)
    return rec


def test_a_record_replays_from_dict_text_and_file(tmp_path):
    rec = a_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    assert len(cardgames.replay(rec)) == len(cardgames.replay(json.dumps(rec))) == len(cardgames.replay(path)) == 7


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_device_is_refused_without_reading_it():
    with pytest.raises(ValueError, match="not a regular file"):
        cardgames.replay("/dev/zero")


def test_a_named_pipe_is_refused_without_opening_it(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result = {}
    worker = threading.Thread(target=lambda: result.setdefault("error", _error(lambda: cardgames.replay(fifo))))
    worker.start()
    worker.join(timeout=10)
    assert not worker.is_alive(), "replay hung on a named pipe"
    assert "not a regular file" in result["error"]


def test_a_folder_and_a_missing_file_are_refused(tmp_path):
    with pytest.raises(ValueError, match="is a folder"):
        cardgames.replay(tmp_path)
    with pytest.raises(ValueError, match="cannot read the record file"):
        cardgames.replay(tmp_path / "nope.json")


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(replay_module, "MAX_RECORD_BYTES", 1000)
    big = tmp_path / "big.json"
    big.write_text(" " * 2000)
    with pytest.raises(ValueError, match="at most 1,000 bytes"):
        cardgames.replay(big)


def test_the_documented_limit_is_five_megabytes():
    assert inputs.MAX_RECORD_BYTES == 5_000_000


@pytest.mark.parametrize("text", ['{"a":' * 100_000 + "1" + "}" * 100_000, "[" * 100_000])
def test_deeply_nested_json_is_a_clear_error_not_a_recursion_error(text, tmp_path):
    with pytest.raises(ValueError, match="nested more than"):
        cardgames.replay(text if text.startswith("{") else _file(tmp_path, text))


def test_a_deeply_nested_dict_is_refused():
    deep: dict = {}
    inner = deep
    for _ in range(10_000):
        inner["a"] = {}
        inner = inner["a"]
    with pytest.raises(ValueError, match="nested more than"):
        cardgames.replay(deep)


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("players", "4", "players must be a whole number"),
        ("players", 99, "players must be a whole number from 1 to 10"),
        ("seed", 1.5, "seed must be a whole number"),
        ("seed", None, "seed must be a whole number"),
        ("seed", True, "seed must be a whole number"),
        ("seed", -1, "seed must be a whole number from 0"),
        ("game", None, "names no game"),
        ("game", "chess", "names no game"),
        ("over", "yes", "'over' must be true or false"),
        ("setup", {"deck": ["H-X"], "colour": 1}, "does not take"),
        ("actions", [[0, "x" * 5000]], "list of \\[player, action text\\] pairs"),
        ("actions", [[True, "pass"]], "list of \\[player, action text\\] pairs"),
    ],
)
def test_tampered_fields_are_value_errors_even_with_a_fresh_digest(field, value, message):
    rec = a_record()
    rec[field] = value
    with pytest.raises(ValueError, match=message):
        cardgames.replay(resigned(rec))


def test_a_record_with_a_field_cardgames_never_writes_is_refused():
    rec = a_record()
    rec["comment"] = "hello"
    with pytest.raises(ValueError, match="fields cardgames does not write"):
        cardgames.replay(resigned(rec))


def test_a_five_thousand_digit_number_is_refused_before_parsing():
    text = json.dumps(a_record()).replace('"seed": 4', '"seed": ' + "9" * 5000)
    with pytest.raises(ValueError, match="more than 30 digits"):
        cardgames.replay(text)


def test_a_view_cannot_be_recorded():
    game = cardgames.load("three_bridges")
    state = game.new(seed=4)
    for _ in range(3):
        seat = game.to_act(state)[0]
        state = game.apply(state, game.legal_actions(state, seat)[0], seat)
    with pytest.raises(ValueError, match="cannot be recorded"):
        cardgames.record(game, game.view(state, 1))


def test_a_teaching_position_cannot_be_recorded():
    from cardgames_widgets import Table

    game = cardgames.load("three_bridges")
    position = game.position(["H-A", "E-A", "S-A"], hands=(("L-A", "L-X", "H-VII"), ("H-VIII", "E-U")))
    with pytest.raises(ValueError, match="teaching position"):
        cardgames.record(game, position)
    with pytest.raises(ValueError):
        Table(game, state=position).record()


def test_record_says_what_it_takes():
    game = cardgames.load("three_bridges")
    with pytest.raises(TypeError, match="takes a game"):
        cardgames.record("three_bridges", game.new(seed=1))
    with pytest.raises(TypeError, match="takes a state"):
        cardgames.record(game, None)


def _file(tmp_path, text):
    path = tmp_path / "deep.json"
    path.write_text(text)
    return path


def _error(call) -> str:
    try:
        call()
    except ValueError as error:
        return str(error)
    return "no error"
