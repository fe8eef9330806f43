"""PDF backend (reportlab): a `Document` to a PDF file or bytes, vector, fonts embedded as subsets.

Only this module knows points and flips y: the page is drawn in a mm coordinate system with the origin
top-left and y down, set up once per page. Output is deterministic (`invariant=1`, fixed metadata).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, BinaryIO

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnp.fonts import reportlab_name
from pnp.layout.scene import Document, Ellipse, Group, Image, Item, Line, Page, Polygon, Rect, Style, Text
from pnp.units import PT_PER_MM

if TYPE_CHECKING:
    from pnp.render.images import ImageCache


def render_pdf(document: Document, progress: Callable[[int], None] | None = None) -> bytes:
    """Draw every page of `document` and return the PDF file's bytes."""
    out = io.BytesIO()
    write_pdf(document, out, progress)
    return out.getvalue()


def write_pdf(document: Document, out: BinaryIO, progress: Callable[[int], None] | None = None) -> None:
    """Draw every page of `document` into `out`; images are streamed into it one at a time, so memory stays
    flat however many images the document holds."""
    buffer = io.BytesIO()
    first = document.pages[0]
    canvas = Canvas(buffer, pagesize=(first.width * PT_PER_MM, first.height * PT_PER_MM), invariant=1,
                    pageCompression=1, initialFontName=reportlab_name("sans"), initialFontSize=10,
                    lang=document.lang)
    set_print_preferences(canvas, document.duplex)
    canvas.setTitle(document.title)
    canvas.setAuthor(document.author)
    canvas.setSubject(document.subject)
    canvas.setCreator("pnp")
    canvas.setProducer("pnp (reportlab)")
    if document.keywords:
        canvas.setKeywords(", ".join(document.keywords))
    images = _Images()
    for number, page in enumerate(document.pages, start=1):
        _draw_page(canvas, page, images)
        if progress is not None:
            progress(number)
    canvas.save()
    images.write(buffer.getvalue(), out)


DUPLEX_NAMES = {"long-edge": "DuplexFlipLongEdge", "short-edge": "DuplexFlipShortEdge"}
"""PDF /Duplex viewer preference for each duplex setting (none: no preference)."""


def set_print_preferences(canvas: Canvas, duplex: str = "none") -> None:
    """Tell the viewer's print dialog to print at 100% (/PrintScaling /None) and, for two-sided documents,
    which edge to flip on (/Duplex)."""
    canvas.setViewerPreference("PrintScaling", "None")
    if duplex in DUPLEX_NAMES:
        canvas.setViewerPreference("Duplex", DUPLEX_NAMES[duplex])


class _Images:
    """A document's `ImageCache`, made at the first image drawn, so documents without images never import
    the image encoders."""

    def __init__(self) -> None:
        self.cache: ImageCache | None = None

    def draw(self, canvas: Canvas, item: Image) -> None:
        if self.cache is None:
            from pnp.render.images import ImageCache

            self.cache = ImageCache()
        self.cache.draw(canvas, item)

    def write(self, pdf: bytes, out: BinaryIO) -> None:
        if self.cache is None:
            out.write(pdf)
        else:
            self.cache.write(pdf, out)


def draw_items(canvas: Canvas, items: Iterable[Item]) -> None:
    """Draw scene items (no `Image`: those need `write_pdf`) on a canvas whose user space is already mm with
    y down, as a page is set up; for drawing pieces into other reportlab documents (rulebook figures)."""
    pen = _Pen(canvas, _Images())
    pen.state = [_UNKNOWN] * len(pen.state)  # another document's state: nothing is known to be in force
    canvas.saveState()
    for item in items:
        pen.draw(item)
    canvas.restoreState()


def _draw_page(canvas: Canvas, page: Page, images: _Images) -> None:
    canvas.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
    canvas.saveState()
    canvas.translate(0, page.height * PT_PER_MM)
    canvas.scale(PT_PER_MM, -PT_PER_MM)
    pen = _Pen(canvas, images)
    for item in page.items:
        pen.draw(item)
    canvas.restoreState()
    canvas.showPage()


@cache
def _colour(text: str) -> Color:
    """The reportlab colour of a `#rrggbb` text, parsed once per distinct colour."""
    return HexColor(text)


_UNKNOWN = object()
"""A graphics state value not set yet on this page (or in this group): the next item sets it."""


class _Pen:
    """Draws items on one page, tracking the graphics state so that each item emits only the settings (colours,
    line width, dash, opacity, font) that differ from what is in force; groups save and restore the state."""

    def __init__(self, canvas: Canvas, images: _Images) -> None:
        self.canvas = canvas
        self.images = images
        # fill, stroke, line width, dash, opacity (of fills and strokes alike), font; a page starts opaque, solid
        self.state: list[object] = [_UNKNOWN, _UNKNOWN, _UNKNOWN, (), 1.0, _UNKNOWN]

    def _fill(self, colour: str) -> None:
        if self.state[0] != colour:
            self.canvas.setFillColor(_colour(colour))
            self.state[0] = colour

    def _opacity(self, opacity: float) -> None:
        if self.state[4] != opacity:
            self.canvas.setFillAlpha(opacity)
            self.canvas.setStrokeAlpha(opacity)
            self.state[4] = opacity

    def _style(self, style: Style) -> tuple[int, int]:
        """Put `style` in force; whether the shape is filled and stroked."""
        fill = stroke = 0
        state, canvas = self.state, self.canvas
        if style.fill:
            self._fill(style.fill)
            fill = 1
        if style.stroke and style.stroke_width > 0:
            if state[1] != style.stroke:
                canvas.setStrokeColor(_colour(style.stroke))
                state[1] = style.stroke
            if state[2] != style.stroke_width:
                canvas.setLineWidth(style.stroke_width)
                state[2] = style.stroke_width
            if state[3] != style.dash:
                canvas.setDash(list(style.dash) if style.dash else [])
                state[3] = style.dash
            stroke = 1
        self._opacity(style.opacity)
        return fill, stroke

    def draw(self, item: Item) -> None:
        """Draw one item (a group with everything in it)."""
        canvas = self.canvas
        match item:
            case Group():
                self._group(item)
            case Rect():
                fill, stroke = self._style(item.style)
                if fill or stroke:
                    radius = min(item.radius, item.w / 2, item.h / 2)  # as SVG does: never more than half a side
                    if radius > 0:
                        canvas.roundRect(item.x, item.y, item.w, item.h, radius, stroke=stroke, fill=fill)
                    else:
                        canvas.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
            case Ellipse():
                fill, stroke = self._style(item.style)
                if fill or stroke:
                    canvas.ellipse(item.cx - item.rx, item.cy - item.ry, item.cx + item.rx, item.cy + item.ry,
                                   stroke=stroke, fill=fill)
            case Line():
                _, stroke = self._style(item.style)
                if stroke:
                    canvas.line(item.x1, item.y1, item.x2, item.y2)
            case Polygon():
                fill, stroke = self._style(item.style)
                if (fill or stroke) and item.points:
                    path = canvas.beginPath()
                    path.moveTo(*item.points[0])
                    for point in item.points[1:]:
                        path.lineTo(*point)
                    if item.closed:
                        path.close()
                    canvas.drawPath(path, stroke=stroke, fill=fill if item.closed else 0)
            case Text():
                self._text(item)
            case Image():
                self._opacity(1.0)
                canvas.saveState()
                canvas.translate(item.x, item.y + item.h)
                canvas.scale(1, -1)
                self.images.draw(canvas, item)
                canvas.restoreState()

    def _group(self, item: Group) -> None:
        canvas = self.canvas
        canvas.saveState()
        saved = list(self.state)
        t = item.transform
        canvas.translate(t.dx, t.dy)
        if t.rotate:
            canvas.rotate(t.rotate)
        if t.scale != 1:
            canvas.scale(t.scale, t.scale)
        if item.clip is not None:
            c = item.clip
            path = canvas.beginPath()
            if c.radius:
                path.roundRect(c.x, c.y, c.w, c.h, min(c.radius, c.w / 2, c.h / 2))
            else:
                path.rect(c.x, c.y, c.w, c.h)
            canvas.clipPath(path, stroke=0, fill=0)
        for child in item.children:
            self.draw(child)
        canvas.restoreState()
        self.state = saved

    def _text(self, item: Text) -> None:
        """One line of text as one text object: its matrix places, turns and un-flips it (no state saved)."""
        canvas = self.canvas
        self._fill(item.color)
        self._opacity(1.0)
        font = (reportlab_name(item.font), item.size)
        if self.state[5] != font:
            canvas.setFont(*font)
            self.state[5] = font
        shift = 0.0
        if item.anchor != "start":
            width = stringWidth(item.text, font[0], item.size)
            shift = -width / 2 if item.anchor == "middle" else -width
        if item.rotate:
            cos, sin = math.cos(math.radians(item.rotate)), math.sin(math.radians(item.rotate))
        else:
            cos, sin = 1.0, 0.0
        text = canvas.beginText()
        text.setTextTransform(cos, sin, sin, -cos, item.x + cos * shift, item.y + sin * shift)
        text.textOut(item.text)
        canvas.drawText(text)
