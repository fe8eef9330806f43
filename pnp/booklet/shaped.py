"""Rulebook paragraphs in scripts reportlab's Paragraph cannot set: shaped, in bidirectional order, broken by
UAX #14, drawn with the same machinery as card texts (`pnp.layout.rich`, `pnp.render.pdf.draw_items`).

Input: a unit's inline text (its runs and their fonts) and the paragraph style it would have. Output: a
flowable that wraps, splits across pages and draws like a Paragraph: a right-to-left paragraph (its first
strong character Arabic or Hebrew) is set flush right, unless its style centres it. Latin paragraphs never
come here (`needs_shaping`), so they print as before.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER
from reportlab.platypus import Flowable, Paragraph

from pnp.booklet.inline import InlineText
from pnp.layout.markup import Span
from pnp.layout.rich import RichText
from pnp.layout.scene import Text
from pnp.layout.text import Align
from pnp.text.fonts import reportlab_name
from pnp.text.shaping import BOLD_FONTS, ITALIC_FONTS, SANS_STYLES, font_for, needs_shaping, shape_line
from pnp.units import PT_PER_MM


def _hex(colour: Any) -> str:
    return "#" + colour.hexval()[2:] if hasattr(colour, "hexval") else "#222222"


class ShapedParagraph(Flowable):  # type: ignore[misc]
    """A paragraph of shaped text; `toc_level` and `toc_text` as a `HeadingParagraph`'s."""

    def __init__(self, inline: InlineText, style: Any, toc_level: int | None = None, toc_text: str = "",
                 lines: list[list[Text]] | None = None) -> None:
        super().__init__()
        self.inline = inline
        self.style = style
        self.toc_level = toc_level
        self.toc_text = toc_text
        self.lines = lines
        self.laid_at: float | None = None
        """The width (points) `lines` were laid out at; None for lines given (a split's part keeps them)."""
        self.rtl = shape_line(inline.plain.replace("\n", " ") or " ", "sans").rtl
        self.spaceBefore = style.spaceBefore
        self.spaceAfter = style.spaceAfter
        self.keepWithNext = getattr(style, "keepWithNext", 0)

    def _rich(self) -> RichText:
        spans = tuple(Span(text, bold=font in BOLD_FONTS, italic=font in ITALIC_FONTS)
                      for text, font in self.inline.runs if text)
        return RichText((spans,), SANS_STYLES, {})

    def _layout(self, width_pt: float) -> list[list[Text]]:
        """The paragraph's lines at `width_pt`, each its text items with baselines at 0 (mm, y down)."""
        size = self.style.fontSize / PT_PER_MM
        align: Align = "center" if self.style.alignment == TA_CENTER else "right" if self.rtl else "left"
        items = self._rich().items(0.0, 0.0, width_pt / PT_PER_MM, size, _hex(self.style.textColor), align,
                                   self.style.leading / self.style.fontSize)
        lines: dict[float, list[Text]] = {}
        for item in items:
            if isinstance(item, Text):
                lines.setdefault(item.y, []).append(item)
        return [[Text(t.x, 0.0, t.text, t.size, t.font, t.color) for t in lines[y]] for y in sorted(lines)]

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        if self.lines is None or (self.laid_at is not None and abs(self.laid_at - availWidth) > 1e-6):
            self.lines, self.laid_at = self._layout(availWidth), availWidth  # a table measures, then sets it
        self.height = len(self.lines) * self.style.leading
        return availWidth, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        lines = self.lines if self.lines is not None else self._layout(availWidth)
        fit = int(availHeight // self.style.leading)
        if fit < 1 or fit >= len(lines):
            return [] if fit < 1 else [self]
        first = ShapedParagraph(self.inline, self.style, self.toc_level, self.toc_text, lines[:fit])
        rest = ShapedParagraph(self.inline, self.style, None, "", lines[fit:])
        rest.spaceBefore = 0
        first.spaceAfter = 0
        return [first, rest]

    def draw(self) -> None:
        from pnp.render.pdf import draw_items

        canvas = self.canv
        canvas.saveState()
        canvas.translate(0, self.height)
        canvas.scale(PT_PER_MM, -PT_PER_MM)
        ascent = (self.style.fontSize + (self.style.leading - self.style.fontSize) / 2) * 0.8 / PT_PER_MM
        step = self.style.leading / PT_PER_MM
        items = [Text(t.x, ascent + i * step, t.text, t.size, t.font, t.color)
                 for i, line in enumerate(self.lines or []) for t in line]
        draw_items(canvas, items)
        canvas.restoreState()

    def minWidth(self) -> float:
        """The widest unbreakable piece (for table columns)."""
        return max(self._widths(1.0), default=0.0)

    def getActualLineWidths0(self) -> list[float]:
        return self._widths(self.laid_at) if self.lines else []

    def _widths(self, width_pt: float | None) -> list[float]:
        """Each line's width in points at `width_pt` as the line breaking measures it (word by word, the spaces
        between), so a column as wide as a cell's natural width holds it on one line."""
        size = self.style.fontSize / PT_PER_MM
        boxes = self._rich().line_boxes(0.0, 0.0, None if width_pt is None else width_pt / PT_PER_MM, size)
        return [(box.x1 - box.x0) * PT_PER_MM for box in boxes]


def paragraph(inline: InlineText, style: Any, toc_level: int | None = None, toc_text: str = "",
              heading: type[Paragraph] | None = None) -> Flowable:
    """A Paragraph of `inline` in `style`, or a `ShapedParagraph` when its text needs shaping."""
    if needs_shaping(inline.plain):
        return ShapedParagraph(inline, style, toc_level, toc_text)
    if heading is not None:
        return heading(inline.markup, style, toc_level, toc_text)
    return Paragraph(inline.markup, style)


def fallback_markup(text: str) -> str:
    """`text` escaped as Paragraph markup, each run a fallback font draws set in it (for the contents, which
    reportlab sets: CJK prints whole, Arabic and Hebrew unshaped)."""
    if not needs_shaping(text):
        return escape(text)
    parts = []
    for char in text:
        font = font_for(char, "sans")
        shown = escape(char)
        parts.append(shown if font in (None, "sans") else f"<font face=\"{reportlab_name(font)}\">{shown}</font>")
    return "".join(parts)
