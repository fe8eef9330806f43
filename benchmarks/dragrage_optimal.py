"""Time the exhaustive Drag Rage heat search on growing variants, against recorded figures.

Run: `python benchmarks/dragrage_optimal.py` (small variants, seconds) or add `--standard` for the
standard game (11 counters, about 4.5 million positions); `--repeat N` runs each variant N times
(default 3) and prints medians. Every run is a fresh process, so its peak memory (`ru_maxrss`) is its own.
Prints, per variant: positions searched, wall and CPU seconds, peak memory, the first driver's winning
chance under perfect play (all digits) and the best opening; for the standard game also the figures of
the search this one replaced (recorded in issue 16, a memo of 8-tuples) and whether the target is met.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

# the standard game before the layered search: wall s, peak MB (issue 16); target: wall s, peak MB
BEFORE = (88.0, 922.0)
TARGET = (20.0, 300.0)

VARIANTS = {
    "2-8, line after 13": {"lane_length": 16, "finish_after": 13, "counters": list(range(2, 9))},
    "2-9, line after 16": {"lane_length": 19, "finish_after": 16, "counters": list(range(2, 10))},
    "2-10, line after 19": {"lane_length": 22, "finish_after": 19, "counters": list(range(2, 11))},
    "2-12, line after 22 (standard)": {},
    "standard, crossing move final": {"crossing": "final"},
}


def child(fields: str) -> None:
    """Solve one variant in this process and print one JSON line."""
    import resource

    from pnp.games.dragrage.optimal import solve_heat
    from pnp.games.dragrage.variant import Crossing, Variant

    given = json.loads(fields)
    if "crossing" in given:
        given["crossing"] = Crossing(given["crossing"])
    if "counters" in given:
        given["counters"] = tuple(given["counters"])
    started, cpu = time.perf_counter(), time.process_time()
    odds = solve_heat(Variant(**given), max_states=50_000_000)
    print(json.dumps({
        "wall": time.perf_counter() - started, "cpu": time.process_time() - cpu,
        "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "states": odds.states,
        "value": repr(odds.first_player_wins), "best": [a.counter for a in odds.best_opening],
    }))


def main(argv: list[str]) -> None:
    """Print one line per variant (medians over the repeats)."""
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 3
    names = list(VARIANTS) if "--standard" in argv else list(VARIANTS)[:3]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([os.getcwd(), os.environ.get("PYTHONPATH", "")])}
    for name in names:
        runs = [json.loads(subprocess.run([sys.executable, __file__, "--child", json.dumps(VARIANTS[name])],
                                          check=True, capture_output=True, text=True, env=env).stdout)
                for _ in range(repeat)]
        wall, cpu, peak = (statistics.median(r[k] for r in runs) for k in ("wall", "cpu", "peak"))
        first = runs[0]
        line = (f"counters {name}: {first['states']} positions, {wall:.1f} s wall, {cpu:.1f} s CPU, {peak:.0f} MB "
                f"peak (median of {repeat}), first driver wins {first['value']} ({100 * float(first['value']):.2f} %), "
                f"best opening {', '.join(map(str, first['best']))}")
        if name.endswith("(standard)"):
            met = wall <= TARGET[0] and peak <= TARGET[1]
            line += (f"; before {BEFORE[0]:.0f} s, {BEFORE[1]:.0f} MB: {BEFORE[0] / wall:.1f}x faster, "
                     f"{BEFORE[1] / peak:.1f}x less memory; target <= {TARGET[0]:.0f} s, <= {TARGET[1]:.0f} MB "
                     f"{'met' if met else 'MISSED'}")
        print(line, flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2])
    else:
        main(sys.argv[1:])
