"""Makeable tricks after the deal and the single-hand bidding analysis (cardgames.brokdorf.bidding)."""

from __future__ import annotations

import itertools
import math

import pytest

from cardgames.brokdorf import bidding, solve
from cardgames.brokdorf.bidding import (
    bid_table,
    deal_count,
    hand_deals,
    makeable_sample,
    makeable_tricks,
    trick_distribution,
)
from cardgames.brokdorf.cards import CARDS
from cardgames.brokdorf.rules import PLAY

from .helpers import game, play, stacked


def test_makeable_tricks_of_two_long_suits():
    """Seat 0 holds the top five Kreuz, seat 1 the top five Pik.  With his own suit as trump each takes all
    five; with the other's suit as trump none (every lead is trumped, every trump lead is followed by a
    discard); with Herz or Karo nobody holds a trump or the other's suit, so the leader takes all five."""
    g = game(2, first_dealer=1)
    state = stacked(g, ["AC 10C KC QC JC", "AS 10S KS QS JS"], dealer=1)
    table = makeable_tricks(state, g)
    assert table.index.name == "player" and list(table.columns) == ["C", "S", "H", "D"]
    assert table.loc[0].tolist() == [5, 0, 5, 5]
    assert table.loc[1].tolist() == [0, 5, 5, 5]


def test_makeable_tricks_are_the_solver_on_the_engines_own_states():
    """Each cell is solve() after the calls, trump and answers applied as action texts to the dealt state."""
    g = game(4)
    state = g.new(seed=11)
    table = makeable_tricks(state)
    assert table.shape == (4, 4)
    for declarer in (1, 3):
        calls = ["bid 0" if seat == declarer else "gut" for seat in state.deal.order]
        for trump in "CSHD":
            played = play(g, state, *calls, f"trump {trump}", "mit", "mit", "mit")
            assert played.phase == PLAY and g.to_act(played) == (declarer,)  # BK-4.8: he leads
            assert table.loc[declarer, trump] == solve(played, declarer)
    assert ((table >= 0) & (table <= 5)).all().all()


def test_makeable_tricks_only_right_after_the_deal():
    g = game(3)
    state = g.new(seed=1)
    with pytest.raises(ValueError, match=r"right after the deal .*BK-4\.1.* 1 call"):
        makeable_tricks(play(g, state, "gut"), g)
    with pytest.raises(ValueError, match="hidden"):
        makeable_tricks(g.view(state, 0), g)
    with pytest.raises(ValueError, match="Brokdorf state"):
        makeable_tricks(None)


def test_makeable_sample_rows_and_hand_features():
    sample = makeable_sample(players=3, deals=4, seed=2)
    assert len(sample) == 4 * 3 * 4
    assert set(sample["trump"]) == {"C", "S", "H", "D"} and sample["tricks"].between(0, 5).all()
    for row in sample.itertuples():
        cards = row.hand.split()
        assert row.trumps == sum(code[-1] == row.trump for code in cards)
        assert row.aces == sum(code[0] == "A" for code in cards)
        assert row.trump_ace == (f"A{row.trump}" in cards) and row.side_aces == row.aces - row.trump_ace
    first = makeable_sample(players=3, deals=4, seed=2, declarers="first")
    assert first.equals(sample.groupby("deal").head(4).reset_index(drop=True))  # the first caller's four rows


def test_longest_suit_is_the_trump_a_player_names_without_the_other_hands():
    assert bidding.longest_suit("7D 8D 9D AC AH") == 3  # three Karo beat two Aces
    assert bidding.longest_suit("AC 7C 10H KH 8S") == 0  # two and two: the Ace beats the 10
    assert bidding.longest_suit("10C 7C 10H 8H AS") == 2  # 10 and 10: then 8 beats 7
    assert bidding.longest_suit("AS 7S AH 7H 8D") == 1  # the same cards: the first suit, C S H D
    sample = makeable_sample(players=4, deals=3, seed=0)
    assert (sample.groupby(["deal", "player"])["longest"].sum() == 1).all()
    for row in sample[sample["longest"]].itertuples():
        assert "CSHD".index(row.trump) == bidding.longest_suit(row.hand)


def test_deal_count_and_exact_enumeration_for_two_players():
    assert deal_count(2) == math.comb(27, 5) == 80_730
    assert deal_count(4) == math.comb(27, 5) * math.comb(22, 5) * math.comb(17, 5)
    unseen = list(CARDS[5:])
    exact, deals = bidding._others(unseen, 2, 80_730, seed=0)
    assert exact and sum(1 for _ in deals) == 80_730
    exact, deals = bidding._others(unseen, 2, 80_729, seed=0)  # one fewer than all: seeded draws instead
    assert not exact and len(list(itertools.islice(deals, 100))) == 100


def test_top_five_trumps_make_five_and_bid_five():
    """♣A ♣10 ♣K ♣Q ♣J makes five tricks with Kreuz as trump whatever the others hold.  Calling first, a bid
    of 5 cannot be outbid (BK-4.2): he always declares and scores -5, the best a game can give (a lower bid
    does as well in the deals where no other player counts enough tricks to outbid it)."""
    deals = hand_deals("AC 10C KC QC JC", players=4, samples=30, seed=1)
    assert len(deals) <= 30 and not deals.attrs["exact"] and (deals["C"] == 5).all()
    shares = trick_distribution(deals).set_index(["trump", "tricks"])
    assert shares.loc[("C", 5), "share"] == 1.0 and shares.loc[("C", 5), "low"] > 0.85
    assert shares.groupby("trump")["share"].sum().round(9).eq(1).all()
    bids = bid_table(deals).set_index("call")
    assert bids.loc["bid 5", "declares"] == 1.0 and bids.loc["bid 5", "change"] == -5
    assert bids.loc["bid 5", "trump"] == "C" and bids.loc["bid 5", "best"]  # lower bids tie only if never outbid
    assert bids.loc[bids["best"], "change"].eq(-5).all() and not bids.loc["gut", "best"]
    assert bids.loc["gut", "change"] == 0


def test_hand_deals_follow_the_seed_and_the_model():
    one = hand_deals("AH 10H 7H AS 8D", players=3, samples=12, seed=4)
    assert one.equals(hand_deals("AH 10H 7H AS 8D", players=3, samples=12, seed=4))
    assert not one.equals(hand_deals("AH 10H 7H AS 8D", players=3, samples=12, seed=5))
    for bid in range(5):  # a higher bid declares at least as often: the others outbid less
        assert (one[f"declares {bid + 1}"] >= one[f"declares {bid}"]).all()
    last = hand_deals("AH 10H 7H AS 8D", players=3, samples=12, seed=4, position=2)
    assert last.attrs["position"] == 2 and (last[["C", "S", "H", "D"]].values == one[["C", "S", "H", "D"]].values).all()
    table = bid_table(one)
    assert list(table["call"]) == ["gut"] + [f"bid {b}" for b in range(6)]
    assert (table["low"] <= table["change"]).all() and (table["change"] <= table["high"]).all()


def test_bk_3_6_a_luschen_hand_is_never_played():
    with pytest.raises(ValueError, match=r"BK-3\.6"):
        hand_deals("7C 8C 9S 7H 8D", players=4, samples=5)  # BK-8.1: five Luschen, suits 2-1-1-1
    assert len(hand_deals("7C 8C 9C 7H 8D", players=2, samples=3)) <= 3  # three of a suit: a normal hand


def test_bad_hands_and_sizes_are_refused():
    with pytest.raises(ValueError, match="5 cards"):
        hand_deals("AC 10C KC", players=4)
    with pytest.raises(ValueError, match="twice"):
        hand_deals("AC AC KC QC JC", players=4)
    with pytest.raises(ValueError, match="players"):
        hand_deals("AC 10C KC QC JC", players=7)
    with pytest.raises(ValueError, match="position"):
        hand_deals("AC 10C KC QC JC", players=3, position=3)
    with pytest.raises(ValueError, match="declarers"):
        makeable_sample(declarers="some")
