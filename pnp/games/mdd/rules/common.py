"""Helpers shared by the MDD validator rules: cells of walls and cars, names, locations, reachability."""

from __future__ import annotations

from pnp.diagnostics import Diagnostic, Severity
from pnp.games.mdd.geometry import CarStart, Cell
from pnp.games.mdd.model import Layout, Placed, Where
from pnp.source.located import Located


def _at(
    located: Located, where: Where, rule_id: str, message: str, hint: str, severity: Severity = Severity.ERROR
) -> Diagnostic:
    return Diagnostic.at(where.mark(located), rule_id, message, hint, severity)


def _wall_cells(wall: Cell) -> tuple[Cell, Cell]:
    return wall, Cell(wall.lane + 1, wall.row)


def _car_cells(lane: int, row: int) -> tuple[Cell, Cell]:
    return Cell(lane, row), Cell(lane, row + 1)


def _on_track(cell: Cell, layout: Layout) -> bool:
    return 1 <= cell.lane <= layout.lanes and 1 <= cell.row <= layout.rows


def _name(cell: Cell) -> str:
    return f"lane {cell.lane}, row {cell.row}"


def _rules_of(layout: Layout) -> str:
    return f"the {layout.limits.name} rules"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _line(located: Located, where: Where) -> int:
    return where.mark(located).line



def _car_cell_owners(cars: tuple[Placed[CarStart], ...]) -> dict[Cell, CarStart]:
    owner: dict[Cell, CarStart] = {}
    for car in cars:
        for cell in _car_cells(car.item.lane, car.item.row):
            owner.setdefault(cell, car.item)
    return owner


def _lowest_start_row(layout: Layout) -> int:
    """Rear row allowed for a starting car: 1, or -1 with 36 cars (a line waits behind the start)."""
    return -1 if layout.car_count.item == 36 else 1


def _reachable(layout: Layout) -> set[tuple[int, int]]:
    """Positions (lane, rear row) a 1x2 car can reach from the start, moving forward or sideways."""
    walled = {c for w in layout.walls for c in _wall_cells(w.item)}
    lowest = _lowest_start_row(layout)

    def free(lane: int, row: int) -> bool:
        return (
            1 <= lane <= layout.lanes
            and lowest <= row
            and row + 1 <= layout.rows
            and Cell(lane, row) not in walled
            and Cell(lane, row + 1) not in walled
        )

    todo = [(c.item.lane, c.item.row) for c in layout.cars if free(c.item.lane, c.item.row)]
    seen = set(todo)
    while todo:
        lane, row = todo.pop()
        for step in ((lane - 1, row), (lane + 1, row), (lane, row + 1)):
            if step not in seen and free(*step):
                seen.add(step)
                todo.append(step)
    return seen
