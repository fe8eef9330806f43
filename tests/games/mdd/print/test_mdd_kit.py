"""The printed MDD kits: sizes tied to the track's cell, counts from the ruleset, credit on every sheet."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pdfplumber
import pytest

from pnp.games.mdd.printed.kit import mdd_print_job
from pnp.pipeline import layout_document, load_spec
from pnp.render.pdf import render_pdf

ROOT = Path(__file__).resolve().parents[4]
MICRO = ROOT / "examples" / "mdd-micro" / "kit.yaml"
CLASSIC = ROOT / "examples" / "mdd-classic" / "kit.yaml"
MM = 25.4 / 72


def _groups(spec: Path) -> dict[str, tuple]:
    job = mdd_print_job(load_spec(spec).spec)
    return {g.name: g.pieces for g in job.groups}


@pytest.mark.parametrize(("spec", "cell"), [(MICRO, 15.0), (CLASSIC, 40.0)])
def test_cars_cover_exactly_one_by_two_cells(spec: Path, cell: float):
    groups = _groups(spec)
    cars = groups.get("Cars (fold-up)") or groups["Cars (flat)"]
    assert len(cars) == 25
    for piece in cars:
        assert piece.width == pytest.approx(2 * cell) or piece.width == pytest.approx(cell)
    if "Cars (fold-up)" in groups:
        # flat: 2 cells long; the two base flaps (half a cell each) meet under the car: 1 cell wide
        standee = groups["Cars (fold-up)"][0]
        assert standee.width == pytest.approx(2 * cell)
        slope = (standee.height - cell) / 2
        assert standee.height == pytest.approx(cell + 2 * slope)
    else:
        token = cars[0]
        assert (token.width, token.height) == pytest.approx((cell, 2 * cell))


def test_micro_kit_prints_the_v21_kit_counts():
    groups = _groups(MICRO)
    lives = groups["Life counters"]
    assert sum("5-life" in p.name for p in lives) == 27
    assert sum("1-life" in p.name for p in lives) == 60
    assert len(groups["Bombs"]) == 27
    assert len(groups["Walls"]) == 6
    assert "Award pawns" in groups  # v2.1 variants


def test_current_ruleset_kit_says_mines_and_has_no_v21_variants():
    groups = _groups(CLASSIC)
    assert "Mines" in groups and "Award pawns" not in groups


def _grid_spacing(page) -> list[float]:
    xs = sorted({round(ln["x0"] * MM, 3) for ln in page.lines if abs(ln["x1"] - ln["x0"]) < 1e-3
                 and (ln["bottom"] - ln["top"]) * MM > 100})
    return [b - a for a, b in itertools.pairwise(xs)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_micro_track_cells_measure_15_mm_and_every_sheet_credits_the_author(paper: str):
    document, plan = layout_document(load_spec(MICRO), paper)
    pdf = render_pdf(document)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        tile_pages = [i for i, s in enumerate(plan.sheets) if s.tile is not None]
        assert tile_pages
        spacing = _grid_spacing(doc.pages[tile_pages[0]])
        assert spacing and sum(abs(d - 15.0) <= 0.05 for d in spacing) >= 6, spacing
        for page in doc.pages:
            text = page.extract_text()
            assert "Giovanni Longoni" in text and "CC BY-NC-SA" in text


def test_micro_kit_fits_on_few_a4_sheets():
    _, plan = layout_document(load_spec(MICRO), "a4")
    assert plan.sheet_count <= 6


def test_italian_kit_prints_italian_cards_and_sheet_texts():
    document, _ = layout_document(load_spec(MICRO), "a4", lang="it")
    with pdfplumber.open(io.BytesIO(render_pdf(document))) as doc:
        text = " ".join(page.extract_text() for page in doc.pages)
    assert "Come si muove un'auto" in text and "Ordine di turno" in text
    assert "stampa al 100% / dimensioni reali" in text and "foglio 1 di" in text
    assert "How a car moves" not in text


def test_an_unknown_language_is_a_clear_error():
    from pnp.diagnostics import SpecError

    with pytest.raises(SpecError) as info:
        layout_document(load_spec(MICRO), "a4", lang="xx")
    assert info.value.diagnostics[0].rule == "i18n.language" and "it" in info.value.diagnostics[0].hint


@pytest.mark.parametrize("cars", [25, 36])
def test_a_printed_kit_has_life_counters_for_every_car_and_no_shortage_warning(tmp_path: Path, cars: int):
    from pnp.games.mdd.plugin import PLUGIN
    from pnp.games.mdd.setup.generate import random_setup, setup_yaml
    from pnp.source.loader import load_yaml

    path = tmp_path / "kit.yaml"
    path.write_text(setup_yaml(random_setup("v2.1", cars, 5)), encoding="utf-8")
    lives = _groups(path)["Life counters"]
    assert sum("5-life" in p.name for p in lives) == max(cars, 27)  # one per car, at least the box's 27
    assert sum("1-life" in p.name for p in lives) == max(2 * cars, 60)
    located = load_yaml(path)
    assert [d.rule for d in PLUGIN.check(PLUGIN.build(located), located) if d.rule.startswith("mdd.kit")] == []
    # played with the boxed game's counters instead, 36 cars are 9 five-life counters short
    path.write_text(path.read_text(encoding="utf-8") + "print: {counters: false}\n", encoding="utf-8")
    located = load_yaml(path)
    found = [d.message for d in PLUGIN.check(PLUGIN.build(located), located) if d.rule == "mdd.kit.lives"]
    assert found[:1] == ([] if cars == 25 else ["needs 36 five-life counters, the boxed kit has 27 (9 short)"])


@pytest.mark.parametrize(("lang", "words", "not_words"), [
    (None, "No lives lost to bombs or leaving the track", "mines"),
    ("de", "keine Leben durch Bomben", "Minen"),
    ("ja", "このターン、爆弾や", "地雷"),
    ("ar", "بسبب القنابل", "الألغام"),
])
def test_the_v21_diamonds_card_names_bombs_as_its_kit_does(lang, words, not_words):
    """The advanced-diamonds card is printed only in v2.1 kits, whose counters and rulebook say bombs."""
    from pnp.pipeline import translator
    from tests.scene_text import scene_words

    job = mdd_print_job(load_spec(MICRO).spec, tr=translator(lang))
    [cards] = [g.pieces for g in job.groups if g.name == "Reference cards"]
    words_on_cards = scene_words(item for card in cards for item in card.front)
    assert words in words_on_cards and not_words not in words_on_cards
