"""Compose: a `Plan` plus the pieces it places becomes a `Document` of pages of scene items."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from pnp.diagnostics import Diagnostic, Mark, Severity
from pnp.layout.cull import Culler
from pnp.layout.duplex import back_position, mirrors_x
from pnp.layout.furniture import MARK, blank_note, crop_marks, footer, outline
from pnp.layout.imposition import Plan, Sheet, Tile, most_per_sheet
from pnp.layout.pieces import Piece, PieceGroup, PrintJob
from pnp.layout.registration import footer_start, registration_marks
from pnp.layout.scene import Document, Group, Item, Line, Page, Rect, Style, Text, Transform
from pnp.layout.text import fill_placeholders
from pnp.model.sheets import SheetSettings
from pnp.text.fonts import text_width_mm

Translate = Callable[[str], str]

KIT_SUBJECT = "print-and-play kit made with pnp"
"""The PDF subject of every kit; its rulebook's subject names the kit after it."""
OVERLAP_TINT = Style(fill="#7fa7d9", stroke=None, opacity=0.18)
GLUE_SIZE = 2.5
"""Size of an overlap strip's "glue under tile" label (mm)."""


def _piece_group(piece: Piece, drawing: tuple[Item, ...], x: float, y: float, label: str,
                 bleeds: tuple[float, float, float, float]) -> Group:
    """The piece's drawing at (x, y), clipped to its bleed box: `bleeds` past the trim on the left, top, right
    and bottom (less than its bleed where it shares a narrow gutter with a neighbour)."""
    return Group(drawing, Transform(x, y), clip=_clip(piece.width, piece.height, *bleeds), label=label)


@lru_cache(maxsize=256)
def _clip(width: float, height: float, left: float, top: float, right: float, bottom: float) -> Rect:
    """A piece's bleed box: one item for every piece of a size and bleed (items are never changed)."""
    if left == top == right == bottom:
        return Rect(-left, -left, width + 2 * left, height + 2 * left, Style())
    return Rect(-left, -top, width + left + right, height + top + bottom, Style())


LABEL_BAND = 9.0
"""Room (mm) beside and above an assembly map for the tiles' row letters and column numbers."""
LABEL_SIZE = 6.0


def _phrase(tr: Translate, text: str, **values: object) -> str:
    """Translate a sheet phrase, then fill its {placeholders} by plain replacement (never str.format)."""
    return fill_placeholders(tr(text), values)


def _printed_name(group: PieceGroup) -> str:
    """The group's name as the sheets print it: its label (translated by the game) or its name."""
    return group.label or group.name


def compose(job: PrintJob, plan: Plan, settings: SheetSettings, tr: Translate = str,
            where: Callable[[tuple[str | int, ...]], Mark | None] = lambda _path: None) -> Document:
    """Draw every sheet of `plan`: pieces, backs, crop marks, tiles, assembly maps and the footer.

    `tr` translates the sheet phrases (sheet numbers, tile labels, the print-at-100% note); `where` locates a
    piece group's spec lines for its warnings.
    """
    pages: list[Page] = []
    numbers = _sheet_numbers(plan)
    total = max(numbers, default=0)
    cullers: dict[tuple[int, int], Culler] = {}
    for index, sheet in enumerate(plan.sheets):
        items: list[Item] = []
        label = _phrase(tr, "sheet {number} of {total}", number=numbers[index], total=total)
        if sheet.tile is not None:
            items.extend(_tile_items(job, sheet.tile, tr, cullers))
            label += " · " + _phrase(tr, "tile {label}", label=sheet.tile.label)
        elif sheet.assembly:
            items.extend(_assembly_items(job, sheet.assembly, plan, settings, tr))
            label += " · " + tr("assembly map")
        elif sheet.back_of is not None:
            items.extend(_back_items(job, sheet, plan, settings))
            label = _phrase(tr, "backs of sheet {number}", number=numbers[index])
        elif sheet.blank_of is not None:
            label = _phrase(tr, "back of sheet {number}: intentionally blank", number=numbers[index])
            pages.append(Page(plan.paper.width, plan.paper.height, (blank_note(plan.paper, settings.margin, label),),
                              label))
            continue
        else:
            items.extend(_front_items(job, sheet, settings))
        cut = sheet.back_of is None and (bool(sheet.placements) or sheet.tile is not None)  # fronts only
        marks = registration_marks(plan.paper, settings.registration) if cut else None
        items.extend(marks.shapes if marks is not None else ())
        flipped_vertically = sheet.back_of is not None and not mirrors_x(plan.paper, settings.duplex)
        items.extend(footer(plan.paper, settings.margin, job.title, label, job.credit,
                            tr("print at 100% / actual size"), at_top=flipped_vertically,
                            start=footer_start(plan.paper, settings.margin, marks)))
        pages.append(Page(plan.paper.width, plan.paper.height, tuple(items), label))
    two_sided = any(sheet.back_of is not None for sheet in plan.sheets)
    return Document(job.title, tuple(pages), author=job.credit, subject=KIT_SUBJECT,
                    duplex=settings.duplex if two_sided else "none",
                    warnings=(*job.warnings, *_layout_warnings(job, plan, where)))


def _sheet_numbers(plan: Plan) -> list[int]:
    """The number of the sheet of paper each page is printed on: a page that is another's back (its backs,
    or a blank page in a duplex kit) is the same sheet as its front, so "sheet N of M" counts sheets of paper."""
    numbers: list[int] = []
    for sheet in plan.sheets:
        front = sheet.back_of if sheet.back_of is not None else sheet.blank_of
        numbers.append(numbers[front] if front is not None else max(numbers, default=0) + 1)
    return numbers


def _layout_warnings(job: PrintJob, plan: Plan, where: Callable[[tuple[str | int, ...]], Mark | None]
                     ) -> list[Diagnostic]:
    """What the sheets could not give a piece group as asked: its whole bleed between neighbours (when the
    gutter asked is narrower than 2 x bleed), or room for its crop marks (when the bleed runs into the margins)."""
    warnings: list[Diagnostic] = []
    if plan.moved:
        names = ", ".join(job.groups[gi].name for gi in plan.moved)
        warnings.append(Diagnostic.at(
            where(job.groups[plan.moved[0]].where), "layout.order",
            f"sheets.order: two_sided_first prints these components out of their listed order: {names}",
            "set sheets.order: as_listed to print them in the spec's order", Severity.WARNING))
    cut = {block.group for sheet in plan.sheets for block in sheet.blocks if block.marks_cut}
    settings = job.settings or SheetSettings()
    for gi, group in enumerate(job.groups):
        bleed = group.size[2] if group.pieces else 0.0
        kept = min((min(p.bleeds) for sheet in plan.sheets if sheet.back_of is None for p in sheet.placements
                    if p.group == gi), default=bleed)
        if settings.gutter is None and bleed > 0 and not group.tile:
            warnings.extend(_whole_bleed_cost(group, settings, plan, where))
        if kept < bleed - 1e-9:
            warnings.append(Diagnostic.at(
                where(group.where), "layout.bleed",
                f"{group.name}: sheets.gutter is narrower than 2 x the bleed, so neighbours keep {kept:.3g} mm of "
                f"their {bleed:g} mm bleed where they stand closest (wider gaps and the sheet's outer edges keep more)",
                f"for the whole bleed everywhere, leave sheets.gutter out or set it to {2 * bleed:g}mm (fewer per "
                "sheet)", Severity.WARNING))
        if gi in cut:
            warnings.append(Diagnostic.at(
                where(group.where), "layout.crop_marks",
                f"{group.name}: the pieces leave no room inside the margins for a crop mark at some trim lines' "
                "ends",
                "set sheets.cut_lines: true to draw the trim lines; less bleed or a larger paper leaves room for "
                "the marks", Severity.WARNING))
    return warnings


def _whole_bleed_cost(group: PieceGroup, settings: SheetSettings, plan: Plan,
                      where: Callable[[tuple[str | int, ...]], Mark | None]) -> list[Diagnostic]:
    """A warning when keeping the group's whole bleed between neighbours (gutters of 2 x bleed, the default)
    fits fewer per sheet than sharing it (edge to edge): the paper it costs and the key that chooses."""
    bleed = group.size[2]
    whole = most_per_sheet(group, settings, plan.paper.name, 2 * bleed)
    shared = most_per_sheet(group, settings, plan.paper.name, 0.0)
    if whole >= shared or whole == 0:
        return []
    return [Diagnostic.at(
        where(group.where), "layout.bleed",
        f"{group.name}: each keeps its whole {bleed:g} mm bleed, so neighbours stand {2 * bleed:g} mm apart and a "
        f"sheet of {plan.paper.name} holds {whole} of them; edge to edge, sharing their bleed, it would hold {shared}",
        f"set sheets.gutter: {2 * bleed:g}mm to keep the whole bleed (this warning then goes), or sheets.gutter: 0mm "
        f"for {shared} a sheet with less bleed between neighbours", Severity.WARNING)]


def _front_items(job: PrintJob, sheet: Sheet, settings: SheetSettings) -> list[Item]:
    items: list[Item] = []
    for p in sheet.placements:
        piece = job.groups[p.group].pieces[p.piece]
        drawing = piece.front
        if settings.cut_lines:
            drawing = (*drawing, *outline(piece))
        items.append(_piece_group(piece, drawing, p.x, p.y, piece.name, p.bleeds))
    for block in sheet.blocks:
        if block.crop_marks:
            items.extend(crop_marks(block))
    return items


def _back_items(job: PrintJob, sheet: Sheet, plan: Plan, settings: SheetSettings) -> list[Item]:
    items: list[Item] = []
    offset = (settings.back_offset.x, settings.back_offset.y)
    for p in sheet.placements:
        piece = job.groups[p.group].pieces[p.piece]
        if piece.back is None:
            continue
        bx, by = back_position(plan.paper, p.x, p.y, piece.width, piece.height, settings.duplex, offset)
        left, top, right, bottom = p.bleeds
        bleeds = (right, top, left, bottom) if mirrors_x(plan.paper, settings.duplex) else (left, bottom, right, top)
        items.append(_piece_group(piece, piece.back, bx, by, f"back of {piece.name}", bleeds))
    return items


def _tile_items(job: PrintJob, tile: Tile, tr: Translate, cullers: dict[tuple[int, int], Culler]) -> list[Item]:
    """One tile of a board: the board items that reach the tile's window (overlap included), under its clip,
    then the overlap strips, alignment crosses and the tile's outline."""
    piece = job.groups[tile.group].pieces[tile.piece]
    key = (tile.group, tile.piece)
    if key not in cullers:
        b = piece.bleed
        cullers[key] = Culler(piece.front, (-b, -b, piece.width + b, piece.height + b), max(tile.w, tile.h))
    window = Rect(tile.x, tile.y, tile.w, tile.h, Style())
    shown = cullers[key].visible((tile.x, tile.y, tile.x + tile.w, tile.y + tile.h))
    board = Group(shown, Transform(tile.page_x - tile.x, tile.page_y - tile.y), clip=window,
                  label=f"tile {tile.label}")
    items: list[Item] = [board]
    ox, oy = tile.page_x, tile.page_y
    o = tile.overlap
    if tile.column > 0:
        left = _phrase(tr, "glue under tile {label}", label=f"{tile.label[0]}{tile.column}")
        items.append(Rect(ox, oy, o, tile.h, OVERLAP_TINT))
        if _fits_strip(left, tile.h):
            items.append(Text(ox + o / 2, oy + tile.h / 2, left, GLUE_SIZE, "sans", "#2b4c7e", anchor="middle",
                              rotate=-90))
    if tile.row > 0:
        above = _phrase(tr, "glue under tile {label}", label=f"{chr(ord(tile.label[0]) - 1)}{tile.column + 1}")
        items.append(Rect(ox, oy, tile.w, o, OVERLAP_TINT))
        if _fits_strip(above, tile.w):
            items.append(Text(ox + tile.w / 2, oy + o / 2 + 0.9, above, GLUE_SIZE, "sans", "#2b4c7e",
                              anchor="middle"))
    items.extend(_alignment_marks(tile))
    items.append(Rect(ox, oy, tile.w, tile.h, Style(stroke="#000000", stroke_width=0.2)))
    return items


def _fits_strip(text: str, length: float) -> bool:
    """Whether an overlap strip `length` mm long holds its label: on a tile narrower than the label the strip's
    tint and crosses are left alone, so the label never runs off the tile (into the margin or a cutting
    machine's registration marks)."""
    return text_width_mm(text, "sans", GLUE_SIZE) <= length - 2.0


def _alignment_marks(tile: Tile) -> list[Item]:
    """Crosses in the middle of each overlap strip; the neighbouring tile prints the same board points."""
    o = tile.overlap
    px, py, w, h = tile.page_x, tile.page_y, tile.w, tile.h
    xs_v: list[float] = []
    if tile.column > 0:
        xs_v.append(px + o / 2)
    if tile.column < tile.columns - 1:
        xs_v.append(px + w - o / 2)
    ys_h: list[float] = []
    if tile.row > 0:
        ys_h.append(py + o / 2)
    if tile.row < tile.rows - 1:
        ys_h.append(py + h - o / 2)
    points = [(x, py + h * f) for x in xs_v for f in (0.25, 0.75)]
    points += [(px + w * f, y) for y in ys_h for f in (0.25, 0.75)]
    marks: list[Item] = []
    for x, y in points:
        marks.append(Line(x - 3, y, x + 3, y, MARK))
        marks.append(Line(x, y - 3, x, y + 3, MARK))
    return marks


def _assembly_items(job: PrintJob, tiles: tuple[Tile, ...], plan: Plan, settings: SheetSettings,
                    tr: Translate) -> list[Item]:
    """A scaled map of the whole board with each tile's place: the tiles' row letters beside the map and their
    column numbers above it, like a map grid, so no label covers the board."""
    first = tiles[0]
    piece = job.groups[first.group].pieces[first.piece]
    bw, bh = piece.width + 2 * piece.bleed, piece.height + 2 * piece.bleed
    margin = settings.margin
    avail_w = plan.paper.width - 2 * margin - 2 * LABEL_BAND
    avail_h = plan.paper.height - 2 * margin - 40 - LABEL_BAND
    scale = min(avail_w / bw, avail_h / bh, 1.0)
    x0 = margin + LABEL_BAND + (avail_w - bw * scale) / 2
    y0 = margin + 22 + LABEL_BAND
    items: list[Item] = [
        Text(margin, margin + 6, _phrase(tr, "Assembly map: {name}", name=_printed_name(job.groups[first.group])),
             5.0,
             "sans-bold"),
        Text(margin, margin + 12, _phrase(tr, "{columns} x {rows} tiles; glue each tinted strip under its neighbour "
                                              "so the crosses meet. Board {width} x {height} mm.",
                                          columns=first.columns, rows=first.rows, width=f"{piece.width:g}",
                                          height=f"{piece.height:g}"), 3.0),
        Group(piece.front, Transform(x0 + piece.bleed * scale, y0 + piece.bleed * scale, 0, scale),
              clip=Rect(-piece.bleed, -piece.bleed, bw, bh, Style()), label="board preview"),
    ]
    for t in tiles:
        tx = x0 + (t.x + piece.bleed) * scale
        ty = y0 + (t.y + piece.bleed) * scale
        items.append(Rect(tx, ty, t.w * scale, t.h * scale, Style(stroke="#c0392b", stroke_width=0.4)))
        if t.row == 0:
            items.append(Text(tx + t.w * scale / 2, y0 - LABEL_BAND * 0.3, t.label[1:], LABEL_SIZE, "sans-bold",
                              "#c0392b", anchor="middle"))
        if t.column == 0:
            items.append(Text(x0 - LABEL_BAND * 0.2, ty + t.h * scale / 2 + LABEL_SIZE * 0.36, t.label[:1],
                              LABEL_SIZE, "sans-bold", "#c0392b", anchor="end"))
    return items
