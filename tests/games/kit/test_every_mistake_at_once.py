"""`pnp validate` on a kit with mistakes of eight kinds reports them in one run: every check that does not
depend on a broken part runs (a missing data column does not hide the deck's images, texts and sizes)."""

from __future__ import annotations

import json

from tests.tabledata import write_csv

KIT = """\
kit: Mistakes
sheets: {paper: a4, duplex: none}
components:
  - type: deck
    name: Monsters
    data: monsters.csv
    front:
      fill: "{{ card.colour }}"
      elements:
        - {type: text, text: "{{ card.name }}", x: 4mm, y: 4mm, size: 5mm}
        - {type: image, src: "img/{{ card.picture }}.png", x: 4mm, y: 30mm, width: 20mm, height: 20mm}
        - {type: text, text: "Power {{ card.power ", x: 4mm, y: 12mm, size: 4mm}
        - {type: text, text: "Runs away screaming whenever it sees light", x: 4mm, y: 60mm, width: 12mm,
           height: 5mm, size: 5mm}
    layouts:
      boss:
        elements:
          - {type: text, text: "BOSS {{ card.name }}", x: 4mm, y: 4mm, size: 5mm}
  - type: deck
    name: Posters
    size: {width: 400mm, height: 500mm}
    cards: [{name: Big}]
  - type: deck
    name: Tokens
    fill: "#ggg"
    cards: [{name: Token}]
"""
ROWS = [["name", "count", "picture", "power", "layout"],
        ["Goblin", "2", "goblin", "3", ""],
        ["Orc", "1", "orc", "5", ""],
        ["Troll", "1", "troll", "7", "bos"],
        ["Ghost", "1", "ghost", "1", ""]]
KINDS = {
    "missing column": lambda d: d["rule"] == "deck.data.field" and "card.colour" in d["message"],
    "unknown layout": lambda d: d["rule"] == "deck.layout" and "'bos'" in d["message"],
    "missing image": lambda d: d["rule"].startswith("spec") and "ghost.png" in d["message"],
    "not an image": lambda d: d["rule"] == "spec.image" and "orc.png" in d["message"],
    "unclosed template": lambda d: d["rule"] == "template",
    "too big for the paper": lambda d: "Posters" in d["message"] or d["line"] == 22,
    "bad colour": lambda d: "'#ggg'" in d["message"],
    "overflowing text": lambda d: d["rule"] == "text.overflow",
}


def _png() -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (20, 20), (0, 128, 0)).save(out, "PNG")
    return out.getvalue()


def test_eight_kinds_of_mistake_are_reported_in_one_run(run_pnp, tmp_kit):
    spec = tmp_kit(KIT, {"img/goblin.png": _png(), "img/troll.png": _png(), "img/orc.png": "not a picture"})
    write_csv(spec.parent / "monsters.csv", ROWS)
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1, result.output
    found = json.loads(result.stdout)
    kinds = {kind for kind, test in KINDS.items() if any(test(d) for d in found)}
    assert kinds == set(KINDS), (sorted(kinds), found)
    assert sum(d["severity"] == "error" for d in found) == 7  # each mistake once


SHARED = """\
kit: Shared
components:
  - {type: deck, name: Cards, data: cards.csv, front: {elements: [
      {type: text, text: "{{ card.name }}", x: 4mm, y: 4mm, size: 5 parsecs},
      {type: text, text: "{{ card.name }} runs away whenever it sees light", x: 4mm, y: 20mm, width: 12mm,
       height: 5mm, size: 5mm}]}}
"""


def test_a_mistake_in_a_shared_front_is_one_diagnostic_naming_the_cards(run_pnp, tmp_kit):
    spec = tmp_kit(SHARED)
    write_csv(spec.parent / "cards.csv", [["name"], *[[f"c{i}"] for i in range(120)]])
    error, sibling = json.loads(run_pnp("validate", spec, "--format", "json").stdout)
    assert (error["line"], error["rule"]) == (4, "spec.value")
    assert error["message"].startswith("size: expected a length") and "(on 120 cards)" in error["message"]
    assert (sibling["line"], sibling["rule"], sibling["severity"]) == (5, "text.overflow", "warning")  # not hidden
    spec.write_text(SHARED.replace("5 parsecs", "5mm"), encoding="utf-8")
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 0, result.output
    [warning] = json.loads(result.stdout)
    assert (warning["line"], warning["rule"], warning["severity"]) == (5, "text.overflow", "warning")
    assert "on 120 cards" in warning["message"]
