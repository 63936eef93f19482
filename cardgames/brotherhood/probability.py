"""Classroom answers for The Brotherhood (BH-8.1), exact with Fractions and simulated with numpy.

>>> hits_distribution(2, 0)
{0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TypeAlias

import numpy as np

from ..core.probability import Estimate, estimate, side_by_side
from ..core.sampling import as_generator
from .board import CATALOG, DISTRICTS, KILLER, ROUNDS, SOURCE_COST, THUG, YIELD, kind_text

_, ngettext = CATALOG.functions()

# one side of a shootout: (thugs, killers), (thugs, killers, godfather present 0/1) or a dict of those keys
Side: TypeAlias = Mapping[str, int] | Iterable[int]
Survivors: TypeAlias = tuple[tuple[int, int, int], tuple[int, int, int]]  # (attacker, defender) after a volley
RNG: TypeAlias = int | np.random.Generator | None

THUG_HIT = Fraction(2, 6)  # BH-4.12.3: a thug hits on 1-2
KILLER_HIT = Fraction(5, 6)  # a killer on 1-5


def _binomial(n: int, p: Fraction) -> list[Fraction]:
    return [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def _check(count: int, what: str) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(_("{what} must be a non-negative integer, not {value}").format(what=what, value=repr(count)))
    return count


def hits_distribution(thugs: int, killers: int = 0) -> dict[int, Fraction]:
    """Exact distribution of the number of hits from one volley of ``thugs`` and ``killers``."""
    t = _binomial(_check(thugs, "thugs"), THUG_HIT)
    k = _binomial(_check(killers, "killers"), KILLER_HIT)
    out: dict[int, Fraction] = {}
    for i, pi in enumerate(t):
        for j, pj in enumerate(k):
            out[i + j] = out.get(i + j, Fraction(0)) + pi * pj
    return out


def expected_hits(thugs: int, killers: int = 0) -> Fraction:
    """k/3 + 5m/6 (BH-8.1)."""
    return thugs * THUG_HIT + killers * KILLER_HIT


def _side(side: Side) -> tuple[int, int, int]:
    counts: tuple[int, ...]
    if isinstance(side, Mapping):
        counts = (side.get("thugs", 0), side.get("killers", 0), side.get("godfather", 0))
    else:
        counts = tuple(side)
    if len(counts) == 2:
        counts = counts + (0,)
    if len(counts) != 3:
        raise ValueError(_("a side is (thugs, killers) or (thugs, killers, godfather)"))
    t, k, g = counts
    return _check(t, "thugs"), _check(k, "killers"), int(bool(g))


def _after(side: tuple[int, int, int], hits: int) -> tuple[int, int, int]:
    """BH-4.12.4: thugs first, then killers, then the godfather; extra hits are lost."""
    t, k, g = side
    lt = min(hits, t)
    hits -= lt
    lk = min(hits, k)
    hits -= lk
    return t - lt, k - lk, g if hits == 0 else 0


def shootout_outcome(attacker: Side, defender: Side) -> dict[Survivors, Fraction]:
    """Exact distribution of the survivors of both sides after one simultaneous volley between two players.

    Each side is ``(thugs, killers)`` or ``(thugs, killers, godfather)`` (godfather 0/1 present
    in the district); keys are ``((thugs, killers, godfather) of the attacker, same of the defender)``.
    """
    a, d = _side(attacker), _side(defender)
    ha = hits_distribution(a[0], a[1])
    hd = hits_distribution(d[0], d[1])
    out: dict[Survivors, Fraction] = {}
    for i, pi in ha.items():
        for j, pj in hd.items():
            key = (_after(a, j), _after(d, i))
            out[key] = out.get(key, Fraction(0)) + pi * pj
    return out


def godfather_dies(thugs: int, killers: int = 0, guards: int = 0) -> Fraction:
    """A godfather guarded by ``guards`` shooters dies when his enemies score more hits than that (BH-8.1)."""
    return sum((p for h, p in hits_distribution(thugs, killers).items() if h > guards), Fraction(0))


def source_payback_rounds() -> list[dict[str, object]]:
    """Per district: cost, yield, rounds to repay a source, plain and in a district controlled by another
    player (doubled cost, BH-4.4), and the last round in which building still makes a profit."""
    rows = []
    for x, name in enumerate(DISTRICTS):
        cost, gain = SOURCE_COST[x], YIELD[x]
        rows.append(
            {
                "district": name,
                "cost": cost,
                "yield": gain,
                "payback_rounds": math.ceil(cost / gain),
                "payback_rounds_controlled": math.ceil(2 * cost / gain),
                "last_profitable_round": max(r for r in range(1, ROUNDS + 1) if gain * (ROUNDS - r) > cost),
                "last_profitable_round_controlled": max(
                    r for r in range(1, ROUNDS + 1) if gain * (ROUNDS - r) > 2 * cost
                ),
            }
        )
    return rows


def source_net(district: str, built_round: int, controlled: bool = False) -> int:
    """Net GE of a source built in ``built_round``: yield x (12 - r) - cost (BH-8.1, BH-8.13)."""
    x = DISTRICTS.index(district)
    return YIELD[x] * (ROUNDS - built_round) - SOURCE_COST[x] * (2 if controlled else 1)


def district_struck(rounds: int = ROUNDS) -> Fraction:
    """Probability that a given district is hit by at least one event in ``rounds`` rounds."""
    return 1 - Fraction(5, 6) ** rounds


def card_hits_district() -> Fraction:
    """A given event card hits a given district during the game: 12/15 x 1/6 = 2/15 (BH-8.1)."""
    return Fraction(ROUNDS, 15) * Fraction(1, 6)


# ---------------------------------------------------------------------------
# Simulation (numpy), for checking the exact answers


def simulate_hits(thugs: int, killers: int = 0, samples: int = 100_000, rng: RNG = None) -> dict[int, Estimate]:
    """Simulated distribution of hits from one volley, each value with a Wilson interval."""
    gen = as_generator(rng)
    t = (gen.integers(1, 7, size=(samples, thugs)) <= 2).sum(axis=1) if thugs else np.zeros(samples, int)
    k = (gen.integers(1, 7, size=(samples, killers)) <= 5).sum(axis=1) if killers else np.zeros(samples, int)
    hits = t + k
    return {h: estimate(int((hits == h).sum()), samples) for h in range(thugs + killers + 1)}


def simulate_shootout(
    attacker: Side, defender: Side, samples: int = 100_000, rng: RNG = None
) -> dict[Survivors, Estimate]:
    """Simulated survivors of one volley (same keys as :func:`shootout_outcome`)."""
    a, d = _side(attacker), _side(defender)
    gen = as_generator(rng)

    def volley(side: tuple[int, int, int]) -> np.ndarray:
        t = (gen.integers(1, 7, size=(samples, side[0])) <= 2).sum(axis=1) if side[0] else np.zeros(samples, int)
        k = (gen.integers(1, 7, size=(samples, side[1])) <= 5).sum(axis=1) if side[1] else np.zeros(samples, int)
        return t + k

    ha, hd = volley(a), volley(d)
    counts: dict[Survivors, int] = {}
    for i, j in zip(ha.tolist(), hd.tolist()):
        key = (_after(a, j), _after(d, i))
        counts[key] = counts.get(key, 0) + 1
    return {key: estimate(c, samples) for key, c in counts.items()}


def simulate_district_struck(rounds: int = ROUNDS, samples: int = 100_000, rng: RNG = None) -> Estimate:
    """Simulated chance that district a is hit by at least one event die in ``rounds`` rounds."""
    gen = as_generator(rng)
    dice = gen.integers(1, 7, size=(samples, rounds))
    return estimate(int((dice == 1).any(axis=1).sum()), samples)


# ---------------------------------------------------------------------------
# Exercise tables for notebooks/brotherhood/02-probability.ipynb: exact and simulated side by side


def hits_table(thugs: int, killers: int = 0, samples: int = 100_000, seed: int = 0) -> list[dict[str, object]]:
    """Exercise 1: P(h hits) of one volley, exact and simulated, one row per h."""
    simulated = simulate_hits(thugs, killers, samples, seed)
    return [{"hits": h, **side_by_side(p, simulated[h])} for h, p in hits_distribution(thugs, killers).items()]


def simulate_godfather_dies(
    thugs: int, killers: int = 0, guards: int = 0, samples: int = 100_000, rng: RNG = None
) -> Estimate:
    """Simulated chance that a volley of ``thugs`` and ``killers`` scores more hits than the ``guards``."""
    gen = as_generator(rng)
    hits = (gen.integers(1, 7, size=(samples, _check(thugs, "thugs"))) <= 2).sum(axis=1)
    hits = hits + (gen.integers(1, 7, size=(samples, _check(killers, "killers"))) <= 5).sum(axis=1)
    return estimate(int((hits > _check(guards, "guards")).sum()), samples)


def play_godfather_attack(thugs: int, killers: int = 0, guards: int = 0, games: int = 2_000, seed: int = 0) -> Estimate:
    """The same chance played by the rules engine: P1's shooters and P2's godfather with ``guards`` thugs in
    district c, one resolve phase per seed (its own seeded dice); counts how often P2 is eliminated."""
    from .board import build_table
    from .game import Brotherhood

    game = Brotherhood(players=2)
    # E07 (no political influence) is the only event card: wherever its die falls, it touches no shooter
    table = build_table(
        2,
        ge=50,
        godfathers={1: "c"},
        deck=(7,),
        markers={
            (0, "c"): (0, 0, _check(thugs, "thugs"), _check(killers, "killers")),
            (1, "c"): (0, 0, _check(guards, "guards"), 0),
        },
    )
    dead = sum(1 for s in range(games) if game.scenario(table, round=2, stage="resolve", seed=seed + s).table.elim[1])
    return estimate(dead, games)


def godfather_table(
    thugs: int = 3,
    killers: int = 0,
    guards: Iterable[int] = (0, 1, 2),
    samples: int = 100_000,
    games: int = 2_000,
    seed: int = 0,
) -> list[dict[str, object]]:
    """Exercise 2: does the godfather die? Per number of guards, the exact chance checked twice:
    numpy dice (``samples``) and the rules engine (``games`` resolve phases)."""
    rows = []
    for g in guards:
        exact = godfather_dies(thugs, killers, g)
        rows.append(
            {
                "guards": g,
                "check": _("numpy dice"),
                **side_by_side(exact, simulate_godfather_dies(thugs, killers, g, samples, seed + g)),
            }
        )
        rows.append(
            {
                "guards": g,
                "check": _("rules engine"),
                **side_by_side(exact, play_godfather_attack(thugs, killers, g, games, seed + 1000 * g)),
            }
        )
    return rows


def source_net_table(controlled: bool = False) -> list[dict[str, object]]:
    """Exercise 3: net GE of one source by district and build round (no events), rounds 1-12."""
    return [
        {"district": x, "round": r, "net GE": source_net(x, r, controlled)}
        for x in DISTRICTS
        for r in range(1, ROUNDS + 1)
    ]


def simulate_card_hits_district(rounds: int = ROUNDS, samples: int = 100_000, rng: RNG = None) -> Estimate:
    """Simulated chance that card E01 is drawn in the first ``rounds`` rounds and its die picks district a:
    the 15-card deck is shuffled, one die is rolled per round (BH-3.3, BH-4.10)."""
    gen = as_generator(rng)
    decks = gen.permuted(np.tile(np.arange(15), (samples, 1)), axis=1)[:, :rounds]
    dice = gen.integers(1, 7, size=(samples, rounds))
    return estimate(int(((decks == 0) & (dice == 1)).any(axis=1).sum()), samples)


def event_table(samples: int = 100_000, seed: int = 0) -> list[dict[str, object]]:
    """Exercise 4: a district struck at least once in 12 rounds; a given card hitting a given district."""
    return [
        {
            "question": _("district a is struck at least once in 12 rounds"),
            **side_by_side(district_struck(ROUNDS), simulate_district_struck(ROUNDS, samples, seed)),
        },
        {
            "question": _("card E01 hits district a during the game"),
            **side_by_side(card_hits_district(), simulate_card_hits_district(ROUNDS, samples, seed + 1)),
        },
    ]


def _left(side: tuple[int, int, int]) -> str:
    t, k, g = side
    parts = [
        kind_text(THUG, t) if t else "",
        kind_text(KILLER, k) if k else "",
        _("godfather") if g else "",
    ]
    return ", ".join(p for p in parts if p) or _("nothing")


def shootout_table(attacker: Side, defender: Side, samples: int = 100_000, seed: int = 0) -> list[dict[str, object]]:
    """Exercise 6: every outcome of one volley between two players, exact and simulated, likeliest first."""
    simulated = simulate_shootout(attacker, defender, samples, seed)
    rows = []
    for (a, d), p in sorted(shootout_outcome(attacker, defender).items(), key=lambda kv: -kv[1]):
        est = simulated.get((a, d)) or estimate(0, samples)
        rows.append({"you keep": _left(a), "he keeps": _left(d), **side_by_side(p, est)})
    return rows
