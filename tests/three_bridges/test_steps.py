"""What a step reports as data (hands, the rounds and the game it ends) and the state it leaves (TB-2.7, TB-4.1)."""

from __future__ import annotations

import random

import cardgames
from cardgames.core.game import Event
from cardgames.three_bridges import score

from .helpers import GAME, P1, P2, play


def test_tb_2_7_hand_lists_the_codes_and_a_view_hides_the_other_hand():
    """TB-2.7: game.hand gives a player's cards as codes in the order shown; a view shows the other hand as None."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-VII", "Chr", "E-X"), ("H-IX", "S-U")))
    assert GAME.hand(s, P1) == ("E-X", "L-VII", "Chr")
    assert GAME.hand(s, P2) == ("H-IX", "S-U")
    view = GAME.view(s, P1)
    assert GAME.hand(view, P1) == ("E-X", "L-VII", "Chr")
    assert GAME.hand(view, P2) == (None, None)
    after = play(s, "place Chr=E B")
    assert GAME.hand(after, P1) == ("E-X", "L-VII")


def test_tb_4_1_a_step_reports_the_round_it_ends_and_the_last_one_the_game_and_its_winner():
    """TB-4.1, TB-6.1, TB-5.5: Events say when a round ends (each of the six) and when the game ends, with the
    winner by the bridges (None for a draw); other steps end nothing."""
    assert GAME.spec.levels == ("round", "game")
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new(seed=seed)
        rounds = 0
        while GAME.to_act(state):
            step = GAME.advance(state, rng.choice(GAME.legal_actions(state)))
            assert step.sentence == GAME.describe(state, step.action, step.seat)
            if GAME.is_over(step.after):
                assert step.events == (Event("round"), Event("game", score(step.after).winner))
            elif step.after.round != state.round:
                assert step.events == (Event("round"),)
            else:
                assert step.events == ()
            rounds += sum(e.level == "round" for e in step.events)
            state = step.after
        assert rounds == 6


def test_tb_4_3_the_leader_places_first_and_the_follower_then_sees_the_leaders_card_only_face_down():
    """TB-4.3, TB-2.7: after the leader's placement the follower is to act; his view shows a face-down card at the
    bridge, not which card, and the legal placements are the same in the view as in the full state."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-VII", "H-X"), ("H-IX", "S-U")))
    s = play(s, "place H-X C")
    assert GAME.to_act(s) == (P2,)
    view = GAME.view(s, P2)
    assert GAME._legal(view, P2) == GAME.legal_actions(s, P2)  # worked out from the view alone
    assert "[?]" in GAME.render(s, P2) and "H-X" not in GAME.render(s, P2).split("hand")[0]


def test_apply_leaves_the_state_as_it_was_and_records_the_history():
    """Every step is a new record: the state before is unchanged and the history grows by the action taken."""
    s = GAME.new(seed=3)
    before = repr(s)
    action = GAME.legal_actions(s)[0]
    after = GAME.apply(s, action)
    assert repr(s) == before and after != s
    assert cardgames.history(after) == ((GAME.to_act(s)[0], action),)
