"""The generic kit's build returns what drawing needs as a value (`BuiltKit`), beside a model that holds only the
spec: which components stand in for broken ones and which cards stand for one copy each."""

from __future__ import annotations

import pytest

from pnp.diagnostics import PartialResult
from pnp.games.kit.built import BuiltKit
from pnp.games.kit.model import Kit
from pnp.games.kit.plugin import build_kit
from pnp.source.loader import load_yaml_text

COPIES = """\
kit: Places
components:
  - type: deck
    name: Deck
    front:
      elements:
        - {type: rect, x: 4mm, y: 40mm, width: 10mm, height: 10mm, fill: "#ff0000", when: "card.copy == 2"}
    cards:
      - {name: Alpha, count: 3}
"""

BROKEN = """\
kit: Broken
components:
  - {type: deck, name: Good, cards: [{name: One}]}
  - {type: counters, name: Bad, size: 5 parsecs, counters: [{label: A}]}
  - {type: tuckbox, name: Box, deck: Bad}
"""


def test_the_kit_model_holds_no_private_state() -> None:
    assert Kit.__private_attributes__ == {}


def test_cards_written_once_for_several_copies_are_in_the_built_kit() -> None:
    built = build_kit(load_yaml_text(COPIES))
    assert isinstance(built, BuiltKit) and built.kit.kit == "Places"
    assert sorted(built.copies.values()) == [(1, 3), (2, 3), (3, 3)]
    assert built.stand_ins == frozenset() and built.left_out == frozenset()


def test_a_broken_component_is_stood_in_for_in_the_built_kit_and_named_as_left_out() -> None:
    with pytest.raises(PartialResult) as caught:
        build_kit(load_yaml_text(BROKEN))
    built = caught.value.partial
    assert isinstance(built, BuiltKit)
    assert built.stand_ins == frozenset({1}) and built.left_out == frozenset({"Bad"})
    assert built.kit.components[0].name == "Good"
