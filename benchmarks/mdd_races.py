"""Benchmark: complete Mini Demolition Derby races per second (not a test).

Input: command-line options (games, jobs, seed). Output: a table on stdout with, for 25, 30 and 36 cars,
the wall-clock time of `--games` complete races (qualifying and finals) on random legal boards of the
default track, races per second, and the per-core rate: races per CPU-second of this process and its
workers (unlike wall-clock time, it holds when other programs share the machine).

    python benchmarks/mdd_races.py --games 10000 --jobs 2

Target (issue 6): 10,000 complete 25-car races in under 10 s on a 2-core machine with --jobs 2.
"""

from __future__ import annotations

import argparse
import resource
import time

from pnp.games.mdd.simulate import example_board, simulate


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
    args = parser.parse_args()
    print(f"{args.games} complete races per car count, {args.jobs} worker process(es)")
    print(f"{'cars':>4}  {'seconds':>8}  {'races/s':>8}  {'per core':>8}")
    for cars in args.cars:
        board = example_board(cars, seed=args.seed)
        start, cpu = time.perf_counter(), _cpu_seconds()
        simulate(board, args.games, seed=args.seed, jobs=args.jobs)
        elapsed, cpu = time.perf_counter() - start, _cpu_seconds() - cpu
        print(f"{cars:>4}  {elapsed:8.2f}  {args.games / elapsed:8.0f}  {args.games / cpu:8.0f}")


if __name__ == "__main__":
    main()
