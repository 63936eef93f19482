"""The command line: games, simulate (CSV and Parquet), play in a terminal, replay."""

from __future__ import annotations

import io
import json

import pandas as pd
import pytest
from helpers import PromptAnswerer

import cardgames
from cardgames.__main__ import main


def run(*argv, stdin=""):
    out = io.StringIO()
    code = main(list(argv), inp=io.StringIO(stdin), out=out)
    return code, out.getvalue()


def test_games_lists_every_game_with_its_agents():
    code, text = run("games")
    assert code == 0
    for name in cardgames.games():
        assert name in text
    assert "first_dealer" in text


@pytest.mark.parametrize("ext", ["csv", "parquet"])
def test_simulate_writes_csv_or_parquet(tmp_path, ext):
    path = tmp_path / f"results.{ext}"
    code, text = run(
        "simulate",
        "brokdorf",
        "--players",
        "4",
        "--games",
        "20",
        "--agents",
        "greedy,random,random,random",
        "--seed",
        "0",
        "--out",
        str(path),
    )
    assert code == 0 and "wrote 80 rows" in text
    df = pd.read_csv(path) if ext == "csv" else pd.read_parquet(path)
    expected = cardgames.simulate(
        "brokdorf", players=4, games=20, agents=["greedy", "random", "random", "random"], seed=0
    )
    assert len(df) == 80 and list(df.columns) == list(expected.columns)
    assert (df["euros"].to_numpy() == expected["euros"].to_numpy()).all()


def test_simulate_reports_bad_input_clearly(tmp_path, capsys):
    code, _ = run("simulate", "brokdorf", "--agents", "genius", "--games", "2")
    assert code == 2 and "unknown agent 'genius'" in capsys.readouterr().err
    code, _ = run("simulate", "brokdorf", "--games", "2", "--out", str(tmp_path / "x.txt"))
    assert code == 2 and ".csv or .parquet" in capsys.readouterr().err
    code, _ = run("simulate", "skat")
    assert code == 2 and "unknown game" in capsys.readouterr().err


def test_play_reasks_after_an_illegal_move():
    game = cardgames.load("brokdorf", players=3)
    code, text = run("play", "brokdorf", "--players", "3", "--seed", "4", stdin="bid 9\nnonsense\nquit\n")
    assert code == 0
    assert "not allowed" in text and "BK-4.2" in text and "cannot read" in text and "bye" in text
    assert game.render(game.new(seed=4), 0).splitlines()[1] in text


def test_play_counts_seats_from_1_as_people_do(capsys):
    """--seat 2 is player 2 (the API's seat 1) and the default is player 1; a seat outside 1 to the number
    of players is refused with that range, before a game starts."""
    game = cardgames.load("brokdorf", players=3)
    code, text = run("play", "brokdorf", "--players", "3", "--seed", "4", "--seat", "2", stdin="quit\n")
    assert code == 0 and f"You are {game.seat_name(1)}." in text and game.seat_name(1) == "player 2"
    code, text = run("play", "brokdorf", "--players", "3", "--seed", "4", stdin="quit\n")
    assert code == 0 and f"You are {game.seat_name(0)}." in text
    for seat in ("0", "4", "-1"):
        code, text = run("play", "brokdorf", "--players", "3", "--seat", seat, stdin="quit\n")
        err = capsys.readouterr().err
        assert code == 2 and f"there is no seat {seat}: this game has seats 1 to 3 (--seat counts from 1)" in err
        assert "You are" not in text


def test_play_a_whole_game_in_the_terminal_save_and_replay_it(tmp_path):
    path = tmp_path / "game.json"
    io_ = PromptAnswerer()
    code = main(["play", "brokdorf", "--players", "2", "--seed", "8", "--save", str(path)], inp=io_, out=io_)
    text = io_.getvalue()
    assert code == 0 and "saved to" in text and "euros" in text
    game = cardgames.load("brokdorf", players=2)
    states = cardgames.replay(json.loads(path.read_text()))
    assert game.is_over(states[-1])
    code, text = run("replay", str(path))
    assert code == 0 and "BK-4.2" in text and "euros" in text and text.count("\n") > len(states)


def test_replay_of_a_missing_or_broken_file_is_a_clear_error(tmp_path, capsys):
    code, _ = run("replay", str(tmp_path / "nope.json"))
    assert code == 2 and "cannot read the record file" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "cardgames-record", "vers')
    code, _ = run("replay", str(bad))
    assert code == 2 and "cut short" in capsys.readouterr().err


@pytest.mark.parametrize("name", cardgames.games())
def test_every_game_can_be_played_to_the_end_in_the_terminal(name):
    io_ = PromptAnswerer()
    options = ["--option", "games=1"] if name == "bronko_donko" else []
    code = main(["play", name, "--seed", "3", *options], inp=io_, out=io_)
    text = io_.getvalue()
    assert code == 0 and "your move" in text and "bye" not in text
    lines = [line.strip() for line in text.splitlines()]
    game = cardgames.load(name)
    # the settlement table ends the output: a heading line, then one row per seat
    rows, header = lines[-game.players :], lines[-game.players - 1]
    assert header.split()[:1] == ["player"] and "player" not in header.split()[1:], header
    assert [row[: len(game.seat_name(seat))] for seat, row in enumerate(rows)] == [
        game.seat_name(seat) for seat in range(game.players)
    ]
