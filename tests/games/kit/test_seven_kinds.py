"""Every problem at once: a broken part never hides its siblings' problems. The fixture kit
(`fixtures/seven_kinds`) has eight mistakes of seven kinds, four of them in one layout whose bad colour used to
stand the whole card in for a blank one, hiding the layout's broken template, its word too long and its card's
missing image; `pnp validate` reports all eight in one run, each at its own line."""

from __future__ import annotations

import json
from pathlib import Path

KIT = Path(__file__).parent / "fixtures" / "seven_kinds" / "kit.yaml"
EXPECTED = {  # kinds: a colour, a template, a word too long, a length, a key, a data column, images
    ("kit.yaml", 16, "spec.value", "error"): "'#ggg' is not a colour",
    ("kit.yaml", 18, "template", "error"): "unexpected end of template",
    ("kit.yaml", 19, "text.overflow", "warning"): 'the word "Unspeakablyhorrendousmonstrosity"',
    ("kit.yaml", 24, "spec.value", "error"): "expected a length",
    ("kit.yaml", 28, "spec.unknown_key", "error"): "unknown key 'sizee'",
    ("monsters.csv", 1, "deck.data.field", "error"): "no 'colour' column",
    ("monsters.csv", 3, "spec.image", "error"): "'img/trol.png' does not exist",
    ("monsters.csv", 4, "spec.image", "error"): "'img/ghost.png' does not exist",
}
"""(file, line, rule, severity) -> part of the message, for each of the eight mistakes."""


def test_a_kit_with_eight_mistakes_of_seven_kinds_reports_every_one_located(run_pnp) -> None:
    result = run_pnp("validate", KIT, "--format", "json")
    assert result.exit_code == 1, result.output
    reported = json.loads(result.stdout)
    found = {(Path(d["file"]).name, d["line"], d["rule"], d["severity"]): d for d in reported}
    assert set(found) == set(EXPECTED) and len(reported) == 8, sorted(found)  # each mistake once
    for key, words in EXPECTED.items():
        assert words in found[key]["message"], found[key]
        assert found[key]["column"] >= 1


ELEMENTS = """\
kit: Siblings
components:
  - type: deck
    name: Deck
    cards:
      - name: One
        elements:
          - {type: rect, x: 1mm, y: 1mm, width: 5mm, height: 5mm, fill: "#zzz"}
          - {type: image, src: missing.png, x: 4mm, y: 30mm, width: 20mm, height: 20mm}
          - {type: text, text: "{{ card.name ", x: 4mm, y: 4mm}
        nmae: typo
      - name: Two
        count: many
        elements:
          - {type: image, src: gone.png, x: 4mm, y: 30mm, width: 20mm, height: 20mm}
"""


def test_a_broken_element_or_card_value_hides_none_of_the_card_s_other_problems(run_pnp, tmp_kit) -> None:
    found = json.loads(run_pnp("validate", tmp_kit(ELEMENTS), "--format", "json").stdout)
    assert sorted((d["line"], d["rule"]) for d in found) == [
        (8, "spec.value"), (9, "spec.image"), (10, "template"), (11, "spec.unknown_key"), (13, "spec.value"),
        (15, "spec.image")]
