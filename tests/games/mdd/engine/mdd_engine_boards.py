"""Small boards for the engine tests, built from plain tuples."""

from __future__ import annotations

from pnp.games.mdd.geometry import Board, CarStart, Cell
from pnp.games.mdd.rulesets import limits_for


def make_board(
    lanes: int,
    rows: int,
    cars: list[tuple[int, int]] | list[tuple[int, int, int]] | list[tuple[int, int, int, str]],
    walls: tuple[tuple[int, int], ...] = (),
    mines: tuple[tuple[int, int, int], ...] = (),
    finals: tuple[tuple[int, int], ...] = (),
    ruleset: str = "v2.1",
) -> Board:
    """Cars as (lane, row[, lives[, team]]) rear cells; walls by left cell; mines as (lane, row, count)."""
    starts = []
    for number, car in enumerate(cars, start=1):
        lane, row, lives, team = (*car, 7, "red")[:4] if len(car) == 2 else (*car, "red")[:4]
        starts.append(CarStart(number, str(team), int(lane), int(row), int(lives)))
    return Board(
        lanes,
        rows,
        tuple(Cell(*w) for w in walls),
        tuple((Cell(lane, row), count) for lane, row, count in mines),
        tuple(starts),
        tuple(Cell(*f) for f in finals),
        limits_for(ruleset),
    )
