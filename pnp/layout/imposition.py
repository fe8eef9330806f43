"""Imposition: a pure plan of where every piece goes on which sheet, computed without drawing.

Input: piece groups and sheet settings. Output: a `Plan` of sheets; each sheet lists trim positions,
blocks (for crop marks), and for boards larger than the printable area, tiles (a window of the board).
Groups with backs are planned first, each front sheet followed by its mirrored back sheet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from pnp.diagnostics import Diagnostic, SpecError
from pnp.layout.paper import Area, Paper, get_paper, printable_area
from pnp.layout.pieces import PieceGroup
from pnp.model.sheets import SheetSettings

CROP_OFFSET = 1.0
"""Gap between a block's bleed edge and the start of its crop marks."""
CROP_LENGTH = 4.0
CROP_ZONE = CROP_OFFSET + CROP_LENGTH
BLOCK_GAP = 3.0
"""Space between blocks of different groups when there are no crop marks."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Piece `piece` of group `group` with its trim's top-left corner at (x, y) on the sheet."""

    group: int
    piece: int
    x: float
    y: float


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


@dataclass(frozen=True, slots=True)
class Tile:
    """A window (x, y, w, h in board mm) of a board piece printed at (page_x, page_y)."""

    group: int
    piece: int
    x: float
    y: float
    w: float
    h: float
    column: int
    row: int
    columns: int
    rows: int
    page_x: float
    page_y: float
    overlap: float

    @property
    def label(self) -> str:
        return f"{chr(ord('A') + self.row)}{self.column + 1}"


@dataclass(frozen=True, slots=True)
class Sheet:
    """One printed page: placements and blocks, or a tile, or an assembly map; `back_of` for backs."""

    placements: tuple[Placement, ...] = ()
    blocks: tuple[Block, ...] = ()
    tile: Tile | None = None
    assembly: tuple[Tile, ...] = ()
    back_of: int | None = None
    """Index of the front sheet this page is the back of."""


@dataclass(frozen=True, slots=True)
class Plan:
    paper: Paper
    sheets: tuple[Sheet, ...]

    @property
    def sheet_count(self) -> int:
        return len(self.sheets)


@dataclass(slots=True)
class _Shelf:
    """A band of blocks side by side; `top`/`bottom`/`right` include the blocks' crop-mark zones."""

    top: float
    bottom: float
    right: float
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
        top = self.area.y0 if last is None else last.bottom + gap
        shelf = _Shelf(top, top, self.area.x0)
        self.sheets[-1].append(shelf)
        return shelf

    def new_sheet(self) -> None:
        self.sheets.append([])


class LayoutError(SpecError):
    """A piece group cannot be laid out; `group` says which, so the caller can point at its spec lines."""

    def __init__(self, group: int, diagnostic: Diagnostic):
        self.group = group
        super().__init__(diagnostic)


def _too_big(gi: int, group: PieceGroup, area: Area, paper: Paper) -> SpecError:
    w, h, b = group.size
    return LayoutError(gi, Diagnostic.at(
        None, "layout.too_big",
        f"{group.name}: a {w:g} x {h:g} mm piece (with {b:g} mm bleed and crop marks) does not fit in the "
        f"{area.width:.0f} x {area.height:.0f} mm printable area of {paper.name}",
        "choose a larger paper, smaller margins, or a smaller piece",
    ))


def _fit(avail_w: float, avail_h: float, fw: float, fh: float, gutter: float, zone: float) -> tuple[int, int]:
    cols = math.floor((avail_w - 2 * zone + gutter + 1e-9) / (fw + gutter))
    rows = math.floor((avail_h - 2 * zone + gutter + 1e-9) / (fh + gutter))
    return max(cols, 0), max(rows, 0)


def _place_group(gi: int, group: PieceGroup, area: Area, settings: SheetSettings, packer: _Packer,
                 paper: Paper) -> None:
    """Place the group's pieces as grid blocks: beside the previous block when there is room, else on a new
    shelf below, else on a new sheet."""
    w, h, b = group.size
    fw, fh = w + 2 * b, h + 2 * b
    zone = CROP_ZONE if group.crop_marks and settings.crop_marks else 0.0
    gutter = settings.gutter
    full_cols, full_rows = _fit(area.width, area.height, fw, fh, gutter, zone)
    if full_cols == 0 or full_rows == 0:
        raise _too_big(gi, group, area, paper)
    gap = 0.0 if zone else BLOCK_GAP
    count = len(group.pieces)
    index = 0
    while index < count:
        remaining = count - index
        shelf = packer.shelf()
        chunk = None
        if shelf is not None:
            left = shelf.right + (gap if shelf.blocks else 0.0)
            cols, rows = _fit(area.x1 - left, area.y1 - shelf.top, fw, fh, gutter, zone)
            if cols >= 1 and rows >= 1 and (cols * rows >= remaining or cols >= min(full_cols, remaining)):
                chunk = (shelf, left, cols, rows)
        if chunk is None:
            shelf = packer.new_shelf(gap)
            cols, rows = _fit(area.width, area.y1 - shelf.top, fw, fh, gutter, zone)
            if rows == 0:
                packer.sheets[-1].pop()
                packer.new_sheet()
                continue
            chunk = (shelf, area.x0, cols, rows)
        shelf, left, cols, rows = chunk
        take = min(remaining, cols * rows)
        assert take > 0, "the packer must place at least one piece per block"
        used_cols = min(cols, take)
        used_rows = math.ceil(take / cols)
        x0, y0 = left + zone, shelf.top + zone
        placements = []
        for k in range(take):
            r, c = divmod(k, cols)
            placements.append(Placement(gi, index + k, x0 + c * (fw + gutter) + b, y0 + r * (fh + gutter) + b))
        index += take
        x1 = x0 + used_cols * fw + (used_cols - 1) * gutter
        y1 = y0 + used_rows * fh + (used_rows - 1) * gutter
        trim_xs = sorted({round(v, 6) for p in placements for v in (p.x, p.x + w)})
        trim_ys = sorted({round(v, 6) for p in placements for v in (p.y, p.y + h)})
        shelf.blocks.append(Block(gi, x0, y0, x1, y1, tuple(trim_xs), tuple(trim_ys), zone > 0))
        shelf.placements.extend(placements)
        shelf.right = x1 + zone
        shelf.bottom = max(shelf.bottom, y1 + zone)


def _centred(shelves: list[_Shelf], area: Area) -> tuple[tuple[Placement, ...], tuple[Block, ...]]:
    """A sheet's placements and blocks with each shelf centred across the printable width."""
    placements: list[Placement] = []
    blocks: list[Block] = []
    for shelf in shelves:
        dx = area.x0 + (area.width - (shelf.right - area.x0)) / 2 - area.x0
        placements.extend(replace(p, x=p.x + dx) for p in shelf.placements)
        blocks.extend(replace(bl, x0=bl.x0 + dx, x1=bl.x1 + dx, trim_xs=tuple(x + dx for x in bl.trim_xs))
                      for bl in shelf.blocks)
    return tuple(placements), tuple(blocks)


def _tiles(gi: int, group: PieceGroup, area: Area, overlap: float) -> list[Tile]:
    tiles: list[Tile] = []
    for pi, piece in enumerate(group.pieces):
        bw, bh = piece.width + 2 * piece.bleed, piece.height + 2 * piece.bleed
        tw, th = area.width, area.height
        if overlap >= min(tw, th) / 2:
            raise LayoutError(gi, Diagnostic.at(
                None, "layout.tile_overlap",
                f"{group.name}: a tile overlap of {overlap:g} mm leaves too little of each {tw:.0f} x {th:.0f} mm "
                "sheet for the board", "use a tile_overlap of 5 to 20 mm"))
        columns = 1 if bw <= tw else math.ceil((bw - overlap) / (tw - overlap))
        rows = 1 if bh <= th else math.ceil((bh - overlap) / (th - overlap))
        for row in range(rows):
            for col in range(columns):
                x = col * (tw - overlap)
                y = row * (th - overlap)
                w = min(tw, bw - x)
                h = min(th, bh - y)
                tiles.append(Tile(gi, pi, x - piece.bleed, y - piece.bleed, w, h, col, row, columns, rows,
                                  area.x0, area.y0, overlap))
    return tiles


def plan_sheets(groups: tuple[PieceGroup, ...], settings: SheetSettings, paper: Paper) -> Plan:
    """Plan every sheet for `groups` on `paper` (already oriented)."""
    area = printable_area(paper, settings.margin)
    fronts: list[Sheet] = []
    tiles_sheets: list[Sheet] = []
    duplex = settings.duplex != "none"
    for with_backs in (True, False):
        packer = _Packer(area)
        for gi, group in enumerate(groups):
            if (group.has_backs and duplex) != with_backs or not group.pieces:
                continue
            w, h, b = group.size
            zone = CROP_ZONE if group.crop_marks and settings.crop_marks else 0.0
            fits = min(_fit(area.width, area.height, w + 2 * b, h + 2 * b, settings.gutter, zone)) > 0
            if group.tile and not fits:
                tiles = _tiles(gi, group, area, settings.tile_overlap)
                tiles_sheets.extend(Sheet(tile=t) for t in tiles)
                tiles_sheets.append(Sheet(assembly=tuple(tiles)))
                continue
            _place_group(gi, group, area, settings, packer, paper)
        for shelves in packer.sheets:
            placements, blocks = _centred(shelves, area)
            if placements:
                fronts.append(Sheet(placements, blocks))
                if with_backs:
                    fronts.append(Sheet(placements, blocks, back_of=len(fronts) - 1))
    return Plan(paper, tuple(fronts + tiles_sheets))


def choose_plan(groups: tuple[PieceGroup, ...], settings: SheetSettings, paper_name: str | None = None) -> Plan:
    """The plan with the fewest sheets among the allowed orientations (portrait wins ties)."""
    name = paper_name or settings.paper
    options = ["portrait", "landscape"] if settings.orientation == "auto" else [settings.orientation]
    best: Plan | None = None
    error: SpecError | None = None
    for orientation in options:
        try:
            plan = plan_sheets(groups, settings, get_paper(name, orientation))
        except SpecError as exc:
            error = error or exc
            continue
        if best is None or plan.sheet_count < best.sheet_count:
            best = plan
    if best is None:
        assert error is not None
        raise error
    return best


def mirrors_x(paper: Paper, duplex: str) -> bool:
    """True when backs mirror left-right (flip over a vertical edge), False when they mirror top-bottom."""
    return (duplex == "long-edge") != paper.landscape


def back_position(paper: Paper, x: float, y: float, w: float, h: float, duplex: str,
                  offset: tuple[float, float]) -> tuple[float, float]:
    """Where the back of a piece whose front trim is at (x, y, w, h) goes on the back page.

    Long-edge flip mirrors across the page's long edge, short-edge flip across its short edge; content stays
    upright. The printer offset (measured with `pnp calibrate`) is added last.
    """
    if mirrors_x(paper, duplex):
        bx, by = paper.width - x - w, y
    else:
        bx, by = x, paper.height - y - h
    return bx + offset[0], by + offset[1]
