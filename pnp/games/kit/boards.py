"""Draw a generic board as one piece: its fill, its artwork (`image:`), its square or hexagonal cells with their
own fills and labels, the grid, row and column numbers, then its `elements:` in board millimetres.

Hex grids (`grid: hex`): `cell` is the hexagon's width from flat side to flat side. `pointy` hexagons stand in
rows, every second row shifted right by half a cell; `flat` ones in columns, every second column shifted down by
half a cell. Cells keep their `row` / `column` addresses either way. Every cell is its own polygon, so a tile of
a large board draws the cells that fall on it only (`pnp.layout.cull`): boards stay linear in cost.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pnp.diagnostics import SpecError
from pnp.games.kit.faces import FaceOf
from pnp.games.kit.model.components import SQRT3, Board, BoardCell
from pnp.games.kit.model.elements import ImageElement
from pnp.layout.fit import fitted_image
from pnp.layout.pieces import Piece, PieceGroup
from pnp.layout.scene import Item, Line, Polygon, Rect, Style, Text
from pnp.source.located import PathKey

if TYPE_CHECKING:
    from pnp.games.kit.drawer import Drawer

NUMBER_COLOUR = "#666666"


def draw_board(drawer: Drawer, board: Board, path: PathKey, kit: dict[str, Any]) -> PieceGroup:
    """A board as one piece, tiled by the layout when larger than the paper."""
    w, h = board.size
    items: list[Item] = [Rect(0, 0, w, h, Style(fill=board.fill, stroke=None))]
    if board.image is not None:
        items.extend(_artwork(drawer, board.image, w, h, (*path, "image")))
    items.extend(_hex_cells(board) if board.grid == "hex" else _square_cells(board))
    context = {"board": {"name": board.name, "rows": board.rows, "columns": board.columns}, "kit": kit}
    items.extend(drawer.elements(board.elements, w, h, context, (*path, "elements"),
                                 FaceOf(f'board "{board.name}"', "board")))
    piece = Piece(w, h, tuple(items), name=board.name, counts=board.rows * board.columns)
    return PieceGroup(board.name, (piece,), crop_marks=False, tile=True, kind="board", where=path)


def _artwork(drawer: Drawer, src: str, w: float, h: float, path: PathKey) -> list[Item]:
    """The board's picture stretched over it; its problems (missing, unreadable, under 150 ppi, stretched) at
    `image:`."""
    try:
        info = drawer.images(src, path)
    except SpecError as exc:
        drawer.errors.extend(d for d in exc.diagnostics if d not in drawer.errors)
        return []
    fix = (f"make the picture the board's shape, {w:g} x {h:g} mm (for example "
           f"{round(info.height_px * w / h)} x {info.height_px} px)")
    drawer.check_picture(ImageElement(type="image", src=src, width=w, height=h), info, w, h, path, fix)
    return [fitted_image((0.0, 0.0, w, h), info.path, info.key, (info.width_px, info.height_px), "stretch")]


def _square_cells(board: Board) -> Iterator[Item]:
    c = board.cell
    w, h = board.size
    for cell in board.cells:
        x, y = (cell.column - 1) * c, (cell.row - 1) * c
        if cell.fill:
            yield Rect(x, y, c, c, Style(fill=cell.fill, stroke=None))
        if cell.label:
            yield Text(x + c / 2, y + c * 0.62, cell.label, c * 0.3, "sans-bold", anchor="middle")
    line = Style(stroke=board.line_colour, stroke_width=board.line_width)
    yield from (Line(i * c, 0, i * c, h, line) for i in range(board.columns + 1))
    yield from (Line(0, j * c, w, j * c, line) for j in range(board.rows + 1))
    if board.numbers:
        size = min(c * 0.18, 3.0)
        yield from (Text(i * c + size * 0.3, size * 1.1, str(i + 1), size, "sans", NUMBER_COLOUR)
                    for i in range(board.columns))
        yield from (Text(size * 0.3, j * c + c - size * 0.4, str(j + 1), size, "sans", NUMBER_COLOUR)
                    for j in range(board.rows))


def hex_centre(board: Board, row: int, column: int) -> tuple[float, float]:
    """The centre (mm) of the hexagon at `row`, `column` (from 1) of a hex board."""
    c, radius = board.cell, board.cell / SQRT3
    if board.orientation == "flat":
        return radius + (column - 1) * 1.5 * radius, c / 2 + (row - 1) * c + (c / 2 if column % 2 == 0 else 0)
    return c / 2 + (column - 1) * c + (c / 2 if row % 2 == 0 else 0), radius + (row - 1) * 1.5 * radius


@lru_cache(maxsize=4)
def _corners(radius: float, flat: bool) -> tuple[tuple[float, float], ...]:
    """The corners of a hexagon about (0, 0): flat sides at the top and bottom (`flat`), else corners there."""
    start = 0 if flat else 30
    return tuple((radius * math.cos(math.radians(a)), radius * math.sin(math.radians(a)))
                 for a in range(start, start + 360, 60))


def _hex_cells(board: Board) -> Iterator[Item]:
    """Every hexagon (filled when its cell has a fill, outlined in the grid's colour), then labels and numbers."""
    c, flat = board.cell, board.orientation == "flat"
    corners = _corners(c / SQRT3, flat)
    own: dict[tuple[int, int], BoardCell] = {(cell.row, cell.column): cell for cell in board.cells}
    plain = Style(fill=None, stroke=board.line_colour, stroke_width=board.line_width)
    styles: dict[str, Style] = {}
    labels: list[Item] = []
    size = min(c * 0.18, 3.0)
    for row in range(1, board.rows + 1):
        for column in range(1, board.columns + 1):
            x, y = hex_centre(board, row, column)
            cell = own.get((row, column))
            style = plain
            if cell is not None and cell.fill:
                style = styles.get(cell.fill) or styles.setdefault(cell.fill, Style(cell.fill, board.line_colour,
                                                                                    board.line_width))
            yield Polygon(tuple((x + dx, y + dy) for dx, dy in corners), style)
            if cell is not None and cell.label:
                labels.append(Text(x, y + c * 0.12, cell.label, c * 0.3, "sans-bold", anchor="middle"))
            if board.numbers and row == 1:
                labels.append(Text(x, y - c * 0.5 + size * 1.6, str(column), size, "sans", NUMBER_COLOUR, "middle"))
            if board.numbers and column == 1:
                labels.append(Text(x - c * 0.5 + size * 0.6, y + size * 0.36, str(row), size, "sans", NUMBER_COLOUR))
    yield from labels
