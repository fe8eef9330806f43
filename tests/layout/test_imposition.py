"""Imposition plans: how many pieces go on a sheet, where backs go, how boards are tiled."""

from __future__ import annotations

import pytest

from pnp.diagnostics import SpecError
from pnp.layout.duplex import back_position
from pnp.layout.imposition import CROP_ZONE, choose_plan, plan_sheets
from pnp.layout.paper import get_paper, printable_area
from pnp.layout.pieces import Piece, PieceGroup
from pnp.model.sheets import SheetSettings


def group(n: int, w: float = 63, h: float = 88, bleed: float = 0.0, backs: bool = False, tile: bool = False,
          name: str = "g") -> PieceGroup:
    piece = Piece(w, h, (), () if backs else None, bleed)
    return PieceGroup(name, (piece,) * n, tile=tile, crop_marks=not tile)


def test_nine_poker_cards_fit_on_one_a4_sheet_and_eight_on_letter():
    a4 = choose_plan((group(9),), SheetSettings(paper="a4"))
    assert a4.sheet_count == 1 and len(a4.sheets[0].placements) == 9
    # Letter is 18 mm shorter: 3 rows of 88 mm leave no room for crop marks and the scale bar
    letter = choose_plan((group(16),), SheetSettings(paper="letter"))
    assert letter.sheet_count == 2 and len(letter.sheets[0].placements) == 8


def test_every_placement_lies_inside_the_printable_area_with_room_for_crop_marks():
    settings = SheetSettings(paper="a4", margin=5)
    plan = choose_plan((group(30, bleed=0.0), group(40, 20, 20)), settings)
    area = printable_area(plan.paper, settings.margin)
    for sheet in plan.sheets:
        for block in sheet.blocks:
            assert block.x0 - CROP_ZONE >= area.x0 - 1e-6
            assert block.x1 + CROP_ZONE <= area.x1 + 1e-6
            assert block.y0 - CROP_ZONE >= area.y0 - 1e-6
            assert block.y1 + CROP_ZONE <= area.y1 + 1e-6


def test_pieces_never_overlap_on_a_sheet():
    plan = choose_plan((group(13), group(25, 20, 20), group(7, 44, 63)), SheetSettings())
    for sheet in plan.sheets:
        boxes = []
        for p in sheet.placements:
            w, h, _ = (63, 88, 0) if p.group == 0 else (20, 20, 0) if p.group == 1 else (44, 63, 0)
            boxes.append((p.x, p.y, p.x + w, p.y + h))
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] + 1e-6 or b[2] <= a[0] + 1e-6 or a[3] <= b[1] + 1e-6 or b[3] <= a[1] + 1e-6


def test_mixed_sizes_share_a_sheet_when_there_is_room():
    plan = choose_plan((group(3), group(10, 20, 20)), SheetSettings(paper="a4"))
    assert plan.sheet_count == 1
    assert {p.group for p in plan.sheets[0].placements} == {0, 1}


def test_auto_orientation_picks_the_one_with_fewer_sheets():
    # 95 x 60 mm pieces: two columns in portrait, three in landscape
    portrait = plan_sheets((group(12, 95, 60),), SheetSettings(), get_paper("a4", "portrait"))
    landscape = plan_sheets((group(12, 95, 60),), SheetSettings(), get_paper("a4", "landscape"))
    chosen = choose_plan((group(12, 95, 60),), SheetSettings())
    assert chosen.sheet_count == min(portrait.sheet_count, landscape.sheet_count)
    fixed = choose_plan((group(12, 95, 60),), SheetSettings(orientation="portrait"))
    assert not fixed.paper.landscape


def test_each_front_sheet_with_backs_is_followed_by_its_back_sheet():
    plan = choose_plan((group(20, backs=True), group(5, 20, 20)), SheetSettings())
    sheets = plan.sheets
    backs = [i for i, s in enumerate(sheets) if s.back_of is not None]
    assert backs, "backs were expected"
    for i in backs:
        assert sheets[i].back_of == i - 1
        assert sheets[i].placements == sheets[i - 1].placements
    # single-sided pieces come after every duplex pair
    assert all(s.back_of is None and not any(p.group == 0 for p in s.placements) for s in sheets[backs[-1] + 1:])


@pytest.mark.parametrize(("orientation", "duplex", "mirror"), [
    ("portrait", "long-edge", "x"), ("portrait", "short-edge", "y"),
    ("landscape", "long-edge", "y"), ("landscape", "short-edge", "x"),
])
def test_back_position_mirrors_across_the_flip_edge(orientation, duplex, mirror):
    paper = get_paper("a4", orientation)
    bx, by = back_position(paper, 10, 20, 63, 88, duplex, (0.0, 0.0))
    if mirror == "x":
        assert (bx, by) == pytest.approx((paper.width - 10 - 63, 20))
    else:
        assert (bx, by) == pytest.approx((10, paper.height - 20 - 88))


def test_back_offset_is_added_to_back_positions():
    paper = get_paper("a4")
    plain = back_position(paper, 10, 20, 63, 88, "long-edge", (0.0, 0.0))
    shifted = back_position(paper, 10, 20, 63, 88, "long-edge", (1.5, -0.5))
    assert shifted == pytest.approx((plain[0] + 1.5, plain[1] - 0.5))


def test_a_board_larger_than_the_paper_is_tiled_with_overlap_and_an_assembly_map():
    settings = SheetSettings(paper="a4", orientation="portrait", tile_overlap=10)
    plan = choose_plan((group(1, 300, 400, tile=True),), settings)
    tiles = [s.tile for s in plan.sheets if s.tile is not None]
    assert plan.sheets[-1].assembly == tuple(tiles)
    area = printable_area(plan.paper, settings.margin)
    # tiles cover the board, each fits the printable area, neighbours overlap by exactly 10 mm
    assert min(t.x for t in tiles) == 0 and min(t.y for t in tiles) == 0
    assert max(t.x + t.w for t in tiles) == pytest.approx(300)
    assert max(t.y + t.h for t in tiles) == pytest.approx(400)
    assert all(t.w <= area.width + 1e-6 and t.h <= area.height + 1e-6 for t in tiles)
    by_pos = {(t.column, t.row): t for t in tiles}
    for (c, r), t in by_pos.items():
        if (c + 1, r) in by_pos:
            assert t.x + t.w - by_pos[(c + 1, r)].x == pytest.approx(10)
        if (c, r + 1) in by_pos:
            assert t.y + t.h - by_pos[(c, r + 1)].y == pytest.approx(10)


def test_a_board_that_fits_is_not_tiled():
    plan = choose_plan((group(1, 150, 150, tile=True),), SheetSettings())
    assert plan.sheet_count == 1 and plan.sheets[0].tile is None


def test_a_piece_too_big_for_the_paper_is_a_clear_error():
    with pytest.raises(SpecError) as info:
        choose_plan((group(1, 250, 350),), SheetSettings(paper="a4"))
    assert info.value.diagnostics[0].rule == "layout.too_big"
    assert "larger paper" in info.value.diagnostics[0].hint
