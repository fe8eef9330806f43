"""Confidence intervals for simulation reports: Wilson intervals for rates, normal intervals for means, and the
Bonferroni-widened z when several groups are compared at once. Shared by every game that simulates.

One result type, `Interval`: an estimate with its interval, written to JSON rounded (four decimals, as MDD and
Nitro Dice reports give it) or at full precision (Drag Rage), and `empty` when a rate rests on no trials (reports
print "n/a" then, never 0 %). One z, `Z95`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)
"""Two-sided z of a 95% interval: 1.959963984540054, the correctly rounded 97.5 % quantile of the normal law."""


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with the low and high ends of its 95% confidence interval."""

    value: float
    low: float
    high: float
    trials: int = -1
    """How many trials a rate rests on (-1 when not counted); 0 means there is nothing to estimate."""

    @property
    def empty(self) -> bool:
        """True for a rate over no trials: reports print it as not available, never as 0 %."""
        return self.trials == 0

    def to_dict(self, places: int | None = 4) -> dict[str, float | None]:
        """The three figures for JSON, rounded to `places` decimals (None: full precision)."""
        if self.empty:
            return {"value": None, "low": None, "high": None}
        if places is None:
            return {"value": self.value, "low": self.low, "high": self.high}
        return {"value": round(self.value, places), "low": round(self.low, places), "high": round(self.high, places)}


def wilson(successes: int, n: int, z: float = Z95) -> Interval:
    """Wilson score interval of a proportion."""
    if n == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends where rounding would leave 1e-17
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(p, low, high)


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


def rate_estimate(successes: int, trials: int, z: float = Z95) -> Interval:
    """A success rate with its Wilson score interval, counting its trials; `empty` when there are none."""
    if trials == 0:
        return Interval(0.0, 0.0, 0.0, 0)
    found = wilson(successes, trials, z)
    return Interval(found.value, found.low, found.high, trials)


def bonferroni_z(groups: int) -> float:
    """Two-sided z for 95% confidence shared among `groups` comparisons (Bonferroni)."""
    if groups <= 1:
        return Z95
    alpha = 0.05 / groups
    return NormalDist().inv_cdf(1 - alpha / 2)
