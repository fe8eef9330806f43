"""Typography of rulebooks: paragraph styles, colours and margins for a page size.

Input: the page size in points. Output: a `Styles` record (reportlab ParagraphStyles keyed by role, margins
in points). Small pages (booklet halves) get a smaller body size and narrower margins.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from pnp.text.fonts import reportlab_name
from pnp.units import mm_to_pt

ACCENT = HexColor("#8E2420")
INK = HexColor("#222222")
MUTED = HexColor("#6B6B6B")
TINT = HexColor("#F4EDE6")
RULE = HexColor("#BDB5AD")


@dataclass(frozen=True, slots=True)
class Styles:
    """Paragraph styles by role and page margins (points)."""

    paragraphs: dict[str, ParagraphStyle]
    margin_inner: float
    margin_outer: float
    margin_top: float
    margin_bottom: float
    body_size: float

    def __getitem__(self, role: str) -> ParagraphStyle:
        return self.paragraphs[role]


def _style(name: str, font: str, size: float, leading: float, color: Color = INK, **extra: object) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=reportlab_name(font), fontSize=size, leading=leading, textColor=color, **extra)


def make_styles(page_size: tuple[float, float]) -> Styles:
    """Styles for pages of `page_size` (points): below 160 mm wide, 9 pt ragged-right body; else 10.5 pt justified."""
    small = page_size[0] < mm_to_pt(160)
    size = 9.0 if small else 10.5
    lead = size * 1.38
    paragraphs = {
        "body": _style(
            "body",
            "sans",
            size,
            lead,
            alignment=TA_LEFT if small else TA_JUSTIFY,
            spaceAfter=lead * 0.45,
            allowWidows=0,
            allowOrphans=0,
        ),
        "item": _style("item", "sans", size, lead, alignment=TA_LEFT, spaceAfter=lead * 0.15),
        "cell": _style("cell", "sans", size * 0.92, size * 1.22),
        "cell-head": _style("cell-head", "sans-bold", size * 0.92, size * 1.22, ACCENT),
        "quote": _style("quote", "sans", size * 0.95, lead * 0.95, spaceAfter=lead * 0.25),
        "code": _style("code", "mono", size * 0.85, size * 1.15, spaceAfter=lead * 0.4),
        "h2": _style(
            "h2",
            "sans-bold",
            size * 1.55,
            size * 1.9,
            ACCENT,
            spaceBefore=lead * 1.1,
            spaceAfter=lead * 0.45,
            keepWithNext=1,
        ),
        "h3": _style(
            "h3",
            "sans-bold",
            size * 1.18,
            size * 1.5,
            INK,
            spaceBefore=lead * 0.7,
            spaceAfter=lead * 0.3,
            keepWithNext=1,
        ),
        "h4": _style(
            "h4", "sans-bold", size, lead, ACCENT, spaceBefore=lead * 0.5, spaceAfter=lead * 0.15, keepWithNext=1
        ),
        "title": _style("title", "sans-bold", size * 3.0, size * 3.4, ACCENT, spaceAfter=size * 1.2),
        "subtitle": _style("subtitle", "sans", size * 1.45, size * 1.9, INK, spaceAfter=size * 2.5),
        "credit": _style("credit", "sans", size * 0.88, size * 1.3, MUTED, spaceAfter=size * 0.6),
        "caption": _style(
            "caption",
            "sans-italic",
            size * 0.88,
            size * 1.2,
            MUTED,
            alignment=TA_CENTER,
            spaceBefore=size * 0.3,
            spaceAfter=lead * 0.6,
        ),
        "placeholder": _style("placeholder", "mono", size * 0.9, size * 1.2, MUTED, alignment=TA_CENTER),
        "toc-title": _style("toc-title", "sans-bold", size * 1.55, size * 1.9, ACCENT, spaceAfter=lead),
        "toc1": _style("toc1", "sans-bold", size, lead, INK, leftIndent=0, firstLineIndent=0, spaceBefore=lead * 0.35),
        "toc2": _style("toc2", "sans", size * 0.92, size * 1.25, INK, leftIndent=size * 1.5, firstLineIndent=0),
        "header": _style("header", "sans", size * 0.75, size, MUTED),
    }
    margin = mm_to_pt(15 if small else 22)
    return Styles(
        paragraphs,
        margin_inner=margin,
        margin_outer=margin,
        margin_top=margin + mm_to_pt(5),
        margin_bottom=margin + mm_to_pt(3),
        body_size=size,
    )
