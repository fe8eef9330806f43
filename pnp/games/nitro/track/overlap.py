"""Do two placed cards overlap? Convex pieces tested by separating axes.

Input: the convex parts of two outlines (from `geometry`). Output: whether they overlap by more than a
tolerance; cards laid edge to edge only touch along a line, which is no overlap.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.nitro.track.geometry import Point, Polygon

Box = tuple[float, float, float, float]


def _axes(poly: Polygon) -> list[tuple[float, float]]:
    axes = []
    for a, b in zip(poly, (*poly[1:], poly[0]), strict=True):
        dx, dy = b.x - a.x, b.y - a.y
        norm = (dx * dx + dy * dy) ** 0.5
        if norm > 1e-9:
            axes.append((-dy / norm, dx / norm))
    return axes


def _project(poly: Polygon, axis: tuple[float, float]) -> tuple[float, float]:
    values = [p.x * axis[0] + p.y * axis[1] for p in poly]
    return min(values), max(values)


def convex_depth(a: Polygon, b: Polygon) -> float:
    """Smallest push (mm) that separates two convex polygons; 0 when they touch or are apart."""
    depth = float("inf")
    for axis in (*_axes(a), *_axes(b)):
        lo_a, hi_a = _project(a, axis)
        lo_b, hi_b = _project(b, axis)
        overlap = min(hi_a, hi_b) - max(lo_a, lo_b)
        if overlap <= 0:
            return 0.0
        depth = min(depth, overlap)
    return depth if depth != float("inf") else 0.0


def overlaps(parts_a: Sequence[Polygon], parts_b: Sequence[Polygon], tolerance: float) -> bool:
    """True when some convex part of one card overlaps some part of the other by more than `tolerance` mm."""
    boxes_b = [bounding_box([p]) for p in parts_b]
    for pa in parts_a:
        box_a = bounding_box([pa])
        for pb, box_b in zip(parts_b, boxes_b, strict=True):
            if boxes_meet(box_a, box_b) and convex_depth(pa, pb) > tolerance:
                return True
    return False


def bounding_box(polys: Sequence[Polygon]) -> Box:
    """Box around several polygons (for a cheap first test)."""
    points: list[Point] = [p for poly in polys for p in poly]
    return (min(p.x for p in points), min(p.y for p in points), max(p.x for p in points), max(p.y for p in points))


def boxes_meet(a: Box, b: Box) -> bool:
    """True when two boxes share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
