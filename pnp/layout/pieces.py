"""Pieces: what the layout places. A piece is a trim size, a bleed, a front and maybe a back drawing.

Drawings are scene items in piece coordinates: (0, 0) is the trim's top-left corner; they may reach
into the bleed (negative coordinates and beyond the trim size). Games and the generic components
both produce `PieceGroup`s; the layout never needs to know what a piece means.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pnp.diagnostics import Diagnostic
from pnp.layout.scene import Item
from pnp.model.sheets import SheetSettings

Outline = Literal["rect", "round", "hex", "drawn"]
"""A piece's cut shape; `drawn`: the piece draws its own cut lines (a tuck box's net), so none is added. Such a
piece draws them among the top-level items of its front as stroked shapes without fill: solid for a cut edge,
dashed for a fold (the cutter files, `pnp.layout.cut_paths`, read them so)."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One printed item: trim width/height (mm), bleed, front and optional back drawings, cut outline."""

    width: float
    height: float
    front: tuple[Item, ...]
    back: tuple[Item, ...] | None = None
    bleed: float = 0.0
    outline: Outline = "rect"
    corner_radius: float = 0.0
    name: str = ""
    where: tuple[str | int, ...] = ()
    """The YAML path of the entry this piece is printed from (a card, a counter), for pointing at it; () when
    it is its group's."""
    export: str = ""
    """The file name (without `-front.png`) a card export gives this piece; "" for the default pattern."""
    counts: int = 1
    """How many pieces it counts as towards the piece cap: a board, its cells."""


@dataclass(frozen=True, slots=True)
class PieceGroup:
    """Pieces of one size printed together (a deck, a counter sheet, a board); `tile` allows tiling."""

    name: str
    pieces: tuple[Piece, ...]
    crop_marks: bool = True
    tile: bool = False
    """Boards: when a piece is larger than the printable area, split it across sheets."""
    kind: str = "cards"
    where: tuple[str | int, ...] = ()
    """The YAML path of the component these pieces come from (for error locations); () for the whole spec."""
    label: str = ""
    """The name as printed on the sheets (a game's translated name); "" prints `name`."""

    @property
    def has_backs(self) -> bool:
        return any(p.back is not None for p in self.pieces)

    @property
    def size(self) -> tuple[float, float, float]:
        first = self.pieces[0]
        return first.width, first.height, first.bleed


@dataclass(frozen=True, slots=True)
class PrintJob:
    """Everything a kit prints: its title, the credit line for every sheet, and its piece groups."""

    title: str
    credit: str
    groups: tuple[PieceGroup, ...]
    settings: SheetSettings | None = None
    """Sheet settings from the spec; None means the defaults."""
    warnings: tuple[Diagnostic, ...] = ()
    """Drawn, but maybe not as meant (text that does not fit): for the user to see."""
