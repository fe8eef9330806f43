"""Layout cases that once went wrong: packing that could not advance, huge tile overlaps, duplex none,
rotated text blocks, out-of-range radii, problems only the layout can see."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.diagnostics import SpecError
from pnp.layout.imposition import LayoutError, choose_plan
from pnp.layout.scene import Group, Text
from pnp.model.sheets import SheetSettings
from pnp.pipeline import layout_document, load_spec
from tests.layout.test_imposition import group


def _spec(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "kit.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_tall_piece_after_a_short_shelf_goes_below_instead_of_looping():
    groups = (group(3, name="A"), group(1, name="B"), group(1, 50, 200, name="C"))
    plan = choose_plan(groups, SheetSettings(orientation="portrait", crop_marks=False, gutter=3))
    placed = sorted((p.group, p.piece) for s in plan.sheets for p in s.placements)
    assert placed == [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)]
    assert all(b.x1 > b.x0 and b.y1 > b.y0 for s in plan.sheets for b in s.blocks)


def test_a_tile_overlap_over_50_mm_is_refused_where_it_is_written(tmp_path: Path):
    spec = _spec(tmp_path, "kit: T\nsheets: {tile_overlap: 60mm}\n"
                           "components:\n  - {type: board, name: B, rows: 30, columns: 30, cell: 20mm}\n")
    with pytest.raises(SpecError) as info:
        load_spec(spec)
    d = info.value.diagnostics[0]
    assert d.line == 2 and "tile_overlap" in d.message


def test_the_layout_refuses_an_overlap_that_leaves_no_room_for_the_board():
    settings = SheetSettings().model_copy(update={"tile_overlap": 150.0})
    with pytest.raises(LayoutError) as info:
        choose_plan((group(1, 600, 600, tile=True), ), settings)
    assert info.value.group == 0 and info.value.diagnostics[0].rule == "layout.tile_overlap"


def test_duplex_none_prints_no_back_sheets(tmp_path: Path):
    text = ("kit: T\nsheets: {duplex: none}\ncomponents:\n  - {type: deck, name: D, back: {fill: navy}, "
            "cards: [{name: a, count: 12}]}\n")
    _, plan = layout_document(load_spec(_spec(tmp_path, text)))
    assert plan.sheet_count == 2 and all(s.back_of is None for s in plan.sheets)


def test_rotated_text_turns_as_one_block(tmp_path: Path):
    text = ("kit: T\ncomponents:\n  - type: deck\n    name: D\n    cards:\n      - elements:\n"
            "          - {type: text, text: one two three four five six, x: 10mm, y: 20mm, width: 20mm, "
            "rotate: 90}\n")
    document, _ = layout_document(load_spec(_spec(tmp_path, text)))

    def find(items):
        for item in items:
            if isinstance(item, Group):
                if item.transform.rotate == 90:
                    return item
                found = find(item.children)
                if found:
                    return found
        return None

    block = find(document.pages[0].items)
    assert block is not None and (block.transform.dx, block.transform.dy) == (10, 20)
    lines = [t for t in block.children if isinstance(t, Text)]
    assert len(lines) >= 2 and all(t.rotate == 0 for t in lines)
    assert len({t.x for t in lines}) == 1 and all(b.y > a.y for a, b in itertools.pairwise(lines))


def test_a_rect_radius_over_half_its_side_is_refused(tmp_path: Path):
    text = ("kit: T\ncomponents:\n  - type: deck\n    name: D\n    cards:\n      - elements:\n"
            "          - {type: rect, width: 10mm, height: 10mm, radius: 30mm}\n")
    with pytest.raises(SpecError) as info:
        load_spec(_spec(tmp_path, text))
    assert info.value.diagnostics[0].line == 7 and "radius" in info.value.diagnostics[0].message


@pytest.mark.parametrize(("body", "rule", "line"), [
    ("  - {type: deck, name: Huge, size: {width: 300mm, height: 300mm}, cards: [{name: a}]}\n",
     "layout.too_big", 3),
    ("  - type: deck\n    name: D\n    cards:\n      - elements: [{type: image, src: missing.png}]\n",
     "spec.image", 6),
    ("  - type: deck\n    name: D\n    cards:\n      - elements: [{type: text, text: '{{ card.nope }}'}]\n",
     "template", 6),
])
def test_validate_reports_what_only_rendering_would_find(tmp_path: Path, body: str, rule: str, line: int):
    result = CliRunner().invoke(main, ["validate", str(_spec(tmp_path, "kit: T\ncomponents:\n" + body))])
    assert result.exit_code == 1
    assert f":{line}:" in result.stderr and f"[{rule}]" in result.stderr, result.stderr


def test_an_unknown_language_is_a_usage_error(tmp_path: Path):
    spec = _spec(tmp_path, "kit: T\ncomponents:\n  - {type: deck, name: D, cards: [{name: a}]}\n")
    result = CliRunner().invoke(main, ["render", str(spec), "-o", str(tmp_path / "o"), "--lang", "xx"])
    assert result.exit_code == 2 and "no translations" in result.output


def test_tiles_leave_no_gap_between_neighbours(tmp_path: Path):
    spec = _spec(tmp_path, "kit: T\nsheets: {orientation: portrait}\n"
                           "components:\n  - {type: board, name: B, rows: 23, columns: 17, cell: 21mm}\n")
    _, plan = layout_document(load_spec(spec))
    tiles = [s.tile for s in plan.sheets if s.tile]
    columns = sorted({(t.x, t.w) for t in tiles})
    rows = sorted({(t.y, t.h) for t in tiles})
    for (x0, w0), (x1, _) in itertools.pairwise(columns):
        assert math.isclose(x0 + w0 - x1, 10.0)  # each next column starts one overlap before the end
    for (y0, h0), (y1, _) in itertools.pairwise(rows):
        assert math.isclose(y0 + h0 - y1, 10.0)
    assert math.isclose(columns[-1][0] + columns[-1][1], 17 * 21)
    assert math.isclose(rows[-1][0] + rows[-1][1], 23 * 21)
