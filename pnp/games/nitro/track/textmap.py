"""A text sketch of a placed track, for checking a layout at the terminal and in tests.

Input: a `TrackGeometry` and a cell size in mm. Output: lines of characters, one per cell of the page
(top line = smallest y): each section shows the last digit of its number (`S` for the Start/Finish), `G`
the Garage, `#` a cell covered by two cards (a crossing or an overlap), `.` bare table.
"""

from __future__ import annotations

import math

from pnp.games.nitro.model import Kind
from pnp.games.nitro.track.geometry import Point, Polygon, TrackGeometry


def _inside(point: Point, poly: Polygon) -> bool:
    """True when `point` lies within the convex polygon `poly` (either winding)."""
    signs = set()
    for a, b in zip(poly, (*poly[1:], poly[0]), strict=True):
        cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
        if abs(cross) > 1e-9:
            signs.add(cross > 0)
    return len(signs) <= 1


def sketch(geometry: TrackGeometry, cell: float = 22.0) -> list[str]:
    """One character per `cell` x `cell` mm square of the track's bounding box."""
    labelled: list[tuple[str, tuple[Polygon, ...]]] = [
        ("S" if s.kind == Kind.START_FINISH else str(s.number % 10), s.parts) for s in geometry.sections
    ]
    if geometry.garage is not None:
        labelled.append(("G", (geometry.garage.outline,)))
    x0, y0, x1, y1 = geometry.bounds
    columns, rows = max(1, math.ceil((x1 - x0) / cell)), max(1, math.ceil((y1 - y0) / cell))
    lines = []
    for r in range(rows):
        line = []
        for c in range(columns):
            centre = Point(x0 + (c + 0.5) * cell + 0.013, y0 + (r + 0.5) * cell + 0.017)
            hits = [label for label, parts in labelled if any(_inside(centre, p) for p in parts)]
            line.append("." if not hits else hits[0] if len(hits) == 1 else "#")
        lines.append("".join(line))
    return lines
