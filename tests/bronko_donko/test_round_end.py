"""The end of a round (BD-5.12) as the revised clause says it, in step with the stolen Wolf's rest (BD-6.6).

BD-5.12 once said that a round end makes *every* resting Wolf usable; revised, it frees only a Wolf
whose rest is over, as BD-6.6 (decision R-13) says: a Wolf stolen in round r rests for the rest of
round r and the whole round r + 1, and is usable from round r + 2 on.
"""

from __future__ import annotations

import pytest

import cardgames

from .helpers import legal, load, mask, play, table

A, B, C_ = 0, 1, 2


def wolf_usable(game, state) -> bool:
    """Does some legal action of the player to act place the Wolf?"""
    return any("Wolf" in action for action in legal(game, state))


def test_bd_5_12_the_clause_frees_only_a_wolf_whose_rest_is_over():
    for language in ("en", "de"):
        text = cardgames.rule("BD-5.12", language=language).text
        assert "BD-6.6" in text and "BD-7.3" in text
    english = cardgames.rule("BD-5.12", language="en").text
    assert "a resting Wolf whose rest is over becomes usable" in english
    assert "every resting Wolf" not in english
    assert "jeder ruhende Wolf" not in cardgames.rule("BD-5.12", language="de").text


def test_bd_5_12_bd_6_6_a_wolf_stolen_in_round_r_rests_in_r_plus_1_and_is_usable_in_r_plus_2():
    """Round r: C steals the Wolf.  The round ends (BD-5.12) and round r + 1 begins with the Wolf still
    resting; only the end of round r + 1 frees it for round r + 2 (BD-6.6)."""
    game = load(3)
    state = table(game, ["Ge5 Wolf Bl1 Ro1 Gr8 Ge8", "Bl6 Ro6 Bl2 Bl3", "Gr5 Ge6 Gr3 Ge3 Gr1 Ro2"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Gr5", "steal")  # round r: the theft
    assert state.hands[C_] & mask("Wolf") and state.fight.wolf_rest
    state = play(game, state, "duck", "duck")  # round r ends: A controls
    assert state.round.current is None and state.turn == A
    assert state.fight.wolf_rest, "the end of the round of the theft does not free the Wolf (BD-5.12, BD-6.6)"

    state = play(game, state, "open Bl1 Ro1", "duck")  # round r + 1
    assert state.turn == C_ and not wolf_usable(game, state)  # Ge6 Wolf=Gr6 would beat Bl1 Ro1
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "beat Ge6 Wolf=Gr6")
    assert err.value.rule == "BD-6.6"
    state = play(game, state, "beat Gr3 Ge3", "duck")  # round r + 1 ends: C controls
    assert state.round.current is None and state.turn == C_
    assert not state.fight.wolf_rest, "the end of the round after the theft frees the Wolf (BD-5.12, BD-6.6)"

    assert wolf_usable(game, state)  # round r + 2
    assert game.parse_action(state, "open Ge6 Wolf=Gr6") in game.legal_actions(state)


def test_bd_5_12_bd_6_6_the_round_ends_say_when_the_wolf_rests_and_when_it_is_free():
    game = load(3)
    state = table(game, ["Ge5 Wolf Bl1 Ro1 Gr8 Ge8", "Bl6 Ro6 Bl2 Bl3", "Gr5 Ge6 Gr3 Ge3 Gr1 Ro2"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Gr5", "steal", "duck")
    action = game.parse_action(state, "duck")
    end_of_r = game.describe(state, action)
    state = game.apply(state, action)
    assert "sits out the whole round that begins now (BD-6.6)" in end_of_r
    state = play(game, state, "open Bl1 Ro1", "duck", "beat Gr3 Ge3")
    action = game.parse_action(state, "duck")
    end_of_r1 = game.describe(state, action)
    assert "has rested its round and can be placed again (BD-6.6)" in end_of_r1
    assert "sits out" not in end_of_r1


def test_bd_5_12_bd_6_6_a_theft_that_ends_its_round_still_rests_through_the_next_round():
    """A box ends the round at once (BD-5.8 a): that round end is the end of round r, not of r + 1."""
    game = load(3)
    state = table(game, ["Ge5 Wolf Gr1 Ro7 Bl1", "Bl5 Ro5 Gr5 Bl4 Ge1", "Ro2 Bl2 Ro1"], turn=B)
    state = play(game, state, "open Bl5 Ro5", "duck", "box Ge5 Wolf=Gr5", "steal")
    assert state.round.current is None and state.turn == A  # the box ended round r; A controls
    assert state.hands[B] == mask("Wolf Bl4 Ge1") and state.fight.wolf_rest
    state = play(game, state, "open Gr1")  # round r + 1
    assert state.turn == B and not wolf_usable(game, state)
    state = play(game, state, "beat Bl4", "duck", "duck")  # round r + 1 ends: B controls
    assert state.turn == B and state.round.current is None and not state.fight.wolf_rest
    assert wolf_usable(game, state)  # round r + 2


def test_bd_5_12_the_rest_of_the_round_end():
    """The revolution check (BD-7.3); the round's cards leave play; duck marks, Schlagring and the
    formation record are cleared; the controller opens the next round."""
    game = load(3)
    state = table(game, ["Bl3 Gr3 Ge3 Ro3 Bl1 Bl2", "Gr1 Gr6", "Ro1 Ro7"], turn=A)
    state = play(game, state, "open Bl3 Gr3 Ge3 Ro3", "duck", "duck")  # exactly one 4-card Gäng
    assert state.fight.revolution  # BD-7.3, applied at the round end
    assert state.round.current is None and state.turn == A and state.round.owner == A
    assert state.round.ducked == 0 and state.round.fours == 0
    assert not any(hand & mask("Bl3 Gr3 Ge3 Ro3") for hand in state.hands)

    state = table(game, ["Bl3 Gr1 Bl1", "Gr4 Gr2", "Ge5 Ge2"], turn=A)
    state = play(game, state, "open Bl3", "beat Gr4", "beat Ge5")
    assert state.round.ring  # BD-7.6: three entries rising by one
    state = play(game, state, "duck", "duck")  # C controls
    fresh = state.round
    assert fresh.current is None and fresh.owner == C_ and state.turn == C_
    assert not fresh.ring and fresh.ducked == 0 and fresh.fours == 0
    assert (fresh.last, fresh.last2) == (type(fresh)(owner=C_).last, type(fresh)(owner=C_).last2)
    assert not state.fight.revolution
