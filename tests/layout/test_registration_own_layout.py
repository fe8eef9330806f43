"""Components laid out by their own code honour a cutting machine's registration keep-out (issue 32 point 5): a
tuck box sits outside the Silhouette keep-out and a box too big for what it leaves is an error naming it; a Nitro
track's page-sized map is drawn for the keep-out's area; `layout.too_big` names crop marks only when they print;
an overlap strip too short for its "glue under tile" label prints none."""

from __future__ import annotations

import json
from pathlib import Path

from pnp.layout.imposition import _too_big
from pnp.layout.paper import Area, get_paper
from pnp.layout.pieces import Piece, PieceGroup
from pnp.layout.scene import Text
from pnp.model.sheets import SheetSettings
from pnp.pipeline import Build, layout_document, load_spec
from pnp.text.fonts import text_width_mm

MM_PER_PT = 25.4 / 72
A4_W, A4_H = 210.0, 297.0


def _keep_out(w: float, h: float) -> list[tuple[float, float, float, float]]:
    """The Silhouette Type 1 keep-outs on a w x h mm page: a 20 mm square at each mark's corner (inset 10 mm),
    out to the page edges."""
    return [(0.0, 0.0, 30.0, 30.0), (w - 30, 0.0, w, 30.0), (0.0, h - 30, 30.0, h)]


KEEP_OUT = _keep_out(A4_W, A4_H)

BOX = """\
kit: Boxes
sheets: {{paper: a4{extra}}}
components:
  - type: deck
    name: Heroes
    cards: [{{name: Knight, count: {count}}}]
  - type: tuckbox
    deck: Heroes
    card_thickness: 0.5mm
    front: {{fill: "#223366"}}
"""


def _box(tmp_path: Path, count: int, extra: str = ", registration: silhouette") -> Path:
    spec = tmp_path / "kit.yaml"
    spec.write_text(BOX.format(count=count, extra=extra), encoding="utf-8")
    return spec


def _overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def test_a_tuck_box_with_silhouette_marks_prints_outside_their_keep_out(run_pnp, tmp_path: Path) -> None:
    spec = _box(tmp_path, 40)
    result = run_pnp("render", spec, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    build = Build(spec)
    w, h = build.plan.paper.width, build.plan.paper.height
    [(sheet, placement)] = [(s, p) for s in build.plan.sheets for p in s.placements
                            if build.job.groups[p.group].kind == "tuckbox"]
    piece = build.job.groups[placement.group].pieces[placement.piece]
    left, top, right, bottom = placement.bleeds
    box = (placement.x - left, placement.y - top, placement.x + piece.width + right,
           placement.y + piece.height + bottom)
    assert sorted((w, h)) == [A4_W, A4_H] and sheet.back_of is None
    assert (round(piece.width), round(piece.height)) == (180, 151), box
    assert not [zone for zone in _keep_out(w, h) if _overlaps(box, zone)], box
    assert box[0] >= 10 and box[2] <= w - 10 and box[1] >= 10 and box[3] <= h - 10, box  # inside the marks


def test_a_tuck_box_the_keep_out_leaves_no_room_for_is_an_error_naming_the_keep_out(run_pnp, tmp_path: Path) -> None:
    # 74 cards at 0.5 mm: a 214 x 185 mm box, which fits A4 landscape's 287 x 188 mm printable area but none of
    # the areas the Silhouette keep-outs leave (at most 181 mm high that way round)
    spec = _box(tmp_path, 74)
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1, result.output
    [error] = json.loads(result.stdout)
    assert error["rule"] == "tuckbox.too_big", error
    assert "silhouette registration marks' keep-out" in error["message"], error
    assert "at most 70 cards fit" in error["message"] and "sheets.registration: none" in error["hint"], error
    assert run_pnp("validate", _box(tmp_path, 74, extra="")).exit_code == 0  # without marks it fits
    result = run_pnp("render", _box(tmp_path, 74, extra=""), "-o", tmp_path / "out", "--registration", "silhouette")
    assert result.exit_code == 1 and "tuckbox.too_big" in result.output + result.stderr  # asked on the command line


NITRO = """\
game: nitro-dice
race: {laps: 2}
players: 4
sections: [start_finish, straight, turn_a, turn_a, turn_b, straight, straight, turn_a, turn_a, turn_b]
garage: {beside: 2}
"""


def test_a_nitro_track_map_is_drawn_for_the_area_the_registration_marks_leave(tmp_path: Path) -> None:
    spec = tmp_path / "track.yaml"
    spec.write_text(NITRO + "print: {sheets: {registration: silhouette}}\n", encoding="utf-8")
    plain = tmp_path / "plain.yaml"
    plain.write_text(NITRO, encoding="utf-8")
    cricut = Area(19.275, 31.025, A4_W - 19.275, A4_H - 31.025)  # 6.75 x 9.25 in, centred on A4
    for build, zones, inside in ((Build(spec), KEEP_OUT, Area(10, 10, A4_W - 10, A4_H - 10)),
                                 (Build(plain, registration="cricut"), [], cricut)):
        [first, *_] = build.plan.sheets
        [placement] = [p for p in first.placements if build.job.groups[p.group].kind == "map"]
        piece = build.job.groups[placement.group].pieces[placement.piece]
        box = (placement.x, placement.y, placement.x + piece.width, placement.y + piece.height)
        assert first.tile is None  # one page, never tiled
        assert piece.width > 150 and piece.height > 200, box  # still drawn to fill the page
        assert not [zone for zone in zones if _overlaps(box, zone)], box
        assert inside.x0 - 1e-6 <= box[0] and box[2] <= inside.x1 + 1e-6, box
        assert inside.y0 - 1e-6 <= box[1] and box[3] <= inside.y1 + 1e-6, box


def test_too_big_names_crop_marks_only_when_they_print() -> None:
    paper = get_paper("a4", "portrait")
    group = PieceGroup("Huge", (Piece(300, 300, ()),))
    area = Area(5, 5, 205, 280)
    without = _too_big(0, group, area, paper, SheetSettings(crop_marks=False)).diagnostics[0].message
    with_marks = _too_big(0, group, area, paper, SheetSettings(crop_marks=True)).diagnostics[0].message
    assert "crop marks" not in without and "bleed)" in without, without
    assert "and crop marks" in with_marks, with_marks


BOARD = """\
kit: Tile test
sheets: {paper: a4, orientation: portrait, tile_overlap: 12mm}
components:
  - {type: board, name: Big, rows: 14, columns: 7, cell: 29mm}
"""


def test_a_glue_label_prints_only_where_its_strip_holds_it(tmp_path: Path) -> None:
    # 203 x 406 mm on A4's 200 x 275 mm: the second column of tiles is 15 mm wide, too narrow for the 22 mm
    # "glue under tile A2" along its top strip; its 143 mm left strip holds "glue under tile B1"
    spec = tmp_path / "kit.yaml"
    spec.write_text(BOARD, encoding="utf-8")
    document, plan = layout_document(load_spec(spec))
    labels = {}
    for sheet, page in zip(plan.sheets, document.pages, strict=True):
        if sheet.tile is None:
            continue
        tile = sheet.tile
        texts = [i for i in page.items if isinstance(i, Text) and i.text.startswith("glue under")]
        labels[(tile.column, tile.row)] = sorted(t.text for t in texts)
        for text in texts:  # the rotated one runs along the tile's height, the other along its width
            room = tile.h if text.rotate else tile.w
            assert text_width_mm(text.text, text.font, text.size) <= room, (tile, text.text)
    assert labels[(1, 1)] == ["glue under tile B1"], labels
    assert labels[(0, 1)] == ["glue under tile A1"] and labels[(1, 0)] == ["glue under tile A1"], labels
