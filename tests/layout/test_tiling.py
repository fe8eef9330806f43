"""Boards tiled across sheets: alignment crosses of neighbouring tiles mark the same board points."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.layout.scene import Group, Line, Text
from pnp.pipeline import layout_document, load_spec

BOARD = """\
kit: Tile test
sheets: {paper: a4, orientation: portrait, tile_overlap: 12mm}
components:
  - {type: board, name: Big, rows: 14, columns: 11, cell: 25mm}
"""


def _crosses(page) -> list[tuple[float, float]]:
    lines = [i for i in page.items if isinstance(i, Line) and abs(abs(i.x2 - i.x1) - 6) < 1e-6 and i.y1 == i.y2]
    return [((ln.x1 + ln.x2) / 2, ln.y1) for ln in lines]


def _tile_origin(page) -> tuple[float, float]:
    group = next(i for i in page.items if isinstance(i, Group) and i.label.startswith("tile"))
    assert group.clip is not None
    # page position of board point (x, y) is (x + dx, y + dy)
    return group.transform.dx, group.transform.dy


def test_neighbouring_tiles_print_their_crosses_on_the_same_board_points(tmp_path: Path):
    spec = tmp_path / "kit.yaml"
    spec.write_text(BOARD, encoding="utf-8")
    document, plan = layout_document(load_spec(spec))
    tiles = {(s.tile.column, s.tile.row): (page, s.tile) for s, page in zip(plan.sheets, document.pages,
                                                                             strict=True) if s.tile}
    assert len(tiles) == 4
    board_points: dict[tuple[int, int], set[tuple[float, float]]] = {}
    for key, (page, _tile) in tiles.items():
        dx, dy = _tile_origin(page)
        board_points[key] = {(round(x - dx, 3), round(y - dy, 3)) for x, y in _crosses(page)}
        assert board_points[key], f"tile {key} has no alignment crosses"
    assert board_points[(0, 0)] & board_points[(1, 0)]
    assert board_points[(0, 0)] & board_points[(0, 1)]
    # every cross on a seam is printed by both tiles of that seam
    right_seam = {p for p in board_points[(0, 0)] if abs(p[0] - (tiles[(1, 0)][1].x + 6)) < 1e-6}
    assert right_seam and right_seam <= board_points[(1, 0)]


def test_tiles_are_labelled_and_the_last_sheet_is_an_assembly_map(tmp_path: Path):
    spec = tmp_path / "kit.yaml"
    spec.write_text(BOARD, encoding="utf-8")
    document, _ = layout_document(load_spec(spec))
    labels = [p.label for p in document.pages]
    assert [lbl.split("· ")[-1] for lbl in labels[:4]] == ["tile A1", "tile A2", "tile B1", "tile B2"]
    assert labels[-1].endswith("assembly map")
    texts = {i.text for i in document.pages[-1].items if isinstance(i, Text)}
    assert {"A", "B", "1", "2"} <= texts  # row letters beside the map, column numbers above it


@pytest.mark.parametrize("overlap", ["0mm", "10mm", "20mm"])
def test_tiles_cover_the_whole_board(tmp_path: Path, overlap: str):
    spec = tmp_path / "kit.yaml"
    spec.write_text(BOARD.replace("12mm", overlap), encoding="utf-8")
    _, plan = layout_document(load_spec(spec))
    tiles = [s.tile for s in plan.sheets if s.tile]
    assert max(t.x + t.w for t in tiles) == pytest.approx(275)
    assert max(t.y + t.h for t in tiles) == pytest.approx(350)
