"""What the PDF backend paints beyond flat colour: gradient fills as real shadings (an axial or radial
/Shading clipped to the shape) and SVG art as vectors (svglib's reportlab drawing).

Input: scene items in the page's mm coordinates (y down) and the page's reportlab canvas. The caller saves and
restores the graphics state around these calls (they change the clip, colours and alpha).
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from pnp.layout.scene import Ellipse, Gradient, Image, Polygon, Rect
from pnp.source.images import read_as_checked
from pnp.source.svglib_internals import vector_drawing

if TYPE_CHECKING:
    from pnp.render.press import Inks, Press

Shape = Rect | Ellipse | Polygon


def box(item: Shape) -> tuple[float, float, float, float]:
    """The shape's bounding box: left, top, right, bottom (mm)."""
    if isinstance(item, Rect):
        return item.x, item.y, item.x + item.w, item.y + item.h
    if isinstance(item, Ellipse):
        return item.cx - item.rx, item.cy - item.ry, item.cx + item.rx, item.cy + item.ry
    xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
    return min(xs), min(ys), max(xs), max(ys)


def axis(gradient: Gradient, item: Shape) -> tuple[float, float, float, float]:
    """Where a gradient runs over a shape: a linear one from (x0, y0) to (x1, y1), through the box's centre at
    its angle and just long enough to cover the box; a radial one as (cx, cy, radius, 0), out to the rim of an
    ellipse or the corners of any other box. The same numbers draw it in PDF and SVG."""
    x0, y0, x1, y1 = box(item)
    cx, cy, w, h = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0
    if gradient.kind == "radial":
        radius = max(w, h) / 2 if isinstance(item, Ellipse) else math.hypot(w, h) / 2
        return cx, cy, max(radius, 1e-6), 0.0
    cos, sin = math.cos(math.radians(gradient.angle)), math.sin(math.radians(gradient.angle))
    half = (w * abs(cos) + h * abs(sin)) / 2
    return cx - cos * half, cy - sin * half, cx + cos * half, cy + sin * half


def shade(canvas: Canvas, item: Shape, gradient: Gradient, colours: list[Any]) -> None:
    """Clip to the shape and paint the gradient over its box (the state is the caller's to restore)."""
    path = canvas.beginPath()
    if isinstance(item, Rect):
        radius = min(item.radius, item.w / 2, item.h / 2)
        if radius > 0:
            path.roundRect(item.x, item.y, item.w, item.h, radius)
        else:
            path.rect(item.x, item.y, item.w, item.h)
    elif isinstance(item, Ellipse):
        path.ellipse(item.cx - item.rx, item.cy - item.ry, 2 * item.rx, 2 * item.ry)
    else:
        path.moveTo(*item.points[0])
        for point in item.points[1:]:
            path.lineTo(*point)
        path.close()
    canvas.clipPath(path, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    a, b, c, d = axis(gradient, item)
    if gradient.kind == "radial":
        canvas.radialGradient(a, b, c, colours, extend=True)
    else:
        canvas.linearGradient(a, b, c, d, colours, extend=True)


@lru_cache(maxsize=64)
def _faded(path: Path, key: str, opacity: float) -> Any:
    """A copy of the art with every shape's fill and stroke opacity times `opacity` (svglib's shapes set their
    own colours, and with them reportlab's alpha, so an alpha set around the drawing would not hold)."""
    import copy

    drawing = copy.deepcopy(vector_drawing(path, key, read_as_checked))
    stack = [drawing]
    while stack:
        node = stack.pop()
        for name in ("fillOpacity", "strokeOpacity"):
            if hasattr(node, name):
                setattr(node, name, (getattr(node, name) if getattr(node, name) is not None else 1) * opacity)
        stack.extend(getattr(node, "contents", ()))
    return drawing


@lru_cache(maxsize=1)
def _press_drawing_class() -> Any:
    """A reportlab `Drawing` that also takes the renderer's initial font and colours (`initialFontName`,
    `initialFillColor`, `initialStrokeColor`, which renderPDF reads off the drawing it draws)."""
    from reportlab.graphics.shapes import Drawing
    from reportlab.lib.attrmap import AttrMap, AttrMapValue

    class PressDrawing(Drawing):  # type: ignore[misc]
        _attrMap = AttrMap(BASE=Drawing, initialFontName=AttrMapValue(None), initialFillColor=AttrMapValue(None),
                           initialStrokeColor=AttrMapValue(None))

    return PressDrawing


def _inked(drawing: Any, inks: Inks) -> Any:
    """A copy of an svglib drawing for a press: every colour (fills, strokes, gradient stops) in process inks,
    every text in pnp's embedded sans (a press wants no font merely named)."""
    import copy

    from reportlab.lib.colors import CMYKColor, Color

    from pnp.source.svglib_internals import gradient_colours, set_gradient_colours
    from pnp.text.fonts import reportlab_name

    def inked(colour: Any) -> Any:
        if isinstance(colour, Color) and not isinstance(colour, CMYKColor):
            return CMYKColor(*inks.of("#" + colour.hexval()[2:8]), alpha=colour.alpha)
        return colour

    art = copy.deepcopy(drawing)
    drawing = _press_drawing_class()(art.width, art.height, *art.contents)
    drawing.transform = art.transform
    black = CMYKColor(0, 0, 0, 1)
    drawing.initialFontName = reportlab_name("sans")  # what reportlab's renderer sets up before the art's own
    drawing.initialFillColor = drawing.initialStrokeColor = black
    stack = [drawing]
    while stack:
        node = stack.pop()
        for name in ("fillColor", "strokeColor"):
            if getattr(node, name, None) is not None:
                setattr(node, name, inked(getattr(node, name)))
        stops = gradient_colours(node)
        if stops is not None:
            set_gradient_colours(node, [inked(c) for c in stops])
        if getattr(node, "fontName", None) is not None:
            node.fontName = reportlab_name("sans-bold" if "bold" in str(node.fontName).lower() else "sans")
        stack.extend(getattr(node, "contents", ()))
    return drawing


class VectorForms:
    """SVG art drawn as vectors, each distinct file (and opacity) converted once (svglib) and written once per
    PDF as a form that every use draws (`pnp.render.reportlab_internals.vector_form`: reportlab gives a form
    no resources of its own, and SVG gradients and opacities need them), so a deck of many cards repeating the
    art does not repeat its drawing operations."""

    def __init__(self, press: Press | None = None, translucent: set[str] | None = None) -> None:
        self.forms: set[str] = set()
        self.inks = press.inks if press is not None else None
        self.translucent = set() if translucent is None else translucent
        """The names of the forms drawn with opacities of their own (their pages blend: `close_page`)."""

    def draw(self, canvas: Canvas, item: Image) -> None:
        """Draw `item`'s art into the unit box set up by the caller (origin bottom-left, y up, size w x h)."""
        from pnp.render.reportlab_internals import vector_form

        if item.opacity == 1:
            drawing = vector_drawing(item.path, item.key, read_as_checked)
        else:
            drawing = _faded(item.path, item.key, item.opacity)
        name = f"pnpArt{item.key}o{round(item.opacity * 10_000)}"
        if name not in self.forms:
            if vector_form(canvas, name, drawing if self.inks is None else _inked(drawing, self.inks)):
                self.translucent.add(name)
            self.forms.add(name)
        canvas.saveState()
        canvas.setFillAlpha(1)  # the form's colours at opacity 1 set none (its own fading is drawn in it)
        canvas.setStrokeAlpha(1)
        canvas.scale(item.w / drawing.width, item.h / drawing.height)
        canvas.doForm(name)
        canvas.restoreState()
