"""Templates in any string property of a deck's cards (not only texts), `when` on elements, and where their
errors are reported: at the field a template quotes, else at the property."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber

KIT = """\
kit: Templates
sheets: {paper: a4, duplex: long-edge}
components:
  - type: deck
    name: Cards
    back:
      elements:
        - {type: text, text: "BACK", x: 4mm, y: 4mm, size: 5mm, colour: "{{ card.ink }}"}
    cards:
      - name: One
        fields: {ink: "#ff0000", kind: boss}
        elements:
          - {type: text, text: "ONE", x: 4mm, y: 4mm, size: 5mm, when: "card.kind == 'boss'"}
          - {type: text, text: "HIDDEN", x: 4mm, y: 20mm, size: 5mm, when: "card.kind != 'boss'"}
      - name: Two
        fields: {ink: "#00ff00", kind: minion}
        elements:
          - {type: rect, x: 4mm, y: 4mm, width: "{{ card.kind | length }}mm", height: 5mm, fill: "{{ card.ink }}"}
"""


def _diagnostics(run_pnp, spec: Path) -> list[dict]:
    return json.loads(run_pnp("validate", spec, "--format", "json").stdout)


def test_when_keeps_an_element_only_where_true_and_backs_take_templates(run_pnp, tmp_kit, tmp_path: Path):
    spec = tmp_kit(KIT)
    result = run_pnp("render", spec, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        front, back = (p.extract_text() for p in pdf.pages)
        assert back.count("BACK") == 2
        backs = [c["non_stroking_color"] for c in pdf.pages[1].chars if c["text"] == "B"]
    assert "ONE" in front and "HIDDEN" not in front
    assert sorted(tuple(round(v, 2) for v in c) for c in backs) == [(0.0, 1.0, 0.0), (1.0, 0.0, 0.0)]


def test_a_bad_value_from_a_yaml_field_is_reported_at_the_field(run_pnp, tmp_kit):
    spec = tmp_kit(KIT.replace('ink: "#00ff00"', "ink: grean"))
    errors = _diagnostics(run_pnp, spec)  # the rectangle's fill and the back's text colour quote it
    assert {(e["line"], e["column"]) for e in errors} == {(16, 23)} and len(errors) == 2
    for error in errors:
        assert "'grean' is not a colour" in error["message"] and error["hint"] == "did you mean 'green'?"


def test_a_bad_value_from_a_longer_template_is_reported_at_the_property(run_pnp, tmp_kit):
    spec = tmp_kit(KIT.replace('"{{ card.kind | length }}mm"', '"{{ card.kind | length }}parsecs"'))
    [error] = _diagnostics(run_pnp, spec)
    assert (error["line"], error["rule"]) == (18, "spec.value")
    assert "6parsecs" in error["message"]


def test_a_when_that_is_not_an_expression_is_an_error_at_it(run_pnp, tmp_kit):
    spec = tmp_kit(KIT.replace("when: \"card.kind == 'boss'\"", 'when: "{{ card.kind }}"'))
    [error] = _diagnostics(run_pnp, spec)
    assert (error["line"], error["rule"]) == (13, "deck.when")


def test_a_when_with_an_unknown_field_suggests_the_right_one(run_pnp, tmp_kit):
    spec = tmp_kit(KIT.replace("when: \"card.kind == 'boss'\"", "when: \"card.knd == 'boss'\""))
    [error] = _diagnostics(run_pnp, spec)
    assert error["line"] == 13 and error["hint"] == "did you mean 'card.kind'?"


def test_a_template_where_none_is_filled_in_points_to_the_front_layout(run_pnp, tmp_kit, tmp_path: Path):
    """A deck-wide `fill:` is one colour: a template there is refused with the place it works, and that place
    (`front: {fill: ...}`) prints each card in its own colour."""
    there = tmp_kit(KIT.replace("    name: Cards\n", '    name: Cards\n    fill: "{{ card.ink }}"\n'))
    [error] = _diagnostics(run_pnp, there)
    assert (error["line"], error["rule"]) == (6, "spec.value")
    assert "is a template, and templates are not filled in here" in error["message"]
    assert 'front: {fill: "{{ card.ink }}"}'.replace("ink", "colour") in error["hint"]
    moved = tmp_kit(KIT.replace("    name: Cards\n", '    name: Cards\n    front: {fill: "{{ card.ink }}"}\n'))
    result = run_pnp("render", moved, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        fills = {tuple(round(v, 2) for v in r["non_stroking_color"]) for r in pdf.pages[0].rects
                 if r["width"] > 100}
    assert {(1.0, 0.0, 0.0), (0.0, 1.0, 0.0)} <= fills
