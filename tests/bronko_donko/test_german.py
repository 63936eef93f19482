"""Bronko-Donko in German (issue 17): describe sentences, refusals, settlement sentences and the table in German,
with the terms of rules.de.md; card codes, action texts and clause ids as in English.

The language is chosen per call (``cardgames.language``): the same step told in English right after is English.
"""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.bronko_donko import deck_for
from cardgames.bronko_donko.game import OBJECTIVE, BronkoDonko
from cardgames.bronko_donko.rules import HAUFEN, KNOCKOUT, ORDER
from cardgames.core.errors import IllegalMove
from cardgames.core.game import Face
from cardgames.core.i18n import Catalog

from .helpers import form, load, play, second_seat_out, standing, table
from .test_examples import example_13_12_settling, example_13_14_escape, gong_state

A, B, C_, D = 0, 1, 2, 3


def german(game, state, text, player=None):
    """describe of the action ``text`` in German, and the state after it."""
    with cardgames.language("de"):
        action = game.parse_action(state, text, player)
        return game.describe(state, action, player), game.apply(state, action, player)


def refused(game, state, text, player=None) -> IllegalMove:
    """The IllegalMove of the action ``text``, in German."""
    with cardgames.language("de"):
        with pytest.raises(IllegalMove) as caught:
            game.parse_action(state, text, player)
    return caught.value


def dealt(players, hands, *moves):
    """A first fight dealt by seat 0 from a stacked deck (the scenarios of 01-regeln), after ``moves``."""
    game = cardgames.load("bronko_donko", players=players, games=1)
    return game, play(game, game.new(seed=1, deck=deck_for(hands, dealer=0)), *moves)


FORMATIONS = [
    "Bl1 Gr1 Ro1 Bl2 Bl3 Bl5 Wolf Kose Ge6 Ge7",
    "Gr2 Gr3 Gr4 Ro5 Ge5 Bl6 Ro7 Ge8 Ro2 Bl4",
    "Ge1 Ge2 Ge3 Ro3 Ro4 Ge4 Gr5 Gr6 Ro6 Gr7",
]
BEAT_OR_BOX = [
    "Bl1 Gr4 Gr5 Gr6 Gr2 Ro2 Ge2 Kose",
    "Bl4 Bl5 Bl6 Ro5 Ro6 Ro7 Ro8 Ge1",
    "Gr1 Ro1 Bl2 Bl3 Gr3 Ro3 Ge3 Ge4",
    "Ge5 Ge6 Ge7 Ge8 Bl7 Bl8 Gr7 Gr8",
]
SCHLAGRING = [
    "Bl1 Bl3 Gr5 Gr6 Ro8 Gr2 Ro2 Ge2",
    "Gr1 Ro1 Ge1 Bl2 Gr3 Ro3 Ge3 Kose",
    "Ge4 Bl7 Ge8 Bl8 Bl4 Gr4 Ro4 Bl6",
    "Ro5 Ro7 Ge5 Ge6 Ro6 Gr7 Gr8 Bl5",
]
REVOLUTION = [
    "Bl1 Gr1 Ge1 Ro1 Ro8 Gr2 Ro2 Ge2 Bl2 Gr3",
    "Ge7 Bl3 Ro3 Ge3 Bl4 Gr4 Ro4 Ge4 Bl5 Gr5",
    "Bl7 Ro5 Ge5 Bl6 Gr6 Ro6 Ge6 Gr7 Bl8 Gr8",
]
WOLFSBLUT = [
    "Bl1 Ge5 Ge7 Wolf Gr2 Ro2 Ge2 Bl2 Gr3 Ro3",
    "Gr1 Ro1 Ge1 Bl3 Ge3 Bl4 Gr4 Ro4 Ge4 Kose",
    "Ge6 Ro6 Ro7 Bl5 Gr5 Bl6 Gr6 Bl8 Gr8 Ge8",
]
SETTLEMENT = [
    "Bl1 Bl2 Bl3 Bl4 Bl5 Bl6 Bl7 Bl8 Ro8 Gr8",
    "Ro4 Ro6 Gr1 Gr2 Gr3 Ro1 Ro2 Ro3 Ge1 Ge2",
    "Ge3 Gr5 Ro5 Ge5 Gr6 Ge6 Gr7 Ro7 Ge7 Gr4",
]
STREET = "open Bl1 Bl2 Bl3 Bl4 Bl5 Bl6 Bl7 Bl8 vest-off"


# ---------------------------------------------------------------------------
# describe: one sentence of each kind of step


def test_bd_5_6_bd_5_2_bd_6_5_an_opening_with_the_wolf_and_the_wolfsblut_window():
    game, state = dealt(3, FORMATIONS)
    text, state = german(game, state, "open Bl1 Bl2 Bl3 Wolf=Bl4 Bl5")
    assert text == (
        "Spieler 1 eröffnet mit Bl1 Bl2 Bl3 Wolf=Bl4 Bl5 (Straßenschläger, Größe 5, Stärke 1) (BD-5.6; "
        "der Wolf steht für Bl4, BD-5.2); Spieler 2 hält Bl4 und darf den Wolf klauen (BD-6.5)."
    )
    text, _ = german(game, state, "decline")
    assert text == "Spieler 2 lehnt ab und lässt den Wolf in der Formation (BD-6.5)."


def test_bd_5_7_bd_5_8_ducks_a_beat_and_a_box_and_who_gains_control():
    """BD-5.8 b (everybody else ducked), c (a fist), a (a box); BD-7.10/BD-7.11 the vest."""
    game, state = dealt(4, BEAT_OR_BOX, "open Bl1", "duck", "duck")
    text, state = german(game, state, "duck")
    assert text == (
        "Spieler 4 duckt sich und ist für den Rest dieser Kampfrunde raus (BD-5.7); alle anderen haben sich "
        "geduckt: Die Kampfrunde endet, und Spieler 1 erhält als Inhaber die Kontrolle (BD-5.8 b, BD-5.12)."
    )
    state = play(game, state, "open Gr4 Gr5 Gr6")
    text, _ = german(game, state, "beat Ro6 Ro7 Ro8 vest-off")
    assert text == (
        "Spieler 2 schlägt Gr4 Gr5 Gr6 mit Ro6 Ro7 Ro8 (Straßenschläger, Größe 3, Stärke 6, Faust) (BD-5.7); "
        "Spieler 2 hat die Weste ausgezogen: Die Weste-Aus-Karte wird auf „aus“ gedreht, seine Hand ist bis zum "
        "Ende der Schlägerei öffentlich, und die Schlagkraft gegen jeden Verlierer wird verdoppelt "
        "(BD-7.10, BD-7.11); die Kampfrunde endet, und Spieler 2 erhält die Kontrolle (BD-5.8 c, BD-5.12)."
    )
    text, _ = german(game, state, "box Bl4 Bl5 Bl6")
    assert text == (
        "Spieler 2 boxt Gr4 Gr5 Gr6 mit Bl4 Bl5 Bl6 (Straßenschläger, Größe 3, Stärke 4) weg (BD-5.7, BD-5.8 a); "
        "die Kampfrunde endet, und Spieler 2 erhält die Kontrolle (BD-5.8 a, BD-5.12)."
    )


def test_bd_7_6_the_schlagring_and_bd_7_3_the_revolution():
    game, state = dealt(4, SCHLAGRING, "open Bl1", "duck", "duck", "duck", "open Bl3", "duck", "beat Ge4")
    text, _ = german(game, state, "beat Ro5")
    assert text == (
        "Spieler 4 schlägt Ge4 mit Ro5 (Solo, Größe 1, Stärke 5) (BD-5.7); drei Einträge hintereinander sind um "
        "je eins gestiegen, also ist ein Schlagring aktiv (BD-7.6), bis die Kampfrunde endet."
    )
    game, state = dealt(3, REVOLUTION, "open Bl1 Gr1 Ge1 Ro1", "duck")
    text, _ = german(game, state, "duck")
    assert text.endswith("; in der Kampfrunde wurde genau ein 4er-Gäng gelegt: Die Revolution beginnt (BD-7.3).")


def test_bd_6_5_bd_6_6_a_steal_and_the_end_of_the_stolen_wolfs_rest():
    game, state = dealt(3, WOLFSBLUT, "open Bl1", "duck", "duck", "open Ge5 Wolf=Ge6 Ge7")
    text, state = german(game, state, "steal")
    assert text == (
        "Spieler 3 klaut den Wolf: Seine echte Karte Ge6 nimmt dessen Platz in der Formation ein, und der Wolf "
        "kommt auf seine Hand (BD-6.5); er ruht für den Rest dieser Kampfrunde und die ganze nächste "
        "Kampfrunde (BD-6.6)."
    )
    text, state = german(game, play(game, state, "duck"), "duck")
    assert text.endswith("; der geklaute Wolf setzt die ganze Kampfrunde aus, die jetzt beginnt (BD-6.6).")
    text, _ = german(game, play(game, state, "open Bl2 Gr2", "duck"), "beat Bl8 Gr8")
    assert text.endswith("; der geklaute Wolf hat seine Kampfrunde ausgesetzt und kann wieder gelegt werden (BD-6.6).")


def test_bd_8_1_bd_8_3_the_end_of_the_fight_the_final_gong_and_a_pass():
    game, state = dealt(3, SETTLEMENT, STREET)
    text, state = german(game, state, "open Gr8 Ro8")
    assert text == (
        "Spieler 1 eröffnet mit Gr8 Ro8 (Gäng, Größe 2, Stärke 8, Faust) (BD-5.6); Spieler 1 hat seine Hand "
        "geleert: Er ist der Bronko der Schlägerei und nimmt das Bronko-Blut (BD-8.1); der finale Gong beginnt: "
        "Jeder Verlierer darf, im Uhrzeigersinn ab Spieler 2, Gr8 Ro8 einmal wegboxen oder passen (BD-8.3); "
        "Gr8 Ro8 ist eine Faustformation und kann nie weggeboxt werden, also kann jeder Verlierer nur passen "
        "(BD-5.9)."
    )
    text, _ = german(game, state, "pass")
    assert text == "Spieler 2 passt im finalen Gong (BD-8.3)."


def test_bd_8_4_a_gong_box_that_empties_the_donkos_hand():
    """Example 13.11: the Donko boxes with his last card in the final gong (BD-8.4)."""
    game = load(3)
    state = gong_state(
        game, ["Ge6", "Ro6 Ro8", "Bl6"], "Ge6", C_, current=form("Gr5"), **standing(C_, bronko=B, flucht=1)
    )
    state = play(game, state, "beat Ge6", "box Ro6")
    text, _ = german(game, state, "box Bl6")
    assert text.startswith(
        "Spieler 3 boxt die finale Formation im finalen Gong mit Bl6 (Solo, Größe 1, Stärke 6) weg (BD-8.3) und "
        "leert damit seine Hand: Als Donko gibt er den Donko-Haufen ab (BD-8.4); der finale Gong ist vorbei, und "
        "die Abrechnung beginnt (BD-8.5)"
    )


# ---------------------------------------------------------------------------
# the settlement sentences (BD-9, BD-10)


def test_bd_9_1_bd_9_2_bd_9_4_bd_9_5_the_settlement_of_a_loser():
    game, state = dealt(3, SETTLEMENT, STREET, "open Gr8 Ro8", "pass")
    text, state = german(game, state, "pass")
    assert text.endswith(
        "; der finale Gong ist vorbei, und die Abrechnung beginnt (BD-8.5); der Bronko der Schlägerei, Spieler 1, "
        "wählt, welcher Verlierer als Nächster abgerechnet wird: Spieler 2 oder 3 (BD-9.1)."
    )
    text, state = german(game, state, "settle 1")
    assert text == (
        "Der Bronko rechnet als Nächstes Spieler 2 ab (BD-9.1); die Schlagkraft gegen Spieler 2 beträgt 26: der "
        "Schaden in seiner Hand, 13, verdoppelt, weil die Weste aus ist (BD-9.2, BD-7.11); der Bronko wählt einen "
        "Schläger von Spieler 2, den er mit der verbleibenden Schlagkraft 26 umboxt (BD-9.4): jeden, den sie "
        "bezahlen kann (BD-9.4 c, DP-8)."
    )
    text, state = german(game, state, "knock 15")
    assert text.startswith("Der Bronko boxt den Schläger 15 von Spieler 2 um (BD-9.4 c); ")
    text, _ = german(game, state, "knock 10")
    assert text.startswith(
        "Der Bronko boxt den Schläger 10 von Spieler 2 um (BD-9.4 c); es bleibt Schlagkraft übrig, also wird der "
        "schwächste Schläger 2 von Spieler 2 angezählt (BD-9.5); die Schlagkraft gegen Spieler 3 beträgt 68"
    )


def test_bd_9_4_b_bd_9_3_the_angezaehlt_schlaeger_and_the_donkos_fluchtkarte():
    """Example 13.12 in German."""
    game = load(3)
    text, state = german(game, example_13_12_settling(game), "settle 1")
    assert "; der angezählte Schläger 2 von Spieler 2 wird zuerst umgeboxt (BD-9.4 b); " in text
    text, _ = german(game, play(game, state, "knock 20"), "knock 4")
    assert (
        "; als Donko ohne Sternkarte nimmt er eine Fluchtkarte aus der Mitte und hat jetzt 2 Fluchtkarten (BD-9.3); "
        "bei Schlagkraft 0 wird bei Spieler 3 nichts umgeboxt (BD-9.4); die Schlägerei ist abgerechnet (BD-9); "
        "Schlägerei 2 beginnt (BD-4.3): Spieler 3 gibt 10 Karten an jeden Spieler; der Donko, Spieler 3, wählt, "
        "welche zwei seiner stärksten Karten er dem Bronko, Spieler 1, gibt (BD-10.7 a, DP-1)."
    ) in text


def test_bd_9_3_bd_10_3_b_bd_10_6_the_donko_escapes_and_both_tokens_return():
    """Example 13.14 in German: the escape, the Fluchtkarten, the cancellation with two players, the next opener."""
    game = load(2)
    state = example_13_14_escape(game)
    text, after = german(game, play(game, state, "beat Bl8"), "pass")
    opener = after.turn
    assert text.endswith(
        "; als Donko ohne Sternkarte, der schon 3 Fluchtkarten hat, entkommt er (BD-9.3); bei Schlagkraft 0 wird "
        "bei Spieler 2 nichts umgeboxt (BD-9.4); die Schlägerei ist abgerechnet (BD-9); der Donko, Spieler 2, ist "
        "mit seiner vierten Flucht entkommen und gibt den Donko-Haufen ab (BD-9.3, BD-10.3 b); seine 3 "
        "Fluchtkarten kehren in die Mitte zurück (BD-10.5); bei zwei verbliebenen Spielern ginge der Donko-Haufen "
        "an den Besitzer des Bronko-Bluts, Spieler 1: Beide Spielmarken kehren in die Mitte zurück (BD-10.6), und "
        "die nächste Schlägerei beginnt wie eine erste; Schlägerei 2 beginnt (BD-4.3): Spieler 1 gibt 10 "
        f"Karten an jeden Spieler; Spieler {opener + 1} hält Ge1, die schwächste Karte im Spiel, und eröffnet mit einer "
        "Formation, die sie enthält (BD-4.3 Schritt 6)."
    )


@pytest.mark.parametrize("departing", [False, True])
def test_bd_10_2_bd_10_3_a_tie_for_the_donko_haufen_and_the_choice(departing):
    game = load(4)
    hands = ["Bl8", "Ro4 Ge5 Bl1", "Bl4 Gr5 Ro2", "Ro8 Ge2 Gr3 Ro1"]  # example 13.13 variant: B and C tie
    fields = standing(A, bronko=B) if departing else {}
    state = play(game, gong_state(game, hands, "Bl8", D, current=form("Gr6"), **fields), "beat Bl8", "pass", "pass")
    state = play(game, state, "pass", "settle 1", "knock 2", "knock 4", "settle 2", "knock 2", "knock 4", "knock 2")
    text, state = german(game, state, "knock 4")
    assert state.phase == HAUFEN
    chooser = (
        "Der abgebende Donko, Spieler 1, wählt (BD-10.3, DP-10)"
        if departing
        else ("Der Bronko der Schlägerei, Spieler 1, wählt (BD-10.2, DP-9)")
    )
    assert text.endswith(
        f"; Spieler 2 und 3 stehen beim Donko-Haufen nach erlittenem Schaden und Handkarten gleich: {chooser}."
    )
    text, _ = german(game, state, "donko 2")
    by = "vom abgebenden Donko (BD-10.3, DP-10)" if departing else "vom Bronko der Schlägerei (BD-10.2, DP-9)"
    assert text.startswith(f"Spieler 3 erhält den Donko-Haufen, unter den Gleichstehenden gewählt {by}; ")
    assert (
        "; Schlägerei 2 beginnt (BD-4.3): Spieler 3 gibt 8 Karten an jeden Spieler; der Donko, Spieler 3, gibt seine "
        "zwei stärksten Karten, Gr7 Ro8, dem Bronko, Spieler 1 (BD-10.7 a)."
    ) in text


def test_bd_10_7_the_betrayal_give_and_return():
    game = load(3)
    state = play(game, example_13_12_settling(game), "settle 1", "knock 20", "knock 4")
    text, state = german(game, state, "give Bl8 Ge8")
    assert text == "Der Donko, Spieler 3, gibt dem Bronko Bl8 Ge8 (BD-10.7 a)."
    text, _ = german(game, state, "return Bl1 Ge1")
    assert text == (
        "Der Bronko, Spieler 1, gibt Bl1 Ge1 zurück; der Donko, Spieler 3, eröffnet die erste Kampfrunde "
        "(BD-10.7 b, BD-10.8)."
    )


def test_bd_9_6_bd_11_1_bd_11_2_bd_11_3_bd_11_4_eliminations_game_and_match_ends():
    """A seeded match of two games: each game's winner, the new game, the end of the match, in German."""
    game = cardgames.load("bronko_donko", players=3, games=2)
    rng = random.Random(5)
    state = game.new(seed=5)
    sentences = []
    while not game.is_over(state):
        action = rng.choice(game.legal_actions(state))
        with cardgames.language("de"):
            sentences.append(game.describe(state, action))
        before, state = state, game.apply(state, action)
        if state.match.game != before.match.game:
            winner = state.match.results[-1].winner
            assert (
                f"; Spieler {winner + 1} ist der letzte verbliebene Spieler und gewinnt die Partie und einen Bronko-Orden "
                "(BD-11.2)" in sentences[-1]
            )
            gone = [q for q in range(3) if q != winner]
            assert any(
                f"Spieler {q + 1} hat keine Schläger mehr und scheidet aus der Partie aus (BD-9.6, BD-11.1)" in s
                for s in sentences
                for q in gone
            )
    assert "; eine neue Partie beginnt (BD-4.2): Jeder Spieler steigt mit allen 8 Schlägern wieder ein; " in (
        " ".join(sentences)
    )
    orden = list(state.match.orden)
    best = [q for q in range(3) if orden[q] == max(orden)]
    who = (
        f"Spieler {best[0] + 1} gewinnt die Serie (BD-11.4)"
        if len(best) == 1
        else f"Spieler {' und '.join(str(q + 1) for q in best)} gewinnen die Serie gemeinsam (BD-11.4)"
    )
    named = ", ".join(f"Spieler\xa0{q + 1}:\xa0{n}" for q, n in enumerate(orden))
    assert sentences[-1].endswith(f"; die Serie ist vorbei (BD-11.3): Orden ({named}); {who}.")


# ---------------------------------------------------------------------------
# refusals: one of each kind, with its clause


def _first_fight():
    return dealt(3, FORMATIONS)


def _counter():
    return dealt(4, BEAT_OR_BOX, "open Bl1", "duck", "duck", "duck", "open Gr4 Gr5 Gr6")


def _ring():
    return dealt(4, SCHLAGRING, "open Bl1", "duck", "duck", "duck", "open Bl3", "duck", "beat Ge4", "beat Ro5")


def _solo_donko():
    game = load(3)
    return game, table(
        game, ["Bl5 Ge1 Kose", "Ro1 Ge2", "Gr1 Gr2 Bl2"], turn=A, current=form("Ro1"), owner=B, revolution=True
    )


def _resting():
    return dealt(3, WOLFSBLUT, "open Bl1", "duck", "duck", "open Ge5 Wolf=Ge6 Ge7", "steal", "duck")


def _resting_next_round():
    game, state = _resting()
    return game, play(game, state, "duck", "open Bl2 Gr2", "duck")


def _wolfsblut():
    return dealt(3, WOLFSBLUT, "open Bl1", "duck", "duck", "open Ge5 Wolf=Ge6 Ge7")


def _gong():
    return dealt(3, SETTLEMENT, STREET, "open Gr8 Ro8")


def _order():
    return dealt(3, SETTLEMENT, STREET, "open Gr8 Ro8", "pass", "pass")


def _knockout():
    return dealt(3, SETTLEMENT, STREET, "open Gr8 Ro8", "pass", "pass", "settle 1", "knock 15")


def _give():
    game = load(3)
    return game, play(game, example_13_12_settling(game), "settle 1", "knock 20", "knock 4")


def _return():
    game, state = _give()
    return game, play(game, state, "give Bl8 Ge8")


def _haufen():
    game = load(4)
    hands = ["Bl8", "Ro4 Ge5 Bl1", "Bl4 Gr5 Ro2", "Ro8 Ge2 Gr3 Ro1"]
    state = play(game, gong_state(game, hands, "Bl8", D, current=form("Gr6")), "beat Bl8", "pass", "pass", "pass")
    while state.phase in (ORDER, KNOCKOUT):
        state = game.apply(state, game.legal_actions(state)[0])
    return game, state


REFUSALS = [
    (
        _first_fight,
        "duck",
        "BD-5.6",
        "Sie eröffnen diese Kampfrunde: Legen Sie eine Formation; Ducken ist nur als Konter möglich",
    ),
    (_first_fight, "beat Bl1", "BD-5.6", "Sie eröffnen diese Kampfrunde: Eröffnen Sie mit „eröffnen Bl1“"),
    (
        _first_fight,
        "steal",
        "BD-5.6",
        "Jetzt (Kampfrunde): Eröffnen Sie mit einer Formation, z. B. „eröffnen Ro5 Ge5“, nicht „Wolf klauen“",
    ),
    (_first_fight, "open Kose", "BD-4.3", "Das erste Aufspiel muss Bl1 enthalten, die schwächste Karte im Spiel"),
    (
        _first_fight,
        "open Bl1 Bl2 Bl3 Bl5",
        "BD-5.1",
        "Keine Formation: ein Solo, ein Gäng (2–4 Karten gleicher Stärke) oder ein Straßenschläger (3 oder mehr "
        "Karten einer Farbe in lückenloser Folge)",
    ),
    (
        _first_fight,
        "open Bl1 Ro1 Wolf=Ro1",
        "BD-5.2",
        "Der Wolf kann nicht als Ro1 angesagt werden, eine echte Karte der Formation",
    ),
    (
        _first_fight,
        "open Bl1 Wolf=Kose",
        "BD-5.2",
        "Der Wolf wird nie als Kose angesagt; sagen Sie eine Farbe und eine Stärke 1–8 an",
    ),
    (
        _first_fight,
        "open Wolf=Bl4",
        "BD-6.3",
        "Der Wolf ist nie ein Solo: Legen Sie ihn mit echten Karten in einem Gäng oder einem Straßenschläger",
    ),
    (_first_fight, "open Kose Bl1", "BD-6.1", "Kose kämpft immer nur Solo: Legen Sie ihn allein"),
    (
        _counter,
        "beat Gr2 Gr3 Gr4",
        "BD-5.1",
        "Sie haben Gr2 Gr3 Gr4 nicht auf der Hand: Legen Sie nur Karten Ihrer Hand",
    ),
    (
        _counter,
        "open Ro5 Ro6 Ro7",
        "BD-5.7",
        "Die Kampfrunde ist eröffnet: Schlagen Sie Gr4 Gr5 Gr6 („schlagen“ mit Ihren Karten), boxen Sie die "
        "Formation weg („wegboxen“), oder ducken Sie sich („ducken“)",
    ),
    (
        _counter,
        "beat Ro5 Ro6 Ro7 Ro8",
        "BD-5.5",
        "Ein Konter muss denselben Typ und dieselbe Größe haben wie Gr4 Gr5 Gr6 (Straßenschläger, 3 Karten): "
        "Legen Sie eine solche Formation oder ducken Sie sich",
    ),
    (
        _counter,
        "beat Bl4 Bl5 Bl6",
        "BD-5.5",
        "Um Gr4 Gr5 Gr6 zu schlagen, brauchen Sie eine Stärke über 4; Bl4 Bl5 Bl6 hat 4: Schlagen Sie mit einem "
        "stärkeren Straßenschläger aus 3 Karten oder ducken Sie sich",
    ),
    (
        _counter,
        "box Ro5 Ro6 Ro7",
        "BD-5.5",
        "Um Gr4 Gr5 Gr6 wegzuboxen, brauchen Sie die gleiche Stärke 4; Ro5 Ro6 Ro7 hat 5: Boxen Sie mit einer "
        "Formation der Stärke 4 weg oder ducken Sie sich",
    ),
    (
        _ring,
        "beat Gr6 vest-off",
        "BD-7.10",
        "Sie können Ihre Weste nur mit Ihrer ersten Formation der Schlägerei ausziehen, und Sie haben schon "
        "eine gelegt: Legen Sie die Formation ohne „Weste aus“",
    ),
    (
        _ring,
        "box Gr5",
        "BD-7.7",
        "Schlagring: Wegboxen ist für den Rest der Kampfrunde verboten; schlagen Sie mit genau Stärke 6 oder ducken "
        "Sie sich",
    ),
    (_ring, "beat Ro8", "BD-7.7", "Schlagring: Schlagen Sie mit genau Stärke 6 oder ducken Sie sich; Ro8 hat Stärke 8"),
    (
        _solo_donko,
        "beat Ge1",
        "BD-5.10",
        "In einer Revolution schlägt nur Kose (Stärke 8) eine Solo-Donko-Karte; Ge1 hat 7: Schlagen Sie mit Kose "
        "oder ducken Sie sich",
    ),
    (
        _solo_donko,
        "box Ge1",
        "BD-5.10",
        "Eine während einer Revolution gelegte Solo-Donko-Karte kann nie weggeboxt werden: Schlagen Sie sie mit "
        "Kose oder ducken Sie sich",
    ),
    (
        _resting,
        "beat Ro6 Ro7 Wolf=Ro8",
        "BD-6.6",
        "Der geklaute Wolf ruht bis zum Ende der nächsten Kampfrunde (geklaut wurde er in dieser): Schlagen "
        "Sie ohne ihn oder boxen Sie ohne ihn weg, oder ducken Sie sich",
    ),
    (
        _resting_next_round,
        "beat Ro7 Wolf=Gr7",
        "BD-6.6",
        "Der geklaute Wolf setzt diese Kampfrunde, die erste nach dem Klauen, ganz aus; ab der nächsten ist "
        "er wieder einsetzbar: Schlagen Sie ohne ihn oder boxen Sie ohne ihn weg, oder ducken Sie sich",
    ),
    (
        _wolfsblut,
        "duck",
        "BD-6.5",
        "Jetzt (Wolfsblut): Klauen Sie den Wolf („Wolf klauen“) oder lehnen Sie ab („ablehnen“), nicht „ducken“",
    ),
    (_gong, "box Gr1 Ge1", "BD-5.9", "Gr8 Ro8 ist eine Faustformation und kann nie weggeboxt werden: Passen Sie"),
    (
        _gong,
        "box Ro6",
        "BD-8.3",
        "Wegboxen im Gong verlangt denselben Typ und dieselbe Größe wie Gr8 Ro8 (Gäng, 2 Karten): Legen Sie eine "
        "solche Formation oder passen Sie",
    ),
    (
        _gong,
        "box Ro4 vest-off",
        "BD-7.10",
        "Im finalen Gong kann die Weste nicht ausgezogen werden: Boxen Sie weg, ohne „Weste aus“, oder passen Sie",
    ),
    (
        _gong,
        "duck",
        "BD-8.3",
        "Jetzt (finaler Gong): Boxen Sie die finale Formation weg („wegboxen“ mit Ihren Karten) oder passen "
        "Sie („passen“), nicht „ducken“",
    ),
    (
        _order,
        "settle 0",
        "BD-9.1",
        "Rechnen Sie einen der Verlierer ab, die noch nicht abgerechnet sind: Spieler 2 (`settle 1`), "
        "Spieler 3 (`settle 2`)",
    ),
    (
        _order,
        "knock 2",
        "BD-9.1",
        "Jetzt (Reihenfolge der Abrechnung) wählt der Bronko den nächsten Verlierer, der abgerechnet wird, z."
        " B. „abrechnen mit Spieler 2“, nicht „Schläger umboxen 2“",
    ),
    (
        _knockout,
        "knock 20",
        "BD-9.4",
        "Boxen Sie einen bezahlbaren Schläger von Spieler 2 um (verbleibende Schlagkraft 11): 2, 4, 6, 8, 10",
    ),
    (
        _knockout,
        "duck",
        "BD-9.4",
        "Jetzt (Umboxen) wählt der Bronko einen Schläger, der umgeboxt wird, z. B. „Schläger umboxen 20“, "
        "nicht „ducken“",
    ),
    (
        _give,
        "give Bl1 Gr1",
        "BD-10.7",
        "Der Donko gibt die zwei Karten mit der höchsten Grundstärke ab (Kose und Wolf ausgenommen): Bl8 Ge8, "
        "Bl8 Ro8 oder Ge8 Ro8",
    ),
    (
        _give,
        "pass",
        "BD-10.7",
        "Jetzt (Verrat: abgeben) gibt der Donko zwei Karten ab, z. B. „geben Ro8 Bl7“, nicht „passen“",
    ),
    (
        _return,
        "return Kose Bl1",
        "BD-10.7",
        "Der Bronko gibt zwei beliebige Karten seiner Hand zurück, außer Kose und dem Wolf",
    ),
    (
        _return,
        "give Ro8 Bl7",
        "BD-10.7",
        "Jetzt (Verrat: zurückgeben) gibt der Bronko zwei Karten zurück, z. B. „zurückgeben Bl7 Ge2“, nicht "
        "„geben Bl7 Ro8“",
    ),
    (
        _haufen,
        "donko 3",
        "BD-10.2",
        "Geben Sie den Donko-Haufen einem der gleichstehenden Spieler: Spieler 2 (`donko 1`), Spieler 3 (`donko 2`)",
    ),
    (
        _haufen,
        "settle 1",
        "BD-10.2",
        "Jetzt (Donko-Haufen): Wählen Sie, wer den Donko-Haufen erhält, z. B. „Donko ist Spieler 2“, nicht "
        "„abrechnen mit Spieler 2“",
    ),
]


@pytest.mark.parametrize(
    "scenario, text, clause, message",
    REFUSALS,
    ids=[f"{clause} {text}" for _scenario, text, clause, _message in REFUSALS],
)
def test_each_kind_of_refusal_reads_in_german_with_its_clause(scenario, text, clause, message):
    game, state = scenario()
    error = refused(game, state, text)
    assert (error.rule, error.message) == (clause, message)
    assert str(error) == f"{message} ({clause})"


@pytest.mark.parametrize(
    "text, message",
    [
        ("knock 3", "ein Schläger hat LP 2, 4, 6, 8, 10, 12, 15, 20, nicht 3"),
        ("settle 7", "es gibt keinen Platz 7: Die Plätze sind 0 bis 2"),
        ("give Bl1 Bl1", "nennen Sie zwei verschiedene Karten"),
        ("open Bl1 Bl1", "Bl1 ist doppelt genannt"),
        ("open Bl1 Wolf", "ein gelegter Wolf wird mit seiner angesagten Karte geschrieben, z. B. Wolf=Ge6 (BD-5.2)"),
        ("open Bl1 Wolf=Gr1 Wolf=Ge1", "es gibt nur einen Wolf (BD-5.2)"),
        (
            "open Xy9",
            "unbekannte Karte „Xy9“: Eine Karte ist eine Farbe Bl Gr Ge Ro mit einer Stärke 1–8 (z. B. Ro5), Kose "
            "oder Wolf",
        ),
        (
            "open",
            "open braucht die Karten einer Formation; eine Aktion ist „open|beat|box <Karten> [vest-off]“ mit "
            "Kartencodes wie Ro5, Kose, Wolf=Ge6; „duck“, „pass“, „steal“, „decline“, „give K K“, „return K K“, "
            "„settle N“, „knock LP“, „donko N“",
        ),
    ],
)
def test_action_texts_that_cannot_be_read_are_explained_in_german(text, message):
    """A person types actions in the command line and the widget: what cannot be read says so in German."""
    game, state = _first_fight()
    with cardgames.language("de"):
        with pytest.raises(ValueError) as caught:
            game.parse_action(state, text)
    assert not isinstance(caught.value, IllegalMove)
    assert str(caught.value) == message


def test_stacked_deck_and_probability_errors_read_in_german():
    with cardgames.language("de"):
        with pytest.raises(ValueError, match=r"^Platz 0 braucht bei 3 Spielern genau 10 Karten \(BD-4\.3 Schritt 4\)"):
            deck_for(["Bl1", "Bl2", "Bl3"])
        with pytest.raises(ValueError, match=r"^eine Karte kommt doppelt vor; jede Kämpferkarte gibt es nur einmal"):
            deck_for(["Bl1 Bl2 Bl3 Bl4 Bl5 Bl6 Bl7 Bl8 Gr1 Gr2"] * 2)
        with pytest.raises(ValueError, match=r"^ein gestapeltes Deck nennt jede der 34 Kämpferkarten genau einmal"):
            load(2).new(seed=0, deck=["Bl1"])
        from cardgames.bronko_donko import probability

        with pytest.raises(ValueError, match=r"^Bronko-Donko spielen 2 bis 4 Spieler, nicht 5$"):
            probability.hands_per_table(5)


# ---------------------------------------------------------------------------
# the table (render and layout labels)


def test_render_labels_in_german_a_stolen_wolf_resting_and_a_hidden_hand():
    game, state = _resting()
    with cardgames.language("de"):
        assert game.render(state, C_) == "\n".join(
            [
                "Bronko-Donko, Partie 1/1, Schlägerei 1: Kampfrunde, Spieler 3 ist am Zug, Weste an, der geklaute "
                "Wolf ruht",
                "Bronko-Blut: Mitte; Donko-Haufen: Mitte (Fluchtkarten 0); Orden: Spieler\xa01:\xa00, Spieler\xa02:\xa00, Spieler\xa03:\xa00",
                "aktuell: Ge5 Ge6 Ge7 von Spieler 1 (Stärke 5)",
                "  1: [+6 verdeckt] Schläger 2 4 6 8 10 12 15 20",
                "  2: [+10 verdeckt] geduckt, Schläger 2 4 6 8 10 12 15 20",
                "  3: [Bl5 Gr5 Bl6 Gr6 Ro6 Ro7 Bl8 Gr8 Ge8 Wolf] Schläger 2 4 6 8 10 12 15 20",
            ]
        )
        backs = [
            part for line in game.layout(state, C_) for part in line if isinstance(part, Face) and part.code is None
        ]
    assert [(face.text, face.count) for face in backs] == [("+6 verdeckt", 6), ("+10 verdeckt", 10)]


def test_render_labels_in_german_gong_revolution_schlagring_vest_and_out_of_the_game():
    game, state = _gong()
    with cardgames.language("de"):
        lines = game.render(state).split("\n")
    assert (
        lines[0] == "Bronko-Donko, Partie 1/1, Schlägerei 1: finaler Gong, Spieler 2 ist am Zug, Weste aus (Spieler 1)"
    )
    assert (
        lines[1]
        == "Bronko-Blut: Spieler 1; Donko-Haufen: Mitte (Fluchtkarten 0); Orden: Spieler\xa01:\xa00, Spieler\xa02:\xa00, Spieler\xa03:\xa00"
    )
    assert lines[2] == "finale Formation: Gr8 Ro8 von Spieler 1 (Stärke 8)"
    game, state = _solo_donko()
    with cardgames.language("de"):
        assert game.render(state).split("\n")[0] == (
            "Bronko-Donko, Partie 1/1, Schlägerei 1: Kampfrunde, Spieler 1 ist am Zug, REVOLUTION, Weste an"
        )
    game, state = _ring()
    with cardgames.language("de"):
        assert ", Schlagring, Weste an" in game.render(state)
    game = load(4)
    state = second_seat_out(game, vest_by=C_, vests=0b1100)
    with cardgames.language("de"):
        lines = game.render(state).split("\n")
    assert lines[0].endswith(", Weste aus (Spieler 3 und 4)")
    assert lines[3] == "  2: aus der Partie ausgeschieden"
    game = cardgames.load("bronko_donko", players=2, games=1)
    rng = random.Random(0)
    state = game.new(seed=0)
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    with cardgames.language("de"):
        assert game.render(state).startswith("Bronko-Donko, Partie 1/1, Schlägerei ")
        assert ": Serie vorbei, Weste " in game.render(state).split("\n")[0]


def test_the_phase_names_objective_and_option_are_in_the_catalog():
    """Texts declared at import (the objective, the option's description) are translated where they are shown."""
    catalog = Catalog("bronko_donko")
    with cardgames.language("de"):
        assert catalog.gettext(OBJECTIVE.name) == "verlorene LP"
        assert catalog.gettext(OBJECTIVE.horizon) == "das Ende der Schlägerei, nach ihrer Abrechnung (BD-3.1)"
        assert catalog.gettext(OBJECTIVE.text).startswith("die LP der Schläger des Spielers")
        doc = BronkoDonko.spec.options["games"].doc
        assert catalog.gettext(doc) == "Zahl der Partien G der Serie, 1–5 (BD-4.1, BD-11.3)"
    assert catalog.gettext(OBJECTIVE.horizon) == OBJECTIVE.horizon  # English as written


# ---------------------------------------------------------------------------
# whole games in German, and the switch is per call

ENGLISH = [
    " the ",
    "Player",
    "player",
    " and ",
    " or ",
    " plays ",
    " wins ",
    " must ",
    " round",
    "fight",
    " card",
    " hand",
    " with ",
    " his ",
    " is ",
    " not ",
    " boxes ",
    " beats ",
    " opens ",
    " ducks",
    "ducked",
    " passes",
    "knock",
    "settle",
    "hidden",
    "vest",
    "centre",
    "strength",
    "size",
    "fist",
    "controls",
    "game ",
    "match",
]


@pytest.mark.parametrize("players, seed", [(players, seed) for players in (2, 3, 4) for seed in range(3)])
def test_whole_games_in_german_leave_no_english_words(players, seed):
    """Random agents play seeded matches; every describe sentence (the settlement's included) and every table
    picture, for everybody and for each seat, is German: no English marker word is left."""
    game = cardgames.load("bronko_donko", players=players, games=2)
    agents = [game.agent("random", seat) for seat in range(players)]
    rng = random.Random(seed)
    state = game.new(seed=seed)
    texts = []
    with cardgames.language("de"):
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            action = agents[seat].act(game.view(state, seat), game.legal_actions(state, seat), rng)
            texts.append(game.describe(state, action, seat))
            texts += [game.render(state)] + [game.render(state, q) for q in range(players)]
            state = game.apply(state, action, seat)
        texts.append(game.render(state))
    assert len(texts) > 100
    for text in texts:
        found = [word for word in ENGLISH if word in text]
        assert not found, (found, text)


def test_the_language_is_chosen_per_call():
    """The same step in German, then in English: the English sentence and refusal are unchanged."""
    game, state = dealt(3, FORMATIONS)
    action = game.parse_action(state, "open Bl1 Bl2 Bl3 Wolf=Bl4 Bl5")
    with cardgames.language("de"):
        german_text = game.describe(state, action)
        with pytest.raises(IllegalMove) as german_error:
            game.parse_action(state, "open Kose")
    assert german_text.startswith("Spieler 1 eröffnet mit ")
    assert game.describe(state, action) == (
        "Player 1 opens with Bl1 Bl2 Bl3 Wolf=Bl4 Bl5 (Straßenschläger, size 5, strength 1) (BD-5.6), the Wolf "
        "declared as Bl4 (BD-5.2); player 2 holds Bl4 and may steal the Wolf (BD-6.5)."
    )
    with pytest.raises(IllegalMove) as english_error:
        game.parse_action(state, "open Kose")
    assert str(english_error.value) == "The first opening must contain Bl1, the weakest card in play (BD-4.3)"
    assert german_error.value.rule == english_error.value.rule == "BD-4.3"
    assert game.render(state).startswith("Bronko-Donko, game 1/1, fight 1: round, player 1 to act, vest on")
    with cardgames.language("de"):
        assert game.render(state).startswith("Bronko-Donko, Partie 1/1, Schlägerei 1: Kampfrunde, Spieler 1 ist am Zug")
