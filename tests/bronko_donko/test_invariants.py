"""Invariants over many random playouts: cards are conserved, tokens and Schläger stay consistent,
and every generated action passes the rule checks (BD-4.3, BD-5.11, BD-9.8, BD-10.6)."""
from __future__ import annotations

import random

import pytest

from cardgames.bronko_donko.cards import SCHLAEGER, WOLF_BIT
from cardgames.bronko_donko.rules import GIVE, GONG, PLAY, RETURN, WOLFSBLUT

from .helpers import load


def popcount(x):
    return bin(x).count("1")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bd_4_3_cards_are_conserved_and_tokens_consistent_in_random_play(players):
    game = load(players, games=2)
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        while game.to_act(state):
            alive = [q for q in range(players) if state.alive >> q & 1]
            per = 10 if len(alive) <= 3 else 8
            seen = state.played
            for q in range(players):
                assert not seen & state.hands[q]
                seen |= state.hands[q]
                if not state.alive >> q & 1:
                    assert state.hands[q] == 0 and not state.schlaeger[q]
            if state.phase in (GIVE, RETURN, PLAY, WOLFSBLUT, GONG):
                assert popcount(seen) == per * len(alive)
            for q in range(players):
                sl = state.schlaeger[q]
                assert list(sl) == sorted(sl) and set(sl) <= set(SCHLAEGER)
                assert not state.counted[q] or sl
            assert 0 <= state.flucht <= 3
            if len(alive) >= 3 and state.donko >= 0 and state.phase in (GIVE, RETURN, PLAY, WOLFSBLUT):
                assert state.donko != state.bronko  # BD-10.6 (informative)
            if state.wolf_rest:
                assert any(h & WOLF_BIT for h in state.hands)
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            assert len(set(legal)) == len(legal)
            for a in legal:
                game._check(state, a, seat)
            state = game.apply(state, rng.choice(legal), seat)
        assert sum(state.orden) == 2


def test_bd_5_7_players_out_of_the_round_or_game_never_act():
    game = load(4)
    for seed in range(10):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            if state.phase == PLAY:
                assert state.alive >> seat & 1 and not state.ducked >> seat & 1
                assert state.hands[seat]
            state = game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)


def test_greedy_against_greedy_and_mixed_tables_finish():
    import cardgames

    for players in (2, 3, 4):
        game = load(players, games=2)
        for seed in range(3):
            names = ["greedy", "random"] * 2
            final = cardgames.playout(game, names[:players], seed=seed)
            assert game.is_over(final) and sum(final.orden) == 2
