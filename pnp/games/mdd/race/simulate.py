"""Whole-race simulation of a Mini Demolition Derby setup.

Input: a `Board`, a number of games, a seed and a number of worker processes. Output: one `RaceResult`
per game (game i is seeded from (seed, i), so results do not depend on the number of processes). Every
race is played by `engine.Race`: compiled at install time where a C compiler is (`COMPILED`), else as
plain Python, the same races either way. Statistics: summary.py; balance warnings: balance.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from pnp.games.mdd.geometry import Board
from pnp.games.mdd.race.awards import Awards
from pnp.games.mdd.race.engine import COMPILED, Race, RaceOptions
from pnp.games.mdd.rulesets import limits_for
from pnp.games.mdd.setup.formation import default_finals, default_grid, default_teams
from pnp.games.mdd.setup.generate import random_setup
from pnp.sim.batches import batches, run_batches

__all__ = ["COMPILED", "RaceResult", "example_board", "play_race", "play_range", "race_seed", "result_of", "simulate"]

class RaceResult(NamedTuple):
    """The numbers one race produces (plain values, cheap to send between processes)."""

    qualifying_turns: int
    finals_turns: int
    qualified: int
    eliminations: int
    mines_left: int
    hits: int
    exits: int
    mines_taken: int
    stuck: int
    winner: int
    """Index of the winning car in `Board.cars`, or -1 when no car finished."""
    pawns: tuple[tuple[int, ...], ...] = ()
    """With the awards kept: the cars holding each pawn of `awards.PAWNS` at the end (else empty)."""


def race_seed(seed: int, game: int) -> str:
    """The seed of game `game` of a simulation seeded with `seed` (independent of worker count)."""
    return f"mdd:{seed}:{game}"


def play_race(board: Board, seed: int | str, options: RaceOptions | None = None, awards: bool = False) -> RaceResult:
    """Play one complete race on `board` and return its numbers (with `awards`, who took the pawns)."""
    keeper = Awards() if awards else None
    return result_of(Race(board, options, seed=seed, awards=keeper).run(), keeper)


def result_of(race: Race, awards: Awards | None = None) -> RaceResult:
    """The numbers of a race that has been run (with the pawns' holders by `awards`, kept by the race)."""
    return RaceResult(
        race.qualifying_turns,
        race.finals_turns,
        len(race.qualified),
        race.eliminations,
        race.mines_left(),
        race.hits,
        race.exits,
        race.mines_taken,
        race.stuck,
        race.finished[0] if race.finished else -1,
        awards.holders(len(race.lives)) if awards is not None else (),
    )


def _play_chunk(job: tuple[Board, RaceOptions, int, int, int, bool]) -> list[RaceResult]:
    """Races `start` to `stop` of a simulation, played by one `engine.Race` reset for each."""
    board, options, seed, start, stop, awards = job
    race = Race(board, options)
    results = []
    for i in range(start, stop):
        keeper = Awards() if awards else None
        results.append(result_of(race.reset(race_seed(seed, i), keeper).run(), keeper))
    return results


def play_range(board: Board, seed: int, start: int, stop: int, options: RaceOptions | None = None) -> list[RaceResult]:
    """Races `start` to `stop - 1` of a simulation seeded with `seed`, in this process (the same races as
    those of `simulate(board, stop, seed)`): what a search plays on every candidate alike."""
    return _play_chunk((board, options or RaceOptions(), seed, start, stop, False))


def simulate(
    board: Board,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    options: RaceOptions | None = None,
    progress: Callable[[int], None] | None = None,
    awards: bool = False,
) -> list[RaceResult]:
    """Play `games` races, in `jobs` processes; `progress(n)` is called as each batch of n races ends.
    With `awards`, each result also says who took the v2.1 award pawns (play is the same)."""
    options = options or RaceOptions()
    Race(board, options)  # a board the engine cannot race fails here, before any worker starts
    work = [(board, options, seed, a, b, awards) for a, b in batches(games, jobs, 500)]
    return run_batches(_play_chunk, work, jobs, progress)


def example_board(cars: int = 25, seed: int = 0, ruleset: str = "v2.1", lanes: int | None = None) -> Board:
    """The board of `pnp mdd setup` (default track, or `lanes` wide) with its start grid (benchmarks, tests)."""
    limits = limits_for(ruleset)
    setup = random_setup(ruleset, cars, seed) if lanes is None else random_setup(ruleset, cars, seed, lanes=lanes)
    grid = default_grid(cars, setup.lanes, default_teams(cars), limits.lives, setup.spacing)
    finals = default_finals(limits.finalists[cars], setup.lanes, setup.spacing)
    return Board(setup.lanes, setup.rows, setup.walls, setup.mines, grid, finals, limits)
