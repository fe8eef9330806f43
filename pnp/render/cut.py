"""`--format cut`: files for cutting machines, one pair a front sheet: `STEM-cut-pNN.svg` and `STEM-cut-pNN.dxf`
(NN the sheet's page number, as its `--format svg` page), each the sheet's paper size in mm holding the cut paths
of its pieces and the folds of its tuck boxes (`pnp.layout.cut_paths`), in the sheet's places.

The SVG keeps the sheet's coordinates (origin top-left, y down) with a layer `cut` and a layer `fold`, and with
`sheets.registration` a layer `registration` of the machine's marks (filled black rectangles, as printed). The DXF
(written by ezdxf) is in millimetres ($INSUNITS 4) on layers CUT, FOLD and REGISTRATION, its y axis flipped (DXF's
y runs up, the origin at the sheet's bottom-left corner), so it lies as the sheet prints: circles as CIRCLE,
rectangles, rounded rectangles (quarter arcs as bulges) and hexagons as closed LWPOLYLINE, folds as LINE, each
registration mark's rectangle as a closed LWPOLYLINE with a solid HATCH filling it.
"""

from __future__ import annotations

import io
import math
from functools import partial
from typing import TYPE_CHECKING, BinaryIO

from pnp.layout.cut_paths import SheetCuts, sheet_cuts
from pnp.layout.scene import Ellipse, Line, Polygon, Rect
from pnp.render.formats import Built, Output, Payload, RenderOptions
from pnp.render.outputs import page_numbers, sheets_stem

if TYPE_CHECKING:
    from ezdxf.layouts import Modelspace

    from pnp.layout.strokes import Stroke

DXF_LAYERS = (("CUT", 1), ("FOLD", 5), ("REGISTRATION", 7))
"""The DXF layers and their colours (AutoCAD colour index: 1 red, 5 blue, as the SVG's; 7 black on paper)."""
QUARTER_BULGE = math.tan(math.pi / 8)
"""An LWPOLYLINE vertex's bulge that makes its segment a quarter circle turning left (counter-clockwise)."""


def cut_output(build: Built, options: RenderOptions) -> Output:
    """An SVG and a DXF of each front sheet's cut and fold paths."""
    stem, title = sheets_stem(build, options), build.document.title
    numbers = page_numbers(build.document)
    files: dict[str, Payload] = {}
    for sheet in sheet_cuts(build.job, build.plan):
        name = f"{stem}-cut-p{numbers[sheet.index]}"
        files[f"{name}.svg"] = partial(_write_svg, sheet, title)
        files[f"{name}.dxf"] = partial(_write_dxf, sheet)
    return Output(f"{stem} cut files", files)


def _write_svg(sheet: SheetCuts, title: str, handle: BinaryIO) -> None:
    from pnp.render.svg import render_cut_svg  # svgwrite loads only when its files are written

    svg = render_cut_svg(sheet.width, sheet.height, (sheet.cuts, sheet.folds), title, sheet.marks)
    handle.write(svg.encode("utf-8"))


def _write_dxf(sheet: SheetCuts, handle: BinaryIO) -> None:
    handle.write(dxf_bytes(sheet))


def dxf_bytes(sheet: SheetCuts) -> bytes:
    """The DXF file of one sheet's cuts and folds."""
    import ezdxf
    from ezdxf import units

    document = ezdxf.new("R2010", setup=False, units=units.MM)
    for name, colour in DXF_LAYERS:
        document.layers.add(name, color=colour)
    space = document.modelspace()
    for key, corner in (("$EXTMIN", (0.0, 0.0, 0.0)), ("$EXTMAX", (sheet.width, sheet.height, 0.0))):
        document.header[key] = corner  # the whole sheet, as a viewer's "zoom extents" shows it
    space.reset_extents((0, 0, 0), (sheet.width, sheet.height, 0))
    space.reset_limits((0, 0), (sheet.width, sheet.height))
    for (layer, _), shapes in zip(DXF_LAYERS, (sheet.cuts, sheet.folds, sheet.marks), strict=True):
        for shape in shapes:
            _add(space, shape, sheet.height, layer)
    for mark in sheet.marks:  # filled, as printed
        hatch = space.add_hatch(dxfattribs={"layer": "REGISTRATION"})
        hatch.paths.add_polyline_path([(x, y) for x, y, _ in _rect_vertices(mark, sheet.height)], is_closed=True)
    text = io.StringIO()
    document.write(text)
    encoded: bytes = document.encode(text.getvalue())
    return encoded


def _add(space: Modelspace, shape: Stroke, height: float, layer: str) -> None:
    """`shape` (sheet mm, y down) into `space` (y up from the sheet's bottom edge), to 0.01 mm."""
    attrs = {"layer": layer}

    def at(x: float, y: float) -> tuple[float, float]:
        return round(x, 2), round(height - y, 2)

    match shape:
        case Rect():
            space.add_lwpolyline(_rect_vertices(shape, height), format="xyb", close=True, dxfattribs=attrs)
        case Ellipse() if shape.rx == shape.ry:
            space.add_circle(at(shape.cx, shape.cy), round(shape.rx, 2), dxfattribs=attrs)
        case Ellipse():
            major = (round(shape.rx, 2), 0.0) if shape.rx >= shape.ry else (0.0, round(shape.ry, 2))
            ratio = min(shape.rx, shape.ry) / max(shape.rx, shape.ry)
            space.add_ellipse(at(shape.cx, shape.cy), major, ratio, dxfattribs=attrs)
        case Line():
            space.add_line(at(shape.x1, shape.y1), at(shape.x2, shape.y2), dxfattribs=attrs)
        case Polygon():
            space.add_lwpolyline([at(x, y) for x, y in shape.points], format="xy", close=shape.closed,
                                 dxfattribs=attrs)


def _rect_vertices(rect: Rect, height: float) -> list[tuple[float, float, float]]:
    """The (x, y, bulge) vertices of `rect` (sheet mm) counter-clockwise in DXF space (y up from the sheet's
    bottom edge): its corners, or with a corner radius the ends of its straight edges, each edge's end bulged
    into a quarter circle to the next edge."""
    left, right = round(rect.x, 2), round(rect.x + rect.w, 2)
    bottom, top = round(height - rect.y - rect.h, 2), round(height - rect.y, 2)
    r = round(rect.radius, 2)
    if r <= 0:
        return [(left, bottom, 0.0), (right, bottom, 0.0), (right, top, 0.0), (left, top, 0.0)]
    q = QUARTER_BULGE
    return [(left + r, bottom, 0.0), (right - r, bottom, q), (right, bottom + r, 0.0), (right, top - r, q),
            (right - r, top, 0.0), (left + r, top, q), (left, top - r, 0.0), (left, bottom + r, q)]
