"""The PDF backend sets each colour, line width and font once while it stays in force, and draws the same."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image as PILImage
from pypdf import PdfReader

from pnp.layout.scene import Document, Group, Line, Page, Rect, Style, Text, Transform
from pnp.render.pdf import render_pdf

FRAME = Style(stroke="#1f2a44", stroke_width=0.3)


def _cards(n: int) -> tuple:
    items = []
    for i in range(n):
        x, y = 10 + (i % 5) * 38, 10 + (i // 5) * 50
        items += [Rect(x, y, 35, 45, FRAME), Line(x + 2, y + 30, x + 33, y + 30, FRAME),
                  Text(x + 17.5, y + 20, f"Card {i}", 4.0, "sans-bold", anchor="middle")]
    return tuple(items)


def _content(pdf: bytes) -> str:
    return PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode("latin-1")


def test_cards_of_one_style_set_their_colours_once_and_save_no_state_per_item():
    pdf = render_pdf(Document("State", (Page(210, 297, _cards(25)),)))
    content = _content(pdf)
    assert len(re.findall(r"\bRG\b", content)) == 1  # one stroke colour for 25 frames and rules
    assert len(re.findall(r"\bw\b", content)) == 1
    assert len(re.findall(r"(?m)^q\b|\sq\s", content)) <= 2  # the page's own state, not one per item
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        words = {w["text"] for w in page.extract_words()}
        assert {"Card", "0", "24"} <= words
        assert len(page.rects) == 25 and all(abs(r["linewidth"] - 0.3 * 72 / 25.4) < 1e-3 for r in page.rects)


def _page_image(items: tuple, tmp_path: Path) -> PILImage.Image:
    """An A4 page of `items`, printed to PDF and read back at 30 dpi."""
    pdf = tmp_path / "t.pdf"
    pdf.write_bytes(render_pdf(Document("Alpha", (Page(210, 297, items),))))
    subprocess.run(["pdftoppm", "-r", "30", "-png", "-singlefile", str(pdf), str(tmp_path / "t")], check=True)
    return PILImage.open(tmp_path / "t.png")


def _grey_at(items: tuple, tmp_path: Path) -> Callable[[float, float], int]:
    """The grey level of the printed page of `items` at a point given in mm."""
    image = _page_image(items, tmp_path).convert("L")
    px = 30 / 25.4
    return lambda x, y: image.getpixel((round(x * px), round(y * px)))


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (poppler-utils)")
def test_text_after_a_translucent_shape_in_a_group_is_opaque_and_in_its_place(tmp_path: Path):
    tint = Style(fill="#000000", stroke=None, opacity=0.2)
    items = (Group((Rect(0, 0, 80, 80, tint),), Transform(10, 10)), Rect(100, 10, 80, 80, tint),
             Text(20, 150, "\u2588", 40.0, "sans", "#000000"),
             Text(150, 200, "\u2588", 40.0, "sans", "#000000", anchor="end", rotate=90))
    at = _grey_at(items, tmp_path)

    assert 180 < at(50, 50) < 230 and 180 < at(140, 50) < 230  # 20 % black on white
    assert at(30, 140) < 10  # the full block of the first text is black, not tinted
    # turned 90 degrees clockwise about (150, 200) and ending there: it runs down to the point, its top to the right
    assert at(165, 185) < 10 and at(130, 185) > 245 and at(165, 215) > 245


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (poppler-utils)")
def test_translucent_shapes_of_different_colours_in_a_row_stay_translucent(tmp_path: Path):
    """Setting the next shape's colour must not make it opaque when its opacity is the one already in force."""
    items = (Rect(10, 10, 80, 80, Style(fill="#000000", stroke=None, opacity=0.2)),
             Rect(100, 10, 80, 80, Style(fill="#0000ff", stroke=None, opacity=0.2)),
             Rect(10, 100, 80, 80, Style(fill="#ff0000", stroke=None, opacity=0.2)))
    image = _page_image(items, tmp_path).convert("RGB")
    px = 30 / 25.4
    grey, blue, red = (image.getpixel((round(x * px), round(y * px))) for x, y in ((50, 50), (140, 50), (50, 140)))
    assert all(180 < c < 230 for c in grey)
    assert blue[2] > 245 and 180 < blue[0] < 230  # 20 % blue on white, not solid blue
    assert red[0] > 245 and 180 < red[1] < 230


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (poppler-utils)")
def test_groups_in_groups_restore_opacity_and_origin_after_a_translucent_shape(tmp_path: Path):
    """Card groups save their state only when something in them changes it: a translucent shape two groups deep
    leaves the opaque shapes after it, in its outer group and on the page, solid and where they belong."""
    tint, solid = Style(fill="#000000", stroke=None, opacity=0.2), Style(fill="#000000", stroke=None)
    inner = Group((Rect(0, 0, 40, 40, tint),), Transform(10, 10))
    outer = Group((inner, Rect(0, 60, 40, 40, solid)), Transform(20, 20))
    after = Group((Rect(0, 0, 40, 40, solid),), Transform(120, 20))
    items = (outer, after, Rect(120, 200, 40, 40, solid))
    at = _grey_at(items, tmp_path)

    assert 180 < at(50, 50) < 230  # the tint, at (30, 30) to (70, 70)
    assert at(40, 100) < 10 and at(40, 75) > 245  # the outer group's solid square at (20, 80), not moved by the inner
    assert at(140, 40) < 10 and at(140, 220) < 10  # after the groups: solid, in place
    assert at(100, 150) > 245
