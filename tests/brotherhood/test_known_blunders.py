"""Known blunders that neither the greedy rollout policy nor the advice built on it may commit (issue 30).

* BH-4.3: a transfer buys nothing (no deal is binding), so analysis never ranks giving GE away
  above a pass and the expert never gives any;
* BH-4.2.4: greedy never orders so much that the next upkeep withdraws its shooters;
* BH-4.12.4, BH-4.13.1: greedy godfathers do not walk into each other's guns, so in games between
  greedy players nobody is shot and eliminated.
"""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.brotherhood import orders as od
from cardgames.brotherhood.agents import ExpertAgent, plan_orders, upkeep
from cardgames.brotherhood.board import ROUNDS, UPKEEP
from cardgames.brotherhood.resolve import Transfer
from cardgames.brotherhood.rules import ORDERS, TRANSFER

from .helpers import game


def greedy_game(g, seed, visit=None):
    """A seeded game of greedy players; ``visit(state)`` sees every state with a decision open."""
    bots = [g.agent("greedy", seat) for seat in range(g.players)]
    state = g.new(seed=seed)
    while g.to_act(state):
        if visit is not None:
            visit(state)
        p = g.to_act(state)[0]
        state = g.apply(state, bots[p].act(g.view(state, p), g.legal_actions(state, p), None), p)
    return state


def transfer_decisions(g, seed, rounds):
    """The first transfer decision of each round in ``rounds`` of a seeded greedy game (where one is asked)."""
    found = {}

    def visit(state):
        if state.stage == TRANSFER and state.round in rounds and state.round not in found:
            found[state.round] = state

    greedy_game(g, seed, visit)
    return [found[r] for r in sorted(found)]


def amount(text):
    return int(text.split()[-1]) if text.startswith("transfer") else 0


@pytest.mark.parametrize("players, seed", [(4, 2026), (2, 1), (3, 7), (5, 11)])
def test_bh_4_3_analysis_never_ranks_a_transfer_above_a_pass(players, seed):
    """The first decision (the case of issue 30: 4 players, seed 2026) and later ones of a seeded game."""
    g = game(players)
    for state in [g.new(seed=seed), *transfer_decisions(g, seed, (3, 8))]:
        table = cardgames.analyse(g, state, worlds=6, seed=0)
        assert table["action"].iloc[0] == "pass"
        assert len(table) > 1 and all(table["action"].iloc[1:].str.startswith("transfer"))
        # a transfer of n GE loses exactly those n: nothing else follows from it (BH-4.3)
        for text, value in zip(table["action"], table["value"]):
            assert value == -amount(text)


def test_bh_4_3_the_analysis_of_a_transfer_depends_on_the_view_only():
    g = game(4)
    state = g.new(seed=2026)
    other = g.new(seed=2027)  # another deck order and other dice: the same view in round 1 (BH-4.9)
    assert g.view(state, 0) == g.view(other, 0)
    a = cardgames.analyse(g, state, worlds=3, seed=5)
    b = cardgames.analyse(g, other, worlds=3, seed=5)
    assert a.equals(b)


@pytest.mark.parametrize("players, seed", [(4, 2026), (3, 2), (5, 3)])
def test_bh_4_3_the_expert_never_gives_ge_away(players, seed):
    g = game(players)
    for state in [g.new(seed=seed), *transfer_decisions(g, seed, (2, 6, 10))]:
        p = g.to_act(state)[0]
        legal = g.legal_actions(state, p)
        assert any(isinstance(a, Transfer) for a in legal)
        choice = ExpertAgent(g, p, worlds=2).act(g.view(state, p), legal, random.Random(seed))
        assert not isinstance(choice, Transfer) and str(choice) == "pass"


SEEDS = range(50)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bh_4_2_4_greedy_never_spends_the_next_upkeep(players):
    """Greedy's orders leave it the next upkeep of all its shooters (and of the guards it deploys), so
    the upkeep rule withdraws a shooter of greedy's only when its income fell short, never because of
    what it spent; where it cannot keep that much, it spends nothing."""
    g = game(players)
    checked = 0
    for seed in SEEDS:
        for state in orders_stages(g, seed):
            t, rnd = state.base, state.round
            p = g.to_act(state)[0]
            plan = plan_orders(t, rnd, p)
            assert not od.set_errors(t, rnd, p, tuple(plan))
            m = od.multipliers(t, p)
            spent = sum(od.order_cost(o, m) for o in plan)
            deployed = sum(UPKEEP[o.kind] * o.n for o in plan if o.verb == od.DEPLOY)
            assert spent == 0 or t.ge[p] - spent >= upkeep(t, p) + deployed, f"seed {seed}, round {rnd}, P{p + 1}"
            checked += 1
    assert checked > 100


def orders_stages(g, seed):
    """The states of a seeded greedy game where a player starts his order set in rounds 1-11."""
    found = []

    def visit(state):
        if state.stage == ORDERS and state.round < ROUNDS and not state.partial[g.to_act(state)[0]]:
            found.append(state)

    greedy_game(g, seed, visit)
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bh_4_13_1_no_greedy_godfather_is_shot_in_50_greedy_games(players):
    g = game(players)
    for seed in SEEDS:
        final = greedy_game(g, seed)
        assert not any(final.table.elim), f"seed {seed}: eliminated {final.table.elim}"
