"""What a kit element's painting keys turn into in the scene: fills (a colour or a `Gradient`), shape styles
with dash and opacity, a text block's vertical place, outline and opacity, and turned or faded pictures."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from pnp.games.kit.model.paint import LinearFill, RadialFill
from pnp.layout.scene import Gradient, Group, Image, Item, Paint, Style, Text, Transform
from pnp.layout.text import wrap

if TYPE_CHECKING:
    from pnp.games.kit.model.elements import ImageElement, TextElement
    from pnp.layout.rich import RichText


def paint(fill: str | LinearFill | RadialFill | None) -> Paint | None:
    """A spec's fill as the scene paints it."""
    if isinstance(fill, LinearFill):
        return Gradient("linear", fill.linear, fill.angle)
    if isinstance(fill, RadialFill):
        return Gradient("radial", fill.radial)
    return fill


@lru_cache(maxsize=1024)
def shape_style(fill: Paint | None, stroke: str | None, stroke_width: float, dash: tuple[float, ...] = (),
                opacity: float = 1.0) -> Style:
    """A shape's style: one item for all the shapes styled alike (items are never changed)."""
    return Style(fill, stroke, stroke_width, dash, opacity)


def styled(e: object, fill: Paint | None, stroke: str | None) -> Style:
    """The style of a shape element `e` (its stroke width, dash and opacity) with the given fill and stroke."""
    dash = getattr(e, "dash", None)
    return shape_style(fill, stroke, getattr(e, "stroke_width", 0.3), tuple(dash) if dash else (),
                       getattr(e, "opacity", 1.0))


def valign_offset(e: TextElement, text: str, width: float, rich: RichText | None) -> float:
    """How far down a text block moves to sit in the middle or at the bottom of its `height` (0 at the top, or
    when it needs more room than it has: it then starts at `y`, and the overflow warning says so)."""
    if e.valign == "top" or e.height is None:
        return 0.0
    count = len(rich.lines(e.size, width)) if rich is not None else len(wrap(text, e.font, e.size, width))
    used = (count - 1) * e.size * e.line_height + e.size if count else 0.0
    room = max(0.0, e.height - used)
    return room / 2 if e.valign == "middle" else room


def text_effects(items: list[Item], e: TextElement) -> list[Item]:
    """A text block's items with its opacity and outline (its icons faded alike)."""
    if e.opacity == 1 and e.outline is None:
        return items
    outline = e.outline.colour if e.outline is not None else None
    width = e.outline.width if e.outline is not None else 0.0
    out: list[Item] = []
    for item in items:
        if isinstance(item, Text):
            out.append(replace(item, opacity=e.opacity, outline=outline, outline_width=width))
        elif isinstance(item, Image):
            out.append(replace(item, opacity=e.opacity))
        else:
            out.append(item)
    return out


def turned(item: Item, e: ImageElement, box: tuple[float, float, float, float]) -> Item:
    """A picture with its opacity, turned `rotate` degrees about its box's centre."""
    if e.opacity != 1:
        item = _faded(item, e.opacity)
    if not e.rotate:
        return item
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    return Group((Group((item,), Transform(-cx, -cy)),), Transform(cx, cy, e.rotate))


def _faded(item: Item, opacity: float) -> Item:
    if isinstance(item, Image):
        return replace(item, opacity=opacity)
    if isinstance(item, Group):
        return replace(item, children=tuple(_faded(child, opacity) for child in item.children))
    return item
