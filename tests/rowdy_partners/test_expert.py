"""The expert agent of Rowdy Partners: determinized Monte Carlo over worlds drawn from its view."""

from __future__ import annotations

import random

import pytest
from helpers import play_game

import cardgames
from cardgames.core.expert import ExpertAgent as CoreExpert
from cardgames.rowdy_partners.agents import ExpertAgent

from .util import act, deal


def test_the_expert_is_registered_and_is_the_core_method():
    game = cardgames.load("rowdy_partners")
    assert cardgames.agents("rowdy_partners") == ("random", "greedy", "expert")
    bot = game.agent("expert", 2)
    assert isinstance(bot, ExpertAgent) and isinstance(bot, CoreExpert)
    assert bot.seat == 2 and bot.budget_worlds == ExpertAgent.worlds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_expert_plays_whole_games_legally(players):
    """With two worlds per decision the expert plays legal actions in every phase, seat by seat."""
    game = cardgames.load("rowdy_partners", players=players)
    for seed in range(2):
        seat = seed % players
        bots = [game.agent("random" if seed else "greedy", s) for s in range(players)]
        bots[seat] = ExpertAgent(game, seat, worlds=2)
        steps, state = play_game(game, bots, seed)
        for _, _, legal, action in steps:
            assert any(action is a for a in legal), (seed, str(action))
        decisions = sum(p == seat for _, p, _, _ in steps)
        assert state.score.result is not None and decisions > 10


def test_the_expert_takes_the_trick_that_deals_damage():
    """B2 plays last with Ha1 and Ha4 against A1's Ha5: Ha4 wins with D = 4 where Ha1 deals 1 (RP-4.11)."""
    hands = ["Ha5 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8", "Ha6 St1 St2 St3 St4 St6 St7 St8"]  # A1, B1
    hands += ["Ha7 Gr1 Gr2 Gr3 Gr4 Gr6 Gr7 Gr8", "Ha1 Ha4 Ho5 St5 Gr5 Ha2 Ha3 Ha8"]  # A2, B2
    game, s = deal(4, hands=hands, burn="W2 W4 W6 W8")
    s = act(game, s, "play Ha5", "play Ha6", "play Ha7")
    bot = ExpertAgent(game, 3, worlds=4)
    assert str(bot.act(game.view(s, 3), game.legal_actions(s), random.Random(1))) == "play Ha4"


def test_the_experts_choice_repeats_from_the_generator():
    """The budget is a number of worlds: the same generator state gives the same choice."""
    game = cardgames.load("rowdy_partners", players=4)
    state = game.new(seed=8)
    bots = [game.agent("greedy", s) for s in range(4)]
    for _ in range(9):
        p = game.to_act(state)[0]
        state = game.apply(state, bots[p].act(game.view(state, p), game.legal_actions(state, p), None), p)
    p = game.to_act(state)[0]
    bot = ExpertAgent(game, p, worlds=3)
    view, legal = game.view(state, p), game.legal_actions(state, p)
    assert len(legal) > 1
    assert bot.act(view, legal, random.Random(5)) is bot.act(view, legal, random.Random(5))
