"""The table of contents of a rulebook in a language set by `pnp.booklet.shaped` (Japanese, Arabic, ...).

reportlab's TableOfContents sets its entries as Paragraphs, which neither shape nor reorder text: here each
entry is a `ShapedParagraph` (any script, right to left when it is) beside its page number, the number at the
left in a right-to-left book. It gathers the headings' `TOCEntry` notices over multiBuild's passes as
reportlab's does (satisfied when two passes list the same entries). Latin books keep reportlab's table.
"""

from __future__ import annotations

import re
from typing import Any
from xml.sax.saxutils import unescape

from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Table, TableStyle
from reportlab.platypus.doctemplate import IndexingFlowable

from pnp.booklet.inline import InlineText
from pnp.booklet.shaped import ShapedParagraph
from pnp.text.fonts import reportlab_name

_TAGS = re.compile(r"<[^>]+>")
"""The font tags of an entry's markup (`fallback_markup`): the entry is set from its plain text."""
_NUMBER_WIDTH = 28.0
"""Points kept for the page numbers' column."""
_PLAIN = TableStyle([("FONTNAME", (0, 0), (-1, -1), reportlab_name("sans")), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                     ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                     ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)])
"""Cells without padding, their empty ones in pnp's own font (reportlab's default, Helvetica, is not embedded)."""


class ShapedContents(IndexingFlowable):  # type: ignore[misc]
    """Contents entries (level, markup, page, key) as shaped paragraphs with their page numbers."""

    def __init__(self, level_styles: list[ParagraphStyle], right_to_left: bool) -> None:
        super().__init__()
        self.level_styles = level_styles
        self.right_to_left = right_to_left
        self.entries: list[tuple[Any, ...]] = []
        self.last_entries: list[tuple[Any, ...]] = []
        self.table: Table | None = None

    def beforeBuild(self) -> None:
        self.last_entries, self.entries = self.entries, []

    def isSatisfied(self) -> bool:
        return self.entries == self.last_entries

    def notify(self, kind: str, stuff: Any) -> None:
        if kind == "TOCEntry":
            self.entries.append(tuple(stuff))

    def _row(self, level: int, markup: str, page: int, width: float) -> Table:
        style = self.level_styles[min(level, len(self.level_styles) - 1)]
        indent = style.leftIndent
        text = unescape(_TAGS.sub("", markup))
        title = ShapedParagraph(InlineText(markup, [(text, "sans-bold" if "bold" in style.fontName.lower()
                                                     else "sans")]), ParagraphStyle(
            f"{style.name}-shaped", parent=style, leftIndent=0, spaceBefore=0, spaceAfter=0))
        number = Paragraph(str(page), ParagraphStyle(f"{style.name}-page", parent=style, leftIndent=0,
                                                     alignment=TA_LEFT if self.right_to_left else TA_RIGHT))
        room = width - _NUMBER_WIDTH - indent
        cells, widths = ([number, title, ""], [_NUMBER_WIDTH, room, indent]) if self.right_to_left else \
            (["", title, number], [indent, room, _NUMBER_WIDTH])
        return Table([cells], colWidths=widths, style=_PLAIN)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        entries = self.last_entries or [(0, "…", 0, None)]
        rows: list[list[Any]] = []
        for level, markup, page, _key in entries:
            style = self.level_styles[min(level, len(self.level_styles) - 1)]
            if style.spaceBefore:
                rows.append([Table([[""]], rowHeights=[style.spaceBefore], style=_PLAIN)])
            rows.append([self._row(level, markup, page, availWidth)])
        self.table = Table(rows, colWidths=(availWidth,), style=_PLAIN)
        self.width, self.height = self.table.wrapOn(self.canv, availWidth, availHeight)
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Any]:
        if self.table is None:
            self.wrap(availWidth, availHeight)
        assert self.table is not None
        return list(self.table.splitOn(self.canv, availWidth, availHeight))

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        assert self.table is not None
        self.table.drawOn(canvas, x, y, _sW)
