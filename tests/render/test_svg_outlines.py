"""SVG pages look like their PDF pages on a machine with no fonts at all: text is drawn as the outlines of
the glyphs the PDF embeds (librsvg and Inkscape ignore `@font-face`, and DejaVu was never embedded)."""

from __future__ import annotations

import io
import math
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pdfplumber
import pypdfium2
import pytest
from PIL import Image

from pnp.render.pdf import render_pdf
from pnp.render.svg import render_svg_page
from tests.render.kits import MM_PER_PT, deck_kit, document
from tests.svgtext import SVG, svg_texts

ROOT = Path(__file__).resolve().parents[2]
DPI = 100
CHANGED = 64
"""A pixel differs when a colour channel differs by more than this (of 255): a glyph missing, moved or set in
another font, not the two rasterisers smoothing an edge differently."""
NO_FONTS = '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig></fontconfig>\n'

needs_rsvg = pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert (librsvg2-bin) absent")


def differing_share(svg: Path, pdf: Path, page: int, fonts_conf: Path) -> float:
    """The share of pixels where librsvg's drawing of `svg`, with no font installed, differs from pdfium's
    drawing of page `page` of `pdf`, both at DPI."""
    drawn = subprocess.run(["rsvg-convert", "-d", str(DPI), "-p", str(DPI), "-b", "white", str(svg)],
                           env={**os.environ, "FONTCONFIG_FILE": str(fonts_conf)}, capture_output=True, check=True)
    from_svg = np.asarray(Image.open(io.BytesIO(drawn.stdout)).convert("RGB"), dtype=int)
    from_pdf = np.asarray(pypdfium2.PdfDocument(pdf)[page].render(scale=DPI / 72).to_pil().convert("RGB"), dtype=int)
    assert from_svg.shape == from_pdf.shape
    return float((np.abs(from_svg - from_pdf).max(axis=2) > CHANGED).mean())


@needs_rsvg
@pytest.mark.parametrize("example", ["spell-deck", "generic-deck"])
def test_an_svg_page_drawn_without_fonts_matches_its_pdf_page(tmp_path: Path, example: str):
    """The spell deck sets its own font (Lato regular, bold, italic), the generic deck DejaVu bold and symbols.
    As editable `<text>` the same page differs in 5-10 % of its pixels (the text falls back or vanishes)."""
    fonts_conf = tmp_path / "fonts.conf"
    fonts_conf.write_text(NO_FONTS, encoding="utf-8")
    shares = {}
    for mode in ("outline", "text"):
        out = tmp_path / mode
        result = subprocess.run([sys.executable, "-m", "pnp.cli", "render", ROOT / "examples" / example / "kit.yaml",
                                 "-o", out, "--format", "pdf,svg", "--rulebook", "none", "--svg-text", mode],
                                cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
        assert result.returncode == 0, result.stderr
        assert "timestamp" not in result.stderr  # no notes from the font tools (a real process shows them)
        [pdf] = out.glob("*.pdf")
        shares[mode] = differing_share(sorted(out.glob("*.svg"))[0], pdf, 0, fonts_conf)
    assert shares["outline"] <= 0.03, shares
    assert shares["text"] > 0.03, shares  # the check sees text a reader could not draw


def test_outlined_text_keeps_its_words_and_defines_each_glyph_once(tmp_path: Path):
    page = document(deck_kit(tmp_path)).pages[0]
    root = ET.fromstring(render_svg_page(page))
    assert not list(root.iter(f"{SVG}text"))
    words = svg_texts(root)
    assert "Card <b>&amp;" in words  # the card's words as printed (markup and all), in the aria-label
    glyphs = [p for p in root.iter(f"{SVG}path") if p.get("id")]
    assert len({g.get("d") for g in glyphs}) == len(glyphs)  # each glyph outline once per page
    used = {u.get("{http://www.w3.org/1999/xlink}href") for u in root.iter(f"{SVG}use")}
    assert {f"#{g.get('id')}" for g in glyphs} <= used
    editable = ET.fromstring(render_svg_page(page, text="text"))
    assert svg_texts(editable) == words and not [p for p in editable.iter(f"{SVG}path") if p.get("id")]


def _matrix(transform: str) -> np.ndarray:
    """The affine matrix of an SVG `transform` list of translate, rotate and scale."""
    total = np.eye(3)
    for name, args in re.findall(r"(translate|rotate|scale)\(([^)]*)\)", transform):
        values = [float(v) for v in re.split(r"[ ,]+", args.strip())]
        if name == "translate":
            step = np.array([[1, 0, values[0]], [0, 1, values[1] if len(values) > 1 else 0], [0, 0, 1]])
        elif name == "scale":
            step = np.diag([values[0], values[1] if len(values) > 1 else values[0], 1])
        else:
            cos, sin = math.cos(math.radians(values[0])), math.sin(math.radians(values[0]))
            step = np.array([[cos, -sin, 0], [sin, cos, 0], [0, 0, 1]])
        total = total @ step
    return total


def _glyph_origins(root: ET.Element) -> list[tuple[float, float]]:
    """Where each outlined glyph's origin lands on the page, in mm."""
    found: list[tuple[float, float]] = []

    def walk(node: ET.Element, outer: np.ndarray) -> None:
        here = outer @ _matrix(node.get("transform", ""))
        if node.tag == f"{SVG}use" and node.get("{http://www.w3.org/1999/xlink}href", "").startswith("#g"):
            x, y, _ = here @ np.array([float(node.get("x", "0")), 0.0, 1.0])
            found.append((float(x), float(y)))
        for child in node:
            if child.tag != f"{SVG}defs":
                walk(child, here)

    walk(root, np.eye(3))
    return found


@pytest.mark.parametrize(("example", "page"), [("spell-deck", 0), ("drag-rage", 2)], ids=["own-fonts", "turned"])
def test_each_outlined_glyph_sits_where_the_pdf_sets_it(example: str, page: int):
    """Every glyph's origin within 0.005 mm of the PDF's (own fonts, bold, italic, centred, turned text)."""
    doc = document(ROOT / "examples" / example / "kit.yaml")
    origins = _glyph_origins(ET.fromstring(render_svg_page(doc.pages[page])))
    with pdfplumber.open(io.BytesIO(render_pdf(doc))) as pdf:
        sheet = pdf.pages[page]
        chars = [(c["matrix"][4] * MM_PER_PT, (float(sheet.height) - c["matrix"][5]) * MM_PER_PT)
                 for c in sheet.chars if c["text"].strip()]
    assert len(origins) == len(chars) > 100
    placed = np.array(sorted(chars))
    for x, y in origins:
        assert np.hypot(placed[:, 0] - x, placed[:, 1] - y).min() < 0.005, (x, y)
