"""Classroom probability for Bronko-Donko: exact answers (Fractions) and vectorised simulations.

Exact answers count hands with small dynamic programs over the card multiset (never by
listing hands); the simulations draw many hands at once with numpy and give each
probability a 95 % Wilson interval (``cardgames.core.probability.Estimate``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np

from ..core.i18n import Catalog
from ..core.probability import Estimate, estimate, mean_interval, side_by_side
from ..core.sampling import as_generator, sample_hands
from . import cards as C

DECK = C.NCARDS

_, ngettext = Catalog("bronko_donko").functions()


def _check_hand_size(hand_size: int) -> int:
    if isinstance(hand_size, bool) or not isinstance(hand_size, int) or not 0 <= hand_size <= DECK:
        raise ValueError(
            _("hand_size is a number of fighter cards from 0 to {deck}, not {value}").format(
                deck=DECK, value=repr(hand_size)
            )
        )
    return hand_size


def hands_per_table(players: int) -> int:
    """BD-4.3 step 4: 10 cards each with 2 or 3 players, 8 with 4."""
    if players not in (2, 3, 4):
        raise ValueError(_("Bronko-Donko is played by 2 to 4 players, not {value}").format(value=repr(players)))
    return 10 if players <= 3 else 8


# ---------------------------------------------------------------------------
# 1. The total damage of a hand


def hand_damage_distribution(hand_size: int) -> dict[int, Fraction]:
    """Exact distribution of the total damage of a uniform random hand of ``hand_size`` fighter cards.

    Dynamic programming over the card multiset (damage value -> how many cards carry it):
    ways[k][d] = number of k-card selections with total damage d, built one damage
    value at a time with binomial weights. Returns {damage: probability}, summing to 1.
    """
    _check_hand_size(hand_size)
    groups = Counter(C.DAMAGE)  # {0: 12, 11: 4, 4: 4, 3: 4, 2: 4, 10: 4, 20: 2}
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for value, count in sorted(groups.items()):
        new: dict[tuple[int, int], int] = defaultdict(int)
        for (k, d), w in ways.items():
            for j in range(0, min(count, hand_size - k) + 1):
                new[(k + j, d + j * value)] += w * comb(count, j)
        ways = new
    total = comb(DECK, hand_size)
    return {d: Fraction(w, total) for (k, d), w in sorted(ways.items(), key=lambda x: x[0][1]) if k == hand_size}


def mean_hand_damage(hand_size: int) -> Fraction:
    """Exact mean damage of a hand: hand_size x 160 / 34 by linearity."""
    return sum((d * p for d, p in hand_damage_distribution(hand_size).items()), Fraction(0))


def simulate_hand_damage(hand_size: int, samples: int = 200_000, seed: int | None = 0) -> dict[int, Estimate]:
    """Simulated {damage: Estimate} with 95 % intervals, from ``samples`` random hands drawn at once."""
    _check_hand_size(hand_size)
    hands = sample_hands(samples, DECK, hand_size, as_generator(seed))
    damage = np.asarray(C.DAMAGE, dtype=np.int64)[hands].sum(axis=1)
    counts = np.bincount(damage, minlength=161)
    support = hand_damage_distribution(hand_size)
    values = sorted(set(support) | set(np.nonzero(counts)[0].tolist()))
    return {int(d): estimate(int(counts[d]), samples) for d in values}


def simulate_mean_hand_damage(
    hand_size: int, samples: int = 200_000, seed: int | None = 0
) -> tuple[float, float, float]:
    """Simulated mean damage with a 95 % interval: (mean, low, high)."""
    hands = sample_hands(samples, DECK, hand_size, as_generator(seed))
    return mean_interval(np.asarray(C.DAMAGE, dtype=np.int64)[hands].sum(axis=1))


# ---------------------------------------------------------------------------
# 2. The figure of the first opener's forced card


def opener_distribution(players: int) -> dict[str, Fraction]:
    """For the first fight of a game: P(the weakest coloured card in play is each figure).

    The dealt cards are a uniform random set of m = players x H of the 34 cards; the
    forced card is figure b exactly when no card of a lower figure is dealt but one of
    figure b is: (C(34 - 4(b-1), m) - C(34 - 4b, m)) / C(34, m).
    """
    m = players * hands_per_table(players)
    total = comb(DECK, m)
    return {C.FIGURES[b]: Fraction(comb(DECK - 4 * (b - 1), m) - comb(DECK - 4 * b, m), total) for b in range(1, 9)}


def simulate_opener(players: int, samples: int = 200_000, seed: int | None = 0) -> dict[str, Estimate]:
    """Simulated {figure: Estimate} for the forced opening card of a first fight."""
    m = players * hands_per_table(players)
    dealt = sample_hands(samples, DECK, m, as_generator(seed)).astype(np.int64)
    base = np.where(dealt < 32, dealt % 8 + 1, 99).min(axis=1)
    return {C.FIGURES[b]: estimate(int((base == b).sum()), samples) for b in range(1, 9)}


# ---------------------------------------------------------------------------
# 3.-5. More classroom questions


def revolution_probability(hand_size: int, wolf: bool = True) -> Fraction:
    """P(a random hand can open a revolution: four cards of one figure, or three and the Wolf)."""
    _check_hand_size(hand_size)
    # per figure: how many of its 4 cards are held; track (cards, best class): 0 = <3, 1 = 3, 2 = 4
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for _figure in range(8):
        new: dict[tuple[int, int], int] = defaultdict(int)
        for (k, best), w in ways.items():
            for j in range(5):
                cls = 2 if j == 4 else (1 if j == 3 else 0)
                new[(k + j, max(best, cls))] += w * comb(4, j)
        ways = new
    good = 0
    for (k, best), w in ways.items():
        for kose in (0, 1):
            for has_wolf in (0, 1):
                if k + kose + has_wolf != hand_size:
                    continue
                if best == 2 or (wolf and has_wolf and best == 1):
                    good += w
    return Fraction(good, comb(DECK, hand_size))


def street_probability(hand_size: int, length: int = 3) -> Fraction:
    """P(a random hand holds ``length`` or more consecutive cards of one colour, without the Wolf)."""
    _check_hand_size(hand_size)
    per_colour: dict[tuple[int, int], int] = defaultdict(int)
    for m in range(256):
        run = best = 0
        for b in range(8):
            run = run + 1 if m >> b & 1 else 0
            best = max(best, run)
        per_colour[(bin(m).count("1"), int(best >= length))] += 1
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for _colour in range(4):
        new: dict[tuple[int, int], int] = defaultdict(int)
        for (k, has), w in ways.items():
            for (j, h), v in per_colour.items():
                new[(k + j, has | h)] += w * v
        ways = new
    good = sum(w * comb(2, hand_size - k) for (k, has), w in ways.items() if has and 0 <= hand_size - k <= 2)
    return Fraction(good, comb(DECK, hand_size))


def knockout_table(schlaeger: tuple[int, ...] = C.SCHLAEGER, top: int = 77) -> dict[int, tuple[int, int]]:
    """For Schlagkraft S = 1..top: (most HP the Bronko can knock out, how many Schläger), a subset-sum table."""
    best: dict[int, tuple[int, int]] = {}
    sums: dict[int, int] = {}
    for k in range(len(schlaeger) + 1):
        for sub in combinations(schlaeger, k):
            t = sum(sub)
            sums[t] = max(sums.get(t, 0), k)
    for s in range(1, top + 1):
        hp = max(t for t in sums if t <= s)
        best[s] = (hp, sums[hp])
    return best


def simulate_revolution(hand_size: int, wolf: bool = True, samples: int = 200_000, seed: int | None = 0) -> Estimate:
    """Simulated probability that a random hand can open a revolution."""
    hands = sample_hands(samples, DECK, hand_size, as_generator(seed)).astype(np.int64)
    coloured = hands < 32
    counts = np.zeros((samples, 8), dtype=np.int64)
    rows = np.repeat(np.arange(samples), hand_size).reshape(samples, hand_size)
    np.add.at(counts, (rows[coloured], (hands % 8)[coloured]), 1)
    has_wolf = (hands == C.WOLF).any(axis=1)
    ok = (counts.max(axis=1) >= 4) | (wolf & has_wolf & (counts.max(axis=1) >= 3))
    return estimate(int(ok.sum()), samples)


def simulate_street(hand_size: int, length: int = 3, samples: int = 200_000, seed: int | None = 0) -> Estimate:
    """Simulated probability that a random hand holds ``length`` consecutive cards of one colour (no Wolf)."""
    _check_hand_size(hand_size)
    hands = sample_hands(samples, DECK, hand_size, as_generator(seed)).astype(np.int64)
    coloured = hands < 32
    bits = np.where(coloured, np.left_shift(1, hands % 8), 0)
    masks = np.stack([np.where(coloured & (hands // 8 == col), bits, 0).sum(axis=1) for col in range(4)], axis=1)
    runs = np.array([_longest_run(m) >= length for m in range(256)])
    return estimate(int(runs[masks].any(axis=1).sum()), samples)


def _longest_run(mask: int) -> int:
    run = best = 0
    for b in range(8):
        run = run + 1 if mask >> b & 1 else 0
        best = max(best, run)
    return best


def hand_damage_at_least(hand_size: int, threshold: int) -> Fraction:
    """P(the total damage of a random hand is at least ``threshold``)."""
    return sum((p for d, p in hand_damage_distribution(hand_size).items() if d >= threshold), Fraction(0))


def simulate_hand_damage_at_least(
    hand_size: int, threshold: int, samples: int = 200_000, seed: int | None = 0
) -> Estimate:
    """Simulated P(total damage of a random hand >= ``threshold``) with its 95 % interval."""
    _check_hand_size(hand_size)
    hands = sample_hands(samples, DECK, hand_size, as_generator(seed))
    damage = np.asarray(C.DAMAGE, dtype=np.int64)[hands].sum(axis=1)
    return estimate(int((damage >= threshold).sum()), samples)


# ---------------------------------------------------------------------------
# Exercise tables for the notebook: the exact answer next to the simulated one


def hand_damage_rows(hand_size: int = 10, samples: int = 100_000, seed: int = 0) -> list[dict]:
    """Exercise 1 for a chart: per damage value, the exact probability and the simulated share."""
    simulated = simulate_hand_damage(hand_size, samples, seed)
    exact = hand_damage_distribution(hand_size)
    return [{"damage": d, "exact": float(exact.get(d, 0)), "simulated": simulated[d].value} for d in simulated]


def hand_damage_table(
    hand_size: int = 10, thresholds: tuple[int, ...] = (20, 39, 60, 77), samples: int = 100_000, seed: int = 0
) -> list[dict]:
    """Exercise 1: P(damage >= t) for each threshold t, exact and simulated (the same hands for every t)."""
    return [
        {
            "damage at least": t,
            **side_by_side(
                hand_damage_at_least(hand_size, t), simulate_hand_damage_at_least(hand_size, t, samples, seed)
            ),
        }
        for t in thresholds
    ]


def opener_table(players: int, samples: int = 100_000, seed: int = 0) -> list[dict]:
    """Exercise 2: the figure of the forced first opening card, exact and simulated."""
    simulated = simulate_opener(players, samples, seed)
    return [
        {"players": players, "figure": f, **side_by_side(p, simulated[f])}
        for f, p in opener_distribution(players).items()
        if p > 0
    ]


def revolution_table(hand_sizes: tuple[int, ...] = (8, 10), samples: int = 100_000, seed: int = 0) -> list[dict]:
    """Exercise 3: a hand can open a revolution, with the Wolf counted or not, exact and simulated."""
    return [
        {
            "hand": h,
            "Wolf counts": wolf,
            **side_by_side(revolution_probability(h, wolf), simulate_revolution(h, wolf, samples, seed + h)),
        }
        for h in hand_sizes
        for wolf in (False, True)
    ]


def street_table(
    hand_sizes: tuple[int, ...] = (8, 10), lengths: tuple[int, ...] = (3, 4, 5), samples: int = 100_000, seed: int = 0
) -> list[dict]:
    """Exercise 4: a hand holds a street of at least ``length`` in one colour (no Wolf), exact and simulated."""
    return [
        {"hand": h, "street of": k, **side_by_side(street_probability(h, k), simulate_street(h, k, samples, seed + h))}
        for h in hand_sizes
        for k in lengths
    ]
