"""A text's outline (the line drawn around its letters, under them) is as wide in SVG as in the PDF for every
glyph, whichever font draws it: DejaVu's glyphs are in 2048 units per em, the CJK, Arabic and Hebrew fallback
fonts' in 1000, and shaped text places each glyph scaled from its own font's units."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2
import pytest
from PIL import Image

from pnp.layout.scene import Document, Page, Text
from pnp.render.pdf import render_pdf
from pnp.render.svg import render_svg_page
from tests.svgtext import SVG

WIDTH = 0.6
"""How far the outline reaches out of the letters (mm): the PDF strokes them twice as wide, under the fill."""
TEXTS = [("Latin DejaVu", "sans"), ("日本語のテキスト", "sans"), ("日本語のテキスト", "cjk"),
         ("مرحبا بالعالم", "sans-bold"), ("שלום עולם", "sans"), ("太字 Bold 日本", "sans-bold")]
XLINK = "{http://www.w3.org/1999/xlink}href"


def _item(text: str, font: str) -> Text:
    return Text(5, 12, text, 8, font, "#000000", outline="#ff0000", outline_width=WIDTH)


def _scale(transform: str) -> float:
    found = re.findall(r"scale\(([-\d.e]+)", transform)
    return float(np.prod([abs(float(s)) for s in found])) if found else 1.0


def _outline_widths(svg: str) -> list[float]:
    """The page width (mm) of each glyph's outline stroke in the SVG: its `stroke-width` (its own or its
    group's) times the scales from its font units to the page."""
    root = ET.fromstring(svg)
    widths = []

    def walk(node: ET.Element, scale: float, stroke: str | None, width: str | None) -> None:
        scale *= _scale(node.get("transform", ""))
        stroke, width = node.get("stroke", stroke), node.get("stroke-width", width)
        if node.tag == f"{SVG}use" and stroke == "#ff0000":
            assert width is not None
            widths.append(float(width) * scale)
        for child in node:
            walk(child, scale, stroke, width)

    walk(root, 1.0, None, None)
    return widths


def _pdf_outline_width(pdf: bytes) -> float:
    with pikepdf.open(io.BytesIO(pdf)) as document:
        ops = [(str(op), operands) for operands, op in pikepdf.parse_content_stream(document.pages[0])]
    [width] = {float(operands[0]) for name, operands in ops if name == "w"} - {0.035 * 8}
    return width


@pytest.mark.parametrize(("text", "font"), TEXTS)
def test_every_glyph_outline_is_as_wide_in_svg_as_in_the_pdf(text: str, font: str):
    page = Page(120, 20, (_item(text, font),))
    pdf_width = _pdf_outline_width(render_pdf(Document("outline", (page,))))
    assert pdf_width == pytest.approx(2 * WIDTH)
    widths = _outline_widths(render_svg_page(page))
    assert widths and all(w == pytest.approx(pdf_width, rel=1e-3) for w in widths), widths  # CJK was 2.46 mm


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert (librsvg2-bin) absent")
@pytest.mark.parametrize(("text", "font"), TEXTS)
def test_an_outlined_line_looks_the_same_in_svg_and_pdf(tmp_path: Path, text: str, font: str):
    """Drawn at 200 dpi: the outline of Japanese set in DejaVu differed in 7 % of the pixels, Arabic 4 %."""
    page = Page(120, 20, (_item(text, font),))
    svg = tmp_path / "page.svg"
    svg.write_text(render_svg_page(page), encoding="utf-8")
    drawn = subprocess.run(["rsvg-convert", "-d", "200", "-p", "200", "-b", "white", str(svg)], capture_output=True,
                           check=True).stdout
    from_svg = np.asarray(Image.open(io.BytesIO(drawn)).convert("RGB"), dtype=int)
    pdf = pypdfium2.PdfDocument(render_pdf(Document("outline", (page,))))
    from_pdf = np.asarray(pdf[0].render(scale=200 / 72).to_pil().convert("RGB"), dtype=int)
    assert float((np.abs(from_svg - from_pdf).max(axis=2) > 64).mean()) < 0.015
