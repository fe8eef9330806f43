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


HUGE = "kit: Hex bomb\ncomponents:\n  - type: board\n    name: B\n    grid: hex\n    rows: 500\n    columns: 500\n" \
       "    cell: 1mm\n"
"""A 500 x 500 hex board of 1 mm cells: 250,000 hexagons (20 s and 1 GB as SVG and PNG before cells counted)."""


def test_a_board_over_the_piece_cap_is_refused_at_its_rows_before_it_is_drawn(tmp_kit, tmp_path: Path, run_pnp):
    spec = tmp_kit(HUGE)
    result = run_pnp("render", spec, "-o", tmp_path / "out", "--format", "pdf,svg,png")
    assert result.exit_code == 1 and "Traceback" not in result.output
    said = result.stderr
    assert f"{spec}:6:11: error [limits.pieces] board 'B' has 500 x 500 = 250,000 cells, over the cap of 5,000" in said
    assert "--max-pieces" in said and not (tmp_path / "out").exists()
    [error] = _errors(run_pnp, spec)
    assert (error["rule"], error["line"]) == ("limits.pieces", 6)


def test_each_cell_of_a_board_counts_as_a_piece(tmp_kit, tmp_path: Path, run_pnp):
    """At N cells a board renders; at N + 1 it is refused at its rows; with cards, the kit's pieces are the
    cards plus the cells."""
    spec = _spec(tmp_kit, rows=10, columns=12, cell="5mm")
    assert run_pnp("render", spec, "-o", tmp_path / "ok", "--max-pieces", "120").exit_code == 0
    result = run_pnp("validate", spec, "--max-pieces", "119", "--format", "json")
    [error] = json.loads(result.stdout)
    assert (error["rule"], error["line"]) == ("limits.pieces", 5) and "120 cells" in error["message"]
    cards = "  - type: deck\n    name: D\n    cards:\n      - {name: C, count: 3}\n"
    mixed = tmp_kit(BOARD.format(rows=10, columns=12, cell="5mm", extra="    grid: hex\n" + cards))
    assert run_pnp("validate", mixed, "--max-pieces", "123").exit_code == 0
    result = run_pnp("validate", mixed, "--max-pieces", "122", "--format", "json")
    [error] = json.loads(result.stdout)
    assert error["rule"] == "limits.pieces" and "123 pieces (each cell of a board counts" in error["message"]


@pytest.mark.parametrize("example", ["showcase", "tiled-board"])
def test_the_example_boards_are_well_under_the_piece_cap(example: str):
    from pnp.source.files import MAX_PIECES

    job = print_job(load_spec(Path(__file__).resolve().parents[3] / "examples" / example / "kit.yaml"))
    cells = sum(p.counts for g in job.groups if g.kind == "board" for p in g.pieces)
    assert 50 < cells < MAX_PIECES // 10
