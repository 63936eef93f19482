"""Classroom probability in Brokdorf: exact answers by counting, and numpy simulations.

The redeal question (BK-3.6, worked in BK-8.2): a hand forces a redeal when it holds
five Luschen (7, 8, 9) with no three of a suit.  Counting those hands and the pairs of
disjoint such hands gives the chance per deal by inclusion-exclusion; three such hands
would need 15 of the 12 Luschen, so pairs are where the series stops.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb, prod

import numpy as np

from ..core.probability import Estimate, estimate
from ..core.sampling import as_generator, sample_deals, sample_hands

DECK = 32
HAND = 5
SUIT_SIZE = 8
LUSCHEN_PER_SUIT = 3


def _suit_patterns(total: int, cap: int):
    """Counts per suit (4 suits) of ``total`` cards with at most ``cap`` per suit."""
    return [p for p in product(range(cap + 1), repeat=4) if sum(p) == total]


def redeal_hands() -> int:
    """Number of 5-card hands that force a redeal: five Luschen, at most two per suit (648)."""
    return sum(prod(comb(LUSCHEN_PER_SUIT, k) for k in p) for p in _suit_patterns(HAND, 2))


def redeal_hand_pairs() -> int:
    """Ordered pairs of disjoint redeal hands (11664)."""
    total = 0
    for a in _suit_patterns(HAND, 2):
        for b in _suit_patterns(HAND, 2):
            if all(x + y <= LUSCHEN_PER_SUIT for x, y in zip(a, b)):
                total += prod(comb(LUSCHEN_PER_SUIT, x) * comb(LUSCHEN_PER_SUIT - x, y) for x, y in zip(a, b))
    return total


def hand_redeal_probability() -> Fraction:
    """The chance that *your* hand forces a redeal: 648 / C(32, 5) = 81/25172."""
    return Fraction(redeal_hands(), comb(DECK, HAND))


def redeal_probability(players: int) -> Fraction:
    """The exact chance that a deal to ``players`` (2-6) is void under BK-3.6."""
    _check_players(players)
    one = Fraction(redeal_hands(), comb(DECK, HAND))
    two = Fraction(redeal_hand_pairs(), comb(DECK, HAND) * comb(DECK - HAND, HAND))
    return players * one - comb(players, 2) * two


def redeal_mask(hands: np.ndarray) -> np.ndarray:
    """For card-index hands (..., 5): does each hand force a redeal?"""
    lusche = np.all((hands & 7) <= 2, axis=-1)
    suits = hands >> 3
    counts = np.stack([(suits == s).sum(axis=-1) for s in range(4)], axis=-1)
    return lusche & (counts.max(axis=-1) <= 2)


def estimate_redeal_probability(players: int, samples: int = 200_000, seed: int | None = 0) -> Estimate:
    """Simulated chance of a void deal, with its 95 % Wilson interval (vectorised)."""
    _check_players(players)
    rng = as_generator(seed)
    hits = 0
    for size in _batches(samples):
        deals = sample_deals(size, DECK, players, HAND, rng)
        hits += int(redeal_mask(deals).any(axis=1).sum())
    return estimate(hits, samples)


def trump_count_distribution() -> dict[int, Fraction]:
    """How many trumps a 5-card hand holds: hypergeometric, 8 trumps among 32 cards."""
    return {k: Fraction(comb(SUIT_SIZE, k) * comb(DECK - SUIT_SIZE, HAND - k), comb(DECK, HAND)) for k in range(HAND + 1)}


def expected_trumps() -> Fraction:
    """Mean number of trumps in a hand: 5 * 8/32."""
    return sum((k * p for k, p in trump_count_distribution().items()), Fraction(0))


def estimate_trump_counts(samples: int = 100_000, seed: int | None = 0) -> dict[int, Estimate]:
    """Simulated trump-count distribution (trump = Kreuz, cards 0-7), each with its interval."""
    hands = sample_hands(samples, DECK, HAND, as_generator(seed))
    counts = np.bincount((hands >> 3 == 0).sum(axis=1), minlength=HAND + 1)
    return {k: estimate(int(counts[k]), samples) for k in range(HAND + 1)}


def trump_ace_in_play_probability(players: int) -> Fraction:
    """The chance that the trump Ace is dealt at all: 5n of the 32 cards are dealt."""
    _check_players(players)
    return Fraction(HAND * players, DECK)


def estimate_trump_ace_in_play(players: int, samples: int = 100_000, seed: int | None = 0) -> Estimate:
    _check_players(players)
    deals = sample_deals(samples, DECK, players, HAND, as_generator(seed))
    return estimate(int((deals == 7).any(axis=(1, 2)).sum()), samples)  # card 7 is the Kreuz Ace


def opponent_void_probability() -> Fraction:
    """You hold no card of a suit: the chance that a given opponent holds none either.

    His five cards come from the 27 you cannot see, 8 of them of that suit.
    """
    return Fraction(comb(DECK - HAND - SUIT_SIZE, HAND), comb(DECK - HAND, HAND))


def estimate_opponent_void(samples: int = 100_000, seed: int | None = 0) -> Estimate:
    """Simulated: among deals where seat 0 has no Kreuz, how often seat 1 has none either."""
    rng = as_generator(seed)
    hits = total = 0
    while total < samples:
        deals = sample_deals(samples, DECK, 2, HAND, rng)
        no_kreuz = (deals >> 3 == 0).sum(axis=2) == 0
        mine = no_kreuz[:, 0]
        take = min(int(mine.sum()), samples - total)
        hits += int(no_kreuz[mine, 1][:take].sum())
        total += take
    return estimate(hits, total)


def _batches(samples: int, size: int = 250_000):
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ValueError(f"samples must be a positive integer, not {samples!r}")
    while samples > 0:
        yield min(size, samples)
        samples -= size


def _check_players(players: int) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise ValueError(f"Brokdorf is played by 2 to 6 players, not {players!r}")
