"""What the printed Drag Rage kit holds: a set of counters per driver with separate pools, and as many dice
as its rulebook lists; the rulebook says how many sets there are."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest

from pnp.games.dragrage.plugin import PLUGIN
from pnp.games.dragrage.printed.kit import dragrage_print_job, rulebook_context
from pnp.pipeline import layout_document, load_spec
from pnp.render.pdf import render_pdf
from pnp.source.loader import load_yaml_text

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "drag-rage"


def _pieces(job, kind: str) -> list:
    return [p for g in job.groups if g.kind == kind for p in g.pieces]


def _spec(extra: str = ""):
    return PLUGIN.build(load_yaml_text("game: drag-rage\n" + extra))


def test_a_shared_pool_prints_one_set_of_counters():
    job = dragrage_print_job(_spec())
    counters = [p.name for p in _pieces(job, "counters") if p.name.startswith("counter ")]
    assert counters == [f"counter {v}" for v in range(2, 13)]


def test_separate_pools_print_a_set_of_counters_for_each_driver():
    job = dragrage_print_job(_spec("counter_pool: separate\n"))
    counters = [p.name for p in _pieces(job, "counters") if p.name.startswith("counter ")]
    assert counters == [f"counter {v} of {d}" for d in "AB" for v in range(2, 13)]
    context = rulebook_context(_spec("counter_pool: separate\n"))["counters"]
    assert (context["sets"], context["total"]) == (2, 22)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("**/*.yaml")), ids=lambda p: p.stem)
def test_the_kit_prints_as_many_dice_as_its_rulebook_lists(path: Path):
    if path.parent.name == "invalid":
        pytest.skip("broken on purpose")
    spec = PLUGIN.build(load_yaml_text(path.read_text(encoding="utf-8")))
    assert len(_pieces(dragrage_print_job(spec), "dice")) == rulebook_context(spec)["dice"]["count"] == 4


def test_asking_for_no_dice_prints_none():
    assert _pieces(dragrage_print_job(_spec("print: {dice: 0}\n")), "dice") == []


def test_the_own_counters_kit_pdf_shows_22_counters_marked_by_driver():
    document, _ = layout_document(load_spec(EXAMPLES / "variants" / "own-counters.yaml"), "a4")
    with pdfplumber.open(io.BytesIO(render_pdf(document))) as pdf:
        words = [w["text"] for page in pdf.pages for w in page.extract_words()]
    for value in range(2, 13):
        assert words.count(str(value)) >= 2  # once on each driver's counter (the strip shows it too)
    fronts = [w for w in words if w in ("A", "B")]
    assert fronts.count("A") >= 11 and fronts.count("B") >= 11


def test_the_rulebook_says_how_many_sets_of_counters_the_kit_has():
    from pnp.booklet.render import render_rulebook
    from pnp.games.dragrage.printed.kit import RULEBOOK

    for pool, sets in (("shared", "1 × 11"), ("separate", "2 × 11")):
        context = rulebook_context(_spec(f"counter_pool: {pool}\n"))
        pdf = render_rulebook(RULEBOOK, context=context).pdf
        with pdfplumber.open(io.BytesIO(pdf)) as doc:
            text = " ".join(page.extract_text() for page in doc.pages)
        assert f"This kit has {sets} counters" in " ".join(text.split())
