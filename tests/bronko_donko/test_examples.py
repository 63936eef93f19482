"""The worked examples of section 13 of the rules (BD-13.1 - BD-13.19), one test each, named by the example's id,
replayed from the position the example states to the outcome it states (players A, B, C, D = seats 0..3)."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.bronko_donko import fight_log
from cardgames.bronko_donko.rules import GIVE, GONG, HAUFEN, KNOCKOUT, ORDER, OVER, PLAY, RETURN, WOLFSBLUT
from cardgames.core.game import Setup

from .helpers import deck_for, form, legal, load, mask, play, settle_all, standing, table, with_fields

A, B, C_, D = 0, 1, 2, 3


def no_vest(acts):
    return {a for a in acts if not a.endswith("vest-off")}


def test_bd_13_1_legal_and_illegal_formations():
    """13.1 (BD-5.1, BD-5.2, BD-5.3, BD-6.1, BD-6.3)."""
    game = load(3)
    state = table(game, ["Ro5 Ge5 Bl5 Bl3 Bl4 Ge2 Ge3 Kose Bl1 Gr1 Gr3 Bl2 Wolf Ge6 Ge7", "Ro1", "Gr2"])
    acts = game.legal_actions(state)
    for ok in (
        "open Ro5 Ge5 Bl5",
        "open Bl3 Bl4 Bl5",
        "open Kose",
        "open Ge5 Wolf=Gr5",
        "open Gr1 Wolf=Gr2 Gr3",
        "open Bl1 Bl2 Bl3 Wolf=Bl4 Bl5",
        "open Ge6 Ge7 Wolf=Ge8",
    ):
        assert game.parse_action(state, ok) in acts, ok
    assert form("Ro5 Ge5 Bl5").size == 3 and form("Ro5 Ge5 Bl5").strength[0] == 5
    assert form("Bl3 Bl4 Bl5").strength[0] == 3
    assert form("Kose").strength[0] == 0
    assert form("Ro5 Wolf=Gr5").strength[0] == 5
    assert form("Bl1 Bl2 Bl3 Wolf=Bl4 Bl5").size == 5 and form("Bl1 Bl2 Bl3 Wolf=Bl4 Bl5").strength[0] == 1
    assert form("Ge6 Ge7 Wolf=Ge8").strength[0] == 6 and form("Ge6 Ge7 Wolf=Ge8").fist[0]
    for bad, rule in (
        ("open Bl3 Bl4 Ro5", "BD-5.1"),
        ("open Ge2 Ge3", "BD-5.1"),
        ("open Kose Bl1", "BD-6.1"),
        ("open Wolf=Ro4", "BD-6.3"),
        ("open Ro5 Wolf=Ro5", "BD-5.2"),
        ("open Bl1 Bl2 Bl3 Bl5", "BD-5.1"),
    ):
        with pytest.raises(cardgames.IllegalMove) as err:
            game.parse_action(state, bad)
        assert err.value.rule == rule, bad
    # in a revolution
    assert form("Ro1 Ro2 Ro3").strength[1] == 5 and form("Ro1 Ro2 Ro3").fist[1]
    assert form("Ro6 Ro7 Ro8").strength[1] == 0 and not form("Ro6 Ro7 Ro8").fist[1]


def test_bd_13_2_beat_versus_box():
    """13.2 (BD-5.5, BD-5.7, BD-5.8 a/c)."""
    game = load(4)
    state = table(game, ["Gr4 Gr5 Gr6 Ge1", "Bl4 Bl5 Bl6 Ro5 Ro6 Ro7 Ro8", "Ge3", "Ge2"], turn=A)
    state = play(game, state, "open Gr4 Gr5 Gr6")
    assert no_vest(legal(game, state)) == {"beat Ro5 Ro6 Ro7", "beat Ro6 Ro7 Ro8", "box Bl4 Bl5 Bl6", "duck"}
    for bad in ("beat Ro5 Ro6 Ro7 Ro8", "beat Ro5", "beat Ro5 Ro6"):
        with pytest.raises(cardgames.IllegalMove):
            game.parse_action(state, bad)
    boxed = play(game, state, "box Bl4 Bl5 Bl6")
    assert boxed.round.current is None and boxed.turn == B and boxed.round.owner == B  # C and D do not act
    fist = play(game, state, "beat Ro6 Ro7 Ro8")
    assert fist.round.current is None and fist.turn == B
    # Solo case
    state = table(game, ["Ro1 Ge3", "Bl1 Ge4", "Ge5", "Ge2"], turn=A)
    state = play(game, state, "open Ro1", "box Bl1")
    assert state.round.current is None and state.turn == B


def test_bd_13_3_schlagring():
    """13.3 (BD-7.6, BD-7.7)."""
    game = load(4)
    state = table(game, ["Bl3 Gr5 Gr6 Ro8 Gr2", "Bl2 Bl8", "Ge4 Bl7 Ge8 Gr1", "Ro5 Ro7 Bl1"], turn=A)
    state = play(game, state, "open Bl3", "duck", "beat Ge4", "beat Ro5")
    assert state.round.ring
    assert no_vest(legal(game, state)) == {"beat Gr6", "duck"}
    for bad, rule in (("box Gr5", "BD-7.7"), ("beat Ro8", "BD-7.7")):
        with pytest.raises(cardgames.IllegalMove) as err:
            game.parse_action(state, bad)
        assert err.value.rule == rule
    state = play(game, state, "beat Gr6")
    assert state.turn == C_  # B ducked and is skipped
    assert legal(game, state) == {"beat Bl7", "duck"}
    state = play(game, state, "duck", "beat Ro7", "beat Ro8")
    assert state.round.current is None and state.turn == A and state.round.owner == A
    # contrast: 3, 5, 6 is no Schlagring; a following 7 makes one (5, 6, 7)
    state = table(game, ["Bl3 Gr2", "Gr5 Gr1", "Ge6 Ge1", "Ro7 Ro1"], turn=A)
    state = play(game, state, "open Bl3", "beat Gr5", "beat Ge6")
    assert not state.round.ring
    state = play(game, state, "beat Ro7")
    assert state.round.ring


def test_bd_13_4_revolution_succeeds():
    """13.4 (BD-7.1, BD-7.3)."""
    game = load(3)
    state = table(game, ["Ro3 Ge3 Gr3 Bl3 Ro8 Gr2", "Ge7 Bl2", "Bl7 Ge2"], turn=A)
    state = play(game, state, "open Bl3 Gr3 Ge3 Ro3", "duck", "duck")
    assert state.fight.revolution and state.turn == A and state.round.current is None
    state = play(game, state, "open Ro8")
    assert state.round.current is not None and state.round.current.strength[1] == 0  # no fist now: the round goes on
    state = play(game, state, "beat Ge7", "box Bl7")
    assert state.round.current is None and state.turn == C_


def test_bd_13_5_revolution_quashed():
    """13.5 (BD-7.2, BD-6.5)."""
    game = load(3)
    state = table(game, ["Ro2 Ge2 Gr2 Bl2 Ro1", "Ro5 Ge5 Bl5 Wolf Bl1", "Gr5 Ge1"], turn=A)
    state = play(game, state, "open Bl2 Gr2 Ge2 Ro2", "beat Bl5 Ge5 Wolf=Gr5 Ro5")
    assert state.phase == WOLFSBLUT and state.turn == C_  # DP-5
    declined = play(game, state, "decline", "duck", "duck")
    assert declined.turn == B and declined.round.current is None and not declined.fight.revolution
    stolen = play(game, state, "steal")
    assert stolen.round.current is form("Ro5 Ge5 Bl5 Gr5")
    assert stolen.hands[C_] == mask("Wolf Ge1") and stolen.fight.wolf_rest
    stolen = play(game, stolen, "duck", "duck")
    assert stolen.turn == B and stolen.round.current is None and not stolen.fight.revolution


def test_bd_13_6_second_revolution_toggles_off():
    """13.6 (BD-7.3, BD-3.5)."""
    game = load(3)
    state = table(game, ["Bl8", "Gr8", "Ro1 Ge1 Gr1 Bl1 Ro8"], turn=C_, revolution=True)
    state = play(game, state, "open Bl1 Gr1 Ge1 Ro1")
    assert state.round.current is None and state.turn == C_ and not state.fight.revolution


def test_bd_13_7_solo_donko_against_kose_in_a_revolution():
    """13.7 (BD-5.10, BD-6.1)."""
    game = load(3)
    state = table(game, ["Bl5 Bl4", "Ro1 Ro2", "Ge1 Kose Ge3"], turn=A, revolution=True)
    state = play(game, state, "open Bl5", "beat Ro1")
    assert state.round.current is form("Ro1") and state.turn == C_  # the round continues
    assert no_vest(legal(game, state)) == {"beat Kose", "duck"}
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "box Ge1")
    assert err.value.rule == "BD-5.10"
    after = play(game, state, "beat Kose", "duck", "duck")
    assert after.turn == C_ and after.round.current is None
    # without Kose
    state = table(game, ["Bl5 Bl4", "Ro1 Ro2", "Ge1 Ge3"], turn=A, revolution=True)
    state = play(game, state, "open Bl5", "beat Ro1", "duck", "duck")
    assert state.turn == B and state.round.current is None
    # contrast: a Gäng of Donko cards is a fist in a revolution
    state = table(game, ["Bl5 Bl4", "Ro1 Ge1 Ro2", "Ge3"], turn=B, revolution=True)
    state = play(game, state, "open Ge1 Ro1")
    assert state.round.current is None and state.turn == B


def test_bd_13_8_wolfsblut_and_resting_wolf():
    """13.8 revised (BD-6.5, BD-6.6, BD-6.7, R-13): the stolen Wolf sits out the rest of the round of the theft
    and the whole next round, and is usable again from the round after that."""
    game = load(3)
    state = table(game, ["Ge5 Wolf Ge7 Bl1 Bl2 Bl3 Gr2 Gr3 Gr4 Ro2", "Bl4 Ro1", "Ge6 Ro6 Ro7 Gr1"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Ge6 Ge7")
    assert state.phase == WOLFSBLUT and state.turn == C_
    state = play(game, state, "steal")
    assert state.round.current is form("Ge5 Ge6 Ge7") and state.hands[C_] == mask("Ro6 Ro7 Wolf Gr1")
    assert state.turn == B
    state = play(game, state, "duck")
    assert legal(game, state) == {"duck"}
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "beat Ro6 Ro7 Wolf=Ro8")
    assert err.value.rule == "BD-6.6"
    state = play(game, state, "duck")
    assert state.turn == A and state.round.current is None and state.fight.wolf_rest  # A controls; the Wolf still rests
    # the whole next round: C still may not place the Wolf
    state = play(game, state, "open Bl1 Bl2 Bl3", "duck")
    assert state.turn == C_ and legal(game, state) == {"duck"}
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "beat Ro6 Ro7 Wolf=Ro8")
    assert err.value.rule == "BD-6.6" and "whole round" in err.value.message
    state = play(game, state, "duck")
    assert state.turn == A and state.round.current is None and not state.fight.wolf_rest
    # the second round after the theft: usable again
    state = play(game, state, "open Gr2 Gr3 Gr4", "duck")
    assert "beat Ro6 Ro7 Wolf=Ro8" in legal(game, state)
    # had A's formation emptied his hand, there would be no window at all
    state = table(game, ["Ge5 Wolf Ge7", "Bl2 Bl3", "Ge6 Ro6 Ro7"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Ge6 Ge7")
    assert state.phase == GONG


def test_bd_13_8_wolf_stolen_from_a_box_still_sits_out_the_next_round():
    """13.8 revised: a theft from a box ends the round at once, and the Wolf still rests through the next round."""
    game = load(3)
    state = table(game, ["Ro5 Gr5 Bl1 Gr1 Ge2", "Bl5 Wolf Bl2 Ro2 Bl3 Ge3 Gr8", "Ge5 Ro6 Ro7 Gr3"], turn=A)
    state = play(game, state, "open Gr5 Ro5", "box Bl5 Wolf=Ge5")
    assert state.phase == WOLFSBLUT and state.turn == C_
    state = play(game, state, "steal")
    assert state.round.current is None and state.turn == B and state.hands[C_] == mask("Wolf Ro6 Ro7 Gr3")
    state = play(game, state, "open Bl2 Ro2")  # the round after the theft
    assert legal(game, state) == {"duck"}
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "beat Ro6 Wolf=Gr6")
    assert err.value.rule == "BD-6.6"
    state = play(game, state, "duck", "duck")
    assert state.turn == B and state.round.current is None
    state = play(game, state, "open Bl3 Ge3")  # the second round after the theft
    acts = game.legal_actions(state)
    assert game.parse_action(state, "beat Ro6 Wolf=Gr6") in acts
    assert game.parse_action(state, "beat Ro7 Wolf=Gr7") in acts


def test_bd_13_9_wolf_trap():
    """13.9 (BD-6.8)."""
    game = load(4)
    state = table(game, ["Bl5 Bl1", "Ro5 Wolf", "Ge2 Ge3", "Gr2 Gr3"], turn=A)
    state = play(game, state, "open Bl5", "box Ro5")
    assert state.round.current is None and state.turn == C_ and state.round.owner == C_  # B forfeits the opening
    state = play(game, state, "open Ge2", "beat Gr3", "duck")
    assert state.turn == B and legal(game, state) == {"duck"}


def test_bd_13_10_first_controller_and_betrayal():
    """13.10 (BD-4.3 step 6, BD-6.2, BD-10.7, BD-10.8)."""
    game = load(3)
    hands = [
        "Ge2 Ge3 Ge4 Ge5 Ge6 Ge7 Ge8 Bl2 Bl3 Bl4",
        "Bl5 Bl6 Bl7 Bl8 Gr4 Gr5 Gr6 Gr7 Gr8 Ro2",
        "Gr1 Ro1 Gr2 Gr3 Ro4 Kose Wolf Ro3 Ro5 Ro6",
    ]
    deck = deck_for(hands, dealer=A, out="Bl1 Ge1 Ro7 Ro8")
    state = game.new(seed=1, deck=deck)
    assert state.turn == C_ and state.fight.required >= 0
    acts = no_vest(legal(game, state))
    for ok in ("open Gr1", "open Gr1 Ro1", "open Gr1 Gr2 Gr3", "open Wolf=Bl1 Gr1"):
        assert ok in acts or ok.replace("Wolf=Bl1 Gr1", "Gr1 Wolf=Bl1") in acts, ok
    for bad in ("open Ro4", "open Kose"):
        with pytest.raises(cardgames.IllegalMove) as err:
            game.parse_action(state, bad)
        assert err.value.rule == "BD-4.3"
    # later fight: Donko B, Bronko A
    hands = [
        "Bl1 Bl3 Bl4 Bl5 Bl6 Gr2 Gr3 Gr5 Gr6 Ge2",
        "Kose Wolf Ro8 Ge7 Bl7 Gr4 Ro3 Bl2 Ge1 Gr1",
        "Ge3 Ge4 Ge5 Ge6 Ge8 Ro1 Ro2 Ro4 Ro5 Ro6",
    ]
    deck = deck_for(hands, dealer=B)
    state = with_fields(game.new(seed=1), donko=B, bronko=A, fights=0, setup=Setup(1, (("deck", (tuple(deck),)),)))
    state = game._start_fight(state)
    assert state.hands[B] == mask(hands[1])
    assert state.phase == GIVE and state.turn == B
    assert legal(game, state) == {"give Bl7 Ro8", "give Ge7 Ro8"}
    state = play(game, state, "give Bl7 Ro8")
    assert state.phase == RETURN and state.turn == A
    acts = legal(game, state)
    assert "return Bl1 Bl7" in acts and not any("Kose" in a or "Wolf" in a for a in acts)
    state = play(game, state, "return Bl1 Bl7")
    assert state.phase == PLAY and state.turn == B and state.round.current is None and state.fight.required == -1
    assert state.hands[B] == mask(hands[1]) & ~mask("Ro8") | mask("Bl1")
    assert len(legal(game, state)) > 10  # any formation


def gong_state(game, hands, winner_card, owner, current=None, **fields):
    """A round in which the winner (seat 0) is about to beat ``owner``'s formation, ``current`` (Gr5 if None),
    with his last card."""
    cur = form("Gr5") if current is None else current
    return table(game, hands, turn=A, current=cur, owner=owner, placed=0b1111, **fields)


def test_bd_13_11_final_gong_and_donko_shedding():
    """13.11 (BD-8.1 - BD-8.4, BD-9.3, BD-10.3 c, BD-10.5)."""
    game = load(3)
    state = gong_state(
        game, ["Ge6", "Ro6 Ro8", "Bl6"], "Ge6", C_, current=form("Gr5"), **standing(C_, bronko=B, flucht=1)
    )
    state = play(game, state, "beat Ge6")
    assert state.phase == GONG and state.turn == B and state.standing.bronko == A
    assert legal(game, state) == {"box Ro6", "pass"}
    state = play(game, state, "box Ro6")
    assert state.turn == C_ and legal(game, state) == {"box Bl6", "pass"}
    state = play(game, state, "box Bl6")
    assert state.settle.emptied and state.phase == ORDER and state.turn == A  # DP-7
    state = play(game, state, "settle 1")
    assert state.phase == KNOCKOUT and state.settle.loser == B and state.settle.power == 11
    state = settle_all(game, state)
    log = fight_log(state)
    assert [(e["loser"], e["schlagkraft"]) for e in log] == [(B, 11), (C_, 0)]
    assert state.standing.donko == B and state.standing.flucht == 0 and state.match.tally.fluchtkarten[C_] == 0
    assert state.fight.number == 2 and state.phase in (GIVE, RETURN)  # B dealt; betrayal between B and A
    # had A ended with a fist, nobody could box
    state = gong_state(game, ["Ge8", "Ro6 Ro8", "Bl6"], "Ge8", C_, current=form("Gr5"))
    state = play(game, state, "beat Ge8")
    assert legal(game, state) == {"pass"}


def example_13_12_settling(game):
    """Example 13.12 after the gong: A won with Bl8 (B took off his vest), the settlement is A's to order."""
    state = gong_state(
        game,
        ["Bl8", "Ge4 Bl7 Ro2", "Gr3 Bl1"],
        "Bl8",
        C_,
        current=form("Gr5"),
        vest_by=B,
        counted=(False, True, False),
        **standing(C_, bronko=B, flucht=1),
    )
    return play(game, state, "beat Bl8", "pass", "pass")


def example_13_14_escape(game):
    """Example 13.14, two players: A beats B's Gr5 with his last card, Bl8; B, the Donko and the Bronko, holds 3 Fluchtkarten."""
    return table(
        game,
        ["Bl8", "Ge1 Ro2 Bl3"],
        turn=A,
        current=form("Gr5"),
        owner=B,
        placed=0b11,
        **standing(B, bronko=B, flucht=3),
    )


def example_13_12_next_fight(game):
    """Example 13.12, the next fight: A is about to beat C's Gr5 with his last card, Bl8; B's Schläger 6 is angezählt."""
    return gong_state(
        game,
        ["Bl8", "Ro6 Gr5", "Gr3 Bl1"],
        "Bl8",
        C_,
        current=form("Gr5"),
        schlaeger=((2, 4), (6, 8, 10, 12, 15), (2,)),
        counted=(False, True, False),
        **standing(C_, bronko=B, flucht=1),
    )


def test_bd_13_12_full_settlement_with_angezaehlt_and_vest():
    """13.12 (BD-9.2, BD-9.3, BD-9.4, BD-9.5, BD-7.11)."""
    game = load(3)
    state = example_13_12_settling(game)
    assert state.phase == ORDER and state.turn == A
    state = play(game, state, "settle 1")
    assert state.phase == KNOCKOUT and state.settle.power == 26 and state.settle.knocked == (2,)
    assert {str(a) for a in game.legal_actions(state)} == {f"knock {h}" for h in (4, 6, 8, 10, 12, 15, 20)}
    state = play(game, state, "knock 20")
    assert legal(game, state) == {"knock 4", "knock 6"}  # stopping at S = 6 is no option
    other = play(game, state, "knock 6")
    assert other.standing.schlaeger[B] == (4, 8, 10, 12, 15) and not other.standing.counted[B]
    state = play(game, state, "knock 4")
    assert state.standing.schlaeger[B] == (6, 8, 10, 12, 15) and state.standing.counted[B]
    entry = fight_log(state)[0]
    assert entry == {
        "game": 1,
        "fight": 1,
        "bronko": A,
        "loser": B,
        "schlagkraft": 28,
        "knocked_out": [2, 20, 4],
        "counted": 6,
        "vest_off": True,
    }
    # C, the Donko with one Fluchtkarte and no star, takes a second one and stays Donko
    assert state.standing.donko == C_ and state.standing.flucht == 2 and state.match.tally.damage[C_] == 0
    assert state.match.tally.damage[B] == 28
    # next fight, vest on: S = 5 against 6*: no knock-out, then 6* is knocked out as leftover
    state = example_13_12_next_fight(game)
    state = play(game, state, "beat Bl8", "pass", "pass", "settle 1")
    assert state.standing.schlaeger[B] == (8, 10, 12, 15) and not state.standing.counted[B]
    assert fight_log(state)[-2]["knocked_out"] == [6]


def test_bd_13_13_donko_haufen_unassigned_tie_breaks():
    """13.13 (BD-10.2, DP-9)."""
    game = load(4)
    hands = ["Bl8", "Ro4 Ge5 Bl1", "Bl4 Gr5", "Ro8 Ge2 Gr3 Ro1"]
    state = gong_state(game, hands, "Bl8", D, current=form("Gr6"))
    state = play(game, state, "beat Bl8", "pass", "pass", "pass")
    state = settle_all(game, state)
    damage = {e["loser"]: e["schlagkraft"] for e in fight_log(state)}
    assert damage == {B: 12, C_: 12, D: 11}
    assert state.standing.donko == B
    hands[2] = "Bl4 Gr5 Ro2"
    state = gong_state(game, hands, "Bl8", D, current=form("Gr6"))
    state = play(game, state, "beat Bl8", "pass", "pass", "pass")
    while state.phase in (ORDER, KNOCKOUT):
        state = game.apply(state, game.legal_actions(state)[0])
    assert state.phase == HAUFEN and state.turn == A
    assert legal(game, state) == {"donko 1", "donko 2"}
    state = play(game, state, "donko 2")
    assert state.standing.donko == C_


def test_bd_13_14_departing_donko_and_two_player_cancellation():
    """13.14 (BD-10.3 a/b, BD-10.5, BD-10.6, DP-10)."""
    game = load(3)
    state = table(
        game,
        ["Ro4 Ro6 Bl1", "Bl8", "Ge4 Gr6 Gr1"],
        turn=B,
        current=form("Gr5"),
        owner=A,
        placed=0b111,
        **standing(B, bronko=A, flucht=2),
    )
    state = play(game, state, "beat Bl8", "pass", "pass")
    while state.phase in (ORDER, KNOCKOUT):
        state = game.apply(state, game.legal_actions(state)[0])
    assert state.phase == HAUFEN and state.turn == B and legal(game, state) == {"donko 0", "donko 2"}
    assert state.standing.flucht == 0  # returned to the centre
    state = play(game, state, "donko 2")
    assert state.standing.donko == C_ and state.standing.bronko == B
    # two players: the Donko escapes with his fourth Flucht; the recipient is the Bronko: both tokens go back
    game = load(2)
    state = example_13_14_escape(game)
    state = play(game, state, "beat Bl8", "pass")
    assert state.standing.donko == -1 and state.standing.bronko == -1 and state.standing.flucht == 0
    assert state.phase == PLAY and state.fight.required >= 0  # like a first fight: weakest card opens
    holder = state.turn
    assert state.hands[holder] >> state.fight.required & 1


def test_bd_13_15_fist_formation():
    """13.15 (BD-5.8 c, BD-5.9, BD-7.3)."""
    game = load(4)
    state = table(game, ["Ge6 Ge7 Ge8 Bl1", "Ro6 Ro7 Ro8", "Gr1", "Gr2"], turn=A)
    state = play(game, state, "open Ge6 Ge7 Ge8")
    assert state.round.current is None and state.turn == A
    state = table(game, ["Bl8 Gr8 Ge8 Ro8 Bl1", "Ro6 Ro7", "Gr1", "Gr2"], turn=A)
    state = play(game, state, "open Bl8 Gr8 Ge8 Ro8")
    assert state.round.current is None and state.turn == A and state.fight.revolution


def test_bd_13_16_final_gong_limits():
    """13.16 (BD-8.3, BD-7.8, BD-5.10)."""
    game = load(3)
    state = gong_state(
        game, ["Bl1", "Ge1 Ro4", "Gr1"], "Bl1", C_, current=form("Ro2"), revolution=True, ring=True, last=6, last2=5
    )
    state = play(game, state, "beat Bl1")
    assert state.phase == GONG and legal(game, state) == {"pass"}
    state = gong_state(
        game, ["Ge4", "Ro4 Ge1", "Gr1"], "Ge4", C_, current=form("Ro5"), revolution=True, ring=True, last=3, last2=2
    )
    state = play(game, state, "beat Ge4")
    assert legal(game, state) == {"box Ro4", "pass"}


def test_bd_13_17_vest_eligibility():
    """13.17 revised (BD-7.10, BD-7.11, R-11): ducks do not use up the chance; a player who placed before never may;
    a later player may still take off his own vest; the doubling applies once."""
    game = load(4)
    state = table(
        game, ["Bl2 Bl3 Bl4 Bl8 Gr8 Gr2", "Ro6 Ro7 Gr1", "Ge5 Ge7 Ro8 Ge1", "Gr7 Ro3 Ge2"], turn=A, placed=0b0100
    )
    state = play(game, state, "open Bl2", "duck")
    assert not any(a.endswith("vest-off") for a in legal(game, state))  # C placed earlier in this fight
    state = play(game, state, "beat Ge5", "duck", "beat Bl8")
    state = play(game, state, "open Bl3", "duck", "duck", "duck")  # B (and D) ducked twice
    state = play(game, state, "open Bl4")
    assert "beat Ro6 vest-off" in legal(game, state)
    state = play(game, state, "beat Ro6 vest-off")
    assert state.fight.vest_by == B and state.fight.vests == 1 << B
    assert not any(a.endswith("vest-off") for a in legal(game, state))  # C, still
    state = play(game, state, "duck")
    assert "beat Gr7 vest-off" in legal(game, state)  # D's first formation comes after B's removal
    text = game.describe(state, game.parse_action(state, "beat Gr7 vest-off"))
    assert "doubled only once" in text and "BD-7.11" in text
    state = play(game, state, "beat Gr7 vest-off")
    assert state.fight.vest_by == B and state.fight.vests == (1 << B) | (1 << D)
    view = game.view(state, A)
    assert view.hands[B] == state.hands[B] and view.hands[D] == state.hands[D]  # both hands are public
    assert view.hands[C_] == 0 and view.hidden[C_] == 3
    # the losers' Schlagkraft is doubled once, not once per removal
    state = play(game, state, "beat Gr8")  # a fist: A controls
    state = table(
        game,
        ["Bl8", "Ro7 Gr1", "Ge7 Ro8 Ge1", "Ro3 Ge2"],
        turn=A,
        current=form("Gr5"),
        owner=D,
        placed=0b1111,
        vest_by=B,
        vests=(1 << B) | (1 << D),
    )
    state = settle_all(game, play(game, state, "beat Bl8", "pass", "pass", "pass"))
    assert {e["loser"]: e["schlagkraft"] for e in fight_log(state)} == {B: 8, C_: 30, D: 0}


def test_bd_13_18_elimination_hand_size_game_end():
    """13.18 (BD-9.5, BD-9.6, BD-11.1, BD-11.2, BD-4.3 step 4)."""
    game = load(4)
    state = gong_state(
        game,
        ["Bl8", "Ge1 Gr1", "Ro1", "Ro6"],
        "Bl8",
        D,
        current=form("Gr5"),
        schlaeger=((20,), (2, 4), (2, 4), (8,)),
        counted=(False, False, False, True),
    )
    state = play(game, state, "beat Bl8", "pass", "pass", "pass")
    state = settle_all(game, state)
    assert not state.standing.alive >> D & 1 and state.match.tally.eliminated_in_fight[D] == 1
    assert fight_log(state)[-1]["knocked_out"] == [8]
    assert state.phase != OVER and state.hands[D] == 0
    assert all(bin(state.hands[q]).count("1") == 10 for q in (A, B, C_))
    # when only A keeps Schläger, A wins the game and takes one Bronko-Orden
    game = load(2)
    state = gong_state(game, ["Bl8", "Ro6"], "Bl8", B, current=form("Gr5"), schlaeger=((20,), (2,)))
    state = play(game, state, "beat Bl8", "pass")
    assert state.phase == OVER and state.match.orden == (1, 0)
    rows = game.settlement(state).rows()
    assert rows[0]["winner"] and not rows[1]["winner"] and rows[1]["eliminated_in_fight"] == 1


def example_13_19_gong(game):
    """Example 13.19: A is about to beat C's Gr5 with his last card, Bl8; C, the Donko, has only his Schläger 20."""
    hands, schlaeger = ["Bl8", "Ro6 Ge6", "Ro4 Ge4 Bl7"], ((20,), (2, 4, 6, 8, 10, 12, 15, 20), (20,))
    return gong_state(game, hands, "Bl8", C_, schlaeger=schlaeger, **standing(C_, bronko=B, flucht=1))


def test_bd_13_19_donko_eliminated():
    """13.19 (BD-10.3 d, BD-10.5, BD-10.7, BD-4.3)."""
    game = load(3)
    state = play(game, example_13_19_gong(game), "beat Bl8", "pass", "pass")
    state = settle_all(game, state)
    assert not state.standing.alive >> C_ & 1
    log = {e["loser"]: e for e in fight_log(state)}
    assert log[C_]["schlagkraft"] == 24 and log[B]["schlagkraft"] == 6
    assert state.standing.donko == B and state.standing.bronko == A and state.standing.flucht == 0
    assert bin(state.hands[A]).count("1") + bin(state.hands[B]).count("1") == 20
    assert state.phase in (GIVE, RETURN) and state.hands[C_] == 0
