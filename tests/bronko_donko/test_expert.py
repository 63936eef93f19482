"""The expert agent of Bronko-Donko: determinized Monte Carlo over greedy's best candidates (issue 15)."""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.bronko_donko.agents import ExpertAgent, GreedyAgent
from cardgames.bronko_donko.rules import DUCK, GONG, KNOCKOUT, ORDER, PLAY, RETURN, Place
from cardgames.core.agents import NO_DRAWS
from cardgames.core.expert import ExpertAgent as CoreExpert

from .helpers import load, play, table
from .test_worlds import FOUR_HANDS, positions, stacked


def test_the_expert_is_registered_and_is_the_core_method():
    game = load(players=4)
    assert cardgames.agents("bronko_donko") == ("random", "greedy", "expert")
    bot = game.agent("expert", 1)
    assert isinstance(bot, ExpertAgent) and isinstance(bot, CoreExpert)
    assert bot.budget_worlds == ExpertAgent.worlds and ExpertAgent(game, 1, worlds=2).budget_worlds == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_expert_plays_whole_games_legally(players):
    """With two worlds per decision the expert plays a whole game in every seat: every phase, only legal actions
    (each one goes through ``apply``)."""
    game = load(players=players, games=1)
    experts = [ExpertAgent(game, seat, worlds=2) for seat in range(players)]
    greedy = [GreedyAgent(game, seat) for seat in range(players)]
    rng = random.Random(players)
    state = game.new(seed=players)
    phases = set()
    while game.to_act(state):
        seat = game.to_act(state)[0]
        bot = experts[seat] if seat == state.match.fights % players else greedy[seat]
        legal = game.legal_actions(state, seat)
        action = bot.act(game.view(state, seat), legal, rng)
        assert action in legal
        if bot is experts[seat]:
            phases.add(state.phase)
        state = game.apply(state, action, seat)
    assert {PLAY, GONG, KNOCKOUT} <= phases


def test_the_expert_shortlists_greedys_best_placements_a_duck_and_the_vest():
    """In a round the candidates are greedy's best placements (greedy's own choice first), greedy's best with
    'vest-off' while BD-7.10 allows it, and a duck when countering (BD-5.7)."""
    game = load(players=4)
    state = stacked(game, FOUR_HANDS, out="Ro6 Ro8")
    state = play(game, state, "open Bl1")
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    legal = game.legal_actions(state, seat)
    expert = ExpertAgent(game, seat, worlds=2)
    options = expert.shortlist(view, legal, random.Random(0))
    placements = [a for a in options if isinstance(a, Place) and not a.vest]
    assert options[0] == GreedyAgent(game, seat).act(view, legal, random.Random(0))
    assert 1 <= len(placements) <= ExpertAgent.candidates
    assert [a for a in options if isinstance(a, Place) and a.vest] == [
        a for a in legal if isinstance(a, Place) and a.vest and a.form is options[0].form
    ]
    assert options[-1] == DUCK and set(map(str, options)) <= set(map(str, legal))


def test_the_expert_takes_a_winning_placement_without_worlds():
    """BD-8.1: placing the last cards wins the fight; the expert does it at once (drawing nothing), with the
    vest off where BD-7.10 allows it (BD-7.11: the losers' damage doubles), as greedy does."""
    game = load(players=4)
    state = table(game, ["Bl5 Gr5 Bl1", "Ro5 Ge5", "Ro2 Ge2 Bl2", "Ro3 Ge3 Bl3"], turn=0)
    state = play(game, state, "open Bl5 Gr5")
    view, legal = game.view(state, 1), game.legal_actions(state, 1)
    action = ExpertAgent(game, 1, worlds=2).act(view, legal, NO_DRAWS)
    assert str(action) == "box Ge5 Ro5 vest-off"
    assert action == GreedyAgent(game, 1).act(view, legal, NO_DRAWS)


def test_the_bronkos_settlement_and_final_gong_choices_are_greedys():
    """DP-6 to DP-8 do not change the chooser's own HP in this fight: the expert asks greedy, drawing no world."""
    game = load(players=3, games=1)
    states, _ = positions(game, 6, "greedy")
    checked = set()
    for state in states:
        if state.phase in (GONG, ORDER, KNOCKOUT) and len(game.legal_actions(state)) > 1:
            seat = game.to_act(state)[0]
            view = game.view(state, seat)
            legal = game.legal_actions(state, seat)
            expert = ExpertAgent(game, seat, worlds=1)
            assert expert.shortlist(view, legal, random.Random(0)) == [
                GreedyAgent(game, seat).act(view, legal, random.Random(0))
            ]
            checked.add(state.phase)
    assert checked == {GONG, ORDER, KNOCKOUT}


def test_the_bronko_weighs_greedys_best_pairs_to_hand_back():
    """DP-2 (BD-10.7 b): of the pairs the Bronko may return, greedy's best few are played out, its choice first."""
    game = load(players=3, games=1)
    states, _ = positions(game, 6, "greedy")
    state = next(s for s in states if s.phase == RETURN)
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    legal = game.legal_actions(state, seat)
    options = ExpertAgent(game, seat, worlds=1).shortlist(view, legal, random.Random(0))
    assert len(options) == min(ExpertAgent.candidates, len(legal))
    assert options[0] == GreedyAgent(game, seat).act(view, legal, random.Random(0))


def test_the_experts_choice_repeats_from_its_generator():
    game = load(players=4, games=1)
    states, _ = positions(game, 2, "greedy", every=11)
    for state in states[:6]:
        seat = game.to_act(state)[0]
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        first = ExpertAgent(game, seat, worlds=3).act(view, legal, random.Random(5))
        assert ExpertAgent(game, seat, worlds=3).act(view, legal, random.Random(5)) == first
