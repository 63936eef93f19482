"""Brokdorf in German (issue 17): sentences, refusals, the table and the other texts a person reads.

The spot checks give the exact German text of one sentence of each kind of step (a call, trump,
MIT/WEG, a lead and each duty of a follower, the end of a trick, a scored game, the end of a round
in each of its ways, the Stechen, a tournament's end, the table events), one refusal of each kind
of illegal move with its clause, the labels of the table and the settlement in words (Brokdorf's
settlement has no notes of its own: its rows are numbers and keys that code reads, and the sentence
that ends the round says who pays what and why).  The terms are those of ``rules.de.md``: Spielender,
Kontrakt, bedienen, trumpfen, überbieten, Vergeben, Stechen; the cards show D and B for Dame and
Bube (BK-1.3); card codes, action texts and clause ids stay the same in both languages.

The whole-game check plays seeded games of every player count with random agents (and the table
events BK-5.11 to BK-5.13, and tournaments) in German and finds no English word in any sentence or
picture of the table; a switch of language is per call, so the same step still reads in English.
"""

from __future__ import annotations

import random
import re
from functools import partial

import pytest

import cardgames
from cardgames.brokdorf import parse_card, solve
from cardgames.brokdorf.game import MAX_EUROS, SPEC
from cardgames.brokdorf.rules import MAX_ROUNDS, OPEN_SPREAD, PLAY, PLAYS, Expel, Misdeal, Violation

from .helpers import before_last, game, play, stacked
from .test_scoring import bk_8_7_state, bk_8_10_state, bk_8_11_state
from .test_wording import game_9_of_bk_8_10, playing

CALLS = ["bid 1", "gut", "gut", "trump H", "mit", "mit"]


def german(function, *args, **kwargs):
    with cardgames.language("de"):
        return function(*args, **kwargs)


def described(g, s, text, player=...):
    action = g.parse_action(s, text) if player is ... else g.parse_action(s, text, player)
    return german(g.describe, s, action) if player is ... else german(g.describe, s, action, player)


def refused(function, *args, **kwargs):
    """The German message of the IllegalMove (or ValueError) that ``function`` raises."""
    with cardgames.language("de"):
        with pytest.raises(ValueError) as err:
            function(*args, **kwargs)
    return err.value


def last_step(g, s):
    """The German sentence of the step that led to ``s``."""
    before, (seat, action) = before_last(g, s)
    return german(g.describe, before, action, seat)


# -- describe: one sentence of each kind of step ---------------------------------------------------------


def test_bk_4_2_bk_4_4_calls_and_the_contract_in_german():
    g = game(4, first_dealer=0)
    s = g.new(seed=1)
    assert described(g, s, "bid 1") == "Spieler 2 bietet 1 Stich (BK-4.2)."
    assert described(g, s, "bid 3") == "Spieler 2 bietet 3 Stiche (BK-4.2)."
    assert described(g, s, "bid 0") == "Spieler 2 bietet 0 Stiche (BK-4.2)."
    assert described(g, s, "gut") == "Spieler 2 sagt GUT und passt (BK-4.2)."
    s = play(g, s, "bid 2", "gut", "gut")
    assert described(g, s, "gut") == (
        "Spieler 1 sagt GUT und passt (BK-4.2); Spieler 2 ist Spielender mit Kontrakt 2 (BK-4.4)."
    )


def test_bk_4_3_all_gut_voids_the_deal_in_german():
    g = game(4, first_dealer=0)
    s = play(g, g.new(seed=3), "gut", "gut", "gut")
    assert described(g, s, "gut") == (
        "Spieler 1 sagt GUT und passt (BK-4.2); alle sagten GUT: das Geben ist ungültig, und Spieler 1 gibt neu (BK-4.3)."
    )


def test_bk_4_5_bk_4_6_bk_4_8_trump_mit_weg_and_the_first_lead_in_german():
    g = game(3, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "gut")
    assert described(g, s, "trump S") == "Spieler 2 bestimmt Pik ♠ zur Trumpffarbe (BK-4.5)."
    s = play(g, s, "trump S")
    assert described(g, s, "mit") == "Spieler 3 sagt MIT und spielt dieses Spiel mit (BK-4.6)."
    assert described(g, s, "weg") == "Spieler 3 sagt WEG und legt sein Blatt ab (BK-4.6)."
    s = play(g, s, "mit")
    assert described(g, s, "mit") == (
        "Spieler 1 sagt MIT und spielt dieses Spiel mit (BK-4.6); Spieler 2 kommt zum ersten Stich heraus (BK-4.8)."
    )


def test_bk_4_8_a_lead_and_bk_4_10_a_bk_4_11_following_and_heading_in_german():
    g, s = playing(["AC 10C KC QC JC", "7D 8S 9S 10S JS", "AD KD QD JD 10D"], 0, CALLS)
    assert described(g, s, "play 7D") == "Spieler 2 spielt ♦7 aus (BK-4.8)."
    s = play(g, s, "play 7D")
    assert described(g, s, "play JD") == (
        "Spieler 3 spielt ♦B (er muss Karo bedienen und ♦7 überbieten, BK-4.10(a), BK-4.11)."
    )
    g, s = playing(["AC 10C KC QC JC", "AD 8S 9S 10S JS", "7D 8D 9D JD QD"], 0, CALLS, "play AD")
    assert (
        described(g, s, "play 8D")
        == "Spieler 3 spielt ♦8 (er muss Karo bedienen und kann ♦A nicht schlagen, BK-4.10(a))."
    )


def test_bk_4_10_b_trumping_undertrumping_and_overtrumping_in_german_with_the_trick_won_bk_4_9():
    g, s = playing(["AC 10C KC QC JC", "KS 8S 9S 10S JS", "AH KH QH JH 10H"], 0, CALLS, "play KS")
    assert described(g, s, "play JH") == (
        "Spieler 3 spielt ♥B (er kann Pik nicht bedienen, muss also trumpfen und ♠K schlagen, BK-4.10(b), BK-4.11)."
    )
    g, s = playing(["AH 8C 8D 9D 10D", "KS QS JS 7C 9C", "7H 9H AD 10C JC"], 0, CALLS, "play KS", "play 7H")
    assert described(g, s, "play AH") == (
        "Spieler 1 spielt ♥A (er kann Pik nicht bedienen, muss also trumpfen und ♥7 übertrumpfen, BK-4.10(b), "
        "BK-4.11); Spieler 1 gewinnt den Stich mit ♥A (BK-4.9)."
    )
    g, s = playing(["7H 8C 8D 9D 10D", "KS QS JS 7C 9C", "AH 9H AD 10C JC"], 0, CALLS, "play KS", "play AH")
    assert described(g, s, "play 7H") == (
        "Spieler 1 spielt ♥7 (er kann Pik nicht bedienen, muss also trumpfen, notfalls unter ♥A, BK-4.10(b)); "
        "Spieler 3 gewinnt den Stich mit ♥A (BK-4.9)."
    )


def test_bk_4_10_c_a_free_discard_in_german():
    g, s = playing(["AC 10C KC QC JC", "KS 8S 9S 10S JS", "AD KD QD JD 10D"], 0, CALLS, "play KS")
    assert described(g, s, "play AD") == (
        "Spieler 3 spielt ♦A (er kann weder Pik bedienen noch trumpfen, also ist jede Karte erlaubt, BK-4.10(c))."
    )
    g, s = playing(["AC 10C KC QC JC", "KH 8S 9S 10S JS", "AD KD QD JD 10D"], 0, CALLS, "play KH")
    assert described(g, s, "play AD") == (
        "Spieler 3 spielt ♦A (er kann die Trumpffarbe Herz nicht bedienen, also ist jede Karte erlaubt, BK-4.10(c))."
    )


@pytest.mark.parametrize(
    ("state", "sentence", "variant", "fragment"),
    [
        pytest.param(
            bk_8_7_state,
            "Spieler 5 spielt ♠8 (er muss Pik bedienen und kann ♠A nicht schlagen, BK-4.10(a)); Spieler 1 gewinnt den "
            "Stich mit ♠A (BK-4.9); Spiel 1 wird gewertet, Punkte: Spieler 1 −3, Spieler 3 +5, Spieler 4 +3, "
            "Spieler 5 +5 (BK-5.1); Spieler 4, der Spielende, gibt Spiel 2 (BK-3.4).",
            partial(bk_8_7_state, violation=True),
            "Spiel 1 wird gewertet, Punkte: Spieler 1 +5, Spieler 3 +5, Spieler 4 +3, Spieler 5 +5 (BK-5.1, BK-5.12)",
            id="bk_5_1_bk_5_12_a_scored_game_and_the_next_dealer_bk_3_4",
        ),
        pytest.param(  # the settlement in words: who collects, who pays and why (BK-5.6)
            bk_8_11_state,
            "Spieler 5 sagt WEG und legt sein Blatt ab (BK-4.6); alle sind ausgestiegen, also bekommt Spieler 1 alle "
            "fünf Stiche (BK-4.7); Spiel 3 wird gewertet, Punkte: Spieler 1 −5 (BK-5.1); die Runde endet mit einem "
            "Durchmarsch von Spieler 1, der 4 € kassiert, und Spieler 2 und 3, die in den Spielen 1–3 +5 erhalten "
            "haben, haben gemeinsam die meisten Punkte (20) und teilen sich die 4 €: Spieler 1 +4 €, Spieler 2 −2 €, "
            "Spieler 3 −2 €, Spieler 4 0 €, Spieler 5 0 € (BK-5.6).",
            partial(bk_8_11_state, game2_bid="bid 0", game1_answers=("weg",) * 4),
            "und niemand sonst hat in den Spielen 1–3 +5 erhalten, also zahlt jeder andere Spieler ihm 1 €",
            id="bk_4_7_bk_5_6_everybody_drops_and_the_durchmarsch_settlement",
        ),
    ],
)
def test_the_step_that_scores_a_game_in_german(state, sentence, variant, fragment):
    """The whole sentence of the step that ends a worked example's game, and a part of it in a variant."""
    assert last_step(*state()) == sentence
    assert fragment in last_step(*variant())


def test_bk_5_5_bk_5_8_the_stechen_draw_and_the_decision_game_in_german():
    g, s = game_9_of_bk_8_10()
    assert described(g, s, "play 9C").endswith(
        "Spiel 9 wird gewertet, Punkte: Spieler 1 +5, Spieler 3 −2, Spieler 4 −3 (BK-5.1); Spieler 1 und 2 haben "
        "gemeinsam die meisten Punkte (25), also ziehen sie für das Stechen: Spieler 1 ♥A, Spieler 2 ♠7, und "
        "Spieler 2 gewinnt das Ziehen (BK-5.5, BK-5.8)."
    )
    s = play(g, s, "play 9C")
    assert described(g, s, "dealer 0") == (
        "Spieler 2, der Gewinner des Ziehens, bestimmt Spieler 1 zum Geber des Entscheidungsspiels (BK-5.8)."
    )
    assert described(g, s, "dealer 1") == (
        "Spieler 2, der Gewinner des Ziehens, bestimmt sich selbst zum Geber des Entscheidungsspiels (BK-5.8)."
    )
    g, s = bk_8_10_state()  # BK-8.10: the decision game, player 1 takes 3 tricks, player 0 takes 2
    plan = {1: "AD 10D KD 7S".split(), 0: "7C 8C 9C AS KS".split()}
    while True:  # the decision game up to its last card
        seat, legal = g.to_act(s)[0], g.legal_actions(s)
        action = next((a for a in legal if plan[seat] and str(a.card) == plan[seat][0]), legal[0])
        if plan[seat] and str(action.card) == plan[seat][0]:
            plan[seat].pop(0)
        if g.is_over(g.apply(s, action)):
            break
        s = g.apply(s, action)
    assert german(g.describe, s, action).endswith(
        "; das Entscheidungsspiel wird gewertet, seine Punkte zählen nur für das Stechen: Spieler 1 −2, Spieler 2 −3 "
        "(BK-5.1, BK-5.8); die Runde endet, und Spieler 1 verliert sie mit den wenigsten Stichen im "
        "Entscheidungsspiel: Spieler 1 −3 €, Spieler 2 +1 €, Spieler 3 +1 €, Spieler 4 +1 € (BK-5.8, BK-5.5)."
    )


def test_bk_5_11_bk_5_7_bk_6_4_misdeals_the_round_end_and_the_next_first_dealer_in_german():
    g = game(3, tournament=True, first_dealer=0)
    s = g.new(seed=5)
    sentences = []
    for _ in range(3):
        sentences.append(described(g, s, "misdeal", None))
        s = g.apply(s, Misdeal(), None)
    assert sentences == [
        "Der Tisch meldet das 1. Vergeben von Spieler 1: es bleibt ohne Strafe, und Spieler 1 gibt neu (BK-5.11).",
        "Der Tisch meldet das 2. Vergeben von Spieler 1: er erhält +5 Punkte, und Spieler 1 gibt neu (BK-5.11).",
        "Der Tisch meldet das 3. Vergeben von Spieler 1 (BK-5.11); die Runde endet, und der Geber, Spieler 1, "
        "verliert sie mit "
        "seinem dritten Vergeben: Spieler 1 −2 €, Spieler 2 +1 €, Spieler 3 +1 € (BK-5.7); Spieler 1, der "
        "Verlierer, bestimmt den ersten Geber der Runde 2 (BK-6.4).",
    ]
    assert described(g, s, "dealer 2") == (
        "Spieler 1, der Verlierer der Runde 1, bestimmt Spieler 3 zum ersten Geber der Runde 2 (BK-6.4)."
    )
    assert described(g, s, "dealer 0") == (
        "Spieler 1, der Verlierer der Runde 1, bestimmt sich selbst zum ersten Geber der Runde 2 (BK-6.4)."
    )


def third_misdeal_in_german(seed, **options):
    """The German sentence of the third misdeal by player 1, the first dealer of a three-player tournament."""
    g = game(3, tournament=True, first_dealer=0, **options)
    s = g.apply(g.apply(g.new(seed=seed), Misdeal(), None), Misdeal(), None)
    return described(g, s, "misdeal", None)


def test_bk_5_14_bk_5_15_leaving_the_tournament_and_its_end_in_german():
    assert third_misdeal_in_german(5, start_euros=1).endswith(
        "; Spieler 1 scheidet mit einem Kontostand von −1 € aus dem Turnier aus, bei oder unter der Untergrenze von "
        "0 € (BK-5.14); Spieler 1 hat die Sitzung verlassen, also gibt Spieler 2, der nächste verbliebene Spieler im "
        "Uhrzeigersinn, das erste Spiel der Runde 2 (BK-6.4)."
    )
    assert third_misdeal_in_german(1, start_euros=10, lower_bound=11).endswith(
        "; Spieler 1, 2 und 3 scheiden mit Kontoständen von 8 € und 11 € und 11 € aus dem Turnier aus, bei oder unter "
        "der Untergrenze von 11 € (BK-5.14); das Turnier ist vorbei: Spieler 2 und 3 teilen sich den Sieg mit einem "
        "Kontostand von 11 € (BK-5.15)."
    )


def test_bk_5_12_bk_5_13_a_caught_violation_and_an_expulsion_in_german():
    g = game(4, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "gut", "gut", "trump H", "mit", "mit", "mit")
    assert described(g, s, "violation 2", None) == (
        "Der Tisch ertappt Spieler 3 bei einem Regelverstoß (Bedienen, Trumpfen oder Überbieten): seine Stiche in "
        "diesem Spiel werden aberkannt, und er erhält dafür genau +5 (BK-5.12)."
    )
    s = g.apply(s, Violation(2), None)
    assert described(g, s, "expel 2", None) == (
        "Spieler 3 wird erneut ertappt, und der Tisch hält es für Absicht: er wird ausgeschlossen (BK-5.13); die "
        "Runde endet, und Spieler 3 zahlt als Verlierer und verlässt dann die Sitzung: Spieler 1 +1 €, Spieler 2 "
        "+1 €, Spieler 3 −3 €, Spieler 4 +1 € (BK-5.7, BK-5.13)."
    )


def test_bk_3_6_a_luschen_redeal_in_german():
    g = game(4, first_dealer=2)
    luschen = "7C 8C 9S 7H 8D"
    s = stacked(g, [None] * 4, dealer=2, more=[([None, None, None, luschen], 3), ([None, luschen, None, None], 3)])
    s = play(g, s, "bid 1", "gut", "gut", "gut", "trump H", "weg", "weg")
    assert described(g, s, "weg").endswith(
        "Spieler 4, der Spielende, gibt Spiel 2 (BK-3.4); ein Blatt aus fünf Luschen (niedrigen Karten) ohne drei "
        "Karten einer Farbe: das Geben ist ungültig, und Spieler 4 gibt neu (2-mal) (BK-3.6)."
    )


# -- refusals: one of each kind, with its clause ------------------------------------------------------------


def test_bk_4_2_refused_calls_in_german():
    g = game(4, first_dealer=0)
    s = g.new(seed=1)
    err = refused(g.parse_action, s, "bid 7")
    assert (str(err), err.rule) == (
        "Ein Gebot ist eine Stichzahl von 0 bis 5: bieten Sie 0, 1, 2, 3, 4 oder 5, oder sagen Sie gut (BK-4.2)",
        "BK-4.2",
    )
    s = play(g, s, "bid 3")
    assert str(refused(g.parse_action, s, "bid 3")) == (
        "Ein Gebot muss höher als 3 sein: bieten Sie 4 oder 5, oder sagen Sie gut (BK-4.2)"
    )
    s = play(g, s, "bid 5")
    assert str(refused(g.parse_action, s, "bid 9")) == (
        "Es wurde 5 geboten, also muss jede spätere Ansage GUT sein: sagen Sie gut (BK-4.2)"
    )
    assert str(refused(g.parse_action, s, "mit")) == "Jetzt wählt Spieler 4 eine Ansage, nicht „mit“: gut (BK-4.2)"


def test_bk_4_8_a_card_not_held_is_refused_in_german():
    g, s = playing(["AC 10C KC QC JC", "7D 8S 9S 10S JS", "AD KD QD JD 10D"], 0, CALLS)
    err = refused(g.apply, s, PLAYS[parse_card("AH")])
    assert (str(err), err.rule) == (
        "Sie haben ♥A nicht auf der Hand; spielen Sie eine beliebige Karte Ihres Blatts aus: ♠10 ♠B ♠9 ♠8 ♦7 (BK-4.8)",
        "BK-4.8",
    )
    s = play(g, s, "play 7D")
    assert str(refused(g.apply, s, PLAYS[parse_card("AH")])) == (
        "Sie haben ♥A nicht auf der Hand; Ihr Blatt ist ♦A ♦10 ♦K ♦D ♦B: spielen Sie ♦A, ♦10, ♦K, ♦D oder ♦B (BK-4.8)"
    )


def test_bk_4_10_a_and_b_refused_cards_that_do_not_follow_or_do_not_trump_in_german():
    g, s = playing([None, "KS 9S 8S 7S 7C", "AS AD KD QD JD"], 0, CALLS, "play 9S")
    err = refused(g.apply, s, PLAYS[parse_card("AD")])
    assert (str(err), err.rule) == (
        "Sie müssen Pik bedienen und ♠9 überbieten: spielen Sie ♠A (BK-4.10)",
        "BK-4.10",
    )
    g, s = playing(["AH 8C 8D 9D 10D", "KS QS JS 7C 9C", "7H 9H AD 10C JC"], 0, CALLS, "play KS")
    assert str(refused(g.apply, s, PLAYS[parse_card("AD")])) == (
        "Sie können Pik nicht bedienen, müssen also trumpfen und ♠K schlagen: spielen Sie ♥9 oder ♥7 (BK-4.10)"
    )
    g, s = playing(["7H 8C 8D 9D 10D", "KS QS JS 7C 9C", "AH 9H AD 10C JC"], 0, CALLS, "play KS", "play AH")
    assert str(refused(g.apply, s, PLAYS[parse_card("8D")])) == (
        "Sie können Pik nicht bedienen, müssen also trumpfen, notfalls unter ♥A: spielen Sie ♥7 (BK-4.10)"
    )


def test_bk_4_11_refused_cards_that_do_not_head_or_overtrump_in_german():
    g, s = playing(["QD AH 10H KH QH", "AD KD 7D 8C 9S", "9D 8D AS 7C 8S"], 2, CALLS, "play QD")
    err = refused(g.apply, s, PLAYS[parse_card("7D")])
    assert (str(err), err.rule) == (
        "♦7 schlägt ♦D nicht, und Sie müssen überbieten, wenn Sie können: spielen Sie ♦A oder ♦K (BK-4.11)",
        "BK-4.11",
    )
    g, s = playing(["AC 7S 8S 9S JS", "9H KS QS 8D 9D", "10H 8H 7D KD QD"], 2, CALLS, "play AC", "play 9H")
    assert str(refused(g.apply, s, PLAYS[parse_card("8H")])) == (
        "♥8 schlägt ♥9 nicht, und Sie müssen übertrumpfen, wenn Sie können: spielen Sie ♥10 (BK-4.11)"
    )


def test_bk_5_8_and_bk_6_4_refused_dealers_in_german():
    g, s = game_9_of_bk_8_10()
    s = play(g, s, "play 9C")
    err = refused(g.parse_action, s, "dealer 2")
    assert (str(err), err.rule) == (
        "Der Geber des Entscheidungsspiels ist einer der gleichstehenden Spieler: Spieler 1 oder Spieler 2 (BK-5.8)",
        "BK-5.8",
    )
    g = game(3, tournament=True, first_dealer=0)
    s = g.new(seed=5)
    for _ in range(3):
        s = g.apply(s, Misdeal(), None)
    assert str(refused(g.parse_action, s, "play AC")) == (
        "Jetzt wählt Spieler 1 den ersten Geber der nächsten Runde, nicht „spielen ♣A“: Geber Spieler 1, "
        "Geber Spieler 2 oder Geber Spieler 3 (BK-6.4)"
    )


def test_bk_5_10_to_bk_5_13_refused_table_events_and_bk_5_4_the_game_over_in_german():
    g = game(4, first_dealer=0)
    s = g.new(seed=2)
    err = refused(g.apply, s, Misdeal(), player=1)
    assert (str(err), err.rule) == (
        "`misdeal` hält der Tisch fest, kein Spieler: wenden Sie es mit player=None an (BK-5.10)",
        "BK-5.10",
    )
    assert str(refused(g.apply, s, Violation(1), None)) == (
        "Ein Verstoß wird während des Stichspiels gegen einen aktiven Spieler (den Spielenden oder einen "
        "MIT-Spieler) festgehalten; Spieler 2 spielt gerade keinen Stich (BK-5.12)"
    )
    s = play(g, s, "bid 1", "gut", "gut", "gut", "trump H", "mit", "mit", "mit")
    assert str(refused(g.apply, s, Expel(2), None)) == (
        "Für Spieler 3 ist noch kein Verstoß festgehalten: halten Sie zuerst `violation 2` fest; ein Ausschluss "
        "setzt eine Wiederholung voraus (BK-5.13)"
    )
    g = game(3, tournament=True, start_euros=10, lower_bound=11, first_dealer=0)
    s = g.new(seed=1)
    for _ in range(3):
        s = g.apply(s, Misdeal(), None)
    assert g.is_over(s)
    assert (
        str(refused(g.apply, s, Misdeal(), None)) == "Das Spiel ist vorbei: es gibt nichts mehr festzuhalten (BK-5.4)"
    )


def test_action_texts_that_cannot_be_read_are_explained_in_german():
    g = game(4, first_dealer=0)
    s = g.new(seed=1)
    help_text = (
        "Aktionen sind: bid N (0-5), gut, trump C|S|H|D, mit, weg, play KARTE (z. B. play QH), dealer N; "
        "Ereignisse am Tisch: misdeal, violation N, expel N"
    )
    assert str(refused(g.parse_action, s, "  ")) == f"leere Aktion; {help_text}"
    assert str(refused(g.parse_action, s, "frob")) == f"„frob“ wird nicht verstanden; {help_text}"
    assert str(refused(g.parse_action, s, "dealer x")) == (
        "„dealer x“ wird nicht verstanden: „x“ ist keine Zahl: der Geber ist eine Platznummer"
    )
    assert str(refused(g.parse_action, s, "trump X")).startswith(
        "„trump X“ wird nicht verstanden: unbekannte Farbe „x“: eine Farbe ist C (Kreuz), S (Pik), H (Herz) oder D (Karo)"
    )
    assert str(refused(g.parse_action, s, "play ZZ")).startswith(
        "„play ZZ“ wird nicht verstanden: unbekannter Kartencode"
    )


def test_bk_4_8_the_solver_says_in_german_why_it_has_nothing_to_solve():
    g = game(4)
    s = g.new(seed=1)
    assert str(refused(solve, s, 0)) == (
        "der Solver arbeitet während des Stichspiels (BK-4.8 bis BK-4.11), aber das Ansagen läuft noch "
        "(BK-4.1 bis BK-4.4)"
    )


def test_option_errors_in_german_and_the_option_texts_name_the_limits_of_the_code():
    assert str(refused(cardgames.load, "brokdorf", players=4, first_dealer=5)).endswith(
        "es gibt nur die Plätze 0 bis 3"
    )
    assert "setzen Sie max_rounds (1 bis 1.000) oder höchstens 10 Euro zwischen start_euros und lower_bound" in str(
        refused(cardgames.load, "brokdorf", players=4, tournament=True, start_euros=100)
    )
    # a text marked for translation is a plain literal: the numbers in it are the code's own limits
    docs = {name: option.doc for name, option in SPEC.options.items()}
    assert f"1 to {MAX_EUROS} " in docs["start_euros"] and f"-{MAX_EUROS} to {MAX_EUROS} " in docs["lower_bound"]
    assert f"1 to {MAX_ROUNDS:,};" in docs["max_rounds"] and f"at most {OPEN_SPREAD} euros" in docs["max_rounds"]


# -- the table: labels, cards, decimal comma -----------------------------------------------------------------


def test_bk_4_8_the_table_in_trick_play_is_labelled_in_german_and_shows_dame_and_bube():
    g, s = playing(["AC 10C KC QC JC", "AD 8S 9S 10S JS", "7D 8D 9D JD QD"], 0, CALLS, "play AD")
    assert german(g.render, s) == "\n".join(
        [
            "Brokdorf · Runde 1 · Spiel 1 · Spieler 1 gibt",
            "Punkte: Spieler\xa01:\xa015, Spieler\xa02:\xa015, Spieler\xa03:\xa015",
            "Kontrakt: Spieler 2 bietet 1, Trumpf Herz ♥",
            "  1  ♣A ♣10 ♣K ♣D ♣B          MIT Stiche 0",
            "  2  ♠10 ♠B ♠9 ♠8             Spielender Stiche 0",
            "  3  ♦D ♦B ♦9 ♦8 ♦7           MIT Stiche 0",
            "Stich: 2 ♦A",
            "am Zug: Spieler 3 (Stichspiel)",
        ]
    )
    assert "  1  ?? ?? ?? ?? ??" in german(g.render, s, 2)
    # the pictures are German, the codes of the cards stay: QD is the ♦ Dame in both languages
    faces = [part for line in german(g.layout, s) for part in line if not isinstance(part, str)]
    assert ("QD", "♦D") in [(face.code, face.text) for face in faces]
    assert [str(a) for a in german(g.legal_actions, s)] == [str(a) for a in g.legal_actions(s)]


def test_bk_5_8_the_table_of_a_stechen_and_the_bidding_in_german():
    g, s = game_9_of_bk_8_10()
    s = play(g, s, "play 9C")
    assert german(g.render, s) == "\n".join(
        [
            "Brokdorf · Runde 1",
            "Punkte: Spieler\xa01:\xa025, Spieler\xa02:\xa025, Spieler\xa03:\xa00, Spieler\xa04:\xa09",
            "Stechen unter Spieler 1 und 2, gezogen: Spieler\u00a01\u00a0♥A, Spieler\u00a02\u00a0♠7",
            "am Zug: Spieler 2 (Geber des Entscheidungsspiels)",
        ]
    )
    g = game(3, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut")
    lines = german(g.render, s).splitlines()
    assert (
        lines[2] == "Ansagen: Spieler\xa02:\xa0Gebot\xa01, Spieler\xa03:\xa0GUT"
        and lines[-1] == "am Zug: Spieler 1 (Ansage)"
    )


def test_bk_5_14_the_tournament_table_writes_euros_with_a_decimal_comma_and_names_the_last_round():
    g = game(3, tournament=True, first_dealer=0)
    s = g.new(seed=5)
    for _ in range(3):
        s = g.apply(s, Misdeal(), None)
    assert german(g.render, s) == "\n".join(
        [
            "Brokdorf · Runde 2",
            "Punkte: Spieler\xa01:\xa015, Spieler\xa02:\xa015, Spieler\xa03:\xa015",
            "Euro: Spieler\xa01:\xa08,00, Spieler\xa02:\xa011,00, Spieler\xa03:\xa011,00",
            "letzte Runde: Vergeben, Spieler\xa01:\xa0−2\xa0€, Spieler\xa02:\xa0+1\xa0€, Spieler\xa03:\xa0+1\xa0€",
            "am Zug: Spieler 1 (erster Geber der nächsten Runde)",
        ]
    )
    assert (
        g.render(s).splitlines()[2] == "euros: player\xa01:\xa08.00, player\xa02:\xa011.00, player\xa03:\xa011.00"
    )  # a decimal point


def test_bk_5_4_a_finished_round_in_german_and_its_settlement_rows_unchanged():
    g, s = bk_8_11_state()
    assert german(g.render, s).splitlines()[0] == "Brokdorf · Runde 1 · beendet"
    each = [f"Spieler {n}: {euros} €".replace(" ", "\xa0") for n, euros in enumerate(["+4", "−2", "−2", "0", "0"], 1)]
    assert german(g.render, s).splitlines()[-1] == "letzte Runde: Durchmarsch, " + ", ".join(each)
    # the rows are data: their keys and values are the same in both languages
    assert german(lambda: g.settlement(s).rows()) == g.settlement(s).rows()


# -- whole games: no English left, and the switch is per call -------------------------------------------------

ENGLISH = re.compile(
    r"\b(the|and|Player|player|players|plays|leads|wins|must|cannot|trick|tricks|bids|says|names|round|game|"
    r"deal|deals|dealer|declarer|declares|contract|points|euros|over|scored|draw|you|your|hand|seat|with|"
    r"only|trump|calls|act|last|dropped|misdeal|expulsion|answer|play|bid)\b"
)
#: a refusal lists the actions still open as action texts (``dealer 0``, `mit`), which stay English
ACTION_TEXTS = re.compile(r"`[^`]*`|\b(?:bid|dealer|play|trump|violation|expel) \S+|\b(?:gut|mit|weg|misdeal)\b")


def english_words(text):
    return ENGLISH.findall(text)


def german_games():
    """Seeded games of every player count with random agents in German, with table events and tournaments."""
    for players in range(2, 7):
        for seed in range(4):
            options = {"tournament": True, "max_rounds": 2, "start_euros": 2} if seed == 3 else {}
            g = game(players, **options)
            bots = [g.agent("random", seat) for seat in range(players)]
            rng = random.Random(seed)
            s = g.new(seed=seed)
            yield g, s, bots, rng


def test_whole_games_in_german_have_no_english_words_in_sentences_tables_or_refusals():
    checked = {"sentence": 0, "table": 0, "refusal": 0}
    with cardgames.language("de"):
        for g, s, bots, rng in german_games():
            steps = 0
            while not g.is_over(s):
                steps += 1
                if steps % 5 == 0:
                    for viewer in (None, *range(g.players)):
                        text = g.render(s, viewer)
                        assert not english_words(text), (english_words(text), text)
                        checked["table"] += 1
                    seat = g.to_act(s)[0]
                    legal = g.legal_actions(s)
                    for action in rng.sample(list(PLAYS), 4) + [Misdeal(), Violation(seat)]:
                        if action in legal:
                            continue
                        try:
                            g.apply(s, action, None if isinstance(action, (Misdeal, Violation)) else seat)
                        except ValueError as err:
                            text = ACTION_TEXTS.sub("", str(err))
                            assert not english_words(text), (english_words(text), str(err))
                            checked["refusal"] += 1
                draw = rng.random()
                if s.phase == PLAY and draw < 0.02:  # the table events of a real table (BK-5.11 to BK-5.13)
                    seat = rng.choice(s.deal.active)
                    action = Expel(seat) if s.sheet.violations[seat] else Violation(seat)
                    step = g.advance(s, action, None)
                elif s.phase != PLAY and draw < 0.01 and s.deal is not None:
                    step = g.advance(s, Misdeal(), None)
                else:
                    seat = g.to_act(s)[0]
                    bot = bots[seat]
                    action = bot.act(g.view(s, seat) if bot.uses_view else None, g.legal_actions(s), rng)
                    step = g.advance(s, action, seat)
                assert not english_words(step.sentence), (english_words(step.sentence), step.sentence)
                assert step.sentence.endswith(".") and "{" not in step.sentence
                checked["sentence"] += 1
                s = step.after
            text = g.render(s)
            assert not english_words(text), text
    assert min(checked.values()) > 100, checked


def test_the_language_is_chosen_per_call_so_the_same_step_reads_in_english():
    g = game(4, first_dealer=0)
    s = g.new(seed=1)
    action = g.parse_action(s, "bid 3")
    with cardgames.language("de"):
        assert g.describe(s, action) == "Spieler 2 bietet 3 Stiche (BK-4.2)."
    assert g.describe(s, action) == "Player 2 bids 3 tricks (BK-4.2)."
    cardgames.set_language("de")
    with cardgames.language("en"):
        assert g.describe(s, action) == "Player 2 bids 3 tricks (BK-4.2)."
        assert g.render(s).splitlines()[0] == "Brokdorf · round 1 · game 1 · player 1 deals"
        with pytest.raises(cardgames.IllegalMove) as err:
            g.parse_action(play(g, s, "bid 3"), "bid 3")
        assert str(err.value) == "A bid must be higher than 3: bid 4 or 5, or say gut (BK-4.2)"
    assert g.describe(s, action) == "Spieler 2 bietet 3 Stiche (BK-4.2)."
    assert g.render(s).splitlines()[0] == "Brokdorf · Runde 1 · Spiel 1 · Spieler 1 gibt"


def test_bk_1_3_german_pictures_of_cards_and_the_same_codes_in_both_languages():
    queen, jack = parse_card("QH"), parse_card("JD")
    assert (queen.pretty, jack.pretty) == ("♥Q", "♦J")
    with cardgames.language("de"):
        assert (queen.pretty, jack.pretty) == ("♥D", "♦B")
        assert (str(queen), parse_card("DH"), parse_card("♥D")) == ("QH", queen, queen)
        assert str(PLAYS[queen]) == "play QH"
