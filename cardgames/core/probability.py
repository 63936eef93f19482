"""Helpers for exact and simulated probabilities shared by the games' classroom questions."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .i18n import Catalog, number
from .inputs import thousands

_, ngettext = Catalog("cardgames").functions()


@dataclass(frozen=True)
class Estimate:
    """A simulated proportion with its 95 % Wilson score interval."""

    value: float
    low: float
    high: float
    successes: int
    samples: int

    def __contains__(self, x: float | Fraction) -> bool:
        return self.low <= float(x) <= self.high

    def __str__(self) -> str:
        return _("{value} (95% interval {low} to {high}, {samples} samples)").format(
            value=number(self.value, 5),
            low=number(self.low, 5),
            high=number(self.high, 5),
            samples=thousands(self.samples),
        )


def wilson_interval(successes: int, samples: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (good also near 0 and 1)."""
    if samples <= 0:
        raise ValueError(_("an interval needs at least one sample"))
    p = successes / samples
    denom = 1 + z * z / samples
    centre = (p + z * z / (2 * samples)) / denom
    half = z * math.sqrt(p * (1 - p) / samples + z * z / (4 * samples * samples)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def estimate(successes: int, samples: int) -> Estimate:
    low, high = wilson_interval(int(successes), int(samples))
    return Estimate(successes / samples, low, high, int(successes), int(samples))


def mean_interval(values: Iterable[float], z: float = 1.959963984540054) -> tuple[float, float, float]:
    """Mean of ``values`` with a normal-approximation 95 % interval: (mean, low, high)."""
    import numpy as np

    v = np.asarray(values, dtype=float)
    m = float(v.mean())
    half = z * float(v.std(ddof=1)) / math.sqrt(len(v)) if len(v) > 1 else 0.0
    return m, m - half, m + half


def side_by_side(exact: Fraction, simulated: Estimate) -> dict[str, object]:
    """One row of an exercise table: the exact answer, the simulated one with its 95 % interval."""
    return {
        "exact": str(exact),
        "exact ≈": round(float(exact), 6),
        "simulated": round(simulated.value, 6),
        "95% low": round(simulated.low, 6),
        "95% high": round(simulated.high, 6),
        "samples": simulated.samples,
        "exact inside": exact in simulated,
    }
