"""Boards: `grid: hex` (flat or pointy), `image:` artwork under the grid and `elements:` over it, read back from
the printed PDF; tiles draw only what falls on them."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from pnp.layout.scene import Polygon
from pnp.pipeline import load_spec, print_job

BOARD = """\
kit: Boards
components:
  - type: board
    name: Map
    rows: {rows}
    columns: {columns}
    cell: {cell}
{extra}"""


def _spec(tmp_kit, rows: int = 4, columns: int = 5, cell: str = "20mm", extra: str = "    grid: hex\n",
          files: dict | None = None) -> Path:
    return tmp_kit(BOARD.format(rows=rows, columns=columns, cell=cell, extra=extra), files)


def _hexes(spec: Path) -> tuple[tuple[float, float], list[Polygon]]:
    [group] = print_job(load_spec(spec)).groups
    [piece] = group.pieces
    return (piece.width, piece.height), [i for i in piece.front if isinstance(i, Polygon)]


def _centre(p: Polygon) -> tuple[float, float]:
    return sum(x for x, _ in p.points) / 6, sum(y for _, y in p.points) / 6


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_hexagons_tile_the_board_flat_to_flat_one_cell_apart(tmp_kit, orientation: str):
    spec = _spec(tmp_kit, extra=f"    grid: hex\n    orientation: {orientation}\n")
    (w, h), hexes = _hexes(spec)
    assert len(hexes) == 20
    radius = 20 / math.sqrt(3)
    if orientation == "pointy":  # rows of 5, every second one shifted half a cell
        assert (round(w, 3), round(h, 3)) == (110.0, round(2 * radius + 3 * 1.5 * radius, 3))
    else:  # columns of 4, every second one shifted half a cell down
        assert (round(w, 3), round(h, 3)) == (round(2 * radius + 4 * 1.5 * radius, 3), 90.0)
    centres = [_centre(p) for p in hexes]
    for p in hexes:  # flat-to-flat width is the cell
        xs, ys = [x for x, _ in p.points], [y for _, y in p.points]
        across = max(xs) - min(xs) if orientation == "pointy" else max(ys) - min(ys)
        assert round(across, 6) == 20.0
    nearest = {round(min(math.dist(a, b) for b in centres if b is not a), 6) for a in centres}
    assert nearest == {20.0}  # each hexagon touches its neighbours side to side
    assert all(-1e-9 <= x <= w + 1e-9 and -1e-9 <= y <= h + 1e-9 for p in hexes for x, y in p.points)


def test_cells_keep_row_and_column_labels_and_numbers(tmp_kit, tmp_path: Path, run_pnp):
    spec = _spec(tmp_kit, extra="    grid: hex\n    cells:\n      - {row: 3, column: 4, fill: '#ff0000', label: X}\n")
    result = run_pnp("render", spec, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        page = pdf.pages[0]
        words = {w["text"]: w for w in page.extract_words()}
        red = [c for c in page.curves
               if c["fill"] and tuple(round(v, 2) for v in c.get("non_stroking_color") or ()) == (1, 0, 0)]
    assert "X" in words and {"1", "2", "3", "4", "5"} <= set(words)
    [cell] = red
    middle = (words["X"]["x0"] + words["X"]["x1"]) / 2
    assert cell["x0"] < words["X"]["x0"] < words["X"]["x1"] < cell["x1"]
    assert abs(middle - (cell["x0"] + cell["x1"]) / 2) < 1  # the label in the middle of its hexagon


def test_a_large_hex_board_is_tiled_and_each_tile_draws_only_its_hexagons(tmp_kit, tmp_path: Path, run_pnp):
    spec = _spec(tmp_kit, rows=30, columns=30, cell="15mm")
    result = run_pnp("render", spec, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        counts = [len(page.curves) for page in pdf.pages[:-1]]  # the last page is the assembly map
        assert "Assembly map" in pdf.pages[-1].extract_text()
    assert len(counts) >= 4
    assert max(counts) < 900 / 2 and sum(counts) < 900 * 1.6  # every hexagon drawn, none on every tile


def test_artwork_prints_under_the_grid_and_elements_over_it(tmp_kit, tmp_path: Path, run_pnp):
    art = tmp_path / "art.png"
    Image.new("RGB", (800, 700), "#336633").save(art)
    extra = ("    grid: hex\n    image: art.png\n    elements:\n"
             "      - {type: text, x: 10mm, y: 30mm, text: OVERLAY, size: 6mm, colour: '#ffffff'}\n")
    spec = _spec(tmp_kit, extra=extra, files={"art.png": art.read_bytes()})
    result = run_pnp("render", spec, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        page = pdf.pages[0]
        [image] = page.images
        text = page.extract_text()
        mm = 72 / 25.4
        assert round((image["x1"] - image["x0"]) / mm, 1) == 110.0  # the whole board
    assert "OVERLAY" in text


def _errors(run_pnp, spec: Path) -> list[dict]:
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1, result.output
    return [d for d in json.loads(result.stdout) if d["severity"] == "error"]


def test_board_mistakes_are_located_errors(tmp_kit, run_pnp):
    [error] = _errors(run_pnp, _spec(tmp_kit, extra="    orientation: flat\n"))
    assert "`orientation` is for hex grids" in error["message"] and error["hint"] == \
        "add grid: hex, or remove orientation" and (error["line"], error["column"]) == (8, 18)  # at the key's value
    [error] = _errors(run_pnp, _spec(tmp_kit, extra="    grid: hex\n    cells:\n      - {row: 5, column: 1}\n"))
    assert "cell 1 (row 5, column 1) is outside the 4 x 5 grid" in error["message"] and error["line"] == 10
    assert error["hint"] == "rows go from 1 to 4, columns from 1 to 5", error
    [error] = _errors(run_pnp, _spec(tmp_kit, extra="    grid: hexagonal\n"))
    assert error["line"] == 8 and "grid" in error["message"]
    [error] = _errors(run_pnp, _spec(tmp_kit, extra="    image: missing.png\n"))
    assert (error["line"], error["column"]) == (8, 12) and "missing.png" in error["message"]
    [error] = _errors(run_pnp, _spec(tmp_kit, extra="    elements:\n      - {type: txt}\n"))
    assert error["line"] == 9


def test_a_hex_board_with_every_key_validates(tmp_kit, run_pnp, tmp_path: Path):
    art = tmp_path / "a.png"
    Image.new("RGB", (1400, 1400), "#ffffff").save(art)
    spec = _spec(tmp_kit, extra="    grid: hex\n    orientation: flat\n    image: a.png\n    elements:\n"
                                "      - {type: rect, x: 0, y: 0, width: 10mm, height: 10mm}\n",
                 files={"a.png": art.read_bytes()})
    result = run_pnp("validate", spec)
    assert result.exit_code == 0, result.output
