"""SVG pages look like their PDF pages on a machine with no fonts at all: text is drawn as the outlines of
the glyphs the PDF embeds (librsvg and Inkscape ignore `@font-face`, and DejaVu was never embedded)."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pypdfium2
import pytest
from PIL import Image

from pnp.render.svg import render_svg_page
from tests.render.kits import deck_kit, document
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
