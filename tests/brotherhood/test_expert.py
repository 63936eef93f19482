"""The expert agent of The Brotherhood: determinized Monte Carlo on top of greedy (issue 15).

Its games are played with a small number of worlds (``ExpertAgent(game, seat, worlds=1)``);
``benchmarks/strength.py`` measures its strength with the full budget.
"""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.brotherhood import orders as od
from cardgames.brotherhood.agents import ExpertAgent, GreedyAgent
from cardgames.brotherhood.resolve import Transfer
from cardgames.brotherhood.rules import ORDERS, TRANSFER

from .helpers import do, game, resolve

A, B, C = 0, 1, 2


def first(g, state, stage):
    """The first state of a seeded game (everybody answering with his first legal decision) at ``stage``."""
    while state.stage != stage:
        p = g.to_act(state)[0]
        state = g.apply(state, g.legal_actions(state, p)[0], p)
    return state


def test_the_expert_is_registered_and_plays_with_its_own_budget():
    g = game(4)
    expert = g.agent("expert", A)
    assert isinstance(expert, ExpertAgent) and expert.policy == "greedy" and not expert.fixed
    view = g.view(g.new(seed=1), A)
    assert expert.budget(view, 2) == ExpertAgent.most  # a choice between two: the most worlds
    assert expert.budget(view, ExpertAgent.finalists) == ExpertAgent.playouts // ExpertAgent.finalists
    assert expert.budget(view, 500) == ExpertAgent.least
    small = ExpertAgent(g, A, worlds=2)
    assert small.fixed and small.budget(view, 2) == small.budget(view, 40) == 2


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 1), (3, 2)])
def test_the_expert_plays_whole_games_with_listed_decisions_only(players, seed, monkeypatch):
    """Every decision passes apply (playout checks it); BH-4.4: one unit of a listed order at a time,
    never a whole set in one line; BH-4.3: it never gives GE away."""
    g = game(players)
    monkeypatch.setitem(g.spec.agents, "expert-1", lambda game, seat: ExpertAgent(game, seat, worlds=1))
    names = ["greedy"] * players
    seat = seed % players
    names[seat] = "expert-1"
    final = cardgames.playout(g, names, seed=seed)
    assert g.is_over(final)
    mine = [a for p, a in cardgames.history(final) if p == seat]
    assert mine and not [a for a in mine if isinstance(a, (Transfer, od.OrderSet))]
    assert all(a.n == 1 for a in mine if isinstance(a, od.Order))


def test_the_expert_passes_in_the_transfer_window():
    g = game(3)
    s = g.new(seed=2)
    assert s.stage == TRANSFER
    p = g.to_act(s)[0]
    expert = ExpertAgent(g, p, worlds=1)
    legal = g.legal_actions(s, p)
    assert len(legal) > 1 and list(expert.shortlist(g.view(s, p), legal, random.Random(0))) == [legal[0]]
    assert str(expert.act(g.view(s, p), legal, random.Random(0))) == "pass"


def test_the_shortlist_keeps_greedys_choice_first_and_the_best_screened_orders():
    g = game(3)
    s = first(g, g.new(seed=3), ORDERS)
    view, legal = g.view(s, A), g.legal_actions(s, A)
    assert len(legal) > ExpertAgent.finalists
    expert = ExpertAgent(g, A, worlds=2)
    short = expert.shortlist(view, legal, random.Random(4))
    assert len(short) == ExpertAgent.finalists and len({str(a) for a in short}) == len(short)
    assert short[0] == GreedyAgent(g, A).act(view, legal, random.Random(0))
    assert all(any(a is b for b in legal) for a in short)  # the listed objects themselves
    # the three others are the best of the rest in the same screening worlds
    rest = [a for a in legal if a is not short[0]]
    totals = expert.totals(view, rest, 1, random.Random(4))  # a fixed budget screens in one world
    best = sorted(range(len(rest)), key=lambda i: -totals[i])[:3]
    assert [str(rest[i]) for i in best] == [str(a) for a in short[1:]]


def test_a_few_candidates_are_all_compared():
    """BH-4.15.2: FIGHT or CONCEDE in a decision fight over a contested takeover, both played out."""
    g, s = resolve(3, [6, 6, 6, 6], markers={(A, "d"): (0, 0, 2, 0), (B, "d"): (0, 0, 2, 0), (C, "d"): (2, 0, 0, 0)})
    for p in (A, B):
        s = do(g, s, p, "claim P3 2")
        s = do(g, s, p, "submit")
    s = do(g, do(g, s, A, "propose P1"), B, "propose P2")
    assert s.question.kind == "fight"
    legal = g.legal_actions(s, A)
    expert = ExpertAgent(g, A, worlds=3)
    assert [str(a) for a in expert.shortlist(g.view(s, A), legal, random.Random(0))] == ["fight", "concede"]
    assert str(expert.act(g.view(s, A), legal, random.Random(0))) in ("fight", "concede")


def test_the_same_view_and_generator_give_the_same_decision():
    g = game(3)
    s = first(g, g.new(seed=5), ORDERS)
    view, legal = g.view(s, B), g.legal_actions(s, B)
    choices = {str(ExpertAgent(g, B, worlds=2).act(view, legal, random.Random(9))) for _ in range(2)}
    assert len(choices) == 1
    world = g.determinize(s, B, seed=1)  # another state with the same view: the same choice
    assert str(ExpertAgent(g, B, worlds=2).act(g.view(world, B), g.legal_actions(world, B), random.Random(9))) in (
        choices
    )
