"""Properties of every position of random games, and the card-code conventions."""

from __future__ import annotations

import random

import pytest
from helpers import random_states

import cardgames
from cardgames.three_bridges.cards import (
    ASS,
    CARD_MASK,
    EICHEL,
    FACE_DOWN,
    HIDDEN,
    LAUB,
    OBER,
    UNTER,
    code,
    entry,
    entry_code,
    parse_card,
    pretty,
    rank_of,
    suit_of,
)
from cardgames.three_bridges.rules import (
    NO_STEP,
    PASS,
    PLACE,
    RANK_STEP,
    RESOLVE,
    SUIT_STEP,
    Frame,
    _due_step,
    _move_actions,
    _play_actions,
    _turn_actions,
)
from cardgames.three_bridges.worlds import deal

from .helpers import GAME


def test_tb_1_3_card_codes_round_trip():
    """TB-1.3: suit-rank codes, suits H E S L, ranks VII..A; Chr for a Chronist, Chr=E once declared."""
    codes = [code(c) for c in range(32)]
    assert codes[:8] == ["H-VII", "H-VIII", "H-IX", "H-X", "H-U", "H-O", "H-K", "H-A"]
    assert codes[8] == "E-VII" and codes[16] == "S-VII" and codes[31] == "L-A"
    assert all(parse_card(c) == i for i, c in enumerate(codes))
    assert parse_card("chr") == 32 and code(32) == code(33) == "Chr"
    assert entry_code(entry("Chr=E")) == "Chr=E"
    assert pretty(parse_card("L-U")) == "Laub Unter"
    with pytest.raises(ValueError, match="suits H E S L"):
        parse_card("X-VII")


def test_tb_7_1_first_player_is_an_engine_option_drawn_from_the_seed():
    """TB-7.1: which player is P1 is not a player's decision: option or seed."""
    game = cardgames.load("three_bridges")
    s = game.new(seed=12)
    assert s.phase == PLACE and game.to_act(s) == (s.first,)
    assert game.new(seed=12).first == s.first


@pytest.mark.parametrize("seed", range(25))
def test_invariants_of_random_games(seed):
    """TB-2.1, TB-2.6, TB-2.7, TB-4.3: cards are conserved; bridge suits never change; at most one face-down
    card, and views hide exactly what they should."""
    suits = None
    for s in random_states(GAME, seed):
        cards = [e & CARD_MASK for b in s.columns for col in b for e in col]
        assert sorted(cards + list(s.bridges) + list(s.hands[0]) + list(s.hands[1]) + list(s.pile)) == list(range(34))
        bs = [b >> 3 for b in s.bridges]
        suits = suits or bs
        assert bs == suits and all(b < 32 for b in s.bridges)
        down = [(b, seat) for b in range(3) for seat in (0, 1) for e in s.columns[b][seat] if e & FACE_DOWN]
        assert len(down) <= 1
        if down:
            assert s.phase in (PLACE, RESOLVE) and down[0][1] != s.actor  # the other player's card
        for p in (0, 1):
            v = GAME.view(s, p)
            assert GAME.to_act(v) == GAME.to_act(s)
            assert set(v.hands[1 - p]) <= {HIDDEN} and v.hands[p] == s.hands[p]
            if GAME.to_act(s) == (p,):
                d = deal(v, p, random.Random(seed))
                assert GAME.legal_actions(d, p) == GAME.legal_actions(s, p)
                assert GAME._legal(v, p) == GAME.legal_actions(s, p)  # the view tells its player what he may do
            else:
                assert p not in GAME.to_act(v)
            text = GAME.render(s, p)
            for e in (e for b in s.columns for col in b[1 - p : 2 - p] for e in col if e & FACE_DOWN):
                assert f"[{code(e & CARD_MASK)}" not in text


def _listed_step(player, step, b, side, e, s):
    """TB-4.5 as the lists of ways tell it: the first ability from ``step`` on whose list is not empty."""
    rank, suit = rank_of(e), suit_of(e)
    if step == RANK_STEP:
        if rank == UNTER and side >= 0 and suit == s.bridges[b] >> 3:
            return RANK_STEP
        if rank == OBER and _move_actions(s.columns, player, b):
            return RANK_STEP
        if rank == ASS and _play_actions(s.hands[player], suit):
            return RANK_STEP
    if suit == EICHEL and s.pile:
        return SUIT_STEP
    if suit == LAUB and _turn_actions(s.columns, b, player):
        return SUIT_STEP
    return NO_STEP


@pytest.mark.parametrize("seed", range(12))
def test_tb_4_5_an_ability_is_due_exactly_when_it_has_a_legal_way(seed):
    """TB-4.5, TB-4.9 to TB-4.14: resolving tests whether an ability has a way without listing the ways.

    For every card on the board of random games, either owner and either step, the test agrees with
    the lists of ways; and a decision that is due offers its ways, with ``pass`` unless forced (TB-4.6).
    """
    for s in random_states(GAME, seed):
        for b in range(3):
            for side in (0, 1):
                for e in s.columns[b][side]:
                    if e & CARD_MASK == HIDDEN:
                        continue
                    for player in (0, 1):
                        for step in (RANK_STEP, SUIT_STEP):
                            args = (player, step, b, side, e & ~FACE_DOWN)
                            expected = _listed_step(*args, s)
                            frame = Frame(player=player, card=e & CARD_MASK, forced=False, step=step, seen=(b, side, 0))
                            due = _due_step(
                                frame, b, side, e & ~FACE_DOWN, s.bridges, s.columns, s.hands[player], s.pile
                            )
                            assert due == expected
        if s.phase == RESOLVE:
            legal = GAME.legal_actions(s)
            frame = s.stack[-1]
            assert legal and (PASS in legal) == (not frame.forced)
