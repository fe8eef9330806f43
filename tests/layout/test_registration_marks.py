"""`sheets.registration` (and `pnp render --registration`): a cutting machine's registration marks on every front
sheet where the machine looks for them, every piece's bleed box out of their keep-out, the footer clear of them,
the cutter files carrying them on a layer of their own; a piece the marks leave no room for is a located error.
Read back from the PDF with pdfplumber, from the SVG with an XML parser and from the DXF with ezdxf."""

from __future__ import annotations

from pathlib import Path

import ezdxf
import pdfplumber
from defusedxml import ElementTree

from pnp.layout.paper import Area
from pnp.pipeline import Build

MM_PER_PT = 25.4 / 72
CLOSE = 0.01
SVG = "{http://www.w3.org/2000/svg}"
Box = tuple[float, float, float, float]
"""left, top, right, bottom in mm from the sheet's top-left corner."""

KIT = """\
kit: Registration test
credit: "test credit line"
sheets: {{paper: {paper}{extra}}}
components:
  - type: deck
    name: Cards
    size: {size}
    bleed: 3mm
    fill: "#ffeeee"
    back: {{fill: "#2233aa"}}
    cards:
      - {{name: A, count: 12, elements: [{{type: text, text: "Card", x: 5mm, y: 5mm, size: 4mm}}]}}
"""

A4_W, A4_H = 210.0, 297.0
SILHOUETTE_MARKS = [  # Studio's Type 1: inset 10 mm, a 5 mm square, L arms 20 mm long and 0.3 mm thick
    (10.0, 10.0, 15.0, 15.0),
    (A4_W - 30, 10.0, A4_W - 10, 10.3), (A4_W - 10.3, 10.3, A4_W - 10, 30.0),
    (10.0, A4_H - 10.3, 30.0, A4_H - 10), (10.0, A4_H - 30, 10.3, A4_H - 10.3),
]
SILHOUETTE_KEEP_OUT = [(0.0, 0.0, 30.0, 30.0), (A4_W - 30, 0.0, A4_W, 30.0), (0.0, A4_H - 30, 30.0, A4_H)]
"""The 20 mm square at each mark's corner, out to the page edges: where Studio lets nothing else print."""


def _kit(tmp_path: Path, paper: str = "a4", extra: str = ", registration: silhouette",
         size: str = "poker") -> Path:
    path = tmp_path / "kit.yaml"
    path.write_text(KIT.format(paper=paper, extra=extra, size=size), encoding="utf-8")
    return path


def _black_rects(page) -> list[Box]:
    """The filled black rectangles of a PDF page (mm)."""
    return [(r["x0"] * MM_PER_PT, r["top"] * MM_PER_PT, r["x1"] * MM_PER_PT, r["bottom"] * MM_PER_PT)
            for r in page.rects if r["fill"] and r["non_stroking_color"] in ((0,), (0, 0, 0), [0], [0, 0, 0])]


def _near(a: Box, b: Box) -> bool:
    return all(abs(x - y) <= CLOSE for x, y in zip(a, b, strict=True))


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def _bleed_boxes(build: Build, index: int) -> list[Box]:
    boxes = []
    for p in build.plan.sheets[index].placements:
        piece = build.job.groups[p.group].pieces[p.piece]
        left, top, right, bottom = p.bleeds
        boxes.append((p.x - left, p.y - top, p.x + piece.width + right, p.y + piece.height + bottom))
    return boxes


def _inside(box: Box, area: Area) -> bool:
    return area.x0 - 1e-6 <= box[0] and box[2] <= area.x1 + 1e-6 and area.y0 - 1e-6 <= box[1] \
        and box[3] <= area.y1 + 1e-6


def test_silhouette_marks_print_where_studio_looks_and_nothing_else_prints_in_their_keep_out(
        run_pnp, tmp_path: Path) -> None:
    spec, out = _kit(tmp_path), tmp_path / "out"
    result = run_pnp("render", spec, "-o", out)
    assert result.exit_code == 0, result.output
    build = Build(spec)
    fronts = [i for i, s in enumerate(build.plan.sheets) if s.back_of is None and s.blank_of is None]
    assert build.plan.paper.width == A4_W and len(fronts) >= 2
    with pdfplumber.open(next(out.glob("*.pdf"))) as pdf:
        for index, page in enumerate(pdf.pages):
            found = _black_rects(page)
            marks = [want for want in SILHOUETTE_MARKS if any(_near(f, want) for f in found)]
            if index not in fronts:  # backs are not cut: no marks
                assert marks == [], index
                continue
            assert marks == SILHOUETTE_MARKS, (index, found)
            printed = [(c["x0"] * MM_PER_PT, c["top"] * MM_PER_PT, c["x1"] * MM_PER_PT, c["bottom"] * MM_PER_PT)
                       for c in [*page.chars, *page.lines]]
            assert printed and not [b for b in printed for zone in SILHOUETTE_KEEP_OUT if _overlaps(b, zone)]
            assert not page.lines or all(  # no crop marks unless asked for: the machine cuts
                abs(line["top"] - line["bottom"]) < 0.01 or line["bottom"] * MM_PER_PT > A4_H - 17
                for line in page.lines if line["x0"] * MM_PER_PT < A4_W - 5)
            boxes = _bleed_boxes(build, index)
            assert boxes and not [b for b in boxes for zone in SILHOUETTE_KEEP_OUT if _overlaps(b, zone)]
            assert all(_inside(b, Area(10, 10, A4_W - 10, A4_H - 10)) for b in boxes)  # inside the marks


def test_cricut_frame_on_letter_from_the_command_line_keeps_every_piece_inside_its_cut_area(
        run_pnp, tmp_path: Path) -> None:
    spec, out = _kit(tmp_path, paper="letter", extra=""), tmp_path / "out"
    result = run_pnp("render", spec, "-o", out, "--registration", "cricut")
    assert result.exit_code == 0, result.output
    build = Build(spec, registration="cricut")
    paper = build.plan.paper
    assert (paper.width, paper.height) == (215.9, 279.4)
    cut = Area(22.225, 22.225, 215.9 - 22.225, 279.4 - 22.225)  # 6.75 x 9.25 in, centred
    frame = [(18.225, 18.225, 197.675, 19.225), (18.225, 260.175, 197.675, 261.175),
             (18.225, 19.225, 19.225, 260.175), (196.675, 19.225, 197.675, 260.175), (12.225, 12.225, 17.225, 17.225)]
    with pdfplumber.open(next(out.glob("*.pdf"))) as pdf:
        found = _black_rects(pdf.pages[0])
        assert all(any(_near(f, want) for f in found) for want in frame), found
        assert not [f for f in _black_rects(pdf.pages[1]) if _near(f, frame[0])]  # the backs have none
    boxes = _bleed_boxes(build, 0)
    assert boxes and all(_inside(b, cut) for b in boxes)
    plain = Build(spec)  # the spec alone prints no marks and takes more of the sheet
    assert plain.plan.sheet_count < build.plan.sheet_count


def test_cut_files_carry_the_marks_on_a_registration_layer_in_sheet_millimetres(run_pnp, tmp_path: Path) -> None:
    spec, out = _kit(tmp_path), tmp_path / "out"
    result = run_pnp("render", spec, "--format", "cut", "-o", out)
    assert result.exit_code == 0, result.output
    [svg] = out.glob("*-cut-p01.svg")
    root = ElementTree.parse(svg).getroot()
    [layer] = [g for g in root.iter(f"{SVG}g") if g.get("id") == "registration"]
    assert layer.get("fill") == "#000000"
    rects = [(float(r.get("x")), float(r.get("y")), float(r.get("x")) + float(r.get("width")),
              float(r.get("y")) + float(r.get("height"))) for r in layer.iter(f"{SVG}rect")]
    assert len(rects) == len(SILHOUETTE_MARKS) and all(any(_near(r, m) for r in rects) for m in SILHOUETTE_MARKS)
    doc = ezdxf.readfile(svg.with_suffix(".dxf"))
    assert "REGISTRATION" in {layer.dxf.name for layer in doc.layers} and not doc.audit().has_errors
    outlines = [e for e in doc.modelspace().query("LWPOLYLINE") if e.dxf.layer == "REGISTRATION"]
    found = []
    for entity in outlines:
        xs, ys = zip(*((x, y) for x, y, *_ in entity.get_points("xy")), strict=True)
        found.append((min(xs), A4_H - max(ys), max(xs), A4_H - min(ys)))  # DXF's y runs up from the bottom edge
    assert len(found) == len(SILHOUETTE_MARKS) and all(any(_near(f, m) for f in found) for m in SILHOUETTE_MARKS)
    assert len(doc.modelspace().query("HATCH")) == len(SILHOUETTE_MARKS)


def test_a_piece_the_cricut_cut_area_cannot_hold_is_a_located_error_and_prints_without_marks(
        run_pnp, tmp_path: Path) -> None:
    size = "{width: 180mm, height: 200mm}"  # fits Letter's margins, not 6.75 x 9.25 in either way round
    spec = _kit(tmp_path, paper="letter", extra=", registration: cricut", size=size)
    result = run_pnp("render", spec, "-o", tmp_path / "out")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{spec}:5:" in result.stderr and "registration marks' keep-out" in result.stderr
    assert "sheets.registration: none" in result.stderr
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("*.pdf"))
    result = run_pnp("render", spec, "-o", tmp_path / "out", "--registration", "none")
    assert result.exit_code == 0, result.output


def test_a_paper_too_small_for_the_cricut_frame_is_an_error_at_the_registration_key(run_pnp, tmp_path: Path) -> None:
    spec = _kit(tmp_path, paper="a5", extra=", registration: cricut")
    result = run_pnp("render", spec, "-o", tmp_path / "out")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{spec}:3:" in result.stderr and "do not fit" in result.stderr and "a5" in result.stderr
