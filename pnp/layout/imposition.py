"""Imposition: a pure plan of where every piece goes on which sheet, computed without drawing.

Input: piece groups and sheet settings. Output: a `Plan` of sheets; each sheet lists trim positions,
blocks (for crop marks), and for boards larger than the printable area, tiles (a window of the board).
Groups print in the spec's order (or two-sided ones first, when asked); each front sheet with backs is followed by
its mirrored back sheet, and in a kit with backs every other sheet by a blank page.

Every piece keeps its whole bleed: neighbouring pieces of a block stand 2 x bleed apart (the gutter asked, when
larger), even when that fits fewer per sheet. Trim boxes stay inside the margins and above the footer; the outer
bleed (and the crop marks beyond it) may run into the margins, which are cut away, but never off the paper or over
the footer. A gutter asked narrower than 2 x bleed (`sheets.gutter`) is widened towards 2 x bleed as far as the
sheet has room, and each piece's bleed stops at its middle (`Placement.bleeds`; the compose stage warns).
"""

from __future__ import annotations

import contextlib
import itertools
import math
from dataclasses import dataclass, field, replace

from pnp.diagnostics import Diagnostic, SpecError
from pnp.layout.paper import Area, Paper, get_paper
from pnp.layout.pieces import PieceGroup
from pnp.layout.registration import piece_areas
from pnp.layout.tiling import LayoutError, Tile, board_tiles
from pnp.model.sheets import SheetSettings

CROP_OFFSET = 1.0
"""Gap between a block's bleed edge and the start of its crop marks."""
CROP_LENGTH = 4.0
CROP_ZONE = CROP_OFFSET + CROP_LENGTH
TRIM_GAP = 0.5
"""Gap between a trim line and the end of a crop mark drawn over the bleed (in a gutter or the outer bleed)."""
MIN_MARK = 1.0
"""The shortest crop mark drawn."""
BLOCK_GAP = 3.0
"""Space between blocks of different groups when there are no crop marks."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Piece `piece` of group `group` with its trim's top-left corner at (x, y) on the sheet; `bleeds` is how
    far its drawing reaches past the trim on the left, top, right and bottom (its bleed box)."""

    group: int
    piece: int
    x: float
    y: float
    bleeds: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Block:
    """A grid of one group's pieces on one sheet: bleed bounding box and its trim lines."""

    group: int
    x0: float
    y0: float
    x1: float
    y1: float
    trim_xs: tuple[float, ...]
    trim_ys: tuple[float, ...]
    crop_marks: bool
    bounds: tuple[float, float, float, float] = (-math.inf, -math.inf, math.inf, math.inf)
    """Where crop marks may be drawn (left, top, right, bottom): the printable area."""
    gutters_x: tuple[tuple[float, float], ...] = ()
    """The gutters between neighbouring columns (left and right trim), where marks of the horizontal trims go."""
    gutters_y: tuple[tuple[float, float], ...] = ()
    """The gutters between neighbouring rows (top and bottom trim)."""

    @property
    def marks_cut(self) -> bool:
        """True when a trim line has no room for a crop mark at one of its ends."""
        left, top, right, bottom = self.bounds
        room = MIN_MARK + TRIM_GAP - 1e-9
        return self.crop_marks and (self.trim_xs[0] - left < room or right - self.trim_xs[-1] < room
                                    or self.trim_ys[0] - top < room or bottom - self.trim_ys[-1] < room)


@dataclass(frozen=True, slots=True)
class Sheet:
    """One printed page: placements and blocks, or a tile, or an assembly map; `back_of` for backs."""

    placements: tuple[Placement, ...] = ()
    blocks: tuple[Block, ...] = ()
    tile: Tile | None = None
    assembly: tuple[Tile, ...] = ()
    back_of: int | None = None
    """Index of the front sheet this page is the back of."""
    blank_of: int | None = None
    """Index of the one-sided sheet this blank page is the back of (in a duplex PDF)."""


@dataclass(frozen=True, slots=True)
class Plan:
    paper: Paper
    sheets: tuple[Sheet, ...]
    moved: tuple[int, ...] = ()
    """Groups printed out of their listed order (`sheets.order: two_sided_first`)."""

    @property
    def sheet_count(self) -> int:
        """Pages: each side of a two-sided sheet counts."""
        return len(self.sheets)

    @property
    def paper_count(self) -> int:
        """Sheets of paper: the pages that are not the back of another."""
        return sum(1 for sheet in self.sheets if sheet.back_of is None and sheet.blank_of is None)


@dataclass(slots=True)
class _Shelf:
    """A band of blocks side by side; `top`/`bottom`/`right` include the blocks' bleed and crop-mark zones
    (`top` is -inf for a sheet's first shelf, whose pieces start at the top margin)."""

    top: float
    bottom: float
    right: float
    left: float = math.inf
    blocks: list[Block] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)


@dataclass(slots=True)
class _Packer:
    """Next-fit shelf packing of blocks onto sheets, in spec order."""

    area: Area
    sheets: list[list[_Shelf]] = field(default_factory=lambda: [[]])

    def shelf(self) -> _Shelf | None:
        return self.sheets[-1][-1] if self.sheets[-1] else None

    def new_shelf(self, gap: float) -> _Shelf:
        last = self.shelf()
        top = -math.inf if last is None else last.bottom + gap
        shelf = _Shelf(top, top, -math.inf)
        self.sheets[-1].append(shelf)
        return shelf

    def new_sheet(self) -> None:
        self.sheets.append([])


def _too_big(gi: int, group: PieceGroup, area: Area, paper: Paper, settings: SheetSettings) -> SpecError:
    """The error of a group whose piece fits no sheet: what it needs (its bleed, and crop marks when they print)."""
    w, h, b = group.size
    registration = settings.registration
    marks = f" left by the {registration} registration marks' keep-out" if registration != "none" else ""
    crop = " and crop marks" if group.crop_marks and settings.crop_marks_drawn else ""
    return LayoutError(gi, Diagnostic.at(
        None, "layout.too_big",
        f"{group.name}: a {w:g} x {h:g} mm piece (with {b:g} mm bleed{crop}) does not fit in the "
        f"{area.width:.0f} x {area.height:.0f} mm printable area{marks} of {paper.name}",
        "choose a larger paper, smaller margins, or a smaller piece"
        + (", or sheets.registration: none (cut by hand)" if marks else ""),
    ))


def gutter_of(bleed: float, settings: SheetSettings) -> float:
    """The gutter between neighbouring pieces with `bleed`: the one asked, else 2 x bleed (each keeps it whole)."""
    return settings.gutter if settings.gutter is not None else 2 * bleed


def _count(span: float, size: float, gutter: float) -> int:
    """How many pieces of `size` fit in `span` with `gutter` between neighbours."""
    return max(math.floor((span + gutter + 1e-9) / (size + gutter)), 0)


def _gap(span: float, n: int, size: float, gutter: float, bleed: float) -> float:
    """The gutter between the trims of `n` neighbours: the gutter asked, widened towards 2 x bleed (so each
    piece keeps its whole bleed) as far as `span` allows."""
    if bleed <= 0 or n <= 1:
        return gutter
    return max(gutter, min(2 * bleed, (span - n * size) / (n - 1)))


@dataclass(frozen=True, slots=True)
class _Group:
    """A group's geometry on the sheet: trim size, bleed, and the room kept around its blocks."""

    w: float
    h: float
    b: float
    zone: float
    """Crop-mark zone beyond the bleed (0 without crop marks)."""
    edge: float
    """Room between a block's trims and the printable area's left, top and right edges: the crop-mark zone
    without bleed; none with bleed, whose outer bleed and marks run into the margin."""
    foot: float
    """Room between a block's trims and the bottom of the printable area (the footer): its crop-mark zone
    without bleed, its bleed with bleed (which must not cover the footer)."""

    @property
    def pad(self) -> float:
        """Room between a block's trims and a neighbouring block's room: its bleed and crop-mark zone."""
        return self.b + self.zone


def _geometry(group: PieceGroup, settings: SheetSettings) -> _Group:
    w, h, b = group.size
    zone = CROP_ZONE if group.crop_marks and settings.crop_marks_drawn else 0.0
    if settings.registration != "none":  # the area is what the machine's marks leave: bleed and marks stay in it
        return _Group(w, h, b, zone, b + zone, b + zone)
    return _Group(w, h, b, zone, zone if b == 0 else 0.0, zone if b == 0 else b)


def _grid(g: _Group, area: Area, gutter: float, left: float, top: float) -> tuple[float, float, int, int]:
    """Where a block's first trim goes when its room starts at (left, top), and how many columns and rows fit:
    never more than the same pieces without bleed would, standing as far apart as these pieces' bleed edges."""
    x0 = max(area.x0 + g.edge, left + g.pad)
    y0 = max(area.y0 + g.edge, top + g.pad)
    cols = _count(area.x1 - g.edge - x0, g.w, gutter)
    rows = _count(area.y1 - g.foot - y0, g.h, gutter)
    if g.b > 0:  # the same pieces without bleed, as far apart as these pieces' bleed edges
        bare, apart = _Group(g.w, g.h, 0.0, g.zone, g.zone, g.zone), max(0.0, gutter - 2 * g.b)
        cols = min(cols, _count(area.x1 - bare.edge - max(area.x0 + bare.edge, left + bare.pad), g.w, apart))
        rows = min(rows, _count(area.y1 - bare.foot - max(area.y0 + bare.edge, top + bare.pad), g.h, apart))
    return x0, y0, cols, rows


def _place_group(gi: int, group: PieceGroup, area: Area, settings: SheetSettings, packer: _Packer,
                 paper: Paper) -> None:
    """Place the group's pieces as grid blocks: beside the previous block when there is room, else on a new
    shelf below, else on a new sheet."""
    g = _geometry(group, settings)
    gutter = gutter_of(g.b, settings)
    _, _, full_cols, full_rows = _grid(g, area, gutter, -math.inf, -math.inf)
    if full_cols == 0 or full_rows == 0:
        raise _too_big(gi, group, area, paper, settings)
    gap = 0.0 if g.zone else BLOCK_GAP
    bounds = (area.x0, area.y0, area.x1, area.y1)
    count = len(group.pieces)
    index = 0
    while index < count:
        remaining = count - index
        shelf = packer.shelf()
        chunk = None
        if shelf is not None:
            left = shelf.right + (gap if shelf.blocks else 0.0)
            x0, y0, cols, rows = _grid(g, area, gutter, left, shelf.top)
            if cols >= 1 and rows >= 1 and (cols * rows >= remaining or cols >= min(full_cols, remaining)):
                chunk = (shelf, x0, y0, cols, rows)
        if chunk is None:
            shelf = packer.new_shelf(gap)
            x0, y0, cols, rows = _grid(g, area, gutter, -math.inf, shelf.top)
            if rows == 0 or cols == 0:
                packer.sheets[-1].pop()
                packer.new_sheet()
                continue
            chunk = (shelf, x0, y0, cols, rows)
        shelf, x0, y0, cols, rows = chunk
        take = min(remaining, cols * rows)
        assert take > 0, "the packer must place at least one piece per block"
        # a group over several blocks lays each on its whole grid: card N at the same place on every sheet
        spans = index > 0 or take < remaining
        grid_cols, grid_rows = (cols, rows) if spans else (min(cols, take), math.ceil(take / cols))
        at_top = shelf.top == -math.inf
        x0, y0, gx, gy = _spacing(g, area, gutter, (x0, y0), (grid_cols, grid_rows), (not shelf.blocks, at_top))
        _add_block(gi, index, take, cols, g, (x0, y0, gx, gy), (grid_cols, grid_rows), shelf, area, bounds)
        index += take


MIN_OUTER = TRIM_GAP + MIN_MARK
"""Room kept between the printable area's edge and the outer trims of a grid with bleed: a crop mark over the
outer bleed. The gutters get the rest, up to 2 x bleed, then the outer bleed (and marks beyond it)."""


def _spacing(g: _Group, area: Area, gutter: float, start: tuple[float, float], grid: tuple[int, int],
             at_edge: tuple[bool, bool]) -> tuple[float, float, float, float]:
    """The first trim (x0, y0) and the gutters (gx, gy) of a grid starting at `start`: with bleed, the room at the
    printable area's edges (`at_edge`: the block is the first of its shelf, the shelf the first of its sheet)
    keeps MIN_OUTER for crop marks first, then the gutters widen towards 2 x bleed."""
    x0, y0 = start
    cols, rows = grid
    reserve = MIN_OUTER if g.b > 0 and g.zone > 0 and g.edge == 0 else 0.0  # marks over the outer bleed
    gx = _gap(area.x1 - g.edge - x0 - reserve * (1 + at_edge[0]), cols, g.w, gutter, g.b)
    bottom = max(g.foot, reserve)  # the bleed never covers the footer
    if g.b > 0 and at_edge[1]:
        gy = _gap(area.y1 - y0 - reserve - bottom, rows, g.h, gutter, g.b)
        extra = area.y1 - y0 - (rows * g.h + (rows - 1) * gy) - reserve - bottom
        y0 += min(g.pad, reserve + max(extra, 0.0) / 2)  # room the rows do not need: the top bleed and marks
    else:
        gy = _gap(area.y1 - bottom - y0, rows, g.h, gutter, g.b)
    return x0, y0, gx, gy


def _add_block(gi: int, first: int, take: int, cols: int, g: _Group, spots: tuple[float, float, float, float],
               grid: tuple[int, int], shelf: _Shelf, area: Area, bounds: tuple[float, float, float, float]) -> None:
    """Place pieces first..first + take of group `gi` on `shelf` as one block of a grid of `grid` columns and rows
    whose first trim is at (x0, y0) with gutters (gx, gy); the shelf keeps room for the whole grid's width."""
    x0, y0, gx, gy = spots
    w, h, b = g.w, g.h, g.b
    used_cols = min(cols, take)
    used_rows = math.ceil(take / cols)
    inner_x, inner_y = min(b, gx / 2), min(b, gy / 2)
    placements = []
    shared: dict[tuple[float, float, float, float], tuple[float, float, float, float]] = {}  # a few kinds a block
    for k in range(take):
        r, c = divmod(k, cols)
        # full bleed on the grid's outer sides; inside it, up to the middle of the gutter
        bleeds = (b if c == 0 else inner_x, b if r == 0 else inner_y,
                  b if c == used_cols - 1 else inner_x, b if r == used_rows - 1 else inner_y)
        placements.append(Placement(gi, first + k, x0 + c * (w + gx), y0 + r * (h + gy),
                                    shared.setdefault(bleeds, bleeds)))
    x1 = x0 + used_cols * w + (used_cols - 1) * gx
    y1 = y0 + used_rows * h + (used_rows - 1) * gy
    xs = [x0 + c * (w + gx) for c in range(used_cols)]
    ys = [y0 + r * (h + gy) for r in range(used_rows)]
    trim_xs = sorted({round(v, 6) for x in xs for v in (x, x + w)})  # each column and row once
    trim_ys = sorted({round(v, 6) for y in ys for v in (y, y + h)})
    shelf.blocks.append(Block(gi, x0 - b, y0 - b, x1 + b, y1 + b, tuple(trim_xs), tuple(trim_ys), g.zone > 0,
                              bounds, _gutters(xs, w), _gutters(ys, h)))
    shelf.placements.extend(placements)
    shelf.right = x0 + grid[0] * w + (grid[0] - 1) * gx + g.pad
    shelf.bottom = max(shelf.bottom, y1 + g.pad)
    room_left = x0 - g.pad
    shelf.left = min(shelf.left, area.x0 if abs(room_left - area.x0) < 1e-9 else room_left)


def _gutters(starts: list[float], size: float) -> tuple[tuple[float, float], ...]:
    """The gutters between neighbouring trims of pieces of `size` starting at `starts` (none when they touch)."""
    return tuple((a + size, b) for a, b in itertools.pairwise(starts) if b - (a + size) > 1e-6)


def _centred(shelves: list[_Shelf], area: Area) -> tuple[tuple[Placement, ...], tuple[Block, ...]]:
    """A sheet's placements and blocks with each shelf centred across the printable width."""
    placements: list[Placement] = []
    blocks: list[Block] = []
    for shelf in shelves:
        dx = area.x0 + (area.width - (shelf.right - shelf.left)) / 2 - shelf.left
        placements.extend([Placement(p.group, p.piece, p.x + dx, p.y, p.bleeds) for p in shelf.placements])
        blocks.extend(replace(bl, x0=bl.x0 + dx, x1=bl.x1 + dx, trim_xs=tuple(x + dx for x in bl.trim_xs),
                              gutters_x=tuple((a + dx, b + dx) for a, b in bl.gutters_x))
                      for bl in shelf.blocks)
    return tuple(placements), tuple(blocks)


def _kind(group: PieceGroup, area: Area, settings: SheetSettings) -> str:
    """How a group prints: "tiles" (a board larger than the paper), "two-sided" (fronts and backs) or "one-sided"."""
    g = _geometry(group, settings)
    _, _, cols, rows = _grid(g, area, gutter_of(g.b, settings), -math.inf, -math.inf)
    if group.tile and min(cols, rows) == 0:
        return "tiles"
    return "two-sided" if group.has_backs and settings.duplex != "none" else "one-sided"


def print_order(groups: tuple[PieceGroup, ...], settings: SheetSettings, area: Area) -> list[int]:
    """The groups in the order they print: as listed, or (`sheets.order: two_sided_first`) the two-sided groups
    first, then the one-sided ones, then the tiled boards, each in listed order."""
    listed = [gi for gi, group in enumerate(groups) if group.pieces]
    if settings.order == "as_listed":
        return listed
    kinds = {gi: _kind(groups[gi], area, settings) for gi in listed}
    return sorted(listed, key=lambda gi: ("two-sided", "one-sided", "tiles").index(kinds[gi]))


def plan_sheets(groups: tuple[PieceGroup, ...], settings: SheetSettings, paper: Paper,
                area: Area | None = None) -> Plan:
    """Plan every sheet for `groups` on `paper` (already oriented) in `area` (default: the first of
    `piece_areas`), in print order.

    Neighbouring groups of the same kind share sheets; a change of kind starts a new sheet. When any sheet has
    backs, every other sheet is followed by a blank page, so a duplex printer never puts one component on the
    back of another."""
    area = area or piece_areas(paper, settings)[0]
    order = print_order(groups, settings, area)
    units: list[tuple[Sheet, bool]] = []
    """(front sheet, whether its backs follow it)."""
    packer, packing = _Packer(area), ""
    for gi in [*order, -1]:
        kind = "end" if gi < 0 else _kind(groups[gi], area, settings)
        if kind != packing or kind == "tiles":
            units.extend(_packed(packer, area, packing == "two-sided"))
            packer, packing = _Packer(area), kind
        if kind == "tiles":
            tiles = board_tiles(gi, groups[gi], area, settings.tile_overlap)
            units.extend((Sheet(tile=t), False) for t in tiles)
            units.append((Sheet(assembly=tuple(tiles)), False))
        elif kind != "end":
            _place_group(gi, groups[gi], area, settings, packer, paper)
    two_sided = any(backs for _, backs in units)
    sheets: list[Sheet] = []
    for front, backs in units:
        sheets.append(front)
        if backs:
            sheets.append(replace(front, back_of=len(sheets) - 1))
        elif two_sided:
            sheets.append(Sheet(blank_of=len(sheets) - 1))
    moved = tuple(gi for gi, listed in zip(order, sorted(order), strict=True) if gi != listed)
    return Plan(paper, tuple(sheets), moved)


def _packed(packer: _Packer, area: Area, backs: bool) -> list[tuple[Sheet, bool]]:
    """The packer's sheets, each shelf centred, with whether their backs follow them."""
    units = []
    for shelves in packer.sheets:
        placements, blocks = _centred(shelves, area)
        if placements:
            units.append((Sheet(placements, blocks), backs))
    return units


def choose_plan(groups: tuple[PieceGroup, ...], settings: SheetSettings, paper_name: str | None = None) -> Plan:
    """The plan with the fewest sheets among the allowed orientations and the areas registration marks leave
    (portrait and the first area win ties)."""
    name = paper_name or settings.paper
    options = ["portrait", "landscape"] if settings.orientation == "auto" else [settings.orientation]
    best: Plan | None = None
    error: SpecError | None = None
    for paper in [get_paper(name, o) for o in options]:
        try:
            areas = piece_areas(paper, settings)
        except SpecError as exc:  # the registration marks do not fit this way round
            error = error or exc
            continue
        for area in areas:
            try:
                plan = plan_sheets(groups, settings, paper, area)
            except SpecError as exc:
                error = error or exc
                continue
            if best is None or plan.sheet_count < best.sheet_count:
                best = plan
    if best is None:
        assert error is not None
        raise error
    return best


def most_per_sheet(group: PieceGroup, settings: SheetSettings, paper_name: str, gutter: float) -> int:
    """How many of the group's pieces one sheet holds with `gutter` between them, in the better orientation
    allowed (0 for a board larger than the paper)."""
    options = ["portrait", "landscape"] if settings.orientation == "auto" else [settings.orientation]
    g = _geometry(group, settings)
    grids = [(0.0, 0.0, 0, 0)]
    for paper in [get_paper(paper_name, o) for o in options]:
        with contextlib.suppress(SpecError):  # (the registration marks may not fit one way round)
            grids += [_grid(g, area, gutter, -math.inf, -math.inf) for area in piece_areas(paper, settings)]
    return max(cols * rows for _, _, cols, rows in grids)

