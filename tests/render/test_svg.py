"""SVG pages: valid XML in mm units, and the same items at the same mm positions as in the PDF."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pdfplumber
import pytest

from pnp.render.pdf import render_pdf
from pnp.render.svg import render_svg_page
from tests.render.kits import MM_PER_PT, deck_kit, document
from tests.svgtext import svg_texts

SVG = "{http://www.w3.org/2000/svg}"


def _svg_rects(root: ET.Element, fill: str) -> list[tuple[float, float, float, float]]:
    found: list[tuple[float, float, float, float]] = []

    def walk(node: ET.Element, dx: float, dy: float) -> None:
        transform = node.get("transform", "")
        m = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", transform)
        if m:
            dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
        if node.tag == f"{SVG}rect" and node.get("fill") == fill:
            x, y = float(node.get("x")) + dx, float(node.get("y")) + dy
            found.append((round(x, 3), round(y, 3), round(x + float(node.get("width")), 3),
                          round(y + float(node.get("height")), 3)))
        for child in node:
            if child.tag != f"{SVG}defs":
                walk(child, dx, dy)

    walk(root, 0.0, 0.0)
    return sorted(found)


def _same_colour(colour: object, rgb: tuple[float, ...]) -> bool:
    return isinstance(colour, tuple | list) and len(colour) == 3 and all(
        abs(a - b) < 0.01 for a, b in zip(colour, rgb, strict=True))


def test_svg_page_is_sized_in_millimetres(tmp_path):
    page = document(deck_kit(tmp_path)).pages[0]
    root = ET.fromstring(render_svg_page(page))
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    assert [float(v) for v in re.split(r"[ ,]+", root.get("viewBox"))] == [0, 0, 210, 297]


@pytest.mark.parametrize("page_index", [0, 1])
def test_svg_and_pdf_place_cards_at_the_same_positions(tmp_path, page_index):
    doc = document(deck_kit(tmp_path, count=7, bleed="2mm", size="mini"))
    fill = "#ffeeee" if page_index == 0 else "#2233aa"
    rgb = tuple(int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    svg = _svg_rects(ET.fromstring(render_svg_page(doc.pages[page_index])), fill)
    with pdfplumber.open(io.BytesIO(render_pdf(doc))) as pdf:
        pdf_rects = sorted(
            tuple(round(v * MM_PER_PT, 3) for v in (r["x0"], r["top"], r["x1"], r["bottom"]))
            for r in pdf.pages[page_index].rects
            if r.get("fill") and _same_colour(r.get("non_stroking_color"), rgb)
        )
    assert len(svg) == 7
    assert len(pdf_rects) == len(svg)
    for a, b in zip(svg, pdf_rects, strict=True):
        assert a == pytest.approx(b, abs=0.05)


def test_svg_text_is_escaped_and_still_parses(tmp_path):
    page = document(deck_kit(tmp_path)).pages[0]
    text = render_svg_page(page)
    root = ET.fromstring(text)
    strings = svg_texts(root)
    assert "Card <b>&amp;" in strings
