"""Issue 28: nothing a user made is lost, and no file or collection makes a call wait forever.

Every file the library or the command line writes is written beside its target and renamed
into place only when complete; its path is probed before the work that fills it; a game
whose save fails is kept in a fallback file.  Files are opened without waiting, collections
must be bounded sequences.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import resource
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

import cardgames
from cardgames.__main__ import main
from cardgames.core import files
from cardgames.core.files import FileError

from .test_states_and_seats import _midgame

GAMES = cardgames.games()


def _cli(*argv: str, stdin: str = "", limit: int | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """``python -m cardgames ARGV`` in a process of its own (with a file-size limit of ``limit`` bytes)."""

    def limited() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))

    return subprocess.run(
        [sys.executable, "-m", "cardgames", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limited,
        env={**os.environ, "LANGUAGE": "en"},
    )


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


# -- every write is whole or not at all ---------------------------------------------------------


def test_write_replaces_a_file_only_when_the_new_one_is_complete(tmp_path):
    target = tmp_path / "results.csv"
    target.write_text("old rows\n")
    os.chmod(target, 0o640)

    def fails(file):
        file.write(b"half a row")
        raise RuntimeError("interrupted")

    with pytest.raises(RuntimeError):
        files.write(target, fails, "--out")
    assert target.read_text() == "old rows\n"
    assert _leftovers(tmp_path) == []
    files.write(target, lambda file: file.write(b"new rows\n"), "--out")
    assert target.read_text() == "new rows\n"
    assert oct(target.stat().st_mode & 0o777) == oct(0o640)  # the file's permissions are kept
    assert _leftovers(tmp_path) == []


def test_a_link_is_followed_and_the_file_it_points_to_replaced(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("{}")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    files.write(link, lambda file: file.write(b"[1]"), "--save")
    assert link.is_symlink() and real.read_text() == "[1]"


@pytest.mark.parametrize("device", ["/dev/full", "/dev/null", "/dev/zero"])
def test_a_device_or_a_link_to_one_is_refused_before_any_work(tmp_path, device):
    link = tmp_path / "out.csv"
    link.symlink_to(device)
    for path in (link, device):
        with pytest.raises(FileError, match="not a regular file"):
            files.probe(path, "--out")


def test_a_folder_a_missing_folder_and_a_wrong_extension_are_refused(tmp_path):
    with pytest.raises(FileError, match="is a folder"):
        files.probe(tmp_path, "--out")
    with pytest.raises(FileError, match="does not exist"):
        files.probe(tmp_path / "gone" / "x.csv", "--out")
    with pytest.raises(FileError, match=r"\.csv or \.parquet"):
        files.probe(tmp_path / "x.txt", "--out", (".csv", ".parquet"))
    with pytest.raises(ValueError, match="path of a file"):
        files.probe(12, "--out")
    with pytest.raises(FileError, match="not a path"):
        files.probe("a\0b", "--out")


def test_a_size_over_the_free_space_is_refused(tmp_path):
    with pytest.raises(FileError, match="free"):
        files.probe(tmp_path / "x.csv", "--out", size=1 << 62)


@pytest.mark.parametrize("extension", [".csv", ".parquet"])
def test_simulate_under_a_file_size_limit_fails_at_once_and_keeps_the_old_file(tmp_path, extension):
    """Issue 28, 1: `ulimit -f 20` used to cut an existing result file mid-row after all games."""
    old = tmp_path / f"old{extension}"
    old.write_bytes(b"x" * 35_000)
    start = time.monotonic()
    done = _cli("simulate", "brokdorf", "--games", "2000", "--out", str(old), limit=20 * 1024)
    assert done.returncode == 2
    assert time.monotonic() - start < 30  # refused before the games: a game-less process start, not 2000 games
    assert "limit" in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert old.read_bytes() == b"x" * 35_000
    assert _leftovers(tmp_path) == []


def test_simulate_that_fails_while_writing_keeps_the_old_file(tmp_path, monkeypatch):
    """A failure after the games (here: the disk fills while the rows are written) leaves the old file."""
    old = tmp_path / "old.csv"
    old.write_text("game_id,seed\n1,2\n")
    import pandas as pd

    def full(self, path, **kwargs):
        with open(path, "w") as file:
            file.write("game_id,se")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pd.DataFrame, "to_csv", full)
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["simulate", "bronko_donko", "--games", "2", "--out", str(old)], out=io.StringIO()) == 2
    assert "No space left" in err.getvalue() and "as it was" in err.getvalue()
    assert old.read_text() == "game_id,seed\n1,2\n"
    assert _leftovers(tmp_path) == []


def test_simulate_writes_its_rows_whole(tmp_path):
    out = tmp_path / "rows.csv"
    assert main(["simulate", "three_bridges", "--games", "3", "--out", str(out)], out=io.StringIO()) == 0
    import pandas as pd

    assert len(pd.read_csv(out)) == 6
    assert _leftovers(tmp_path) == []


# -- a played game is never lost -----------------------------------------------------------------


def test_play_save_to_a_device_is_refused_before_the_game_starts(tmp_path):
    link = tmp_path / "game.json"
    link.symlink_to("/dev/full")
    done = _cli("play", "three_bridges", "--seed", "1", "--save", str(link), stdin="quit\n")
    assert done.returncode == 2 and "not a regular file" in done.stderr
    assert "Three Bridges, seed" not in done.stdout  # no game was started


class _RemovesFolder(io.StringIO):
    """Input that removes the save's folder while the game is played, then quits."""

    def __init__(self, folder: Path):
        super().__init__("quit\n")
        self.folder = folder

    def readline(self, *args):
        if self.folder.exists():
            self.folder.rmdir()
        return super().readline(*args)


def test_a_save_that_fails_after_play_keeps_the_game_in_a_fallback_file(tmp_path, monkeypatch, capsys):
    """Issue 28, 2: the folder of --save removed during play; the game is written elsewhere and named."""
    monkeypatch.setenv("HOME", str(tmp_path))
    folder = tmp_path / "gone"
    folder.mkdir()
    code = main(
        ["play", "brotherhood", "--seed", "4", "--save", str(folder / "game.json")],
        inp=_RemovesFolder(folder),
        out=io.StringIO(),
    )
    assert code == 2
    message = capsys.readouterr().err
    assert message.count("\n") == 1 and "saved to" in message
    kept = Path(message.split("saved to ")[1].split(" instead")[0])
    assert kept.parent == tmp_path
    states = cardgames.replay(kept)
    assert states[0] == cardgames.load("brotherhood").new(seed=4)


def test_quit_with_save_keeps_the_game_so_far(tmp_path):
    save = tmp_path / "game.json"
    save.write_text("an older save")
    code = main(
        ["play", "rowdy_partners", "--seed", "2", "--save", str(save)], inp=io.StringIO("quit\n"), out=io.StringIO()
    )
    assert code == 0
    rec = json.loads(save.read_text())
    assert rec["over"] is False and cardgames.replay(save)[0] == cardgames.load("rowdy_partners").new(seed=2)


def test_record_with_a_path_writes_the_file_whole(tmp_path):
    game = cardgames.load("bronko_donko", players=3)
    final = cardgames.playout(game, ["random"] * 3, seed=3)
    path = tmp_path / "match.json"
    rec = cardgames.record(game, final, path=path)
    assert json.loads(path.read_text()) == rec
    assert cardgames.replay(path)[-1] == final
    link = tmp_path / "full.json"
    link.symlink_to("/dev/full")
    with pytest.raises(FileError, match="not a regular file"):
        cardgames.record(game, final, path=link)


# -- every game can be recorded and replayed, at every allowed option value ----------------------

OPTION_VALUES = [
    ("brokdorf", 3, {"tournament": True, "start_euros": Fraction(5, 2), "max_rounds": 3}),
    ("brokdorf", 3, {"tournament": True, "lower_bound": Fraction(-1, 2), "start_euros": 3, "max_rounds": 2}),
    ("brokdorf", 5, {"first_dealer": 4}),
    ("bronko_donko", 2, {"games": 1}),
    ("three_bridges", 2, {"first_player": 1}),
    ("rowdy_partners", 4, {"cheat_pool": ["C01", "C01", "C02"], "round_cap": 2}),
    ("rowdy_partners", 3, {"choose_wrestlers": True, "round_cap": 1}),
]


@pytest.mark.parametrize(("name", "players", "options"), OPTION_VALUES, ids=lambda v: str(v))
def test_games_of_every_option_type_round_trip(name, players, options):
    """Issue 28, 4: Fractions (and every other option type) survive record and replay."""
    game = cardgames.load(name, players=players, **options)
    final = cardgames.playout(game, ["random"] * players, seed=2)
    rec = json.loads(json.dumps(cardgames.record(game, final)))
    states = cardgames.replay(rec)
    assert states[-1] == final
    again = cardgames.load(rec["game"], players=rec["players"], **_options_of(rec))
    assert again == game


def _options_of(rec: dict) -> dict:
    from cardgames.core.replay import _restored

    return _restored(rec["options"])


def test_every_declared_option_of_every_game_is_covered_by_a_round_trip():
    covered = {(name, option) for name, _players, options in OPTION_VALUES for option in options}
    for name in GAMES:
        for option in cardgames.load(name).spec.options:
            if option in ("tournament", "wrestlers", "roster", "first_leader"):
                continue  # plain booleans and id lists: the same JSON types as covered ones
            assert (name, option) in covered, (name, option)


def test_a_record_holds_no_more_actions_than_its_game_allows():
    game = cardgames.load("three_bridges")
    rec = cardgames.record(game, game.new(seed=1))
    rec["actions"] = [[0, "pass"]] * (game.max_decisions + 1)
    from cardgames.core.replay import _digest

    rec["digest"] = _digest(rec)
    with pytest.raises(ValueError, match="actions; no three_bridges game"):
        cardgames.replay(rec)


# -- nothing hangs --------------------------------------------------------------------------------


def test_a_fifo_without_a_writer_is_refused_at_once(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    start = time.monotonic()
    with pytest.raises(ValueError, match="not a regular file"):
        cardgames.replay(fifo)
    assert time.monotonic() - start < 5


@pytest.mark.skipif(not os.access("/proc/kmsg", os.R_OK), reason="/proc/kmsg is not readable here")
def test_a_regular_file_that_would_block_is_refused():
    with pytest.raises(ValueError, match="without waiting|cannot read"):
        cardgames.replay("/proc/kmsg")


def test_an_endless_or_huge_collection_is_refused_before_it_is_read():
    huge_pool, huge_events, huge_deck = ["C01"] * 10**7, list(range(10**7)), ["AC"] * 10**7
    start = time.monotonic()
    with pytest.raises(ValueError, match="list"):
        cardgames.load("rowdy_partners", cheat_pool=itertools.repeat("C01"))
    with pytest.raises(ValueError, match="list"):
        cardgames.load("rowdy_partners", roster=iter(["W01", "W02"]))
    with pytest.raises(ValueError, match="at most 100 ids"):
        cardgames.load("rowdy_partners", cheat_pool=huge_pool)
    with pytest.raises(ValueError, match="event deck has 15 cards"):
        cardgames.load("brotherhood").new(seed=1, events=huge_events)
    with pytest.raises(ValueError, match="at most"):
        cardgames.load("brokdorf").new(seed=1, deck=huge_deck)
    assert time.monotonic() - start < 2  # their length is read, not their items


# -- one error type per mistake -------------------------------------------------------------------


def test_a_record_dict_with_what_json_cannot_hold_is_a_value_error():
    import numpy as np

    game = cardgames.load("three_bridges")
    base = cardgames.record(game, game.new(seed=1))
    for tweak in (
        {"players": np.int64(2)},
        {"options": {"first_player": {1, 2}}},
        {"setup": {"deck": object()}},
        {"options": {1: 2, "a": 3}},
    ):
        with pytest.raises(ValueError, match="JSON|key"):
            cardgames.replay({**base, **tweak})


def test_a_record_version_must_be_the_number_itself():
    game = cardgames.load("three_bridges")
    rec = cardgames.record(game, game.new(seed=1))
    with pytest.raises(ValueError, match="version"):
        cardgames.replay({**rec, "version": True})


@pytest.mark.parametrize("players", [4.0, "4", True, 4.5])
def test_players_of_the_wrong_type_is_a_value_error(players):
    with pytest.raises(ValueError, match="players must be an integer"):
        cardgames.load("brokdorf", players=players)


def test_numpy_integers_are_accepted_wherever_ints_are():
    import numpy as np

    game = cardgames.load("brokdorf", players=np.int64(4), first_dealer=np.int32(1), start_euros=np.int16(10))
    assert game.players == 4 and type(game.players) is int
    state = game.new(seed=np.uint64(3))
    seat = np.int64(game.to_act(state)[0])
    assert game.legal_actions(state, seat) == game.legal_actions(state, int(seat))
    game.agent("greedy", np.int8(0))
    assert game.rivals(np.int64(1)) == game.rivals(1)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [-1, "players", 10**100, True, 1.0, "0", None])
def test_agent_rivals_and_seats_refuse_what_is_no_seat(name, seat):
    game = cardgames.load(name)
    seat = game.players if seat == "players" else seat
    with pytest.raises(ValueError, match="seat"):
        game.agent("random", seat)
    with pytest.raises(ValueError, match="seat"):
        game.rivals(seat)


def test_the_brotherhood_fallback_refuses_a_bool_seat():
    game = cardgames.load("brotherhood", players=3)
    state = game.new(seed=1)
    while state.stage != "orders":
        state = game.apply(state, game.legal_actions(state, game.to_act(state)[0])[0], game.to_act(state)[0])
    with pytest.raises(ValueError, match="seat"):
        game.fallback(state, True)


def test_an_unknown_agent_name_of_any_type_is_a_value_error():
    game = cardgames.load("three_bridges")
    for name in (["greedy"], None, "x" * 10_000):
        with pytest.raises(ValueError, match="unknown agent") as error:
            game.agent(name, 0)
        assert len(str(error.value)) < 300


# -- a view is not a state to play on -------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_view_is_refused_by_what_plays_and_taken_by_what_looks(name):
    game = cardgames.load(name)
    state = _midgame(game, seed=3, moves=12)
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    action = game.legal_actions(state, seat)[0]
    for call in (
        lambda: game.legal_actions(view, seat),
        lambda: game.apply(view, action, seat),
        lambda: game.describe(view, action, seat),
        lambda: game.parse_action(view, str(action), seat),
        lambda: cardgames.record(game, view),
    ):
        with pytest.raises(ValueError, match="view"):
            call()
    assert game.render(view, seat) == game.render(state, seat)
    assert game.view(view, seat) == view
    assert game.to_act(view) == game.to_act(state)
    world = game.determinize(view, seat, seed=1)
    assert game.legal_actions(world, seat)  # a world is a full state again
    for other in range(game.players):
        if game.view(state, other) != view:  # (two players who both show their hands see the same)
            with pytest.raises(ValueError, match="another player's view"):
                game.determinize(view, other)


def test_a_bronko_donko_view_renders_its_hidden_cards():
    game = cardgames.load("bronko_donko")
    state = game.new(seed=1)
    assert game.render(game.view(state, 0), 0) == game.render(state, 0)
    assert "hidden" in game.render(game.view(state, 0), 0)


# -- smaller ones -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_apply_of_a_huge_text_is_one_short_value_error_in_every_game(name):
    game = cardgames.load(name)
    state = game.new(seed=1)
    with pytest.raises(ValueError, match="parse_action") as error:
        game.apply(state, "x" * 10**6, game.to_act(state)[0])
    assert len(str(error.value)) < 400


def test_the_cli_quotes_a_huge_bad_value_short():
    done = _cli("simulate", "brokdorf", "--players", "9" * 100_000)
    assert done.returncode == 2 and len(done.stderr) < 500


def test_a_record_file_named_like_json_text_is_read_as_a_file(tmp_path, monkeypatch):
    game = cardgames.load("three_bridges")
    rec = cardgames.record(game, game.new(seed=1))
    monkeypatch.chdir(tmp_path)
    Path("{brace}.json").write_text(json.dumps(rec))
    assert len(cardgames.replay("{brace}.json")) == 1
    assert main(["replay", "{brace}.json"], out=io.StringIO()) == 0


def test_a_record_file_with_a_byte_order_mark_is_read(tmp_path):
    game = cardgames.load("three_bridges")
    rec = cardgames.record(game, game.new(seed=1))
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(rec).encode())
    assert len(cardgames.replay(path)) == 1


def test_a_broken_worker_pool_is_one_line(monkeypatch, capsys):
    from concurrent.futures.process import BrokenProcessPool

    import cardgames.__main__ as cli

    def broken(*args, **kwargs):
        raise BrokenProcessPool("A process in the process pool was terminated abruptly")

    monkeypatch.setattr(cli, "simulate", broken)
    assert main(["simulate", "three_bridges", "--games", "4", "--workers", "1"], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "worker" in err and "Traceback" not in err


def test_an_executor_whose_submit_returns_no_future_is_a_value_error():
    class Odd:
        def submit(self, *args, **kwargs):
            return None

    with pytest.raises(ValueError, match="Future"):
        cardgames.simulate("three_bridges", games=2, executor=Odd())
    game = cardgames.load("three_bridges")
    with pytest.raises(ValueError, match="Future"):
        cardgames.analyse(game, game.new(seed=1), worlds=2, executor=Odd())


@pytest.mark.parametrize("size", [float("nan"), float("inf"), -1, 0, True, "1"])
def test_a_picture_refuses_a_card_size_that_is_no_size(size):
    from cardgames_widgets import picture

    game = cardgames.load("three_bridges")
    with pytest.raises(ValueError, match="card_size"):
        picture(game, game.new(seed=1), card_size=size)


def test_student_notebooks_are_written_whole(tmp_path, monkeypatch):
    """make student-notebooks: each copy without its solution cells, written whole or not at all."""
    import importlib.util

    import nbformat

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("student_notebooks", root / "scripts" / "student_notebooks.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    source = tmp_path / "notebooks"
    source.mkdir()
    book = nbformat.v4.new_notebook()
    solution = nbformat.v4.new_code_cell("answer = 42", metadata={"tags": ["solution"]})
    book.cells = [nbformat.v4.new_markdown_cell("Exercise 1"), solution]
    nbformat.write(book, source / "ex.ipynb")
    target = tmp_path / "students"
    assert script.main(str(source), str(target)) == 0
    copy = nbformat.read(target / "ex.ipynb", as_version=4)
    assert [c.source for c in copy.cells] == ["Exercise 1"]
    before = (target / "ex.ipynb").read_bytes()

    def fails(notebook, name):
        Path(name).write_text("{half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(script.nbformat, "write", fails)
    with pytest.raises(FileError, match="as it was"):
        script.main(str(source), str(target))
    assert (target / "ex.ipynb").read_bytes() == before
    assert _leftovers(target) == []


def test_a_game_of_exactly_the_most_decisions_ends_normally(monkeypatch):
    """playout plays up to max_decisions decisions: a game of exactly that many is no runaway."""
    game = cardgames.load("three_bridges")
    final = cardgames.playout(game, ["random", "random"], seed=1)
    length = len(cardgames.history(final))
    if cardgames.compiled:
        pytest.skip("compiled code reads max_decisions natively; the sources' run (make test's second) checks this")
    monkeypatch.setattr(type(game), "max_decisions", property(lambda self: length), raising=False)
    assert cardgames.playout(game, ["random", "random"], seed=1) == final
    monkeypatch.setattr(type(game), "max_decisions", property(lambda self: length - 1), raising=False)
    with pytest.raises(RuntimeError, match="did not end"):
        cardgames.playout(game, ["random", "random"], seed=1)
