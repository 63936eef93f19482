"""Rowdy Partners in German (issue 17): describe sentences, refusals, render labels and the other texts a
person reads, in the terms of the German rules (cardgames/rowdy_partners/rules.de.md); whole games with no
English left; and English unchanged where English is asked for (the language is chosen per call)."""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames import IllegalMove
from cardgames.core.simulate import playout
from cardgames.rowdy_partners.cards import CATALOG, pretty, suit_name
from cardgames.rowdy_partners.settlement import trick_table

from .util import (
    A1,
    A2,
    B1,
    B2,
    BURN4,
    DIAMONDS2,
    HANDS2,
    HANDS4,
    act,
    deal,
    example_8_2,
    give,
    handed_out,
    load,
    reopen,
)


@pytest.fixture(autouse=True)
def german():
    """Every test here reads German, whatever the environment says; a test asks for English by a block."""
    with cardgames.language("de"):
        yield


def four(**options):
    return deal(4, hands=HANDS4, burn=BURN4, **options)


def two(**options):
    return deal(2, hands=HANDS2, diamonds=DIAMONDS2, burn="Gr8 W2 W6 W8", **options)


def says(game, state, *texts):
    """The sentences of the action texts applied in turn, each by the player to act; and the state after."""
    sentences = []
    for text in texts:
        p = game.to_act(state)[0]
        step = game.advance(state, game.parse_action(state, text, p), p)
        sentences.append(step.sentence)
        state = step.after
    return sentences, state


def refusal(game, state, text, player=None):
    """The IllegalMove that ``text`` by ``player`` (or the player to act) gets."""
    p = game.to_act(state)[0] if player is None else player
    with pytest.raises(IllegalMove) as err:
        game.apply(state, game._parse(state, text, p), p)
    return err.value


def refused_as(game, state, text, code, rule, player=None):
    """The message of the refusal of ``text`` (see :func:`refusal`), once it is known to carry ``code`` and cite ``rule``."""
    err = refusal(game, state, text, player)
    assert (err.code, err.rule) == (code, rule)
    return err.message


# --- cards and suits (RP-2.1) ------------------------------------------------------------------------


def test_rp_2_1_cards_and_suits_have_their_german_names():
    """RP-2.1: Hut, Hufeisen, Stern, Grabstein; a wildcard is a Wildcard; no suit is 'unbestimmt'."""
    assert [suit_name(s) for s in range(4)] == ["Hut", "Hufeisen", "Stern", "Grabstein"]
    assert suit_name(-1) == "unbestimmt"
    assert (pretty(4), pretty(33), pretty(-1)) == ("Hut 5", "Wildcard 4", "eine verdeckte Karte")


# --- describe: one sentence of each kind of step -----------------------------------------------------


def test_rp_4_8_rp_4_9_rp_4_11_worked_example_8_1_in_german():
    """RP-8.1: the setter (RP-4.9), a counter that flips the setter (RP-4.8), the new setter, the winner and
    the damage with the marker's move (RP-4.11)."""
    game, s = four()
    sentences, _ = says(game, s, "play Ha5", "play St2", "play Gr5", "play St4")
    assert sentences == [
        "A1 spielt Ha5 (Hut 5) (RP-4.10); die Karte legt die angespielte Farbe fest: Hut (RP-4.9).",
        "B1 spielt St2 (Stern 2) (RP-4.10).",
        "A2 spielt Gr5 (Grabstein 5) (RP-4.10); die Karte kontert Ha5 von A1 (v = 5): Beide werden umgedreht "
        "(RP-4.8); die früheste offene Karte, St2 von B1, wird Farbgeber, und die angespielte Farbe ist Stern "
        "(RP-4.9).",
        "B2 spielt St4 (Stern 4) (RP-4.10); B1 gewinnt den Stich und fügt A1 2 Schaden zu (Position 0 → 2) (RP-4.11).",
    ]


def test_rp_4_10_step_5_every_card_flipped_in_german():
    """RP-8.2, RP-4.10 step 5: no card face up leaves the suit undefined; a trick with every card flipped has
    no winner and the same seat leads again."""
    game, s = example_8_2()
    sentences, _ = says(game, s, "play St5", "play Ho5", "play Ha2", "play W2")
    assert sentences[1] == (
        "B1 spielt Ho5 (Hufeisen 5) (RP-4.10); die Karte kontert St5 von A1 (v = 5): Beide werden umgedreht "
        "(RP-4.8); keine Karte liegt offen, also ist die angespielte Farbe unbestimmt, und die nächste Karte, "
        "die von A2, legt sie fest (RP-4.9)."
    )
    assert sentences[3] == (
        "B2 spielt W2 (Wildcard 2) (RP-4.10); die Karte kontert Ha2 von A2 (v = 2): Beide werden umgedreht "
        "(RP-4.8); alle Karten sind umgedreht: Niemand gewinnt den Stich, und derselbe Platz spielt wieder an "
        "(RP-4.10)."
    )


def test_rp_4_9_rp_4_12_wildcard_lead_named_and_a_pop_award_in_german():
    """RP-8.3: a wildcard lead becomes the setter and its player names the suit (RP-4.9, DP-6); a pop symbol
    moves the track to 2, which earns a Coin (RP-4.12)."""
    game, s = deal(
        4,
        hands=[
            "Gr6 W8 Ha2 Ha3 Ho2 Ho3 St2 St3",
            "Ha1 Ho1 St1 Ha4 Ho4 St4 Ha5 Ho5",
            "Gr2 Gr7 Gr8 Ha6 Ho6 St5 St6 St7",
            "W4 Gr3 Gr4 Gr5 Ha7 Ho7 Ha8 Ho8",
        ],
        burn="W2 W6 St8 Gr1",
        first_leader=3,
    )
    sentences, _ = says(game, give(s, pop=(1, 0)), "play W4", "name Gr", "play Gr6")
    assert sentences == [
        "B2 spielt W4 (Wildcard 4) (RP-4.10); die Wildcard wird Farbgeber, und B2 nennt die angespielte Farbe "
        "(RP-4.9).",
        "B2 nennt Grabstein als angespielte Farbe für seine Wildcard (RP-4.9).",
        "A1 spielt Gr6 (Grabstein 6) (RP-4.10); das Pop-Symbol der Karte rückt Leiste A auf 2 vor (RP-4.12) "
        "und bringt A1 einen Coin ein.",
    ]


@pytest.mark.parametrize(
    "field, award, ending",
    [
        (0, "", "."),
        (3, "damage", " und bringt B1 ein Damage-Token ein."),
        (5, "tag", " und bringt B1 ein Tag-Token ein."),
        (7, "cheat", " und bringt B1 einen Cheat ein."),
        (9, "unlock", " und schaltet die Signature Moves frei."),
        (11, "cheat", " und bringt B1 einen Cheat ein, und die Leiste beginnt wieder bei 0."),
    ],
)
def test_rp_4_12_every_award_of_the_pop_track_in_german(field, award, ending):
    """RP-4.12: a pop symbol moves the track; the awards at 4, 6, 8, 10 and 12 (with the reset to 0 at 12),
    each a whole clause."""
    game, s = four()
    s = act(game, give(s, pop=(0, field)), "play Ha5")
    sentences, after = says(game, s, "play Ho6")  # B1 holds no Hat: he sloughs a pop card
    assert after.row[-1].award == award
    assert sentences[0] == (
        f"B1 spielt Ho6 (Hufeisen 6) (RP-4.10); das Pop-Symbol der Karte rückt Leiste B auf {field + 1} vor "
        f"(RP-4.12){ending}"
    )


def test_rp_4_5_a_headliners_diamond_play_with_a_coin_in_german():
    """RP-4.5, RP-4.14: a headliner's second card comes from his diamond; a Coin changes its value (RP-4.7)."""
    game, s = two()
    sentences, _ = says(game, give(s, coins={0: 1}), "play Ho4", "coin +1", "play Ho7", "play W4", "play Ho5")
    assert sentences == [
        "H1 spielt Ho4 (Hufeisen 4) (RP-4.10); die Karte legt die angespielte Farbe fest: Hufeisen (RP-4.9).",
        "H1 legt seiner nächsten Karte einen Coin als +1 bei (RP-2.6, RP-4.7).",
        "H1 spielt Ho7 (Hufeisen 7) aus seinem Diamanten mit v = 8 (RP-4.10); das Pop-Symbol der Karte rückt "
        "Leiste H1 auf 1 vor (RP-4.12).",
        "H2 spielt W4 (Wildcard 4) (RP-4.10); die Karte kontert Ho4 von H1 (v = 4): Beide werden umgedreht "
        "(RP-4.8); die früheste offene Karte, Ho7 von H1, wird Farbgeber, und die angespielte Farbe ist "
        "Hufeisen (RP-4.9).",
        "H2 spielt Ho5 (Hufeisen 5) aus seinem Diamanten (RP-4.10); H2 gewinnt den Stich und fügt H1 5 Schaden "
        "zu (Position 0 → 5) (RP-4.11).",
    ]


def test_rp_4_11_a_stop_sign_holds_and_the_pin_ends_the_game_in_german():
    """RP-4.11 step 4: too little damage to leave a stop sign; step 5 and RP-6.1: the pin ends the game."""
    game, s = four()
    s17 = give(s, health={A1: 17})
    sentences, _ = says(game, s17, "play Ha5", "play St2", "play Gr5", "play St3")  # B1's St2 wins: D = 2
    assert sentences[-1] == (
        "B2 spielt St3 (Stern 3) (RP-4.10); B1 gewinnt den Stich und fügt A1 2 Schaden zu (Position 17 → 18) (RP-4.11)."
    )
    s18 = give(s, health={A1: 18})
    sentences, _ = says(game, s18, "play Ha5", "play St2", "play Gr5", "play St3")
    assert sentences[-1] == (
        "B2 spielt St3 (Stern 3) (RP-4.10); B1 gewinnt den Stich und fügt A1 2 Schaden zu, zu wenig, um STOP3 "
        "zu verlassen (nötig sind 3): Er bleibt auf Position 18 (RP-4.11)."
    )
    sentences, over = says(game, s18, "play Ha5", "play Ho4", "play Gr5", "play St3")  # B1's Ho4 wins: D = 4
    assert sentences[-1] == (
        "B2 spielt St3 (Stern 3) (RP-4.10); B1 gewinnt den Stich und fügt A1 4 Schaden zu (Position 18 → 19) "
        "(RP-4.11); A1 ist gepinnt, und Seite B gewinnt (RP-6.1)."
    )
    assert game.render(over).splitlines()[-1] == " Partie vorbei: Seite B gewinnt (A1 gepinnt)"
    err = refusal(game, over, "play Ha1", player=A1)
    assert str(err) == (
        "Die Partie ist vorbei: A1 wurde gepinnt, und Seite B hat gewonnen; keine weiteren Aktionen (RP-6.1)"
    )


def test_rp_4_11_a_win_with_v_below_1_deals_no_damage_in_german():
    """RP-4.11 step 1: a winning card with v <= 0 deals no damage (RP-8.9)."""
    game, s = four()
    s = give(s, cheats={B2: ("C03",)})
    sentences, _ = says(game, s, "play Ha5", "play St2", "play Gr5", "cheat C03", "play St3")
    assert sentences[-2] == ("B2 setzt den Cheat C03 Eye Rake ein, Wert -3 (RP-2.7, RP-2.6, RP-4.7).")
    assert sentences[-1] == (
        "B2 spielt St3 (Stern 3) mit v = 0 (RP-4.10); B2 gewinnt den Stich, fügt aber keinen Schaden zu (RP-4.11)."
    )


def test_rp_4_1_the_end_of_the_round_in_german():
    """RP-4.1, RP-4.2: after the 8th trick the round ends and the next one is dealt."""
    game, s = four()
    sentences, _ = says(game, give(s, number=8), "play Ha5", "play St2", "play Gr5", "play St4")
    assert sentences[-1] == (
        "B2 spielt St4 (Stern 4) (RP-4.10); B1 gewinnt den Stich und fügt A1 2 Schaden zu (Position 0 → 2) "
        "(RP-4.11); das war der letzte Stich der Runde: Runde 2 wird gegeben (RP-4.1, RP-4.2)."
    )


def test_rp_6_3_the_round_cap_ends_the_game_in_german():
    """RP-6.3: the round cap ends the game; the side whose most hurt wrestler stands lower wins."""
    game, s = four(round_cap=1)
    sentences, over = says(game, give(s, number=8), "play Ha5", "play St2", "play Gr5", "play St4")
    assert sentences[-1].endswith(
        "; die Rundengrenze beendet die Partie, und Seite B gewinnt: Ihr am weitesten vorgerückter Wrestler "
        "steht auf der niedrigeren Position (RP-6.3)."
    )
    assert game.render(over).splitlines()[-1] == " Partie vorbei: Seite B gewinnt (Rundengrenze)"
    assert str(refusal(game, over, "play Ha1", player=A1)) == (
        "Die Partie ist vorbei: Die Rundengrenze (1) ist erreicht (Seite B hat gewonnen); keine weiteren "
        "Aktionen (RP-6.3)"
    )
    game, s = example_8_2(round_cap=1)
    sentences, over = says(game, give(s, number=8), "play St5", "play Ho5", "play Ha2", "play W2")
    assert sentences[-1].endswith(
        "; alle Karten sind umgedreht: Niemand gewinnt den Stich, und derselbe Platz spielt wieder an (RP-4.10); "
        "die Rundengrenze beendet die Partie unentschieden: Die am weitesten vorgerückten Wrestler beider Seiten "
        "stehen auf derselben Position (RP-6.3)."
    )
    assert game.render(over).splitlines()[-1] == " Partie vorbei: unentschieden an der Rundengrenze (RP-6.3)"


def test_rp_4_4_tag_and_pass_in_german():
    """RP-4.4: the tag window; a Tag swaps the partners' seats, the one tagged in may lead as #1."""
    game, s = four()
    s = reopen(game, give(s, tags={A1: 1, B1: 1}))
    sentences, _ = says(game, s, "tag", "pass")
    assert sentences == [
        "A1 setzt im Tag-Fenster ein Tag-Token ein und tauscht den Platz mit seinem Partner A2, der in den Ring "
        "geht und den Stich als #1 anspielt (RP-4.4).",
        "B1 setzt in diesem Tag-Fenster keinen Tag ein (RP-4.4).",
    ]
    game, s = four(first_leader=1)  # the ring is B1 and A2 (#2)
    s = reopen(game, give(s, tags={A2: 1}))
    sentences, _ = says(game, s, "tag")
    assert sentences == [
        "A2 setzt im Tag-Fenster ein Tag-Token ein und tauscht den Platz mit seinem Partner A1, der in den Ring "
        "geht (RP-4.4)."
    ]


def test_rp_2_6_rp_2_7_tokens_cheats_and_signature_moves_in_german():
    """RP-2.6, RP-2.7, RP-4.7, RP-4.13: every kind of attachment and what it does at once."""
    game, s = four()
    s = give(
        s,
        damage={A1: 1},
        coins={B1: 1},
        cheats={A1: ("C04", "C05", "C07", "C09"), B1: ("C01",)},
        unlocked=(True, True),
    )
    sentences, after = says(game, s, "damage", "cheat C05", "cheat C04 Gr", "cheat C07 1 coin", "cheat C09", "sig W1")
    assert sentences == [
        "A1 legt seiner nächsten Karte ein Damage-Token bei: +1 Schaden, wenn sie gewinnt (RP-2.6, RP-4.7).",
        "A1 setzt den Cheat C05 Steel Chair ein, Schaden +2 (RP-2.7, RP-2.6, RP-4.7).",
        "A1 setzt den Cheat C04 Costume Change ein, SUIT: seine nächste Karte zählt als Grabstein "
        "(RP-2.7, RP-2.6, RP-4.7).",
        "A1 setzt den Cheat C07 Ref Distraction ein, CANCEL: B1 legt einen Coin ab (RP-2.7, RP-2.6, RP-4.7).",
        "A1 setzt den Cheat C09 Corner Whisper ein, PEEK: er sieht sich die Hand seines Partners A2 an "
        "(RP-2.7, RP-2.6, RP-4.7).",
        "A1 setzt seinen Signature Move Anvil Drop ein, DBL (RP-4.13, RP-2.6, RP-4.7).",
    ]
    game, s = four(wrestlers=("W4", "W6", "W1", "W2"))
    s = give(s, cheats={A1: ("C07", "C07", "C08"), B2: ("C02",)}, damage={B1: 1}, unlocked=(True, True))
    sentences, after = says(game, s, "cheat C07 1 damage", "cheat C07 3 cheat", "sig W4 -2", "cheat C08")
    assert sentences == [
        "A1 setzt den Cheat C07 Ref Distraction ein, CANCEL: B1 legt ein Damage-Token ab (RP-2.7, RP-2.6, RP-4.7).",
        "A1 setzt den Cheat C07 Ref Distraction ein, CANCEL: B2 legt einen Cheat ab, zufällig gewählt und "
        "aufgedeckt: C02 Low Blow (RP-2.7, RP-2.6, RP-4.7).",
        "A1 setzt seinen Signature Move Limbo ein, Wert -2 (RP-4.13, RP-2.6, RP-4.7).",
        "A1 setzt den Cheat C08 Hidden Object ein, BURN_SWAP: er nimmt eine zufällige Karte des Burn Pile auf die "
        "Hand und vergräbt dann eine Handkarte verdeckt (RP-2.7, RP-2.6, RP-4.7).",
    ]
    sentences, _ = says(game, after, "bury Gr2")
    assert sentences == ["A1 vergräbt Gr2 nach dem BURN_SWAP verdeckt im Burn Pile (RP-2.6)."]


def test_rp_3_2_choosing_a_wrestler_in_german():
    """RP-3.2, DP-1: with choose_wrestlers each player takes a wrestler in seat order."""
    game = load(2, wrestlers=None, choose_wrestlers=True)
    sentences, _ = says(game, game.new(seed=1), "wrestler W5")
    assert sentences == ["H1 wählt W5 Bruiser Brenda, Signature Move Haymaker (RP-3.2, DP-1)."]


# --- refusals: one per X-code, with its clause (RP-4.16) ---------------------------------------------


def test_rp_4_16_x01_not_your_turn_in_german():
    """X01 NOT_YOUR_TURN (RP-4.5): who must decide what now, in German."""
    game, s = four()
    err = refusal(game, s, "play St2", player=B1)
    assert (err.code, err.rule) == ("X01", "RP-4.5")
    assert str(err) == (
        "B1 ist nicht am Zug: A1 muss eine Karte spielen, z. B. „spielen Ha5“, und darf ihr vorher "
        "Token beilegen (X01) (RP-4.5)"
    )


def test_rp_4_16_x02_card_not_in_source_in_german():
    """X02 CARD_NOT_IN_SOURCE (RP-4.6): the card is not in the hand (or a headliner's diamond)."""
    game, s = four()
    assert str(refusal(game, s, "play St2")) == (
        "St2 ist nicht auf der Hand von A1; er darf Ha1 Ha2 Ha5 Ho1 Ho2 Ho3 Gr1 Gr2 spielen (X02) (RP-4.6)"
    )
    game, s = two()
    assert refusal(game, s, "play W4").message == (
        "W4 ist weder auf der Hand von H1 noch in seinem Diamanten; er darf Ha1 Ha2 Ha3 "
        "Ho4 St1 St2 St3 Gr1 Ha6 Ha7 Ho7 St5 St6 Gr3 Gr4 Gr5 spielen (X02)"
    )


def test_rp_4_16_x03_must_follow_in_german():
    """X03 MUST_FOLLOW (RP-4.6): the led suit, what the player holds of it and the wildcards."""
    game, s = four()
    s = act(game, s, "play Ha5", "play St2", "play Gr5")  # Star is led now
    assert refused_as(game, s, "play Ha3", "X03", "RP-4.6") == (
        "Stern wurde angespielt, und B2 hält St3 St4 St5: Er muss eine davon spielen (X03)"
    )
    game, s = four(first_leader=1)
    s = act(game, s, "play Gr3")
    assert refusal(game, s, "play St1").message == (
        "Grabstein wurde angespielt, und A2 hält Gr5 Gr6 Gr7 Gr8: Er muss eine davon oder eine "
        "Wildcard (W6) spielen (X03)"
    )
    game, s = two()
    s = act(game, s, "play Ho4")
    assert refusal(game, s, "play Ha6").message == (
        "Hufeisen wurde angespielt, und H1 hat Ho7 in seinem Diamanten: Er muss eine davon spielen (X03)"
    )


def test_rp_4_16_x04_source_repeated_in_german():
    """X04 SOURCE_REPEATED (RP-4.5): a headliner's second play from the source of his first."""
    game, s = two()
    s = act(game, s, "play Ha1")
    assert refused_as(game, s, "play Ha2", "X04", "RP-4.5") == (
        "Das erste Ausspiel von H1 in diesem Stich kam aus seiner Hand; das zweite muss aus "
        "seinem Diamanten kommen: Er darf Ha6 Ha7 spielen (X04)"
    )


def test_rp_4_16_x05_not_held_in_german():
    """X05 NOT_HELD (RP-4.7, RP-4.13): a token, cheat or signature move the player does not own."""
    game, s = four()
    assert refusal(game, s, "coin +1").message == "A1 besitzt keinen Coin (X05)"
    assert refusal(game, s, "damage").message == "A1 besitzt kein Damage-Token (X05)"
    assert refusal(game, s, "cheat C01").message == "A1 besitzt keinen Cheat C01; seine Cheats: keine (X05)"
    assert refused_as(game, give(s, unlocked=(True, True)), "sig W2", "X05", "RP-4.13") == (
        "Der Wrestler von A1 ist W1 (Anvil Annie), nicht W2: sig W1 ist sein Signature Move (X05)"
    )


def test_rp_4_16_x01_the_player_on_turn_is_told_which_decision_is_due():
    """X01 (RP-4.4): the player on turn who sends the wrong kind of action is not told it is not his turn."""
    game, s = four()
    s = reopen(game, give(s, tags={A1: 1}))
    assert tuple(game.to_act(s)) == (A1,)
    err = refusal(game, s, "play Ha1")
    assert err.code == "X01"
    assert err.message == (
        "Jetzt ist eine andere Entscheidung fällig: A1 muss entscheiden, ob er einen Tag einsetzt: „abklatschen“ oder "
        "„nicht abklatschen“ (X01)"
    )
    assert "nicht am Zug" not in err.message


def test_rp_4_16_x06_timing_in_german():
    """X06 TIMING (RP-4.4, RP-4.7): a Tag outside the tag window; an attachment outside one's own play."""
    game, s = four()
    s = give(s, tags={A1: 1}, coins={A1: 1, B1: 1})
    assert refused_as(game, s, "tag", "X06", "RP-4.4") == (
        "Das Tag-Fenster dieses Stichs ist vorbei; ein Tag wird nur im Tag-Fenster vor der ersten "
        "Karte eines Stichs eingesetzt (X06)"
    )
    assert refused_as(game, s, "coin +1", "X06", "RP-4.7", player=B1) == (
        "B1 darf Token, Cheats oder einen Signature Move nur seinem eigenen Ausspiel beilegen; jetzt "
        "gilt: A1 muss eine Karte spielen, z. B. „spielen Ha5“, und darf ihr vorher Token beilegen (X06)"
    )
    assert refusal(game, reopen(game, s), "coin +1").message == (
        "Zusätze werden nur beim eigenen Ausspiel angesagt; jetzt gilt: A1 muss entscheiden, ob er "
        "einen Tag einsetzt: „abklatschen“ oder „nicht abklatschen“ (X06)"
    )


def test_rp_4_16_x07_tag_not_allowed_in_german():
    """X07 TAG_NOT_ALLOWED (RP-4.4): on the apron, a side that tagged already, a headliner."""
    game, s = four()
    s = reopen(game, give(s, tags={A1: 1, A2: 1, B1: 1}))
    assert refused_as(game, s, "tag", "X07", "RP-4.4", player=A2) == (
        "A2 steht auf dem Apron; nur der Wrestler im Ring, A1, darf für sein Team einen Tag einsetzen (X07)"
    )
    s = act(game, s, "tag")
    assert refusal(game, s, "tag", player=A2).message == (
        "Seite A hat in diesem Tag-Fenster schon einen Tag eingesetzt; eine Seite setzt "
        "höchstens einen Tag je Fenster ein (X07)"
    )
    game, s = two()
    assert refusal(game, s, "tag").message == ("H1 ist ein Headliner und hat keinen Partner für einen Tag (X07)")


def test_rp_4_16_x08_x09_signature_move_locked_or_used_in_german():
    """X08 SIG_LOCKED and X09 SIG_USED (RP-4.13)."""
    game, s = four()
    assert refused_as(game, s, "sig W1", "X08", "RP-4.13") == (
        "Die Pop-Leiste von Seite A (jetzt 0) hat 10 noch nicht erreicht; dort werden die "
        "Signature Moves freigeschaltet (X08)"
    )
    assert (
        refused_as(game, give(s, unlocked=(True, False), sig_used={A1: True}), "sig W1", "X09", "RP-4.13")
        == "A1 hat seinen Signature Move in dieser Runde schon eingesetzt (X09)"
    )


def test_rp_4_16_x10_suit_required_in_german():
    """X10 SUIT_REQUIRED (RP-2.6, RP-4.9): SUIT needs a suit; a wildcard setter's suit comes first."""
    game, s = four()
    assert (
        refused_as(game, give(s, cheats={A1: ("C04",)}), "cheat C04", "X10", "RP-2.6")
        == "SUIT braucht eine Farbe: Hut, Hufeisen, Stern oder Grabstein, wie in „Cheat C04 Grabstein“ (X10)"
    )
    game, s = four(first_leader=1)
    s = act(game, s, "play W2")
    assert refused_as(game, s, "pass", "X10", "RP-4.9") == (
        "Zuerst muss eine Farbe genannt werden: B1 muss die angespielte Farbe für den "
        "Farbgeber, eine Wildcard, nennen: Hut, Hufeisen, Stern oder Grabstein, z. B. „Farbe nennen Grabstein“ (X10)"
    )
    with pytest.raises(IllegalMove) as typed:  # what a person types in the CLI or the widget
        game.parse_action(s, "name Xx")
    assert str(typed.value) == (
        "B1 muss die angespielte Farbe für seine Wildcard nennen: Hut, Hufeisen, Stern oder "
        "Grabstein, z. B. „Farbe nennen Grabstein“ (nicht „name Xx“) (X10) (RP-4.9)"
    )


def test_rp_4_16_x11_suit_on_wild_in_german():
    """X11 SUIT_ON_WILD (RP-2.6): a SUIT effect may not go on a wildcard."""
    game, s = four(first_leader=1)
    s = act(game, give(s, cheats={B1: ("C04",)}), "cheat C04 Gr")
    assert refused_as(game, s, "play W2", "X11", "RP-2.6") == (
        "Der nächsten Karte von B1 ist ein SUIT-Effekt beigelegt, und der ist auf einer "
        "Wildcard nicht erlaubt; der Spieler darf Ho4 Ho5 Ho6 St2 Gr3 Gr4 spielen (X11)"
    )


def test_rp_4_16_x12_cancel_target_in_german():
    """X12 CANCEL_TARGET (RP-2.6): the target is no opponent, or holds no token of the kind named."""
    game, s = four()
    s = give(s, cheats={A1: ("C07",)}, coins={A2: 1, B1: 1})
    assert refused_as(game, s, "cheat C07 2 coin", "X12", "RP-2.6") == (
        "A2 ist kein Gegner von A1; CANCEL zielt auf 1 (B1) oder 3 (B2) (X12)"
    )
    assert refusal(game, s, "cheat C07 1 tag").message == ("B1 besitzt kein Tag-Token; er besitzt: coin (X12)")
    assert refusal(game, s, "cheat C07 3 cheat").message == (
        "B2 besitzt keinen Cheat; er besitzt: nichts, was CANCEL nennen kann (X12)"
    )


def test_rp_4_16_x13_diamond_swap_in_german():
    """X13 DIAMOND_SWAP (RP-4.14): BURN_SWAP goes with a headliner's hand play only."""
    game, s = two()
    s = act(game, give(s, cheats={0: ("C08",)}), "play Ha1")
    assert refused_as(game, s, "cheat C08", "X13", "RP-4.14") == (
        "BURN_SWAP wirkt nur beim Ausspiel aus der Hand; das Ausspiel von H1 kommt jetzt aus seinem Diamanten (X13)"
    )


def test_rp_4_16_action_texts_a_person_types_are_explained_in_german():
    """parse_action: an unreadable text says why in German; the action texts themselves stay as they are."""
    game, s = four()
    with pytest.raises(ValueError) as err:
        game.parse_action(s, "spiele Ha5")
    assert str(err.value) == (
        "„spiele Ha5“ wird nicht verstanden; so werden die Aktionen geschrieben: „spielen Ha5“, "
        "„Farbe nennen Grabstein“, „vergraben Ha5“, „abklatschen“, „nicht abklatschen“, „Coin +1“, „Damage-Token“, "
        "„Cheat C04 Grabstein“, „Cheat C07 1 coin“, „Signature Move W4 −2“, „wrestler W3“"
    )
    with pytest.raises(ValueError) as err:
        game.parse_action(s, "play Hx5")
    assert str(err.value) == (
        "„play Hx5“ wird nicht verstanden: „Hx5“ ist keine Karte von Rowdy Partners; eine Karte ist eine Farbe "
        "(Ha Ho St Gr) mit einem Wert 1-8, etwa Ha5, oder eine Wildcard W2 W4 W6 W8"
    )
    with pytest.raises(ValueError) as err:
        game.parse_action(s, "sig W4 -5")
    assert str(err.value) == "„sig W4 -5“ wird nicht verstanden: sig W4 erwartet einen Betrag: -1, -2, -3"
    assert str(game.parse_action(s, "PLAY ha5")) == "play Ha5"  # the action text is the same in every language


# --- render labels, tables, options --------------------------------------------------------------------


def test_rp_4_15_render_labels_in_german():
    """render (RP-4.15): the head line, a seat, the pop track, the row and who is to act, in German."""
    game, s = four(cheat_pool=("C05",))
    s = give(s, coins={A1: 1}, cheats={B1: ("C05",)}, unlocked=(True, False), sig_used={A2: True})
    s = act(game, s, "coin -1", "play Ha5", "play St2")
    assert game.render(s).splitlines() == [
        "Rowdy Partners  Runde 1 Stich 1  #1: A1  angespielte Farbe: Hut",
        " #1 A1 Anvil Annie (im Ring)      Schadensleiste 0/19   Token: Coins 0 · Damage 0 · Tags 0 · Cheats 0  "
        "Hand Ha1 Ha2 Ho1 Ho2 Ho3 Gr1 Gr2",
        " #2 B1 Ghost Gordo (im Ring)      Schadensleiste 0/19   Token: Coins 0 · Damage 0 · Tags 0 · Cheats 1  "
        "Hand Ho4 Ho5 Ho6 Gr3 Gr4 W2 W4  [C05]",
        " #3 A2 Chameleon Chuck            Schadensleiste 0/19   Token: Coins 0 · Damage 0 · Tags 0 · Cheats 0  "
        "Signature Move verbraucht  Hand Ho7 Ho8 St1 Gr5 Gr6 Gr7 Gr8 W6",
        " #4 B2 Limbo Lou                  Schadensleiste 0/19   Token: Coins 0 · Damage 0 · Tags 0 · Cheats 0  "
        "Hand Ha3 Ha4 Ha6 Ha7 Ha8 St3 St4 St5",
        " Pop-Leiste: A 0 (freigeschaltet) · B 0   Burn Pile 4   Cheat-Vorrat 1",
        " Reihe: A1:Ha5(v=4)+coin -1  B1:St2",
        " am Zug: A2 (Ausspielen)",
    ]
    game, s = two()
    lines = game.render(s, 1).splitlines()
    assert lines[1] == (
        " #1 H1 Anvil Annie (im Ring)      Schadensleiste 0/19   Token: Coins 0 · Damage 0 · Tags 0 · Cheats 0  "
        "Hand ?? ?? ?? ?? ?? ?? ?? ??  Diamant Ha6 Ha7 Ho7 St5 St6 Gr3 Gr4 Gr5"
    )
    game = load(2, wrestlers=None, choose_wrestlers=True)
    lines = game.render(game.new(seed=1)).splitlines()
    assert "(zu wählen)" in lines[1] and lines[-1] == " am Zug: H1 (Wrestler wählen)"


def test_rp_5_2_trick_table_and_settlement_in_german():
    """RP-5.2: the trick table names the led suit in German; the settlement's values are the same in both
    languages (code reads them), only its column names are never translated."""
    game, s = four()
    s = act(game, s, "play Ha5", "play St2", "play Gr5", "play St4")
    rows = trick_table(game, s)
    assert rows[0]["led suit"] == "Stern" and rows[0]["row"] == "[Ha5] St2 [Gr5] St4"
    with cardgames.language("en"):
        assert trick_table(game, s)[0]["led suit"] == "Star"
    game = load(4)
    final = playout(game, ["random"] * 4, 3)
    german = game.settlement(final).rows()
    with cardgames.language("en"):
        assert game.settlement(final).rows() == german


def test_options_and_the_objective_are_explained_in_german():
    """The options' meanings (marked for the CLI's help), their refusals and the objective's words."""
    game = load(4)
    assert CATALOG.gettext(game.spec.options["round_cap"].doc) == (
        "Sicherheitsgrenze für Simulationen in Runden, 1-1000 (RP-6.3)"
    )
    assert CATALOG.gettext(game.objective.name) == "Positionsvorsprung"
    assert CATALOG.gettext(game.objective.horizon) == (
        "das Ende der Runde (RP-4.1: ihr 8. Stich) oder der Pin, der die Partie vorher beendet (RP-6.1)"
    )
    with pytest.raises(ValueError, match="die Aufstellung hat 1 Wrestler; 2 Spieler brauchen mindestens 2"):
        cardgames.load("rowdy_partners", players=2, roster=["W1"])
    with pytest.raises(ValueError, match="first_leader muss ein Platz von 0 bis 1 sein"):
        cardgames.load("rowdy_partners", players=2, first_leader=3)


# --- whole games: no English left ------------------------------------------------------------------------

# words of the English texts that German does not share (card codes, action texts, X-code names, the
# wrestlers', cheats' and moves' names and the effect names DBL, SUIT, CANCEL ... stay in both languages)
ENGLISH = (
    " the ",
    " and ",
    " plays ",
    " wins ",
    " must ",
    "trick",
    "Player",
    "player ",
    " his ",
    " he ",
    " seat ",
    "round",
    "health",
    "coins ",
    " hand ",
    "pop track",
    "led suit",
    "deals",
    "attaches",
    "counters",
    "flipped",
    "undefined",
    "Hat ",
    "Star ",
    "Gravestone",
    "Horseshoe",
    "game over",
    "to act",
    "burn pile",
    " or ",
    " is ",
)


def english_in(text: str) -> list[str]:
    return [word for word in ENGLISH if word in text]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_in_german_leave_no_english(players):
    """Seeded games of random players with tokens, cheats and signature moves handed out: every sentence, every
    view's render, every refusal met on the way and the end are German."""
    rng = random.Random(players)
    for seed in range(3):
        game = load(players, round_cap=2)
        s = game.new(seed=seed)
        if seed:
            s = handed_out(game, s, 2, ("C04", "C07", "C08", "C09", "C01", "C05"))
        texts = [game.render(s)]
        steps = 0
        while game.to_act(s):
            p = game.to_act(s)[0]
            if steps % 9 == 0:
                texts += [game.render(s, q) for q in range(players)]
                for text in ("play W8", "tag", "coin +1", "cheat C07 0 tag", "bury Ha1", "name Ha", "sig W4 -1"):
                    for q in (p, (p + 1) % players):
                        try:
                            game.parse_action(s, text, q)
                        except ValueError as err:
                            texts.append(str(err))
            step = game.advance(s, rng.choice(game.legal_actions(s)), p)
            texts.append(step.sentence)
            s = step.after
            steps += 1
        texts.append(game.render(s))
        texts += [" ".join(map(str, row.values())) for row in trick_table(game, s)]  # the columns stay
        leftovers = [(text, english_in(text)) for text in texts if english_in(text)]
        assert not leftovers, leftovers[:3]
        assert any("gewinnt den Stich" in text for text in texts)


def test_issue_31_sentences_and_the_table_say_value_and_damage_in_words_not_the_rules_notation():
    """Issue 31: a value change or extra damage is said in words (``Wert -1``, ``value +2``, ``damage +3``),
    never in the notation of RP-2.6 (VAL(-1), DMG(3)); the table labels the tokens as a group apart from the
    health.  Seeded games of random players who prefer to attach what they hold (Coins, Damage tokens, the
    VAL and DMG cheats, Haymaker and Limbo): every sentence and the table before it, in German and in English."""
    rng = random.Random(31)
    said = set()
    for seed in range(3):
        game = load(4, round_cap=1, wrestlers=("W5", "W4", "W1", "W2"))
        s = handed_out(game, game.new(seed=seed), 2, ("C01", "C02", "C05"))
        while game.to_act(s):
            p = game.to_act(s)[0]
            legal = game.legal_actions(s)
            attach = [a for a in legal if str(a).startswith(("coin", "damage", "cheat", "sig"))]
            action = rng.choice(attach if attach and rng.random() < 0.6 else legal)
            for language in ("de", "en"):
                with cardgames.language(language):
                    text = game.describe(s, action, p) + "\n" + game.render(s)
                assert "VAL(" not in text and "DMG(" not in text, text
                said |= {
                    words
                    for words in ("Wert -", "Wert +", "Schaden +", "value -", "value +", "damage +")
                    if words in text
                }
            s = game.apply(s, action, p)
    assert said == {"Wert -", "Wert +", "Schaden +", "value -", "value +", "damage +"}
    lines = game.render(s).splitlines()
    assert " Schadensleiste " in lines[1] and " Token: Coins " in lines[1] and " · Damage " in lines[1]


# --- the language is chosen per call ---------------------------------------------------------------------


def test_the_same_step_in_english_gives_the_english_sentence():
    """The switch is per call: inside a German block an English block describes, refuses and renders in
    English, and German comes back after it."""
    game, s = four()
    action = game.parse_action(s, "play Ha5")
    with cardgames.language("en"):
        assert game.describe(s, action) == "A1 plays Ha5 (Hat 5) (RP-4.10); it sets the led suit Hat (RP-4.9)."
        assert refusal(game, s, "play St2").message == (
            "St2 is not in A1's hand; he may play Ha1 Ha2 Ha5 Ho1 Ho2 Ho3 Gr1 Gr2 (X02)"
        )
        assert game.render(s).splitlines()[0] == ("Rowdy Partners  round 1 trick 1  #1: A1  no led suit yet (RP-4.9)")
    assert game.describe(s, action) == (
        "A1 spielt Ha5 (Hut 5) (RP-4.10); die Karte legt die angespielte Farbe fest: Hut (RP-4.9)."
    )
    german_table = cardgames.load("rowdy_partners", players=4)
    with cardgames.language("en"):
        assert german_table.render(german_table.new(seed=1)).startswith("Rowdy Partners  round 1 trick 1")
