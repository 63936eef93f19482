"""Every refusal names a clause of its game's rules, and every legal action is accepted.

What a game offers and why it refuses anything else must come from the same rules: for every
registered game, over seeded random playouts, each action text the game ever offers is tried
at positions where it is not legal (by the player to act, and by a player who is not), and the
refusal must be an IllegalMove citing a clause of that game's rules document that exists, never
the core's generic "is not allowed now".  At the same positions every legal action is accepted,
as the object legal_actions gave and as its text.  The tests know nothing about any one game.
"""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames import IllegalMove
from cardgames.core.game import Game
from cardgames.core.rulebook import rule

GAMES = cardgames.games()
SEEDS = range(3)  # seeded playouts per player count
POSITIONS = 6  # positions tried per playout, spread over the game
TRIED = 60  # action texts tried per position (all of them when the game has fewer)


def player_counts(name: str) -> list[int]:
    spec = cardgames.core.registry.game_class(name).spec
    return list(range(spec.min_players, spec.max_players + 1))


def playout(game: Game, seed: int) -> list[tuple[object, tuple[int, ...]]]:
    """The positions of a seeded random playout with the seats to act, the end left out."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    positions = []
    for _ in range(game.spec.max_decisions):
        acting = game.to_act(state)
        if not acting:
            break
        positions.append((state, acting))
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        state = game.apply(state, legal[rng.randrange(len(legal))], seat)
    return positions


def sampled(positions: list, seed: int) -> list:
    """``POSITIONS`` positions of a playout, always its first and last decision among them."""
    if len(positions) <= POSITIONS:
        return positions
    rng = random.Random(seed)
    middle = rng.sample(range(1, len(positions) - 1), POSITIONS - 2)
    return [positions[i] for i in [0, *sorted(middle), len(positions) - 1]]


def cited(name: str, refusal: IllegalMove, context: str) -> None:
    """The refusal cites a clause of ``name``'s rules document, not the core's generic refusal."""
    assert refusal.rule, f"{name}: a refusal without a clause ({context}): {refusal}"
    clause = rule(refusal.rule, language="en", game=name)  # ValueError if the document has no such clause
    assert clause.game == name, f"{name}: {refusal.rule} is a clause of {clause.game} ({context})"
    generic = Game._refusal(cardgames.load(name), None, 0, "x").message.replace("x", "")
    assert generic not in refusal.message, f"{name}: the core's generic refusal ({context}): {refusal}"


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_names_a_clause_and_every_legal_action_is_accepted(name):
    tried = refused = 0
    # The Brotherhood offers one unit of each order and admits more (Game._allows_unlisted)
    unlisted = type(cardgames.load(name))._allows_unlisted is not Game._allows_unlisted
    for players in player_counts(name):
        game = cardgames.load(name, players=players)
        runs = [playout(game, seed) for seed in SEEDS]
        vocabulary = sorted(
            {str(a) for positions in runs for state, acting in positions for a in game.legal_actions(state, acting[0])}
        )
        for seed, positions in zip(SEEDS, runs):
            rng = random.Random(seed)
            for state, acting in sampled(positions, seed):
                seat = acting[0]
                legal = game.legal_actions(state, seat)
                for action in legal:  # every legal action is accepted, as offered and as its text
                    game.apply(state, action, seat)
                    assert game.parse_action(state, str(action), seat) == action
                offered = {str(a) for a in legal}
                texts = [t for t in vocabulary if t not in offered]
                for text in rng.sample(texts, min(TRIED, len(texts))):
                    context = f"{players} players, seed {seed}, seat {seat}: {text!r}"
                    tried += 1
                    try:
                        game.parse_action(state, text, seat)
                    except IllegalMove as refusal:
                        cited(name, refusal, context)
                        refused += 1
                    else:  # admitted although not offered: only a game whose decisions are too many to list
                        assert unlisted, f"{name}: admitted an action legal_actions did not offer ({context})"
                others = [s for s in range(players) if s not in acting]
                for text in rng.sample(vocabulary, min(5, len(vocabulary))) if others else ():
                    other = rng.choice(others)
                    with pytest.raises(IllegalMove) as refusal:  # not his turn
                        game.parse_action(state, text, other)
                    cited(name, refusal.value, f"{players} players, seed {seed}, seat {other} not to act: {text!r}")
    assert tried > 0 and (refused == tried or unlisted and refused > tried // 2)
