"""Culling: the items of a drawing that can show inside a window, so a tile page draws its part of a board only.

An item is left out only when a box that holds everything it can paint misses the window: strokes widened by
their joins and caps, text by its font's glyph box around the measured advance, groups by their transforms
and clips. Groups are culled recursively; an item that reaches the window is kept whole, in its place in the
drawing order, so the page under the window's clip looks exactly the same.
"""

from __future__ import annotations

import math
from collections import defaultdict
from functools import cache
from typing import assert_never

from pnp.layout.scene import Ellipse, Group, Image, Item, Line, Polygon, Rect, Style, Text, Transform
from pnp.text.fonts import glyph_box, text_width_mm

Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 (x0 <= x1, y0 <= y1) in mm."""

SLACK = 0.01
"""Extra mm around every box, against rounding in the backends' transforms."""
EDGE = 1.0
"""mm past a tile's window whose items are kept too: rasterisers that smooth the clip's edge (pdfium) let
paint up to a pixel outside the clip tint the edge pixels (1 mm is a pixel at 25 dpi)."""
MITER_LIMIT = 10.0
"""PDF's default miter limit: a polygon's corner reaches at most this many half stroke widths out."""


def _pad(style: Style, joins: float) -> float:
    """How far past its geometry a shape can paint: `joins` stroke widths when stroked (0 when not)."""
    if style.stroke and style.stroke_width > 0:
        return style.stroke_width * joins + SLACK
    return SLACK


def _grow(x0: float, y0: float, x1: float, y1: float, pad: float) -> Box:
    return min(x0, x1) - pad, min(y0, y1) - pad, max(x0, x1) + pad, max(y0, y1) + pad


def _corners(box: Box) -> tuple[tuple[float, float], ...]:
    x0, y0, x1, y1 = box
    return (x0, y0), (x1, y0), (x0, y1), (x1, y1)


def _around(points: tuple[tuple[float, float], ...]) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _rotated(box: Box, degrees: float, ox: float = 0.0, oy: float = 0.0) -> Box:
    """The box around `box` turned `degrees` clockwise (y down) around (ox, oy), as the backends turn it."""
    if not degrees:
        return box
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return _around(tuple((ox + c * (x - ox) - s * (y - oy), oy + s * (x - ox) + c * (y - oy))
                         for x, y in _corners(box)))


def _to_parent(box: Box, t: Transform) -> Box:
    """A box in a group's system as a box in its parent's: scale, then rotate, then translate."""
    x0, y0, x1, y1 = (v * t.scale for v in box)
    x0, y0, x1, y1 = _rotated((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), t.rotate)
    return x0 + t.dx, y0 + t.dy, x1 + t.dx, y1 + t.dy


def _to_child(box: Box, t: Transform) -> Box | None:
    """A box in a group's parent as a box around it in the group's own system (None: the group is flattened
    to nothing by a zero scale)."""
    if t.scale == 0:
        return None
    x0, y0, x1, y1 = _rotated((box[0] - t.dx, box[1] - t.dy, box[2] - t.dx, box[3] - t.dy), -t.rotate)
    x0, y0, x1, y1 = (v / t.scale for v in (x0, y0, x1, y1))
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


@cache
def _text_box(text: str, font: str, size: float, anchor: str) -> Box:
    """Where the glyphs of an unturned text at the origin can paint (y down), from its advance and the
    font's glyph box."""
    width = text_width_mm(text, font, size)
    start = {"start": 0.0, "middle": -width / 2, "end": -width}[anchor]
    gx0, gy0, gx1, gy1 = glyph_box(font)
    return _grow(start + gx0 * size, -gy1 * size, start + width + gx1 * size, -gy0 * size, SLACK)


def bounds(item: Item) -> Box | None:
    """A box (in the item's own parent system) that holds everything the item can paint; None when it
    paints nothing."""
    match item:
        case Rect():
            return _grow(item.x, item.y, item.x + item.w, item.y + item.h, _pad(item.style, 1.0))
        case Ellipse():
            return _grow(item.cx - item.rx, item.cy - item.ry, item.cx + item.rx, item.cy + item.ry,
                         _pad(item.style, 1.0))
        case Line():
            return _grow(item.x1, item.y1, item.x2, item.y2, _pad(item.style, 1.0))
        case Polygon():
            if not item.points:
                return None
            return _grow(*_around(item.points), _pad(item.style, MITER_LIMIT / 2))
        case Text():
            x0, y0, x1, y1 = _text_box(item.text, item.font, item.size, item.anchor)
            return _rotated((x0 + item.x, y0 + item.y, x1 + item.x, y1 + item.y), item.rotate, item.x, item.y)
        case Image():
            return _grow(item.x, item.y, item.x + item.w, item.y + item.h, SLACK)
        case Group():
            inner = _union(bounds(child) for child in item.children)
            if inner is not None and item.clip is not None:
                inner = _meet(inner, bounds(item.clip) or inner)
            return None if inner is None else _to_parent(inner, item.transform)
        case _:
            assert_never(item)  # a new kind of scene item is a type error here, never culled unseen


def _union(boxes: object) -> Box | None:
    found = [b for b in boxes if b is not None]  # type: ignore[attr-defined]
    if not found:
        return None
    return (min(b[0] for b in found), min(b[1] for b in found), max(b[2] for b in found), max(b[3] for b in found))


def _meet(a: Box, b: Box) -> Box | None:
    box = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return box if box[0] <= box[2] and box[1] <= box[3] else None


def _reaches(box: Box | None, window: Box) -> bool:
    return box is not None and box[0] <= window[2] and box[2] >= window[0] and box[1] <= window[3] \
        and box[3] >= window[1]


def cull(items: tuple[Item, ...], window: Box) -> tuple[Item, ...]:
    """The items that can paint inside `window`, in order; groups keep only their children that can."""
    kept: list[Item] = []
    for item in items:
        visible = _visible(item, bounds(item), window)
        if visible is not None:
            kept.append(visible)
    return tuple(kept)


def _visible(item: Item, box: Box | None, window: Box) -> Item | None:
    """`item` as far as it can paint inside `window` (a group with its culled children), or None."""
    if not _reaches(box, window):
        return None
    if not isinstance(item, Group):
        return item
    inner = _to_child(window, item.transform)
    if inner is None:
        return None
    children = cull(item.children, inner)
    if not children:
        return None
    if len(children) == len(item.children):
        return item
    return Group(children, item.transform, item.clip, item.label)


class Culler:
    """The items of one drawing, their boxes worked out once and filed in a grid of `cell`-sized squares,
    so each window looks only at the items near it and a board's tiles cost what they show."""

    def __init__(self, items: tuple[Item, ...], extent: Box, cell: float) -> None:
        """`extent`: the box every window lies in (items are filed only where they meet it)."""
        self.items = items
        self.boxes = [bounds(item) for item in items]
        self.extent = extent
        self.cell = max(cell, 1.0)
        self.grid: dict[tuple[int, int], list[int]] = defaultdict(list)
        for index, box in enumerate(self.boxes):
            if box is not None:
                for key in self._keys(box):
                    self.grid[key].append(index)

    def _keys(self, box: Box) -> list[tuple[int, int]]:
        clipped = _meet(box, self.extent)
        if clipped is None:
            return []
        c = self.cell
        box = clipped
        return [(i, j) for i in range(math.floor(box[0] / c), math.floor(box[2] / c) + 1)
                for j in range(math.floor(box[1] / c), math.floor(box[3] / c) + 1)]

    def visible(self, window: Box) -> tuple[Item, ...]:
        """The items that can paint inside `window` or within `EDGE` of it, in drawing order (see `cull`)."""
        window = (window[0] - EDGE, window[1] - EDGE, window[2] + EDGE, window[3] + EDGE)
        near = sorted({index for key in self._keys(window) for index in self.grid.get(key, ())})
        kept: list[Item] = []
        for index in near:
            item = _visible(self.items[index], self.boxes[index], window)
            if item is not None:
                kept.append(item)
        return tuple(kept)
