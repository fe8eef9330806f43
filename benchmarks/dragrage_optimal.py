"""Time the exhaustive Drag Rage heat search on growing variants.

Run: `python benchmarks/dragrage_optimal.py` (small variants, seconds) or add `--standard` for the
standard game (11 counters, about 4.5 million positions, several minutes and about 1 GB of memory).
Prints, per variant: counters, positions searched, wall and CPU seconds, peak memory of the process
so far, and the first driver's winning chance under perfect play.
"""

from __future__ import annotations

import resource
import sys
import time

from pnp.games.dragrage.optimal import solve_heat
from pnp.games.dragrage.variant import Variant


def variants(standard: bool) -> list[Variant]:
    """Lanes grown with the counters, keeping the standard game's proportions; the standard last."""
    found = [
        Variant(lane_length=16, finish_after=13, counters=tuple(range(2, 9))),
        Variant(lane_length=19, finish_after=16, counters=tuple(range(2, 10))),
        Variant(lane_length=22, finish_after=19, counters=tuple(range(2, 11))),
    ]
    return [*found, Variant()] if standard else found


def main(argv: list[str]) -> None:
    """Print one line per variant."""
    for variant in variants("--standard" in argv):
        started, cpu = time.perf_counter(), time.process_time()
        odds = solve_heat(variant, max_states=50_000_000)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"counters {variant.counters[0]}-{variant.counters[-1]}, line after {variant.finish_after}: "
            f"{odds.states} positions, {seconds:.1f} s wall, {cpu:.1f} s CPU, {peak:.0f} MB peak, "
            f"first driver wins {100 * odds.first_player_wins:.2f} %, best opening "
            f"{', '.join(str(a.counter) for a in odds.best_opening)}",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
