"""Crop marks a home printer prints: with bleed, every trim line gets marks at both of its ends inside the printable
area (at least the margin from the paper's edge, above the footer) and across every gutter, while A4 still takes
9 poker cards; and every sheet of a deck, partial or full, puts card N at the same place. Read back from the PDF."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest

from pnp.layout.paper import FOOTER_MM
from pnp.pipeline import layout_document, load_spec
from pnp.render.pdf import render_pdf
from tests.render.kits import MM_PER_PT, deck_kit

MARGIN = 5.0
TOL = 0.01
Segment = tuple[float, float, float]
"""A mark: its trim line's position and where it starts and ends along it (mm)."""


def _marks(page) -> tuple[list[Segment], list[Segment]]:
    """Vertical and horizontal lines of a PDF page above the footer band (mm from the top-left)."""
    vertical, horizontal = [], []
    footer_top = page.height * MM_PER_PT - MARGIN - FOOTER_MM
    for line in page.lines:
        x0, x1 = line["x0"] * MM_PER_PT, line["x1"] * MM_PER_PT
        top, bottom = line["top"] * MM_PER_PT, line["bottom"] * MM_PER_PT
        if bottom > footer_top + TOL:
            continue
        if abs(x1 - x0) < TOL:
            vertical.append((x0, top, bottom))
        else:
            horizontal.append((top, x0, x1))
    return vertical, horizontal


def _rendered(tmp_path: Path, count: int, bleed: str, gutter: str = "0mm", size: str = "poker"):
    spec = deck_kit(tmp_path, size=size, bleed=bleed, count=count, gutter=gutter, orientation="portrait")
    document, plan = layout_document(load_spec(spec))
    return plan, pdfplumber.open(io.BytesIO(render_pdf(document)))


@pytest.mark.parametrize(("size", "w", "h"), [("poker", 63, 88), ("mini", 44, 63)])
@pytest.mark.parametrize("bleed", ["1mm", "3mm", "5mm"])
def test_every_trim_line_has_printable_marks_at_both_ends(tmp_path: Path, size, w, h, bleed):
    plan, pdf = _rendered(tmp_path, 9, bleed, size=size)
    with pdf:
        page = pdf.pages[0]
        width, footer_top = page.width * MM_PER_PT, page.height * MM_PER_PT - MARGIN - FOOTER_MM
        vertical, horizontal = _marks(page)
    placements = plan.sheets[0].placements
    if size == "poker":
        assert len(placements) == 9  # edge to edge, as sheets.gutter: 0mm asks
    xs = sorted({round(v, 3) for p in placements for v in (p.x, p.x + w)})
    ys = sorted({round(v, 3) for p in placements for v in (p.y, p.y + h)})
    top, bottom = min(p.y for p in placements), max(p.y for p in placements) + h
    left, right = min(p.x for p in placements), max(p.x for p in placements) + w
    for x in xs:
        along = [(a, b) for mx, a, b in vertical if abs(mx - x) < TOL]
        assert any(b <= top + TOL for a, b in along), f"no mark above the trim line x = {x}"
        assert any(a >= bottom - TOL for a, b in along), f"no mark below the trim line x = {x}"
    for y in ys:
        along = [(a, b) for my, a, b in horizontal if abs(my - y) < TOL]
        assert any(b <= left + TOL for a, b in along), f"no mark left of the trim line y = {y}"
        assert any(a >= right - TOL for a, b in along), f"no mark right of the trim line y = {y}"
    for pos, a, b in vertical:
        assert MARGIN - TOL <= pos <= width - MARGIN + TOL and a >= MARGIN - TOL and b <= footer_top + TOL
    for pos, a, b in horizontal:
        assert MARGIN - TOL <= pos <= footer_top + TOL and a >= MARGIN - TOL and b <= width - MARGIN + TOL


def test_marks_cross_the_gutters_between_cards(tmp_path: Path):
    plan, pdf = _rendered(tmp_path, 9, "3mm")
    with pdf:
        vertical, horizontal = _marks(pdf.pages[0])
    placements = plan.sheets[0].placements
    columns = sorted({p.x for p in placements})
    gutter = (columns[0] + 63, columns[1])
    assert gutter[1] - gutter[0] > 1
    for y in sorted({p.y for p in placements}):  # each row's top trim, across the first gutter
        assert any(abs(my - y) < TOL and gutter[0] < a < b < gutter[1] for my, a, b in horizontal)
    rows = sorted({p.y for p in placements})
    gap = (rows[0] + 88, rows[1])
    assert any(abs(mx - columns[1]) < TOL and gap[0] < a < b < gap[1] for mx, a, b in vertical)


def _card_pink(colour: object) -> bool:
    """The deck kit's card fill, #ffeeee."""
    return isinstance(colour, tuple) and len(colour) == 3 and all(abs(c - v) < 1e-3 for c, v in
                                                                   zip(colour, (1, 0.9333, 0.9333), strict=True))


@pytest.mark.parametrize(("bleed", "gutter", "count"), [("0mm", "0mm", 10), ("3mm", "0mm", 11), ("2mm", "3mm", 13),
                                                       ("0mm", "4mm", 17)])
def test_every_sheet_puts_card_n_at_the_same_place(tmp_path: Path, bleed, gutter, count):
    _plan, pdf = _rendered(tmp_path, count, bleed, gutter)
    with pdf:
        sheets = [page for page in pdf.pages if "backs of" not in (page.extract_text() or "")]
        corners = [sorted({(round(r["top"] * MM_PER_PT, 3), round(r["x0"] * MM_PER_PT, 3)) for r in page.rects
                           if _card_pink(r["non_stroking_color"])}) for page in sheets]
    assert len(corners) >= 2 and len(corners[0]) > len(corners[-1]) > 0
    for later in corners[1:]:  # in reading order, a later sheet's cards lie where the first sheet's first lie
        assert later == corners[0][:len(later)]
