"""describe says what the decision is and everything that then happens automatically, each with its clause."""
from __future__ import annotations

from .helpers import load, play, table

A, B, C_, D = 0, 1, 2, 3


def said(game, state, text, player=None):
    """describe of the action ``text``, and the state after it."""
    action = game.parse_action(state, text, player)
    return game.describe(state, action, player), game.apply(state, action, player)


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
    assert "the round ends and player 1 controls" in text
    assert "the stolen Wolf sits out the whole round that begins now (BD-6.6)" in text


def test_bd_7_11_describe_of_a_first_and_a_second_vest_removal():
    game = load(3)
    state = table(game, ["Bl2 Bl1", "Ro4 Gr1", "Ge6 Gr2"], turn=A)
    text, state = said(game, state, "open Bl2 vest-off")
    assert "player 0 took off the vest" in text and "doubled" in text and "BD-7.11" in text
    text, state = said(game, state, "beat Ro4 vest-off")
    assert "player 1 took off his own vest too: his hand is public as well" in text
    assert "doubled only once (BD-7.10, BD-7.11)" in text
