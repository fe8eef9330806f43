"""Every missing key of an element is named once, with the number of cards it affects: before, the keys missing
at one place were merged into one message that named the first key only and counted each key as a use."""

from __future__ import annotations

import json

INLINE = """\
kit: T
components:
  - type: deck
    name: D
    size: poker
    cards:
      - {name: A, elements: [{type: ellipse, fill: red}]}
      - {name: B}
"""
SHARED = """\
kit: T
components:
  - type: deck
    name: D
    size: poker
    front:
      elements: [{type: ellipse, fill: red}]
    cards:
      - {name: A}
      - {name: B}
"""


def _missing(run_pnp, spec) -> list[dict]:
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1, result.output
    return [d for d in json.loads(result.stdout) if d["rule"] == "spec.missing_key"]


def test_each_missing_key_of_one_cards_element_is_named(run_pnp, tmp_kit):
    errors = _missing(run_pnp, tmp_kit(INLINE))
    assert sorted(e["hint"] for e in errors) == ["add `cx:` here", "add `cy:` here", "add `rx:` here"]
    assert all("uses" not in e["message"] and (e["line"], e["column"]) == (7, 30) for e in errors)


def test_each_missing_key_of_a_shared_front_is_named_once_with_its_card_count(run_pnp, tmp_kit):
    errors = _missing(run_pnp, tmp_kit(SHARED))
    assert [e["message"] for e in errors] == [f"missing required key {k!r} in elements.0 (on 2 cards)"
                                              for k in ("cx", "cy", "rx")]
    assert all(e["line"] == 7 for e in errors)
