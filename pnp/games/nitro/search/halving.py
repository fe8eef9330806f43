"""Successive halving on a noisy objective, with common random numbers and a stop test.

Input: candidates, a `play(candidate, start, stop)` that returns the results of trials `start` to `stop - 1`
(trial i is the same random situation for every candidate: common random numbers), a `score(results)` to
minimise, the trials of the first rung, the cut `eta` and `out_of_time()`. Output: the candidates ranked, each
with every result it was given. Each rung gives every surviving candidate trials up to the rung's count (reusing
the ones it had), ranks them and keeps the best 1/eta, until one is left; poor candidates so get few trials.
When `out_of_time()` says so, the ranking stops where it is: the candidates that got the most trials first.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

C = TypeVar("C")
R = TypeVar("R")


@dataclass(slots=True)
class Arm(Generic[C, R]):
    """One candidate and the results of its trials so far, with its latest score (lower is better)."""

    candidate: C
    results: list[R] = field(default_factory=list)
    score: float = math.inf


def ranked(arms: Sequence[Arm[C, R]]) -> list[Arm[C, R]]:
    """Most trials first, then the lowest score (arms compared on the same trials come together)."""
    return sorted(arms, key=lambda a: (-len(a.results), a.score))


def successive_halving(arms: Sequence[Arm[C, R]], play: Callable[[C, int, int], list[R]],
                       score: Callable[[list[R]], float], first: int, eta: int,
                       out_of_time: Callable[[], bool]) -> list[Arm[C, R]]:
    """Rank `arms` by successive halving (see the module docstring); the winner comes first."""
    if first < 1 or eta < 2:
        raise ValueError("successive halving needs first >= 1 and eta >= 2")
    alive = list(arms)
    trials = first
    while alive:
        for arm in alive:
            if out_of_time():
                return ranked(alive)
            if len(arm.results) < trials:
                arm.results.extend(play(arm.candidate, len(arm.results), trials))
                arm.score = score(arm.results)
        alive = ranked(alive)
        if len(alive) == 1:
            return alive
        alive = alive[:max(1, len(alive) // eta)]
        trials *= eta
    return alive
