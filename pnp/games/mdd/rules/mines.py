"""MDD validator rules for mines (bombs): total, per cell, ahead of the cars, not on walls or cars, on the
track, listed once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from pnp.diagnostics import Diagnostic
from pnp.games.mdd.geometry import Cell
from pnp.games.mdd.model import MddSetup, Where
from pnp.games.mdd.rules.common import (
    _at,
    _car_cell_owners,
    _line,
    _name,
    _on_track,
    _rules_of,
    _wall_cells,
)
from pnp.rules import rule
from pnp.source.located import Located


@rule("mdd.mines.total", MddSetup, "the number of mines (bombs) is in the ruleset's range")
def _mines_total(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    limits = layout.limits
    total = sum(m.item.count for m in layout.mines)
    if not limits.mines_min <= total <= limits.mines_max:
        word = limits.mine_word
        yield _at(
            located,
            layout.mines_where,
            "mdd.mines.total",
            f"{_rules_of(layout)} scatter {limits.mines_min} to {limits.mines_max} {word}s; this setup has {total}",
            f"{'add' if total < limits.mines_min else 'remove'} {word}s to reach a total in that range",
        )


@rule("mdd.mines.per_cell", MddSetup, "no cell holds more mines than the ruleset allows (3 in v2.1, 4 current)")
def _mines_per_cell(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    most, word = layout.limits.mines_per_cell, layout.limits.mine_word
    in_cell: Counter[Cell] = Counter()
    for mine in layout.mines:
        in_cell[mine.item.cell] += mine.item.count
        if in_cell[mine.item.cell] > most >= in_cell[mine.item.cell] - mine.item.count:
            yield _at(
                located,
                mine.where,
                "mdd.mines.per_cell",
                f"{_rules_of(layout)} allow at most {most} {word}s in one cell; "
                f"{_name(mine.item.cell)} has {in_cell[mine.item.cell]}",
                f"spread the extra {word}s over other cells",
            )


@rule("mdd.mines.ahead", MddSetup, "v2.1: bombs lie at least 5 cells ahead of the front cars")
def _mines_ahead(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    ahead, front = layout.limits.mines_min_ahead, layout.front_row()
    if ahead is None or front is None:
        return
    for mine in layout.mines:
        if mine.item.cell.row < front + ahead:
            word = layout.limits.mine_word
            yield _at(
                located,
                mine.where,
                "mdd.mines.ahead",
                f"{_rules_of(layout)} put {word}s at least {ahead} cells ahead of the front cars; the cars "
                f"reach row {front}, this {word} is in row {mine.item.cell.row}",
                f"move it to row {front + ahead} or further",
            )


@rule("mdd.mines.walls", MddSetup, "no mine lies on a wall")
def _mines_walls(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    walled = {c for w in layout.walls for c in _wall_cells(w.item)}
    for mine in layout.mines:
        if mine.item.cell in walled:
            yield _at(
                located,
                mine.where,
                "mdd.mines.walls",
                f"a {layout.limits.mine_word} cannot lie on a wall: {_name(mine.item.cell)} is walled",
                "move it to a free cell",
            )


@rule("mdd.mines.cars", MddSetup, "no mine lies under a starting car")
def _mines_cars(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    owner = _car_cell_owners(layout.cars)
    for mine in layout.mines:
        car = owner.get(mine.item.cell)
        if car:
            yield _at(
                located,
                mine.where,
                "mdd.mines.cars",
                f"{layout.limits.mine_word}s go on free track, not under the starting cars: "
                f"{_name(mine.item.cell)} is under car {car.number}",
                "move it in front of the starting cars",
            )


@rule("mdd.mines.count", MddSetup, "a mine entry counts at least one mine")
def _mines_count(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    for mine in layout.mines:
        if mine.item.count < 1:
            where = mine.where if mine.where.map_pos else Where((*mine.where.path, "count"))
            yield _at(
                located,
                where,
                "mdd.mines.count",
                f"a cell listed under `mines:` holds at least one {layout.limits.mine_word}; "
                f"this entry says {mine.item.count}",
                "give a count of 1 or more, or remove the entry",
            )


@rule("mdd.mines.track", MddSetup, "every mine lies on the track")
def _mines_track(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    for mine in layout.mines:
        if not _on_track(mine.item.cell, layout):
            yield _at(
                located,
                mine.where,
                "mdd.mines.track",
                f"the {layout.limits.mine_word} at {_name(mine.item.cell)} is off the track "
                f"(lanes 1-{layout.lanes}, rows 1-{layout.rows})",
                "give it a lane and a row inside the track",
            )


@rule("mdd.mines.duplicate", MddSetup, "each mine cell is listed once")
def _mines_duplicate(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    first: dict[Cell, Where] = {}
    for mine in layout.mines:
        if mine.item.cell in first:
            yield _at(
                located,
                mine.where,
                "mdd.mines.duplicate",
                f"{_name(mine.item.cell)} is listed twice under `mines:` (first at line "
                f"{_line(located, first[mine.item.cell])})",
                "keep one entry for the cell and give it the total `count:`",
            )
        first.setdefault(mine.item.cell, mine.where)
