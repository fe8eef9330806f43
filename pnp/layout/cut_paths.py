"""The cut and fold paths of every front sheet in sheet millimetres (origin top-left, y down, as the layout):
what `--format cut` writes for cutting machines, one SVG and one DXF per sheet reading the same shapes.

Each piece placed on a sheet is cut at its trim, as the sheets' cut lines draw it (`furniture.trim_shape`: a
rectangle rounded by its corner radius, a circle, a hexagon). A piece that draws its own cut lines (a tuck box's
net, `outline: drawn`) gives its own: the stroked, unfilled shapes at the top of its front, solid ones cut,
dashed ones folded (two-tone casings aside). A tile of a board larger than the paper is cut where the board's
trim and the tile's window meet (boards are rectangles), its overlap strip kept to glue under the
neighbour. Backs, blank pages and assembly maps are not cut. With `sheets.registration`, each sheet also carries
the machine's registration marks as the sheets print them (`pnp.layout.registration`), filled rectangles.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.layout.furniture import trim_shape
from pnp.layout.imposition import Plan, Sheet
from pnp.layout.pieces import Piece, PrintJob
from pnp.layout.registration import registration_marks
from pnp.layout.scene import Ellipse, Line, Polygon, Rect
from pnp.layout.strokes import CASING, Stroke
from pnp.layout.tiling import Tile


@dataclass(frozen=True, slots=True)
class SheetCuts:
    """What is cut and folded on the front sheet at `index` in the plan (its page in the sheets' PDF and SVG
    files), a `width` x `height` mm paper; the shapes' styles mean nothing here."""

    index: int
    width: float
    height: float
    cuts: tuple[Stroke, ...]
    folds: tuple[Stroke, ...] = ()
    marks: tuple[Rect, ...] = ()
    """The registration marks printed on the sheet (filled rectangles), none without `sheets.registration`."""


def sheet_cuts(job: PrintJob, plan: Plan) -> list[SheetCuts]:
    """The cut and fold paths of every front sheet of `plan` that has any, in sheet order."""
    found: list[SheetCuts] = []
    machine = job.settings.registration if job.settings is not None else "none"
    marks = registration_marks(plan.paper, machine)
    for index, sheet in enumerate(plan.sheets):
        if sheet.back_of is not None or sheet.blank_of is not None or sheet.assembly:
            continue
        cuts, folds = _tile_cuts(job, sheet.tile) if sheet.tile is not None else _placed_cuts(job, sheet)
        if cuts or folds:
            found.append(SheetCuts(index, plan.paper.width, plan.paper.height, tuple(cuts), tuple(folds),
                                   marks.shapes if marks is not None else ()))
    return found


def _placed_cuts(job: PrintJob, sheet: Sheet) -> tuple[list[Stroke], list[Stroke]]:
    """The cuts and folds of the pieces placed on `sheet`, in placement order."""
    cuts: list[Stroke] = []
    folds: list[Stroke] = []
    for placement in sheet.placements:
        piece = job.groups[placement.group].pieces[placement.piece]
        shape = trim_shape(piece)
        if shape is not None:
            cuts.append(moved(shape, placement.x, placement.y))
            continue
        own_cuts, own_folds = drawn_lines(piece)
        cuts += [moved(s, placement.x, placement.y) for s in own_cuts]
        folds += [moved(s, placement.x, placement.y) for s in own_folds]
    return cuts, folds


def drawn_lines(piece: Piece) -> tuple[list[Stroke], list[Stroke]]:
    """The cut edges and folds a piece draws itself (in piece coordinates): the stroked shapes without fill at
    the top of its front, solid ones cut, dashed ones folded; its art (in groups), fills and the light casings
    of two-tone lines (`pnp.layout.strokes`) are neither."""
    cuts: list[Stroke] = []
    folds: list[Stroke] = []
    for item in piece.front:
        if isinstance(item, Rect | Ellipse | Line | Polygon) and item.style.stroke not in (None, CASING) \
                and item.style.fill is None:
            (folds if any(item.style.dash) else cuts).append(item)
    return cuts, folds


def _tile_cuts(job: PrintJob, tile: Tile) -> tuple[list[Stroke], list[Stroke]]:
    """The cut of a board's tile: the board's trim within the tile's window, on the sheet."""
    piece = job.groups[tile.group].pieces[tile.piece]
    left, top = tile.page_x - tile.x, tile.page_y - tile.y  # the board's trim corner on the sheet
    x0, y0 = max(left, tile.page_x), max(top, tile.page_y)
    x1, y1 = min(left + piece.width, tile.page_x + tile.w), min(top + piece.height, tile.page_y + tile.h)
    if x1 - x0 <= 1e-9 or y1 - y0 <= 1e-9:  # a tile of bleed only
        return [], []
    return [Rect(x0, y0, x1 - x0, y1 - y0)], []


def moved(shape: Stroke, dx: float, dy: float) -> Stroke:
    """`shape` moved by (dx, dy)."""
    if isinstance(shape, Rect):
        return replace(shape, x=shape.x + dx, y=shape.y + dy)
    if isinstance(shape, Ellipse):
        return replace(shape, cx=shape.cx + dx, cy=shape.cy + dy)
    if isinstance(shape, Line):
        return replace(shape, x1=shape.x1 + dx, y1=shape.y1 + dy, x2=shape.x2 + dx, y2=shape.y2 + dy)
    return replace(shape, points=tuple((x + dx, y + dy) for x, y in shape.points))
