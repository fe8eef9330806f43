"""The flat cell tables an MDD race runs on: a `Board` as lists indexed by cell, and back.

Input: a `Board`. Output: `CellGrid` (how (lane, row) maps to a cell index) and `start_tables` (the cells,
their occupants and car cells of the start), for engine.Race; `snapshot` (a race's board as plain data). No rule lives
here. Each row holds its lanes numbered from the right, then one pad cell (`EDGE`): a row is
`width = lanes + 1` cells, a step to the left is +1 and a step off either side of the track lands on a
pad. A row of pads lies below the first row, and one above the row beyond the line. The turn order (most
advanced first, leftmost first among equals) is then the order of falling cell index.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from pnp.games.mdd.geometry import Board
from pnp.games.mdd.race.records import CarState, Snapshot

EDGE = -2
"""Cell value of a pad, off the track (a wall is WALL, a cell with mines counts them)."""
WALL = -1
STATUS_NAMES = ("racing", "qualified", "finished", "eliminated")
"""The names of the car states engine.RACING, QUALIFIED, FINISHED, ELIMINATED (0 to 3)."""


@dataclass(frozen=True, slots=True)
class CellGrid:
    """The cell index of each (lane, row) of a board whose lowest row is `first_row`."""

    lanes: int
    rows: int
    first_row: int

    @property
    def width(self) -> int:
        return self.lanes + 1

    def index(self, lane: int, row: int) -> int:
        """The cell index of (lane, row)."""
        return (row - self.first_row + 1) * self.width + self.lanes - lane

    def place(self, index: int) -> tuple[int, int]:
        """(lane, row) of a cell index."""
        return self.lanes - index % self.width, index // self.width - 1 + self.first_row

    def on_track(self, lane: int, row: int, wide: int = 0) -> bool:
        """Whether (lane, row), and the `wide` lanes right of it, lie on the track (the row beyond the
        line, where a car's front stands as it crosses, is not)."""
        return 1 <= lane <= self.lanes - wide and self.first_row <= row <= self.rows


def grid_of(board: Board) -> CellGrid:
    """The grid of `board`: its rows, and rows behind the first where cars start behind the track."""
    return CellGrid(board.lanes, board.rows, min([1] + [c.row for c in board.cars]))


def start_tables(board: Board, grid: CellGrid) -> list[list[int]]:
    """The tables of an engine.Race at the start: by cell, its mines (or WALL, EDGE) and the car covering it (or
    -1); by car, its rear cell, lives, kills (0), the roll it was last bumped in and last moved sideways in (-1),
    its status (0, racing) and the turn order (the cars by index). ValueError for a board that puts a car, wall
    or mine off the track, or a car on a wall (validation rejects such boards)."""
    width = grid.width
    cell = [EDGE] * ((board.rows - grid.first_row + 4) * width)
    for row in range(grid.first_row, board.rows + 2):
        for lane in range(1, board.lanes + 1):
            cell[grid.index(lane, row)] = 0
    placed = [(w.lane, w.row, "wall", 1) for w in board.walls] + [(c.lane, c.row, "mine", 0) for c, _ in board.mines]
    placed += [(car.lane, car.row, f"car {car.number}", 0) for car in board.cars]
    for lane, row, what, wide in placed:
        if not grid.on_track(lane, row, wide):
            raise ValueError(f"{what} at lane {lane}, row {row} lies off the track")
    for w in board.walls:
        cell[grid.index(w.lane, w.row)] = cell[grid.index(w.lane + 1, w.row)] = WALL
    for c, count in board.mines:
        cell[grid.index(c.lane, c.row)] += count
    pos, occ = [], [-1] * len(cell)
    for i, car in enumerate(board.cars):
        p = grid.index(car.lane, car.row)
        if cell[p] < 0 or cell[p + width] < 0:
            raise ValueError(f"car {car.number} starts on a wall (lane {car.lane}, row {car.row})")
        pos.append(p)
        occ[p] = occ[p + width] = i
    cars = len(pos)
    return [cell, occ, pos, [c.lives for c in board.cars], [0] * cars, [-1] * cars, [-1] * cars, [0] * cars,
            list(range(cars))]


def finals_cells(board: Board, grid: CellGrid, cell: list[int]) -> list[tuple[int, str]]:
    """The rear cell of each finals position of `board` whose `cell` tables `start_tables` made, with why a
    qualifier cannot stand there (off the track, on a wall, on an earlier position) or "" where it can: when
    qualifying ends, the track holds no car but the qualifiers lined up in the positions before."""
    width, taken, cells = grid.width, set[int](), []
    for c in board.finals:
        p = grid.index(c.lane, c.row)
        free = 0 <= p < len(cell) - width and all(q not in taken and cell[q] >= 0 for q in (p, p + width))
        cells.append((p, "" if free else f"finals position lane {c.lane} row {c.row} is not free"))
        taken.update((p, p + width))
    return cells


def row_steps(cells: int, width: int) -> tuple[list[int], list[int]]:
    """The cell one row ahead of each of `cells` cells, and the one behind. Looked up, not summed: in pure
    Python a sum above 256 is a new int object each time, a table's ints are made once."""
    return [q + width for q in range(cells)], [q - width for q in range(cells)]


class RaceState(Protocol):
    """What `snapshot` reads of an engine.Race."""

    board: Board
    grid: CellGrid
    cell: list[int]
    lives: list[int]
    status: list[int]
    phase: str

    def car_cell(self, car: int) -> tuple[int, int]: ...


def snapshot(race: RaceState) -> Snapshot:
    """The current board of `race` as plain data."""
    grid = race.grid
    walls = tuple((w.lane, w.row) for w in race.board.walls)
    mines = tuple(sorted(((*grid.place(i), m) for i, m in enumerate(race.cell) if m > 0), key=lambda m: (m[1], m[0])))
    cars = []
    for i, start in enumerate(race.board.cars):
        lane, row = race.car_cell(i)
        cars.append(CarState(start.number, start.team, lane, row, race.lives[i], STATUS_NAMES[race.status[i]]))
    return Snapshot(race.board.lanes, race.board.rows, grid.first_row, walls, mines, tuple(cars), race.phase)


def mines_at(race: RaceState, lane: int, row: int) -> int:
    """Mines (bombs) in one cell of `race` (0 outside the board)."""
    return max(0, race.cell[race.grid.index(lane, row)]) if race.grid.on_track(lane, row) else 0
