"""Tile pages draw only the part of a board they show, and look exactly as if they drew all of it."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image as PILImage
from pypdf import PdfReader

from pnp.layout.compose import compose
from pnp.layout.imposition import choose_plan
from pnp.layout.pieces import Piece, PieceGroup, PrintJob
from pnp.layout.scene import Document, Ellipse, Group, Item, Line, Page, Polygon, Rect, Style, Text, Transform
from pnp.model.sheets import SheetSettings
from pnp.render.pdf import render_pdf

W, H, CELL = 300.0, 400.0, 25.0
SETTINGS = SheetSettings(paper="a4", orientation="portrait", tile_overlap=10)


def _probes(edge: float, start: float, vertical: bool) -> list[Item]:
    """Items whose geometry lies just outside a tile edge (board x = `edge` when `vertical`, else y = `edge`)
    from `start` along it, but whose paint reaches across it: a thick stroke, a sharp miter, turned text, an
    ellipse's stroke, a turned and scaled group."""
    def at(a: float, b: float) -> tuple[float, float]:  # a across the edge (+ is outside), b along it
        return (edge + a, start + b) if vertical else (start + b, edge + a)

    thick = Style(stroke="#aa2200", stroke_width=3.0)
    return [
        Line(*at(1.2, 10), *at(1.2, 40), thick),  # stroke reaches 0.3 mm across
        Polygon((at(0.8, 50), at(12, 48.65), at(12, 51.35)), Style(fill="#ffcc00", stroke="#003399",
                                                                  stroke_width=1.0)),  # miter 8.3 x 0.5 mm
        Text(*at(2.0, 70), "Wg", 8.0, "sans-bold", "#116611", rotate=-90 if vertical else 0),  # ascent
        Text(*at(6.0, 90), "turned", 5.0, "sans", "#661166", rotate=160 if vertical else -110),  # runs back
        Ellipse(*at(6.5, 110), 5.0, 5.0, Style(stroke="#333333", stroke_width=3.0)),
        Group((Rect(3, -2, 8, 4, Style(fill="#0088aa")),), Transform(*at(12, 130), rotate=150, scale=1.5),
              clip=Rect(-20, -20, 40, 40, Style())),
    ]


def _board(tiles) -> tuple[Item, ...]:
    items: list[Item] = [Rect(0, 0, W, H, Style(fill="#eef3ea", stroke=None))]
    for row in range(int(H // CELL)):
        for column in range(int(W // CELL)):
            x, y = column * CELL, row * CELL
            if (row + column) % 2:
                items.append(Rect(x, y, CELL, CELL, Style(fill="#c9d8c0", stroke=None)))
            items.append(Text(x + CELL / 2, y + CELL * 0.6, f"{row}.{column}", 6.0, "sans", anchor="middle"))
    items += [Line(i * CELL, 0, i * CELL, H, Style(stroke="#445544", stroke_width=0.4)) for i in range(13)]
    for t in tiles:  # probes just right of the left tiles' right edge and below the top tiles' bottom edge
        if t.column == 0:
            items += _probes(t.x + t.w, t.y + 20, vertical=True)
        if t.row == 0:
            items += _probes(t.y + t.h, t.x + 20, vertical=False)
    return tuple(items)


def _job_and_plan():
    tiles_only = choose_plan((PieceGroup("Board", (Piece(W, H, ()),), crop_marks=False, tile=True),), SETTINGS)
    tiles = [s.tile for s in tiles_only.sheets if s.tile is not None]
    piece = Piece(W, H, _board(tiles), name="Board")
    job = PrintJob("Culling", "", (PieceGroup("Board", (piece,), crop_marks=False, tile=True),), SETTINGS)
    return job, choose_plan(job.groups, SETTINGS), piece


def _with_board(page: Page, children: tuple[Item, ...]) -> Page:
    tile = page.items[0]
    assert isinstance(tile, Group) and tile.label.startswith("tile")
    return Page(page.width, page.height, (Group(children, tile.transform, tile.clip, tile.label),
                                          *page.items[1:]), page.label)


def _pixels(pages: list[Page], folder: Path, name: str) -> list[bytes]:
    pdf = folder / f"{name}.pdf"
    pdf.write_bytes(render_pdf(Document(name, tuple(pages))))
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(pdf), str(folder / name)], check=True)
    return [PILImage.open(p).convert("RGB").tobytes() for p in sorted(folder.glob(f"{name}-*.png"))]


def _tile_pages(document: Document) -> list[Page]:
    return [p for p in document.pages if "tile" in p.label]


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (poppler-utils)")
def test_a_culled_tile_page_renders_pixel_for_pixel_like_the_whole_board_under_its_clip(tmp_path: Path):
    job, plan, piece = _job_and_plan()
    pages = _tile_pages(compose(job, plan, SETTINGS))
    assert len(pages) == 4
    for page in pages:  # each tile page draws only part of the board
        assert len(page.items[0].children) < len(piece.front)
    whole = [_with_board(page, piece.front) for page in pages]
    assert _pixels(pages, tmp_path, "culled") == _pixels(whole, tmp_path, "whole")
    # the probes show on the pages: dropping them would be seen
    plain = tuple(i for i in piece.front if not isinstance(i, (Polygon, Ellipse, Group))
                  and not (isinstance(i, Line) and i.style.stroke_width == 3.0)
                  and not (isinstance(i, Text) and i.text in ("Wg", "turned")))
    without = [_with_board(page, plain) for page in pages]
    assert _pixels(without, tmp_path, "without") != _pixels(whole, tmp_path, "whole2")


def test_a_tile_page_of_the_pdf_holds_only_the_labels_near_it():
    job, plan, _ = _job_and_plan()
    document = compose(job, plan, SETTINGS)
    reader = PdfReader(io.BytesIO(render_pdf(document)))
    first = reader.pages[0].extract_text()
    assert "0.0" in first and "15.11" not in first  # cell (row 15, column 11) is on the last tile only
    last_tile = reader.pages[len(_tile_pages(document)) - 1].extract_text()
    assert "15.11" in last_tile
