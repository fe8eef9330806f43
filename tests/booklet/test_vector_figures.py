"""A kit's figures (pieces) are drawn into the rulebook as vector graphics, to the size a figure file would get."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image as PilImage
from pypdf import PdfReader

from pnp.booklet import render_rulebook
from pnp.booklet.request import RulebookRequest, render_kit_rulebook
from pnp.diagnostics import Mark
from pnp.layout.pieces import Piece
from pnp.layout.scene import Group, Image, Rect, Style, Text, Transform
from pnp.pipeline import load_spec
from pnp.source.images import check_image
from pnp.units import PT_PER_MM

RED = "#c81e1e"


def _red_rects(pdf: bytes) -> list[dict]:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [r for page in doc.pages for r in page.rects
                if r["non_stroking_color"] and [round(c, 2) for c in r["non_stroking_color"]] == [0.78, 0.12, 0.12]]


def _images(pdf: bytes) -> int:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return sum(len(page.images) for page in doc.pages)


def test_a_piece_figure_is_vector_and_as_wide_as_the_frame(write_book):
    piece = Piece(40.0, 20.0, (Rect(0, 0, 40, 20, Style(fill=RED, stroke=None)), Text(2, 10, "Hi", 5.0)))
    source = write_book("# T\n\n## S\n\n![Red box](figure:box)\n")
    pdf = render_rulebook(source, figures={"box": piece}, strict=True).pdf
    assert _images(pdf) == 0
    (rect,) = _red_rects(pdf)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[1]
        frame = max(w["x1"] for w in page.extract_words()) - min(w["x0"] for w in page.extract_words())
    # the figure (piece plus 1 mm margin each side) spans the frame, so the red box is 40/42 of it
    scale = rect["width"] / (40 * PT_PER_MM)
    assert rect["width"] / rect["height"] == pytest.approx(2.0, rel=1e-3)
    assert scale * 42 * PT_PER_MM >= frame * 0.9
    assert "Hi" in "".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages)


def test_a_piece_with_a_raster_image_still_embeds_the_image(write_book, tmp_path: Path):
    picture = tmp_path / "p.png"
    PilImage.new("RGB", (30, 30), (10, 200, 10)).save(picture)
    info = check_image(tmp_path, tmp_path, "p.png", Mark("kit.yaml", 1, 1))  # as the kit's plugin does
    piece = Piece(30.0, 30.0, (Group((Image(0, 0, 30, 30, info.path, info.key),), Transform(0, 0)),))
    source = write_book("# T\n\n## S\n\n![Photo](figure:photo)\n")
    request = RulebookRequest(source, {}, {"photo": piece})
    pdf = render_kit_rulebook(request, None, "a4", "pages", strict=True).pdf
    assert _images(pdf) == 1


def test_the_classic_mdd_rulebook_has_no_raster_figures_and_one_copy_of_each_font():
    loaded = load_spec(Path("examples/mdd-classic/kit.yaml"))
    pdf = render_kit_rulebook(loaded.plugin.rulebook(loaded.spec), None, "a4", "pages").pdf
    assert _images(pdf) == 0
    reader = PdfReader(io.BytesIO(pdf))
    fonts: list[str] = []
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            fonts.append((font.get_object()["/BaseFont"], font.indirect_reference.idnum))
    by_name: dict[str, set[int]] = {}
    for name, number in fonts:
        by_name.setdefault(name, set()).add(number)
    assert by_name and all(len(numbers) == 1 for numbers in by_name.values())


def test_a_figure_can_cap_its_height_as_a_share_of_the_frame(write_book):
    tall = Piece(20.0, 200.0, (Rect(0, 0, 20, 200, Style(fill=RED, stroke=None)),))
    heights = []
    for title in ("", ' "20%"'):
        source = write_book(f"# T\n\n## S\n\n![](figure:tall{title})\n")
        (rect,) = _red_rects(render_rulebook(source, figures={"tall": tall}, strict=True).pdf)
        heights.append(rect["height"])
    # the default is 60 % of the frame's height, the title asks for 20 %
    assert heights[1] == pytest.approx(heights[0] / 3, rel=0.02)


def test_a_booklet_keeps_the_transparency_its_figures_use(write_book):
    faded = Piece(40.0, 20.0, (Rect(0, 0, 40, 20, Style(fill=RED, stroke=None, opacity=0.4)),))
    source = write_book("# T\n\n## S\n\n![Faded](figure:faded)\n")
    pdf = render_rulebook(source, figures={"faded": faded}, imposition="booklet", strict=True).pdf
    used = defined = 0
    for sheet in PdfReader(io.BytesIO(pdf)).pages:
        for form in sheet["/Resources"]["/XObject"].values():
            form = form.get_object()
            names = set(re.findall(rb"/(\w+) gs", form.get_data()))
            states = form.get("/Resources", {}).get("/ExtGState", {})
            used += len(names)
            defined += sum(f"/{name.decode()}" in states for name in names)
    assert used and defined == used  # every graphics state a page draws with is in its resources
