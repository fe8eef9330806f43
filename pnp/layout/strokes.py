"""Fold, score and cut lines that show on any fill: a light stroke under a dark one (two-tone).

A dark dashed line vanishes on a dark fill and a light one on a light fill; one line drawn twice, a wide
white stroke under a narrower dark one, reads on both: on a light fill the dark dashes show, on a dark fill
the white casing and the white between the dashes do. Any game draws its fold and cut lines with these.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.layout.scene import Ellipse, Item, Line, Polygon, Rect, Style

FOLD = Style(stroke="#333333", stroke_width=0.2, dash=(1.2, 0.8))
"""The dark half of a fold (score) line: dashes."""
CUT = Style(stroke="#000000", stroke_width=0.3)
"""The dark half of a cut line: solid."""
CASING = "#ffffff"
"""The light half of a two-tone line, drawn under the dark half."""
CASING_EXTRA = 0.25
"""How much wider the light stroke is than the dark one, in mm (half of it shows on each side)."""

Stroke = Line | Rect | Ellipse | Polygon


def two_tone(shape: Stroke) -> tuple[Item, Item]:
    """`shape` (stroked with its dark style) as two items: a light solid casing under it, then itself."""
    dark = shape.style
    casing = Style(stroke=CASING, stroke_width=dark.stroke_width + CASING_EXTRA, opacity=dark.opacity)
    return replace(shape, style=casing), shape


def fold_line(x1: float, y1: float, x2: float, y2: float, style: Style = FOLD) -> tuple[Item, Item]:
    """A fold line from (x1, y1) to (x2, y2) that shows on any fill."""
    return two_tone(Line(x1, y1, x2, y2, style))
