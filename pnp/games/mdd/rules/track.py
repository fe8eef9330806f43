"""MDD validator rules for can the race be run: every lane reachable, the finish reachable, no row walled off,
no pocket a car cannot leave."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import astuple

from pnp.diagnostics import Diagnostic, Severity
from pnp.games.mdd.geometry import Cell
from pnp.games.mdd.model import MddSetup, Placed
from pnp.games.mdd.rules.common import (
    _at,
    _reachable,
    _wall_cells,
)
from pnp.games.mdd.setup.pockets import trapped
from pnp.rules import rule
from pnp.source.located import Located


@rule("mdd.track.lanes", MddSetup, "every lane can be reached from the start")
def _track_lanes(spec: MddSetup, located: Located) -> Iterable[Diagnostic]:
    layout = spec.layout()
    if not layout.cars:
        return []
    reached = {lane for lane, _ in _reachable(layout)}
    missing = [lane for lane in range(1, layout.lanes + 1) if lane not in reached]
    if not missing:
        return []
    return [
        _at(
            located,
            layout.walls_where,
            "mdd.track.lanes",
            f"walls shut off lane{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))}: "
            "no car can ever drive there",
            "move walls so that every lane can be reached from the start",
        )
    ]


@rule("mdd.track.finish", MddSetup, "a car can get from the start to the finish line")
def _track_finish(spec: MddSetup, located: Located) -> Iterable[Diagnostic]:
    layout = spec.layout()
    if not layout.cars or any(row + 1 == layout.rows for _, row in _reachable(layout)):
        return []
    return [
        _at(
            located,
            layout.walls_where,
            "mdd.track.finish",
            "walls block the way: no car can get from the start to the finish line",
            "open a gap in the walls (a car needs one lane, two cells long)",
        )
    ]


@rule("mdd.track.row_blocked", MddSetup, "no row is walled from side to side")
def _track_row_blocked(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    by_row: dict[int, list[Placed[Cell]]] = {}
    for wall in layout.walls:
        by_row.setdefault(wall.item.row, []).append(wall)
    for row, walls in sorted(by_row.items()):
        covered = {c.lane for w in walls for c in _wall_cells(w.item)}
        if all(lane in covered for lane in range(1, layout.lanes + 1)):
            yield _at(
                located,
                walls[0].where,
                "mdd.track.row_blocked",
                f"row {row} is walled from side to side: no car can pass it",
                "remove a wall from this row",
            )


@rule("mdd.track.pocket", MddSetup, "legal walls close no pocket a car can drive into and never leave (warning)")
def _track_pocket(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    walls = [w.item for w in layout.walls]
    if any(abs(a.row - b.row) <= 1 and abs(a.lane - b.lane) <= 2 for i, a in enumerate(walls) for b in walls[:i]):
        return  # touching walls: mdd.walls.adjacent already asks to move them
    caught = trapped(layout.lanes, layout.rows, walls, [(c.item.lane, c.item.row) for c in layout.cars])
    if not caught:
        return
    lanes = sorted({lane for lane, _ in caught})
    rows = sorted({row for _, row in caught})
    around = {(lane + d, row + r) for lane, row in caught for d in (-1, 0, 1) for r in (0, 1, 2)}
    span = f"lane {lanes[0]}" if len(lanes) == 1 else f"lanes {lanes[0]}-{lanes[-1]}"
    wall = next((w for w in layout.walls if set(map(astuple, _wall_cells(w.item))) & around), layout.walls[0])
    yield Diagnostic.at(
        wall.where.mark(located),
        "mdd.track.pocket",
        f"the walls around {span}, rows {rows[0]}-{rows[-1] + 1} close a pocket: a car that drives in can never "
        f"get out again (sideways it meets a wall or the edge, forward a wall); the rules allow it, "
        "but the car is stuck for the rest of the race",
        "move this wall or the one ahead of the pocket by a lane, so every place a car can reach "
        "still leads to the finish",
        Severity.WARNING,
    )
