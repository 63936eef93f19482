"""describe says what the decision is and everything that then happens automatically, each with its clause:
the settlement (BD-9), the stolen Wolf's rest (BD-6.6), the vest (BD-7.10, BD-7.11), the Donko-Haufen (BD-10)."""

from __future__ import annotations

import re

import pytest
from helpers import random_steps

from cardgames.bronko_donko import fight_log
from cardgames.bronko_donko.cards import SCHLAEGER
from cardgames.bronko_donko.rules import HAUFEN, KNOCKOUT, ORDER, RETURN

from .helpers import form, load, play, settle_all, standing, table
from .test_examples import (
    example_13_12_next_fight,
    example_13_12_settling,
    example_13_14_escape,
    example_13_19_gong,
    gong_state,
)
from .test_fight import ended

A, B, C_, D = 0, 1, 2, 3


def said(game, state, text, player=None):
    """describe of the action ``text``, and the state after it."""
    action = game.parse_action(state, text, player)
    return game.describe(state, action, player), game.apply(state, action, player)


def test_bd_9_2_describe_gives_each_losers_schlagkraft_and_the_vest_doubling():
    game = load(3)
    state = ended(game, ["Bl8", "Ro4 Gr1", "Ge6 Gr2"], vest_by=B, vests=1 << B)
    assert state.phase == ORDER
    text, _ = said(game, state, "settle 1")
    assert "player 2's Schlagkraft is 20: the damage in his hand, 10, doubled because the vest is off" in text
    assert "BD-9.2" in text and "BD-7.11" in text
    state = ended(game, ["Bl8", "Ro4 Gr1", "Ge6 Gr2"])
    text, _ = said(game, state, "settle 2")
    assert "player 3's Schlagkraft is 3, the damage in his hand (BD-9.2)" in text
    assert "player 2's Schlagkraft is 10" in text  # the last loser is settled automatically in the same step


def test_bd_9_4_b_describe_names_the_forced_knock_out_of_the_angezaehlt_schlaeger():
    """Example 13.12: the angezählt 2 goes first, automatically; the Bronko then chooses."""
    game = load(3)
    state = example_13_12_settling(game)
    text, state = said(game, state, "settle 1")
    assert "player 2's Schlagkraft is 28" in text
    assert "player 2's angezählt Schläger 2 is knocked out first (BD-9.4 b)" in text
    assert "chooses a Schläger of player 2 to knock out (BD-9.4) with the Schlagkraft left, 26" in text
    text, state = said(game, state, "knock 20")
    assert "Schlagkraft left, 6" in text
    text, state = said(game, state, "knock 4")
    assert "player 2's weakest Schläger 6 becomes angezählt (BD-9.5)" in text
    # C, the Donko without a star card, is settled in the same step and takes his second Fluchtkarte
    assert "player 3's Schlagkraft is 0" in text
    assert "takes a Fluchtkarte from the centre, now 2 Fluchtkarten (BD-9.3)" in text
    assert state.standing.flucht == 2 and state.standing.donko == C_


def test_bd_9_4_b_describe_names_a_blocking_angezaehlt_schlaeger_and_the_leftover_knock_out():
    """Example 13.12, next fight: S = 5 against 6*: nothing may be knocked out, then 6* goes as leftover."""
    game = load(3)
    state = example_13_12_next_fight(game)
    state = play(game, state, "beat Bl8", "pass", "pass")
    text, after = said(game, state, "settle 1")
    assert "player 2's angezählt Schläger 6 costs more than the Schlagkraft left, 5" in text
    assert "BD-9.4 b" in text and "the leftover knocks it out (BD-9.5)" in text
    assert after.standing.schlaeger[B] == (8, 10, 12, 15)


def test_bd_9_4_c_describe_names_a_knock_out_forced_as_the_only_affordable_one():
    game = load(3)
    state = ended(game, ["Bl8", "Ge2 Gr6 Ro1", "Gr1"], schlaeger=((2,), (2, 20), (2,)))
    text, after = said(game, state, "settle 1")
    assert "player 2's Schlagkraft is 3" in text
    assert "player 2's Schläger 2 is knocked out, the only one the Schlagkraft left (3) can pay for (BD-9.4 c)" in text
    assert "player 2's weakest Schläger 20 becomes angezählt (BD-9.5)" in text
    assert after.standing.schlaeger[B] == (20,) and after.standing.counted[B]


def test_bd_9_3_describe_names_the_flucht_and_the_departure():
    """Example 13.14: the Donko with 3 Fluchtkarten escapes; with two players both tokens return."""
    game = load(2)
    state = example_13_14_escape(game)
    state = play(game, state, "beat Bl8")
    text, after = said(game, state, "pass")
    assert "he escapes (BD-9.3)" in text
    assert "escaped with his fourth Flucht and gives up the Donko-Haufen (BD-9.3, BD-10.3 b)" in text
    assert "his 3 Fluchtkarten return to the centre (BD-10.5)" in text
    assert "both return to the centre (BD-10.6)" in text
    opener = after.turn
    assert re.search(
        rf"player {opener + 1} holds \w+, the weakest card in play, and opens with a formation containing "
        rf"it \(BD-4.3 step 6\)",
        text,
    ), text
    assert (after.standing.donko, after.standing.bronko, after.standing.flucht) == (-1, -1, 0)


def test_bd_10_3_describe_names_each_departure_of_the_donko():
    game = load(3)
    # (a) the Donko wins the fight
    state = ended(
        game,
        ["Bl8", "Ro4 Gr1", "Ge6 Gr2"],
        schlaeger=(SCHLAEGER, (2, 20), SCHLAEGER),
        **standing(A, bronko=B, flucht=2),
    )  # every knock-out is forced
    text, after = said(game, state, "settle 1")
    assert "the Donko, player 1, won the fight and gives up the Donko-Haufen (BD-10.3 a)" in text
    assert "his 2 Fluchtkarten return to the centre (BD-10.5)" in text
    assert "player 2 takes the Donko-Haufen (BD-10.3)" in text and after.standing.donko == B
    # (c) the Donko empties his hand in the final gong (example 13.11)
    state = gong_state(
        game, ["Ge6", "Ro6 Ro8", "Bl6"], "Ge6", C_, current=form("Gr5"), **standing(C_, bronko=B, flucht=1)
    )
    state = play(game, state, "beat Ge6", "box Ro6")
    text, state = said(game, state, "box Bl6")
    assert text.count("Donko-Haufen") == 1 and "sheds the Donko-Haufen (BD-8.4)" in text
    state = settle_all(game, play(game, state, "settle 2"), knock=min)
    # (d) the Donko is eliminated (example 13.19)
    state = play(game, example_13_19_gong(game), "beat Bl8", "pass", "pass", "settle 2")
    assert state.phase == KNOCKOUT
    text, after = said(game, state, "knock 2")
    assert "player 3 has no Schläger left and is out of the game (BD-9.6, BD-11.1)" in text
    assert "the Donko, player 3, is out of the game and gives up the Donko-Haufen (BD-10.3 d)" in text
    assert "his 1 Fluchtkarte returns to the centre (BD-10.5)" in text
    assert "player 2 takes the Donko-Haufen (BD-10.3)" in text and after.standing.donko == B


def test_bd_8_4_describe_of_an_emptying_gong_box_with_two_players_announces_the_haufen_once():
    game = load(2, games=1)
    state = table(
        game, ["Ge6", "Ro6"], turn=A, current=form("Gr5"), owner=B, placed=0b11, **standing(B, bronko=B, flucht=1)
    )
    state = play(game, state, "beat Ge6")
    text, _ = said(game, state, "box Ro6")
    assert "sheds the Donko-Haufen (BD-8.4)" in text and "gives up the Donko-Haufen" not in text
    assert "as the Donko who emptied his hand in the final gong he takes no Fluchtkarte (BD-9.3)" in text
    assert "his 1 Fluchtkarte returns to the centre (BD-10.5)" in text
    assert "both return to the centre (BD-10.6)" in text


@pytest.mark.parametrize("departing", [False, True])
def test_bd_10_2_10_3_a_tie_and_the_chosen_transfer_are_each_announced_once(departing):
    game = load(4)
    hands = ["Bl8", "Ro4 Ge5 Bl1", "Bl4 Gr5 Ro2", "Ro8 Ge2 Gr3 Ro1"]  # example 13.13 variant: B and C tie
    fields = standing(A, bronko=B) if departing else {}
    state = gong_state(game, hands, "Bl8", D, current=form("Gr6"), **fields)
    state = play(game, state, "beat Bl8", "pass", "pass", "pass")
    text = ""
    while state.phase in (ORDER, KNOCKOUT):
        action = game.legal_actions(state)[0]
        text = game.describe(state, action)
        state = game.apply(state, action)
    assert state.phase == HAUFEN
    chooser = "the departing Donko, player 1" if departing else "the Bronko of the fight, player 1"
    assert "players 2 and 3 tie for the Donko-Haufen" in text and chooser in text
    assert ("BD-10.3, DP-10" if departing else "BD-10.2, DP-9") in text
    text, after = said(game, state, "donko 2")
    assert text.startswith("Player 3 gets the Donko-Haufen") and text.count("Donko-Haufen") == 1
    assert ("BD-10.3" if departing else "BD-10.2") in text and after.standing.donko == C_


def test_bd_10_7_describe_names_the_deal_and_the_betrayal_of_the_next_fight():
    game = load(3)
    state = ended(
        game, ["Bl8", "Ro4 Gr1", "Ge6 Gr2"], schlaeger=(SCHLAEGER, (2, 20), SCHLAEGER), **standing(C_, bronko=B)
    )
    text, after = said(game, state, "settle 1")
    assert "fight 2 begins (BD-4.3): player 3 deals 10 cards to each player" in text
    if after.phase == RETURN:  # the Donko's two cards were forced
        assert "gives his two strongest cards" in text and "(BD-10.7 a)" in text
    else:
        assert "chooses which two of his strongest cards to give" in text and "DP-1" in text
    # without a Donko the holder of the weakest card opens with it (BD-4.3 step 6)
    state = ended(game, ["Bl8", "Ro4 Gr1", "Ge6 Gr2"])
    while state.phase in (ORDER, KNOCKOUT, HAUFEN):
        action = game.legal_actions(state)[0]
        text, state = game.describe(state, action), game.apply(state, action)
    assert "player 2 takes the Donko-Haufen (BD-10.2)" in text  # 10 damage against 3


def test_bd_6_6_describe_of_a_steal_and_of_the_rounds_after_it():
    game = load(3)
    state = table(game, ["Ge5 Wolf Bl1 Ro1 Gr8", "Bl6 Ro6 Bl2 Bl3", "Gr5 Ge6 Gr3 Ge3 Gr1"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Gr5")
    text, state = said(game, state, "steal")
    assert "rests for the rest of this round and the whole next round (BD-6.6)" in text
    assert "until the next round" not in text
    state = play(game, state, "duck")
    text, state = said(game, state, "duck")  # everybody else ducked: A controls the round after the theft
    assert "the stolen Wolf sits out the whole round that begins now (BD-6.6)" in text
    state = play(game, state, "open Bl1 Ro1", "duck", "beat Gr3 Ge3")
    text, state = said(game, state, "duck")
    assert "the stolen Wolf has rested its round and can be placed again (BD-6.6)" in text
    # a steal that ends the round at once (a box): the Wolf sits out the round that begins
    state = table(game, ["Ro5 Gr5 Bl1 Gr1 Ge2", "Bl5 Wolf Bl2 Ro2 Bl3 Ge3 Gr8", "Ge5 Ro6 Ro7 Gr3"], turn=A)
    state = play(game, state, "open Gr5 Ro5", "box Bl5 Wolf=Ge5")
    text, _ = said(game, state, "steal")
    assert "the round ends and player 2 controls" in text
    assert "the stolen Wolf sits out the whole round that begins now (BD-6.6)" in text


def test_bd_7_11_describe_of_a_first_and_a_second_vest_removal():
    game = load(3)
    state = table(game, ["Bl2 Bl1", "Ro4 Gr1", "Ge6 Gr2"], turn=A)
    text, state = said(game, state, "open Bl2 vest-off")
    assert "player 1 took off the vest" in text and "doubled" in text and "BD-7.11" in text
    text, state = said(game, state, "beat Ro4 vest-off")
    assert "player 2 took off his own vest too: his hand is public as well" in text
    assert "doubled only once (BD-7.10, BD-7.11)" in text


@pytest.mark.parametrize(
    ("hands", "fields", "opening", "fragments"),
    [
        pytest.param(
            ["Bl8", "Ro8 Gr1", "Ge4"],
            {},
            "open Bl8",
            ("the final gong begins", "can only pass (BD-5.9)"),
            id="top_card",
        ),
        pytest.param(
            ["Bl1", "Ge1 Ro4", "Gr1"], {"revolution": True}, "open Bl1", ("can only pass (BD-5.10)",), id="revolution"
        ),
        pytest.param(
            ["Bl3 Gr3 Ge3 Ro3", "Gr1", "Ro1"],
            {},
            "open Bl3 Gr3 Ge3 Ro3",
            ("the pending revolution never takes effect", "BD-7.4"),
            id="a_four_card_gang_ends_the_fight",
        ),
    ],
)
def test_bd_8_3_describe_of_the_fight_end_says_when_nobody_can_box(hands, fields, opening, fragments):
    game = load(3)
    text, _ = said(game, table(game, hands, turn=A, **fields), opening)
    assert all(fragment in text for fragment in fragments), text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bd_9_describe_reports_every_settled_loser_as_the_fight_log_records_it(players):
    """Over random games: every loser settled in a step appears in that step's sentence with his Schlagkraft,
    every automatic knock-out, a new angezählt mark, a Fluchtkarte; the Haufen transfer is said once."""
    game = load(players, games=2)
    checked = 0
    for seed in range(8):
        for state, action, after in random_steps(game, seed)[0]:
            text = game.describe(state, action)
            new = fight_log(after)[len(fight_log(state)) :]
            for e in new:
                q = e["loser"]
                current = state.phase == KNOCKOUT and state.settle.loser == q
                if not current:
                    assert f"player {q + 1}'s Schlagkraft is {e['schlagkraft']}" in text, text
                    knocked = e["knocked_out"]
                else:
                    knocked = e["knocked_out"][len(state.settle.knocked) + 1 :]
                for hp in knocked:
                    assert re.search(rf"player {q + 1}'s (angezählt )?Schläger {hp} ", text), (hp, text)
                if e["counted"] is not None:
                    assert f"player {q + 1}'s weakest Schläger {e['counted']} becomes angezählt (BD-9.5)" in text
                checked += 1
            if after.match.tally.fluchtkarten != state.match.tally.fluchtkarten:
                assert "takes a Fluchtkarte" in text and "BD-9.3" in text
            assert text.count("gets the Donko-Haufen") + text.count("takes the Donko-Haufen") <= 1, text
            donko = after.standing.donko
            if donko != state.standing.donko and donko >= 0 and after.match.game == state.match.game:
                assert "Donko-Haufen" in text
            state = after
    assert checked > 20


def test_bd_5_8_d_describe_of_a_box_that_empties_the_hand_names_the_fight_end_not_control():
    game = load(3)
    state = play(game, table(game, ["Gr5 Bl1", "Ro5", "Ge1 Ge2"]), "open Gr5")
    text, after = said(game, state, "box Ro5")
    assert "(BD-5.7, BD-5.8 d)" in text and "BD-5.8 a" not in text
    assert "player 2 emptied his hand: he is the Bronko of the fight" in text and after.standing.bronko == B
    state = play(game, table(game, ["Gr5 Bl1", "Ro5 Gr2", "Ge1 Ge2"]), "open Gr5")
    text, _ = said(game, state, "box Ro5")
    assert "(BD-5.7, BD-5.8 a)" in text and "the round ends and player 2 controls" in text
