"""The Brokdorf ``expert`` agent: determinized Monte Carlo over worlds drawn from its view.

Its strength against greedy is measured by ``python -m benchmarks.strength --game brokdorf``
(docs/games/brokdorf.md shows the figures); these tests check that it plays only legal
moves through whole rounds, sees only its view, repeats from its seed, and values what the
rules make valuable (BK-5.1 in a deal, BK-5.8 in a Stechen).
"""

from __future__ import annotations

import random

import cardgames
from cardgames.brokdorf.agents import BrokdorfExpert
from cardgames.brokdorf.rules import OVER, PLAY, STECHEN_DEALER
from cardgames.brokdorf.worlds import stechen_loss
from cardgames.core.expert import ExpertAgent

from .helpers import game, play, stacked
from .test_scoring import bk_8_10_stechen, run_tricks

A, B, C, D = range(4)


def play_round(g, agents, seed):
    """One whole round (or session) with ``agents`` (one agent per seat); every action goes through apply."""
    rng = random.Random(seed)
    state = g.new(seed=seed)
    decisions = 0
    while g.to_act(state):
        seat = g.to_act(state)[0]
        legal = g.legal_actions(state, seat)
        action = agents[seat].act(g.view(state, seat), legal, rng)
        assert action in legal
        state = g.apply(state, action, seat)
        decisions += 1
    return state, decisions


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
