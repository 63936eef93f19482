"""RP-4: rounds, the deal, the ring, the tag window, following, attachments, counters, damage, pops."""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.rowdy_partners import legal_cards, winning_index
from cardgames.rowdy_partners.cards import card

from .util import A1, A2, B1, B2, act, cards, deal, give, reopen


def plain_moves(game, s, rng):
    """A random card play, naming or pass (no attachments), to move a game along."""
    legal = [a for a in game.legal_actions(s) if type(a).__name__ in ("Play", "Name", "Pass", "Bury")]
    return game.apply(s, rng.choice(legal))


def finish_round(game, s, rng):
    r = s.deal.round
    while s.deal.round == r and game.to_act(s):
        s = plain_moves(game, s, rng)
    return s


def test_rp_4_1_rounds_of_eight_tricks_and_what_carries_over():
    """RP-4.1: a round is a deal and 8 tricks; health, tracks, tokens, seats and #1 carry over; sig uses reset."""
    game = cardgames.load("rowdy_partners", players=4)
    rng = random.Random(1)
    s = game.new(seed=4)
    s = give(s, coins={0: 5}, sig_used={1: True})
    s = finish_round(game, s, rng)
    assert s.deal.round == 2 and s.trick.number == 1 and len(s.score.log) == 8
    assert s.tokens.coins[0] == 5 and s.deal.sig_used == (False,) * 4
    last = s.score.log[-1]
    assert s.score.health == tuple(last.after if p == last.target else s.score.health[p] for p in range(4))
    assert s.seats.leader == (last.leader if last.winner < 0 else s.seats.seat_of[last.winner])
    assert all(len(h) == 8 for h in s.hands)


@pytest.mark.parametrize("players, hands, diamonds", [(4, 8, 0), (3, 8, 8), (2, 8, 8)])
def test_rp_4_2_the_deal(players, hands, diamonds):
    """RP-4.2: 8 cards to each hand, 8 face up to each headliner's diamond, the last 4 to the burn pile."""
    game = cardgames.load("rowdy_partners", players=players)
    s = game.new(seed=2)
    for p in range(players):
        assert len(s.hands[p]) == hands
        assert len(s.deal.diamonds[p]) == (diamonds if game.headliner[p] else 0)
    assert len(s.deal.burn) == 4
    everything = [c for h in s.hands for c in h] + [c for d in s.deal.diamonds for c in d] + list(s.deal.burn)
    assert sorted(everything) == list(range(36))


def test_rp_4_2_stacked_deck_deals_in_blocks_by_seat():
    """RP-4.2: from the top, blocks of 8 by seat, then diamonds, then the burn pile."""
    game, s = deal(3, hands=["Ha1"], diamonds=["Gr8"], burn="W8")
    assert card("Ha1") in s.hands[0] and card("Gr8") in s.deal.diamonds[1] and card("W8") in s.deal.burn


def test_rp_4_3_ring_is_number_1_and_2_with_four_players_and_fixed_for_the_trick():
    """RP-4.3: with 4 players #1 and #2 are in the ring, #3 and #4 on the apron; fixed for the trick."""
    for leader in range(4):
        game, s = deal(4, first_leader=leader)
        ring = {s.seats.at_seat[leader], s.seats.at_seat[(leader + 1) % 4]}
        assert set(s.trick.ring) == ring
        s2 = act(game, s, str(game.legal_actions(s)[-1]))
        assert s2.trick.ring == s.trick.ring


def test_rp_4_4_tag_window_only_asks_an_in_ring_wrestler_holding_a_tag():
    """RP-4.4: nobody is asked without a Tag; the apron player's Tag opens no window."""
    game, s = deal(4)
    assert s.phase == 1
    s2 = reopen(game, give(s, tags={A2: 1, B2: 1}))  # both on the apron
    assert s2.phase == 1 and game.to_act(s2) == (A1,)
    s3 = reopen(game, give(s, tags={B1: 1}))
    assert game.to_act(s3) == (B1,) and [str(a) for a in game.legal_actions(s3)] == ["tag", "pass"]


def test_rp_4_4_tag_swaps_seats_and_keeps_hands_tokens_and_health():
    """RP-4.4: partners exchange seats, each keeping hand, tokens, cheats, wrestler and health."""
    game, s = deal(4)
    s = reopen(game, give(s, tags={A1: 2}, coins={A1: 1}, health={A1: 7}))
    t = act(game, s, "tag")
    assert t.seats.seat_of[A1] == 2 and t.seats.seat_of[A2] == 0
    assert t.hands == s.hands and t.tokens.coins == s.tokens.coins and t.score.health == s.score.health
    assert t.seats.wrestlers == s.seats.wrestlers
    assert t.tokens.tags[A1] == 1  # one Tag per side per window: the next decision is the play
    assert game.to_act(t) == (A2,) and t.trick.ring == (A2, B1)


def test_rp_4_5_play_order_clockwise_and_headliner_plays_twice_in_a_row():
    """RP-4.5: every seat plays clockwise from #1; a headliner plays hand and diamond in either order."""
    game, s = deal(4, first_leader=2)
    assert s.trick.order == (2, 3, 0, 1)
    game, s = deal(
        2,
        hands=["Ha1 Ha2 Ha3 Ha4 Ha5 Ha6 Ha7 Ha8", "Ho1 Ho2 Ho3 Ho4 Ho5 Ho6 Ho7 Ho8"],
        diamonds=["St1 St2 St3 St4 St5 St6 St7 St8", "Gr1 Gr2 Gr3 Gr4 Gr5 Gr6 Gr7 Gr8"],
        burn="W2 W4 W6 W8",
    )
    legal = [str(a) for a in game.legal_actions(s)]
    assert "play Ha1" in legal and "play St1" in legal  # either source first
    s = act(game, s, "play St3")  # the diamond first
    assert game.to_act(s) == (0,)
    assert all(str(a).startswith("play Ha") for a in game.legal_actions(s))


def test_rp_4_6_legal_cards_follow_plus_wildcards_or_anything_when_void():
    """RP-4.6: holding the led suit, play it or a wildcard; void, play anything (sloughing)."""
    hand = cards("Ha1", "Ha5", "St2", "W4")
    assert legal_cards(hand, 0) == cards("Ha1", "Ha5", "W4")
    assert legal_cards(hand, 3) == hand
    assert legal_cards(hand, -1) == hand
    assert legal_cards(cards("W2", "W6"), 1) == cards("W2", "W6")


def test_rp_4_7_attachments_are_spent_even_if_the_card_is_flipped_and_shown_in_the_row():
    """RP-4.7: tokens and cheats attached are spent (cheats to the used pile) and public in the row."""
    game, s = deal(4, hands=["Ha5 Ho1 Ho2 Ho3 Ho4 Ho5 Ho6 Ho7", "Ha6 St1 St2 St3 St4 St5 St6 St7"])
    s = give(s, coins={B1: 1}, damage={B1: 1}, cheats={B1: ("C05",)})
    s = act(game, s, "play Ha5", "coin -1", "damage", "cheat C05", "play Ha6")
    assert [q.up for q in s.row] == [False, False]
    assert s.tokens.coins[B1] == s.tokens.damage[B1] == 0 and s.tokens.cheats[B1] == () and s.tokens.used == ("C05",)
    assert s.row[1].attached == ("coin -1", "damage", "C05")
    assert game.view(s, A1).row == s.row


def test_rp_4_7_a_token_gained_in_a_play_is_usable_from_the_next_play_on():
    """RP-4.7.5: a headliner's first card may earn a Coin that his second card of the trick can carry."""
    game, s = deal(
        2, hands=["Ha6 Ha1 Ha2 Ha3 Ha4 Ha5 Ha7 Ha8"], diamonds=["St5 St1 St2 St3 St4 St6 St7 St8"], burn="W2 W4 W6 W8"
    )
    s = give(s, pop=(1, 0))
    assert "coin -1" not in [str(a) for a in game.legal_actions(s)]
    s = act(game, s, "play Ha6")  # pop to 2: a Coin
    assert s.tokens.coins[0] == 1 and "coin -1" in [str(a) for a in game.legal_actions(s)]


def test_rp_4_8_counter_flips_the_earliest_equal_card_also_between_partners():
    """RP-4.8: the earliest face-up equal value is flipped with the new card; partners counter too."""
    hands = ["Ha5 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8", "Ha3 St1 St2 St3 St4 St6 St7 St8"]  # A1, B1
    hands += ["Ha2 Gr5 Gr1 Gr2 Gr3 Gr4 Gr6 Gr7", "Ha1 Ha4 Ha6 Ha7 Ha8 Ho5 St5 Gr8"]  # A2, B2
    game, s = deal(4, hands=hands, burn="W2 W4 W6 W8")
    s = give(s, coins={A2: 1, B2: 1})
    s = act(game, s, "play Ha5", "play Ha3", "coin +1", "play Ha2")  # A2's 3 counters B1's 3
    assert [q.up for q in s.row] == [True, False, False]
    s = act(game, s, "coin +1", "play Ha4")  # B2's 5 counters his opponent A1's 5
    assert [q.up for q in s.score.log[-1].row] == [False, False, False, False]
    assert s.score.log[-1].winner == -1


def test_rp_4_8_flipped_cards_no_longer_counter():
    """RP-4.8: a flipped card cannot counter; only face-up cards are matched."""
    hands = ["Ha5 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8", "Ha3 St1 St2 St3 St4 St6 St7 St8"]  # A1, B1
    hands += ["Ha7 Gr5 Gr1 Gr2 Gr3 Gr4 Gr6 Gr8", "Ha1 Ha4 Ha6 Ha2 Ha8 Ho5 St5 Gr7"]  # A2, B2
    game, s = deal(4, hands=hands, burn="W2 W4 W6 W8")
    s = give(s, coins={B1: 2})
    s = act(game, s, "play Ha5", "coin +1", "coin +1", "play Ha3")  # 5 counters A1's 5
    assert not s.row[0].up and not s.row[1].up and s.suit == -1
    s = act(game, s, "play Gr5")  # a 5 again: nothing face up to counter, it becomes the setter
    assert s.row[2].up and s.suit == 3


def test_rp_4_8_a_headliners_own_cards_counter_each_other():
    """RP-4.8: counters happen between a headliner's own two cards."""
    game, s = deal(
        2, hands=["Ha4 Ha1 Ha2 Ha3 Ha5 Ha6 Ha7 Ha8"], diamonds=["St4 St1 St2 St3 St5 St6 St7 St8"], burn="W2 W4 W6 W8"
    )
    s = act(game, s, "play Ha4", "play St4")
    assert [q.up for q in s.row] == [False, False] and s.suit == -1


def test_rp_4_9_the_setter_and_the_led_suit():
    """RP-4.9: S is undefined at the start; the first card sets it; after all flips the next card does."""
    game, s = deal(4, hands=["Ho5 Ha1 Ha2 Ha3 Ha4 Ha5 Ha6 Ha7"])
    assert s.suit == -1 and s.setter == -1
    s = act(game, s, "play Ho5")
    assert s.suit == 1 and s.setter == 0


def test_rp_4_9_a_wildcard_lead_names_the_suit():
    """RP-4.9 and DP-6: a wildcard setter's player names S before anyone plays on."""
    game, s = deal(4, hands=["W6 Ha1 Ha2 Ha3 Ha4 Ha5 Ha6 Ha7"])
    s = act(game, s, "play W6")
    assert s.phase == 3 and game.to_act(s) == (A1,)
    assert [str(a) for a in game.legal_actions(s)] == ["name Ha", "name Ho", "name St", "name Gr"]
    s = act(game, s, "name St")
    assert s.suit == 2 and game.to_act(s) == (B1,)


def first_trick(hands, burn, *plays):
    """Four players dealt ``hands`` (A1, B1, A2, B2) and ``burn``, the first trick played: the state and its record."""
    game, s = deal(4, hands=hands, burn=burn)
    s = act(game, s, *plays)
    return s, s.score.log[-1]


def test_rp_4_10_winner_is_the_lowest_candidate_and_leads_next():
    """RP-4.10 step 6 and 8: candidates are face-up cards of S and wildcards; lowest v wins; W becomes #1."""
    hands = ["St5 Ha1 Ha2 Ha3 Ha4 Ha5 Ha6 Ha7", "Ho1 Ho2 Ho3 Ho4 Ho5 Ho6 Ho7 Ha8"]  # A1, B1
    hands += ["W6 Gr1 Gr2 Gr3 Gr4 Gr5 Gr6 Gr7", "St8 St7 Ho8 Gr8 St1 St2 St3 St4"]  # A2, B2
    s, rec = first_trick(hands, "W2 W4 W8 St6", "play St5", "play Ho1", "play W6", "play St8")
    assert rec.winner == A1 and s.seats.leader == 0  # Ho1 is lowest but no candidate
    row = rec.row
    assert winning_index(row, 2) == 0


def test_rp_4_10_the_row_leaves_play_and_tricks_count_to_eight():
    """RP-4.10 step 8: played cards leave play; after the 8th trick the round ends with a new deal."""
    game = cardgames.load("rowdy_partners")
    s = game.new(seed=12)
    rng = random.Random(0)
    seen = set()
    while s.deal.round == 1:
        n = len(s.score.log)
        s = plain_moves(game, s, rng)
        if len(s.score.log) > n:
            played = {q.card for q in s.score.log[-1].row}
            assert not played & seen
            seen |= played
    assert len(seen) == 32 and s.deal.round == 2


def test_rp_4_11_damage_target_is_the_opposing_in_ring_wrestler_even_for_an_apron_win():
    """RP-4.11 and R-8: the apron player's win damages the other side's in-ring wrestler."""
    hands = ["Ha5 Ho1 Ho2 Ho3 Ho4 Ho5 Ho6 Ho7", "Ha6 St1 St2 St3 St4 St5 St6 St7"]  # A1, B1
    hands += ["Ha7 Gr1 Gr2 Gr3 Gr4 Gr5 Gr6 Gr7", "Ha2 Ha1 Ha3 Ha4 Ha8 Ho8 St8 Gr8"]  # A2, B2
    s, rec = first_trick(hands, "W2 W4 W6 W8", "play Ha5", "play Ha6", "play Ha7", "play Ha2")
    assert rec.winner == B2 and rec.target == A1 and s.score.health == (2, 0, 0, 0)
    assert s.seats.leader == 3


def test_rp_4_11_v_zero_or_below_deals_no_damage_even_with_dmg_and_dbl():
    """RP-4.11 step 1 and R-9: D = 0 when v <= 0; attached DMG and DBL are wasted."""
    from cardgames.rowdy_partners import trick_damage
    from cardgames.rowdy_partners.state import Placed

    assert trick_damage(Placed(0, 0, 0, 0, True, False, 3, 2, 0)) == 0
    assert trick_damage(Placed(0, 0, -1, 0, True, False, 1, 0, 0)) == 0
    assert trick_damage(Placed(0, 0, 3, 0, True, False, 1, 2, 0)) == 16


def test_rp_4_12_awards_go_to_the_player_whose_card_moved_the_track():
    """RP-4.12: 2 Coin, 4 Damage, 6 Tag (a headliner: a Coin), 8 Cheat, 10 unlock, 12 Cheat and reset."""
    game, s = deal(
        2, hands=["Ha6 Ha1 Ha2 Ha3 Ha4 Ha5 Ha7 Ha8"], diamonds=["St6 St1 St2 St3 St4 St5 St7 St8"], burn="W2 W4 W6 W8"
    )
    for pop, field in [(1, "coins"), (3, "damage"), (5, "coins")]:
        t = act(game, give(s, pop=(pop, 0)), "play Ha6")
        assert getattr(t.tokens, field)[0] == 1 and t.tokens.gained[0] == 1 and t.tokens.tags[0] == 0
    t = act(game, give(s, pop=(7, 0)), "play Ha6")
    assert len(t.tokens.cheats[0]) == 1 and t.tokens.pool == s.tokens.pool[1:]
    t = act(game, give(s, pop=(9, 0)), "play Ha6")
    assert t.tokens.unlocked == (True, False)
    t = act(game, give(s, pop=(11, 0)), "play Ha6")
    assert t.tokens.pop == (0, 0) and len(t.tokens.cheats[0]) == 1


def test_rp_4_12_reaching_10_again_changes_nothing():
    """RP-4.12.4: after a reset the awards come again, but reaching 10 again changes nothing."""
    game, s = deal(4, hands=["Ha6 Ha1 Ha2 Ha3 Ha4 Ha5 Ha7 Ha8"])
    t = act(game, give(s, pop=(9, 0), unlocked=(True, False)), "play Ha6")
    assert t.tokens.pop == (10, 0) and t.tokens.gained == s.tokens.gained


def test_rp_4_12_empty_pool_reshuffles_the_used_pile_or_the_award_is_lost():
    """RP-4.12.3: an empty pool is refilled from the used pile by the RNG; if both are empty, no cheat."""
    game, s = deal(4, hands=["Ha8 Ha1 Ha2 Ha3 Ha4 Ha5 Ha6 Ha7"])
    t = act(game, give(s, pop=(7, 0), pool=(), used=("C01", "C02", "C03")), "play Ha8")
    assert len(t.tokens.cheats[0]) == 1 and len(t.tokens.pool) == 2 and t.tokens.used == ()
    t = act(game, give(s, pop=(7, 0), pool=(), used=()), "play Ha8")
    assert t.tokens.cheats[0] == () and t.tokens.gained[0] == 0


def test_rp_4_12_a_headliner_gets_a_coin_instead_of_a_tag():
    """RP-4.12 and R-16: the Tag award becomes a Coin for a headliner."""
    game, s = deal(3, hands=["Ha1 Ha2 Ha3 Ha4 Ha5 Ho1 Ho2 Ho3", "Ha6 Ho4 Ho5 Ho6 St1 St2 St3 St4"])
    s = give(s, pop=(0, 5))
    s = act(game, s, "play Ha1", "play Ha6")
    assert s.tokens.coins[1] == 1 and s.tokens.tags[1] == 0


def test_rp_4_13_signature_move_once_per_round_after_unlock():
    """RP-4.13: once the side reached 10, each member may attach his move to one play per round."""
    game, s = deal(4, hands=["Ha5 Ha1 Ha2 Ha3 Ha4 Ho1 Ho2 Ho3"], wrestlers=("W5", "W1", "W2", "W3"))
    assert "sig W5" not in [str(a) for a in game.legal_actions(s)]
    s = give(s, unlocked=(True, False))
    assert "sig W5" in [str(a) for a in game.legal_actions(s)]
    t = act(game, s, "sig W5", "play Ha5")
    assert t.row[0].dmg == 3 and t.deal.sig_used[0]
    rng = random.Random(2)
    t = finish_round(game, t, rng)
    assert t.deal.sig_used == (False,) * 4 and t.tokens.unlocked == (True, False)


def test_rp_4_14_headliner_diamond_public_always_in_the_ring_peeks_an_opponent():
    """RP-4.14: 8 face-up diamond cards, always in the ring, PEEK at an opponent, BURN_SWAP hand only."""
    game, s = deal(2)
    assert len(s.deal.diamonds[0]) == 8 and game.view(s, 1).deal.diamonds == s.deal.diamonds
    for leader in (0, 1):
        assert deal(2, first_leader=leader)[1].trick.ring == (0, 1)
    s = give(s, cheats={0: ("C09",)})
    assert "cheat C09 1" in [str(a) for a in game.legal_actions(s)]
    t = act(game, s, "cheat C09 1")
    assert t.tokens.peeks == ((0, 1, s.hands[1]),)


def test_rp_4_15_view_hides_hands_burn_pool_and_hidden_cheats():
    """RP-4.15: public: row, diamonds, token counts, cheat counts; hidden: hands, burn pile, pool, cheats."""
    game, s = deal(4)
    s = give(s, cheats={1: ("C01", "C02")}, coins={1: 2})
    v = game.view(s, 0)
    assert v.hands[0] == s.hands[0] and v.hands[1] == (-1,) * 8
    assert v.deal.burn == (-1,) * 4 and set(v.tokens.pool) == {"?"} and v.tokens.cheats[1] == ("?", "?")
    assert v.tokens.coins == s.tokens.coins and v.setup.seed == 0 and v.setup.extra == ()
    assert game.to_act(v) == game.to_act(s)
    assert "??" in game.render(s, 0)


def test_rp_4_17_every_random_event_comes_from_the_seed():
    """RP-4.17: wrestlers, the cheat pool, each deal and the BURN_SWAP pick are fixed by the seed."""
    game = cardgames.load("rowdy_partners")
    a, b = game.new(seed=77), game.new(seed=77)
    assert (a.seats.wrestlers, a.tokens.pool, a.hands) == (b.seats.wrestlers, b.tokens.pool, b.hands)
    s = give(a, cheats={0: ("C08",)})
    assert act(game, s, "cheat C08").trick.swap == act(game, s, "cheat C08").trick.swap
    rng = random.Random(5)
    r2 = finish_round(game, a, rng)
    r2b = finish_round(game, b, random.Random(5))
    assert r2.hands == r2b.hands
