"""Benchmark: complete Mini Demolition Derby races per second (not a test).

Input: command-line options (games, jobs, seed, car counts). Output: a table on stdout with, for 25, 30
and 36 cars, the wall-clock time of `--games` complete races (qualifying and finals) on random legal
boards of the default track with `simulate` (one `engine.Race` reset for each race), races per second,
and the per-core rate: races per CPU-second of this process and its workers (unlike wall-clock time, it
holds when other programs share the machine). The `engine` column is the per-core rate of the same races
played one by one through `play_race` (a new `engine.Race` each; a tenth of the games), and `speed-up`
the ratio of the two, both measured in the same run. `--awards` keeps the v2.1 awards as `pnp mdd simulate`
does on v2.1 setups. Run it with PNP_MDD_PURE=1 for the pure-Python build.

    python benchmarks/mdd_races.py --games 100000 --jobs 2

Target (issue 16): 100,000 complete races with `--jobs 2` in at most 15 s on the 2-core machine.
"""

from __future__ import annotations

import argparse
import resource
import time

from pnp.games.mdd.race.engine import RaceOptions
from pnp.games.mdd.race.simulate import example_board, play_race, race_seed, simulate


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    """Time simulations for each car count and print the rates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cars", type=int, nargs="*", default=[25, 30, 36])
    parser.add_argument("--awards", action="store_true", help="keep the v2.1 awards (as simulate does on v2.1)")
    args = parser.parse_args()
    print(f"{args.games} complete races per car count, {args.jobs} worker process(es)")
    print(f"{'cars':>4}  {'seconds':>8}  {'races/s':>8}  {'per core':>8}  {'engine':>8}  {'speed-up':>8}")
    options = RaceOptions()
    for cars in args.cars:
        board = example_board(cars, seed=args.seed)
        start, cpu = time.perf_counter(), _cpu_seconds()
        simulate(board, args.games, seed=args.seed, jobs=args.jobs, options=options, awards=args.awards)
        elapsed, cpu = time.perf_counter() - start, _cpu_seconds() - cpu
        reference = max(1, args.games // 10)
        engine_cpu = _cpu_seconds()
        for game in range(reference):
            play_race(board, race_seed(args.seed, game), options, args.awards)
        engine_rate = reference / (_cpu_seconds() - engine_cpu)
        rate = args.games / cpu
        print(
            f"{cars:>4}  {elapsed:8.2f}  {args.games / elapsed:8.0f}  {rate:8.0f}  {engine_rate:8.0f}"
            f"  {rate / engine_rate:8.2f}"
        )


if __name__ == "__main__":
    main()
