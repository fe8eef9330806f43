"""PDF backend (reportlab): a `Document` to a PDF file or bytes, vector, fonts embedded as subsets.

Only this module knows points and flips y: the page is drawn in a mm coordinate system with the origin
top-left and y down, set up once per page. Output is deterministic (`invariant=1`, fixed metadata dated
2000-01-01 or `SOURCE_DATE_EPOCH`) but for a PDF/X file's dates, which say when it was made (`creation_time`);
streams are deflated without reportlab's default ASCII85 layer (`reportlab_internals.binary_streams`).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, BinaryIO, assert_never

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, PATH_OPS, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from pnp.layout.scene import (
    Document,
    Ellipse,
    Gradient,
    Group,
    Image,
    Item,
    Line,
    Page,
    Polygon,
    Rect,
    Style,
    Text,
)
from pnp.output.dates import creation_time
from pnp.render.pdf_ops import Ops, keep
from pnp.render.pdf_pages import PageImages, Sink, page_boxes, set_print_preferences
from pnp.render.pdf_shaped import shaped_fonts
from pnp.render.press import PDF_VERSIONS, RGB, Press
from pnp.render.reportlab_internals import binary_streams, close_page, document, page_operators
from pnp.text.fonts import reportlab_name
from pnp.text.shaping import FAUX_BOLD_EM, has_faux_bold, needs_shaping
from pnp.units import PT_PER_MM

if TYPE_CHECKING:
    from pnp.render.pdf_paint import Shape


def render_pdf(document: Document, progress: Callable[[int], None] | None = None, press: Press = RGB) -> bytes:
    """Draw every page of `document` and return the PDF file's bytes."""
    out = io.BytesIO()
    write_pdf(document, out, progress, press)
    return out.getvalue()


def write_pdf(document: Document, out: BinaryIO, progress: Callable[[int], None] | None = None,
              press: Press = RGB) -> None:
    """Draw every page of `document` into `out` as `press` says (RGB, or CMYK and PDF/X); images are streamed
    into it one at a time, so memory stays flat however many images the document holds."""
    images = PageImages(press)
    sink = Sink(out, images)
    first = document.pages[0]
    version = PDF_VERSIONS.get(press.standard)
    created = creation_time()  # before reportlab reads SOURCE_DATE_EPOCH, which it does for every PDF
    binary_streams()
    canvas = Canvas(sink, pagesize=(first.width * PT_PER_MM, first.height * PT_PER_MM), invariant=1,
                    pageCompression=1, initialFontName=reportlab_name("sans"), initialFontSize=10,
                    lang=document.lang, pdfVersion=tuple(map(int, version.split("."))) if version else None)
    set_print_preferences(canvas, document.duplex)
    canvas.setTitle(document.title)
    canvas.setAuthor(document.author)
    canvas.setSubject(document.subject)
    canvas.setCreator("pnp")
    canvas.setProducer("pnp (reportlab)")
    if document.keywords:
        canvas.setKeywords(", ".join(document.keywords))
    if press.pdfx:
        from pnp.render.reportlab_internals import mark_pdfx

        assert press.profile is not None
        mark_pdfx(canvas, press.pdfx, press.profile.condition, press.profile.data, document.title, created)
    ops = Ops(press)
    for number, page in enumerate(document.pages, start=1):
        _draw_page(canvas, page, images, ops)
        if progress is not None:
            progress(number)
    canvas.save()
    sink.close()


def draw_items(canvas: Canvas, items: Iterable[Item]) -> None:
    """Draw scene items (no `Image`: those need `write_pdf`) on a canvas whose user space is already mm with
    y down, as a page is set up; for drawing pieces into other reportlab documents (rulebook figures)."""
    pen = _Pen(canvas, PageImages(), Ops(), opaque=False)
    pen.state[:FILL_OPAQUE] = [_UNKNOWN] * FILL_OPAQUE  # another document's state: nothing is known to be in force
    canvas.saveState()
    for item in items:
        pen.draw(item)
    canvas.restoreState()


def _draw_page(canvas: Canvas, page: Page, images: PageImages, ops: Ops) -> None:
    canvas.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
    page_boxes(canvas, page.width, page.height, page.trim, page.bleed)
    canvas.saveState()
    canvas.translate(0, page.height * PT_PER_MM)
    canvas.scale(PT_PER_MM, -PT_PER_MM)
    pen = _Pen(canvas, images, ops)
    for item in page.items:
        pen.draw(item)
    canvas.restoreState()
    close_page(canvas, images.translucent, "DeviceCMYK" if ops.press.cmyk else None)  # blended in the inks


FAUX_BOLD = "faux bold"
"""The text render mode of a text with faux bold glyphs: filled, those glyphs filled and stroked (mode 2)."""
_UNKNOWN = object()
"""A graphics state value not set yet on this page (or in this group): the next item sets it."""
FILL, STROKE, WIDTH, DASH, OPACITY, FILL_OPAQUE, STROKE_OPAQUE = range(7)
"""The pen's state slots: colours, line width, dash, opacity (of fills and strokes alike), and whether
reportlab's fill and stroke alpha are known to be 1 (as they are when a page starts)."""


class _Pen:
    """Draws items on one page, tracking the graphics state so that each item emits only the settings (colours,
    line width, dash, opacity) that differ from what is in force; groups save and restore the state (a text
    object sets its own font).

    The common operators (colours, line width, rectangles, lines, clips, text) are added to the page's content
    as literals (`Canvas.addLiteral`), as reportlab's canvas methods write them but without their per-call
    bookkeeping; the output is the same bytes. Everything else goes through the canvas. Shapes and texts fill
    with the even-odd rule (reportlab's default fill mode), whatever canvas they are drawn on."""

    def __init__(self, canvas: Canvas, images: PageImages, ops: Ops, opaque: bool = True) -> None:
        self.canvas = canvas
        self.images = images
        self.ops = ops
        self.origin = "BT 1 0 0 1 0 0 Tm " if canvas.bottomup else "BT 1 0 0 -1 0 0 Tm "
        self.add = page_operators(canvas).append  # one or more lines of the page's operators, as `addLiteral`
        self.colour_op = ops.colour_op
        self.clip = " W* " + PATH_OPS[0, 0, FILL_EVEN_ODD]
        self.state: list[object] = [_UNKNOWN, _UNKNOWN, _UNKNOWN, (), 1.0, opaque, opaque]  # a page starts solid

    def _fill(self, colour: str) -> None:
        state = self.state
        if state[FILL] != colour:
            self.add(self.colour_op(colour, "rg"))
            state[FILL] = colour
            if not state[FILL_OPAQUE] or not self.ops.transparency:
                self.canvas.setFillAlpha(1)  # as reportlab's setFillColor of an opaque colour does (PDF 1.4)
                state[FILL_OPAQUE] = self.ops.transparency = True
                if state[OPACITY] != 1:
                    state[OPACITY] = _UNKNOWN  # the fill is solid now: a translucent shape sets its opacity again

    def _opacity(self, opacity: float) -> None:
        state = self.state
        if state[OPACITY] != opacity:
            if opacity < 1 and not self.ops.press_transparency:
                raise ValueError(f"{self.ops.press.standard_name} has no transparency: an item drawn at "
                                 f"opacity {opacity:g}")
            self.canvas.setFillAlpha(opacity)
            self.canvas.setStrokeAlpha(opacity)
            state[OPACITY] = opacity
            state[FILL_OPAQUE] = state[STROKE_OPAQUE] = opacity == 1

    def _style(self, style: Style) -> tuple[int, int]:
        """Put `style` in force; whether the shape is filled and stroked."""
        state = self.state
        colour, line = style.fill, style.stroke
        fill = 0
        if isinstance(colour, str):
            if state[FILL] != colour:
                self._fill(colour)
            fill = 1
        if not (line and style.stroke_width > 0):
            if state[OPACITY] != style.opacity:
                self._opacity(style.opacity)
            return fill, 0
        if state[STROKE] != line:
            self.add(self.colour_op(line, "RG"))
            state[STROKE] = line
            if not state[STROKE_OPAQUE] or not self.ops.transparency:
                self.canvas.setStrokeAlpha(1)
                state[STROKE_OPAQUE] = self.ops.transparency = True
                if state[OPACITY] != 1:
                    state[OPACITY] = _UNKNOWN
        width = style.stroke_width
        if state[WIDTH] != width:
            op = self.ops.widths.get(width)
            if op is None:
                op = keep(self.ops.widths, width, f"{fp_str(width)} w")
            self.add(op)
            state[WIDTH] = width
        if state[DASH] != style.dash:
            self.canvas.setDash(list(style.dash) if style.dash else [])
            state[DASH] = style.dash
        if state[OPACITY] != style.opacity:
            self._opacity(style.opacity)
        return fill, 1

    def draw(self, item: Item) -> None:
        """Draw one item (a group with everything in it); the kinds a deck draws most come first. Every kind of
        `Item` has its case: a new one fails type checking until it is drawn."""
        canvas, shapes = self.canvas, self.ops.shapes
        match item:
            case Text():
                self._text(item)
            case Rect():
                if isinstance(item.style.fill, Gradient):
                    return self._shaded(item)
                fill, stroke = self._style(item.style)
                if fill or stroke:
                    key: tuple[object, ...] = ("rect", item.x, item.y, item.w, item.h, item.radius, fill, stroke)
                    lines = shapes.get(key)
                    if lines is None:
                        lines = keep(shapes, key, self._rect(item, fill, stroke))
                    self.add(lines)
            case Group():
                self._group(item)
            case Line():
                _, stroke = self._style(item.style)
                if stroke:
                    key = ("line", item.x1, item.y1, item.x2, item.y2)
                    line = shapes.get(key)
                    if line is None:
                        line = keep(shapes, key, f"n {fp_str(item.x1, item.y1)} m {fp_str(item.x2, item.y2)} l S")
                    self.add(line)
            case Ellipse():
                if isinstance(item.style.fill, Gradient):
                    return self._shaded(item)
                fill, stroke = self._style(item.style)
                if fill or stroke:
                    key = ("ellipse", item.cx, item.cy, item.rx, item.ry, fill, stroke)
                    lines = shapes.get(key)
                    if lines is None:
                        x1, y1, x2, y2 = item.cx - item.rx, item.cy - item.ry, item.cx + item.rx, item.cy + item.ry
                        ops: list[str] = []
                        PDFPathObject(code=ops).ellipse(x1, y1, x2 - x1, y2 - y1)  # as `canvas.ellipse` does
                        lines = keep(shapes, key, "\n".join((*ops, PATH_OPS[stroke, fill, FILL_EVEN_ODD])))
                    self.add(lines)
            case Polygon():
                if isinstance(item.style.fill, Gradient) and item.closed and len(item.points) > 2:
                    return self._shaded(item)
                fill, stroke = self._style(item.style)
                if (fill or stroke) and item.points:
                    path = canvas.beginPath()
                    path.moveTo(*item.points[0])
                    for point in item.points[1:]:
                        path.lineTo(*point)
                    if item.closed:
                        path.close()
                    canvas.drawPath(path, stroke=stroke, fill=fill if item.closed else 0, fillMode=FILL_EVEN_ODD)
            case Image():
                self._opacity(item.opacity)
                canvas.saveState()
                canvas.translate(item.x, item.y + item.h)
                canvas.scale(1, -1)
                self.images.draw(canvas, item)
                canvas.restoreState()
            case _:
                assert_never(item)  # a new kind of scene item is a type error here, and never left undrawn

    def _shaded(self, item: Shape) -> None:
        """A shape filled with a gradient: a shading clipped to it, in a state of its own, then its outline."""
        from pnp.render.pdf_paint import shade

        gradient, style = item.style.fill, item.style
        assert isinstance(gradient, Gradient)
        saved = list(self.state)
        self.canvas.saveState()
        self.canvas.setFillAlpha(style.opacity)  # whatever alpha is in force: a shading paints with it
        shade(self.canvas, item, gradient, [self.ops.paint(c) for c in gradient.colours])
        self.canvas.restoreState()
        self.state = saved
        if style.stroke and style.stroke_width > 0:
            self.draw(replace(item, style=replace(style, fill=None)))

    def _rect(self, item: Rect, fill: int, stroke: int) -> str:
        """The lines `canvas.rect` (or `roundRect`, its corners never more than half a side, as SVG draws
        them) writes for `item`."""
        paint = PATH_OPS[stroke, fill, FILL_EVEN_ODD]
        radius = min(item.radius, item.w / 2, item.h / 2)
        if radius <= 0:
            return f"n {fp_str(item.x, item.y, item.w, item.h)} re {paint}"
        lines: list[str] = []
        PDFPathObject(code=lines).roundRect(item.x, item.y, item.w, item.h, radius)
        return "\n".join((*lines, paint))

    def _group(self, item: Group) -> None:
        """A group in its own graphics state (the canvas's, which also saves reportlab's alpha state that
        `_opacity` sets through it); the pen's own state is put back at its end."""
        canvas, t = self.canvas, item.transform
        saved = list(self.state)
        light = not t.rotate and t.scale == 1 and self._light(item.children)
        if light:  # the operators saveState and translate write, without reportlab's copy of its state
            moved: tuple[object, ...] = ("group", t.dx, t.dy)
            start = self.ops.shapes.get(moved)
            if start is None:
                start = keep(self.ops.shapes, moved, f"q\n{fp_str(1, 0, 0, 1, t.dx, t.dy)} cm")
            self.add(start)
        else:
            canvas.saveState()
            canvas.translate(t.dx, t.dy)
            if t.rotate:
                canvas.rotate(t.rotate)
            if t.scale != 1:
                canvas.scale(t.scale, t.scale)
        if item.clip is not None:
            c = item.clip
            if c.radius:
                path = canvas.beginPath()
                path.roundRect(c.x, c.y, c.w, c.h, min(c.radius, c.w / 2, c.h / 2))
                canvas.clipPath(path, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
            else:
                key = ("clip", c.x, c.y, c.w, c.h)
                clip = self.ops.shapes.get(key)
                if clip is None:
                    clip = keep(self.ops.shapes, key, f"n {fp_str(c.x, c.y, c.w, c.h)} re{self.clip}")
                self.add(clip)
        for child in item.children:
            self.draw(child)
        if light:
            self.add("Q")
        else:
            canvas.restoreState()
        self.state = saved

    def _light(self, children: tuple[Item, ...]) -> bool:
        """Whether drawing `children` changes nothing of the canvas's own state that its `saveState` keeps: the
        page is solid and known so (no alpha to set), and no child is translucent or an image (`_opacity`
        sets alpha through the canvas); a nested group or a stroked text saves and restores its own."""
        state = self.state
        if not (state[FILL_OPAQUE] and state[STROKE_OPAQUE] and state[OPACITY] == 1 and self.ops.transparency):
            return False
        for child in children:
            kind = type(child)
            if kind is Text:
                if child.opacity != 1:  # type: ignore[union-attr]
                    return False
            elif kind is Image or (kind is not Group and child.style.opacity != 1):  # type: ignore[union-attr]
                return False
        return True

    def _text(self, item: Text, mode: str = "") -> None:
        """One line of text as one text object: its matrix places, turns and un-flips it (no state saved, but
        for faux bold glyphs, `pnp.text.shaping.faux_bold`: stroked in the fill colour in a state of its own)."""
        if item.outline and item.outline_width > 0:
            self._outline(item)
        text = item.text
        plain = text.isascii()  # then nothing to shape and no faux bold glyph (`needs_shaping`)
        if not mode and not plain and has_faux_bold(text, item.font):
            stroke = f"{self.colour_op(item.color, 'RG')} {fp_str(FAUX_BOLD_EM * item.size)} w 1 j"
            return self._stroked(replace(item, outline=None), stroke, FAUX_BOLD)
        self._fill(item.color)
        if self.state[OPACITY] != item.opacity:
            self._opacity(item.opacity)
        shown: tuple[str, float] | None
        if not plain and needs_shaping(text):
            shown = shaped_fonts(self.canvas).shown(self.canvas, text, item.font, item.size, mode == FAUX_BOLD)
        else:
            key = (item.font, item.size, text)
            shown = self.ops.texts.get(key)
            if shown is None:
                shown = keep(self.ops.texts, key, self._shown(text, reportlab_name(item.font), item.size))
        ops = self.ops
        assert shown is not None
        where = (item.x, item.y, item.rotate, item.anchor, shown[1])
        matrix = ops.matrices.get(where)
        if matrix is None:
            matrix = keep(ops.matrices, where, self._matrix(item, shown[1]))
        self.add(f"{matrix}{shown[0]} ET" if mode in ("", FAUX_BOLD) else f"{matrix}{mode}{shown[0]} 0 Tr ET")

    def _outline(self, item: Text) -> None:
        """The line around a text's letters, drawn before them: their outlines stroked (text render mode 1) twice
        as wide as the outline shows, round-joined, so the letters drawn over it keep their own shape."""
        assert item.outline is not None
        stroke = f"{self.colour_op(item.outline, 'RG')} {fp_str(2 * item.outline_width)} w 1 j 1 J"
        self._stroked(replace(item, outline=None, color=item.outline), stroke, "1 Tr ")

    def _stroked(self, item: Text, stroke: str, mode: str) -> None:
        """`item` drawn in text render `mode` in a graphics state of its own, whose stroke the operators `stroke`
        set; the pen's state is put back after, so nothing drawn later is stroked so."""
        saved = list(self.state)
        self.canvas.saveState()
        self.add(stroke)
        self._text(item, mode)
        self.canvas.restoreState()
        self.state = saved

    def _matrix(self, item: Text, width: float) -> str:
        """The start of a text object whose matrix places the text (its start, middle or end at (x, y)), turns
        it and un-flips it; as `beginText` and `setTextTransform` write it."""
        shift = 0.0 if item.anchor == "start" else -width / 2 if item.anchor == "middle" else -width
        if item.rotate:
            cos, sin = math.cos(math.radians(item.rotate)), math.sin(math.radians(item.rotate))
        else:
            cos, sin = 1.0, 0.0
        c, d = (sin, -cos) if self.canvas.bottomup else (-sin, cos)
        return f"{self.origin}{fp_str(cos, sin, c, d, item.x + cos * shift, item.y + sin * shift)} Tm "

    def _shown(self, text: str, name: str, size: float) -> tuple[str, float]:
        """The operators that show `text` in a text object as reportlab's `textOut` writes them for a TrueType
        font (every font of `pnp.text.fonts` is one): each run of one subset after the subset's font; and its width."""
        font = getFont(name)
        width = font.stringWidth(text, size)
        doc = document(self.canvas)
        known = self._first_subset(font, text, doc) if text else None
        if known is not None:
            start = self.ops.starts.get((name, size))
            if start is None:  # the subset's name, given on its first use, and the size
                start = self.ops.starts[name, size] = (f"{font.getSubsetInternalName(0, doc)} {fp_str(size)} Tf "
                                                       f"{fp_str(size * 1.2)} TL (")
            return f"{start}{escapePDF(known)}) Tj", width
        parts, current, setting = [], -1, f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"  # reportlab's leading
        for subset, chunk in font.splitString(text, doc):
            if subset != current:
                parts.append(f"{font.getSubsetInternalName(subset, doc)} {setting}")
                current = subset
            parts.append(f"({escapePDF(chunk)}) Tj")
        return " ".join(parts), width

    def _first_subset(self, font: Any, text: str, doc: Any) -> bytes | None:
        """`text` as `splitString` gives it when every character of it already has a code in the font's first
        subset (one chunk, nothing assigned), else None."""
        state = font.state.get(doc)
        if state is None:
            return None
        assigned, glyphs = state.assignments, self.ops.glyphs
        entry = glyphs.get(font.fontName)
        if entry is None or entry[0] != len(assigned):  # codes are only ever added
            table = {char: code for char, code in assigned.items() if code < 256}
            table.pop(0xA0, None)
            if 32 in table:
                table[0xA0] = table[32]  # `splitString` maps a no-break space to a space
            entry = glyphs[font.fontName] = (len(assigned), table, frozenset(map(chr, table)))
        if not entry[2].issuperset(text):
            return None
        return text.translate(entry[1]).encode("latin-1")
