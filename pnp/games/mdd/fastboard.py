"""The per-board tables of the simulation's fast path (fastrace.py): a `Board` as flat lists by cell.

Input: a `Board`. Output: `RaceTables`, what every race on that board starts from (mines and walls,
occupancy, car cells and lives, the finals cells), copied from the start state of an `engine.Race` with
the lanes of each row numbered from the right (`mirror`): the turn order (most advanced first, leftmost
first among equals) is then the order of falling cell index, and a step to the left is +1. Each row
ends with one pad cell (`EDGE`) beyond its last lane, so a row is `width = lanes + 1` cells: a step off
either side of the track lands on a pad (off the right of the bottom row, index -1, on the last pad) and
no step needs the lane of its cell. Above the engine's rows (the last of them is beyond the line) lies
one row of pads, so a car running ahead stops there without a look at the finish line.
`race_tables` returns None for a board the fast path does not race.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.mdd.engine import DEFAULT_FINALISTS, Race
from pnp.games.mdd.geometry import Board

EDGE = -2
"""`cell` value of a pad: off the track (a wall is -1, a cell with mines counts them)."""


@dataclass(frozen=True, slots=True)
class RaceTables:
    """What every race on one board starts from, as flat lists indexed by cell (see engine.Race)."""

    width: int
    """Cells per row: the lanes and one pad."""
    cell: tuple[int, ...]
    occ: tuple[int, ...]
    pos: tuple[int, ...]
    lives: tuple[int, ...]
    finish: int
    """First cell index whose row puts a car's front beyond the last row."""
    finalists: int
    finals: tuple[tuple[int, int, int], ...]
    """(cell index, lane, row) of each finals start position."""
    blocked: int
    """Minus the sum of the negative cells (walls, pads): each stays negative for good (a cell with mines
    is never a wall), so the mines left are sum(cell) + blocked."""


def race_tables(board: Board) -> RaceTables | None:
    """The per-board tables of `play_fast`, built from the start state of an `engine.Race`; None for a
    board the fast path does not race (a car or finals cell off the track, or on a wall: such boards
    fail validation, and `engine.Race` alone decides what happens on them). From a board it accepts no
    car ever covers a wall cell: every move checks the cells it enters, the finals start too."""
    race = Race(board)
    top = board.rows - 1
    starts = [(c.lane, c.row) for c in (*board.cars, *board.finals)]
    if any(
        not (1 <= lane <= board.lanes and race.first_row <= row <= top) for lane, row in starts
    ):
        return None
    lanes = race.lanes
    if any(race.cell[p] < 0 or race.cell[p + lanes] < 0 for p in race.pos):
        return None
    width = lanes + 1
    rows = len(race.cell) // lanes + 1  # and a row of pads above the row beyond the line

    def mirror(p: int) -> int:
        return p // lanes * width + lanes - 1 - p % lanes

    cell = [EDGE] * (rows * width)
    occ = [-1] * (rows * width)
    for p, (mines, car) in enumerate(zip(race.cell, race.occ, strict=True)):
        cell[mirror(p)] = mines
        occ[mirror(p)] = car
    return RaceTables(
        width,
        tuple(cell),
        tuple(occ),
        tuple(mirror(p) for p in race.pos),
        tuple(race.lives),
        race.finish_index * width,
        board.limits.finalists.get(len(board.cars), DEFAULT_FINALISTS),
        tuple((mirror(race._index(c.lane, c.row)), c.lane, c.row) for c in board.finals),
        -sum(m for m in cell if m < 0),
    )
