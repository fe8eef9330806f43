"""The duplex calibration sheet: a target on the front, rulers behind it on the back.

Print it two-sided, hold it against a light and read, on the back's rulers, where the front's cross shows
through: those two numbers are `back_offset: {x: …, y: …}` for this printer.
"""

from __future__ import annotations

from pnp.layout.duplex import back_position
from pnp.layout.paper import get_paper
from pnp.layout.scene import Document, Ellipse, Item, Line, Page, Style, Text

THIN = Style(stroke="#000000", stroke_width=0.15)
BOLD = Style(stroke="#000000", stroke_width=0.4)
RULER_MM = 10


def _ruler(cx: float, cy: float, horizontal: bool) -> list[Item]:
    items: list[Item] = []
    for tenth in range(-RULER_MM * 2, RULER_MM * 2 + 1):
        v = tenth / 2
        length = 4.0 if tenth % 10 == 0 else 2.5 if tenth % 2 == 0 else 1.5
        if horizontal:
            items.append(Line(cx + v, cy - length, cx + v, cy + length, THIN))
            if tenth % 4 == 0:
                items.append(Text(cx + v, cy + 7, f"{v:g}", 2.0, anchor="middle"))
        else:
            items.append(Line(cx - length, cy + v, cx + length, cy + v, THIN))
            if tenth % 4 == 0:
                items.append(Text(cx + 6, cy + v + 0.7, f"{v:g}", 2.0))
    return items


def calibration_document(paper_name: str, duplex: str) -> Document:
    """Two pages: front with a cross at the centre, back with x and y rulers centred behind it."""
    paper = get_paper(paper_name)
    cx, cy = paper.width / 2, paper.height / 2
    front: list[Item] = [
        Line(cx - 15, cy, cx + 15, cy, BOLD), Line(cx, cy - 15, cx, cy + 15, BOLD),
        Ellipse(cx, cy, 5, 5, BOLD),
        Text(cx, 30, "pnp duplex calibration — front", 5, "sans-bold", anchor="middle"),
        Text(cx, 40, f"Print both sides on {paper_name.upper()}, at 100%, duplex {duplex}.", 3.5, anchor="middle"),
        Text(cx, 46, "Hold the sheet against a light with the back towards you and read on the back's rulers",
             3.2, anchor="middle"),
        Text(cx, 52, "where this cross shows through. Put those numbers in your spec:", 3.2, anchor="middle"),
        Text(cx, 58, "sheets: {back_offset: {x: <horizontal ruler>mm, y: <vertical ruler>mm}}", 3.2, "mono",
             anchor="middle"),
    ]
    bx, by = back_position(paper, cx, cy, 0, 0, duplex, (0.0, 0.0))
    back: list[Item] = [
        *_ruler(bx, by, horizontal=True), *_ruler(bx, by, horizontal=False),
        Text(bx, 30, "pnp duplex calibration — back", 5, "sans-bold", anchor="middle"),
        Text(bx, by + 22, "x offset (mm): read the horizontal ruler", 3, anchor="middle"),
        Text(bx, by - 20, "y offset (mm): read the vertical ruler", 3, anchor="middle"),
    ]
    pages = (Page(paper.width, paper.height, tuple(front), "front"),
             Page(paper.width, paper.height, tuple(back), "back"))
    return Document(f"pnp calibration {paper_name}", pages, duplex=duplex)  # type: ignore[arg-type]
