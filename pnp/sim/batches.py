"""Simulations played in batches, in one process or several: shared by every game that simulates.

A batch is a range of race numbers; each race is seeded from (seed, number), so the results do not depend on
how the races are split or on the number of processes.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

Result = TypeVar("Result")


def batches(games: int, jobs: int, largest: int) -> Iterator[tuple[int, int]]:
    """(start, stop) ranges covering `games` races: about 8 per process, none over `largest` races."""
    size = max(1, min(largest, games // max(1, jobs * 8)))
    for start in range(0, games, size):
        yield start, min(games, start + size)


def run_batches(play: Callable[[Any], list[Result]], work: Sequence[Any], jobs: int,
                progress: Callable[[int], None] | None = None) -> list[Result]:
    """`play` each batch of `work` (in `jobs` processes when more than one), results in batch order;
    `progress(n)` is called as each batch of n races ends. `play` must be a module-level function."""
    results: list[Result] = []
    if jobs <= 1 or len(work) == 1:
        done: Iterator[list[Result]] = map(play, work)
        for batch in done:
            results.extend(batch)
            if progress:
                progress(len(batch))
        return results
    with multiprocessing.get_context().Pool(jobs) as pool:
        for batch in pool.imap(play, work):
            results.extend(batch)
            if progress:
                progress(len(batch))
    return results
