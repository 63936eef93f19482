"""The Brokdorf ``expert`` agent: determinized Monte Carlo over worlds drawn from its view.

Its strength against greedy is measured by ``python -m benchmarks.strength --game brokdorf``
(docs/games/brokdorf.md shows the figures); these tests check that it plays only legal
moves through whole rounds, sees only its view, repeats from its seed, and values what the
rules make valuable (BK-5.1 in a deal, BK-5.8 in a Stechen).
"""

from __future__ import annotations

import random

from helpers import play_game

import cardgames
from cardgames.brokdorf.agents import BrokdorfExpert
from cardgames.brokdorf.rules import OVER, PLAY, STECHEN_DEALER, point_change
from cardgames.brokdorf.solve import solve_actions
from cardgames.brokdorf.worlds import stechen_loss
from cardgames.core.expert import ExpertAgent

from .helpers import game, play, stacked
from .test_scoring import bk_8_10_stechen, run_tricks

A, B, C, D = range(4)


def play_round(g, agents, seed):
    """One whole round (or session) with ``agents`` (one agent per seat); every action goes through apply."""
    steps, state = play_game(g, agents, seed)
    assert all(action in legal for _, _, legal, action in steps)
    return state, len(steps)


def test_the_expert_is_registered_and_draws_worlds():
    g = game(4)
    assert "expert" in cardgames.agents("brokdorf")
    expert = g.agent("expert", 2)
    assert isinstance(expert, BrokdorfExpert) and isinstance(expert, ExpertAgent)
    assert expert.budget_worlds == BrokdorfExpert.worlds and expert.uses_view and expert.uses_rng
    assert BrokdorfExpert(g, 2, worlds=3).budget_worlds == 3


def test_the_expert_plays_only_legal_moves_through_whole_rounds():
    """BK-4.2, BK-4.10, BK-4.11: every call and card it chooses is among the legal actions."""
    for players, seed in ((4, 1), (3, 2), (5, 3)):
        g = game(players)
        seat = seed % players
        agents = [g.agent("greedy", s) for s in range(players)]
        agents[seat] = BrokdorfExpert(g, seat, worlds=2)
        final, decisions = play_round(g, agents, seed)
        assert final.phase == OVER and decisions > 20


def test_the_expert_repeats_from_its_seed_and_sees_only_its_view():
    g = game(4)
    state = g.new(seed=6)
    while g.to_act(state)[0] != 1 or state.phase != PLAY:  # to player 1's first card
        seat = g.to_act(state)[0]
        state = g.apply(state, g.agent("greedy", seat).act(g.view(state, seat), g.legal_actions(state, seat), None))
    legal = g.legal_actions(state, 1)
    view = g.view(state, 1)
    choices = [BrokdorfExpert(g, 1, worlds=4).act(view, legal, random.Random(k)) for k in range(3)]
    assert choices == [BrokdorfExpert(g, 1, worlds=4).act(view, legal, random.Random(k)) for k in range(3)]
    other = g.determinize(state, 1, seed=5)  # a state that differs only in what player 1 cannot see
    assert g.view(other, 1) == view and other.hands != state.hands
    assert choices == [BrokdorfExpert(g, 1, worlds=4).act(g.view(other, 1), legal, random.Random(k)) for k in range(3)]


def test_bk_5_1_the_expert_drops_a_hand_that_cannot_take_a_trick():
    """MIT with no trick costs +5 (BK-5.1), WEG costs nothing: with five low cards and no trump it says WEG."""
    g = game(4, first_dealer=3)
    s = stacked(g, ["AH 10H KH QH JH", "7C 8C 9C 7S JS", None, None], dealer=3)
    s = play(g, s, "bid 5", "gut", "gut", "gut", "trump H")
    assert g.to_act(s) == (B,)
    expert = BrokdorfExpert(g, B, worlds=8)
    assert str(expert.act(g.view(s, B), g.legal_actions(s, B), random.Random(0))) == "weg"


def test_bk_5_8_in_a_stechen_the_expert_values_not_paying():
    """In BK-8.10's Stechen the round's points do not move; the expert's value is the chance of paying."""
    g, s = bk_8_10_stechen()
    assert s.phase == STECHEN_DEALER and g.to_act(s) == (B,)
    expert = BrokdorfExpert(g, B, worlds=4)
    choice = expert.act(g.view(s, B), g.legal_actions(s, B), random.Random(1))
    assert str(choice) in ("dealer 0", "dealer 1")
    # the decision game of BK-8.10: B calls 2, A GUT, trump Karo, A MIT; B takes 3 tricks, A 2: A pays
    start = play(g, s, "dealer 0")
    end = run_tricks(g, play(g, start, "bid 2", "gut", "trump D", "mit"), {B: "AD 10D KD 7S", A: "7C 8C 9C AS KS"})
    assert end.sheet.results[-1].loser == A
    assert stechen_loss(start, end, A) == 1.0 and stechen_loss(start, end, B) == 0.0
    assert expert.value(start, end) == 0.0 and BrokdorfExpert(g, A, worlds=1).value(start, end) == -1.0
    assert stechen_loss(start, start, A) == 0.0  # nothing decided yet


# -- the solver option (issue 16, item 5): open-hand values of the worlds instead of greedy rollouts in card play


def test_the_solver_option_plays_only_legal_moves_through_whole_rounds():
    """BK-4.10, BK-4.11: with the solver in card play every card it chooses is legal, at every table size."""
    for players, seed in ((4, 11), (3, 12), (5, 13), (6, 14)):
        g = game(players)
        seat = seed % players
        agents = [g.agent("greedy", s) for s in range(players)]
        agents[seat] = BrokdorfExpert(g, seat, worlds=2, solver=True)
        assert agents[seat].solver and not BrokdorfExpert(g, seat).solver  # rollouts stay the default
        final, decisions = play_round(g, agents, seed)
        assert final.phase == OVER and decisions > 20


def to_card_play(g, seed, seat):
    """Greedy players from ``seed`` until ``seat`` is to play a card with more than one legal card."""
    state = g.new(seed=seed)
    while not (g.to_act(state) == (seat,) and state.phase == PLAY and len(g.legal_actions(state, seat)) > 1):
        assert g.to_act(state), "the round ended first"
        acting = g.to_act(state)[0]
        view = g.view(state, acting)
        state = g.apply(state, g.agent("greedy", acting).act(view, g.legal_actions(state, acting), None), acting)
    return state


def test_the_solver_option_repeats_from_its_seed_and_sees_only_its_view():
    g = game(4)
    state = to_card_play(g, 6, 1)
    legal = g.legal_actions(state, 1)
    view = g.view(state, 1)

    def choices(v):
        return [BrokdorfExpert(g, 1, worlds=6, solver=True).act(v, legal, random.Random(k)) for k in range(4)]

    first = choices(view)
    assert first == choices(view) and all(c in legal for c in first)
    other = g.determinize(state, 1, seed=8)  # the same view, other hidden cards
    assert g.view(other, 1) == view and other.hands != state.hands
    assert choices(g.view(other, 1)) == first


def test_the_solver_option_takes_the_card_with_the_fewest_bk_5_1_points_over_its_worlds():
    """In each world a card is worth the BK-5.1 change of the tricks the open-hand solver says the expert is sure of
    (his contract for the declarer, one trick for a MIT player); the option takes the best mean, first of equals."""
    for players, seed, seat in ((4, 6, 1), (4, 21, 0), (3, 5, 2), (5, 9, 3)):
        g = game(players)
        state = to_card_play(g, seed, seat)
        legal = g.legal_actions(state, seat)
        view = g.view(state, seat)
        deal = view.deal
        needed = deal.contract if deal.declarer == seat else 1
        rng = random.Random(seed)
        totals = [0.0] * len(legal)
        for _ in range(5):  # the same worlds, drawn from the same generator
            values = solve_actions(g._determinize(view, seat, rng, "greedy"), seat)
            totals = [t - point_change(values[a], needed) for t, a in zip(totals, legal)]
        best = legal[totals.index(max(totals))]
        assert BrokdorfExpert(g, seat, worlds=5, solver=True).act(view, legal, random.Random(seed)) == best


def test_the_solver_option_changes_only_card_play():
    """Calls, the trump, MIT/WEG and a Stechen are still valued by rollouts: the same choices as the default."""
    g = game(4)
    state = g.new(seed=6)
    seen = 0
    while state.phase != PLAY:
        seat = g.to_act(state)[0]
        legal = g.legal_actions(state, seat)
        view = g.view(state, seat)
        if len(legal) > 1:
            with_solver = BrokdorfExpert(g, seat, worlds=3, solver=True).act(view, legal, random.Random(seen))
            assert with_solver == BrokdorfExpert(g, seat, worlds=3).act(view, legal, random.Random(seen))
            seen += 1
        state = g.apply(state, g.agent("greedy", seat).act(view, legal, None), seat)
    assert seen >= 4
    g8, stechen = bk_8_10_stechen()
    legal = g8.legal_actions(stechen, B)
    view = g8.view(stechen, B)
    assert BrokdorfExpert(g8, B, worlds=3, solver=True).act(view, legal, random.Random(2)) == BrokdorfExpert(
        g8, B, worlds=3
    ).act(view, legal, random.Random(2))


def test_the_solver_option_leads_the_ace_that_keeps_both_tricks():
    """BK-7.6's ending (two players, trump Herz): seat 0 holds ♠A ♠7 after three club tricks.  Leading ♠A can
    lose only to a trump; leading ♠7 loses to any Pik or trump above it.  In every world ♠A is worth at least ♠7."""
    g = game(2, first_dealer=1)
    state = stacked(g, ["AC 10C KC AS 7S", "7C 8C 9C KS AD"], dealer=1)
    state = play(g, state, "bid 1", "gut", "trump H", "mit", "play AC", "play 7C", "play 10C", "play 8C")
    state = play(g, state, "play KC", "play 9C")
    assert g.to_act(state) == (A,) and state.tricks == (3, 0)
    choice = BrokdorfExpert(g, A, worlds=16, solver=True).act(
        g.view(state, A), g.legal_actions(state, A), random.Random(3)
    )
    assert str(choice) == "play AS"
