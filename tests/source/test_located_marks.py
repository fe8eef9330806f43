"""Marks of values and keys found by path, in small mappings (scanned) and large ones (indexed), and the loaded
marks cost a few integers per value (a spec's located YAML was most of a large deck's memory)."""

from __future__ import annotations

import tracemalloc

from pnp.source.loader import load_yaml_text
from pnp.source.located import SCANNED_KEYS

SMALL = "card:\n  name: A\n  count: 2\n  fields: {x: '1'}\n"
LARGE = "big:\n" + "".join(f"  k{i}: v{i}\n" for i in range(SCANNED_KEYS + 5))


def test_values_and_keys_are_marked_where_they_are_written_in_small_and_large_mappings() -> None:
    small = load_yaml_text(SMALL, "small.yaml")
    assert tuple(small.mark(("card", "count"))) == ("small.yaml", 3, 10)
    assert tuple(small.key_mark(("card", "count"))) == ("small.yaml", 3, 3)
    assert tuple(small.mark(("card", "fields", "x"))) == ("small.yaml", 4, 15)
    assert tuple(small.mark(("card", "nothing", "here"))) == ("small.yaml", 2, 3)  # the nearest ancestor
    large = load_yaml_text(LARGE, "large.yaml")
    last = SCANNED_KEYS + 4
    assert tuple(large.mark(("big", f"k{last}"))) == ("large.yaml", last + 2, 3 + len(f"k{last}: "))
    assert tuple(large.key_mark(("big", "k0"))) == ("large.yaml", 2, 3)
    assert tuple(large.key_mark(("big", "missing"))) == ("large.yaml", 2, 3)  # the mapping's own mark


def _deck(cards: int) -> str:
    card = ("  - name: Card {i}\n    fields: {{number: '{i}', ability: 'Move {i} spaces'}}\n    elements:\n"
            "      - {{type: rect, x: 3mm, y: 3mm, width: 57mm, height: 82mm, stroke: '#1f2a44'}}\n"
            "      - {{type: text, text: '{{{{ card.name }}}}', x: 6mm, y: 6mm, size: 5mm, font: sans-bold}}\n"
            "      - {{type: line, x1: 8mm, y1: 62mm, x2: 55mm, y2: 62mm, stroke_width: 0.3mm}}\n")
    return "cards:\n" + "".join(card.format(i=i) for i in range(cards))


def _kb_per_card(cards: int) -> tuple[float, float]:
    """Memory a load of `cards` cards holds afterwards and at its peak, in KB per card."""
    text = _deck(cards)
    tracemalloc.start()
    try:
        located = load_yaml_text(text, "deck.yaml")
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert located.mark(("cards", cards - 1, "elements", 2, "y2")).line == 7 + 6 * (cards - 1)
    return held / 1024 / cards, peak / 1024 / cards


def test_a_large_deck_costs_its_data_and_a_few_integers_per_value_while_and_after_loading() -> None:
    small, large = _kb_per_card(200), _kb_per_card(1000)
    held = (large[0] * 1000 - small[0] * 200) / 800
    peak = (large[1] * 1000 - small[1] * 200) / 800
    assert held < 2.4 and peak < 2.7, (held, peak)  # composing a node graph held 14.5 KB per card and peaked at 19.5
    # (a tuple of key names per mapping: 3.36 and 3.82; one tuple per set of keys: 3.07 and 3.52, 3.15-3.17 and 3.30
    # with the plain form; a few flat arrays per file, not an object per mapping and list: 1.95-1.97 and 2.18-2.20)
