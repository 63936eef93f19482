"""What the public API reports besides the state: the cards in a hand (``game.hand``) and the units of
play a step ended (``game.advance(...).events``), each from the rules (BD-4.5, BD-5.8, BD-8.1, BD-11.2)."""

from __future__ import annotations

import random

import pytest

from cardgames.core.game import Event

from .helpers import form, load, play, table
from .test_fight import ended

A, B, C_ = 0, 1, 2


def test_bd_4_5_hand_lists_codes_weakest_first_and_a_view_hides_the_unseen():
    game = load(3)
    state = table(game, ["Ro5 Bl5 Kose Wolf Gr1", "Ge2 Bl7", "Gr3"])
    assert game.hand(state, A) == ("Kose", "Gr1", "Bl5", "Ro5", "Wolf")  # as render shows them, weakest first
    view = game.view(state, A)
    assert game.hand(view, A) == game.hand(state, A)
    assert game.hand(view, B) == (None, None)  # hidden, but their number is public
    # a player who took off his vest shows his hand (BD-7.11)
    state = play(game, state, "open Gr1 vest-off")
    assert game.hand(game.view(state, B), A) == ("Kose", "Bl5", "Ro5", "Wolf")
    with pytest.raises(ValueError):
        game.hand(state, 3)


def test_bd_5_8_advance_reports_each_round_end_with_the_player_who_gains_control():
    game = load(3)
    # (b) everybody else ducked: the owner gains control
    state = table(game, ["Bl2 Bl1", "Ro3 Gr1", "Ge1 Gr2"], turn=A)
    state = play(game, state, "open Bl2", "beat Ro3", "duck")
    step = game.advance(state, game.parse_action(state, "duck"))
    assert step.events == (Event("round", B),) and step.after.turn == B
    # (a) a box: the boxer gains control
    state = table(game, ["Bl5 Bl1", "Ro5 Gr1", "Ge1 Gr2"], turn=A)
    state = play(game, state, "open Bl5")
    assert game.advance(state, game.parse_action(state, "box Ro5")).events == (Event("round", B),)
    # (c) a fist formation
    state = table(game, ["Bl3 Bl1", "Ro8 Gr1", "Ge1 Gr2"], turn=A)
    state = play(game, state, "open Bl3")
    assert game.advance(state, game.parse_action(state, "beat Ro8")).events == (Event("round", B),)
    # a counter that keeps the round going ends nothing
    state = table(game, ["Bl3 Bl1", "Ro4 Gr1", "Ge1 Gr2"], turn=A)
    state = play(game, state, "open Bl3")
    assert game.advance(state, game.parse_action(state, "beat Ro4")).events == ()


def test_bd_5_8_after_wolfsblut_the_placer_gains_control():
    game = load(3)
    state = table(game, ["Ge6 Ge7 Wolf Bl1", "Ge8 Gr1", "Ro1"], turn=A)
    state = play(game, state, "open Ge6 Ge7 Wolf=Ge8")  # a fist: the round ends after the Wolfsblut window
    step = game.advance(state, game.parse_action(state, "steal"))
    assert step.events == (Event("round", A),) and step.ended("round", game.spec.levels)


def test_bd_8_1_advance_reports_the_round_and_the_fight_with_its_bronko():
    game = load(3)
    state = table(game, ["Bl8", "Ro4 Gr1", "Ge4 Gr2"], turn=A, current=form("Gr5"), owner=C_, placed=0b111)
    step = game.advance(state, game.parse_action(state, "beat Bl8"))
    assert step.events == (Event("round", A), Event("fight", A))
    assert step.ended("fight", game.spec.levels) and not step.ended("game", game.spec.levels)


def test_bd_11_2_advance_reports_the_game_and_its_winner():
    from cardgames.bronko_donko.cards import SCHLAEGER

    game = load(3)
    state = ended(game, ["Bl8", "Ro4 Gr1", "Ge4 Gr2"], schlaeger=(SCHLAEGER, (10,), (2,)))
    step = game.advance(state, game.parse_action(state, "settle 1"))
    assert step.events == (Event("game", A),) and game.is_over(step.after)
    assert step.sentence == game.describe(state, game.parse_action(state, "settle 1"))


def test_levels_and_events_in_random_play():
    """Events come small to large; every fight has its Bronko (BD-8.1), every game its winner (BD-11.2)."""
    game = load(3, games=2)
    assert game.spec.levels == ("round", "fight", "game")
    rng = random.Random(4)
    state = game.new(seed=4)
    fights, winners = 0, []
    while game.to_act(state):
        legal = game.legal_actions(state)
        step = game.advance(state, legal[rng.randrange(len(legal))])
        levels = [e.level for e in step.events]
        assert levels == sorted(levels, key=game.spec.levels.index)
        fights += levels.count("fight")
        winners += [e.winner for e in step.events if e.level == "game"]
        state = step.after
    assert fights == sum(state.match.tally.fights_won)
    assert winners == [result.winner for result in state.match.results] and len(winners) == 2
