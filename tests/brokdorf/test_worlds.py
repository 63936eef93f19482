"""Brokdorf worlds (cardgames/brokdorf/worlds.py): what a player can know, drawn again uniformly.

A world must agree with the player's view and with every inference the rules of play force
(BK-4.10, BK-4.11, BK-3.6), and with nothing else; the worked positions below check each
inference, the exact support of the draw and its uniformity (a chi-square test with fixed
seeds), and the objective hooks on the rules document's worked examples.
"""

from __future__ import annotations

import copy
import itertools
import math
import random
from collections import Counter

import pytest
from helpers import play_game

import cardgames
from cardgames.brokdorf.cards import CARDS, beats, parse_cards, sort_hand, suit
from cardgames.brokdorf.rules import (
    ANSWER,
    BID,
    NEXT_DEALER,
    OVER,
    PLAY,
    STECHEN_DEALER,
    TRUMP,
    _is_redeal_hand,
    legal_cards,
)
from cardgames.brokdorf.worlds import at_horizon, exclusions, points_gained, won

from .helpers import game, play, stacked, with_points
from .test_scoring import bk_8_7_state, bk_8_9_state, bk_8_10_stechen, bk_8_11_state

A, B, C, D, E = range(5)


def chisquare_pvalue(observed):
    """The p-value of Pearson's chi-square test of ``observed`` counts against equal expected counts.

    Exact for an even number of degrees of freedom 2m, where the chi-square survival function is
    exp(-x/2) * sum_{i<m} (x/2)^i / i!  (scipy is not a dependency of the project).
    """
    k = len(observed)
    assert (k - 1) % 2 == 0, "choose an odd number of categories: an even number of degrees of freedom"
    expected = sum(observed) / k
    half = sum((o - expected) ** 2 for o in observed) / expected / 2
    term, total = 1.0, 1.0
    for i in range(1, (k - 1) // 2):
        term *= half / i
        total += term
    return math.exp(-half) * total


def positions(g, seed, agents, every=1):
    """Every ``every``-th state of a seeded game played by ``agents`` (one name for all seats)."""
    steps, _ = play_game(g, agents, seed)
    return [state for state, *_ in steps[::every]]


def replays_legally(world):
    """Was every card of this deal legal for its player, with the hand the world gives him (BK-4.10, BK-4.11)?

    His hand before a card is what he holds now and every card he played from then on.
    """
    deal = world.deal
    tricks = list(world.played) + ([world.trick] if world.trick.cards else [])
    later = {s: list(h) for s, h in enumerate(world.hands)}  # the cards each seat still held, going backwards
    for trick in reversed(tricks):
        for i in reversed(range(len(trick.cards))):
            seat, card = trick.turns[i], trick.cards[i]
            later[seat].append(card)
            table = trick.cards[:i]
            best = 0
            for k in range(1, len(table)):
                if beats(table[k], table[best], deal.trump):  # BK-4.9: the winning card so far
                    best = k
            if card not in legal_cards(tuple(later[seat]), table, best, deal.trump):
                return False
    return True


def dealt_hands(world):
    """Each seat's five dealt cards in this deal: held now and played (BK-3.5)."""
    dealt = {s: list(world.hands[s]) for s in world.deal.seats}
    for trick in list(world.played) + [world.trick]:
        for seat, card in zip(trick.turns, trick.cards):
            dealt[seat].append(card)
    return dealt


def consistent(world, view, seat, g):
    """Everything a world must keep: the view, the sizes, the seen cards, the rules of play and BK-3.6."""
    if g.view(world, seat) != view:
        return False
    cards = [c for h in world.hands for c in h]
    cards += [c for t in list(world.played) + [world.trick] for c in t.cards]
    if len(cards) != len(set(cards)):
        return False
    if world.deal is None:
        return True
    return replays_legally(world) and not any(_is_redeal_hand(tuple(h)) for h in dealt_hands(world).values())


# -- the view, the choices and every phase ----------------------------------------------------------


def test_worlds_have_the_players_view_and_choices_in_every_phase():
    g = game(4, tournament=True, max_rounds=3)
    phases = Counter()
    for seed, agents in ((0, "random"), (1, "greedy"), (2, "random"), (3, "greedy")):
        for k, state in enumerate(positions(g, seed, agents)):
            if k % 3 and state.phase in (BID, PLAY):
                continue  # every third card and call; every rarer decision
            seat = g.to_act(state)[0]
            phases[state.phase] += 1
            world = g.determinize(state, seat, seed=k)
            view = g.view(state, seat)
            assert g.view(world, seat) == view
            assert [str(a) for a in g.legal_actions(world, seat)] == [str(a) for a in g.legal_actions(state, seat)]
            assert consistent(world, view, seat, g)
    assert set(phases) >= {BID, TRUMP, ANSWER, PLAY, NEXT_DEALER}, phases


def test_worlds_between_deals_and_in_a_stechen_keep_the_view():
    """BK-5.8: the draw winner names the dealer of the decision game; nothing is in hand, only the future redrawn."""
    g, s = bk_8_10_stechen()
    assert s.phase == STECHEN_DEALER
    world = g.determinize(s, B, seed=4)
    assert g.view(world, B) == g.view(s, B) and world.setup.seed != s.setup.seed
    assert g.determinize(s, B, seed=5).setup.seed != world.setup.seed  # the decision game's deal is future chance
    s = play(g, s, "dealer 0")  # the decision game: only A and B hold cards
    world = g.determinize(s, B, seed=4)
    assert g.view(world, B) == g.view(s, B) and world.hands[C] == world.hands[D] == ()
    assert set(world.hands[A]).isdisjoint(s.hands[B])


def test_every_world_keeps_sizes_seen_cards_and_the_rules_of_play():
    """Over greedy and random games of 3 to 6 players, every world replays the deal legally (BK-4.10, BK-4.11, BK-3.6)."""
    for players in (3, 5, 6):
        g = game(players)
        for seed, agents in ((players, "greedy"), (players + 10, "random")):
            plays = [s for s in positions(g, seed, agents) if s.phase == PLAY][:40:2]
            for k, state in enumerate(plays):
                for seat in (k % players, g.to_act(state)[0]):  # any seat may ask, active, WEG or to act
                    world = g.determinize(state, seat, seed=k)
                    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
                    assert consistent(world, g.view(state, seat), seat, g), (players, seed, k, seat)


# -- the inferences, one by one --------------------------------------------------------------------


def three_player_deal():
    """Trump Herz; player 0 leads ♣A, ♠B, then the tricks as each comment says (3 players, dealer 2)."""
    g = game(3, first_dealer=2)
    s = stacked(g, ["AC JS AD KD 10H", "9S 8S 7S JD 9D", "7C KH 8H QS 8D"], dealer=2)
    s = play(g, s, "bid 1", "gut", "gut", "trump H", "mit", "mit")
    s1 = play(g, s, "play AC", "play 7S", "play 7C")  # 1 neither follows nor trumps: no Kreuz, no Herz
    s2 = play(g, s1, "play JS", "play 8S", "play QS")  # 1 cannot head ♠B: no ♠D ♠K ♠10 ♠A; 2 heads
    s3 = play(g, s2, "play 8D", "play KD", "play 9D")  # 1 follows under ♦K: no ♦10 (nor ♦A, which 0 holds)
    s4 = play(g, s3, "play AD", "play JD", "play 8H")  # 2 trumps: no Karo
    return g, (s1, s2, s3, s4)


def test_bk_4_10_a_a_player_who_did_not_follow_holds_none_of_the_led_suit():
    g, (s1, *_, s4) = three_player_deal()
    assert exclusions(g.view(s4, 0))[2] & sum(1 << c for c in CARDS if suit(c) == 3)  # 2 is void in Karo
    for k in range(200):
        world = g.determinize(s4, 0, seed=k)
        assert all(suit(c) != 3 for c in world.hands[2])
    # without the inference Karo would reach player 2: it does reach player 1, who followed
    assert any(suit(c) == 3 for k in range(200) for c in g.determinize(s4, 0, seed=k).hands[1])


def test_bk_4_10_b_a_player_who_neither_followed_nor_trumped_holds_no_trump():
    g, (s1, *_) = three_player_deal()
    worlds = [g.determinize(s1, 0, seed=k) for k in range(300)]
    assert all(suit(c) not in (0, 2) for w in worlds for c in w.hands[1])  # no Kreuz, no Herz (trump)
    assert any(suit(c) == 2 for w in worlds for c in w.hands[2])  # player 2 followed: he may hold trumps


def test_bk_4_10_b_a_player_who_trumped_may_hold_other_suits_but_not_the_led_one():
    g, (*_, s4) = three_player_deal()
    worlds = [g.determinize(s4, 0, seed=k) for k in range(300)]
    held = {suit(c) for w in worlds for c in w.hands[2]}
    assert held == {0, 1, 2}  # Kreuz, Pik and Herz are possible; Karo, which he did not follow, is not


def test_bk_4_11_a_follower_who_did_not_head_holds_no_card_that_beats_the_winner():
    g, (_, s2, *_) = three_player_deal()
    higher = set(parse_cards("QS KS 10S AS"))
    worlds = [g.determinize(s2, 0, seed=k) for k in range(300)]
    assert not any(c in higher for w in worlds for c in w.hands[1])
    assert any(c in higher for w in worlds for c in w.hands[2])  # nobody else is barred from them


def test_bk_4_11_an_undertrump_shows_no_higher_trump():
    """BK-8.4: trump ♥, ♠K led and overtrumped with ♥A; a follower without ♠ who plays ♥7 holds no higher trump."""
    g = game(3, first_dealer=2)
    s = stacked(g, ["KS 7C 8C 9C 10C", "AH 7D 8D 9D 10D", "7H 8H QS JS 10S"], dealer=2)
    s = play(g, s, "bid 1", "gut", "gut", "trump H", "mit", "mit")
    s = play(g, s, "play KS", "play AH")
    assert g.view(s, 0).trick.cards  # player 2 must follow ♠ (he holds ♠D ♠B ♠10): no inference about him yet
    g = game(3, first_dealer=2)
    s = stacked(g, ["KS 7C 8C 9C 10C", "AH 7D 8D 9D 10D", "7H 8H QC JC 10H"], dealer=2)
    s = play(g, s, "bid 1", "gut", "gut", "trump H", "mit", "mit", "play KS", "play AH", "play 7H")
    gone = exclusions(g.view(s, 0))[2]
    spades = sum(1 << c for c in CARDS if suit(c) == 1)
    assert gone & spades == spades  # BK-4.10(b): no Pik
    assert gone & ~spades == 0  # and the only higher trump, ♥A, is on the table: nothing more is excluded
    for k in range(100):
        world = g.determinize(s, 0, seed=k)
        assert not {c for c in world.hands[2] if suit(c) == 1}


def test_bk_3_6_nobodys_dealt_hand_is_five_luschen_without_three_of_a_suit():
    """Player 1 has played ♣7 ♠8 ♥9 ♦7: a fifth Lusche would have voided the deal, so his last card is none."""
    g = game(2, first_dealer=1)
    s = stacked(g, ["AC AS AH AD KC", "7C 8S 9H 7D KD"], dealer=1)
    s = play(g, s, "bid 1", "gut", "trump H", "mit")
    s = play(g, s, "play AC", "play 7C", "play AS", "play 8S", "play AH", "play 9H", "play AD", "play 7D")
    assert g.to_act(s) == (0,)
    luschen = {c for c in CARDS if c.is_lusche}
    allowed = [c for c in CARDS if c not in luschen and c not in set(parse_cards("AC AS AH AD KC KD"))]
    allowed.append(parse_cards("KD")[0])  # his real card is possible too
    draws = Counter(g.determinize(s, 0, seed=k).hands[1][0] for k in range(1500))
    assert set(draws) == set(allowed) and not set(draws) & luschen
    assert chisquare_pvalue([draws[c] for c in allowed]) > 0.001  # uniform over the 15 possible cards


def test_the_draw_is_uniform_over_exactly_the_deals_play_allows():
    """Brute force: every pair of last cards for players 1 and 2 that replays the deal legally, each equally often."""
    g, (*_, s4) = three_player_deal()
    view = g.view(s4, 0)
    seen = set(s4.hands[0]) | {c for t in s4.played for c in t.cards}
    pool = [c for c in CARDS if c not in seen]
    possible = []
    for one, two in itertools.permutations(pool, 2):
        world = s4.replace(hands=(s4.hands[0], (one,), (two,)))
        if consistent(world, view, 0, g):
            possible.append((one, two))
    # player 1: ♠9 ♦7 ♦D (♦10 would have headed ♦K); player 2: any Kreuz, Pik or Herz left
    assert len(possible) == 3 * 16 - 1
    draws = Counter((w.hands[1][0], w.hands[2][0]) for w in (g.determinize(s4, 0, seed=k) for k in range(60 * 47)))
    assert set(draws) == set(possible)
    assert chisquare_pvalue([draws[p] for p in possible]) > 0.001


def test_a_hand_play_has_shown_nothing_about_shares_the_leftovers_uniformly_with_the_undealt_cards():
    """After two tricks player 1 is constrained (no Kreuz, no Herz, no Pik above ♠B), player 2 is not.

    Exactly: player 1 holds 3 of his 7 possible cards, every 3 equally likely (a chi-square test); player 2
    holds 3 of the 20 cards left, so each card player 1 may not hold is his with chance 3/20, and each of
    player 1's possible cards with chance 4/7 * 3/20 (a binomial bound of 4.5 standard deviations).
    """
    g, (_, s2, *_) = three_player_deal()
    possible = set(parse_cards("9S 7D 8D 9D JD QD 10D"))
    n = 35 * 60
    worlds = [g.determinize(s2, 0, seed=k) for k in range(n)]
    ones = Counter(frozenset(w.hands[1]) for w in worlds)
    assert len(ones) == 35 and all(hand <= possible for hand in ones)
    assert chisquare_pvalue(list(ones.values())) > 0.001
    twos = Counter(c for w in worlds for c in w.hands[2])
    seen = set(s2.hands[0]) | {c for t in s2.played for c in t.cards}
    for card in (c for c in CARDS if c not in seen):
        p = 3 / 20 * (4 / 7 if card in possible else 1)
        assert abs(twos[card] - n * p) < 4.5 * math.sqrt(n * p * (1 - p)), card


def test_the_undealt_cards_are_hidden_too():
    """BK-2.4: with 3 players 17 cards are never dealt; a world may give any of them to a hidden hand."""
    g = game(3, first_dealer=2)
    s = g.new(seed=8)
    held = set(s.hands[1]) | set(s.hands[2])
    drawn = {c for k in range(100) for h in g.determinize(s, 0, seed=k).hands[1:] for c in h}
    assert drawn - held  # cards nobody holds in the real deal appear in worlds
    assert not drawn & set(s.hands[0])


def test_a_weg_players_discarded_hand_is_hidden_and_drawn_again():
    """BK-4.6: a WEG hand is never shown; it is drawn like any other hidden hand."""
    g = game(4, first_dealer=3)
    s = stacked(g, ["AC KC QC JC 10C", None, None, None], dealer=3)
    s = play(g, s, "bid 1", "gut", "gut", "gut", "trump C", "weg", "mit", "mit")
    assert s.deal.answer_of(1) is False and s.phase == PLAY
    hands = {sort_hand(g.determinize(s, 0, seed=k).hands[1]) for k in range(20)}
    assert len(hands) == 20 and all(len(h) == 5 for h in hands)


# -- determinism ---------------------------------------------------------------------------------


def test_the_same_seed_and_the_same_view_give_the_same_world():
    g, (*_, s4) = three_player_deal()
    before = copy.deepcopy(s4)
    world = g.determinize(s4, 0, seed=12)
    assert s4 == before, "determinize changed the state"
    assert g.determinize(s4, 0, seed=12) == world
    assert g.determinize(s4, 0, seed=13) != world
    # another state with the same view for player 0: the same worlds
    other = s4.replace(hands=(s4.hands[0], parse_cards("QD"), parse_cards("AS")))
    assert g.view(other, 0) == g.view(s4, 0) and other != s4
    assert g.determinize(other, 0, seed=12) == world


def test_a_finished_game_is_refused():
    g = game(4)
    final = cardgames.playout(g, ["greedy"] * 4, 5)
    with pytest.raises(ValueError, match="over"):
        g.determinize(final, 0)


def test_later_deals_come_from_the_worlds_fresh_seed():
    """BK-3.5: the next deal is future chance; two worlds of one position deal it differently."""
    g = game(5, first_dealer=C)
    s = stacked(g, ["AH AD AS KH KD", None, "KS JS 9S JH JD", "AC 10C 7H 7D 7S", "8H 8D 8S QH QD"], dealer=C)
    s = play(g, s, "bid 3", "gut", "gut", "gut", "gut", "trump C", "mit", "mit", "weg", "mit")
    worlds = [g.determinize(s, D, seed=k) for k in range(2)]
    bots = [g.agent("greedy", seat) for seat in range(5)]
    ends = [cardgames.core.play.rollout(g, w, bots, random.Random(0), w) for w in worlds]
    assert all(e.deal is not None and e.sheet.games == 1 for e in ends)
    assert ends[0].hands != ends[1].hands


# -- the objective: points at the end of the deal --------------------------------------------------


def test_bk_8_7_points_gained_in_a_deal_are_its_point_changes():
    g, s = bk_8_7_state()
    start = g.new(seed=s.setup.seed, **dict(s.setup.extra))
    assert [g._score(start, s, seat) for seat in range(5)] == [-3, 0, 5, 3, 5]  # BK-5.1
    assert g.objective.name == "points" and not g.objective.higher_is_better  # BK-1.3: fewer is better
    assert at_horizon(start, s) and not at_horizon(start, start)


def test_the_horizon_is_the_end_of_the_deal_even_a_void_one():
    """BK-4.3: all GUT voids the deal; the horizon is reached with no points gained."""
    g = game(4)
    s = g.new(seed=2)
    void = play(g, s, "gut", "gut", "gut", "gut")
    assert void.phase == BID and void.sheet.games == 0
    assert at_horizon(s, void) and all(g._score(s, void, seat) == 0 for seat in range(4))
    assert not at_horizon(s, play(g, s, "gut", "gut", "gut"))


def test_bk_8_9_points_and_the_winners_of_a_finished_round():
    """BK-8.9: A passes 25 and pays; the others share the win (BK-5.15, BK-5.16)."""
    g, s = bk_8_9_state()
    start = g.new(seed=s.setup.seed, **dict(s.setup.extra))
    start = with_points(start, (21, 18, 4, 12), games=6)
    assert s.phase == OVER
    assert [points_gained(start, s, seat) for seat in range(4)] == [5, -3, -2, 0]
    assert [g._won(start, s, seat) for seat in range(4)] == [0.0, 0.5, 0.5, 0.5]
    assert math.isnan(g._won(start, start, 0))  # no winner while the game goes on


def test_bk_8_11_a_durchmarsch_wins_alone_and_points_count_over_three_deals():
    g, s = bk_8_11_state()
    start = g.new(seed=s.setup.seed, **dict(s.setup.extra))
    assert s.phase == OVER and s.sheet.results[-1].end == "durchmarsch"
    assert points_gained(start, s, A) == -15  # 15 tricks in three games
    assert won(start, s, A) == 1.0 and all(won(start, s, p) == 0.0 for p in (B, C, D, E))


def test_points_over_several_rounds_of_a_tournament_sum_each_rounds_points():
    g = game(3, tournament=True, max_rounds=3)
    start = g.new(seed=4)
    final = cardgames.playout(g, ["greedy"] * 3, 4)
    results = final.sheet.results
    assert len(results) == 3
    for seat in range(3):
        expected = sum(r.points[seat] - 15 for r in results if seat in r.seated)
        assert points_gained(start, final, seat) == expected
    middle = positions(g, 4, "greedy")
    mid = next(s for s in middle if s.sheet.round == 2 and s.sheet.games == 1)
    for seat in range(3):
        assert points_gained(start, mid, seat) == results[0].points[seat] - 15 + mid.sheet.points[seat] - 15
        assert points_gained(start, mid, seat) + points_gained(mid, final, seat) == points_gained(start, final, seat)


# -- analysis of a Brokdorf decision ----------------------------------------------------------------


def test_analyse_a_lead_rows_are_the_legal_cards_fewest_points_first():
    g, (*_, s, _) = three_player_deal()
    assert g.to_act(s) == (0,)  # player 0 leads the fourth trick from ♥10 ♦A
    table = cardgames.analyse(g, s, worlds=12, seed=3)
    assert sorted(table["action"]) == ["play 10H", "play AD"]
    assert list(table["value"]) == sorted(table["value"])  # fewer points first
    assert (table["worlds"] == 12).all() and table["win"].isna().all()
    again = cardgames.analyse(g, s, worlds=12, seed=3)
    assert table.equals(again)
    other = s.replace(hands=(s.hands[0], parse_cards("9S QD"), parse_cards("AS KH")))
    assert g.view(other, 0) == g.view(s, 0)
    assert table.equals(cardgames.analyse(g, other, worlds=12, seed=3))  # only what player 0 knows
