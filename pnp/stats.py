"""Confidence intervals for simulation reports: Wilson intervals for rates, normal intervals for means, and the
Bonferroni-widened z when several groups are compared at once. Shared by every game that simulates."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959964
"""Two-sided z of a 95% interval."""


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return {"value": round(self.value, 4), "low": round(self.low, 4), "high": round(self.high, 4)}


def wilson(successes: int, n: int, z: float = Z95) -> Interval:
    """Wilson score interval of a proportion."""
    if n == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
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


def bonferroni_z(groups: int) -> float:
    """Two-sided z for 95% confidence shared among `groups` comparisons (Bonferroni)."""
    if groups <= 1:
        return Z95
    alpha = 0.05 / groups
    return _normal_quantile(1 - alpha / 2)


def _normal_quantile(p: float) -> float:
    """Inverse of the standard normal CDF, by bisection on math.erf (accurate to 1e-9)."""
    low, high = -10.0, 10.0
    for _ in range(80):
        mid = (low + high) / 2
        if 0.5 * (1 + math.erf(mid / math.sqrt(2))) < p:
            low = mid
        else:
            high = mid
    return (low + high) / 2
