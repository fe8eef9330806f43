"""Sheet furniture: scale bar, kit name, sheet number and credit line, crop marks, cut outlines."""

from __future__ import annotations

import math
from functools import lru_cache

from pnp.layout.imposition import CROP_OFFSET, CROP_ZONE, MIN_MARK, TRIM_GAP, Block
from pnp.layout.paper import FOOTER_MM, Paper
from pnp.layout.pieces import Piece
from pnp.layout.scene import Ellipse, Item, Line, Polygon, Rect, Style, Text
from pnp.layout.strokes import Stroke, two_tone
from pnp.text.fonts import text_width_mm

MARK = Style(stroke="#000000", stroke_width=0.2)
CUT = Style(stroke="#333333", stroke_width=0.2, dash=(1.0, 1.0))
FOOTER_TEXT_MM = 2.4


def footer(paper: Paper, margin: float, kit: str, sheet_label: str, credit: str,
           note: str = "print at 100% / actual size", at_top: bool = False, start: float | None = None) -> list[Item]:
    """Scale bar (50 mm or 2 in) with the print-at-100% note, kit name and sheet label, credit line.

    The band is at the bottom of the sheet, or at the top (`at_top`) on backs flipped top to bottom, whose
    pieces are mirrored into the space the front's footer leaves free; it starts at `start` (default: the margin;
    right of a registration mark's keep-out on sheets that print one).
    """
    top = _footer_top(paper, margin, at_top)
    x0 = margin if start is None else start
    bar = paper.scale_bar
    items: list[Item] = [*_scale_bar(paper, margin, note, at_top, x0)]
    right = paper.width - margin
    label = f"{kit} · {sheet_label}"
    items.append(Text(right, top + 1.0, _fit(label, right - x0 - bar - 8, "sans-bold"), FOOTER_TEXT_MM,
                      "sans-bold", anchor="end"))
    if credit:
        items.append(Text(right, top + 5.0, _fit(credit, right - x0 - bar - 8, "sans"), FOOTER_TEXT_MM * 0.85,
                          "sans", "#333333", anchor="end"))
    return items


def blank_note(paper: Paper, margin: float, label: str) -> Item:
    """The one line a blank back prints: small, near the bottom edge, so the page is known to be blank on purpose."""
    return Text(paper.width / 2, paper.height - margin - 1.0, label, FOOTER_TEXT_MM * 0.85, "sans", "#666666",
                anchor="middle")


def _footer_top(paper: Paper, margin: float, at_top: bool) -> float:
    return margin + 1.0 if at_top else paper.height - margin - FOOTER_MM + 3.0


@lru_cache(maxsize=64, typed=True)
def _scale_bar(paper: Paper, margin: float, note: str, at_top: bool, x0: float) -> tuple[Item, ...]:
    """The footer's note and scale bar from x0: the same items on every sheet of a paper (items are never
    changed)."""
    top = _footer_top(paper, margin, at_top)
    bar = paper.scale_bar
    items: list[Item] = [
        Text(x0, top + 1.0, f"{paper.scale_label} — {note}", FOOTER_TEXT_MM, "sans-bold"),
    ]
    segments = 5 if bar < 51 else 4
    seg = bar / segments
    bar_y = top + 2.5
    for i in range(segments):
        fill = "#000000" if i % 2 == 0 else "#ffffff"
        items.append(Rect(x0 + i * seg, bar_y, seg, 2.0, Style(fill=fill, stroke=None)))
    items.append(Rect(x0, bar_y, bar, 2.0, Style(stroke="#000000", stroke_width=0.15)))
    for i in range(segments + 1):
        items.append(Line(x0 + i * seg, bar_y - 0.8, x0 + i * seg, bar_y + 2.8, MARK))
    return tuple(items)


def _fit(text: str, width: float, font: str) -> str:
    """`text`, or its longest start that fits in `width` mm with "…" after it. Widths grow with the length, so
    the cut is found by bisection: a handful of measurements, however long the text (a translated label)."""
    size = FOOTER_TEXT_MM
    if text_width_mm(text, font, size) <= width:
        return text
    fits, over = 0, len(text)  # text[:fits] + "…" fits (or fits is 0), text[:over] + "…" does not
    while over - fits > 1:
        middle = (fits + over) // 2
        if text_width_mm(text[:middle] + "…", font, size) > width:
            over = middle
        else:
            fits = middle
    return text[:fits] + "…"


@lru_cache(maxsize=256, typed=True)
def crop_marks(block: Block) -> tuple[Item, ...]:
    """Short lines on every trim line, inside the printable area (the block's bounds), never over a piece's trim:
    at both ends of each line, outside the block's bleed where the area leaves room, else over the outer bleed;
    and across every gutter between neighbours. Each mark is two-tone (a white casing under the black line), so a
    mark over the outer bleed's art still shows. (Cached: the sheets of a deck repeat the same blocks; items are
    never changed.)"""
    left, top, right, bottom = block.bounds
    items: list[Item] = []
    first_y, last_y = block.trim_ys[0], block.trim_ys[-1]
    first_x, last_x = block.trim_xs[0], block.trim_xs[-1]
    ends_y = (_before(top, block.y0, first_y), _after(bottom, block.y1, last_y))
    ends_x = (_before(left, block.x0, first_x), _after(right, block.x1, last_x))
    for x in block.trim_xs:
        for a, b in [*(end for end in ends_y if end), *_inside(block.gutters_y)]:
            items.extend(two_tone(Line(x, a, x, b, MARK)))
    for y in block.trim_ys:
        for a, b in [*(end for end in ends_x if end), *_inside(block.gutters_x)]:
            items.extend(two_tone(Line(a, y, b, y, MARK)))
    return tuple(items)


def _before(limit: float, bleed_edge: float, trim: float) -> tuple[float, float] | None:
    """The mark before a block's first trim: from the limit (or the crop-mark zone's start) to CROP_OFFSET before
    the bleed, or over the bleed up to TRIM_GAP before the trim when the area leaves no room outside it."""
    start = max(limit, bleed_edge - CROP_ZONE)
    end = bleed_edge - CROP_OFFSET
    if end - start < MIN_MARK - 1e-9:
        end = trim - TRIM_GAP
    return (start, end) if end - start >= MIN_MARK - 1e-9 else None


def _after(limit: float, bleed_edge: float, trim: float) -> tuple[float, float] | None:
    """The mark after a block's last trim: `_before` mirrored."""
    mark = _before(-limit, -bleed_edge, -trim)
    return None if mark is None else (-mark[1], -mark[0])


def _inside(gutters: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    """The marks across gutters wide enough for one, TRIM_GAP clear of the trims on either side."""
    return [(a + TRIM_GAP, b - TRIM_GAP) for a, b in gutters if b - a - 2 * TRIM_GAP >= MIN_MARK - 1e-9]


def outline(piece: Piece, style: Style = CUT) -> tuple[Item, ...]:
    """The piece's cut outline in piece coordinates (`trim_shape`), two-tone so it shows on the piece's art as on
    the paper; none for a piece that draws its own cut lines."""
    shape = trim_shape(piece, style)
    return () if shape is None else two_tone(shape)


def trim_shape(piece: Piece, style: Style = CUT) -> Stroke | None:
    """Where the piece is cut, in piece coordinates: its rectangle (rounded by its corner radius), circle or
    hexagon; None for a piece that draws its own cut lines (`outline: drawn`). The sheets' cut lines and the
    cutter files (`pnp.layout.cut_paths`) both draw this."""
    w, h = piece.width, piece.height
    if piece.outline == "drawn":
        return None
    if piece.outline == "round":
        return Ellipse(w / 2, h / 2, w / 2, h / 2, style)
    if piece.outline == "hex":
        return Polygon(hex_points(w, h), style)
    return Rect(0, 0, w, h, style, radius=piece.corner_radius)


def hex_points(w: float, h: float) -> tuple[tuple[float, float], ...]:
    """A flat-topped hexagon inscribed in a w x h box."""
    cx, cy = w / 2, h / 2
    return tuple((cx + w / 2 * math.cos(math.radians(a)), cy + h / 2 * math.sin(math.radians(a)))
                 for a in range(0, 360, 60))
