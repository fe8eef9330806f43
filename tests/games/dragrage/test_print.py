"""The printed Drag Rage kit: the strip on one landscape sheet, counters with their dice odds, the credit."""

from __future__ import annotations

import io
from fractions import Fraction
from itertools import product
from pathlib import Path

import pdfplumber
import pytest

from pnp.pipeline import layout_document, load_spec
from pnp.render.pdf import render_pdf

KIT = Path(__file__).resolve().parents[3] / "examples" / "drag-rage" / "kit.yaml"


def _odds(n: int, dice: int) -> Fraction:
    rolls = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(sum(r) >= n for r in rolls), len(rolls))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_strip_fits_one_landscape_sheet(paper: str):
    _, plan = layout_document(load_spec(KIT), paper)
    assert plan.paper.landscape
    assert not any(sheet.tile for sheet in plan.sheets), "the strip should not need tiling"
    strip = [p for s in plan.sheets for p in s.placements if p.group == 0]
    assert len(strip) == 1


def test_counter_backs_show_the_odds_of_rolling_at_least_their_number():
    document, plan = layout_document(load_spec(KIT), "a4")
    backs = [i for i, s in enumerate(plan.sheets) if s.back_of is not None]
    with pdfplumber.open(io.BytesIO(render_pdf(document))) as pdf:
        text = pdf.pages[backs[0]].extract_text()
        printed = [page for page, sheet in zip(pdf.pages, plan.sheets, strict=True) if sheet.blank_of is None]
        credit = all("author unknown" in page.extract_text() for page in printed)  # blank backs hold only their note
    for n in (3, 7, 12):
        two = round(float(_odds(n, 2)) * 100)
        three = round(float(_odds(n, 3)) * 100)
        assert f"2d {two}%" in text and f"3d {three}%" in text
    assert credit


def test_a_longer_lane_is_tiled_or_narrowed_and_still_shows_every_space():
    from pnp.games.dragrage.printed.draw import space_width, strip
    from pnp.layout.scene import Group, Text

    piece = strip(40, 35, space_width(40, None))
    texts = {i.text for g in piece.front if isinstance(g, Group) for i in g.children if isinstance(i, Text)}
    assert {str(n) for n in range(2, 41)} <= texts and "FINISH" in texts
    assert piece.width <= 258 + 8 + 1e-6


def test_the_strip_lets_a_counter_lie_on_the_space_as_the_rulebook_says():
    """Rule 2 lays a played counter on the space the car stands on; the strip's note said only 'beside' it."""
    from pnp.games.dragrage.printed.draw import space_width, strip
    from pnp.layout.scene import Text

    (group,) = strip(26, 22, space_width(26, None)).front
    notes = [i.text for i in group.children if isinstance(i, Text) and "counters go" in i.text]
    assert notes == ["counters go on or beside the space your car leaves"]
    rules = (KIT.parents[2] / "pnp/games/dragrage/data/rulebook/rules.md").read_text(encoding="utf-8")
    assert "lay it on the space where your car stands" in rules
