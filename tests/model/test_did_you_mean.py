""""Did you mean" for misspelt values, as `pnp validate` prints it: the nearest allowed value in the hint."""

from __future__ import annotations

import json

import pytest

from tests.conftest import KitFactory, PnpRunner

KIT = """\
kit: Test kit
sheets: {{paper: {paper}, orientation: {orientation}}}
components:
  - type: {deck}
    name: Deck
    size: {size}
    fill: {fill}
    cards:
      - elements: [{{type: text, text: Hi, align: {align}}}]
  - {{type: counters, name: Tokens, shape: {shape}, items: [{{label: a}}]}}
"""
GOOD = {"paper": "a4", "orientation": "auto", "deck": "deck", "size": "poker", "fill": "white", "align": "left",
        "shape": "round"}


def _diagnostics(tmp_kit: KitFactory, run_pnp: PnpRunner, **wrong: str) -> list[dict[str, object]]:
    result = run_pnp("validate", tmp_kit(KIT.format(**{**GOOD, **wrong})), "--format", "json")
    assert result.exit_code == 1, result.output
    return [d for d in json.loads(result.stdout) if d["severity"] == "error"]


@pytest.mark.parametrize(("key", "written", "line", "meant"), [
    ("size", "pokr", 6, "poker"),
    ("fill", "redd", 7, "red"),
    ("paper", "A44", 2, "a4"),
    ("orientation", "landscap", 2, "landscape"),
    ("align", "centre", 9, "center"),
    ("shape", "circle", 10, "round"),  # a word for the shape, not a misspelling
    ("shape", "Hexagon", 10, "hex"),
    ("deck", "dek", 4, "deck"),
])
def test_a_misspelt_value_gets_the_nearest_allowed_one(tmp_kit, run_pnp, key, written, line, meant):
    (diagnostic,) = _diagnostics(tmp_kit, run_pnp, **{key: written})
    assert diagnostic["line"] == line and diagnostic["rule"] == "spec.value"
    assert diagnostic["hint"] == f"did you mean {meant!r}?"


def test_a_value_near_nothing_keeps_the_list_of_allowed_values(tmp_kit, run_pnp):
    size, fill, shape = _diagnostics(tmp_kit, run_pnp, size="enormous", fill="'#12'", shape="blob")
    assert "poker, bridge" in str(size["message"]) and "did you mean" not in str(size["hint"])
    assert "red" in str(fill["message"]) and "did you mean" not in str(fill["hint"])
    assert "'round', 'square' or 'hex'" in str(shape["message"]) and shape["hint"] == "use one of the values listed"
