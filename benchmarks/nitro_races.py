"""Benchmark: complete Nitro Dice races per second (not a test).

Input: command-line options (games, jobs, seed, policy). Output: a table on stdout with the wall-clock time of
`--games` complete races on a 20-section, two-lap, 4-player track (written below), races per second, and the
per-core rate: races per CPU-second of this process and its workers (unlike wall-clock time, it holds when
other programs share the machine).

    python benchmarks/nitro_races.py --games 1000 --jobs 2

Target (issue 14): 1000 races of a 20-section, 4-player track in a few seconds on 2 cores with --jobs 2.
"""

from __future__ import annotations

import argparse
import resource
import time

from pnp.games.nitro.plugin import PLUGIN
from pnp.games.nitro.race.simulate import simulate
from pnp.source.loader import load_yaml_text

TRACK = """\
game: nitro-dice
name: Twenty
race: {laps: 2}
players: 4
sections: [start_finish, turn_a, straight, turn_a, straight, turn_b, straight, straight, straight, straight,
           straight, turn_a, straight, turn_a, straight, turn_b, straight, straight, straight, straight]
garage: {beside: 10}
"""
"""Two half loops of 10 cards, each turning 180 degrees; it passes every rule that is an error."""


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    """Time the simulation for each policy and print the rates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", nargs="*", default=["racer", "cautious"])
    args = parser.parse_args()
    located = load_yaml_text(TRACK, file="twenty.yaml")
    track = PLUGIN.build(located)
    errors = [d.format_text() for d in PLUGIN.check(track, located) if d.is_error]
    if errors:
        raise SystemExit("\n".join(errors))
    print(f"{args.games} complete races of a 20-section, 2-lap, 4-player track, {args.jobs} worker process(es)")
    print(f"{'policy':>8}  {'seconds':>8}  {'races/s':>8}  {'per core':>8}  {'rounds':>6}")
    for policy in args.policy:
        start, cpu = time.perf_counter(), _cpu_seconds()
        results = simulate(track, args.games, seed=args.seed, jobs=args.jobs, drivers=[policy])
        elapsed, cpu = time.perf_counter() - start, _cpu_seconds() - cpu
        rounds = sum(r.rounds for r in results) / len(results)
        print(f"{policy:>8}  {elapsed:8.2f}  {args.games / elapsed:8.0f}  {args.games / cpu:8.0f}  {rounds:6.1f}")


if __name__ == "__main__":
    main()
