"""Every example of both MDD rulebooks prints with its scenario's figure, drawn by the engine as vector graphics."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest

from pnp.booklet.request import render_kit_rulebook
from pnp.data import resource_path
from pnp.games.mdd.race.scenario import load_scenario, play_scenario
from pnp.pipeline import layout_document, load_spec, print_job
from pnp.rulebook import markdown as doc

EXAMPLES = Path(__file__).resolve().parents[4] / "examples"
SCENARIOS = resource_path("pnp.games.mdd", "scenarios")
KITS = {"v2.1": EXAMPLES / "mdd-micro" / "kit.yaml", "current": EXAMPLES / "mdd-classic" / "kit.yaml"}


def _examples(source: Path) -> list[tuple[doc.Quote, doc.Block | None]]:
    """The example boxes of the rulebook's Examples chapter, each with the block that follows it."""
    body = doc.parse_document(source.read_text(encoding="utf-8"), str(source)).body
    start = next(i for i, b in enumerate(body) if isinstance(b, doc.Heading) and b.text.text == "Examples")
    end = next(i for i in range(start + 1, len(body)) if isinstance(body[i], doc.Heading) and body[i].level <= 2)
    chapter = body[start + 1:end]
    return [(b, chapter[i + 1] if i + 1 < len(chapter) else None)
            for i, b in enumerate(chapter) if isinstance(b, doc.Quote)]


@pytest.mark.parametrize("ruleset", sorted(KITS))
def test_each_example_has_its_scenario_figure_drawn_in_the_rulebook(ruleset: str) -> None:
    loaded = load_spec(KITS[ruleset])
    assert loaded.spec.ruleset == ruleset
    request = loaded.plugin.rulebook(loaded.spec)
    examples = _examples(request.source)
    assert len(examples) == {"v2.1": 9, "current": 6}[ruleset]  # the examples of the rules' text
    names = []
    for quote, after in examples:
        assert isinstance(after, doc.Figure), f"no figure after {quote.blocks[0]}"
        assert (SCENARIOS / f"{after.name}.yaml").is_file() and after.name in request.figures
        names.append(after.name)
    assert len(set(names)) == len(examples)
    for name in names:  # the scenario still plays out as its file states
        assert play_scenario(*load_scenario(str(SCENARIOS / f"{name}.yaml"))).unmet == ()
    _, plan = layout_document(loaded)  # the kit's own sections (table, build pages) need its print job and plan
    pdf = render_kit_rulebook(request, None, "a4", "pages", strict=True, job=print_job(loaded), plan=plan).pdf
    with pdfplumber.open(io.BytesIO(pdf)) as book:
        texts = [page.extract_text() or "" for page in book.pages]
        assert sum(len(page.images) for page in book.pages) == 0  # vector, not a raster round trip
        first = next(i for i, t in enumerate(texts) if "Each figure shows the track" in t)
        # each example figure draws two boards (before, after), each under its finish flag
        assert sum(t.count("FINISH") for t in texts[first:]) == 2 * len(examples)
    assert not any("[ figure:" in t for t in texts)
