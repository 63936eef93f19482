"""Second audit of Rowdy Partners: the effect vocabulary in play, damage after tags, the 3-player game.

These pin interactions that random play rarely reaches (RP-2.6-2.8, RP-4.8-4.11, RP-4.14).
"""

from __future__ import annotations

import random

import pytest

from cardgames import IllegalMove
from cardgames.rowdy_partners.cards import CARD, code

from .util import A1, A2, B1, act, deal, give, load, reopen

H = 1  # the headliner of the 3-player game (seats A1, H, A2)


def test_rp_4_11_every_dbl_doubles_once_more_after_dmg_and_a_stop_sign_ends_the_move():
    """RP-2.6 DBL, RP-4.7.2, RP-4.11: Foreign Object and Anvil Drop double twice after DMG; 0 -> 16 only."""
    game, s = deal(4, hands=["Ha3", "Ha5", "Ha6", "Ha7"], wrestlers=("W1", "W2", "W3", "W4"))
    s = give(s, cheats={A1: ("C10",)}, damage={A1: 2}, unlocked=(True, False))
    s = act(game, s, "cheat C10", "sig W1", "damage", "damage", "play Ha3", "play Ha5", "play Ha6", "play Ha7")
    t = s.score.log[-1]
    assert (t.winner, t.damage, t.target) == (A1, (3 + 2) * 4, B1)
    assert (t.before, t.after) == (0, 16)


def test_rp_4_8_immune_card_meets_limbo_and_wins_the_tie():
    """RP-2.6 IMMUNE, RP-2.8 Limbo, RP-4.10.6: Limbo -2 brings Ha5 to v = 3 beside an immune Ha3:
    nothing flips, and the tie at 3 goes to the earlier card."""
    game, s = deal(4, hands=["Ha3", "Ha5", "Ha4", "Ha7"], wrestlers=("W1", "W4", "W3", "W2"))
    s = give(s, cheats={A1: ("C06",)}, unlocked=(False, True))
    s = act(game, s, "cheat C06", "play Ha3", "sig W4 -2", "play Ha5")
    assert [q.up for q in s.row] == [True, True] and s.row[1].value == 3
    s = act(game, s, "play Ha4", "play Ha7")
    t = s.score.log[-1]
    assert (t.winner, t.damage, t.target, t.after) == (A1, 3, B1, 3)


def test_rp_4_9_a_promoted_wildcard_of_the_headliner_is_named_out_of_turn_and_wins():
    """RP-4.9, DP-6, RP-8.11 (3 players): A2's counter flips the setter; H's wildcard is the earliest
    face-up card, so H names the suit after A2's play; H wins and damages A's in-ring wrestler A1."""
    game, s = deal(
        3, hands=["Ha5", "W2", "Gr5 Gr6 Gr7 Gr8 Ho2 Ho3 Ho4 Ho5"], diamonds=["St3 St4 St7 Gr1 Gr2 Gr3 Gr4 Ho1"]
    )
    s = act(game, s, "play Ha5", "play W2", "play St3", "play Gr5")
    assert [q.up for q in s.row] == [False, True, True, False]
    assert s.phase == 3 and game.to_act(s) == (H,) and not s.score.log  # NAMING, by H, out of turn
    s = act(game, s, "name St")
    t = s.score.log[-1]
    assert (t.suit, t.winner, t.damage, t.target) == (2, H, 2, A1)
    assert s.seats.leader == 1  # H's seat leads next


def test_rp_4_10_7_after_a_tag_the_headliners_win_damages_the_partner_now_in_the_ring():
    """RP-4.3, RP-4.4, RP-4.10 step 7 (3 players): H leads, A2 (first team seat after H) tags;
    A1 takes seat 2 and the ring, so H's win damages A1 while A2 stays unhurt."""
    game, s = deal(3, hands=["Ha5", "Ha1", "Ha3"], diamonds=["Ha2"], first_leader=1)
    s = reopen(game, give(s, tags={A2: 1}))
    assert game.to_act(s) == (A2,)
    s = act(game, s, "tag")
    assert s.seats.at_seat == (A2, H, A1) and s.trick.ring == (A1, H) and s.trick.order == (H, H, A1, A2)
    s = act(game, s, "play Ha1", "play Ha2", "play Ha5", "play Ha3")
    t = s.score.log[-1]
    assert (t.winner, t.damage, t.target) == (H, 1, A1)
    assert s.score.health == (1, 0, 0)


def test_rp_2_6_cancel_of_a_cheat_reveals_one_to_the_used_pile_in_the_three_player_game():
    """RP-2.6 CANCEL, RP-4.7.4, RP-4.17: H cancels one of A2's hidden cheats; it and the spent
    CANCEL tile go face up to the used pile; A1's and A2's other holdings stay."""
    game, s = deal(3, hands=["Ha5"], first_leader=1)
    s = give(s, cheats={H: ("C07",), A2: ("C01", "C05")}, coins={A1: 1})
    assert {"cheat C07 0 coin", "cheat C07 2 cheat"} <= {str(a) for a in game.legal_actions(s)}
    t = act(game, s, "cheat C07 2 cheat")
    assert len(t.tokens.cheats[A2]) == 1 and t.tokens.cheats[H] == () and t.tokens.coins[A1] == 1
    assert len(t.tokens.used) == 2 and "C07" in t.tokens.used
    assert {x for x in t.tokens.used if x != "C07"} | set(t.tokens.cheats[A2]) == {"C01", "C05"}
    assert t == act(game, s, "cheat C07 2 cheat")  # the pick comes from the seed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rp_6_3_cap_result_and_settlement_rows_in_every_team_structure(players):
    """RP-6.3, RP-5.1: after the cap the side whose most advanced wrestler is lower wins, equal is a draw;
    the settlement rows give 1/0 by side (0.5 each for a draw) and name the winning side."""
    game = load(players, round_cap=1)
    outcomes = set()
    for seed in range(300):
        s, rng = game.new(seed=seed), random.Random(seed)
        while s.actor >= 0:
            s = game.apply(s, rng.choice(game.legal_actions(s)))
        r = s.score.result
        assert r.reason == "cap" and r.round == 1 and r.pinned == -1 and len(s.score.log) == 8
        worst = [max(s.score.health[m] for m in game.members[side]) for side in (0, 1)]
        expected = -1 if worst[0] == worst[1] else int(worst[1] < worst[0])
        assert r.winner == expected
        rows = game.settlement(s).rows()
        assert all(row["winning_side"] == ("draw" if expected < 0 else game.side_names[expected]) for row in rows)
        assert [row["won"] for row in rows] == [
            0.5 if expected < 0 else float(game.side_of[p] == expected) for p in range(players)
        ]
        outcomes.add(expected)
        if outcomes == {-1, 0, 1}:
            break
    assert outcomes == {-1, 0, 1}


def test_rp_4_14_5_a_headliners_burn_swap_binds_his_hand_play_and_never_serves_the_diamond():
    """RP-2.6 BURN_SWAP, RP-2.8 Dumpster Dive, RP-4.14.5, X13 (2 players): the swap before the first
    play binds it to the hand; after the hand play the diamond play can take no BURN_SWAP."""
    game, s = deal(2, hands=["Ha3 Ha5", "Ho1"], diamonds=["Ha4", "Ho2"], burn="W2 W4 W6 W8", wrestlers=("W6", "W1"))
    s = give(s, cheats={0: ("C08",)}, unlocked=(True, False))
    s = act(game, s, "sig W6")
    assert len(s.hands[0]) == 9 and len(s.deal.burn) == 3 and s.trick.swap in s.hands[0]
    s = act(game, s, "bury Ha5")
    assert len(s.hands[0]) == 8 and len(s.deal.burn) == 4
    plays = {str(a) for a in game.legal_actions(s) if str(a).startswith("play")}
    assert plays == {"play " + code(c) for c in s.hands[0]}
    with pytest.raises(IllegalMove) as err:
        game.apply(s, game.parse_action(s, "play Ha4"))
    assert err.value.code == "X13"
    s = act(game, s, "play Ha3")
    assert "cheat C08" not in {str(a) for a in game.legal_actions(s)}
    with pytest.raises(IllegalMove) as err:
        game.apply(s, game.parse_action(s, "cheat C08"))
    assert err.value.code == "X13"
    s = act(game, s, "play Ha4")
    assert [(q.player, q.source) for q in s.row] == [(0, 0), (0, 1)] and game.to_act(s) == (1,)


def test_rp_4_2_the_next_rounds_deal_goes_by_seat_after_a_tag_and_the_last_winner_leads():
    """RP-4.1, RP-4.2 (3 players): after A1 and A2 swapped seats by a Tag, round 2 deals the first
    block to seat 0 (now A2), the second to H, the third to seat 2 (A1), then H's diamond, then the burn;
    the last trick's winner (or the same #1 after a fully flipped trick) leads."""
    from cardgames.rowdy_partners import stacked_deck

    second = stacked_deck(3)
    game = load(3)
    s = game.new(seed=3, deck=[stacked_deck(3), second])
    s = reopen(game, give(s, tags={A1: 1}))
    s = act(game, s, "tag")
    assert s.seats.at_seat == (A2, H, A1)
    rng = random.Random(5)
    while s.deal.round == 1 and s.actor >= 0:
        legal = [a for a in game.legal_actions(s) if type(a).__name__ in ("Play", "Name", "Pass")]
        s = game.apply(s, rng.choice(legal))
    assert s.deal.round == 2 and s.trick.number == 1 and s.seats.at_seat == (A2, H, A1)

    def block(i):
        return tuple(sorted(CARD[c] for c in second[8 * i : 8 * i + 8]))

    assert (s.hands[A2], s.hands[H], s.hands[A1], s.deal.diamonds[H]) == (block(0), block(1), block(2), block(3))
    assert s.deal.burn == tuple(CARD[c] for c in second[32:])
    last = s.score.log[-1]
    assert s.seats.leader == (s.seats.seat_of[last.winner] if last.winner >= 0 else last.leader)


@pytest.mark.parametrize("text", ["cheat C05", "cheat C10", "cheat C06", "cheat C08", "cheat C01", "sig W1"])
def test_rp_2_6_an_effect_without_an_argument_refuses_one_given_as_an_object(text):
    """RP-2.6, RP-4.7: DMG, DBL, IMMUNE, BURN_SWAP and fixed VAL take no argument; ``apply`` refuses
    an attachment object carrying one (it is not among the legal actions) instead of attaching it."""
    from cardgames.rowdy_partners.actions import UseCheat, UseSignature

    game, s = deal(4, hands=["Ha5"], wrestlers=("W1", "W2", "W3", "W4"))
    s = give(s, cheats={A1: ("C05", "C10", "C06", "C08", "C01")}, unlocked=(True, False))
    verb, ident = text.split()
    action = (UseCheat if verb == "cheat" else UseSignature)(ident, "Gr")
    assert action not in game.legal_actions(s)
    with pytest.raises(IllegalMove, match="takes no argument") as err:
        game.apply(s, action)
    assert err.value.rule == "RP-2.6"
    assert str(game.apply(s, game.parse_action(s, text)).pending.attached[-1]) == text.removeprefix("cheat ")


@pytest.mark.parametrize(
    "players, holder, text",
    [
        (2, 0, "cheat C09 +1"),
        (2, 0, "cheat C09 01"),
        (4, A1, "cheat C07 +1 coin"),
        (4, A1, "cheat C07 01 coin"),
        (4, B1, "sig W4 -02"),
    ],
)
def test_rp_2_6_peek_cancel_and_limbo_arguments_are_read_only_in_their_canonical_form(players, holder, text):
    """RP-2.6 PEEK/CANCEL, RP-2.8 Limbo: a target ``+1`` or ``01`` or an amount ``-02`` is not among the
    legal actions, so ``apply`` refuses it (X12 for a target, X05 for an amount) instead of recording it."""
    game, s = deal(players, hands=["Ha5"], first_leader=holder, wrestlers=("W1", "W4", "W2", "W3")[:players])
    s = give(s, cheats={holder: ("C07", "C09")}, coins={1: 1}, unlocked=(True, True))
    from cardgames.rowdy_partners.actions import UseCheat, UseSignature

    verb, ident, arg = text.split(" ", 2)
    action = (UseCheat if verb == "cheat" else UseSignature)(ident, arg)
    assert action not in game.legal_actions(s)
    with pytest.raises(IllegalMove) as err:
        game.apply(s, action)
    assert err.value.code == ("X05" if text.startswith("sig") else "X12")
