"""Read the produced PDF back and measure it: trim sizes, page sizes, duplex registration, fonts."""

from __future__ import annotations

import io
import itertools
from collections import Counter

import pdfplumber
import pytest
from pypdf import PdfReader

from pnp.layout.paper import FOOTER_MM
from pnp.render.pdf import render_pdf
from tests.render.kits import MM_PER_PT, deck_kit, document

TOL = 0.05


def _pdf(tmp_path, **kw) -> bytes:
    return render_pdf(document(deck_kit(tmp_path, **kw)))


def _crop_lines(page) -> tuple[list[float], list[float]]:
    """x positions of vertical crop marks and y positions of horizontal ones (mm, from the top-left): the lines
    above the footer (the scale bar's ticks are lines too); the cards of these kits draw none."""
    footer_top = page.height * MM_PER_PT - 5 - FOOTER_MM
    xs, ys = [], []
    for line in page.lines:
        if line["bottom"] * MM_PER_PT > footer_top + 1e-6:
            continue
        if abs(line["x1"] - line["x0"]) < 1e-3:
            xs.append(line["x0"] * MM_PER_PT)
        else:
            ys.append(line["top"] * MM_PER_PT)
    return sorted(set(round(x, 4) for x in xs)), sorted(set(round(y, 4) for y in ys))


@pytest.mark.parametrize(("size", "w", "h"), [("poker", 63, 88), ("bridge", 57, 89), ("mini", 44, 63),
                                              ("tarot", 70, 120)])
@pytest.mark.parametrize(("bleed", "gutter"), [("0mm", "0mm"), ("3mm", "0mm"), ("0mm", "4mm"), ("2mm", "3mm")])
def test_crop_marks_delimit_cards_of_the_exact_trim_size(tmp_path, size, w, h, bleed, gutter):
    pdf = _pdf(tmp_path, size=size, bleed=bleed, count=4, gutter=gutter)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        xs, ys = _crop_lines(doc.pages[0])
    # between neighbouring trim lines: a card, or the gutter two cards share: the gutter asked, widened up to
    # 2 x bleed where the sheet has room
    b, g = float(bleed[:-2]), float(gutter[:-2])
    widths = [b - a for a, b in itertools.pairwise(xs)]
    heights = [b - a for a, b in itertools.pairwise(ys)]
    cards_across = [d for d in widths if abs(d - w) <= TOL]
    cards_down = [d for d in heights if abs(d - h) <= TOL]
    assert cards_across and cards_down, (widths, heights)
    for d in widths + heights:
        assert abs(d - w) <= TOL or abs(d - h) <= TOL or g - TOL <= d <= max(g, 2 * b) + TOL, (widths, heights)
    across = sum(1 for d in widths if abs(d - w) <= TOL)
    down = sum(1 for d in heights if abs(d - h) <= TOL)
    assert across * down >= 4 or (max(g, 2 * b) == 0 and across * down >= 2)


@pytest.mark.parametrize(("paper", "w", "h"), [("a4", 210, 297), ("letter", 215.9, 279.4), ("a3", 297, 420)])
def test_page_size_is_exact(tmp_path, paper, w, h):
    reader = PdfReader(io.BytesIO(_pdf(tmp_path, paper=paper, orientation="portrait")))
    box = reader.pages[0].mediabox
    assert float(box.width) * MM_PER_PT == pytest.approx(w, abs=TOL)
    assert float(box.height) * MM_PER_PT == pytest.approx(h, abs=TOL)


def _fill_rects(page, colour: tuple[float, float, float]) -> list[tuple[float, float, float, float]]:
    out = []
    for r in page.rects:
        fill = r.get("non_stroking_color")
        if r.get("fill") and fill is not None and len(fill) == 3 and all(
                abs(a - b) < 0.01 for a, b in zip(fill, colour, strict=True)):
            out.append(tuple(round(v * MM_PER_PT, 3) for v in (r["x0"], r["top"], r["x1"], r["bottom"])))
    return sorted(out)


FRONT = (1.0, 0xEE / 255, 0xEE / 255)
BACK = (0x22 / 255, 0x33 / 255, 0xAA / 255)


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_each_back_lands_behind_its_front(tmp_path, duplex, orientation):
    pdf = _pdf(tmp_path, duplex=duplex, orientation=orientation, count=5)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        front, back = doc.pages[0], doc.pages[1]
        width, height = float(front.width) * MM_PER_PT, float(front.height) * MM_PER_PT
        fronts = _fill_rects(front, FRONT)
        backs = _fill_rects(back, BACK)
    assert len(fronts) == len(backs) == 5
    long_is_vertical = height > width
    mirror_x = (duplex == "long-edge") == long_is_vertical
    # flip the back sheet over the chosen edge: each back must cover exactly its front
    flipped = sorted(
        (round(width - x1, 3), y0, round(width - x0, 3), y1) if mirror_x else (x0, round(height - y1, 3), x1,
                                                                              round(height - y0, 3))
        for x0, y0, x1, y1 in backs)
    for f, b in zip(fronts, flipped, strict=True):
        assert f == pytest.approx(b, abs=TOL)


def test_fonts_are_embedded_as_subsets(tmp_path):
    reader = PdfReader(io.BytesIO(_pdf(tmp_path)))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert fonts
    for ref in fonts.values():
        font = ref.get_object()
        name = str(font["/BaseFont"])
        assert "+" in name, f"{name} is not a subset"
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        descriptor = descendant["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, f"{name} is not embedded"


def test_the_same_spec_renders_byte_identical_pdfs(tmp_path):
    assert _pdf(tmp_path) == _pdf(tmp_path)


def test_scale_bar_is_50_mm_on_a4_and_2_in_on_letter(tmp_path):
    for paper, expected in (("a4", 50.0), ("letter", 50.8)):
        pdf = _pdf(tmp_path, paper=paper)
        with pdfplumber.open(io.BytesIO(pdf)) as doc:
            page = doc.pages[0]
            outlined = [r for r in page.rects if r.get("stroke") and not r.get("fill")]
            widths = Counter(round((r["x1"] - r["x0"]) * MM_PER_PT, 2) for r in outlined)
            text = page.extract_text()
        assert widths[expected] >= 1, widths
        assert "print at 100% / actual size" in text
        assert "test credit line" in text and "Geometry test" in text and "sheet 1 of" in text


def test_card_text_is_printed_literally(tmp_path):
    with pdfplumber.open(io.BytesIO(_pdf(tmp_path))) as doc:
        assert "Card <b>&amp;" in doc.pages[0].extract_text()


def test_renders_are_byte_identical_across_processes(tmp_path):
    import os
    import subprocess
    import sys

    spec = deck_kit(tmp_path, count=5)
    outputs = []
    for seed in ("1", "2"):
        out = tmp_path / f"out{seed}"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-m", "pnp.cli", "render", str(spec), "-o", str(out), "--format", "pdf,svg"],
                       check=True, env=env, capture_output=True)
        outputs.append({p.name: p.read_bytes() for p in sorted(out.iterdir())})
    assert outputs[0] == outputs[1]
    assert any(name.endswith(".svg") for name in outputs[0])
