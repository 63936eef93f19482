"""The command line in German (issue 17): --language, the locale environment, help, prompts, errors.

The other CLI tests run in English (tests/conftest.py sets LANGUAGE=en); these ask for
German with ``--language de`` or through the environment, and check that English stays
the default where German is not asked for.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys

import pytest
from helpers import PromptAnswerer

import cardgames
from cardgames.__main__ import main
from cardgames.core.rng import generator


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), inp=io.StringIO(stdin), out=out)
    return code, out.getvalue()


def cli(*argv: str, stdin: str = "", **environ: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONWARNINGS": "ignore", **environ}
    for name in [name for name, value in environ.items() if value is None]:
        del env[name]
    return subprocess.run(
        [sys.executable, "-m", "cardgames", *argv], input=stdin, capture_output=True, text=True, timeout=120, env=env
    )


@pytest.fixture
def german_locale(monkeypatch):
    """A German desktop: LANG=de_DE.UTF-8 and nothing that overrides it."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")


def test_help_is_german_with_language_de(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--language", "de", "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("Aufruf: python -m cardgames [-h] [--language SPRACHE]")
    for phrase in (
        "Fünf Brett- und Kartenspiele",
        "Positionsargumente:",
        "Optionen:",
        "diese Hilfe zeigen und beenden",
        "Sprache",
    ):
        assert phrase in text, phrase
    for english in ("usage:", "show this help", "options:", "positional arguments"):
        assert english not in text, english


@pytest.mark.parametrize(
    "command, phrases",
    [
        ("simulate", ["wie viele Spiele, 0 bis 100.000.000", "--out DATEI", "NAME=WERT", "--workers PROZESSE"]),
        (
            "play",
            [
                "höchstens 1000 Zeichen",
                "Ihr Platz, ab 1 gezählt, wie das Spiel die Spieler nennt (Vorgabe 1: Spieler 1)",
                "--save DATEI",
            ],
        ),
        ("replay", ["höchstens 5 MB", "Prüfsumme", "Datei"]),
        ("games", ["diese Hilfe zeigen und beenden"]),
    ],
)
def test_help_of_every_subcommand_is_german(command, phrases, capsys):
    with pytest.raises(SystemExit):
        main(["--language", "de", command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert text.startswith(f"Aufruf: python -m cardgames {command} [-h]")
    for phrase in phrases:
        assert phrase in text, (phrase, text)


@pytest.mark.parametrize(
    "argv",
    [
        ["--language=de", "--help"],
        ["--lang", "de", "--help"],  # argparse's abbreviation of --language
        ["--language", "de_DE.UTF-8", "--help"],  # what gettext accepts
        ["--language", "DE-at", "--help"],
    ],
)
def test_every_spelling_of_language_de_is_read_before_the_help_is_built(argv, capsys):
    with pytest.raises(SystemExit):
        main(argv)
    assert capsys.readouterr().out.startswith("Aufruf:")


def test_language_may_follow_the_subcommand(capsys):
    code, _ = run("simulate", "chess", "--language", "de")
    assert code == 2 and capsys.readouterr().err.startswith("Fehler: unbekanntes Spiel „chess“")


def test_the_language_is_given_back_after_the_command():
    run("--language", "de", "games")
    assert cardgames.get_language() == "en"


def test_an_unknown_language_is_refused_in_one_line_with_the_choices():
    done = cli("--language", "fr", "games")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "argument --language: there are no texts in the language 'fr'" in done.stderr
    assert "choose 'en' (English) or 'de' (Deutsch)" in done.stderr


def test_an_unknown_language_is_refused_in_the_language_of_the_environment(german_locale, capsys):
    with pytest.raises(SystemExit) as done:
        main(["--language", "klingon", "games"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "Fehler: Argument --language: es gibt keine Texte in der Sprache „klingon“" in err
    assert "wählen Sie „en“ (English) oder „de“ (Deutsch)" in err


def test_a_german_locale_makes_the_command_line_german_by_default(german_locale, capsys):
    code, _ = run("simulate", "chess")
    assert code == 2
    assert capsys.readouterr().err.startswith("Fehler: unbekanntes Spiel „chess“; die Spiele sind: brokdorf")


def test_a_german_locale_makes_the_help_german_in_a_new_process():
    done = cli("--help", LANG="de_DE.UTF-8", LANGUAGE=None, LC_ALL=None, LC_MESSAGES=None)
    assert done.returncode == 0 and done.stdout.startswith("Aufruf: python -m cardgames"), done.stdout


def test_language_en_in_the_environment_keeps_english(monkeypatch, capsys):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setenv("LANGUAGE", "en")
    code, _ = run("simulate", "chess")
    assert code == 2 and capsys.readouterr().err.startswith("error: unknown game 'chess'")
    done = cli("--help", LANG="de_DE.UTF-8", LANGUAGE="en")
    assert done.stdout.startswith("usage: python -m cardgames")


def test_language_en_overrides_a_german_locale(german_locale, capsys):
    code, _ = run("--language", "en", "simulate", "chess")
    assert code == 2 and capsys.readouterr().err.startswith("error: unknown game 'chess'")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "three_bridges", "--games", "x"], "Argument --games: keine ganze Zahl: 'x'"),
        (["simulate"], "Fehler: diese Argumente fehlen: Spiel (siehe python -m cardgames simulate --help)"),
        ([], "Fehler: diese Argumente fehlen: Befehl"),
        (["chess"], "Argument Befehl: ungültige Wahl: 'chess' (wählen Sie aus 'games', 'simulate'"),
        (["games", "--frob"], "unbekannte Argumente: --frob"),
        (["simulate", "three_bridges", "--option", "nonsense"], "eine Option ist NAME=WERT, z. B. first_dealer=2"),
        (["simulate", "three_bridges", "--option", "seed=3"], "seed ist keine Spieloption: verwenden Sie stattdessen"),
        (["simulate", "three_bridges", "--option", "x=" + "[" * 40], "mehr als 20 Ebenen tief verschachtelt"),
        (["simulate", "three_bridges", "--workers", "-1"], "--workers ist eine ganze Zahl von 0 bis"),
        (["simulate", "three_bridges", "--seed"], "Argument --seed: erwartet einen Wert"),
    ],
)
def test_argument_errors_are_german_and_one_line(argv, message, capsys):
    with pytest.raises(SystemExit) as done:
        main(["--language", "de", *argv])
    err = capsys.readouterr().err
    assert done.value.code == 2 and message in err and err.count("\n") == 1, err
    assert "error" not in err and "argument" not in err, err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "chess"], "Fehler: unbekanntes Spiel „chess“"),
        (
            ["simulate", "brokdorf", "--players", "9"],
            "Fehler: Brokdorf wird von 2 bis 6 Spielern gespielt, nicht von 9",
        ),
        (["simulate", "brokdorf", "--agents", "genius", "--games", "2"], "unbekannter Agent „genius“ für brokdorf"),
        (["simulate", "brokdorf", "--option", "colour=1"], "unbekannte Option „colour“ für brokdorf"),
        (
            ["simulate", "brokdorf", "--option", "tournament=5"],
            "Option tournament=5 von brokdorf: muss True oder False",
        ),
        (["simulate", "brokdorf", "--games", "-4"], "--games muss eine ganze Zahl von 0 bis 100000000 sein"),
        (["simulate", "brokdorf", "--out", "x.txt"], "--out muss auf .csv oder .parquet enden, nicht „x.txt“"),
        (["simulate", "brokdorf", "--out", "/nonexistent/d/x.csv"], "der Ordner „/nonexistent/d“ existiert nicht"),
        (["play", "brokdorf", "--save", "/tmp"], "--save „/tmp“ ist ein Ordner; geben Sie einen Dateinamen an"),
        (
            ["play", "brokdorf", "--seat", "7"],
            "es gibt keinen Platz 7: dieses Spiel hat die Plätze 1 bis 4 (--seat zählt ab 1)",
        ),
        (
            ["play", "brokdorf", "--seat", "0"],
            "es gibt keinen Platz 0: dieses Spiel hat die Plätze 1 bis 4 (--seat zählt ab 1)",
        ),
        (["play", "brokdorf", "--bots", "genius"], "unbekannter Agent „genius“ für brokdorf"),
        (["replay", "/nonexistent.json"], "die Aufzeichnungsdatei „/nonexistent.json“ kann nicht gelesen werden"),
        (["replay", "/dev/null"], "keine reguläre Datei (eine Pipe, ein Gerät oder ein Socket)"),
    ],
)
def test_errors_of_the_commands_are_german(argv, message, capsys):
    code, text = run("--language", "de", *argv, stdin="quit\n")
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("Fehler: ") and message in err and err.count("\n") == 1, err
    assert "Seed" not in text, "no game was started"


def test_a_broken_record_is_refused_in_german(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "cardgames-record", "vers')
    code, _ = run("--language", "de", "replay", str(bad))
    err = capsys.readouterr().err
    assert code == 2 and "die Aufzeichnung ist kein gültiges JSON" in err and "gekürzt oder bearbeitet" in err
    good = tmp_path / "good.json"
    game = cardgames.load("three_bridges")
    rec = cardgames.record(game, cardgames.playout(game, ["random", "random"], 5))
    good.write_text(json.dumps({**rec, "seed": rec["seed"] + 1}))
    code, _ = run("--language", "de", "replay", str(good))
    assert code == 2 and "die Aufzeichnung wurde nach dem Schreiben verändert" in capsys.readouterr().err


def test_games_lists_in_german():
    code, text = run("--language", "de", "games")
    assert code == 0
    assert "Brokdorf: 2-6 Spieler; Agenten random, greedy" in text
    assert "--option first_dealer=... (" in text and "; Vorgabe None)" in text


def test_simulate_reports_in_german(tmp_path):
    code, text = run("--language", "de", "simulate", "three_bridges", "--games", "3", "--out", str(tmp_path / "r.csv"))
    assert code == 0 and f"6 Zeilen (3 Spiele) in {tmp_path / 'r.csv'} geschrieben" in text
    code, text = run("--language", "de", "simulate", "three_bridges", "--games", "1", "--out", str(tmp_path / "r.csv"))
    assert code == 0 and "2 Zeilen (1 Spiel) in" in text
    code, text = run("simulate", "three_bridges", "--games", "1", "--out", str(tmp_path / "r.csv"))
    assert code == 0 and "wrote 2 rows (1 games) to" in text  # the English text as it always was


def test_play_prompts_and_answers_in_german():
    code, text = run(
        "--language", "de", "play", "brokdorf", "--players", "3", "--seed", "4", stdin="bid 9\nnonsense\nhelp\nquit\n"
    )
    assert code == 0
    assert text.startswith(
        "Brokdorf, Seed 4. Sie sind Spieler 1. Geben Sie einen Zug ein, wie er angezeigt wird, „hilfe“ oder „ende“."
    )
    assert "Ihr Zug (gut, Gebot 1, Gebot 2" in text  # the moves as the table's buttons label them
    assert "\nIhr Zug" in text and "> nicht erlaubt: " in text and "(BK-4.2)" in text
    assert "> unbekannte Eingabe: „nonsense“ wird nicht verstanden; jetzt möglich: gut; Gebot 1, 2, 3, 4, 5" in text
    assert "> jetzt erlaubt: gut, Gebot 1, Gebot 2, Gebot 3, Gebot 4, Gebot 5" in text
    assert text.endswith("\nAuf Wiedersehen\n")
    for english in ("your move", "not allowed", "cannot read", "legal now", "bye", "You are"):
        assert english not in text, english


def test_a_line_too_long_is_answered_in_german():
    code, text = run("--language", "de", "play", "brokdorf", "--seed", "1", stdin="zz;" * 400 + "\nquit\n")
    assert code == 0 and "diese Zeile ist länger als 1000 Zeichen; eine Aktion ist wenige Wörter lang" in text


def test_play_tells_the_bots_moves_with_the_games_german_sentence():
    """The sentence of a bot's move is the game's own German sentence (its catalog), not the English one."""
    game = cardgames.load("brokdorf", players=3)
    state = game.new(seed=4)
    seat = game.to_act(state)[0]
    assert seat != 0, "a bot acts first"
    action = game.agent("greedy", seat).act(
        game.view(state, seat), game.legal_actions(state, seat), generator(4, "agent", seat)
    )
    english = game.describe(state, action, seat)
    with cardgames.language("de"):
        german = game.describe(state, action, seat)
    code, text = run("--language", "de", "play", "brokdorf", "--players", "3", "--seed", "4", stdin="quit\n")
    assert code == 0 and f"\n  {german}\n" in text
    if german == english:
        pytest.skip("the German Brokdorf sentences have not landed yet")
    assert english not in text


def test_replay_tells_every_move_in_german(tmp_path):
    game = cardgames.load("three_bridges")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(cardgames.record(game, cardgames.playout(game, ["greedy", "random"], 7))))
    code, english = run("replay", str(path))
    assert code == 0
    code, german = run("--language", "de", "replay", str(path))
    assert code == 0
    moves_en = [line for line in english.splitlines() if re.match(r" *\d+\. ", line)]
    moves_de = [line for line in german.splitlines() if re.match(r" *\d+\. ", line)]
    assert len(moves_en) == len(moves_de) > 10
    assert [line.split(". ", 1)[0] for line in moves_en] == [line.split(". ", 1)[0] for line in moves_de]
    if moves_en == moves_de:
        pytest.skip("the German Three Bridges sentences have not landed yet")
    assert sum(en != de for en, de in zip(moves_en, moves_de)) > len(moves_en) // 2


def test_a_whole_game_in_german_saved_and_replayed_in_english(tmp_path):
    path = tmp_path / "game.json"
    io_ = PromptAnswerer("Ihr Zug (")
    code = main(["--language", "de", "play", "three_bridges", "--seed", "8", "--save", str(path)], inp=io_, out=io_)
    text = io_.getvalue()
    assert code == 0 and f"gespeichert in {path}" in text
    code, replayed = run("replay", str(path))  # the record holds action texts, the same in every language
    assert code == 0 and "TB-" in replayed


def test_german_play_takes_the_moves_as_listed_and_ends_with_a_german_table():
    """The German terminal lists, reads and settles in the table's words: "Gebot 2", "Trumpf ♣ Kreuz", a hand card
    as its button shows it (♣D, not QC), 'hilfe' and 'ende'; the last table has German headings and seats from 1."""
    code, text = run(
        "--language", "de", "play", "brokdorf", "--players", "3", "--seed", "4", stdin="Gebot 2\nhilfe\nende\n"
    )
    assert code == 0 and "Spieler 1 bietet 2 Stiche (BK-4.2)" in text and "> jetzt erlaubt: " in text
    assert text.endswith("\nAuf Wiedersehen\n")
    for english in ("bid ", "trump ", "play "):
        assert english not in text.split("Ihr Zug", 1)[1], english
    io_ = PromptAnswerer("Ihr Zug (")
    assert main(["--language", "de", "play", "brokdorf", "--seed", "3"], inp=io_, out=io_) == 0
    played = io_.getvalue()
    assert "spielen ♣D" in played or "spielen ♠D" in played or "spielen ♥D" in played or "spielen ♦D" in played
    header = [line for line in played.splitlines() if line.split()[:2] == ["Spieler", "Punkte"]]
    assert header and "Verlierer" in header[-1] and "loser" not in played
    rows = played.split(header[-1], 1)[1].strip().splitlines()
    assert [row.split()[:2] for row in rows] == [["Spieler", str(n)] for n in range(1, 5)]


def test_a_card_typed_as_its_button_shows_it_gets_the_rule_that_forbids_it(capsys):
    """Typing the label of a card that may not be played now gets the game's refusal with its clause, in German."""
    from cardgames_widgets import faces
    from cardgames_widgets.actions import typed_text

    game = cardgames.load("brokdorf", players=4)
    face = faces.for_game("brokdorf")
    rng = random.Random(5)
    for seed in range(20):
        state = game.new(seed=seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            hand = [c for c in game.hand(state, seat) or () if c is not None]
            played = {c for a in legal if game.action_parts(a).verb == "play" for c in game.action_parts(a).cards}
            refused = [c for c in hand if played and c not in played]
            if refused:
                with cardgames.language("de"):
                    label = face.card_label(refused[0])
                    assert label != refused[0]
                    text = typed_text(game, face, state, seat, label)
                    assert text == f"play {refused[0]}"
                    with pytest.raises(cardgames.IllegalMove) as caught:
                        game.parse_action(state, text, seat)
                    assert caught.value.rule.startswith("BK-4.1")
                return
            state = game.apply(state, rng.choice(legal), seat)
    pytest.fail("no hand with a card that may not be played in 20 games")
