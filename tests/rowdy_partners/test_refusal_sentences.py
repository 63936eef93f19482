"""RP-4.16: a refusal reads as a sentence in the language in use, the X-code after it, as The Brotherhood
writes its V-codes: "A1 holds no Coin (X05) (RP-4.7)".  The rules' English names of the checks
(NOT_YOUR_TURN, SUIT_REQUIRED, ...) are data of the exception (``.name``), never part of what a person reads.
"""

from __future__ import annotations

import pickle
import random

import pytest

import cardgames
from cardgames import IllegalMove
from cardgames.rowdy_partners import X_NAMES, RowdyIllegalMove

SEEDS = range(2)
EVERY = 5  # every fifth position of a playout is tried
TRIED = 25  # action texts tried at each position, by the player to act and by the next seat


def refusals(players: int, seed: int) -> list[IllegalMove]:
    """The refusals of action texts the game offers elsewhere, tried where they are not legal (as the
    conformance suite provokes them), by the player to act and by a player who is not."""
    game = cardgames.load("rowdy_partners", players=players)
    rng = random.Random(seed)
    state = game.new(seed=seed)
    positions, vocabulary = [], set()
    for _ in range(game.spec.max_decisions):
        acting = game.to_act(state)
        if not acting:
            break
        legal = game.legal_actions(state, acting[0])
        vocabulary |= {str(a) for a in legal}
        positions.append((state, acting[0]))
        state = game.apply(state, legal[rng.randrange(len(legal))], acting[0])
    found = []
    for state, seat in positions[::EVERY]:
        for text in rng.sample(sorted(vocabulary), min(TRIED, len(vocabulary))):
            for who in (seat, (seat + 1) % players):
                try:
                    game.parse_action(state, text, who)
                except IllegalMove as refusal:
                    found.append(refusal)
    return found


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("players", [2, 4])
def test_rp_4_16_no_refusal_names_a_check_in_english(language, players):
    codes = set()
    with cardgames.language(language):
        for seed in SEEDS:
            for refusal in refusals(players, seed):
                text = str(refusal)
                assert isinstance(refusal, RowdyIllegalMove), text
                assert not any(name in text for name in X_NAMES.values()), text
                # the sentence first, capitalised, then the code, then the clause
                assert text[:1] == text[:1].upper() and text.endswith(f" ({refusal.code}) ({refusal.rule})"), text
                assert refusal.name == X_NAMES[refusal.code]
                codes.add(refusal.code)
    assert {"X01", "X02"} <= codes  # the playouts provoke several kinds of refusal


def test_rp_4_16_the_code_and_its_name_stay_data_of_the_refusal():
    game = cardgames.load("rowdy_partners", players=4)
    state = game.new(seed=1)
    other = (game.to_act(state)[0] + 1) % 4
    with pytest.raises(RowdyIllegalMove) as refused:
        game.parse_action(state, str(game.legal_actions(state, game.to_act(state)[0])[0]), other)
    err = refused.value
    assert (err.code, err.name) == ("X01", "NOT_YOUR_TURN")
    back = pickle.loads(pickle.dumps(err))
    assert (back.code, back.name, back.rule, str(back)) == (err.code, err.name, err.rule, str(err))
