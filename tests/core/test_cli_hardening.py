"""The command line never shows a traceback for a user's mistake, and checks output paths before any work."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time

import pytest

from cardgames.__main__ import main


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), inp=io.StringIO(stdin), out=out)
    return code, out.getvalue()


def cli(*argv: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cardgames", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )


@pytest.mark.parametrize(
    "argv, message",
    [
        (["play", "three_bridges", "--save", "/nonexistent/d/g.json"], "folder"),
        (["play", "three_bridges", "--save", "/tmp"], "is a folder"),
        (["simulate", "three_bridges", "--games", "5", "--out", "/nonexistent/d/x.csv"], "folder"),
        (["simulate", "three_bridges", "--games", "5", "--out", "x.txt"], "must end in .csv or .parquet"),
    ],
)
def test_an_output_path_is_checked_before_any_game_is_played(argv, message, capsys):
    started = time.perf_counter()
    code, text = run(*argv, stdin="quit\n")
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1
    assert "seed" not in text, "no game was started"
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "three_bridges", "--option", "players=3"], "use --players"),
        (["simulate", "three_bridges", "--workers", "-1"], "--workers is a whole number from 0"),
        (["simulate", "three_bridges", "--option", "first_player=" + "[" * 40], "nested more than"),
        (["simulate", "three_bridges", "--option", "first_player=" + "[" * 100_000], "longer than 1000"),
        (["simulate", "three_bridges", "--option", "nonsense"], "an option is NAME=VALUE"),
        (["simulate", "three_bridges", "--games", "x"], "invalid int value"),
        (["simulate", "chess"], "unknown game"),
        (["simulate", "three_bridges", "--games", "-4"], "--games must be a whole number from 0"),
        (["replay", "/dev/null"], "not a regular file"),
    ],
)
def test_every_user_error_is_one_line_on_stderr_and_exit_code_2(argv, message):
    done = cli(*argv)
    assert done.returncode == 2, done.stderr
    assert message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.strip().count("\n") == 0, done.stderr


def test_a_game_option_named_like_an_argument_of_simulate_reaches_the_game(tmp_path):
    code, text = run(
        "simulate", "bronko_donko", "--games", "2", "--option", "games=1", "--out", str(tmp_path / "bd.csv")
    )
    assert code == 0 and "wrote" in text


def test_a_huge_action_line_in_play_is_answered_at_once():
    started = time.perf_counter()
    code, text = run("play", "brotherhood", "--seed", "1", stdin="zz;" * 300_000 + "\nquit\n")
    assert code == 0 and "longer than 1000 characters" in text
    assert time.perf_counter() - started < 5 and len(text) < 20_000


@pytest.mark.parametrize("command", ["simulate", "play", "replay"])
def test_help_of_every_subcommand_documents_formats_and_limits(command):
    done = cli(command, "--help")
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    expected = {
        "simulate": [".csv or .parquet", "--workers", "100,000,000"],
        "play": ["at most 1000 characters", "--save"],
        "replay": ["at most 5 MB", "digest"],
    }[command]
    for phrase in expected:
        assert phrase in text, (phrase, text)
