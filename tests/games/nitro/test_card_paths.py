"""Every path printed on a Nitro Dice card (road, lane lines, spaces, marks) lies inside the card, read back
from the PDF of each card of every example track."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest

from pnp.layout.pieces import Piece
from pnp.layout.scene import Document, Group, Page, Transform
from pnp.pipeline import load_spec, print_job
from pnp.render.pdf import render_pdf

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "nitro-dice"
MM = 25.4 / 72
MARGIN = 10.0
SLACK = 0.05
"""mm a path may reach past the card's edge (a stroke's rounding); a straight road is the card itself."""


def _paths_outside(piece: Piece) -> list[str]:
    """The paths of the card's PDF that reach past the card, as (kind, bbox in card mm)."""
    page = Page(piece.width + 2 * MARGIN, piece.height + 2 * MARGIN, (Group(piece.front, Transform(MARGIN, MARGIN)),))
    with pdfplumber.open(io.BytesIO(render_pdf(Document("card", (page,))))) as pdf:
        found = []
        for kind in ("curves", "lines", "rects"):
            for obj in getattr(pdf.pages[0], kind):
                x0, x1 = obj["x0"] * MM - MARGIN, obj["x1"] * MM - MARGIN
                top, bottom = obj["top"] * MM - MARGIN, obj["bottom"] * MM - MARGIN
                if x0 < -SLACK or top < -SLACK or x1 > piece.width + SLACK or bottom > piece.height + SLACK:
                    found.append(f"{kind} ({x0:.1f}, {top:.1f})-({x1:.1f}, {bottom:.1f})")
    return found


@pytest.mark.parametrize("track", sorted(p.name for p in EXAMPLES.glob("*.yaml")))
def test_every_path_on_a_card_stays_inside_the_card(track: str) -> None:
    job = print_job(load_spec(EXAMPLES / track))
    cards = [piece for group in job.groups if not group.tile for piece in group.pieces]
    assert any(piece.name.startswith("card ") and "Turn" in piece.name for piece in cards)
    outside = {piece.name: found for piece in cards if (found := _paths_outside(piece))}
    assert not outside, outside
