"""A kit's figure (a scene `Piece`) as a vector platypus flowable.

The piece's items are drawn with the kit renderer's own PDF drawing (`pnp.render.pdf.draw_items`), scaled to
the size the flowables give it, with the same margin a figure file would have, so a rulebook's figures stay
vector, sharp at any zoom, and share the rulebook's embedded fonts.
"""

from __future__ import annotations

from reportlab.platypus import Flowable

from pnp.layout.pieces import Piece
from pnp.render.pdf import draw_items
from pnp.units import PT_PER_MM

FIGURE_MARGIN_MM = 1.0
"""White margin around a figure, in mm of the piece."""


def figure_size_mm(piece: Piece) -> tuple[float, float]:
    """The size of `piece` drawn as a figure, margin included, in mm."""
    return piece.width + 2 * FIGURE_MARGIN_MM, piece.height + 2 * FIGURE_MARGIN_MM


class PieceFigure(Flowable):
    """`piece` drawn as vector graphics, `scale` points per point of its natural size, centred in the frame."""

    def __init__(self, piece: Piece, scale: float) -> None:
        super().__init__()
        self.piece = piece
        self.scale = scale
        width, height = figure_size_mm(piece)
        self.drawWidth = width * PT_PER_MM * scale
        self.drawHeight = height * PT_PER_MM * scale
        self.hAlign = "CENTER"

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return self.drawWidth, self.drawHeight

    def draw(self) -> None:
        canvas = self.canv
        unit = PT_PER_MM * self.scale
        canvas.saveState()
        canvas.translate(0, self.drawHeight)
        canvas.scale(unit, -unit)
        canvas.translate(FIGURE_MARGIN_MM, FIGURE_MARGIN_MM)
        draw_items(canvas, self.piece.front)
        canvas.restoreState()
