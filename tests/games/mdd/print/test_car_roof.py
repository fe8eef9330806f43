"""A car carries its starting lives as the rules say (one five-life and two one-life counters on it): the
printed counters fit in a row on the car's flat top, measured in the PDF the kit prints."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pdfplumber
import pytest

from pnp.games.mdd.printed.kit import mdd_print_job
from pnp.layout.pieces import Piece
from pnp.layout.scene import Document, Group, Page, Transform
from pnp.pipeline import load_spec
from pnp.render.pdf import render_pdf

ROOT = Path(__file__).resolve().parents[4]
KITS = {"micro (fold-up cars)": ROOT / "examples" / "mdd-micro" / "kit.yaml",
        "classic (flat cars)": ROOT / "examples" / "mdd-classic" / "kit.yaml"}
MM = 25.4 / 72
MARGIN = 5.0


def _pdf_page(piece: Piece) -> pdfplumber.page.Page:
    page = Page(piece.width + 2 * MARGIN, piece.height + 2 * MARGIN, (Group(piece.front, Transform(MARGIN, MARGIN)),))
    return pdfplumber.open(io.BytesIO(render_pdf(Document("piece", (page,))))).pages[0]


def _diameter(counter: Piece) -> float:
    """The counter's printed disc, measured: the widest curve on its page, in mm."""
    return max((c["x1"] - c["x0"]) * MM for c in _pdf_page(counter).curves)


def _top(car: Piece, folds: bool) -> tuple[float, float]:
    """(length, width) in mm of the flat top a car offers its counters: for a flat token its printed face;
    for a fold-up car the widest panel between its fold lines (the dashed lines across it)."""
    page = _pdf_page(car)
    if not folds:
        rect = max(page.rects, key=lambda r: r["width"] * r["height"])
        return rect["width"] * MM, rect["height"] * MM
    across = sorted({round(line["top"] * MM, 2) for line in page.lines
                     if line.get("dash") and abs(line["top"] - line["bottom"]) < 1e-3})
    assert len(across) >= 2, "a fold-up car has fold lines across it"
    width = max(b - a for a, b in itertools.pairwise(across))
    return car.width, width


@pytest.mark.parametrize("kit", list(KITS))
def test_a_cars_starting_counters_fit_in_a_row_on_its_top(kit: str) -> None:
    loaded = load_spec(KITS[kit])
    groups = {g.name: g.pieces for g in mdd_print_job(loaded.spec).groups}
    lives = loaded.spec.to_board().limits.lives
    fives, ones = lives // 5, lives % 5
    assert (fives, ones) == (1, 2), "the rules start a car with one five-life and two one-life counters"
    counters = groups["Life counters"]
    five = _diameter(next(p for p in counters if p.name.startswith("5-life")))
    one = _diameter(next(p for p in counters if p.name.startswith("1-life")))
    folds = "Cars (fold-up)" in groups
    car = (groups.get("Cars (fold-up)") or groups["Cars (flat)"])[0]
    length, width = _top(car, folds)
    if length < width:
        length, width = width, length
    footprint = fives * five**2 + ones * one**2
    assert length * width >= footprint
    assert fives * five + ones * one <= length - 1.0, f"{five:.1f} + 2 x {one:.1f} mm in a row on {length:.1f} mm"
    assert max(five, one) <= width - 1.0, f"a {five:.1f} mm counter on a {width:.1f} mm wide top"


def _roof_labels(lives: int) -> tuple[list[str], list[tuple[float, float]], float]:
    """The values printed in the rings on a fold-up car's roof for a micro kit with `lives:`, the rings'
    (left, right) ends along the car, and the car's length."""
    from pnp.games.mdd.model import load_setup
    from pnp.layout.scene import Ellipse, Text
    from pnp.source.loader import load_yaml_text

    path = KITS["micro (fold-up cars)"]
    text = path.read_text(encoding="utf-8").replace("\ncars: 25\n", f"\ncars: 25\nlives: {lives}\n")
    groups = {g.name: g.pieces for g in mdd_print_job(load_setup(load_yaml_text(text, str(path)))).groups}
    car = groups["Cars (fold-up)"][0]
    labels = [item.text for item in car.front if isinstance(item, Text) and item.color == "#777777"
              and item.font == "sans-bold"]
    rings = [(item.cx - item.rx, item.cx + item.rx) for item in car.front
             if isinstance(item, Ellipse) and item.style.fill == "#ffffff"]
    return labels, rings, car.width


@pytest.mark.parametrize(("lives", "labels"), [
    (1, ["1"]), (2, ["1", "1"]), (5, ["5"]), (7, ["5", "1", "1"]), (10, ["5", "5"]), (11, ["2×5", "1"]),
    (20, ["4×5"]), (99, ["19×5", "4×1"]),
])
def test_the_roof_rings_show_the_kits_lives_and_stay_on_the_roof(lives: int, labels: list[str]) -> None:
    """A car's roof rings hold the counters the kit's lives make (a five for each full five, a one for each
    left over): one ring each when they fit in a row, else one ring of each kind saying how many."""
    printed, rings, length = _roof_labels(lives)
    assert printed == labels
    assert all(left > 0 and right < length for left, right in rings)
    assert all(a[1] < b[0] for a, b in itertools.pairwise(rings))
