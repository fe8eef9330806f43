"""Confidence intervals for the simulator's rates and means.

Input: counts of successes and trials, or a list of numbers. Output: the estimate and a 95 %
interval (Wilson score interval for rates, normal approximation for means).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Estimate:
    """A point estimate with the low and high ends of its 95 % confidence interval."""

    value: float
    low: float
    high: float
    trials: int = -1
    """How many trials a rate rests on (-1 for means); 0 means there is nothing to estimate."""

    @property
    def empty(self) -> bool:
        return self.trials == 0

    def to_dict(self) -> dict[str, float | None]:
        if self.empty:
            return {"value": None, "low": None, "high": None}
        return {"value": self.value, "low": self.low, "high": self.high}


def rate(successes: int, trials: int) -> Estimate:
    """Success rate with its Wilson score interval (`empty` when there are no trials)."""
    if trials == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    p = successes / trials
    denom = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denom
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), trials)


def mean(values: list[float]) -> Estimate:
    """Mean with a normal-approximation interval (a zero-width interval for fewer than two values)."""
    if not values:
        return Estimate(0.0, 0.0, 0.0)
    m = sum(values) / len(values)
    if len(values) < 2:
        return Estimate(m, m, m)
    var = sum((v - m) ** 2 for v in values) / (len(values) - 1)
    half = Z95 * math.sqrt(var / len(values))
    return Estimate(m, m - half, m + half)
