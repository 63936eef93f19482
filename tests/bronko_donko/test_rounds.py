"""Round play (BD-5.6 - BD-5.12), special cards (BD-6), revolution, Schlagring and vest (BD-7)."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.bronko_donko.rules import GONG, PLAY, WOLFSBLUT

from .helpers import form, legal, load, mask, play, settle_all, table

A, B, C_, D = 0, 1, 2, 3


def test_bd_3_4_current_strength_follows_the_revolution():
    game = load(3)
    state = table(game, ["Ro2 Bl1", "Ro7 Gr1", "Ge1"], turn=A, revolution=True)
    state = play(game, state, "open Ro2")
    assert state.round.current.strength[1] == 6
    assert "beat Ro7" not in legal(game, state)  # Ro7 has strength 1 now


def test_bd_3_6_controller_opens_and_owner_is_the_last_placer():
    game = load(3)
    state = table(game, ["Bl2 Bl1", "Ro3 Gr1", "Ge4 Gr2"], turn=A)
    state = play(game, state, "open Bl2", "beat Ro3")
    assert state.round.owner == B and state.turn == C_


def test_bd_5_6_opening_any_type_and_size():
    game = load(3)
    state = table(game, ["Bl2 Gr2 Bl3 Bl4 Kose", "Ro3", "Ge4"], turn=A)
    kinds = {game.parse_action(state, t).form.kind for t in ("open Bl2", "open Bl2 Gr2", "open Bl2 Bl3 Bl4")}
    assert kinds == {0, 1, 2}
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "duck")
    assert err.value.rule == "BD-5.6"


def test_bd_5_7_turn_passes_clockwise_skipping_ducked_players():
    game = load(4)
    state = table(game, ["Bl2 Bl1", "Ro3 Gr1", "Ge4 Gr2", "Ro5 Gr3"], turn=C_)
    state = play(game, state, "open Gr2")
    assert state.turn == D
    state = play(game, state, "duck")
    assert state.turn == A
    state = play(game, state, "duck", "beat Ro3")
    assert state.turn == C_  # D and A ducked
    with pytest.raises(cardgames.IllegalMove) as err:
        game.apply(state, game.legal_actions(state)[-1], D)
    assert err.value.rule == "BD-5.7"


def test_bd_5_7_duck_is_always_allowed_and_forced_without_counter():
    game = load(3)
    state = table(game, ["Bl8 Bl1", "Ro3 Gr1", "Ge4"], turn=A, placed=0b111)
    state = play(game, state, "open Bl1")
    assert "duck" in legal(game, state)
    state = table(game, ["Bl2 Bl1", "Gr1", "Ge4"], turn=A, placed=0b111)
    state = play(game, state, "open Bl2")
    assert legal(game, state) == {"duck"}


def test_bd_5_7a_the_turn_never_reaches_the_owner():
    game = load(3)
    state = table(game, ["Bl2 Bl1", "Ro3 Gr1", "Ge4 Gr2"], turn=A)
    state = play(game, state, "open Bl2", "duck", "duck")
    assert state.round.current is None and state.turn == A


def test_bd_5_8_a_box_ends_the_round_and_gives_control():
    game = load(4)
    state = play(game, table(game, ["Bl2 Bl1", "Ro2 Gr1", "Ge4 Gr3", "Gr4 Ge3"], turn=A), "open Bl2", "box Ro2")
    assert state.round.current is None and state.turn == B


def test_bd_5_8_b_all_others_ducked_owner_controls():
    game = load(4)
    state = table(game, ["Bl2 Bl1", "Ro3 Gr1", "Ge4 Gr3", "Gr4 Ge3"], turn=A)
    state = play(game, state, "open Bl2", "beat Ro3", "duck", "duck")
    assert state.round.current is not None and state.turn == A  # A has not ducked yet
    state = play(game, state, "duck")
    assert state.round.current is None and state.turn == B


def test_bd_5_8_c_fist_opening_ends_the_round_at_once():
    game = load(3)
    state = table(game, ["Bl8 Bl1", "Ro3", "Ge4"], turn=A)
    state = play(game, state, "open Bl8")
    assert state.round.current is None and state.turn == A


def test_bd_5_8_d_last_card_ends_the_fight():
    game = load(3)
    state = table(game, ["Bl2", "Ro3 Gr1", "Ge4 Gr3"], turn=A)
    state = play(game, state, "open Bl2")
    assert state.phase == GONG and state.standing.bronko == A


def test_bd_5_9_fist_formation_can_never_be_boxed():
    game = load(3)
    state = table(game, ["Bl8", "Ro8 Gr1", "Ge4"], turn=A)
    state = play(game, state, "open Bl8")
    assert state.phase == GONG and legal(game, state) == {"pass"}
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "box Ro8")
    assert err.value.rule == "BD-5.9"


def test_bd_5_10_solo_donko_in_revolution_beaten_only_by_kose_never_boxed():
    game = load(3)
    state = table(game, ["Bl1 Bl2", "Ro1 Kose Ge8", "Ge1"], turn=A, revolution=True)
    state = play(game, state, "open Bl1")
    assert state.round.current is not None  # no fist: the round goes on
    assert {a for a in legal(game, state) if not a.endswith("vest-off")} == {"beat Kose", "duck"}


def test_bd_5_11_wolfsblut_comes_before_the_round_end_check():
    game = load(3)
    state = table(game, ["Ge6 Ge7 Wolf Bl1", "Ge8 Gr1", "Ro1"], turn=A)
    state = play(game, state, "open Ge6 Ge7 Wolf=Ge8")  # a fist: the round would end
    assert state.phase == WOLFSBLUT and state.turn == B
    state = play(game, state, "steal")
    assert state.round.current is None and state.turn == A and state.hands[B] == mask("Wolf Gr1")


def test_bd_5_12_round_end_clears_ducks_ring_and_cards_leave_play():
    game = load(3)
    state = table(game, ["Bl2 Bl1", "Ro3 Gr1", "Ge4 Gr2"], turn=A)
    state = play(game, state, "open Bl2", "beat Ro3", "beat Ge4")
    assert state.round.ring
    state = play(game, state, "duck", "duck")
    assert state.round.current is None and not state.round.ring and state.round.ducked == 0 and state.turn == C_
    assert not any(h & mask("Bl2 Ro3 Ge4") for h in state.hands)  # placed, they left play for the fight


def test_bd_6_2_kose_and_wolf_never_open_the_first_fight():
    game = load(3)
    state = game.new(seed=3)
    assert state.fight.required >= 0 and state.fight.required < 32
    assert all(f.cards >> state.fight.required & 1 for f in (a.form for a in game.legal_actions(state)))


def test_bd_6_4_the_wolf_changes_hands_only_by_wolfsblut():
    game = load(3)
    state = table(game, ["Ge5 Wolf Ge7 Bl1 Bl2", "Bl3", "Ge6 Gr1"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Ge6 Ge7", "steal")
    assert state.hands[C_] & mask("Wolf") and not state.hands[A] & mask("Wolf")
    assert game.view(state, B).hands[C_] & mask("Wolf")  # the swap is public (BD-4.5)


def test_bd_6_5_ducked_player_may_steal_and_no_window_if_placer_holds_the_card():
    game = load(3)
    state = table(game, ["Bl2 Gr2 Bl1", "Ro5 Gr1", "Ge5 Wolf Ge3"], turn=A)
    state = play(game, state, "open Bl2 Gr2", "duck", "beat Ge5 Wolf=Ro5")
    assert state.phase == WOLFSBLUT and state.turn == B  # B ducked, but holds Ro5
    state = play(game, state, "steal")
    assert state.hands[B] == mask("Wolf Gr1") and state.hands[C_] == mask("Ge3")
    assert state.round.current is form("Ge5 Ro5") and state.turn == A  # the turn order is unaffected
    own = table(game, ["Ge5 Bl1", "Gr6", "Ro5 Wolf Gr5 Gr2"], turn=C_)
    own = play(game, own, "open Ro5 Wolf=Gr5")
    assert own.phase == PLAY  # the placer holds the declared card himself: no window
    nobody = table(game, ["Ge5 Bl1", "Gr6", "Ro5 Wolf Gr2"], turn=C_)
    nobody = play(game, nobody, "open Ro5 Wolf=Gr5")
    assert nobody.phase == PLAY  # Gr5 is out of play: no window


def test_bd_6_6_stolen_wolf_rests_through_next_round():
    """BD-6.6 (revised, R-13): unusable for the rest of the round of the theft and the whole next round,
    as a counter and as an opening; usable when the second round after the theft begins."""
    game = load(3)
    state = table(game, ["Ge5 Wolf Bl1 Ro1 Gr8", "Bl6 Ro6 Bl2 Bl3", "Gr5 Ge6 Bl7 Gr7 Gr1 Gr3"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Gr5", "steal")
    assert state.fight.wolf_rest and state.turn == B
    state = play(game, state, "duck")
    assert not any("Wolf" in a for a in legal(game, state))  # Ge6 Wolf=Gr6 would beat, but the Wolf rests
    assert "beat Bl7 Gr7" in legal(game, state)
    state = play(game, state, "beat Bl7 Gr7", "duck")
    # C opens the round after the theft
    assert state.round.current is None and state.turn == C_ and state.fight.wolf_rest
    assert not any("Wolf" in a for a in legal(game, state))
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "open Ge6 Wolf=Gr6")
    assert err.value.rule == "BD-6.6" and "open without it" in err.value.message
    state = play(game, state, "open Gr1", "duck", "duck")
    # the second round after the theft
    assert state.round.current is None and state.turn == C_ and not state.fight.wolf_rest
    assert game.parse_action(state, "open Ge6 Wolf=Gr6") in game.legal_actions(state)
    # the same when somebody else opens the round after the theft
    state = table(game, ["Ge5 Wolf Bl1 Ro1 Gr8 Ge8", "Bl6 Ro6 Bl2 Bl3", "Gr5 Ge6 Gr3 Ge3 Gr1"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Gr5", "steal", "duck", "duck")
    assert state.turn == A and state.fight.wolf_rest
    state = play(game, state, "open Bl1 Ro1", "duck")
    assert state.turn == C_ and not any("Wolf" in a for a in legal(game, state))
    state = play(game, state, "beat Gr3 Ge3", "duck")
    assert state.turn == C_ and state.round.current is None and not state.fight.wolf_rest


def test_bd_6_6_wolf_stolen_from_a_fist_formation_sits_out_the_next_round():
    """A fist formation ends its round at once (BD-5.8 c); a Wolf stolen from it still rests a whole round."""
    game = load(3)
    state = table(game, ["Ge6 Ge7 Wolf Bl1 Gr1 Bl2", "Ge8 Ro5 Gr5 Ge1", "Ro1 Ro2"], turn=A)
    state = play(game, state, "open Ge6 Ge7 Wolf=Ge8", "steal")
    assert state.round.current is None and state.turn == A and state.hands[B] == mask("Wolf Ro5 Gr5 Ge1")
    state = play(game, state, "open Bl1 Gr1")  # the round after the theft
    assert state.turn == B and not any("Wolf" in a for a in legal(game, state))
    assert "beat Gr5 Ro5" in legal(game, state)
    state = play(game, state, "beat Gr5 Ro5", "duck", "duck")
    assert state.turn == B and state.round.current is None and not state.fight.wolf_rest
    assert any("Wolf" in a for a in legal(game, state))  # the second round after the theft


def test_bd_6_6_stolen_wolf_rests_also_in_the_final_gong():
    """Theft round ends the fight: the Wolf stays unusable in the gong; the refusal speaks of the gong."""
    game = load(3)
    state = table(game, ["Ge5 Wolf Bl1", "Bl6 Ro6", "Gr5 Ge6 Gr1"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Gr5", "steal")
    assert state.fight.wolf_rest and state.turn == B
    state = play(game, state, "beat Bl6 Ro6")
    assert state.phase == GONG and state.turn == C_
    assert legal(game, state) == {"pass"}  # Ge6 Wolf=Gr6 would box, but the Wolf rests
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "box Ge6 Wolf=Gr6")
    assert err.value.rule == "BD-6.6"
    message = err.value.message
    assert "final gong" in message and "pass" in message
    assert "next round begins" not in message and "duck" not in message


def test_bd_6_6_fight_ends_in_the_round_after_the_theft_wolf_unusable_in_the_gong():
    game = load(3)
    state = table(game, ["Ge5 Wolf Bl6 Ro6", "Bl2 Gr2", "Gr5 Ge6 Gr1"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Gr5", "steal", "duck", "duck")
    assert state.turn == A and state.fight.wolf_rest  # the round after the theft begins
    state = play(game, state, "open Bl6 Ro6")
    assert state.phase == GONG
    state = play(game, state, "pass")
    assert state.turn == C_ and legal(game, state) == {"pass"}
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "box Ge6 Wolf=Gr6")
    assert err.value.rule == "BD-6.6" and "final gong" in err.value.message
    # a new fight begins with no Wolf resting (BD-4.3 step 1)
    state = settle_all(game, play(game, state, "pass"))
    assert state.fight.number == 2 and not state.fight.wolf_rest


def test_bd_6_6_fight_ends_two_rounds_after_the_theft_wolf_usable_in_the_gong():
    game = load(3)
    state = table(game, ["Ge5 Wolf Bl4 Bl6 Ro6", "Bl2 Gr2", "Gr5 Ge6 Gr1"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Gr5", "steal", "duck", "duck")
    state = play(game, state, "open Bl4", "duck", "duck")
    assert state.turn == A and not state.fight.wolf_rest  # the second round after the theft
    state = play(game, state, "open Bl6 Ro6", "pass")
    assert state.phase == GONG and state.turn == C_
    assert game.parse_action(state, "box Ge6 Wolf=Gr6") in game.legal_actions(state)


def test_bd_6_6_message_names_the_round_of_the_theft_and_the_round_after():
    game = load(3)
    state = table(game, ["Ge5 Wolf Bl1 Ro1 Gr8", "Bl6 Ro6 Bl2 Bl3", "Gr5 Ge6 Ro7 Gr1"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Gr5", "steal", "duck")
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "beat Ge6 Wolf=Gr6")
    assert "rest of this round" in err.value.message and "whole next round" in err.value.message
    assert "duck" in err.value.message
    state = play(game, state, "duck", "open Bl1 Ro1", "duck")
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "beat Ro7 Wolf=Ge7")
    assert "sits out this whole round" in err.value.message and "duck" in err.value.message


def test_bd_6_7_no_wolfsblut_after_a_fight_ending_formation_or_gong_box():
    game = load(3)
    state = table(game, ["Gr5 Wolf", "Ro4 Ge1", "Ro5 Gr6 Bl1"], turn=A)
    state = play(game, state, "open Gr5 Wolf=Ro5")
    assert state.phase == GONG and state.turn == B
    state = table(game, ["Gr5 Ge5", "Bl5 Wolf Gr1", "Ro5 Ge2"], turn=A)
    state = play(game, state, "open Gr5 Ge5", "box Bl5 Wolf=Ro5")
    assert state.phase == GONG and state.turn == C_


@pytest.mark.parametrize(
    ("hands", "to_control", "trapped", "opener", "moves"),
    [
        pytest.param(
            ["Wolf", "Ro4 Ge1", "Ro5 Bl1"],
            (),
            A,
            B,
            ("open Ro4", "beat Ro5"),
            id="next_player_opens_trapped_player_only_ducks",
        ),
        pytest.param(  # the thief gains control holding only the resting Wolf (BD-6.6)
            ["Ro5 Wolf Bl1 Bl2", "Gr5 Bl8 Ge8", "Ge2 Ge3 Gr3"],
            ("open Ro5 Wolf=Gr5", "steal", "beat Bl8 Ge8"),
            B,
            C_,
            ("open Ge3", "duck"),
            id="with_a_resting_stolen_wolf",
        ),
    ],
)
def test_bd_6_8_wolf_trap(hands, to_control, trapped, opener, moves):
    """``trapped`` gains control holding only the Wolf: the next player, ``opener``, opens, and ``trapped`` may
    only duck."""
    game = load(3)
    state = table(game, hands, turn=A)
    if to_control:
        state = play(game, state, *to_control)
        assert state.hands[trapped] == mask("Wolf") and state.round.current is None
    else:
        state = game._open_round(state, state.trail, state.hands, state.fight, A)
    assert state.turn == opener and state.round.owner == opener
    state = play(game, state, *moves)
    assert state.turn == trapped and legal(game, state) == {"duck"}


def test_bd_7_1_four_card_gang_starts_a_pending_revolution():
    game = load(3)
    state = table(game, ["Bl3 Gr3 Ge3 Ro3 Bl1", "Bl4 Gr4 Ge4 Ro4 Gr1", "Ro1"], turn=A)
    state = play(game, state, "open Bl3 Gr3 Ge3 Ro3")
    assert state.round.fours == 1 and not state.fight.revolution
    assert {a for a in legal(game, state) if "vest" not in a} == {"beat Bl4 Gr4 Ge4 Ro4", "duck"}


def test_bd_7_2_stronger_four_gang_quashes_the_revolution():
    game = load(3)
    state = table(game, ["Bl3 Gr3 Ge3 Ro3 Bl1", "Bl4 Gr4 Ge4 Ro4 Gr1", "Ro1"], turn=A)
    state = play(game, state, "open Bl3 Gr3 Ge3 Ro3", "beat Bl4 Gr4 Ge4 Ro4", "duck", "duck")
    assert state.round.current is None and state.turn == B and not state.fight.revolution


def test_bd_7_3_successful_revolution_toggles_from_the_next_round():
    game = load(3)
    state = table(game, ["Bl3 Gr3 Ge3 Ro3 Bl1 Bl2", "Gr1", "Ro1"], turn=A)
    state = play(game, state, "open Bl3 Gr3 Ge3 Ro3", "duck", "duck")
    assert state.fight.revolution
    state = play(game, state, "open Bl2")
    assert state.round.current.strength[1] == 6
    state = table(game, ["Bl3 Gr3 Ge3 Ro3 Bl1 Bl2", "Gr1", "Ro1"], turn=A, revolution=True)
    state = play(game, state, "open Bl3 Gr3 Ge3 Ro3", "duck", "duck")
    assert not state.fight.revolution


def test_bd_7_4_pending_revolution_void_when_the_fight_ends():
    game = load(3)
    state = table(game, ["Bl3 Gr3 Ge3 Ro3", "Gr1", "Ro1"], turn=A)
    state = play(game, state, "open Bl3 Gr3 Ge3 Ro3")
    assert state.phase == GONG and not state.fight.revolution
    assert game.new(seed=4).fight.revolution is False


def test_bd_7_5_revolution_governs_fist_and_strength_not_the_first_controller():
    game = load(3)
    state = table(game, ["Bl2 Gr5", "Ge1 Gr1 Ro8", "Ro1"], turn=A, revolution=True)
    state = play(game, state, "open Bl2")
    assert "beat Ge1" in legal(game, state)
    state = play(game, state, "beat Ge1")
    assert state.round.current is not None  # Solo Donko: no fist (BD-5.10)


def test_bd_7_6_schlagring_from_three_consecutive_entries():
    game = load(4)
    state = table(game, ["Bl3 Gr1", "Gr4 Gr2", "Ge5 Ge2", "Ro6 Ro1"], turn=A)
    state = play(game, state, "open Bl3", "beat Gr4")
    assert not state.round.ring
    state = play(game, state, "beat Ge5")
    assert state.round.ring


def test_bd_7_7_schlagring_forbids_box_and_requires_plus_one():
    game = load(4)
    state = table(game, ["Bl3 Gr1", "Gr4 Gr2", "Ge5 Ge2", "Ro6 Ro7 Bl5 Ro1"], turn=A)
    state = play(game, state, "open Bl3", "beat Gr4", "beat Ge5")
    assert {a for a in legal(game, state) if "vest" not in a} == {"beat Ro6", "duck"}
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "box Bl5")
    assert err.value.rule == "BD-7.7"


def test_bd_7_8_schlagring_has_no_effect_on_the_final_gong():
    game = load(3)
    state = table(
        game, ["Ge4", "Ro4 Gr1", "Bl1"], turn=A, current=form("Ro3"), owner=C_, ring=True, last=3, last2=2, placed=0b111
    )
    state = play(game, state, "beat Ge4")
    assert legal(game, state) == {"box Ro4", "pass"}


def test_bd_7_9_vest_on_at_the_start_of_every_fight():
    game = load(3)
    state = table(game, ["Bl2", "Gr1 Ge1", "Ro1"], turn=A, vest_by=B, current=form("Bl1"), owner=C_)
    state = play(game, state, "beat Bl2", "pass", "pass")
    while state.match.fights == 1:
        state = game.apply(state, game.legal_actions(state)[0])
    assert state.fight.vest_by == -1


def test_bd_7_10_vest_only_with_the_first_formation_and_not_in_the_gong():
    game = load(3)
    state = table(game, ["Bl2 Bl1", "Ro3 Gr1", "Ge4 Gr2"], turn=A)
    assert "open Bl2 vest-off" in legal(game, state)
    state = play(game, state, "open Bl2")
    assert "beat Ro3 vest-off" in legal(game, state)
    state = play(game, state, "duck", "duck")
    assert not any("vest" in a for a in legal(game, state))
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "open Bl1 vest-off")
    assert err.value.rule == "BD-7.10"
    gong = table(game, ["Bl2", "Ro2 Gr1", "Ge4"], turn=A)
    gong = play(game, gong, "open Bl2")
    assert legal(game, gong) == {"box Ro2", "pass"}
    with pytest.raises(cardgames.IllegalMove):
        game.parse_action(gong, "box Ro2 vest-off")


def test_bd_7_11_vest_off_makes_the_hand_public_and_doubles_schlagkraft():
    game = load(3)
    state = table(game, ["Bl2 Bl3", "Ro3 Ro4 Gr1", "Ge4 Ge8 Gr2"], turn=A)
    state = play(game, state, "open Bl2 vest-off")
    assert game.view(state, B).hands[A] == state.hands[A]
    assert game.view(state, B).hands[C_] == 0 and game.view(state, B).hidden[C_] == 3
    state = play(game, state, "beat Ro3", "beat Ge4", "duck", "duck")  # C controls
    state = table(game, ["Bl3", "Ro4", "Ge8 Gr2"], turn=A, vest_by=A, current=form("Bl2"), owner=C_, placed=0b111)
    state = settle_all(game, play(game, state, "beat Bl3", "pass", "pass"))
    from cardgames.bronko_donko import fight_log

    assert {e["loser"]: e["schlagkraft"] for e in fight_log(state)} == {B: 20, C_: 22}


def test_bd_7_10_every_player_may_take_off_his_own_vest():
    """BD-7.10 (revised, R-11): every player, with his first formation of the fight, whatever others did."""
    game = load(3)
    state = table(game, ["Bl2 Bl1", "Ro3 Gr1", "Ge4 Gr2"], turn=A)
    state = play(game, state, "open Bl2 vest-off")
    assert "beat Ro3 vest-off" in legal(game, state)
    state = play(game, state, "beat Ro3 vest-off")
    assert "beat Ge4 vest-off" in legal(game, state)
    state = play(game, state, "beat Ge4 vest-off")
    assert state.fight.vest_by == A and state.fight.vests == 0b111  # the card turned once, by the first remover
    assert all(game.view(state, q).hidden == (0, 0, 0) for q in range(3))
    assert "vest off (players 1, 2 and 3)" in game.render(state)


def test_bd_7_10_ducks_wolfsblut_and_the_betrayal_do_not_use_up_the_chance():
    game = load(3)
    state = table(game, ["Ge5 Wolf Bl1 Bl2", "Bl6 Ro6 Gr1", "Gr5 Ro7 Ge7 Gr2"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Gr5", "steal", "duck")  # C steals, then it is C's turn
    assert state.turn == C_ and "beat Ge7 Ro7 vest-off" in legal(game, state)
    # betrayal: the Donko's opening after the exchange still offers the vest
    from cardgames.core.game import Setup

    from .helpers import deck_for, with_fields

    hands = [
        "Bl1 Bl3 Bl4 Bl5 Bl6 Gr2 Gr3 Gr5 Gr6 Ge2",
        "Kose Wolf Ro8 Ge7 Bl7 Gr4 Ro3 Bl2 Ge1 Gr1",
        "Ge3 Ge4 Ge5 Ge6 Ge8 Ro1 Ro2 Ro4 Ro5 Ro6",
    ]
    state = with_fields(
        game.new(seed=1), donko=B, bronko=A, fights=0, setup=Setup(1, (("deck", (tuple(deck_for(hands, dealer=B)),)),))
    )
    state = play(game, game._start_fight(state), "give Bl7 Ro8", "return Bl1 Bl7")
    assert state.phase == PLAY and state.turn == B and "open Bl1 vest-off" in legal(game, state)


def test_bd_7_10_no_second_chance_after_the_first_formation_even_if_others_removed():
    game = load(3)
    state = table(game, ["Bl2 Bl1 Bl3", "Ro3 Gr1", "Ge4 Gr2"], turn=A)
    state = play(game, state, "open Bl2", "beat Ro3 vest-off", "beat Ge4 vest-off")
    assert state.turn == A and not any("vest" in a for a in legal(game, state))
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "beat Bl3 vest-off")
    assert err.value.rule == "BD-7.10" and "leave out 'vest-off'" in err.value.message


def test_bd_7_11_every_removers_hand_is_public_until_the_fight_ends():
    game = load(3)
    state = table(game, ["Bl2 Bl8", "Ro4 Ro8 Gr1", "Ge6 Ge4 Gr2"], turn=A)
    state = play(game, state, "open Bl2", "beat Ro4 vest-off", "beat Ge6 vest-off", "beat Bl8")
    assert state.phase == GONG  # A emptied his hand; B and C are losers
    for seat in (A, B, C_):
        view = game.view(state, seat)
        assert view.hands[B] == state.hands[B] and view.hands[C_] == state.hands[C_]
    assert "vest off (players 2 and 3)" in game.render(state)


def test_bd_7_11_schlagkraft_doubled_once_however_many_removed_their_vest():
    game = load(3)
    state = table(game, ["Bl2 Bl8", "Ro4 Ro8 Gr1", "Ge6 Ge4 Gr2"], turn=A)
    state = play(game, state, "open Bl2", "beat Ro4 vest-off", "beat Ge6 vest-off", "beat Bl8", "pass", "pass")
    state = settle_all(game, state)
    from cardgames.bronko_donko import fight_log

    log = {e["loser"]: e for e in fight_log(state)}
    assert log[B]["schlagkraft"] == 2 * 11 and log[C_]["schlagkraft"] == 2 * 10  # both removers lose: doubled once
    assert log[B]["vest_off"] and log[C_]["vest_off"]
    assert state.fight.vest_by == -1 and state.fight.vests == 0  # the next fight starts with the vest on (BD-7.9)
