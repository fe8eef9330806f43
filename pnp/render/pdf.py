"""PDF backend (reportlab): a `Document` to a PDF file or bytes, vector, fonts embedded as subsets.

Only this module knows points and flips y: the page is drawn in a mm coordinate system with the origin
top-left and y down, set up once per page. Output is deterministic (`invariant=1`, fixed metadata).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, BinaryIO

from reportlab.lib.colors import Color, HexColor
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
    images = _Images()
    for item in items:
        _draw(canvas, item, images)


def _draw_page(canvas: Canvas, page: Page, images: _Images) -> None:
    canvas.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
    canvas.saveState()
    canvas.translate(0, page.height * PT_PER_MM)
    canvas.scale(PT_PER_MM, -PT_PER_MM)
    for item in page.items:
        _draw(canvas, item, images)
    canvas.restoreState()
    canvas.showPage()


@cache
def _colour(text: str) -> Color:
    """The reportlab colour of a `#rrggbb` text, parsed once per distinct colour."""
    return HexColor(text)


def _apply_style(canvas: Canvas, style: Style) -> tuple[int, int]:
    fill = stroke = 0
    if style.fill:
        canvas.setFillColor(_colour(style.fill))
        fill = 1
    if style.stroke and style.stroke_width > 0:
        canvas.setStrokeColor(_colour(style.stroke))
        canvas.setLineWidth(style.stroke_width)
        canvas.setDash(list(style.dash) if style.dash else [])
        stroke = 1
    if style.opacity < 1:
        canvas.setFillAlpha(style.opacity)
        canvas.setStrokeAlpha(style.opacity)
    return fill, stroke


def _draw(canvas: Canvas, item: Item, images: _Images) -> None:
    match item:
        case Group():
            canvas.saveState()
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
                _draw(canvas, child, images)
            canvas.restoreState()
        case Rect():
            canvas.saveState()
            fill, stroke = _apply_style(canvas, item.style)
            if fill or stroke:
                radius = min(item.radius, item.w / 2, item.h / 2)  # as SVG does: never more than half a side
                if radius > 0:
                    canvas.roundRect(item.x, item.y, item.w, item.h, radius, stroke=stroke, fill=fill)
                else:
                    canvas.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
            canvas.restoreState()
        case Ellipse():
            canvas.saveState()
            fill, stroke = _apply_style(canvas, item.style)
            if fill or stroke:
                canvas.ellipse(item.cx - item.rx, item.cy - item.ry, item.cx + item.rx, item.cy + item.ry,
                               stroke=stroke, fill=fill)
            canvas.restoreState()
        case Line():
            canvas.saveState()
            _, stroke = _apply_style(canvas, item.style)
            if stroke:
                canvas.line(item.x1, item.y1, item.x2, item.y2)
            canvas.restoreState()
        case Polygon():
            canvas.saveState()
            fill, stroke = _apply_style(canvas, item.style)
            if (fill or stroke) and item.points:
                path = canvas.beginPath()
                path.moveTo(*item.points[0])
                for point in item.points[1:]:
                    path.lineTo(*point)
                if item.closed:
                    path.close()
                canvas.drawPath(path, stroke=stroke, fill=fill if item.closed else 0)
            canvas.restoreState()
        case Text():
            canvas.saveState()
            canvas.translate(item.x, item.y)
            if item.rotate:
                canvas.rotate(item.rotate)
            canvas.scale(1, -1)
            canvas.setFillColor(_colour(item.color))
            canvas.setFont(reportlab_name(item.font), item.size)
            if item.anchor == "middle":
                canvas.drawCentredString(0, 0, item.text)
            elif item.anchor == "end":
                canvas.drawRightString(0, 0, item.text)
            else:
                canvas.drawString(0, 0, item.text)
            canvas.restoreState()
        case Image():
            canvas.saveState()
            canvas.translate(item.x, item.y + item.h)
            canvas.scale(1, -1)
            images.draw(canvas, item)
            canvas.restoreState()
