"""MDD validator rules for walls: count, on the track, apart, off the side borders, ahead of the cars, off
the start grid."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.diagnostics import Diagnostic
from pnp.games.mdd.model import MddSetup
from pnp.games.mdd.rules.common import (
    _at,
    _car_cell_owners,
    _line,
    _name,
    _on_track,
    _plural,
    _rules_of,
    _wall_cells,
)
from pnp.rules import rule
from pnp.source.located import Located


@rule("mdd.walls.count", MddSetup, "the ruleset's number of walls (6) is placed")
def _walls_count(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    want, have = layout.limits.walls, len(layout.walls)
    if have < want:
        yield _at(
            located,
            layout.walls_where,
            "mdd.walls.count",
            f"{_rules_of(layout)} place {want} walls on the track; this setup has {have}",
            f"add {_plural(want - have, 'wall')}",
        )
    elif have > want:
        yield _at(
            located,
            layout.walls[want].where,
            "mdd.walls.count",
            f"{_rules_of(layout)} place {want} walls on the track; this setup has {have}",
            f"remove {_plural(have - want, 'wall')}, from this one on",
        )


@rule("mdd.walls.track", MddSetup, "both cells of every wall lie on the track")
def _walls_track(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    for wall in layout.walls:
        if not all(_on_track(c, layout) for c in _wall_cells(wall.item)):
            yield _at(
                located,
                wall.where,
                "mdd.walls.track",
                f"the wall at {_name(wall.item)} sticks out of the track (lanes 1-{layout.lanes}, rows "
                f"1-{layout.rows}); a wall covers its cell and the one to its right",
                f"give it a lane from 1 to {layout.lanes - 1} and a row from 1 to {layout.rows}",
            )


@rule("mdd.walls.adjacent", MddSetup, "walls do not touch one another, by a side or a corner")
def _walls_adjacent(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    walls = spec.layout().walls
    for j, later in enumerate(walls):
        for earlier in walls[:j]:
            if any(
                abs(a.lane - b.lane) <= 1 and abs(a.row - b.row) <= 1
                for a in _wall_cells(later.item)
                for b in _wall_cells(earlier.item)
            ):
                yield _at(
                    located,
                    later.where,
                    "mdd.walls.adjacent",
                    f"walls may not touch each other, not even at a corner: the wall at "
                    f"{_name(later.item)} touches the one at {_name(earlier.item)} "
                    f"(line {_line(located, earlier.where)})",
                    "leave at least one free cell all around each wall",
                )
                break


@rule("mdd.walls.border", MddSetup, "walls keep off the lanes along the side borders")
def _walls_border(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    for wall in layout.walls:
        left, right = _wall_cells(wall.item)
        if not (_on_track(left, layout) and _on_track(right, layout)):
            continue
        side = "left" if left.lane == 1 else "right" if right.lane == layout.lanes else None
        if side:
            yield _at(
                located,
                wall.where,
                "mdd.walls.border",
                f"walls may not touch the side borders of the track: the wall at {_name(wall.item)} "
                f"lies against the {side} border",
                f"give its left cell a lane from 2 to {layout.lanes - 2}",
            )


@rule("mdd.walls.ahead", MddSetup, "v2.1: walls stand at least 5 cells ahead of the front cars")
def _walls_ahead(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    ahead, front = layout.limits.wall_min_ahead, layout.front_row()
    if ahead is None or front is None:
        return
    for wall in layout.walls:
        if wall.item.row < front + ahead:
            yield _at(
                located,
                wall.where,
                "mdd.walls.ahead",
                f"{_rules_of(layout)} put walls at least {ahead} cells ahead of the front cars; the cars "
                f"reach row {front}, this wall is in row {wall.item.row}",
                f"move it to row {front + ahead} or further",
            )


@rule("mdd.walls.cars", MddSetup, "walls are not placed on the start grid, under a starting car")
def _walls_cars(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    owner = _car_cell_owners(layout.cars)
    for wall in layout.walls:
        hit = [owner[c] for c in _wall_cells(wall.item) if c in owner]
        if hit:
            yield _at(
                located,
                wall.where,
                "mdd.walls.cars",
                f"walls go on free track, not on the start grid: the wall at {_name(wall.item)} "
                f"covers car {hit[0].number}",
                "move the wall in front of the starting cars",
            )
