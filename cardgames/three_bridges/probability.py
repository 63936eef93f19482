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


def first_hand_matches_bridge_probability(chronist_counts: bool = False, cards: int = 4) -> Fraction:
    """Exercise 2: a player's first four dealt cards include a card of bridge A's suit.

    The bridges are 3 of the 32 suited cards; the other 31 cards (the Chronisten among
    them, TB-3.2) are shuffled, and a hand is any 4 of them (``cards=5``: with round 1's draw).  Condition on how many of
    the other two bridges share A's suit.  With ``chronist_counts`` a Chronist (which
    can be declared that suit) counts as a match too.
    """
    deck = 34 - 3
    total = Fraction(0)
    for shared in range(3):  # other bridges of A's suit
        p_shared = Fraction(comb(RANKS - 1, shared) * comb(SUITS * RANKS - RANKS, 2 - shared), comb(SUITS * RANKS - 1, 2))
        matching = RANKS - 1 - shared + (2 if chronist_counts else 0)
        total += p_shared * (1 - Fraction(comb(deck - matching, cards), comb(deck, cards)))
    return total


def expected_card_value(schellen_opposite: bool = False) -> Fraction:
    """Exercise 4: the expected TB-5.2 value of a random card placed at a random bridge.

    The bridge card is any of the 32 suited cards, the placed card any of the other 33
    (a Chronist is declared the bridge's suit: 4 + 2); +2 for the bridge's suit, and
    halved (rounded down) if a Schellen card lies opposite.
    """
    total = Fraction(0)
    for bridge in range(SUITS * RANKS):
        suit = bridge // RANKS
        values = []
        for card in range(34):
            if card == bridge:
                continue
            if card >= 32:
                v = 4 + 2
            else:
                rank = card % RANKS
                v = (7 + rank if rank < 4 else 4) + (2 if card // RANKS == suit else 0)
            values.append(v // 2 if schellen_opposite else v)
        total += Fraction(sum(values), len(values))
    return total / (SUITS * RANKS)


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
