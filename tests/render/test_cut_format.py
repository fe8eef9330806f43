"""`--format cut`: an SVG and a DXF of each front sheet for cutting machines, the sheet's paper size in mm, each
piece's cut path where the sheets print its trim (rounded cards, round and hex counters, a tuck box's own cut
edges with its folds on their own layer, a tiled board's tiles), read back with an XML parser and with ezdxf."""

from __future__ import annotations

import math
import re
from pathlib import Path
from xml.etree.ElementTree import Element

import ezdxf
import pdfplumber
import pytest
from defusedxml import ElementTree

from pnp.layout.imposition import Plan
from pnp.pipeline import Build

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SHOWCASE = EXAMPLES / "showcase" / "kit.yaml"
COUNTERS = EXAMPLES / "counter-sheet" / "kit.yaml"
TILED = EXAMPLES / "tiled-board" / "kit.yaml"
SVG = "{http://www.w3.org/2000/svg}"
MM_PER_PT = 25.4 / 72
CLOSE = 0.01
"""How near a cut path lies to where the sheets print the trim (mm): the files' precision."""


def _render(run_pnp, spec: Path, out: Path, formats: str = "cut") -> list[str]:
    result = run_pnp("render", spec, "--format", formats, "-o", out)
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def _front_sheets(plan: Plan) -> list[int]:
    return [i for i, s in enumerate(plan.sheets) if s.back_of is None and s.blank_of is None and not s.assembly]


def _cut_file(out: Path, index: int, suffix: str) -> Path:
    [path] = out.glob(f"*-cut-p{index + 1:02d}.{suffix}")
    return path


def _layers(path: Path) -> tuple[Element, dict[str, Element]]:
    root = ElementTree.parse(path).getroot()
    return root, {g.get("id", ""): g for g in root.iter(f"{SVG}g")}


def _num(element: Element, name: str) -> float:
    return float(element.get(name, "0"))


def _points(element: Element) -> list[tuple[float, float]]:
    values = [float(v) for v in re.split(r"[ ,]+", element.get("points", "").strip())]
    return list(zip(values[::2], values[1::2], strict=True))


def _near(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= CLOSE for x, y in zip(a, b, strict=True))


def _matched(found: list[tuple[float, ...]], expected: list[tuple[float, ...]]) -> None:
    """Every expected shape is found once, none more."""
    left = list(found)
    for want in expected:
        hit = next((f for f in left if _near(f, want)), None)
        assert hit is not None, f"no cut path at {want}; found {left[:4]}..."
        left.remove(hit)
    assert not left, f"cut paths nothing is printed at: {left[:4]}"


def _dxf_bounds(entity) -> tuple[float, float, float, float]:
    xs, ys = zip(*((x, y) for x, y, *_ in entity.get_points("xy")), strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def test_cards_are_cut_at_their_rounded_trims_on_front_sheets_only_and_the_command_lists_the_files(
        run_pnp, tmp_path: Path) -> None:
    out = tmp_path / "out"
    listed = _render(run_pnp, SHOWCASE, out, "cut,svg")
    build = Build(SHOWCASE)
    plan, job = build.plan, build.job
    fronts = _front_sheets(plan)
    cut_files = sorted(p.name for p in out.glob("*-cut-*"))
    assert cut_files == sorted(f"showcase-225x320mm-cut-p{i + 1:02d}.{s}" for i in fronts for s in ("svg", "dxf"))
    assert len(fronts) < len(plan.sheets)  # the backs (and blank pages) have no cut files
    assert all(str(out / name) in listed for name in cut_files)
    for name in cut_files:  # the sheet numbers are those of the sheets' own SVG pages
        assert (out / name.replace("-cut-", "-").replace(".dxf", ".svg")).exists()
    checked = 0
    for index in fronts:
        root, layers = _layers(_cut_file(out, index, "svg"))
        assert (root.get("width"), root.get("height")) == (f"{plan.paper.width:g}mm", f"{plan.paper.height:g}mm")
        assert [float(v) for v in re.split(r"[ ,]+", root.get("viewBox", ""))] == [0, 0, plan.paper.width,
                                                                                  plan.paper.height]
        assert {"cut", "fold"} <= set(layers)
        cards = [(p.x, p.y, job.groups[p.group].pieces[p.piece].width, job.groups[p.group].pieces[p.piece].height,
                  job.groups[p.group].pieces[p.piece].corner_radius)
                 for p in plan.sheets[index].placements if job.groups[p.group].kind == "cards"]
        rects = [(_num(r, "x"), _num(r, "y"), _num(r, "width"), _num(r, "height"), _num(r, "rx"))
                 for r in layers["cut"].iter(f"{SVG}rect") if r.get("rx")]
        _matched(rects, cards)
        for rect in layers["cut"].iter(f"{SVG}rect"):
            assert rect.get("rx") == rect.get("ry")
        for element in (layers["cut"], layers["fold"]):
            assert element.get("fill") == "none" and element.get("stroke-width") == "0.1"
        checked += len(cards)
        _check_dxf_cards(_cut_file(out, index, "dxf"), cards, plan.paper.height)
    assert checked == 12  # the Scouts' 9 cards, and Dawn twice and Dusk


def _check_dxf_cards(path: Path, cards: list[tuple[float, ...]], height: float) -> None:
    """The DXF's rounded rectangles: in mm, on layer CUT, flipped (the sheet's top at DXF y = its height), each
    corner a quarter circle (bulge tan(22.5°))."""
    doc = ezdxf.readfile(path)
    assert doc.header["$INSUNITS"] == 4 and {"CUT", "FOLD"} <= {layer.dxf.name for layer in doc.layers}
    assert not doc.audit().has_errors
    rounded = [e for e in doc.modelspace().query("LWPOLYLINE") if any(b for *_, b in e.get_points("xyb"))]
    assert all(e.dxf.layer == "CUT" and e.closed for e in rounded)
    found = []
    for entity in rounded:
        x0, y0, x1, y1 = _dxf_bounds(entity)
        bulges = [b for *_, b in entity.get_points("xyb") if b]
        assert len(bulges) == 4 and all(abs(b - math.tan(math.radians(22.5))) < 1e-6 for b in bulges)
        found.append((x0, height - y1, x1 - x0, y1 - y0))
    _matched(found, [c[:4] for c in cards])


def test_round_square_and_hex_counters_are_cut_where_the_sheet_pdf_draws_their_cut_lines(
        run_pnp, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _render(run_pnp, COUNTERS, out, "cut,pdf")
    plan = Build(COUNTERS).plan
    [index] = _front_sheets(plan)
    _, layers = _layers(_cut_file(out, index, "svg"))
    circles = [(_num(c, "cx"), _num(c, "cy"), _num(c, "r")) for c in layers["cut"].iter(f"{SVG}circle")]
    assert len(circles) == 36 and {r for *_, r in circles} == {8.0}  # the 16 mm life tokens
    hexes = [_points(p) for p in layers["cut"].iter(f"{SVG}polygon")]
    assert len(hexes) == 16 and all(len(h) == 6 for h in hexes)
    squares = list(layers["cut"].iter(f"{SVG}rect"))
    assert len(squares) == 16 and all(_num(r, "width") == _num(r, "height") == 20 for r in squares)
    boxes = [(x - r, y - r, x + r, y + r) for x, y, r in circles]
    boxes += [(min(x for x, _ in h), min(y for _, y in h), max(x for x, _ in h), max(y for _, y in h)) for h in hexes]
    boxes += [(_num(r, "x"), _num(r, "y"), _num(r, "x") + 20, _num(r, "y") + 20) for r in squares]
    with pdfplumber.open(next(out.glob("*.pdf"))) as pdf:  # the kit prints its cut lines (cut_lines: true)
        page = pdf.pages[index]
        dashed = [o for o in page.rects + page.curves + page.lines if o.get("dash") and o["dash"][0]]
        printed = [tuple(o[k] * MM_PER_PT for k in ("x0", "top", "x1", "bottom")) for o in dashed]
    _matched(boxes, printed)
    doc = ezdxf.readfile(_cut_file(out, index, "dxf"))
    space = doc.modelspace()
    dxf_circles = [(c.dxf.center.x, plan.paper.height - c.dxf.center.y, c.dxf.radius) for c in space.query("CIRCLE")]
    _matched(dxf_circles, circles)
    dxf_hexes = [e for e in space.query("LWPOLYLINE") if len(e) == 6]
    assert len(dxf_hexes) == 16 and all(e.closed and e.dxf.layer == "CUT" for e in dxf_hexes)
    _matched([tuple(v for x, y in e.get_points("xy") for v in (x, plan.paper.height - y)) for e in dxf_hexes],
             [tuple(v for point in h for v in point) for h in hexes])


def test_a_tuck_box_is_cut_along_its_own_edges_and_its_folds_are_on_the_fold_layer(run_pnp, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _render(run_pnp, SHOWCASE, out)
    build = Build(SHOWCASE)
    plan, job = build.plan, build.job
    [(index, box)] = [(i, p) for i in _front_sheets(plan) for p in plan.sheets[i].placements
                      if job.groups[p.group].kind == "tuckbox"]
    piece = job.groups[box.group].pieces[box.piece]
    left, top, right, bottom = box.x, box.y, box.x + piece.width, box.y + piece.height
    _, layers = _layers(_cut_file(out, index, "svg"))
    [outline] = [_points(p) for p in layers["cut"].iter(f"{SVG}polygon")]
    assert len(outline) > 20  # the flaps, the lid's tuck and the thumb notch
    assert _near((min(x for x, _ in outline), min(y for _, y in outline), max(x for x, _ in outline),
                  max(y for _, y in outline)), (left, top, right, bottom))
    assert not list(layers["cut"].iter(f"{SVG}line"))  # no fold among the cuts, no rectangle over the box:
    assert not [r for r in layers["cut"].iter(f"{SVG}rect") if _near(
        tuple(_num(r, k) for k in ("x", "y", "width", "height")), (left, top, piece.width, piece.height))]
    folds = [tuple(_num(line, k) for k in ("x1", "y1", "x2", "y2")) for line in layers["fold"].iter(f"{SVG}line")]
    assert len(folds) == 7  # four between the panels, the body's top and bottom, the lid's
    assert all(left - CLOSE <= x <= right + CLOSE and top - CLOSE <= y <= bottom + CLOSE
               for x1, y1, x2, y2 in folds for x, y in ((x1, y1), (x2, y2)))
    assert sum(1 for x1, _, x2, _ in folds if x1 == x2) == 4
    doc = ezdxf.readfile(_cut_file(out, index, "dxf"))
    space = doc.modelspace()
    dxf_folds = [(e.dxf.start.x, doc.header["$EXTMAX"][1] - e.dxf.start.y, e.dxf.end.x,
                  doc.header["$EXTMAX"][1] - e.dxf.end.y) for e in space.query("LINE")]
    assert all(e.dxf.layer == "FOLD" for e in space.query("LINE")) and doc.header["$EXTMAX"][1] == plan.paper.height
    _matched(dxf_folds, folds)
    [dxf_outline] = [e for e in space.query("LWPOLYLINE") if len(e) == len(outline)]
    assert dxf_outline.dxf.layer == "CUT" and dxf_outline.closed
    flipped = [(x, plan.paper.height - y) for x, y in dxf_outline.get_points("xy")]
    assert all(_near(a, b) for a, b in zip(flipped, outline, strict=True))


def test_a_tiled_board_is_cut_on_each_tile_and_its_tiles_overlapped_make_the_whole_board(
        run_pnp, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _render(run_pnp, TILED, out)
    plan = Build(TILED).plan
    tiles = [(i, s.tile) for i, s in enumerate(plan.sheets) if s.tile is not None]
    assert len(list(out.glob("*-cut-*.svg"))) == len(tiles) == 4  # the assembly map is not cut
    widths: dict[int, float] = {}
    heights: dict[int, float] = {}
    for index, tile in tiles:
        _, layers = _layers(_cut_file(out, index, "svg"))
        [rect] = layers["cut"].iter(f"{SVG}rect")
        x, y, w, h = (_num(rect, k) for k in ("x", "y", "width", "height"))
        assert (x, y) == (tile.page_x, tile.page_y)  # no bleed: the trim starts where the tile does
        assert w <= tile.w + CLOSE and h <= tile.h + CLOSE
        widths[tile.column], heights[tile.row] = w, h
        doc = ezdxf.readfile(_cut_file(out, index, "dxf"))
        [entity] = doc.modelspace().query("LWPOLYLINE")
        assert _near(_dxf_bounds(entity), (x, plan.paper.height - y - h, x + w, plan.paper.height - y))
    overlap = tiles[0][1].overlap
    assert sum(widths.values()) - overlap * (len(widths) - 1) == pytest.approx(300)  # 12 cells of 25 mm
    assert sum(heights.values()) - overlap * (len(heights) - 1) == pytest.approx(400)
