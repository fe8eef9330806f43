"""`card.index`, `card.copy` and `card.count` in a deck's templates (texts, other properties, `when`), and a
deck's `export_name:` naming the files of `--format cards`, read back from the files pnp writes."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber

KIT = """\
kit: Places
components:
  - type: deck
    name: Deck
    front:
      elements:
        - {type: text, x: 4mm, y: 4mm, size: 4mm, text: "N{{ card.index }}C{{ card.copy }}of{{ card.count }}"}
        - {type: rect, x: 4mm, y: 40mm, width: 10mm, height: 10mm, fill: "#ff0000", when: "card.copy == 2"}
    cards:
      - {name: Alpha, count: 3}
      - {name: Beta, count: 2}
"""


def _texts(pdf_path: Path) -> str:
    with pdfplumber.open(pdf_path) as pdf:
        return " ".join(page.extract_text() for page in pdf.pages)


def _red_rects(pdf_path: Path) -> int:
    with pdfplumber.open(pdf_path) as pdf:
        return sum(1 for page in pdf.pages for r in page.rects
                   if tuple(round(v, 2) for v in r.get("non_stroking_color") or ()) == (1.0, 0.0, 0.0))


def test_every_copy_knows_its_place_in_the_deck(run_pnp, tmp_kit, tmp_path: Path):
    spec = tmp_kit(KIT)
    result = run_pnp("render", spec, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    pdf = next((tmp_path / "out").glob("*.pdf"))
    text = _texts(pdf)
    for label in ("N1C1of3", "N2C2of3", "N3C3of3", "N4C1of2", "N5C2of2"):
        assert label in text
    assert _red_rects(pdf) == 2  # `when: card.copy == 2`: the second Alpha and the second Beta


def test_data_rows_are_numbered_after_their_counts(run_pnp, tmp_kit, tmp_path: Path):
    spec = tmp_kit(KIT.replace("    cards:\n      - {name: Alpha, count: 3}\n      - {name: Beta, count: 2}\n",
                               "    data: cards.csv\n"))
    (spec.parent / "cards.csv").write_text("name,count\nAlpha,2\nBeta,1\n", encoding="utf-8")
    result = run_pnp("render", spec, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    pdf = next((tmp_path / "out").glob("*.pdf"))
    assert all(label in _texts(pdf) for label in ("N1C1of2", "N2C2of2", "N3C1of1"))
    assert _red_rects(pdf) == 1


def test_export_name_names_the_card_files(run_pnp, tmp_kit, tmp_path: Path):
    spec = tmp_kit(KIT + '    export_name: "{{ deck.name }}_{{ card.index }}_{{ card.name | lower }}"\n')
    result = run_pnp("render", spec, "-o", tmp_path / "out", "--format", "cards", "--dpi", "40")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "out").glob("*.png"))
    assert names == [f"Deck_{i}_{n}-front.png" for i, n in
                     ((1, "alpha"), (2, "alpha"), (3, "alpha"), (4, "beta"), (5, "beta"))]


def test_without_export_name_the_files_keep_their_pattern(run_pnp, tmp_kit, tmp_path: Path):
    spec = tmp_kit(KIT.replace("N{{ card.index }}C{{ card.copy }}of{{ card.count }}", "{{ card.name }}")
                   .replace(', when: "card.copy == 2"', ""))
    result = run_pnp("render", spec, "-o", tmp_path / "out", "--format", "cards", "--dpi", "40")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "out").glob("*.png"))
    assert names == ["places-cards-deck-001-alpha-x3-front.png", "places-cards-deck-002-beta-x2-front.png"]


def _errors(run_pnp, spec: Path) -> list[dict]:
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1, result.output
    return json.loads(result.stdout)


def test_unsafe_export_names_are_located_errors(run_pnp, tmp_kit):
    for template, words in (("../{{ card.name }}", "'/'"), ("{{ '..' }}", "folder"), ("a/{{ card.index }}", "'/'"),
                            ("{{ '' }}", "empty"), ("same", "to both card 1 (Alpha) and card 2 (Alpha)")):
        spec = tmp_kit(KIT + f'    export_name: "{template}"\n')
        [error] = _errors(run_pnp, spec)
        assert error["rule"] == "deck.export_name" and words in error["message"], (template, error)
        assert (error["line"], error["column"]) == (12, 18) and error["hint"]


def test_two_cards_that_look_alike_do_not_share_one_file(run_pnp, tmp_kit, tmp_path: Path):
    # Goblin and Orc draw the same face, but they are two cards: one file for both loses one of them.
    spec = tmp_kit('kit: Twins\ncomponents:\n  - type: deck\n    name: Deck\n    export_name: "{{ card.kind }}"\n'
                   "    cards:\n      - {name: Goblin, fields: {kind: monster}}\n"
                   "      - {name: Orc, fields: {kind: monster}}\n")
    [error] = _errors(run_pnp, spec)
    assert error["rule"] == "deck.export_name" and "card 1 (Goblin) and card 2 (Orc)" in error["message"], error
    assert (error["line"], error["column"]) == (5, 18)
    result = run_pnp("render", spec, "-o", tmp_path / "out", "--format", "cards", "--dpi", "40")
    assert result.exit_code == 1 and not list((tmp_path / "out").glob("*.png"))


def test_a_safe_export_name_validates(run_pnp, tmp_kit):
    for template in ("{{ card.name }}-{{ card.copy }}", "ace..high-{{ card.index }}"):  # two dots are no path
        spec = tmp_kit(KIT + f'    export_name: "{template}"\n')
        result = run_pnp("validate", spec)
        assert result.exit_code == 0, (template, result.output)


def test_a_data_column_named_index_is_warned_about(run_pnp, tmp_kit):
    spec = tmp_kit(KIT.replace("    cards:\n      - {name: Alpha, count: 3}\n      - {name: Beta, count: 2}\n",
                               "    data: cards.csv\n"))
    (spec.parent / "cards.csv").write_text("name,index\nAlpha,7\n", encoding="utf-8")
    result = run_pnp("validate", spec, "--format", "json")
    [warning] = [d for d in json.loads(result.stdout) if d["rule"] == "deck.data.header"]
    assert "card.index" in warning["message"] and warning["severity"] == "warning"


def test_a_back_that_quotes_the_place_is_drawn_per_copy(run_pnp, tmp_kit, tmp_path: Path):
    spec = tmp_kit(KIT + '    back: {elements: [{type: text, x: 4mm, y: 4mm, size: 4mm, text: "B{{ card.index }}"}]}\n')
    result = run_pnp("render", spec, "-o", tmp_path / "out", "--format", "cards", "--dpi", "40")
    assert result.exit_code == 0, result.output
    backs = sorted(p.name for p in (tmp_path / "out").glob("*-back.png"))
    assert len(backs) == 5 and all("-x" not in name for name in backs)  # one back per copy, each its own file


def test_card_copy_is_the_key_but_other_methods_stay_methods(run_pnp, tmp_kit):
    spec = tmp_kit(KIT.replace("N{{ card.index }}C{{ card.copy }}of{{ card.count }}", "{{ card.items }}"))
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1 and "'items' is a method" in result.stdout
