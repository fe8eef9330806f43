"""Time the exhaustive Drag Rage heat search on growing variants, against recorded figures.

Run: `python benchmarks/dragrage_optimal.py` (small variants, seconds) or add `--standard` for the
standard game (11 counters, about 4.5 million positions); `--repeat N` runs each variant N times
(default 3) and prints medians. Every run is a fresh process, so its peak memory (`ru_maxrss`) is its own.
Prints, per variant: positions searched, wall and CPU seconds, peak memory, the first driver's winning
chance under perfect play (all digits) and the best opening. For the standard game it also compares with
the search this one replaced (a recursive memo of 8-tuples): by default with its figures recorded in
issue 16, with `--before` by running it (read from git at commit `OLD_SEARCH`), alternating with the new
one in the same run (minutes per run), and says whether the target is met.
"""

from __future__ import annotations

import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time

# the standard game before the layered search: wall s, peak MB (issue 16); target: wall s, peak MB
BEFORE = (88.0, 922.0)
TARGET = (20.0, 300.0)
OLD_SEARCH = "dbc18fe"
"""The last commit with the recursive search (`pnp/games/dragrage/optimal.py`)."""

VARIANTS = {
    "2-8, line after 13": {"lane_length": 16, "finish_after": 13, "counters": list(range(2, 9))},
    "2-9, line after 16": {"lane_length": 19, "finish_after": 16, "counters": list(range(2, 10))},
    "2-10, line after 19": {"lane_length": 22, "finish_after": 19, "counters": list(range(2, 11))},
    "2-12, line after 22 (standard)": {},
    "standard, crossing move final": {"crossing": "final"},
}


def _old_solver():
    """`solve_heat` of the search before the layered one, read from git."""
    source = subprocess.run(["git", "show", f"{OLD_SEARCH}:pnp/games/dragrage/optimal.py"], check=True,
                            capture_output=True, text=True).stdout
    spec = importlib.util.spec_from_loader("old_optimal", loader=None)
    module = importlib.util.module_from_spec(spec)
    sys.modules["old_optimal"] = module
    exec(compile(source, f"{OLD_SEARCH}:optimal.py", "exec"), module.__dict__)  # our own source, from git
    return module.solve_heat


def child(fields: str, old: bool = False) -> None:
    """Solve one variant in this process (`old`: with the search before) and print one JSON line."""
    import resource

    from pnp.games.dragrage.solver.optimal import solve_heat
    from pnp.games.dragrage.variant import Crossing, Variant

    if old:
        solve_heat = _old_solver()

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


def _run(name: str, old: bool) -> dict:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([os.getcwd(), os.environ.get("PYTHONPATH", "")])}
    command = [sys.executable, __file__, "--child-old" if old else "--child", json.dumps(VARIANTS[name])]
    return json.loads(subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout)


def _medians(runs: list[dict]) -> tuple[float, float, float]:
    return tuple(statistics.median(r[k] for r in runs) for k in ("wall", "cpu", "peak"))  # type: ignore[return-value]


def main(argv: list[str]) -> None:
    """Print one line per variant (medians over the repeats)."""
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 3
    names = list(VARIANTS) if "--standard" in argv else list(VARIANTS)[:3]
    for name in names:
        standard = name.endswith("(standard)")
        runs, before = [], []
        for _ in range(repeat):
            runs.append(_run(name, False))
            if standard and "--before" in argv:
                before.append(_run(name, True))
        wall, cpu, peak = _medians(runs)
        first = runs[0]
        line = (f"counters {name}: {first['states']} positions, {wall:.1f} s wall, {cpu:.1f} s CPU, {peak:.0f} MB "
                f"peak (median of {repeat}), first driver wins {first['value']} ({100 * float(first['value']):.2f} %), "
                f"best opening {', '.join(map(str, first['best']))}")
        if standard:
            met = wall <= TARGET[0] and peak <= TARGET[1]
            old_wall, old_peak = BEFORE
            if before:
                old_wall, old_cpu, old_peak = _medians(before)
                same = all(b["value"] == first["value"] and b["states"] == first["states"] for b in before)
                line += (f"\n  before (commit {OLD_SEARCH}, same run): {old_wall:.1f} s wall, {old_cpu:.1f} s CPU, "
                         f"{old_peak:.0f} MB peak; {old_cpu / cpu:.1f}x less CPU; same value and positions: {same}")
            else:
                line += f"\n  before (recorded in issue 16): {old_wall:.0f} s wall, {old_peak:.0f} MB peak"
            line += (f"\n  {old_wall / wall:.1f}x faster, {old_peak / peak:.1f}x less memory; target "
                     f"<= {TARGET[0]:.0f} s, <= {TARGET[1]:.0f} MB {'met' if met else 'MISSED'}")
        print(line, flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] in (["--child"], ["--child-old"]):
        child(sys.argv[2], sys.argv[1] == "--child-old")
    else:
        main(sys.argv[1:])
