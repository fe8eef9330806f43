"""Tiling: a board larger than the printable area split into overlapping windows, one a sheet, with an assembly
map after them."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.diagnostics import Diagnostic, SpecError
from pnp.layout.paper import Area
from pnp.layout.pieces import PieceGroup


class LayoutError(SpecError):
    """A piece group cannot be laid out; `group` says which, so the caller can point at its spec lines."""

    def __init__(self, group: int, diagnostic: Diagnostic):
        self.group = group
        super().__init__(diagnostic)


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


def board_tiles(gi: int, group: PieceGroup, area: Area, overlap: float) -> list[Tile]:
    """The tiles of every piece of a board group, row by row, each `overlap` over its left and upper neighbour."""
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
