"""A foldable six-sided die: a cross of six faces with pips and glue tabs, any game can print it."""

from __future__ import annotations

from pnp.layout.pieces import Piece
from pnp.layout.scene import Ellipse, Item, Polygon, Rect, Style
from pnp.layout.strokes import CUT as EDGE
from pnp.layout.strokes import FOLD, two_tone

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)),
}
"""Pip centres as fractions of a face."""

LAYOUT: dict[int, tuple[int, int]] = {2: (1, 0), 3: (0, 1), 1: (1, 1), 4: (2, 1), 5: (1, 2), 6: (1, 3)}
"""Face value -> (column, row) in the cross: the column folds into a ring (2-5, 1-6 opposite), 3 and 4 are the
sides, so opposite faces add up to 7."""


def die_face(value: int, x: float, y: float, side: float, colour: str = "#000000",
             fill: str = "#ffffff") -> list[Item]:
    """One die face with `value` pips, its top-left corner at (x, y)."""
    items: list[Item] = [Rect(x, y, side, side, Style(fill=fill, stroke=None))]
    r = side * 0.09
    items.extend(Ellipse(x + fx * side, y + fy * side, r, r, Style(fill=colour, stroke=None))
                 for fx, fy in PIPS[value])
    return items


def die_net(side: float = 18.0, colour: str = "#000000", fill: str = "#ffffff", name: str = "d6") -> Piece:
    """The cut-out net of a cube with `side` mm faces: 3 x 4 cross plus glue tabs."""
    tab = side * 0.3
    items: list[Item] = []
    for value, (col, row) in LAYOUT.items():
        items.extend(die_face(value, tab + col * side, row * side, side, colour, fill))
    # glue tabs on the free edges of the side faces (trapezoids)
    for col in (0, 2):
        x = tab + col * side
        y = side
        if col == 0:
            items.append(Polygon(((x, y), (x - tab, y + tab * 0.6), (x - tab, y + side - tab * 0.6),
                                  (x, y + side)), Style(fill="#eeeeee", stroke="#000000", stroke_width=0.3)))
        else:
            x2 = x + side
            items.append(Polygon(((x2, y), (x2 + tab, y + tab * 0.6), (x2 + tab, y + side - tab * 0.6),
                                  (x2, y + side)), Style(fill="#eeeeee", stroke="#000000", stroke_width=0.3)))
        for top in (True, False):
            ty = y if top else y + side
            direction = -1 if top else 1
            items.append(Polygon(((x, ty), (x + tab * 0.6, ty + direction * tab), (x + side - tab * 0.6,
                                  ty + direction * tab), (x + side, ty)),
                                 Style(fill="#eeeeee", stroke="#000000", stroke_width=0.3)))
    # bottom tab of the last face (it glues under the top face)
    x, y = tab + side, 4 * side
    items.append(Polygon(((x, y), (x + tab * 0.6, y + tab), (x + side - tab * 0.6, y + tab), (x + side, y)),
                         Style(fill="#eeeeee", stroke="#000000", stroke_width=0.3)))
    # fold lines on every face edge, then the solid cut outline of the cross
    for col, row in LAYOUT.values():
        items.extend(two_tone(Rect(tab + col * side, row * side, side, side, FOLD)))
    t, s = tab, side
    items.append(Polygon(((t + s, 0), (t + 2 * s, 0), (t + 2 * s, s), (t + 3 * s, s), (t + 3 * s, 2 * s),
                          (t + 2 * s, 2 * s), (t + 2 * s, 4 * s), (t + s, 4 * s), (t + s, 2 * s), (t, 2 * s),
                          (t, s), (t + s, s)), EDGE))
    width = 3 * side + 2 * tab
    return Piece(width, 4 * side + tab, tuple(items), name=name)
