"""Three Bridges in German (issue 17): describe sentences, refusals, the score text and the table's labels.

Each spot check names the clause whose sentence it reads, with the exact German text; the whole-game check
plays seeded random games in German and finds no English word in anything a person reads; the last tests
show that the language is chosen per call (the same step in English is the English sentence).
"""

from __future__ import annotations

import copy
import random
import re

import pytest

import cardgames
from cardgames.three_bridges import Pass, Swap, score, score_board

from .helpers import GAME, P2, board, play

EMPTY = (("E", [], []), ("S", [], []))
NEXT_ROUND = "Runde 1 ist vorbei, und Runde 2 beginnt damit, dass jeder Spieler eine Karte zieht, der Spieler in Vorhand zuerst (TB-4.2)."


@pytest.fixture(autouse=True)
def _german():
    """Every test here reads German unless it asks for English in a block (conftest resets the language)."""
    cardgames.set_language("de")


def said(state, text):
    """The describe sentence of the action ``text`` in ``state``."""
    return GAME.describe(state, GAME.parse_action(state, text) if isinstance(text, str) else text)


def refusal(state, text, rule):
    """The IllegalMove of the action text ``text``: it names ``rule`` and changes nothing."""
    before = copy.deepcopy(state)
    with pytest.raises(cardgames.IllegalMove) as err:
        GAME.parse_action(state, text)
    assert err.value.rule == rule, err.value
    assert state == before
    return str(err.value)


# -- describe: one sentence of each kind of step ---------------------------------------------------------------


def test_tb_4_3_placing_a_card_face_down():
    """TB-4.3: the leader's placement."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("H-VII", "Chr"), ("H-IX",)))
    assert said(s, "place H-VII B") == "Spieler 1 legt H-VII verdeckt auf seine Spalte an Brücke B (TB-4.3)."


def test_tb_4_12_placing_a_chronist_with_its_declared_suit():
    """TB-4.3, TB-4.12: a Chronist is declared as it is placed, hidden from the opponent."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("H-VII", "Chr"), ("H-IX",)))
    assert said(s, "place Chr=E C") == (
        "Spieler 1 legt den Chronisten verdeckt auf seine Spalte an Brücke C, angesagt als Eichel (Chr=E): Er ist "
        "das Eichel-Ass, und seine Farbe bleibt dem Gegner verborgen, bis er aufgedeckt wird (TB-4.3, TB-4.12)."
    )


def test_tb_4_4_the_follower_places_then_both_cards_are_revealed_and_the_round_ends():
    """TB-4.3, TB-4.4, TB-4.2: the follower's placement, the reveal in play order, the next round's draws."""
    s = play(GAME.position(["H-A", "E-A", "S-A"], hands=(("H-VII",), ("H-IX",))), "place H-VII B")
    assert said(s, "place H-IX A") == (
        "Spieler 2 legt H-IX verdeckt auf seine Spalte an Brücke A (TB-4.3); dann werden beide Karten in "
        "Spielreihenfolge aufgedeckt und abgehandelt, die der Vorhand zuerst (TB-4.4); " + NEXT_ROUND
    )


def test_tb_2_7_a_placement_the_viewer_cannot_see():
    """TB-2.7: the masked placement of a view's history."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("H-VII",), ("H-IX",)))
    after = GAME.view(play(s, "place H-VII B"), P2)
    player, hidden = cardgames.history(after)[-1]
    assert GAME.explain(GAME.view(s, P2), hidden, after, player).sentence == (
        "Spieler 1 legt eine Karte, die Sie nicht sehen können, verdeckt auf seine Spalte an Brücke B (TB-4.3, TB-2.7)."
    )


UNTER = GAME.position(
    ["H-A", "L-IX", "E-X"],
    [((), ()), (("E-VII",), ("H-VIII", "S-X")), ((), ())],
    hands=(("L-U", "E-VIII"), ("H-IX", "S-VII")),
)


def test_tb_4_9_the_unter_swaps_or_declines():
    """TB-4.9, TB-4.6: the swap with the bridge card, and declining it."""
    s = play(UNTER, "place L-U B", "place H-IX A")
    assert GAME.pending(s) == "Spieler 1 darf L-U mit der Brückenkarte L-IX von Brücke B tauschen (TB-4.9)"
    assert said(s, Swap()) == (
        "Spieler 1 tauscht seinen L-U mit der Brückenkarte L-IX von Brücke B: L-U wird die Brückenkarte, und "
        "L-IX kommt aufrecht an die Stelle des Unters in seiner Spalte (TB-4.9)."
    )
    assert said(s, Pass()) == (
        "Spieler 1 verzichtet auf die freiwillige Fähigkeit, L-U mit der Brückenkarte L-IX von Brücke B zu "
        "tauschen (TB-4.9, TB-4.6)."
    )


def test_tb_4_10_the_ober_moves_and_the_cards_above_close_up():
    """TB-4.10, TB-4.8: the move names both bridges; one card or several cards above move down."""
    s = GAME.position(
        ["H-A", "E-A", "L-A"], [(("H-VII", "H-VIII", "H-IX"), ()), ((), ()), ((), ())], hands=(("H-O",), ("H-X",))
    )
    s = play(s, "place H-O B", "place H-X C")
    assert GAME.pending(s) == (
        "Spieler 1 darf mit H-O eine seiner Karten von einer anderen Brücke an Brücke B verschieben (TB-4.10)"
    )
    moved = "Spieler 1 verschiebt seine Karte {} von Brücke A oben auf seine Spalte an Brücke B (TB-4.10); "
    assert said(s, "move H-VII") == moved.format("H-VII") + (
        "die 2 Karten darüber an Brücke A rücken je um eine Stelle nach unten (TB-4.8); " + NEXT_ROUND
    )
    assert said(s, "move H-VIII") == moved.format("H-VIII") + (
        "die Karte darüber an Brücke A rückt um eine Stelle nach unten (TB-4.8); " + NEXT_ROUND
    )
    assert said(s, "move H-IX") == moved.format("H-IX") + NEXT_ROUND
    assert said(s, Pass()).startswith(
        "Spieler 1 verzichtet auf die freiwillige Fähigkeit, mit H-O eine seiner Karten von einer anderen Brücke "
        "an Brücke B zu verschieben (TB-4.10, TB-4.6); "
    )


ASS = GAME.position(
    ["H-A", "E-A", "S-A"], [((), ("H-K",)), ((), ()), ((), ())], hands=(("L-A", "L-X", "Chr"), ("S-IX",))
)


def test_tb_4_11_the_ass_plays_a_card_or_a_chronist_face_up():
    """TB-4.11, TB-4.12, TB-4.6: the Ass's play, of a card and of a Chronist declared the Ass's suit."""
    s = play(ASS, "place L-A C", "place S-IX A")
    assert GAME.pending(s) == "Spieler 1 darf mit L-A eine weitere Laub-Karte aus seiner Hand offen spielen (TB-4.11)"
    assert [said(s, action) for action in ("play L-X A", "play Chr=L B", Pass())] == [
        "Spieler 1 nutzt sein Laub-Ass und spielt L-X offen auf seine Spalte an Brücke A; die Karte wird sofort "
        "abgehandelt, ihre Fähigkeiten sind Pflicht (TB-4.11, TB-4.6).",
        "Spieler 1 nutzt sein Laub-Ass und spielt den Chronisten offen auf seine Spalte an Brücke B, angesagt als "
        "Laub (Chr=L): Er ist das Laub-Ass und wird sofort abgehandelt; seine Fähigkeiten sind Pflicht "
        "(TB-4.11, TB-4.12, TB-4.6).",
        "Spieler 1 verzichtet auf die freiwillige Fähigkeit, mit L-A eine weitere Laub-Karte aus seiner Hand "
        "offen zu spielen (TB-4.11, TB-4.6).",
    ]


def test_tb_4_14_laub_turns_a_card_sideways():
    """TB-4.14, TB-5.2, TB-4.6: a forced Laub turns the opponent's card, his face-down card, or itself."""
    s = play(ASS, "place L-A C", "place S-IX A", "play L-X A")
    assert GAME.pending(s) == "Spieler 1 muss mit L-X eine aufrechte Karte an Brücke A quer drehen (TB-4.14)"
    assert [said(s, action) for action in ("turn H-K", "turn face-down", "turn L-X")] == [
        "Spieler 1 dreht die Karte H-K des Gegners mit der Laub-Fähigkeit von L-X quer: Die Karte zählt 2 Punkte "
        "weniger (TB-4.14, TB-5.2).",
        "Spieler 1 dreht die verdeckte Karte des Gegners mit der Laub-Fähigkeit von L-X quer: Die Karte bleibt "
        "verdeckt und zählt 2 Punkte weniger (TB-4.14, TB-5.2).",
        "Spieler 1 dreht seine eigene Karte L-X mit ihrer eigenen Laub-Fähigkeit quer: Die Karte zählt 2 Punkte "
        "weniger (TB-4.14, TB-5.2).",
    ]
    t = play(GAME.position(["H-A", "E-A", "S-A"], hands=(("L-VII",), ("H-IX",))), "place L-VII A", "place H-IX B")
    assert said(t, Pass()) == (
        "Spieler 1 verzichtet auf die freiwillige Fähigkeit, mit L-VII eine aufrechte Karte an Brücke A quer zu "
        "drehen (TB-4.14, TB-4.6); " + NEXT_ROUND
    )


def test_tb_4_13_eichel_draws_or_declines():
    """TB-4.13, TB-4.6: the Eichel draw, and declining it."""
    s = play(GAME.position(["H-A", "E-A", "S-A"], hands=(("E-VII",), ("H-IX",))), "place E-VII A", "place H-IX B")
    assert GAME.pending(s) == "Spieler 1 darf mit E-VII eine Karte ziehen (TB-4.13)"
    assert said(s, "draw") == (
        "Spieler 1 zieht mit der Eichel-Fähigkeit von E-VII eine Karte vom Stapel (TB-4.13); " + NEXT_ROUND
    )
    assert said(s, Pass()) == (
        "Spieler 1 verzichtet auf die freiwillige Fähigkeit, mit E-VII eine Karte zu ziehen (TB-4.13, TB-4.6); "
        + NEXT_ROUND
    )


def test_tb_6_1_the_last_step_ends_the_game():
    """TB-6.1, TB-5: the follower's card of round 6 ends the game and the bridges are scored."""
    s = play(GAME.position(["H-A", "E-A", "S-A"], hands=(("H-VII",), ("H-IX",)), round=6), "place H-IX A")
    assert said(s, "place H-VII B").endswith(
        "(TB-4.4); Runde 6 ist vorbei: Die Partie endet, und die Brücken werden gewertet (TB-6.1, TB-5)."
    )
    assert GAME.pending(play(s, "place H-VII B")) == "die Partie ist vorbei (TB-6.1)"


def test_tb_4_1_who_places_is_the_leader_or_the_follower():
    """TB-4.1, TB-4.3: the decision that is due names the leader and the follower."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("H-VII",), ("H-IX",)))
    assert GAME.pending(s) == "Spieler 1 (Vorhand) legt eine Karte verdeckt an eine Brücke (TB-4.3)"
    assert GAME.pending(play(s, "place H-VII B")) == (
        "Spieler 2 (Nachspieler) legt eine Karte verdeckt an eine Brücke (TB-4.3)"
    )


# -- refusals: one per kind of illegal move, with its clause -------------------------------------------------

START = GAME.position(
    ["H-A", "E-A", "S-A"], [((), ()), ((), ("L-X",)), ((), ())], hands=(("L-U", "S-O", "Chr"), ("H-VII", "E-VIII"))
)
#: the moves due at START as the buttons show them (the refusals list them so)
PLACES = "legen S-O A, legen S-O B, legen S-O C, legen L-U A, legen L-U B, legen L-U C, " + ", ".join(
    f"legen Chr={suit} {bridge}" for suit in "HESL" for bridge in "ABC"
)


def test_tb_4_3_a_card_not_in_the_hand_is_refused_with_what_is_due():
    """TB-4.3: the refusal, the decision that is due and the allowed actions, all in German."""
    assert refusal(START, "place H-VII A", "TB-4.3") == (
        "Sie haben H-VII nicht auf der Hand. Jetzt: Spieler 1 (Vorhand) legt eine Karte verdeckt an eine "
        f"Brücke; erlaubt: {PLACES} (TB-4.3)"
    )


def test_tb_4_3_a_bridge_that_does_not_exist_and_a_pass_during_placement():
    """TB-4.3: only bridges A, B and C; a placement cannot be passed."""
    assert refusal(START, "place L-U D", "TB-4.3") == "Es gibt nur drei Brücken, A, B und C, nicht „D“ (TB-4.3)"
    assert refusal(START, "pass", "TB-4.3").startswith(
        "Sie müssen eine Karte legen; es gibt nichts, worauf Sie verzichten könnten. Jetzt: Spieler 1"
    )


def test_tb_4_12_a_chronist_placed_without_its_suit():
    """TB-4.12: the suit is declared with the placement; a declaration of its own is refused."""
    assert refusal(START, "place Chr A", "TB-4.12").startswith(
        "Für einen Chronisten wird beim Legen eine der vier Farben angesagt: „legen Chr=H A“, „legen Chr=E A“, "
        "„legen Chr=S A“ oder „legen Chr=L A“. Jetzt: Spieler 1 (Vorhand) legt eine Karte verdeckt an eine Brücke "
        "(TB-4.3); erlaubt: legen S-O A"
    )
    assert refusal(START, "place Chr=X A", "TB-4.12") == (
        "Ein Chronist wird als eine der vier Farben H, E, S, L angesagt, nicht als „X“ (TB-4.12)"
    )
    assert refusal(START, "declare E", "TB-4.12") == (
        "Ein Chronist wird beim Legen angesagt, nicht beim Aufdecken: Schreiben Sie seine Farbe in das Legen, "
        "z. B. place Chr=E B (oder play Chr=E B, wenn ein Ass ihn spielt); die Ansage ändert sich nie (TB-4.12)"
    )


@pytest.mark.parametrize(
    "text, rule, message",
    [
        (
            "swap",
            "TB-4.9",
            "Nur ein Unter, der gerade abgehandelt wird und an einer Brücke seiner eigenen Farbe liegt, darf mit "
            "der Brückenkarte tauschen",
        ),
        ("move L-X", "TB-4.10", "Nur ein Ober, der gerade abgehandelt wird, verschiebt eine Karte"),
        ("play L-X A", "TB-4.11", "Offen gespielt wird eine Karte nur von einem Ass, das gerade abgehandelt wird"),
        ("draw", "TB-4.13", "Nur eine Eichel-Karte, die gerade abgehandelt wird, lässt Sie ziehen"),
        ("turn L-X", "TB-4.14", "Nur eine Laub-Karte, die gerade abgehandelt wird, dreht eine Karte quer"),
    ],
)
def test_an_ability_without_its_card_is_refused(text, rule, message):
    """TB-4.9, TB-4.10, TB-4.11, TB-4.13, TB-4.14: an ability's action while placing is refused by its clause."""
    assert refusal(START, text, rule) == (
        f"{message}. Jetzt: Spieler 1 (Vorhand) legt eine Karte verdeckt an eine Brücke (TB-4.3); "
        f"erlaubt: {PLACES} ({rule})"
    )


def test_tb_4_10_the_ober_moves_only_his_own_cards_from_another_bridge():
    """TB-4.10: the opponent's card cannot be moved."""
    s = GAME.position(
        ["H-A", "E-A", "S-A"], [((), ()), (("H-VIII",), ("L-X",)), ((), ())], hands=(("S-O",), ("H-VII",))
    )
    s = play(s, "place S-O A", "place H-VII C")
    assert refusal(s, "move L-X", "TB-4.10") == (
        "Der Ober kann L-X nicht verschieben: Er verschiebt eine Ihrer eigenen Karten von einer anderen Brücke "
        "als seiner eigenen Brücke A. Jetzt: Spieler 1 darf mit S-O eine seiner Karten von einer anderen Brücke "
        "an Brücke A verschieben; erlaubt: versetzen H-VIII, verzichten (TB-4.10)"
    )


def test_tb_4_11_the_ass_plays_only_its_suit_and_a_chronist_declared_so():
    """TB-4.11: a card of another suit, and a Chronist declared another suit, are refused."""
    s = GAME.position(["H-A", "E-K", "S-A"], hands=(("E-A", "E-X", "H-X", "Chr"), ("H-IX",)))
    s = play(s, "place E-A A", "place H-IX B")
    due = (
        ". Jetzt: Spieler 1 darf mit E-A eine weitere Eichel-Karte aus seiner Hand offen spielen; erlaubt: "
        "offen spielen E-X A, offen spielen E-X B, offen spielen E-X C, offen spielen Chr=E A, "
        "offen spielen Chr=E B, offen spielen Chr=E C, verzichten (TB-4.11)"
    )
    assert refusal(s, "play H-X A", "TB-4.11") == (
        "Das Ass lässt Sie nur eine Eichel-Karte aus Ihrer Hand spielen (oder einen als E angesagten "
        "Chronisten), nicht H-X" + due
    )
    assert refusal(s, "play Chr=L B", "TB-4.11") == (
        "Ein Chronist, den das Eichel-Ass spielt, muss als E (Eichel) angesagt werden: „offen spielen Chr=E B“" + due
    )


def test_tb_4_14_laub_turns_only_an_upright_card_at_its_bridge():
    """TB-4.14: a card that is not upright at the Laub card's bridge is refused."""
    s = play(GAME.position(["H-A", "E-A", "S-A"], hands=(("L-VII",), ("H-IX",))), "place L-VII A", "place H-IX B")
    assert refusal(s, "turn face-down", "TB-4.14") == (
        "Die verdeckte Karte kann nicht quer gedreht werden: Laub dreht eine aufrechte Karte an der eigenen "
        "Brücke A, in einer der beiden Spalten, nie die Brückenkarte und nie eine Karte, die schon quer liegt. "
        "Jetzt: Spieler 1 darf mit L-VII eine aufrechte Karte an Brücke A quer drehen; erlaubt: quer drehen L-VII, verzichten "
        "(TB-4.14)"
    )


def test_tb_4_6_a_forced_ability_cannot_be_declined():
    """TB-4.6: a card played by an Ass must use its ability."""
    s = play(ASS, "place L-A C", "place S-IX A", "play L-X A")
    assert refusal(s, "pass", "TB-4.6") == (
        "Eine von einem Ass gespielte Karte muss ihre Fähigkeit nutzen, wenn es einen erlaubten Weg gibt. Jetzt: "
        "Spieler 1 muss mit L-X eine aufrechte Karte an Brücke A quer drehen (TB-4.14); erlaubt: quer drehen L-X, "
        "quer drehen H-K, quer drehen verdeckte Karte (TB-4.6)"
    )


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "place H-X",
            "„place H-X“: Schreiben Sie es als „place <Karte> <Brücke>“, z. B. place H-X A oder place Chr=E B",
        ),
        ("turn", "„turn“: Schreiben Sie es als „turn <Karte>“, z. B. turn H-VIII"),
        (
            "place ZZ A",
            "„ZZ“ ist keine Karte von Three Bridges; eine Karte wird Farbe-Rang geschrieben, mit den Farben H E S L "
            "und den Rängen VII VIII IX X U O K A (z. B. H-X, L-U, E-A), oder Chr für einen Chronisten",
        ),
        (
            "hello",
            "„hello“ ist keine Aktion von Three Bridges; die Aktionen sind place, swap, move, play, draw, turn, pass "
            "(z. B. „place H-X A“, „place Chr=E B“, „move H-VIII“, „play L-X A“, „turn S-X“)",
        ),
    ],
)
def test_a_text_that_is_no_action_says_how_to_write_one(text, message):
    """What a person types in the command line or the widget: the error says how to write the action."""
    with pytest.raises(ValueError) as err:
        GAME.parse_action(START, text)
    assert str(err.value) == message


# -- the score (the settlement's explanation) and the table's labels -------------------------------------------


def test_tb_5_the_score_text_explains_every_card_in_german():
    """TB-5.2, TB-5.3, TB-5.4, TB-5.5: the halving card, the bonuses, the totals, the winners and the result."""
    sc = score_board(*board(("H", ["H-IX", "E-IX/", "L-VII", "H-K/"], ["S-VII", "S-K", "S-VIII"]), *EMPTY))
    assert str(sc).splitlines() == [
        "Brücke A (H): 21 : 22 → Spieler 2",
        "  Spieler 1: H-IX (9+2)/2 wegen S-VII = 5, E-IX/ (9-2)/2 wegen S-K = 3, L-VII 7/2 wegen S-VIII = 3, "
        "H-K/ 4+2-2 = 4, König +4, Herz +2; Summe 21",
        "  Spieler 2: S-VII 7, S-K 4, S-VIII 8, König +3; Summe 22",
        "Brücke B (E): 0 : 0 → unentschieden",
        "  Spieler 1: leer, 0",
        "  Spieler 2: leer, 0",
        "Brücke C (S): 0 : 0 → unentschieden",
        "  Spieler 1: leer, 0",
        "  Spieler 2: leer, 0",
        "Gewonnene Brücken 0 : 1 → Spieler 2 gewinnt",
    ]
    draw = score_board(*board(("H", ["E-X"], []), ("E", [], ["L-VII"]), ("S", [], [])))
    assert str(draw).splitlines()[-1] == "Gewonnene Brücken 1 : 1 → unentschieden"


def test_the_settlement_keeps_its_values_in_every_language():
    """TB-5.5: the settlement's rows are data (result win/draw/loss), the same in German and English."""
    s = GAME.new(seed=3)
    rng = random.Random(3)
    while GAME.to_act(s):
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    german = GAME.settlement(s).rows()
    with cardgames.language("en"):
        assert GAME.settlement(s).rows() == german
    assert {row["result"] for row in german} <= {"win", "draw", "loss"}


def test_the_table_labels_in_german():
    """render(): the head line, the bridges with both columns, the hands and the decision that is due."""
    s = GAME.position(["H-A", "E-A", "S-A"], [(("H-VII/",), ()), ((), ()), ((), ())], hands=(("H-IX", "Chr"), ("L-X",)))
    assert GAME.render(s).splitlines() == [
        "Three Bridges · Runde 1/6 · Vorhand in den Runden 1, 3, 5: Spieler 1 · Stapel 27 · am Zug: Spieler 1",
        "A    H-A Herz     | Spieler 1: H-VII/ (8) | Spieler 2: - (0)",
        "B    E-A Eichel   | Spieler 1: - (0) | Spieler 2: - (0)",
        "C    S-A Schellen | Spieler 1: - (0) | Spieler 2: - (0)",
        "Hand von Spieler 1: H-IX Chr",
        "Hand von Spieler 2: L-X",
        "jetzt: Spieler 1 (Vorhand) legt eine Karte verdeckt an eine Brücke (TB-4.3)",
    ]
    over = play(GAME.position(["H-A", "E-A", "S-A"], hands=(("H-VII",), ("H-IX",)), round=6), "place H-IX A")
    over = play(over, "place H-VII B")
    assert GAME.render(over, 0).splitlines()[0] == (
        "Three Bridges · Runde 6/6 · Vorhand in den Runden 1, 3, 5: Spieler 1 · Stapel 29 · vorbei"
    )


def test_the_pictures_line_of_what_is_due_keeps_its_cards_apart():
    """layout(): in German too the line of the decision that is due has its card codes as cards (Face)."""
    s = play(UNTER, "place L-U B", "place H-IX A")
    last = GAME.layout(s)[-1]
    assert [part if isinstance(part, str) else part.code for part in last] == [
        "jetzt: Spieler 1 darf ",
        "L-U",
        " mit der Brückenkarte ",
        "L-IX",
        " von Brücke B tauschen (TB-4.9)",
    ]


# -- whole games: no English left ------------------------------------------------------------------------------

# words of English sentences and labels that German text never has (card codes, action texts and the game's
# title "Three Bridges" are the same in both languages; the German terms Herz, Eichel, Schellen, Laub, Unter,
# Ober, König, Ass and Chronist are the game's own)
ENGLISH = re.compile(
    r"\b(the|The|and|his|with|Player|player|seat|places|plays|wins|must|may|bridge|round|card|cards|pile|hand|"
    r"sideways|face|draws|turns|moves|swaps|declines|over|act|now|total|empty|tie|draw|ability|revealed|"
    r"resolves|leader|follower|opponent|Bridge|Bridges won)\b"
)


def _english(text):
    return ENGLISH.findall(text.replace("Three Bridges", ""))


def test_whole_games_in_german_have_no_english_words():
    """Seeded random games in German (Three Bridges has two players only): every describe sentence, every
    table as each player and everybody sees it, the decision that is due and the final score."""
    kinds = set()
    for seed in range(12):
        rng = random.Random(seed)
        game = cardgames.load("three_bridges") if seed % 2 else GAME
        s = game.new(seed=seed)
        while True:
            for viewer in (None, 0, 1):
                assert not _english(game.render(s, viewer)), game.render(s, viewer)
            if not game.to_act(s):
                break
            action = rng.choice(game.legal_actions(s))
            step = game.advance(s, action)
            kinds.add(type(action).__name__)
            assert not _english(step.sentence), step.sentence
            assert step.sentence.startswith("Spieler ") and step.sentence.endswith(").")
            s = step.after
        text = str(score(s))
        assert not _english(text), text
    assert kinds >= {"Place", "Pass", "Draw", "Turn"}


def test_every_action_of_random_positions_is_described_in_german():
    """Every legal action of random positions, as the hints and the log show them, has a German sentence."""
    kinds = set()
    for seed in range(40):
        rng = random.Random(seed)
        s = GAME.new(seed=seed)
        while GAME.to_act(s):
            for action in GAME.legal_actions(s):
                kinds.add(type(action).__name__)
                text = GAME.describe(s, action)
                assert not _english(text) and text.startswith("Spieler "), text
                with cardgames.language("en"):  # the marker words do find the English sentence
                    assert _english(GAME.describe(s, action))
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert kinds == {"Place", "Swap", "Move", "Play", "Draw", "Turn", "Pass"}


# -- the language is chosen per call ----------------------------------------------------------------------------


def test_the_same_step_in_english_is_the_english_sentence():
    """TB-4.13: the same step gives the English sentence in an English block, the German one outside it."""
    s = play(GAME.position(["H-A", "E-A", "S-A"], hands=(("E-VII",), ("H-IX",))), "place E-VII A", "place H-IX B")
    with cardgames.language("en"):
        english = said(s, "draw")
        assert GAME.pending(s) == "player 1 may draw a card with E-VII (TB-4.13)"
    assert english.startswith("Player 1 draws a card from the pile with the Eichel ability of E-VII (TB-4.13); ")
    assert said(s, "draw").startswith("Spieler 1 zieht mit der Eichel-Fähigkeit von E-VII eine Karte vom Stapel")


def test_a_refusal_and_the_score_follow_the_language_of_the_call():
    """TB-4.3, TB-5: the same refusal and the same score text in English, then in German again."""
    with cardgames.language("en"):
        english = refusal(START, "place H-VII A", "TB-4.3")
        table = GAME.render(START)
        scored = str(score(START))
    assert english.startswith("You do not hold H-VII. Now player 1 (leader) places a card face down at a bridge;")
    assert table.splitlines()[0] == (
        "Three Bridges · round 1/6 · player 1 leads rounds 1, 3, 5 · pile 25 · to act: player 1"
    )
    assert scored.splitlines()[-1] == "Bridges won 0 : 1 → player 2 wins"
    assert refusal(START, "place H-VII A", "TB-4.3").startswith("Sie haben H-VII nicht auf der Hand.")
    assert str(score(START)).splitlines()[-1] == "Gewonnene Brücken 0 : 1 → Spieler 2 gewinnt"


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_seat_is_called_p1_or_p2_in_what_a_person_reads(language):
    """Issue 31, one name per seat: seats are counted from 1 (player 1, player 2), so "P1 = player 2" would give
    the second seat two names.  The head line names the first leader by what he does (TB-4.1: he leads rounds
    1, 3, 5), and no table, sentence, decision that is due or score of a seeded game says "P1 =" or "P2 =",
    with the first leader in either seat."""
    leads = {"en": "player 2 leads rounds 1, 3, 5", "de": "Vorhand in den Runden 1, 3, 5: Spieler 2"}[language]
    with cardgames.language(language):
        for seed in range(6):
            rng = random.Random(seed)
            game = cardgames.load("three_bridges", first_player=seed % 2)
            s = game.new(seed=seed)
            texts = []
            while True:
                texts += [game.render(s, viewer) for viewer in (None, 0, 1)]
                if not game.to_act(s):
                    break
                texts.append(game.pending(s))
                step = game.advance(s, rng.choice(game.legal_actions(s)))
                texts.append(step.sentence)
                s = step.after
            texts.append(str(score(s)))
            for text in texts:
                assert "P1 =" not in text and "P2 =" not in text, text
            if seed % 2:
                assert leads in game.render(s).splitlines()[0]
