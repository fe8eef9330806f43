"""The folded-box figure of a "How to build" step shows the box in the colours of the piece it folds."""

from __future__ import annotations

from pnp.layout.build_figures import step_figure
from pnp.layout.pieces import Piece
from pnp.layout.scene import Group, Rect, Style, Transform


def _fills(piece: Piece) -> list[str]:
    return [item.style.fill for item in piece.front if isinstance(item, Rect) and item.style.fill]


def test_the_box_takes_the_colour_that_covers_most_of_the_piece():
    red_car = Piece(20.0, 30.0, (
        Rect(0, 0, 20, 30, Style(fill="#ffffff")),  # paper, left out
        Group((Rect(0, 0, 20, 20, Style(fill="#d62828")),), Transform(0, 5, 0, 1.0)),
        Rect(2, 2, 4, 4, Style(fill="#1f1f1f")),
    ))
    brick_wall = Piece(20.0, 30.0, (Rect(0, 0, 20, 25, Style(fill="#7a4a2a")),))
    assert "#d62828" in _fills(step_figure("tube", red_car))
    assert "#7a4a2a" in _fills(step_figure("tube", brick_wall))
    assert "#d62828" not in _fills(step_figure("tube", brick_wall))


def test_a_piece_without_colour_folds_into_a_paper_box():
    plain = Piece(20.0, 30.0, (Rect(0, 0, 20, 30, Style(fill="#ffffff", stroke="#000000")),))
    assert "#f7f1e3" in _fills(step_figure("tube", plain))
