"""RP-4.16: what is legal and why anything else is refused come from the same rules (legality.py).

Every action the game can spell (each card played or buried, each suit named, tag and pass, each
token, and every cheat and signature move with every argument its effect takes) is tried at seeded
positions of 2-, 3- and 4-player games: an offered one is accepted, any other is refused with an
X-code and a clause of the rules; no refusal is left to a catch-all.
"""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.core.errors import InputError
from cardgames.core.rulebook import rule
from cardgames.rowdy_partners.actions import (
    BURY,
    CHEAT_ACTIONS,
    COIN_DOWN,
    COIN_UP,
    DAMAGE,
    NAME,
    PASS,
    PLAY,
    SIGNATURE_ACTIONS,
    TAG,
    ChooseWrestler,
    Coin,
    Name,
)
from cardgames.rowdy_partners.legality import X_NAMES, RowdyIllegalMove
from cardgames.rowdy_partners.state import NAMING

EVERY_ACTION = (
    PLAY
    + BURY
    + NAME
    + (TAG, PASS, COIN_UP, COIN_DOWN, DAMAGE)
    + tuple(CHEAT_ACTIONS.values())
    + tuple(SIGNATURE_ACTIONS.values())
)


def positions(players, seed, choose=False):
    """The positions of a seeded random game (every 7th, and each position with attachments on offer)."""
    game = cardgames.load("rowdy_partners", players=players, choose_wrestlers=choose)
    rng = random.Random(seed)
    state = game.new(seed=seed)
    n = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if n % 7 == 0 or len(legal) > 12 or state.phase == NAMING:
            yield game, state, seat, legal
        state = game.apply(state, legal[rng.randrange(len(legal))], seat)
        n += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rp_4_16_each_action_is_offered_or_refused_by_a_rule(players):
    tried = 0
    for seed in range(2):
        for game, state, seat, legal in positions(players, seed, choose=seed == 1):
            offered = set(legal)
            wrestlers = tuple(ChooseWrestler(w) for w in game.options["roster"])
            for action in EVERY_ACTION + wrestlers:
                if action in offered:
                    game.apply(state, action, seat)
                    continue
                with pytest.raises(RowdyIllegalMove) as refusal:
                    game.apply(state, action, seat)
                tried += 1
                assert refusal.value.code in X_NAMES, str(refusal.value)
                assert rule(refusal.value.rule, language="en").game == "rowdy_partners"
    assert tried > 1000


def test_rp_4_16_an_action_no_text_spells_is_no_action():
    """An action built by hand with a value no action text spells breaks no rule: it is no action at all."""
    wanted = {"naming": Name(7), "coin": Coin(2)}
    for game, state, seat, legal in positions(4, 3):
        if state.phase == NAMING:
            found = wanted.pop("naming", None)
        elif COIN_UP in legal:
            found = wanted.pop("coin", None)
        else:
            continue
        if found is not None:
            with pytest.raises(InputError, match="is not a Rowdy Partners action"):
                game.apply(state, found, seat)
    assert not wanted
