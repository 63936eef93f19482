"""The Brotherhood in German (issue 17): describe sentences, refusals, the map's labels, setup and table texts.

Each spot check names the clauses whose sentence it reads and pins the exact German text, in the terms of
cardgames/brotherhood/rules.de.md (Feld, Quelle, Schläger, Killer, Pate, Vorrat, Gefängnis, Befehlssatz,
Schießerei, Entscheidungskampf, Besitz, Anspruch). The whole-game check plays seeded random games with every
player count in German and finds no English word in anything a person reads; the last tests show that the
language is chosen per call (the same step in English is the English sentence). Action texts, card codes,
V-codes and clause ids stay the same in both languages.
Seats: A = P1, B = P2, C = P3, D = P4.
"""

from __future__ import annotations

import random
import re

import pytest

import cardgames
from cardgames.brotherhood import build_table, probability
from cardgames.brotherhood.board import CATALOG
from cardgames.brotherhood.describe import ORDER_GRAMMAR
from cardgames.brotherhood.rules import OrderSetRefused, explain

from .helpers import bh_8_3, bh_8_6, do, resolve, scenario

A, B, C, D = 0, 1, 2, 3


@pytest.fixture(autouse=True)
def _german():
    """Every test here reads German unless it asks for English in a block (conftest resets the language)."""
    cardgames.set_language("de")


def said(g, state, text, player=None):
    """The describe sentence of the action ``text`` of ``player`` in ``state``."""
    return g.describe(state, g.parse_action(state, text, player), player)


def refused(g, state, text, player, rule, kind=cardgames.IllegalMove):
    """The refusal of the action text ``text``: it names ``rule``."""
    with pytest.raises(kind) as err:
        g.parse_action(state, text, player)
    assert err.value.rule == rule, err.value
    return str(err.value)


def first_round():
    """The scenario of notebooks/brotherhood/01-regeln.ipynb: three players, dice and event cards stacked."""
    g = cardgames.load("brotherhood", players=3)
    return g, g.new(seed=1, rolls=[4, 1, 2, 1, 6], events=["E03", "E07"])


def window_passed(g, s):
    """``s`` once each of the three players has passed in the transfer window (BH-4.3): the order sets are due."""
    for _ in range(3):
        s = do(g, s, g.to_act(s)[0], "pass")
    return s


def orders_written(g, s):
    """The transfer window passed, P1 and P2 have submitted their sets; P3 still writes his."""
    s = window_passed(g, s)
    s = g.apply(s, g.parse_action(s, "build_source d 3; deploy f thug 2; deploy e thug 1", A), A)
    return g, g.apply(s, g.parse_action(s, "build_source d 3; build_source e 2", B), B)


def to_the_shootout():
    """Round 2 of the notebook's game, at the sealed targets of the shootout in f (BH-4.12.2)."""
    g, s = at_the_claims()
    s = do(g, s, A, "claim P2 1")
    s = do(g, s, A, "submit")
    while s.stage == "transfer":
        s = do(g, s, g.to_act(s)[0], "pass")
    for seat, orders in [(B, "deploy f killer 1; submit"), (C, "godfather f; submit"), (A, "submit")]:
        s = g.apply(s, g.parse_action(s, orders, seat), seat)
    assert s.question.kind == "targets"
    return g, s


def contested_takeover(rolls):
    """P1's thug and P2's killer in d both claim P3's one unprotected source there (BH-8.10)."""
    g, s = resolve(3, rolls, markers={(A, "d"): (0, 0, 1, 0), (B, "d"): (0, 0, 0, 1), (C, "d"): (1, 0, 0, 0)})
    for p in (A, B):
        s = do(g, s, p, "claim P3 1")
        s = do(g, s, p, "submit")
    assert s.question.kind == "propose"
    return g, s


# -- describe: one sentence of each kind of step ------------------------------------------------------------


def test_bh_4_3_a_pass_and_a_transfer_in_the_transfer_window():
    g, s = first_round()
    assert said(g, s, "pass") == "P1 leistet in diesem Durchgang keine weiteren Zahlungen (BH-4.3)."
    assert said(g, s, "transfer P2 5") == "P1 zahlt P2 sofort 5 GE (BH-4.3)."


def test_bh_4_4_an_order_written_and_a_whole_set_submitted():
    """BH-4.4, BH-4.7: an atomic order with the step that executes it; BH-4.5: a whole set in one line."""
    g, s = first_round()
    s = window_passed(g, s)
    assert said(g, s, "build_source d 3", A) == (
        "P1 schreibt „Quelle bauen d 3“ in seinen verdeckten Befehlssatz (BH-4.4, ausgeführt in Schritt b3, BH-4.7)."
    )
    assert said(g, s, "build_source d 3; deploy f thug 2; deploy e thug 1", A) == (
        "P1 gibt den verdeckten Befehlssatz „Quelle bauen d 3; einsetzen f Schläger 2; einsetzen e Schläger 1“ ab "
        "(BH-4.4, geprüft nach BH-4.5)."
    )
    assert said(g, s, "submit", A) == "P1 gibt einen leeren Befehlssatz verdeckt ab (BH-4.4, BH-4.5)."


def test_bh_4_4_a_godfather_order_that_changes_nothing():
    g, s = scenario(2, round=2, godfathers={A: "c"})
    assert said(g, s, "godfather c", A) == (
        "P1 schreibt „Pate nach c“ in seinen verdeckten Befehlssatz (BH-4.4, ausgeführt in Schritt b5, BH-4.7); "
        "sein Pate steht schon in Feld c, der Befehl ändert also nichts."
    )


def test_bh_4_9_bh_4_7_3_bh_4_10_the_last_set_reveals_all_refuses_a_build_and_draws_the_event():
    g, s = orders_written(*first_round())
    s = do(g, s, C, "build_source c 2")
    assert said(g, s, "submit", C) == (
        "P3 gibt einen Befehlssatz mit 1 Befehl verdeckt ab (BH-4.4, BH-4.5) — dann: "
        "Befehle von P1 aufgedeckt: Quelle bauen d 3; einsetzen f Schläger 2; einsetzen e Schläger 1 (BH-4.9); "
        "Befehle von P2 aufgedeckt: Quelle bauen d 3; Quelle bauen e 2 (BH-4.9); "
        "Befehle von P3 aufgedeckt: Quelle bauen c 2 (BH-4.9); "
        "der Bau von 1 Quelle durch P2 in d wird zurückgewiesen: Das Feld ist voll (Kapazität 5), und ein "
        "zurückgewiesener Bau wird nicht bezahlt (BH-4.7.3); "
        "Ereignis E03 trifft Feld d: Quellen dort bringen in der Einkommensphase von Runde 2 den halben Ertrag "
        "(BH-4.10)."
    )


def test_bh_4_14_3_a_claim_and_bh_4_14_5_the_takeover_then_bh_4_2_income_and_upkeep():
    g, s = at_the_claims()
    assert said(g, s, "claim P2 1") == "P1 beansprucht verdeckt 1 schutzlose Quelle von P2 in e (BH-4.14.3)."
    s = do(g, s, A, "claim P2 1")
    assert said(g, s, "submit") == (
        "P1 gibt seine Ansprüche in e ab: insgesamt 1 Quelle (BH-4.14.3) — dann: "
        "P1 übernimmt 1 von 1 beanspruchten Quelle von P2 in e (BH-4.14.5); "
        "P2 nimmt 3 GE ein und hat 11 (BH-4.2); P3 nimmt 6 GE ein und hat 14 (BH-4.2); "
        "P1 nimmt 4 GE ein und hat 6 (BH-4.2); P1 zahlt 6 GE Unterhalt und behält 0 (BH-4.2.3)."
    )


def test_bh_4_12_2_a_target_and_bh_4_12_3_to_bh_4_13_2_the_shootout_it_completes():
    g, s = to_the_shootout()
    assert (
        said(g, s, "target P2 thug 1", A) == "P1 richtet verdeckt 1 Schläger in der Schießerei in f auf P2 (BH-4.12.2)."
    )
    s = do(g, s, A, "target P2 thug 1")
    s = do(g, s, A, "target P3 thug 1")
    assert said(g, s, "target P3 killer 1", B) == (
        "P2 richtet verdeckt 1 Killer in der Schießerei in f auf P3 (BH-4.12.2) — dann: "
        "die Schläger von P1 schießen in f auf P2 und würfeln 2: 1 Treffer (BH-4.12.3); "
        "die Schläger von P1 schießen in f auf P3 und würfeln 1: 1 Treffer (BH-4.12.3); "
        "die Killer von P2 schießen in f auf P3 und würfeln 6: 0 Treffer (BH-4.12.3); "
        "P2 verliert 0 Schläger und 1 Killer in f (BH-4.12.4); "
        "P3 hat in f keinen Schläger oder Killer zu verlieren, also tötet der Treffer seinen Paten "
        "(BH-4.12.4, BH-4.12.5), und er scheidet aus (BH-4.13.1); "
        "P1 und P2 waren an der Schießerei in f beteiligt und sind noch aktiv, also erheben sie Anspruch auf den "
        "Besitz von P3 und müssen sich auf eine Aufteilung einigen oder in f darum kämpfen (BH-4.13.2, BH-4.13.5)."
    )


def test_bh_4_15_1_proposals_and_bh_4_15_4_bh_4_13_4_the_fight_won_and_the_estate_inherited():
    g, s = to_the_shootout()
    for seat, target in [(A, "target P2 thug 1"), (A, "target P3 thug 1"), (B, "target P3 killer 1")]:
        s = do(g, s, seat, target)
    assert said(g, s, "give P1 c source 1", A) == (
        "P1 schreibt verdeckt in seinen Aufteilungsvorschlag: „geben P1 c Quelle 1“ (BH-4.15.1)."
    )
    assert said(g, s, "propose P1", A) == "P1 schlägt verdeckt vor, dass P1 den ganzen Besitz erbt (BH-4.15.1)."
    s = do(g, s, A, "propose P1")
    assert said(g, s, "propose P2", B) == (
        "P2 schlägt verdeckt vor, dass P2 den ganzen Besitz erbt (BH-4.15.1) — dann: "
        "P1 gewinnt den Entscheidungskampf in f um den Besitz von P3 (BH-4.15.4); "
        "P1 erbt den ganzen Besitz von P3, jeden Marker dort, wo er liegt (BH-4.13.4)."
    )


def test_bh_4_15_2_fight_and_concede_and_bh_4_15_4_nobody_wins():
    g, s = contested_takeover([4, 6])
    assert said(g, s, "propose P1", A) == (
        "P1 schlägt verdeckt vor, dass P1 seinen Anspruch auf die umstrittenen Quellen von P3 erhält (BH-4.15.1)."
    )
    s = do(g, s, A, "propose P1")
    s = do(g, s, B, "propose P2")
    assert said(g, s, "fight", A) == "P1 erklärt verdeckt FIGHT: Er bleibt im Entscheidungskampf in d (BH-4.15.2)."
    s = do(g, s, A, "concede")
    assert said(g, s, "concede", B).startswith(
        "P2 erklärt verdeckt CONCEDE: Er verlässt den Entscheidungskampf in d und gibt seinen Anspruch auf "
        "(BH-4.15.2) — dann: P1 gibt in d auf (BH-4.15.2); P2 gibt in d auf (BH-4.15.2); "
        "niemand gewinnt den Entscheidungskampf in d um die umstrittenen Quellen von P3 (BH-4.15.4); "
    )


def test_bh_4_2_4_a_withdrawal_for_upkeep():
    """BH-8.3: P2's upkeep exceeds his GE; he withdraws his killer, then a thug goes home as well."""
    g, s = bh_8_3(ge=(20, 1))
    assert said(g, s, "dismiss b killer", B).startswith(
        "P2 zieht einen Killer aus b ab, um seinen Unterhalt zu senken (BH-4.2.4) — dann: "
        "P2 zieht einen Schläger aus d ab: Sein Unterhalt übersteigt seine GE (BH-4.2.4); "
        "P2 zahlt 2 GE Unterhalt und behält 1 (BH-4.2.3)"
    )


def test_bh_4_11_4_uses_of_influence():
    """BH-8.6: in d, A (4 influence) acts first."""
    g, s = bh_8_6()
    assert said(g, s, "inf_remove P2", A) == (
        "P1 nutzt Einfluss in d: 2 Marker entfernen einen Einflussmarker von P2 (BH-4.11.4)."
    )
    assert said(g, s, "inf_jail P3", A) == (
        "P1 nutzt Einfluss in d: 1 Marker bringt einen Schläger von P3 ins Gefängnis (BH-4.11.4)."
    )
    assert said(g, s, "inf_close P4", A) == "P1 nutzt Einfluss in d: 1 Marker schließt eine Quelle von P4 (BH-4.11.4)."
    assert said(g, s, "done", A) == "P1 nutzt in d keinen weiteren Einfluss (BH-4.11.4)."


def test_bh_6_1_bh_2_5_the_end_of_the_game_and_an_event_card_in_words():
    g = cardgames.load("brotherhood", players=2)
    s = g.scenario(g.new(seed=1).table, round=12, stage="resolve", rolls=[2])
    assert [explain(e) for e in s.news] == [
        "Ereignis E15 trifft Feld b: Jede Quelle wird bei 1 entfernt und jeder Schläger bei 1 ins Gefängnis "
        "gebracht (BH-4.10)",
        "die Partie endet nach Runde 12 (BH-6.1)",
    ]
    assert (
        explain(("over", 7)) == "die Partie endet vorzeitig nach Runde 7: Höchstens ein Spieler ist noch aktiv (BH-6.2)"
    )
    assert explain(("event", 2, 3, 12)) == (
        "Ereignis E02 trifft Feld d: Quellen dort brächten in der Einkommensphase der nächsten Runde keinen Ertrag, "
        "aber Runde 12 ist die letzte, und es folgt keine Einkommensphase: ohne Wirkung (BH-4.10)"
    )


# -- refusals: one of each kind, with its clause ---------------------------------------------------------


def orders_due():
    """The notebook's first round once the transfer window has passed: every player writes his order set."""
    g, s = first_round()
    return g, window_passed(g, s)


def at_the_claims():
    """The notebook's first round, all sets in: P1 claims P2's unprotected sources in e (BH-4.14.3)."""
    g, s = orders_written(*first_round())
    return g, g.apply(s, g.parse_action(s, "build_source c 2; godfather c", C), C)


def at_the_fight():
    """``contested_takeover``: P1 and P2 proposed different divisions, so they fight over it (BH-4.15.2)."""
    g, s = contested_takeover([4, 6])
    return g, do(g, do(g, s, A, "propose P1"), B, "propose P2")


# (situation, action text, player, the clause refused under, the refusal)
REFUSALS = {
    "BH-4.6 V08 and V11: each says what is wrong, the orders in the buttons' words, its V-code after it": (
        orders_due,
        "build_source d 6",
        A,
        "BH-4.6",
        "Befehl „Quelle bauen d 6“ zurückgewiesen – Quelle bauen d: 0 + 6 übersteigt die Kapazität 5 (V08); "
        "der Satz kostet 24 GE; Sie haben 20 (V11, BH-4.5) (BH-4.6)",
    ),
    "BH-4.8 V04 a jailed godfather": (
        lambda: scenario(2, round=8, ge=(12, 12), godfathers={B: "jail", A: "a"}),
        "free_godfather d; build_source e 1",
        B,
        "BH-4.8",
        "Befehlssatz zurückgewiesen – Ihr Pate ist im Gefängnis, darum darf der Satz nur einen einzigen Befehl "
        "„Paten befreien nach“ enthalten (V04) (BH-4.8)",
    ),
    "BH-4.4 V09 the round 5 placement, at the submission": (
        lambda: scenario(2, round=5, ge=(10, 10), godfathers={B: "a"}),
        "submit",
        A,
        "BH-4.4",
        "Befehlssatz zurückgewiesen – ab Runde 5 muss Ihr Pate in einem Feld stehen (V09) (BH-4.4)",
    ),
    "BH-4.4 V09 the round 5 placement, of an order": (
        lambda: scenario(2, round=5, ge=(10, 10), godfathers={B: "a"}),
        "build_source f 1",
        A,
        "BH-4.4",
        "Befehl „Quelle bauen f 1“ zurückgewiesen – ab Runde 5 muss Ihr Pate in einem Feld stehen; stellen Sie ihn "
        "zuerst auf („Pate nach a-f“) (V09) (BH-4.4)",
    ),
    "BH-4.3 a transfer to himself, and what he may do": (
        first_round,
        "transfer P1 5",
        A,
        "BH-4.3",
        "„Zahlung an P1 5“ ist nicht erlaubt: Ein Spieler kann sich nicht selbst etwas geben. P1 darf einem "
        "der anderen aktiven Spieler (P2 und P3) sofort 1 bis 20 GE geben, etwa mit „Zahlung an P2 5“, oder "
        "mit „passen“ aussetzen (BH-4.3)",
    ),
    "BH-4.3 not this player's decision": (
        first_round,
        "pass",
        B,
        "BH-4.3",
        "jetzt entscheidet P1, nicht P2: P1 ist im Zahlungsfenster (BH-4.3)",
    ),
    "BH-4.4 no orders in the transfer window": (
        first_round,
        "build_source c 1",
        A,
        "BH-4.3",
        "„Quelle bauen c 1“ ist nicht erlaubt: Die Befehlssätze werden geschrieben, wenn das Zahlungsfenster "
        "geschlossen ist (BH-4.4); jetzt gilt: P1 ist im Zahlungsfenster. P1 darf einem der anderen aktiven "
        "Spieler (P2 und P3) sofort 1 bis 20 GE geben, etwa mit „Zahlung an P2 5“, oder mit „passen“ "
        "aussetzen (BH-4.3)",
    ),
    "BH-4.4 a player who has submitted waits for the others": (
        lambda: orders_written(*first_round()),
        "submit",
        A,
        "BH-4.4",
        "P1 hat seinen Befehlssatz abgegeben; P3 schreibt seinen noch (BH-4.4)",
    ),
    "BH-4.13 an eliminated player decides nothing": (
        lambda: scenario(3, round=3, stage="transfer", ge=(10, 10, 10), elim=(0, 2, 0)),
        "pass",
        B,
        "BH-4.13",
        "P2 ist in Runde 2 ausgeschieden (sein Pate wurde getötet) und trifft keine Entscheidungen mehr (BH-4.13)",
    ),
    "BH-4.14.3 a claim beyond the limit": (
        at_the_claims,
        "claim P2 2",
        A,
        "BH-4.14.3",
        "„beanspruchen P2 2“ ist nicht erlaubt: P1 darf hier höchstens L = 1 Quelle beanspruchen und hat 0 "
        "beansprucht. P1 darf Ansprüche auf schutzlose Quellen anderer Spieler in e erheben (P2: 2), "
        "insgesamt höchstens L = 1 (die kleinere Zahl aus seinen Schützen hier, 1, und seinen Quellen im "
        "Vorrat, 9, BH-4.14.2; bisher 0 beansprucht): „beanspruchen P2 1“ schreiben (für jede weitere noch "
        "einmal), dann „Befehle abgeben“ (BH-4.14.3)",
    ),
    "BH-4.11.4 influence against a player without a thug": (
        bh_8_6,
        "inf_jail P2",
        A,
        "BH-4.11.4",
        "„Einfluss: ins Gefängnis P2“ ist nicht erlaubt: P2 hat keinen Schläger in d (Killer und Paten können"
        " durch Einfluss nicht ins Gefängnis gebracht werden). P1 darf bis zu 4 weitere Einflussmarker in d "
        "nutzen: „Einfluss: Marker entfernen P“ (2 Marker: ein Einflussmarker eines schwächeren Spielers, "
        "möglich bei P2, P3 und P4), „Einfluss: ins Gefängnis P“ (1 Marker: ein Schläger ins Gefängnis, "
        "möglich bei P3), „Einfluss: Quelle schließen P“ (1 Marker: eine Quelle zurück in den Vorrat ihres "
        "Besitzers, möglich bei P4), oder mit „fertig“ abschließen (BH-4.11.4)",
    ),
    "BH-4.12.2 a target that is no other participant": (
        to_the_shootout,
        "target P1 thug 1",
        A,
        "BH-4.12.2",
        "„zielen auf P1 Schläger 1“ ist nicht erlaubt: P1 ist kein anderer Beteiligter in f. P1 darf jeden "
        "seiner 2 noch nicht zugewiesenen Schläger und 0 noch nicht zugewiesenen Killer in f auf einen der "
        "anderen Beteiligten (P2 und P3) richten, etwa mit „zielen auf P2 Schläger 1“ (BH-4.12.2)",
    ),
    "BH-4.12.2 a player not asked in a sealed step": (
        to_the_shootout,
        "target P1 thug 1",
        C,
        "BH-4.12.2",
        "P3 wird in diesem Schritt nicht gefragt: P1 und P2 entscheiden (jeder weist seinen Schützen in f ihre "
        "Ziele zu) (BH-4.12.2)",
    ),
    "BH-4.15.1 a division line beyond the contested sources": (
        lambda: contested_takeover([4, 6]),
        "give P1 2",
        A,
        "BH-4.15.1",
        "„geben P1 2“ ist nicht erlaubt: Die Aufteilung vergibt höchstens die 1 umstrittene Quelle und jeder "
        "Streitpartei höchstens ihren Anspruch (P1 1, P2 1). P1 darf vorschlagen, wie die 1 umstrittene "
        "Quelle von P3 in d aufgeteilt wird (Ansprüche: P1 1, P2 1): „vorschlagen P1“ gibt einer Streitpartei"
        " ihren Anspruch, oder Zeile für Zeile „geben P1 1“ schreiben, dann „Befehle abgeben“; gleiche "
        "Vorschläge werden ausgeführt, sonst kämpfen die Streitparteien in d (BH-4.15.1)",
    ),
    "BH-4.15.2 only fight or concede in a decision fight": (
        at_the_fight,
        "pass",
        A,
        "BH-4.15.2",
        "„passen“ ist nicht erlaubt: P1 erklärt FIGHT oder CONCEDE im Entscheidungskampf in d. P1 darf "
        "„kämpfen“ erklären, um im Entscheidungskampf in d zu bleiben, oder „aufgeben“, um ihn zu verlassen "
        "und seinen Anspruch aufzugeben (BH-4.15.2)",
    ),
}


@pytest.mark.parametrize("case", REFUSALS)
def test_a_refusal_of_each_kind_in_german(case):
    situation, text, player, rule, refusal = REFUSALS[case]
    g, s = situation()
    assert refused(g, s, text, player, rule) == refusal


def test_parse_errors_in_german_quote_the_input_and_the_action_syntax():
    g, s = first_round()
    with pytest.raises(ValueError) as err:
        g.parse_action(s, "transfer P2 x", A)
    assert str(err.value) == (
        "„Zahlung an P2 x“ wird nicht verstanden: Der Betrag muss eine positive ganze Zahl sein, nicht „x“; eine "
        "Zahlung wird „Zahlung an P2 5“ geschrieben: Empfänger und GE (BH-4.3)"
    )
    assert str(g.parse_action(s, "Zahlung an P2 5", A)) == "transfer P2 5"  # the example, typed as it stands
    with pytest.raises(ValueError) as err:
        g.parse_action(s, "fly to the moon", A)
    assert str(err.value) == (
        "„fly to the moon“ wird nicht verstanden: P1 darf einem der anderen aktiven Spieler (P2 und P3) sofort 1 bis 20 GE "
        "geben, etwa mit „Zahlung an P2 5“, oder mit „passen“ aussetzen"
    )
    with pytest.raises(ValueError, match="Ein Spieler wird P1 bis P3 geschrieben, nicht „P7“"):
        g.parse_action(s, "transfer P7 3", A)


def test_setup_and_table_errors_in_german():
    g = cardgames.load("brotherhood", players=2)
    with pytest.raises(ValueError, match="^ein Würfel zeigt 1 bis 6, nicht 7$"):
        g.new(seed=1, rolls=[7])
    with pytest.raises(ValueError, match=re.escape("eine Ereigniskarte ist E01 bis E15 (oder 1 bis 15)")):
        g.new(seed=1, events=["E16"])
    with pytest.raises(ValueError, match="^round ist 1 bis 12, nicht 13$"):
        g.scenario(g.new(seed=1).table, round=13)
    with pytest.raises(ValueError, match="^ein Ort ist ein Feld a-f, stock, jail oder dead, nicht „x“$"):
        build_table(2, godfathers={0: "x"})


# -- the map's labels (render) ---------------------------------------------------------------------------


def test_bh_4_9_render_labels_in_german_with_a_players_sealed_orders():
    g, s = first_round()
    s = window_passed(g, s)
    s = g.apply(s, g.parse_action(s, "build_source d 3; deploy f thug 2; deploy e thug 1", A), A)
    lines = g.render(s, A).splitlines()
    assert lines[0] == "Runde 1/12 · Befehle · am Zug: P2, P3 · letztes Ereignis: noch keines · Stapel 15"
    assert lines[1] == "  Kap Kost Ert Einf | P1           | P2           | P3           "
    assert lines[2] == "a   3   10   5   11 | q0 e0 s0 k0 - | q0 e0 s0 k0 - | q0 e0 s0 k0 - "
    assert lines[8:] == [
        "Gefängnis P1: s0 k0  P2: s0 k0  P3: s0 k0",
        "Vorrat    P1: q12 e5 s12 k2 P  P2: q12 e5 s12 k2 P  P3: q12 e5 s12 k2 P",
        "GE        P1: 20  P2: 20  P3: 20",
        "verdeckt von P1: Quelle bauen d 3; einsetzen f Schläger 2; einsetzen e Schläger 1",
    ]


def test_render_names_the_decision_the_last_event_card_and_an_eliminated_player():
    g, s = to_the_shootout()
    head = g.layout(s)[0]
    assert head[0] == "Runde 2/12 · Abhandlung (Ziele) · am Zug: P1, P2 · letztes Ereignis: "
    assert head[1].code == "E07" and head[2] == " in a · Stapel 13"
    for seat, target in [(A, "target P2 thug 1"), (A, "target P3 thug 1"), (B, "target P3 killer 1")]:
        s = do(g, s, seat, target)
    assert g.render(s).splitlines()[-1] == "GE        P1: 0  P2: 3  P3: 14 (ausgeschieden, Runde 2)"


# -- settlement, objective, classroom tables ------------------------------------------------------------


def test_bh_5_4_the_settlement_is_the_same_data_in_both_languages():
    """The settlement has no notes: its rows (keys and values) are data, the same in German and English."""
    g, s = to_the_shootout()
    while g.to_act(s):
        p = g.to_act(s)[0]
        s = g.apply(s, g.legal_actions(s, p)[0], p)
    german = g.settlement(s).rows()
    with cardgames.language("en"):
        assert g.settlement(s).rows() == german
    assert list(german[0])[:4] == ["player", "ge", "rank", "winner"]


def test_the_objective_is_marked_for_the_game_catalog():
    objective = cardgames.load("brotherhood", players=3).objective
    assert objective.name == "GE gained"  # a label code can compare, in English as declared
    assert CATALOG.gettext(objective.name) == "GE-Gewinn"
    assert CATALOG.gettext(objective.horizon) == (
        "das Ende des Zahlungsfensters bei einer Zahlungsentscheidung (BH-4.3), "
        "das Ende der Partie bei jeder anderen Entscheidung (BH-6.1)"
    )


def test_bh_8_1_probability_tables_speak_german():
    rows = probability.shootout_table((1, 0), (1, 0, 1), samples=200)
    assert {(r["you keep"], r["he keeps"]) for r in rows} >= {("1 Schläger", "1 Schläger, Pate"), ("nichts", "Pate")}
    assert [r["question"] for r in probability.event_table(samples=200)] == [
        "Feld a wird in 12 Runden mindestens einmal getroffen",
        "Karte E01 trifft im Lauf der Partie Feld a",
    ]
    with pytest.raises(ValueError, match="^thugs muss eine nicht negative ganze Zahl sein, nicht -1$"):
        probability.hits_distribution(-1)


# -- whole games in German: no English left --------------------------------------------------------------

# words and phrases of the English texts that German never uses; action texts (build_source, deploy e thug 2,
# give P2 jail thug 1 ...) and quoted input are allowed, so none of these occurs in them
ENGLISH = re.compile(
    r" the | and | his | has | is | of | to | with | at | in all|Round|round |Jail|Stock|refused|submits|writes|"
    r"earns|pays|transfers|withdraws|fire at|wins|nobody|estate|claims|sealed|source\(s\)|thug\(s\)|killer\(s\)|"
    r"event |\bdeck\b|to act|cap cost|may |must |cannot|player|[Ee]liminated|proposes|declares|inherits|upkeep"
)
PROBES = [
    "pass",
    "submit",
    "done",
    "fight",
    "transfer P2 999",
    "transfer P2 x",
    "dismiss a thug",
    "inf_remove P2",
    "target P2 thug 1",
    "claim P2 3",
    "propose P1",
    "give P2 b source 1",
    "give P2 q source 1",
    "build_source d 6",
    "build_source c 1; deploy e thug 2; godfather e",
    "close a 1; withdraw b killer 2; free killer 1",
    "godfather stock",
    "xyz",
]


def _unquoted(text):
    """``text`` without its quoted parts: the player's input and the action syntax quoted back to him."""
    return re.sub(r"'[^']*'", "''", text)


def _english(text):
    return ENGLISH.findall(_unquoted(text))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_games_in_german_say_nothing_in_english(players):
    """Seeded games of random players: every describe sentence, the map (all and each player's view),
    refusals and parse errors of probe texts, and the settlement, with no English word left."""
    g = cardgames.load("brotherhood", players=players)
    seen = 0
    for seed in range(2):
        rng = random.Random(seed)
        agents = [g.agent("random", p) for p in range(players)]
        s = g.new(seed=seed)
        while g.to_act(s):
            acting = g.to_act(s)
            p = acting[rng.randrange(len(acting))]
            if rng.random() < 0.05:
                for text in (g.render(s), g.render(s, p)):
                    assert not _english(text), (_english(text), text)
                for probe in rng.sample(PROBES, 3):
                    try:
                        g.parse_action(s, probe, p)
                    except ValueError as refusal:  # IllegalMove too
                        assert not _english(str(refusal)), (_english(str(refusal)), str(refusal))
            step = g.advance(s, agents[p].act(g.view(s, p), g.legal_actions(s, p), rng), p)
            assert not _english(step.sentence), (_english(step.sentence), step.sentence)
            s = step.after
            seen += 1
        assert not _english(g.render(s))
        for row in g.settlement(s).rows():
            assert not [v for v in row.values() if isinstance(v, str)]  # data only, nothing to translate
    assert seen > 100


# the words of the action texts that people never read in a sentence: the verbs written with "_", and the names
# of the V-codes in the rules document (a refusal keeps the code, V08, and says the rest in words)
ACTION_TEXT_WORDS = re.compile(
    r"\b(free_godfather|build_source|build_influence|inf_remove|inf_jail|inf_close)\b|"
    r"UNKNOWN_DISTRICT|BAD_ORDER|PLAYER_ELIMINATED|GODFATHER_JAILED|NOT_IN_JAIL|NOT_IN_DISTRICT|NOT_IN_STOCK|"
    r"CAPACITY|GODFATHER_NOT_PLACED|DUPLICATE_GODFATHER|UNAFFORDABLE"
)


def _an_order_set(rng):
    """One to three orders of the order form's verbs and words, any of them, with quantities up to 12."""
    grammar = {verb: words for verb, words in ORDER_GRAMMAR.items() if words}
    orders = []
    for _ in range(rng.randint(1, 3)):
        verb = rng.choice(sorted(grammar))
        orders.append(" ".join([verb, *[rng.choice(choices) for choices in grammar[verb]]]))
    return "; ".join(orders)


@pytest.mark.parametrize("language", ["de", "en"])
def test_bh_4_4_bh_4_6_orders_in_the_log_and_in_refusals_are_said_in_words(language):
    """Seeded games: every sentence of the log, and the refusal of random order sets, says each order in the words
    of the order form's buttons ("Quelle bauen e 1", "build source e 1"), never in the action text's own verbs, and
    names a V-code by its number alone."""
    cardgames.set_language(language)
    refusals = sentences = 0
    for players, seed in ((2, 0), (3, 1), (4, 2), (5, 3)):
        g = cardgames.load("brotherhood", players=players)
        rng = random.Random(seed)
        s = g.new(seed=seed)
        while g.to_act(s):
            p = rng.choice(g.to_act(s))
            if s.stage == "orders":
                for _ in range(2):
                    try:
                        g.parse_action(s, _an_order_set(rng), p)
                    except OrderSetRefused as refusal:
                        assert not ACTION_TEXT_WORDS.search(str(refusal)), str(refusal)
                        refusals += 1
            step = g.advance(s, rng.choice(g.legal_actions(s, p)), p)
            assert not ACTION_TEXT_WORDS.search(step.sentence), step.sentence
            s = step.after
            sentences += 1
        for line in g.render(s).splitlines():
            assert not ACTION_TEXT_WORDS.search(line), line
    assert refusals > 50 and sentences > 500


# -- the language is chosen per call ---------------------------------------------------------------------


def test_the_same_step_in_english_is_the_english_sentence():
    g, s = to_the_shootout()
    action = g.parse_action(s, "target P2 thug 1", A)
    with cardgames.language("en"):
        assert g.describe(s, action, A) == "P1 secretly assigns 1 thug to fire at P2 in the shootout in f (BH-4.12.2)."
        assert g.render(s).startswith("Round 2/12 · resolve (targets) · to act: P1, P2 · last event: E07 in a")
    assert g.describe(s, action, A) == "P1 richtet verdeckt 1 Schläger in der Schießerei in f auf P2 (BH-4.12.2)."
    cardgames.set_language("en")
    g, s = first_round()
    s = window_passed(g, s)
    with pytest.raises(OrderSetRefused) as err:
        g.parse_action(s, "build_source a 3", A)
    assert str(err.value) == "order 'build source a 3' refused — the set costs 30 GE; you have 20 (V11) (BH-4.5)"


def test_an_error_made_in_german_stays_german_after_the_switch():
    """A refusal is worded when it is made: switching back to English later does not change it."""
    g, s = first_round()
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "transfer P1 5", A)
    cardgames.set_language("en")
    assert str(err.value).startswith("„Zahlung an P1 5“ ist nicht erlaubt")
