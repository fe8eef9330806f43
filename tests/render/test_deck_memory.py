"""A vector deck's pages are drawn without its spec alive: the peak memory of `pnp render` grows by a few KB per
card (measured in a child process: resource.getrusage maxrss, as benchmarks/'s vector-per-card row does), and its
rules run without a copy of its texts."""

from __future__ import annotations

import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from pnp.pipeline import load_spec, validate_spec
from tests.render.test_export_memory import PEAK

CARD = """\
      - name: "Card {i}"
        fields: {{number: "{i}", ability: "Ability {i}: move 2 spaces"}}
        elements:
          - {{type: rect, x: 3mm, y: 3mm, width: 57mm, height: 82mm, stroke: '#1f2a44'}}
          - {{type: text, text: '{{{{ card.name }}}}', x: 6mm, y: 6mm, size: 5mm, font: sans-bold}}
          - {{type: text, text: '{{{{ card.number }}}}', x: 0, y: 30mm, size: 20mm, font: sans-bold, align: center}}
          - {{type: line, x1: 8mm, y1: 62mm, x2: 55mm, y2: 62mm, stroke_width: 0.3mm}}
          - {{type: text, text: '{{{{ card.ability }}}}', x: 0, y: 66mm, size: 3.2mm, align: center}}
"""


def _deck(decks: int) -> str:
    head = "kit: Memory\nsheets: {paper: a4, duplex: long-edge, crop_marks: true}\ncomponents:\n"
    deck = ("  - type: deck\n    name: Deck {d}\n    size: poker\n    back:\n      elements:\n"
            "        - {{type: rect, x: 3mm, y: 3mm, width: 57mm, height: 82mm, fill: navy}}\n    cards:\n")
    return head + "".join(deck.format(d=d) + "".join(CARD.format(i=i) for i in range(500)) for d in range(decks))


def _peak_mb(tmp_path: Path, decks: int) -> float:
    spec = tmp_path / f"deck{decks}.yaml"
    spec.write_text(_deck(decks), encoding="utf-8")
    command = [sys.executable, "-c", PEAK, sys.executable, "-m", "pnp.cli", "render", str(spec),
               "-o", str(tmp_path / f"out{decks}"), "--format", "pdf", "--max-pages", "1000"]
    result = subprocess.run(command, capture_output=True, text=True, check=True, timeout=600)
    return int(result.stdout.split()[-1]) / 1024  # KB on Linux


@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is in KB on Linux")
def test_a_vector_deck_costs_a_few_kb_a_card_at_its_peak(tmp_path: Path):
    small, large = _peak_mb(tmp_path, 1), _peak_mb(tmp_path, 4)
    per_card_kb = (large - small) * 1024 / 1500
    # 13 KB a card with the spec's data, model and marks alive while the pages were drawn; 6.0-6.3 KB with every
    # page's text held until the save; 4.5-4.9 KB with pages deflated as they are closed, the file written straight;
    # 3.4-3.7 KB with the marks of the spec's values as a few flat arrays per file
    assert per_card_kb < 4.3, (small, large)


def test_the_rules_of_a_large_deck_hold_no_copy_of_its_texts(tmp_path: Path):
    spec = tmp_path / "deck.yaml"
    spec.write_text(_deck(4), encoding="utf-8")
    loaded = load_spec(spec)
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        assert validate_spec(loaded) == []
        grown = tracemalloc.get_traced_memory()[1] - start
    finally:
        tracemalloc.stop()
    # the glyph rule's list of every text with its path and the ink rule's join of every string: 3.6 MB for 2000 cards
    assert grown < 1_000_000, grown
