"""A game's data frames as a person reads them (issue 31): German headings and words, seats named from 1."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from cardgames_widgets import Table
from cardgames_widgets.frames import for_people, heading

import cardgames
from cardgames.brokdorf import game_log
from cardgames.bronko_donko import fight_log


@pytest.fixture(scope="module")
def brokdorf_over():
    table = Table("brokdorf", players=4, seed=7, agents="greedy", language="en")
    table.run_to_end()
    return table


def test_a_settlement_reads_in_german_with_seats_from_one(brokdorf_over):
    frame = pd.DataFrame(brokdorf_over.settlement().rows())[["player", "points", "euros", "loser", "end"]]
    shown = for_people(frame, brokdorf_over.game, "de")
    assert list(shown.columns) == ["Spieler", "Punkte", "Euro", "Verlierer", "Ende"]
    assert list(shown["Spieler"]) == ["Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4"]
    assert set(shown["Verlierer"]) <= {"ja", "nein"} and "ja" in set(shown["Verlierer"])
    assert list(shown.index) == [1, 2, 3, 4]
    # the API's frame is untouched: English, 0-based
    assert list(frame["player"]) == [0, 1, 2, 3] and frame["loser"].dtype == bool


def test_a_game_log_names_declarer_partners_and_each_seats_tricks(brokdorf_over):
    frame = pd.DataFrame(game_log(brokdorf_over.state))[["declarer", "contract", "trump", "mit", "weg", "tricks"]]
    shown = for_people(frame, brokdorf_over.game, "de")
    assert list(shown.columns) == ["Spielender", "Kontrakt", "Trumpffarbe", "MIT", "WEG", "Stiche"]
    first = frame.iloc[0]
    row = shown.iloc[0]
    if not pd.isna(first["declarer"]):
        assert row["Spielender"] == f"Spieler {int(first['declarer']) + 1}"
    assert row["MIT"] == (", ".join(f"Spieler {s + 1}" for s in first["mit"]) or "–")
    assert row["Stiche"].startswith(f"Spieler 1: {first['tricks'][0]}, Spieler 2: ")
    if first["trump"] == "C":
        assert row["Trumpffarbe"] == "♣ Kreuz"


def test_english_keeps_the_words_and_names_seats_from_one_too(brokdorf_over):
    frame = pd.DataFrame(brokdorf_over.settlement().rows())[["player", "loser"]]
    shown = for_people(frame, "brokdorf", "en")
    assert list(shown.columns) == ["player", "loser"]
    assert shown.iloc[0]["player"] == "player 1"
    assert set(shown["loser"]) <= {"yes", "no"}


def test_values_as_words_numbers_as_the_language_writes_them():
    frame = pd.DataFrame(
        [
            {"player": 0, "eliminated": math.nan, "euros": -0.5, "end": "normal", "result": "win"},
            {"player": 1, "eliminated": 2.0, "euros": 1.25, "end": "misdeal", "result": "loss"},
        ]
    )
    shown = for_people(frame, "three_bridges", "de")
    assert list(shown["ausgeschieden"]) == ["–", "2"]  # a whole count stays whole beside a NaN
    assert list(shown["Euro"]) == ["−0,50", "1,25"]
    assert list(shown["Ende"]) == ["normal", "Fehlgeben"]
    assert list(shown["Ergebnis"]) == ["Sieg", "Niederlage"]
    assert list(shown["Spieler"]) == ["Spieler 1", "Spieler 2"]


def test_a_game_calls_a_column_by_its_own_word():
    table = Table("bronko_donko", seed=3, agents="greedy", language="de")
    table.run_to_end()
    frame = pd.DataFrame(fight_log(table.state))
    shown = for_people(frame, table.game, "de")
    assert list(shown.columns)[:4] == ["Partie", "Schlägerei", "Bronko", "Verlierer"]
    assert shown.iloc[0]["Verlierer"] == f"Spieler {frame.iloc[0]['loser'] + 1}"
    with cardgames.language("de"):
        assert (heading("fight", "brotherhood"), heading("fight", "bronko_donko")) == ("Kampf", "Schlägerei")


def test_a_named_index_and_the_columns_name_get_headings_too():
    frame = pd.DataFrame({0: [12, 15], 1: [13, 16]}, index=pd.Index([12, 15], name="position"))
    frame.columns.name = "D"
    shown = for_people(frame, "rowdy_partners", "de")
    assert shown.index.name == "Position" and list(shown.index) == ["12", "15"]
    assert shown.columns.name == "D"


def test_the_language_in_use_is_the_default():
    frame = pd.DataFrame([{"player": 1, "winner": False}])
    with cardgames.language("de"):
        shown = for_people(frame, "brotherhood")
    assert list(shown.columns) == ["Spieler", "Sieger"]
    assert list(shown.iloc[0]) == ["P2", "nein"]


def test_a_fraction_reads_as_a_decimal():
    from fractions import Fraction

    frame = pd.DataFrame([{"player": 0, "euros": Fraction(-3, 2)}, {"player": 1, "euros": Fraction(3, 2)}])
    assert list(for_people(frame, "brokdorf", "de")["Euro"]) == ["−1,50", "1,50"]


def test_frames_of_any_shape_keep_their_shape():
    """Two columns with one heading, a two-level index and a pivot's columns stay apart and in order."""
    frame = pd.DataFrame([[0, 1, True]], columns=["player", "player", "loser"])
    shown = for_people(frame, "brokdorf", "de")
    assert list(shown.columns) == ["Spieler", "Spieler", "Verlierer"]
    assert list(shown.iloc[0]) == ["Spieler 1", "Spieler 2", "ja"]
    two_levels = pd.DataFrame(
        {"points": [1, 2]}, index=pd.MultiIndex.from_tuples([("A", 0), ("A", 1)], names=["hand", None])
    )
    assert list(for_people(two_levels, "brokdorf", "de").index.names) == ["hand", None]
    pivot = pd.DataFrame([[1, 2]], columns=pd.MultiIndex.from_tuples([("points", "x"), ("euros", "y")]))
    assert list(for_people(pivot, "brokdorf", "de").columns) == ["Punkte · x", "Euro · y"]


@pytest.mark.parametrize("name", cardgames.games())
def test_a_simulated_frame_in_german_has_only_german_headings(name):
    """simulate's frame, the one a class meets first, reads in German: no heading keeps its column name."""
    game = cardgames.load(name)
    frame = cardgames.simulate(game, games=2, seed=3)
    shown = for_people(frame, game, "de")
    english = [column for column, heading in zip(frame.columns, shown.columns) if column.replace("_", " ") == heading]
    assert english == [], english
    assert list(shown.columns[:4]) == ["Spiel Nr.", "Seed", "Spieler", "Agent"]


def _logs() -> list[tuple[str, str, pd.DataFrame]]:
    """The per-game and per-fight logs a notebook shows, each of a whole greedy game."""
    from cardgames.brokdorf import player_games as brokdorf_games
    from cardgames.bronko_donko import player_games as bronko_games
    from cardgames.rowdy_partners.settlement import trick_table

    out = []
    for name, logs in (
        ("brokdorf", (game_log, brokdorf_games)),
        ("bronko_donko", (fight_log, bronko_games)),
        ("rowdy_partners", ()),
    ):
        game = cardgames.load(name)
        state = cardgames.playout(game, ["greedy"] * game.players, 5)
        out += [(name, log.__name__, pd.DataFrame(log(state))) for log in logs]
        if name == "rowdy_partners":
            out.append((name, "trick_table", pd.DataFrame(trick_table(game, state))))
    return out


@pytest.mark.parametrize("name, log, frame", _logs(), ids=lambda value: value if isinstance(value, str) else "")
def test_every_log_a_game_gives_reads_in_german(name, log, frame):
    """Each column of the games' logs has a German heading (decision game, played out, caught violating ...)."""
    shown = for_people(frame, name, "de")
    english = [column for column, heading in zip(frame.columns, shown.columns) if column.replace("_", " ") == heading]
    assert [column for column in english if column != "D"] == [], log  # D: the trick's damage, as RP-4.13 writes it


def test_a_game_number_counts_from_one_for_people():
    """``game_id`` is 0-based in the data, as the API counts; the table a class reads counts games from 1."""
    frame = cardgames.simulate("three_bridges", games=2, seed=3)
    shown = for_people(frame, "three_bridges", "de")
    assert sorted(set(frame["game_id"])) == [0, 1]
    assert sorted(set(shown["Spiel Nr."])) == ["1", "2"]


def test_a_settlement_cell_writes_a_negative_number_with_a_typographic_minus():
    """The table's Abrechnung writes −3,00 and −2 as its pictures and sentences do, not -3,00 or -2."""
    from cardgames_widgets.actions import cell

    with cardgames.language("de"):
        assert (cell(-3.0), cell(-2), cell(2), cell(True)) == ("−3,00", "−2", "2", "ja")
    with cardgames.language("en"):
        assert cell(-0.5) == "−0.50"


def test_three_bridges_role_is_named_by_what_it_does_not_as_p1_or_p2():
    """The data keep the rules' P1/P2; a class reads the role as 'leads rounds 1, 3, 5' (Vorhand in den Runden
    1, 3, 5), so P1 is never read as player 1 beside seats that count from 1."""
    from cardgames_widgets.actions import settlement_rows

    frame = cardgames.simulate("three_bridges", games=2, seed=3)
    assert set(frame["role"]) == {"P1", "P2"}
    shown = for_people(frame, "three_bridges", "de")
    assert set(shown["Rolle"]) == {"Vorhand in den Runden 1, 3, 5", "Vorhand in den Runden 2, 4, 6"}
    assert set(for_people(frame, "three_bridges", "en")["role"]) == {"leads rounds 1, 3, 5", "leads rounds 2, 4, 6"}
    game = cardgames.load("three_bridges")
    state = cardgames.playout(game, ["greedy", "greedy"], 3)
    with cardgames.language("de"):
        headings, rows = settlement_rows(game.settlement(state), game)
    at = headings.index("Rolle")
    assert {row[at] for row in rows} == {"Vorhand in den Runden 1, 3, 5", "Vorhand in den Runden 2, 4, 6"}
