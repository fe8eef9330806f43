"""A large deck's model costs little per card: cards and elements given the same keys share one set of those
keys' names, and equal lengths one float (each card of a deck repeats the same few)."""

from __future__ import annotations

import tracemalloc

from pnp.games.kit.plugin import build_kit
from pnp.source.loader import load_yaml_text

CARD = ("      - name: Card {i}\n        fields: {{number: '{i}'}}\n        elements:\n"
        "          - {{type: rect, x: 3mm, y: 3mm, width: 57mm, height: 82mm, stroke: '#1f2a44'}}\n"
        "          - {{type: text, text: '{{{{ card.name }}}}', x: 6mm, y: 6mm, size: 5mm, font: sans-bold}}\n"
        "          - {{type: line, x1: 8mm, y1: 62mm, x2: 55mm, y2: 62mm, stroke_width: 0.3mm}}\n")


def _model_kb(cards: int) -> float:
    """Memory the model of a `cards`-card deck holds, in KB."""
    located = load_yaml_text("kit: K\ncomponents:\n  - type: deck\n    name: D\n    cards:\n"
                             + "".join(CARD.format(i=i) for i in range(cards)))
    tracemalloc.start()
    try:
        kit = build_kit(located).kit
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    deck = kit.components[0]
    assert len(deck.cards) == cards and deck.cards[-1].elements[1].size == 5.0
    assert deck.cards[-1].elements[0].model_fields_set == {"type", "x", "y", "width", "height", "stroke"}
    return held / 1024


def test_the_model_of_a_deck_holds_under_two_and_a_half_kb_per_card() -> None:
    per_card = (_model_kb(1000) - _model_kb(200)) / 800
    assert per_card < 2.5, per_card  # a set of given keys per card and element, a float per length: 4.8 KB


def test_a_copy_with_changes_does_not_change_the_shared_keys() -> None:
    located = load_yaml_text("kit: K\ncomponents:\n  - type: deck\n    name: D\n    cards:\n"
                             + "".join(CARD.format(i=i) for i in range(2)))
    first, second = (card.elements[1] for card in build_kit(located).kit.components[0].cards)
    changed = first.model_copy(update={"width": 20.0})
    assert "width" in changed.model_fields_set
    assert "width" not in first.model_fields_set and "width" not in second.model_fields_set
