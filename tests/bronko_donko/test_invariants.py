"""Invariants over many random playouts: cards are conserved, tokens and Schläger stay consistent,
and every generated action passes the rule checks (BD-4.3, BD-5.11, BD-9.8, BD-10.6)."""

from __future__ import annotations

import random

import pytest
from helpers import random_states

from cardgames.bronko_donko.cards import SCHLAEGER, WOLF_BIT
from cardgames.bronko_donko.rules import GIVE, GONG, PLAY, RETURN, STEAL, WOLFSBLUT, Place

from .helpers import load


def popcount(x):
    return bin(x).count("1")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bd_4_3_cards_are_conserved_and_tokens_consistent_in_random_play(players):
    game = load(players, games=2)
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        fight, played = state.match.fights, 0  # the cards placed in this fight (BD-5.12: they leave play)
        while game.to_act(state):
            if state.match.fights != fight:
                fight, played = state.match.fights, 0
            alive = [q for q in range(players) if state.standing.alive >> q & 1]
            per = 10 if len(alive) <= 3 else 8
            seen = played
            for q in range(players):
                assert not seen & state.hands[q]
                seen |= state.hands[q]
                if not state.standing.alive >> q & 1:
                    assert state.hands[q] == 0 and not state.standing.schlaeger[q]
            if state.phase in (GIVE, RETURN, PLAY, WOLFSBLUT, GONG):
                assert popcount(seen) == per * len(alive)
            for q in range(players):
                sl = state.standing.schlaeger[q]
                assert list(sl) == sorted(sl) and set(sl) <= set(SCHLAEGER)
                assert not state.standing.counted[q] or sl
            assert 0 <= state.standing.flucht <= 3
            if len(alive) >= 3 and state.standing.donko >= 0 and state.phase in (GIVE, RETURN, PLAY, WOLFSBLUT):
                assert state.standing.donko != state.standing.bronko  # BD-10.6 (informative)
            if state.fight.wolf_rest:
                assert any(h & WOLF_BIT for h in state.hands)
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            assert len(set(legal)) == len(legal)
            for a in legal:  # BD-5.1: only cards of the hand; BD-5.5: a counter matches type and size
                if isinstance(a, Place):
                    assert a.form.req & state.hands[seat] == a.form.req
                    current = state.round.current
                    if current is not None:
                        assert (a.form.kind, a.form.size) == (current.kind, current.size)
            action = rng.choice(legal)
            if isinstance(action, Place):
                played |= action.form.req
            elif action == STEAL:  # the real card takes the Wolf's place (BD-6.5)
                played = played & ~WOLF_BIT | 1 << state.wolfsblut.formation.wolf
            state = game.apply(state, action, seat)
        assert sum(state.match.orden) == 2


def test_bd_5_7_players_out_of_the_round_or_game_never_act():
    game = load(4)
    for seed in range(10):
        for state in random_states(game, seed)[:-1]:  # every state with a player to act
            seat = game.to_act(state)[0]
            if state.phase == PLAY:
                assert state.standing.alive >> seat & 1 and not state.round.ducked >> seat & 1
                assert state.hands[seat]


def test_greedy_against_greedy_and_mixed_tables_finish():
    import cardgames

    for players in (2, 3, 4):
        game = load(players, games=2)
        for seed in range(3):
            names = ["greedy", "random"] * 2
            final = cardgames.playout(game, names[:players], seed=seed)
            assert game.is_over(final) and sum(final.match.orden) == 2
