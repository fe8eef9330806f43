"""Nitro Dice kits read back from the PDF: pages, card sizes, card numbers and types, credits, options."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import pdfplumber
import pytest

from pnp.games.nitro.model import NitroTrack
from pnp.games.nitro.plugin import PLUGIN
from pnp.games.nitro.printed.kit import track_print_job
from pnp.pipeline import LoadedSpec, layout_document, load_spec
from pnp.render.pdf import render_pdf
from pnp.source.loader import load_yaml_text

EXAMPLES = Path(__file__).parents[3] / "examples" / "nitro-dice"
VALID = sorted(EXAMPLES.glob("*.yaml"))
MM_PER_PT = 25.4 / 72
TOL = 0.05
CARD = re.compile(r"(\d+) (Start/Finish|Straight|Turn A · left|Turn A · right|Turn B · left|Turn B · right)")


def _loaded(text: str) -> LoadedSpec:
    located = load_yaml_text(text, file="track.yaml")
    return LoadedSpec(located, PLUGIN, PLUGIN.build(located))


def _pages(loaded: LoadedSpec) -> list[str]:
    document, _ = layout_document(loaded)
    with pdfplumber.open(io.BytesIO(render_pdf(document))) as pdf:
        return [page.extract_text() for page in pdf.pages]


def _expected_cards(track: NitroTrack) -> list[tuple[str, str]]:
    cards = []
    for number, section in enumerate(track.sections, start=1):
        title = section.type.label
        if section.type.is_turn:
            title += " · left" if section.turns_left else " · right"
        cards.append((str(number), title))
    return cards


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_every_example_prints_its_map_and_every_card_in_driving_order(path):
    loaded = load_spec(path)
    document, plan = layout_document(loaded)
    with pdfplumber.open(io.BytesIO(render_pdf(document))) as pdf:
        texts = [page.extract_text() for page in pdf.pages]
        assert len(pdf.pages) == plan.sheet_count
    assert "track map" in texts[0] and re.search(r"Scale 1:\d", texts[0])
    printed = [pair for text in texts[1:] for pair in CARD.findall(text)]
    assert printed == _expected_cards(loaded.spec)
    for text in texts:
        assert "Minion Games" in text and "David E. Whitcher" in text and "Fan-made" in text


def _trim_steps(page) -> tuple[list[float], list[float]]:
    """Distances between neighbouring crop marks of the same block (mm): vertical marks that share a top edge
    belong to one block's top or bottom side, horizontal marks that share a left edge to one of its sides."""
    columns: dict[float, set[float]] = {}
    rows: dict[float, set[float]] = {}
    for line in page.lines:
        dx, dy = abs(line["x1"] - line["x0"]), abs(line["bottom"] - line["top"])
        if abs(max(dx, dy) * MM_PER_PT - 4.0) > 0.01:
            continue
        if dx < 1e-3:
            columns.setdefault(round(line["top"] * MM_PER_PT, 3), set()).add(round(line["x0"] * MM_PER_PT, 4))
        else:
            rows.setdefault(round(line["x0"] * MM_PER_PT, 3), set()).add(round(line["top"] * MM_PER_PT, 4))

    def steps(groups: dict[float, set[float]]) -> list[float]:
        return [b - a for marks in groups.values() for a, b in itertools.pairwise(sorted(marks))]

    return steps(columns), steps(rows)


@pytest.mark.parametrize(("width", "length"), [(63.0, 88.0), (57.0, 89.0), (70.0, 120.0)])
def test_cards_are_cut_to_the_track_card_size(oval, width, length):
    spec = oval + f"geometry: {{card_width: {width}mm, card_length: {length}mm}}\nprint: {{map: false}}\n"
    document, _ = layout_document(_loaded(spec))
    with pdfplumber.open(io.BytesIO(render_pdf(document))) as pdf:
        for page in pdf.pages:
            widths, heights = _trim_steps(page)
            # card-sized steps, plus the wider gaps between blocks when two groups share a page
            assert any(abs(w - width) <= TOL for w in widths), widths
            assert any(abs(h - length) <= TOL for h in heights), heights
            assert all(abs(w - width) <= TOL or abs(w - width) > 5 for w in widths), widths
            assert all(abs(h - length) <= TOL or abs(h - length) > 5 for h in heights), heights


def test_print_options_choose_the_parts(oval):
    everything = _loaded(oval + "print: {full_size: true}\n")
    document, _ = layout_document(everything)
    labels = [page.label for page in document.pages]
    assert any("tile" in label for label in labels) and any("assembly map" in label for label in labels)
    track = everything.spec
    job = track_print_job(track)
    counts = {group.name: len(group.pieces) for group in job.groups}
    assert counts["Track cards"] == len(track.sections) + 1  # and the Garage
    assert counts["Racer cards"] == track.players * (1 + 1 + 2)
    only_cards = track_print_job(
        _loaded(oval + "print: {map: false, condition_cards: false, player_cards: false, nitro_cards: 0}\n").spec
    )
    assert [group.name for group in only_cards.groups] == ["Track cards"]


def test_the_kit_title_defaults_to_the_track_name(oval):
    assert track_print_job(_loaded(oval + "name: Kidney Bean\nprint: {}\n").spec).title == "Kidney Bean"
    named = _loaded(oval + "name: Kidney Bean\nprint: {kit: Club night}\n")
    assert "Club night" in _pages(named)[0]


def test_hazards_are_printed_on_their_cards_and_the_map(oval):
    hazard = "  - {type: straight, hazards: [{space: 1, lane: outside, kind: glass}]}\n"
    text = oval.replace("  - straight\n  - straight\n", "  - straight\n" + hazard)
    pages = _pages(_loaded(text + "print: {}\n"))
    assert "glass" in pages[0]
    assert "glass" in " ".join(pages[1:])
    assert "glass" not in " ".join(_pages(_loaded(oval + "print: {}\n")))


@pytest.mark.parametrize(
    ("sheets", "landscape"),
    [("{paper: a4}", False), ("{paper: letter}", True), ("{paper: letter, orientation: portrait}", False)],
)
def test_sheets_take_the_orientation_that_holds_more_cards_and_the_map_stays_one_page(oval, sheets, landscape):
    document, plan = layout_document(_loaded(oval + f"print: {{sheets: {sheets}}}\n"))
    assert plan.paper.landscape == landscape
    assert not any("tile" in page.label for page in document.pages)
