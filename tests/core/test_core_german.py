"""The core's texts in German (issue 17): refusals, bad input, saved games, analysis.

Every game uses the core's checks (whose turn it is, a finished game, seats, player
counts, options, records); their messages follow the language in use and keep the clause
a refusal names.  The English texts stay exactly as they were.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import cardgames
from cardgames import IllegalMove, language
from cardgames.core import inputs
from cardgames.core.errors import SeatError
from cardgames.core.game import Game, game_text, joined, per_seat
from cardgames.core.probability import estimate
from cardgames.core.simulate import playout

#: the games whose refusals after the end are the core's own
CORE_OVER = ["brokdorf", "bronko_donko", "three_bridges", "brotherhood"]
#: the games whose refusals of a player out of turn are the core's own
CORE_TURN = ["brokdorf", "bronko_donko", "three_bridges"]


def _refusal(game, state, action, player):
    with pytest.raises(IllegalMove) as refused:
        game.apply(state, action, player)
    return refused.value


@pytest.mark.parametrize("name", CORE_OVER)
def test_a_move_after_the_end_is_refused_in_german_with_its_clause(name):
    game = cardgames.load(name)
    action = game.legal_actions(game.new(seed=1))[0] if not game.spec.simultaneous else None
    if action is None:
        state = game.new(seed=1)
        action = game.legal_actions(state, game.to_act(state)[0])[0]
    end = playout(game, ["random"] * game.players, 3)
    english = _refusal(game, end, action, 0)
    with language("de"):
        german = _refusal(game, end, action, 0)
    rule = game.spec.over_rule
    assert str(english) == f"The game is over: no more actions ({rule})"
    assert str(german) == f"Das Spiel ist vorbei: keine weiteren Aktionen ({rule})"
    assert (german.rule, german.player, german.action) == (english.rule, english.player, english.action)


@pytest.mark.parametrize("name", CORE_TURN)
def test_a_player_out_of_turn_is_refused_in_german_with_its_clause(name):
    game = cardgames.load(name)
    state = game.new(seed=1)
    seat = game.to_act(state)[0]
    other = (seat + 1) % game.players
    action = game.legal_actions(state, seat)[0]
    english = _refusal(game, state, action, other)
    with language("de"):
        german = _refusal(game, state, action, other)
    assert str(english) == f"It is player {seat + 1}'s turn, not player {other + 1}'s ({english.rule})"  # from 1
    assert str(german) == f"Spieler {seat + 1} ist am Zug, nicht Spieler {other + 1} ({english.rule})"
    assert german.rule == english.rule and german.rule.startswith(game.spec.prefix + "-")


def test_several_players_to_act_read_as_a_plural():
    game = cardgames.load("brokdorf", players=4)
    state = game.new(seed=1)
    action = game.legal_actions(state)[0]
    assert str(game._turn_refusal(state, 0, action, (1, 2))).startswith("It is player 2 and player 3's turn, not")
    with language("de"):
        refusal = game._turn_refusal(state, 0, action, (1, 2, 3))
        assert str(refusal).startswith("Spieler 2, Spieler 3 und Spieler 4 sind am Zug, nicht Spieler 1 (BK-")
        assert joined(["A", "B"]) == "A und B" and joined([]) == ""
    assert joined(["A", "B", "C"]) == "A, B and C" and joined(["A"]) == "A"


def test_seat_names_and_the_default_refusal_follow_the_language():
    game = cardgames.load("three_bridges")
    assert (game.seat_name(0), game.seat_name(1)) == ("player 1", "player 2")  # people count seats from 1
    with language("de"):
        assert (game.seat_name(0), game.seat_name(1)) == ("Spieler 1", "Spieler 2")
        assert Game._refusal(game, game.new(seed=1), 1, "place X").message == "place X ist jetzt nicht erlaubt"


@pytest.mark.parametrize(
    "call, english, german",
    [
        (
            lambda: cardgames.load("brokdorf", players=9),
            "Brokdorf is played by 2 to 6 players, not 9",
            "Brokdorf wird von 2 bis 6 Spielern gespielt, nicht von 9",
        ),
        (
            lambda: cardgames.load("brokdorf", players="four"),
            "players must be an integer from 2 to 6, not 'four'",
            "players (die Zahl der Spieler) muss eine ganze Zahl von 2 bis 6 sein, nicht „four“",
        ),
        (
            lambda: cardgames.load("brokdorf", colour=1),
            "unknown option 'colour' for brokdorf; its options are: first_dealer",
            "unbekannte Option „colour“ für brokdorf; seine Optionen sind: first_dealer",
        ),
        (
            lambda: cardgames.load("brokdorf", tournament=5),
            "option tournament=5 of brokdorf: must be True or False [tournament: ",
            "Option tournament=5 von brokdorf: muss True oder False sein [tournament: ",
        ),
        (
            lambda: cardgames.load("brokdorf", first_dealer=-1),
            "must be an integer of at least 0 (or None)",
            "muss eine ganze Zahl ab 0 sein (oder None)",
        ),
        (
            lambda: cardgames.load("Brok-dorf"),
            "unknown game 'Brok-dorf'; the games are: brokdorf, bronko_donko",
            "unbekanntes Spiel „Brok-dorf“; die Spiele sind: brokdorf, bronko_donko",
        ),
        (lambda: cardgames.load("brokdorf", players=4).check_seat(7), "there is no seat 7", "es gibt keinen Platz 7"),
        (
            lambda: cardgames.load("brokdorf", players=4).check_seat("0"),
            "a player is a seat number from 0 to 3 (an int), not '0'",
            "ein Spieler ist eine Platznummer von 0 bis 3 (ein int), nicht „0“",
        ),
        (
            lambda: cardgames.load("brokdorf").agent("genius", 0),
            "unknown agent 'genius' for brokdorf; choose from random",
            "unbekannter Agent „genius“ für brokdorf; wählen Sie aus random",
        ),
        (
            lambda: cardgames.load("brokdorf").settlement(cardgames.load("brokdorf").new(seed=1)),
            "Brokdorf is not over yet: settlement is only defined at the end",
            "Brokdorf ist noch nicht vorbei: die Abrechnung gibt es erst am Ende",
        ),
        (
            lambda: cardgames.load("brokdorf").new(seed=-1),
            "seed must be a whole number from 0 to 2**64 - 1, not -1",
            "der Seed muss eine ganze Zahl von 0 bis 2**64 - 1 sein, nicht -1",
        ),
        (
            lambda: cardgames.load("brokdorf").new(seed=1, hand=3),
            "brokdorf.new() got unexpected hand; it takes seed, deck",
            "brokdorf.new() hat unerwartet hand erhalten; es nimmt seed, deck",
        ),
        (
            lambda: cardgames.load("brokdorf").new(seed=1, deck="AC"),
            "a stacked deck is a list of card codes in draw order, e.g. ",
            "ein vorgegebener Stapel ist eine Liste von Kartencodes in Ziehreihenfolge, z. B. ",
        ),
        (
            lambda: cardgames.load("brokdorf").new(seed=1, deck=["AC", "AC"]),
            "stacked deck: 'AC' is given twice; the deck holds it once",
            "vorgegebener Stapel: „AC“ steht zweimal darin; das Kartenspiel enthält diese Karte nur einmal",
        ),
        (
            lambda: cardgames.load("brokdorf").parse_action(cardgames.load("brokdorf").new(seed=1), 3),
            "an action text must be a string such as",
            "ein Aktionstext muss ein Text wie",
        ),
        (
            lambda: cardgames.load("brokdorf").view(cardgames.load("three_bridges").new(seed=1), 0),
            "this state is a three_bridges state; this game is brokdorf (4 players): pass a state made by",
            "dieser Zustand ist ein Zustand von three_bridges; dieses Spiel ist brokdorf (4 Spieler): übergeben Sie",
        ),
        (
            lambda: cardgames.simulate("brokdorf", games=2, agents=["greedy"]),
            "agents lists one agent per seat: 4 names for 4 players, got 1",
            "agents nennt einen Agenten je Platz: 4 Namen für 4 Spieler, erhalten: 1",
        ),
        (
            lambda: cardgames.simulate("brokdorf", games=-1),
            "games must be a whole number from 0 to 100000000, not -1",
            "games muss eine ganze Zahl von 0 bis 100000000 sein, nicht -1",
        ),
    ],
)
def test_bad_input_is_refused_in_german(call, english, german):
    with pytest.raises((ValueError, TypeError)) as refused:
        call()
    assert english in str(refused.value)
    with language("de"):
        with pytest.raises(type(refused.value)) as refused_de:
            call()
    assert german in str(refused_de.value), str(refused_de.value)


def test_a_seat_error_stays_both_a_value_error_and_a_type_error_in_german():
    with language("de"), pytest.raises(SeatError, match="es gibt keinen Platz 9: dieses Spiel hat die Plätze 0 bis 1"):
        cardgames.load("three_bridges").legal_actions(cardgames.load("three_bridges").new(seed=1), 9)


def test_a_long_action_text_is_refused_with_german_thousands():
    game = cardgames.load("brokdorf")
    state = game.new(seed=1)
    with pytest.raises(ValueError, match="this one has 5,000 "):
        game.parse_action(state, "x" * 5000)
    with language("de"), pytest.raises(ValueError, match=r"höchstens 1000 Zeichen, etwa .*; dieser hat 5\.000 "):
        game.parse_action(state, "x" * 5000)


@pytest.fixture
def saved():
    game = cardgames.load("three_bridges")
    return cardgames.record(game, playout(game, ["random", "random"], 5))


@pytest.mark.parametrize(
    "change, english, german",
    [
        (
            lambda r: {**r, "format": "chess"},
            "this is not a cardgames record",
            "dies ist keine Aufzeichnung von cardgames",
        ),
        (
            lambda r: {**r, "version": 7},
            "this record has version 7; this cardgames reads version 1.",
            "diese Aufzeichnung hat die Version 7; dieses cardgames liest Version 1.",
        ),
        (
            lambda r: {k: v for k, v in r.items() if k != "over"},
            "the record lacks over; it was cut short",
            "der Aufzeichnung fehlt over; sie wurde gekürzt",
        ),
        (
            lambda r: {**r, "seed": r["seed"] + 1},
            "the record was changed after it was written (its digest does not match)",
            "die Aufzeichnung wurde nach dem Schreiben verändert (ihre Prüfsumme stimmt nicht)",
        ),
        (
            lambda r: json.dumps(r)[:-40],
            "the record is not valid JSON",
            "die Aufzeichnung ist kein gültiges JSON",
        ),
        (lambda r: [r], "a record is a dict made by cardgames.record()", "eine Aufzeichnung ist ein dict aus"),
        (
            lambda r: "/nonexistent/record.json",
            "cannot read the record file '/nonexistent/record.json'",
            "die Aufzeichnungsdatei „/nonexistent/record.json“ kann nicht gelesen werden",
        ),
    ],
)
def test_a_malformed_record_is_refused_in_german(saved, change, english, german):
    with pytest.raises(ValueError, match=None) as refused:
        cardgames.replay(change(saved))
    assert english in str(refused.value)
    with language("de"), pytest.raises(ValueError) as refused_de:
        cardgames.replay(change(saved))
    assert german in str(refused_de.value), str(refused_de.value)


def test_an_action_that_cannot_be_replayed_names_it_in_german(saved):
    from cardgames.core.replay import _digest

    # the record says seat 0 (0-based, as the API); the sentence names it as people read it: Spieler 1
    broken = {**saved, "actions": [[0, "dance"], *saved["actions"][1:]]}
    broken["digest"] = _digest(broken)
    with language("de"), pytest.raises(ValueError) as refused:
        cardgames.replay(broken)
    assert str(refused.value).startswith(
        "Aktion 1 der Aufzeichnung („dance“ von Spieler 1) lässt sich nicht nachspielen: "
    )


def test_analysis_refusals_are_german():
    game = cardgames.load("three_bridges")
    state = game.new(seed=1)
    other = 1 - game.to_act(state)[0]
    with language("de"):
        with pytest.raises(ValueError, match=r"^Spieler \d ist jetzt nicht am Zug \(am Zug: \d\); analysieren Sie"):
            cardgames.analyse(game, state, player=other, worlds=2)
        with pytest.raises(ValueError, match="unbekannte Strategie „genius“ für three_bridges; wählen Sie eine von"):
            cardgames.analyse(game, state, worlds=2, policy="genius")
        with pytest.raises(ValueError, match="dieses Spiel Three Bridges ist vorbei: Es gibt keine Entscheidung mehr"):
            cardgames.analyse(game, playout(game, ["random", "random"], 2), worlds=2)
        with pytest.raises(ValueError, match="worlds muss eine ganze Zahl von 1 bis"):
            cardgames.analyse(game, state, worlds=0)


def test_input_checks_speak_german():
    with language("de"):
        with pytest.raises(ValueError, match="^--games muss eine ganze Zahl ab 0 sein, nicht -1$"):
            inputs.integer(-1, "--games", 0)
        with pytest.raises(ValueError, match="^x muss eine ganze Zahl bis höchstens 3 sein, nicht 4$"):
            inputs.integer(4, "x", maximum=3)
        with pytest.raises(ValueError, match="^die Aufzeichnung ist mehr als 20 Ebenen tief verschachtelt"):
            inputs.loads("[" * 30)
        assert inputs.excerpt(10**200) == "<eine ganze Zahl mit etwa 200 Ziffern>"
        assert inputs.thousands(1234567) == "1.234.567"
    assert inputs.thousands(1234567) == "1,234,567"
    with pytest.raises(ValueError, match="^the record is nested more than 20 levels deep"):
        inputs.loads("[" * 30)


def test_an_estimate_reads_as_german_numbers():
    found = estimate(5, 10_000)
    assert str(found) == "0.00050 (95% interval 0.00021 to 0.00117, 10,000 samples)"
    with language("de"):
        assert str(found) == "0,00050 (95-%-Intervall 0,00021 bis 0,00117, 10.000 Stichproben)"
    assert Fraction(1, 2000) in found


def test_a_game_text_is_read_from_the_games_catalog():
    """An option's doc is a game's text: shown through that game's catalog, as written where it has none."""
    with language("de"):
        assert game_text("no_such_game", "seat of the first dealer") == "seat of the first dealer"
        for name in cardgames.games():
            for option in cardgames.load(name).spec.options.values():
                assert isinstance(game_text(name, option.doc), str) and game_text(name, option.doc)


def test_a_value_per_seat_names_each_seat_and_keeps_each_entry_whole():
    """``per_seat`` writes the seats as people read them (from 1), each entry unbreakable on a narrow picture."""
    assert per_seat([(0, 15), (3, "+4 €")]) == "player\xa01:\xa015, player\xa04:\xa0+4\xa0€"
    with language("de"):
        assert per_seat(enumerate([0, 2])) == "Spieler\xa01:\xa00, Spieler\xa02:\xa02"
    assert per_seat([]) == ""
