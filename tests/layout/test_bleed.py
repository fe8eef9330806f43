"""Every card keeps its whole bleed: neighbours stand 2 x bleed apart unless the spec asks a narrower gutter (then
they share it, and a warning says so), trims inside the margins, the outer bleed in the margin but on the paper and
clear of the footer, and no crop mark over any card's bleed box. Geometry read from the composed pages the renderers
draw."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from pnp.layout.imposition import choose_plan
from pnp.layout.paper import FOOTER_MM
from pnp.layout.pieces import Piece, PieceGroup
from pnp.layout.scene import Group, Line, Page
from pnp.model.sheets import SheetSettings
from tests.render.kits import deck_kit, document

EPS = 1e-6
Box = tuple[float, float, float, float]


def _deck(n: int, w: float, h: float, bleed: float, backs: bool = False) -> PieceGroup:
    return PieceGroup("deck", tuple(Piece(w, h, (), () if backs else None, bleed) for _ in range(n)))


def test_poker_cards_keep_their_whole_bleed_between_neighbours_unless_a_narrower_gutter_is_asked():
    """3 x 3 poker cards fill A4 edge to edge; with 3 mm bleed each, 6 mm gutters leave room for 2 x 4 on a
    landscape sheet. The bleed is never cut short to keep the count: only an explicit `sheets.gutter` shares it."""
    assert [len(s.placements) for s in choose_plan((_deck(18, 63, 88, 0.0),), SheetSettings(paper="a4")).sheets] \
        == [9, 9]
    whole = choose_plan((_deck(18, 63, 88, 3.0),), SheetSettings(paper="a4"))
    assert whole.paper.landscape and [len(s.placements) for s in whole.sheets] == [8, 8, 2]
    assert {p.bleeds for s in whole.sheets for p in s.placements} == {(3.0, 3.0, 3.0, 3.0)}
    xs = sorted({p.x for p in whole.sheets[0].placements})
    assert {round(b - a, 6) for a, b in itertools.pairwise(xs)} == {69.0}
    shared = choose_plan((_deck(18, 63, 88, 3.0),), SheetSettings(paper="a4", gutter=0.0))
    assert [len(s.placements) for s in shared.sheets] == [9, 9]
    assert min(min(p.bleeds) for p in shared.sheets[0].placements) < 3.0


def test_a_40_card_poker_deck_keeps_its_whole_bleed_on_the_best_grid_and_shares_it_only_when_asked():
    """A 40-card poker deck with 3 mm bleed, as a designer wrote it: landscape A4 holds 2 x 4 cards 6 mm apart
    (each keeps its whole bleed, the footer clear), whether the gutter is left out or asked as 6 mm. A gutter
    narrower than the whole bleed shares it and gets the 3 x 3 of edge-to-edge cards, never fewer."""
    for gutter in (None, 6.0):
        plan = choose_plan((_deck(40, 63, 88, 3.0),), SheetSettings(paper="a4", gutter=gutter))
        assert plan.paper.landscape and [len(s.placements) for s in plan.sheets] == [8] * 5, gutter
        xs = sorted({p.x for p in plan.sheets[0].placements})
        ys = sorted({p.y for p in plan.sheets[0].placements})
        assert {round(b - a, 6) for a, b in itertools.pairwise(xs)} == {69.0}, gutter
        assert {round(b - a, 6) for a, b in itertools.pairwise(ys)} == {94.0}, gutter
        assert max(ys) + 88 + 3 <= plan.paper.height - 5 - FOOTER_MM + EPS
        assert {p.bleeds for s in plan.sheets for p in s.placements} == {(3.0, 3.0, 3.0, 3.0)}
    for gutter in (0.0, 1.0, 3.0):
        plan = choose_plan((_deck(40, 63, 88, 3.0),), SheetSettings(paper="a4", gutter=gutter))
        assert [len(s.placements) for s in plan.sheets] == [9, 9, 9, 9, 4], gutter
        assert min(min(p.bleeds) for p in plan.sheets[0].placements) < 3.0, gutter


def test_neighbours_share_a_gutter_of_twice_the_bleed_when_the_sheet_has_room():
    # mini cards, 2 mm bleed: 4 x 3 on A4 leave room for 4 mm gutters, so every card keeps its whole bleed
    plan = choose_plan((_deck(12, 44, 63, 2.0),), SheetSettings(paper="a4", orientation="portrait"))
    sheet = plan.sheets[0]
    xs = sorted({p.x for p in sheet.placements})
    ys = sorted({p.y for p in sheet.placements})
    assert len(xs) == 4 and len(ys) == 3
    assert {round(b - a, 6) for a, b in itertools.pairwise(xs)} == {48.0}
    assert {round(b - a, 6) for a, b in itertools.pairwise(ys)} == {67.0}
    assert {p.bleeds for p in sheet.placements} == {(2.0, 2.0, 2.0, 2.0)}
    # a gutter asked wider than 2 x bleed is kept
    wide = choose_plan((_deck(4, 44, 63, 2.0),), SheetSettings(paper="a4", gutter=9.0)).sheets[0]
    assert sorted({p.x for p in wide.placements})[1] - sorted({p.x for p in wide.placements})[0] == 53.0


def _boxes(page: Page) -> list[tuple[Box, Box]]:
    """(trim box, bleed box) of every piece drawn on the page, in page mm."""
    boxes = []
    for item in page.items:
        if isinstance(item, Group) and item.clip is not None and item.label not in ("", "board preview"):
            t, c = item.transform, item.clip
            bleed = (t.dx + c.x, t.dy + c.y, t.dx + c.x + c.w, t.dy + c.y + c.h)
            boxes.append(((t.dx, t.dy, 0.0, 0.0), bleed))
    return boxes


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - EPS and b[0] < a[2] - EPS and a[1] < b[3] - EPS and b[1] < a[3] - EPS


def _crosses(line: Line, trim: Box) -> bool:
    """True when the line runs over the trim, or along its edge to less than 0.4 mm of it (a mark is meant to
    stop 0.5 mm before a trim it points at)."""
    x0, x1 = sorted((line.x1, line.x2))
    y0, y1 = sorted((line.y1, line.y2))
    near = 0.4
    if x0 == x1:
        return trim[0] - EPS <= x0 <= trim[2] + EPS and y0 < trim[3] + near and trim[1] - near < y1
    return trim[1] - EPS <= y0 <= trim[3] + EPS and x0 < trim[2] + near and trim[0] - near < x1


@pytest.mark.parametrize(("size", "w", "h"), [("poker", 63, 88), ("mini", 44, 63), ("tarot", 70, 120),
                                              ("bridge", 57, 89)])
@pytest.mark.parametrize(("bleed", "gutter"), [(0, 0), (3, 0), (1, 0), (3, 2), (2, 8), (5, 0)])
@pytest.mark.parametrize(("paper", "duplex"), [("a4", "long-edge"), ("letter", "short-edge")])
def test_trims_bleeds_crop_marks_and_footer_never_collide(tmp_path: Path, size, w, h, bleed, gutter, paper, duplex):
    margin = 5.0
    doc = document(deck_kit(tmp_path, size=size, bleed=f"{bleed}mm", gutter=f"{gutter}mm", count=13,
                            paper=paper, duplex=duplex, orientation="portrait"))
    for page in doc.pages:
        footer_top = page.height - margin - FOOTER_MM
        backs = "backs of" in page.label
        pieces = _boxes(page)
        assert pieces
        bleeds = [bleed_box for _, bleed_box in pieces]
        for (x, y, _, _), box in pieces:
            if not backs:  # trims inside the margins, above the footer
                assert margin - EPS <= x and x + w <= page.width - margin + EPS
                assert margin - EPS <= y and y + h <= footer_top + EPS
            # bleed on the paper and clear of the footer band (at the top of backs flipped top to bottom)
            assert min(box[0], box[1]) >= -EPS
            assert box[2] <= page.width + EPS and box[3] <= page.height + EPS
            if backs and duplex == "short-edge":  # flipped top to bottom: the footer is at the top
                assert box[1] >= margin + FOOTER_MM - EPS
            else:
                assert box[3] <= footer_top + EPS
            assert box[2] - box[0] >= w - EPS and box[3] - box[1] >= h - EPS
        for i, a in enumerate(bleeds):
            assert not any(_overlap(a, b) for b in bleeds[i + 1:]), "two bleed boxes overlap"
        marks = [i for i in page.items if isinstance(i, Line) and max(i.y1, i.y2) <= footer_top + EPS]
        if not backs:
            assert marks, "the crop marks are missing"
        trims = [(x, y, x + w, y + h) for (x, y, _, _), _ in pieces]
        for line in marks:  # over a bleed at most, never over a trim, always where a home printer prints
            assert not any(_crosses(line, trim) for trim in trims), f"crop mark {line} over a trim"
            assert all(margin - EPS <= v <= page.width - margin + EPS for v in (line.x1, line.x2))
            assert all(margin - EPS <= v <= footer_top + EPS for v in (line.y1, line.y2))


@pytest.mark.parametrize(("size", "bleed", "gutter", "rules", "says"), [
    ("poker", "3mm", None, {"layout.bleed"}, "holds 8 of them; edge to edge, sharing their bleed, it would hold 9"),
    ("poker", "3mm", "6mm", set(), ""),  # the whole bleed asked for: no warning
    ("poker", "3mm", "0mm", {"layout.bleed"}, "keep 1.62 mm of their 3 mm bleed where they stand closest"),
    ("mini", "2mm", None, set(), ""),  # 4 x 3 leave room for 4 mm gutters and the marks
])
def test_what_the_sheet_cannot_give_the_bleed_is_a_warning_at_the_deck(run_pnp, tmp_path: Path, size, bleed, gutter,
                                                                       rules, says):
    spec = deck_kit(tmp_path, size=size, bleed=bleed, count=9, gutter=gutter)
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 0
    found = [d for d in json.loads(result.stdout) if d["rule"].startswith("layout.")]
    assert {d["rule"] for d in found} == rules
    assert all((d["severity"], d["line"], d["file"]) == ("warning", 5, str(spec)) for d in found)
    assert all('Cards: ' in d["message"] and says in d["message"] for d in found)
