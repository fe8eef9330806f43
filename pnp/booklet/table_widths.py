"""A rulebook table's measures: column widths from its cells' paragraphs, and its cell styles scaled and
aligned (the flowables of `pnp.booklet.flowables` set the table itself)."""

from __future__ import annotations

from typing import Any

from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

CELL_PADDING = 6.0
"""Left and right padding of table cells, points."""
MIN_CELL_SCALE = 0.7
"""Smallest share of the body's cell size a table is set at to keep its longest words whole."""


def column_widths(cells: list[list[Any]], frame_width: float) -> tuple[list[float], float]:
    """Column widths and the table's font scale, measured on the cells' paragraphs (their fonts, code spans
    included). Natural widths (longest cell line) when they fit the frame; else every column keeps its
    longest word whole and the room left is shared equally by the columns that want more (a column that needs
    less than its share gets its natural width, so short labels stay on one line); a table whose
    longest words alone are too wide is set smaller (never below MIN_CELL_SCALE), so a word is never cut."""
    pad = 2 * CELL_PADDING + 2

    def natural_width(cell: Any) -> float:
        cell.wrap(1e6, 1e6)
        return max(cell.getActualLineWidths0(), default=0.0)

    natural = [max(natural_width(cell) for cell in column) + pad for column in zip(*cells, strict=True)]
    if sum(natural) <= frame_width:
        return natural, 1.0
    least = [max(cell.minWidth() for cell in column) for column in zip(*cells, strict=True)]
    text_room = frame_width - pad * len(least)
    scale = max(min(1.0, text_room / sum(least)), MIN_CELL_SCALE)
    least = [width * scale + pad for width in least]
    natural = [(width - pad) * scale + pad for width in natural]
    widths, spare = least, max(frame_width - sum(least), 0.0)
    while spare > 0.01:  # the room left, shared equally among the columns that want more; a short one fills up
        wanting = [i for i, (w, n) in enumerate(zip(widths, natural, strict=True)) if n - w > 0.01]
        if not wanting:
            break
        share = spare / len(wanting)
        for i in wanting:
            grow = min(share, natural[i] - widths[i])
            widths[i] += grow
            spare -= grow
    return widths, scale


def scaled(style: ParagraphStyle, scale: float) -> ParagraphStyle:
    """`style` at `scale` times its size; words are never split across lines."""
    return ParagraphStyle(f"{style.name}-{scale:.3f}", parent=style, fontSize=style.fontSize * scale,
                          leading=style.leading * scale, splitLongWords=0)


def aligned(style: ParagraphStyle, align: str) -> ParagraphStyle:
    """`style` aligned as a Markdown table column asks (left, center or right)."""
    alignment = {"right": TA_RIGHT, "center": TA_CENTER}.get(align, TA_LEFT)
    return ParagraphStyle(f"{style.name}-{align}", parent=style, alignment=alignment)
