"""Calibration table of Mini Demolition Derby races (not a test): how the default track plays.

For each ruleset and each track tried (lanes, rows, start-grid spacing), `--setups` random legal setups
of `pnp mdd setup` are raced `--races` times each on the fast path, and the table gives: mean cars
qualified (of the finalists' number), the share of races with fewer, the share with no final winner,
the win share of each start line (front line first; fair share 20% with 5 lines of 5) and the turns
qualifying lasts (mean and 90th percentile). The same options give the same numbers.

    nice python benchmarks/mdd_calibration.py --setups 200 --races 3
    nice python benchmarks/mdd_calibration.py --track 11x36:1/1 --track 7x30:0/0
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from pnp.games.mdd.geometry import Board
from pnp.games.mdd.race.simulate import RaceResult, simulate
from pnp.games.mdd.rulesets import limits_for
from pnp.games.mdd.setup.formation import Spacing, default_finals, default_grid, default_teams
from pnp.games.mdd.setup.generate import random_setup


@dataclass(frozen=True, slots=True)
class Track:
    """A track to try: size and start-grid spacing."""

    lanes: int
    rows: int
    spacing: Spacing

    @classmethod
    def parse(cls, text: str) -> Track:
        """`LANESxROWS[:ROWGAP/LANEGAP]`, e.g. `11x36:1/1`."""
        size, _, gaps = text.partition(":")
        lanes, rows = (int(v) for v in size.split("x"))
        row_gap, lane_gap = (int(v) for v in (gaps or "0/0").split("/"))
        return cls(lanes, rows, Spacing(row_gap, lane_gap))

    def __str__(self) -> str:
        return f"{self.lanes}x{self.rows}:{self.spacing.rows}/{self.spacing.lanes}"


def board_for(ruleset: str, track: Track, seed: int, cars: int = 25) -> Board:
    """The random legal setup `seed` of `pnp mdd setup` on `track`, on its default grid and finals."""
    limits = limits_for(ruleset)
    setup = random_setup(ruleset, cars, seed, track.lanes, track.rows, track.spacing)
    grid = default_grid(cars, track.lanes, default_teams(cars), limits.lives, track.spacing)
    finals = default_finals(limits.finalists[cars], track.lanes, track.spacing)
    return Board(track.lanes, track.rows, setup.walls, setup.mines, grid, finals, limits)


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table."""

    ruleset: str
    track: Track
    races: int
    qualified: float
    short: float
    no_winner: float
    line_wins: tuple[float, ...]
    turns: float
    turns_median: int
    turns_p90: int
    stuck: float


def measure(ruleset: str, track: Track, setups: int, races: int, seed: int = 0, cars: int = 25) -> Row:
    """Race `races` times on each of `setups` random legal setups of `track` with `cars` cars."""
    results: list[tuple[Board, RaceResult]] = []
    for s in range(setups):
        board = board_for(ruleset, track, seed + s, cars)
        results += [(board, r) for r in simulate(board, races, seed=seed + s)]
    n = len(results)
    finalists = limits_for(ruleset).finalists[cars]
    won = [(b, r.winner) for b, r in results if r.winner >= 0]
    rows = sorted({c.row for c in results[0][0].cars}, reverse=True)
    line_wins = tuple(sum(1 for b, w in won if b.cars[w].row == row) / max(1, len(won)) for row in rows)
    turns = sorted(r.qualifying_turns for _, r in results)
    return Row(
        ruleset,
        track,
        n,
        sum(r.qualified for _, r in results) / n,
        sum(1 for _, r in results if r.qualified < finalists) / n,
        1 - len(won) / n,
        line_wins,
        sum(turns) / n,
        turns[n // 2],
        turns[int(0.9 * (n - 1))],
        sum(1 for _, r in results if r.stuck) / n,
    )


def main() -> None:
    """Print the calibration table for the tracks asked for (default: today's default and the chosen one)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setups", type=int, default=200)
    parser.add_argument("--races", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cars", type=int, default=25, choices=(25, 30, 36))
    parser.add_argument("--ruleset", action="append", choices=("v2.1", "current"))
    parser.add_argument("--track", action="append", type=Track.parse, help="LANESxROWS[:ROWGAP/LANEGAP]")
    args = parser.parse_args()
    tracks = args.track or [Track.parse("7x30:0/0")]
    print(f"{args.setups} random legal setups x {args.races} races each; start lines front first, fair share"
          " = one line's share of the cars")
    print(f"{'ruleset':8} {'track':10} {'qualified':>9} {'short':>6} {'no win':>6}  {'wins by start line':26}"
          f" {'turns':>5} {'med':>4} {'p90':>4} {'stuck':>5}")
    for ruleset in args.ruleset or ["v2.1", "current"]:
        for track in tracks:
            row = measure(ruleset, track, args.setups, args.races, args.seed, args.cars)
            lines = " ".join(f"{w:4.0%}" for w in row.line_wins)
            print(f"{ruleset:8} {track!s:10} {row.qualified:9.2f} {row.short:6.0%} {row.no_winner:6.0%}"
                  f"  {lines:26} {row.turns:5.1f} {row.turns_median:4d} {row.turns_p90:4d} {row.stuck:5.1%}")


if __name__ == "__main__":
    main()
