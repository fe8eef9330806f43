"""Confidence intervals for simulation reports: Wilson intervals for rates, normal intervals for means, and the
Bonferroni-widened z when several groups are compared at once. Shared by every game that simulates.

Two result types: `Interval` (rounded to four decimals in JSON, for MDD and Nitro Dice) and `Estimate` (full
precision, and `empty` when a rate rests on no trials, for Drag Rage, whose reports print "n/a" then).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

Z95 = 1.959964
"""Two-sided z of a 95% interval, as MDD and Nitro Dice reports have always used it (seven digits)."""
Z95_FULL = 1.959963984540054
"""The same z to the last digit of a float (the correctly rounded 97.5 % quantile of the normal law)."""


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return {"value": round(self.value, 4), "low": round(self.low, 4), "high": round(self.high, 4)}


@dataclass(frozen=True, slots=True)
class Estimate:
    """A point estimate with the low and high ends of its confidence interval, kept at full precision."""

    value: float
    low: float
    high: float
    trials: int = -1
    """How many trials a rate rests on (-1 for means); 0 means there is nothing to estimate."""

    @property
    def empty(self) -> bool:
        """True for a rate over no trials: reports print it as not available, never as 0 %."""
        return self.trials == 0

    def to_dict(self) -> dict[str, float | None]:
        if self.empty:
            return {"value": None, "low": None, "high": None}
        return {"value": self.value, "low": self.low, "high": self.high}


def wilson(successes: int, n: int, z: float = Z95) -> Interval:
    """Wilson score interval of a proportion."""
    if n == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[int] | list[float], z: float = Z95) -> Interval:
    """Mean with a normal-approximation interval (mean ± z·sd/√n)."""
    n = len(values)
    if n == 0:
        return Interval(0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return Interval(mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half)


def rate_estimate(successes: int, trials: int, z: float = Z95_FULL) -> Estimate:
    """A success rate with its Wilson score interval; `empty` when there are no trials."""
    if trials == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    found = wilson(successes, trials, z)
    return Estimate(found.value, found.low, found.high, trials)


def mean_estimate(values: list[float], z: float = Z95_FULL) -> Estimate:
    """A mean with its normal-approximation interval (zero width for fewer than two values)."""
    found = mean_interval(values, z)
    return Estimate(found.value, found.low, found.high)


def bonferroni_z(groups: int) -> float:
    """Two-sided z for 95% confidence shared among `groups` comparisons (Bonferroni)."""
    if groups <= 1:
        return Z95
    alpha = 0.05 / groups
    return NormalDist().inv_cdf(1 - alpha / 2)
