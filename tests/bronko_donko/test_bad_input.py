"""Bad input raises IllegalMove naming the BD clause and changes nothing (issue 3, item 7)."""

from __future__ import annotations

import copy
import random

import pytest

import cardgames
from cardgames.bronko_donko.rules import KNOCKOUT, WOLFSBLUT, Hand2

from .helpers import load, mask, play, table, with_fields
from .test_fight import ended

A, B, C_ = 0, 1, 2


def refused(game, state, action, rule, player=None):
    before = copy.deepcopy(state)
    with pytest.raises(cardgames.IllegalMove) as err:
        if isinstance(action, str):
            action = game._parse(state, action, player)
        game.apply(state, action, player)
    assert err.value.rule == rule, (str(action), err.value)
    assert state == before
    return err.value


def test_bd_5_1_impossible_formation_is_refused():
    game = load(3)
    state = table(game, ["Bl3 Bl4 Ro5 Bl1", "Gr1", "Ge1"])
    refused(game, state, "open Bl3 Bl4 Ro5", "BD-5.1")
    refused(game, state, "open Bl3 Bl5", "BD-5.1")  # and he lacks Bl5
    err = refused(game, state, "open Gr8", "BD-5.1")
    assert "do not hold" in err.message


def test_bd_5_2_wolf_declared_as_kose_or_a_card_of_the_formation():
    game = load(3)
    state = table(game, ["Ro5 Gr1 Wolf", "Gr2", "Ge1"])
    refused(game, state, "open Ro5 Wolf=Kose", "BD-5.2")
    refused(game, state, "open Ro5 Wolf=Ro5", "BD-5.2")
    with pytest.raises(ValueError):
        game.parse_action(state, "open Ro5 Wolf")  # the Wolf must be declared
    with pytest.raises(ValueError):
        game.parse_action(state, "open Ro5 Wolf=Gr5 Wolf=Ge5")


def test_bd_7_7_box_during_a_schlagring_is_refused():
    game = load(4)
    state = table(game, ["Bl3 Gr1", "Gr4 Gr2", "Ge5 Ge2", "Ro5 Ro1"], turn=A)
    state = play(game, state, "open Bl3", "beat Gr4", "beat Ge5")
    refused(game, state, "box Ro5", "BD-7.7")


def test_bd_6_5_steal_by_a_player_without_the_card_is_refused():
    game = load(3)
    state = table(game, ["Ge5 Wolf Ge7 Bl1", "Bl2 Bl3", "Ge6 Gr1"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Ge6 Ge7")
    assert state.phase == WOLFSBLUT and state.turn == C_
    refused(game, state, "steal", "BD-6.5", player=B)
    refused(game, state, "steal", "BD-6.5", player=A)
    quiet = table(game, ["Bl2 Bl1", "Gr2", "Ge1"])
    refused(game, quiet, "steal", "BD-5.6")


def test_bd_9_4_unaffordable_or_skipping_the_counted_schlaeger_is_refused():
    game = load(3)
    state = play(game, ended(game, ["Bl8", "Ro4 Ro5", "Gr1"], schlaeger=((2,), (2, 4, 6, 8, 20), (2,))), "settle 1")
    assert state.phase == KNOCKOUT and state.settle.power == 12
    refused(game, state, "knock 20", "BD-9.4")
    refused(game, state, "knock 15", "BD-9.4")  # he has no 15
    counted = with_fields(state, counted=(False, True, False))
    refused(game, counted, "knock 8", "BD-9.4")
    refused(game, state, "settle 2", "BD-9.4")


def test_bd_10_7_betrayal_outside_its_options_is_refused():
    game = load(3)
    state = table(game, ["Bl8 Ro8 Ge7 Bl1", "Gr1", "Ge1"], turn=A, phase=0, donko=A, bronko=B)
    refused(game, state, Hand2("give", mask("Bl8 Ge7")), "BD-10.7")
    refused(game, state, "duck", "BD-10.7")


def test_wrong_phase_and_wrong_player_are_refused():
    game = load(3)
    state = table(game, ["Bl2 Bl1", "Gr2", "Ge1"])
    refused(game, state, "beat Bl2", "BD-5.6")
    refused(game, state, "open Gr2", "BD-5.7", player=B)
    refused(game, state, "knock 20", "BD-5.6")
    state = play(game, state, "open Bl2")
    refused(game, state, "open Gr2", "BD-5.7")


def test_malformed_text_is_a_value_error_naming_the_forms():
    game = load(3)
    state = game.new(seed=1)
    for text in ("", "open", "open Zz9", "beat Ro9", "knock 3", "settle 7", "give Ro1", "jump", "open Ro1 Ro1"):
        with pytest.raises(ValueError) as err:
            game.parse_action(state, text)
        assert not isinstance(err.value, cardgames.IllegalMove), text
    with pytest.raises(ValueError, match="34 fighter cards"):
        game.new(seed=1, deck=["Ro1"] * 34)
    with pytest.raises(ValueError, match="unknown card"):
        game.new(seed=1, deck=["Xx1"])


# -- card codes in any letter case (BD-3.8) -------------------------------------------------


def test_bd_3_8_card_codes_are_case_insensitive_in_every_action_text():
    game = load(3)
    state = table(game, ["Ro3 Ro5 Ge5 Wolf Kose Bl1", "Ro6 Ge6", "Gr1"])
    for text, canonical in (
        ("open ro5 ge5", "open Ge5 Ro5"),
        ("OPEN RO5 GE5", "open Ge5 Ro5"),
        ("Open Ge5 rO5", "open Ge5 Ro5"),
        ("open ro5 WOLF=GR5", "open Wolf=Gr5 Ro5"),
        ("open ro3 WOLF=RO4 ro5", "open Ro3 Wolf=Ro4 Ro5"),
        ("open ro3 wolf=ro4 RO5 VEST-OFF", "open Ro3 Wolf=Ro4 Ro5 vest-off"),
        ("open KOSE", "open Kose"),
        ("open kose Vest-Off", "open Kose vest-off"),
        ("open BL1", "open Bl1"),
    ):
        action = game.parse_action(state, text)
        assert action == game.parse_action(state, canonical) and str(action) == canonical, text
        assert action in game.legal_actions(state)
    state = play(game, state, "open ro5 ge5")
    for text, canonical in (
        ("beat ro6 GE6", "beat Ge6 Ro6"),
        ("BEAT Ge6 ro6 vest-OFF", "beat Ge6 Ro6 vest-off"),
        ("Duck", "duck"),
        ("DUCK", "duck"),
    ):
        assert game.parse_action(state, text, B) == game.parse_action(state, canonical, B), text
    # the other phases' texts (read without checking the phase)
    for text, canonical in (
        ("box gr4 GR5 wolf=gr6", "box Gr4 Gr5 Wolf=Gr6"),
        ("PASS", "pass"),
        ("Steal", "steal"),
        ("DECLINE", "decline"),
        ("give RO8 bl7", "give Bl7 Ro8"),
        ("RETURN bl7 GE2", "return Ge2 Bl7"),
        ("Settle 1", "settle 1"),
        ("KNOCK 20", "knock 20"),
        ("Donko 2", "donko 2"),
    ):
        assert game._parse(state, text, None) == game._parse(state, canonical, None), text
    # stacked decks and deck_for take any case too
    from cardgames.bronko_donko import deck_for

    deck = deck_for(
        [
            "Bl1 Bl2 Bl3 Bl4 Bl5 Bl6 Bl7 Bl8 Gr1 Gr2",
            "Ro1 Ro2 Ro3 Ro4 Ro5 Ro6 Ro7 Ro8 Kose Wolf",
            "Ge1 Ge2 Ge3 Ge4 Ge5 Ge6 Ge7 Ge8 Gr3 Gr4",
        ]
    )
    lower = deck_for(
        [
            "bl1 BL2 bl3 bl4 bl5 bl6 bl7 bl8 gr1 gr2",
            "ro1 ro2 ro3 ro4 ro5 ro6 ro7 ro8 KOSE wolf",
            "GE1 ge2 ge3 ge4 ge5 ge6 ge7 ge8 gr3 gr4",
        ]
    )
    assert lower == deck
    assert game.new(seed=0, deck=[c.lower() for c in deck]).hands == game.new(seed=0, deck=deck).hands


# -- every refusal says what is allowed, right for the round or the final gong --------------


def refusal(hands, moves, action, rule, player=None, revolution=False):
    """The message refusing ``action`` (under ``rule``) after ``moves`` at a three-player table dealt ``hands``."""
    game = load(3)
    return refused(game, play(game, table(game, hands, revolution=revolution), *moves), action, rule, player).message


def test_bd_5_9_a_refused_box_of_a_fist_in_the_gong_says_only_pass_is_left():
    message = refusal(["Bl8", "Ro8 Gr1", "Ge4"], ["open Bl8"], "box Ro8", "BD-5.9")
    assert "pass" in message and "duck" not in message


def test_bd_5_10_a_refused_solo_donko_counter_says_kose_or_duck_and_in_the_gong_pass():
    message = refusal(
        ["Bl1 Bl2", "Ro1 Ro2", "Ge3 Ge1"], ["open Bl2", "beat Ro1"], "box Ge1", "BD-5.10", revolution=True
    )
    assert "Kose" in message and "duck" in message
    message = refusal(["Bl1", "Ge1 Ro4", "Gr1"], ["open Bl1"], "box Ge1", "BD-5.10", player=B, revolution=True)
    assert "pass" in message and "duck" not in message and "Kose" not in message
    message = refusal(["Bl5 Bl4", "Ro1 Ro2", "Ge1"], ["open Bl5", "beat Ro1"], "beat Ge1", "BD-5.10", revolution=True)
    assert "only by Kose" in message and "duck" in message


def test_bd_7_10_refused_vest_says_what_to_do_instead():
    message = refusal(["Bl2", "Ro2 Gr1", "Ge4"], ["open Bl2"], "box Ro2 vest-off", "BD-7.10")
    assert "final gong" in message and "pass" in message
    message = refusal(
        ["Bl2 Bl1 Bl3", "Ro3 Gr1", "Ge4 Gr2"], ["open Bl2", "duck", "duck"], "open Bl3 vest-off", "BD-7.10"
    )
    assert "first formation" in message and "leave out 'vest-off'" in message


def test_bd_5_5_refused_counters_name_what_would_be_legal():
    gang = ["Gr4 Gr5 Gr6 Bl1", "Bl4 Bl5 Bl6 Ro5", "Ge1"]  # A opens a Straßenschläger of three
    message = refusal(gang, ["open Gr4 Gr5 Gr6"], "beat Bl5 Ro5", "BD-5.5")
    assert "Straßenschläger, 3 cards" in message and "duck" in message
    message = refusal(["Ge5 Bl1", "Ro4 Ro3", "Ge1"], ["open Ge5"], "beat Ro4", "BD-5.5")
    assert "strength above 5" in message and "duck" in message
    assert "your hand" in refusal(gang, ["open Gr4 Gr5 Gr6"], "beat Gr8 Ge8 Ro8", "BD-5.1")


@pytest.mark.parametrize("players", [3, 4])
def test_refusals_in_random_play_name_an_allowed_move_fitting_the_phase(players):
    """Every refused formation, in a round or in the final gong, says what is allowed, and a message in the gong
    never mentions ducking or the next round, one in a round never passing."""
    from cardgames.bronko_donko.cards import FORMS
    from cardgames.bronko_donko.rules import GONG, PLACE, PLAY

    game = load(players)
    allowed = ("open", "beat", "box", "duck", "pass", "place", "leave out", "declare")
    seen = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if state.phase in (PLAY, GONG):
                for f in rng.sample(FORMS, 6):
                    for verb in range(3):
                        action = PLACE[verb][rng.randrange(2)][f.id]
                        if action in legal:
                            continue
                        with pytest.raises(cardgames.IllegalMove) as err:
                            game.apply(state, action, seat)
                        message = err.value.message
                        assert err.value.rule.startswith("BD-") and any(w in message for w in allowed), message
                        if state.phase == GONG:
                            assert "duck" not in message and "next round" not in message, message
                        else:
                            assert "pass" not in message.replace("passes", ""), message
                        seen += 1
            state = game.apply(state, rng.choice(legal), seat)
    assert seen > 500
