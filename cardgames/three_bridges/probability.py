"""Classroom questions of Three Bridges: exact answers (Fractions) and simulated ones with intervals.

>>> from cardgames.three_bridges.probability import bridge_suit_pattern_distribution
>>> bridge_suit_pattern_distribution()
{3: Fraction(64, 155), 2: Fraction(84, 155), 1: Fraction(7, 155)}
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

from ..core.probability import Estimate, estimate
from ..core.simulate import game_seed

SUITS, RANKS = 4, 8


def bridge_suit_pattern_distribution() -> dict[int, Fraction]:
    """Exact probabilities that the three bridges show 3, exactly 2, or 1 suit(s).

    A revealed Chronist goes back into the pile (TB-3.2), so the bridges are the first
    three suited cards of a shuffled deck: a uniform 3-card subset of the 32 suited
    cards.  Count the subsets by their suit pattern.
    """
    total = comb(SUITS * RANKS, 3)
    three = comb(SUITS, 3) * RANKS ** 3  # three suits, one card each
    one = SUITS * comb(RANKS, 3)  # all of one suit
    two = total - three - one  # two of one suit and one of another
    assert two == SUITS * (SUITS - 1) * comb(RANKS, 2) * RANKS
    return {3: Fraction(three, total), 2: Fraction(two, total), 1: Fraction(one, total)}


def bridge_suit_pattern_estimate(samples: int = 10_000, seed: int = 0) -> dict[int, Estimate]:
    """The same by dealing ``samples`` real games (TB-3.2 with its Chronist re-shuffle)."""
    from ..core.registry import load

    game = load("three_bridges", first_player=0)
    counts = {3: 0, 2: 0, 1: 0}
    for i in range(samples):
        state = game.new(seed=game_seed(seed, i))
        counts[len({b >> 3 for b in state.bridges})] += 1
    return {k: estimate(v, samples) for k, v in counts.items()}


def chronist_at_setup_probability() -> Fraction:
    """Exercise 3: the chance that at least one Chronist is revealed (and shuffled back) during setup.

    The bridges are revealed until three suited cards have shown; no Chronist turns up
    exactly when the first three cards of the shuffled deck are all suited.
    """
    return 1 - Fraction(comb(32, 3), comb(34, 3))


def first_player_win_rate(agent_a: str = "random", agent_b: str = "random", games: int = 1000,
                          seed: int = 0) -> Estimate:
    """How often P1 (the first leader, played by ``agent_a``) beats P2 (``agent_b``), by simulation.

    A draw is not a win.  The result is an :class:`Estimate` with its 95 % Wilson interval.
    """
    from ..core.registry import load
    from ..core.simulate import simulate

    game = load("three_bridges", first_player=0)  # seat 0 is P1
    frame = simulate(game, games=games, agents=[agent_a, agent_b], seed=seed)
    p1 = frame[frame["player"] == 0]
    return estimate(int((p1["result"] == "win").sum()), len(p1))
