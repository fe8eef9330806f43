"""Decks drawn from data tables with one layout: every row printed as a card in the PDF, `count` copies of it,
its colours and images taken from its fields, and errors at the cell that holds the bad value."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import Image

from tests.tabledata import WRITERS, write_csv

DPI = 72
KIT = """\
kit: Monsters
sheets: {{paper: a4, duplex: none}}
components:
  - type: deck
    name: Monsters
    data: {data}
    front:
      fill: "{{{{ card.colour }}}}"
      elements:
        - {{type: text, text: "{{{{ card.name }}}}", x: 4mm, y: 4mm, size: 5mm}}
        - {{type: image, src: "img/{{{{ card.picture }}}}.png", x: 4mm, y: 30mm, width: 20mm, height: 20mm}}
        - {{type: text, text: "BOSS", x: 4mm, y: 60mm, size: 5mm, when: "card.kind == 'boss'"}}
"""
ROWS = [["name", "count", "colour", "picture", "kind"],
        ["Goblin", "3", "#ff0000", "green", "minion"],
        ["Orc", "", "#0000ff", "yellow", "boss"],
        ["Troll", "2", "#00ff00", "green", "minion"]]
PICTURES = {"green": (0, 128, 0), "yellow": (255, 255, 0)}


def _png(colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (20, 20), colour).save(out, "PNG")
    return out.getvalue()


def _kit(tmp_kit, suffix: str, rows: list[list[str]] = ROWS, edit: tuple[str, str] = ("", "")) -> Path:
    folder = tmp_kit(KIT.format(data=f"monsters{suffix}").replace(*edit, 1),
                     {f"img/{name}.png": _png(rgb) for name, rgb in PICTURES.items()}).parent
    WRITERS[suffix](folder / f"monsters{suffix}", rows)
    return folder / "kit.yaml"


def _cards(pdf: Path) -> list[tuple[str, tuple[int, ...], tuple[int, ...], bool]]:
    """Each card printed: its name, the colour of its face, the colour of its picture, whether it says BOSS."""
    found = []
    document = pdfium.PdfDocument(pdf)
    with pdfplumber.open(pdf) as plumbed:
        for number, page in enumerate(plumbed.pages):
            picture = document[number].render(scale=DPI / 72).to_pil().convert("RGB")
            words = page.extract_words(extra_attrs=["size"])
            bosses = [w for w in words if w["text"] == "BOSS"]
            for word in words:
                if word["text"] in ("BOSS",) or word["size"] < 10 or word["top"] > page.height - 40:
                    continue
                x, top = word["x0"], word["top"]
                face = picture.getpixel((round(x + 60), round(top + 40)))
                image = picture.getpixel((round(x + 20), round(top + 85)))
                boss = any(abs(b["x0"] - x) < 1 and 0 < b["top"] - top < 200 for b in bosses)
                found.append((word["text"], face, image, boss))
    document.close()
    return found


@pytest.mark.parametrize("suffix", sorted(WRITERS))
def test_every_row_of_every_format_prints_its_cards(run_pnp, tmp_kit, tmp_path: Path, suffix: str):
    spec = _kit(tmp_kit, suffix)
    result = run_pnp("render", spec, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    cards = _cards(next((tmp_path / "out").glob("*.pdf")))
    red, blue, green = (255, 0, 0), (0, 0, 255), (0, 255, 0)
    assert sorted(cards) == sorted([("Goblin", red, PICTURES["green"], False)] * 3
                                   + [("Orc", blue, PICTURES["yellow"], True)]
                                   + [("Troll", green, PICTURES["green"], False)] * 2)


def test_pnp_info_counts_yaml_cards_and_data_rows(run_pnp, tmp_kit):
    spec = _kit(tmp_kit, ".csv", edit=("    front:", "    cards:\n      - {name: Hero, count: 4, "
                                              "fields: {colour: red, picture: green, kind: hero}}\n    front:"))
    result = run_pnp("info", spec)
    assert result.exit_code == 0, result.output
    assert "Monsters: 10 x 63 x 88 mm" in result.output


def _errors(run_pnp, spec: Path) -> list[dict]:
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1, result.output
    return [d for d in json.loads(result.stdout) if d["severity"] == "error"]


def test_a_bad_colour_is_reported_at_its_cell_with_a_suggestion(run_pnp, tmp_kit):
    rows = [*ROWS[:2], ["Orc", "1", "redd", "green", "boss"]]
    spec = _kit(tmp_kit, ".csv", rows)
    [error] = _errors(run_pnp, spec)
    assert (Path(error["file"]).name, error["line"], error["column"]) == ("monsters.csv", 3, 3)
    assert error["rule"] == "deck.data.colour"
    assert "'redd' is not a colour" in error["message"] and error["hint"] == "did you mean 'red'?"
    text = run_pnp("validate", spec).stderr
    assert "monsters.csv:3:3: error [deck.data.colour] 'redd' is not a colour" in text


def test_a_bad_count_is_reported_at_its_cell_after_a_multiline_cell(run_pnp, tmp_kit):
    rows = [["name", "count", "colour", "picture", "kind"], ["Go\nblin", "2", "red", "green", "x"],
            ["Orc", "three", "red", "green", "x"]]
    [error] = _errors(run_pnp, _kit(tmp_kit, ".csv", rows))
    assert (Path(error["file"]).name, error["line"], error["column"]) == ("monsters.csv", 4, 2)


def test_a_bad_number_in_a_spreadsheet_is_reported_at_row_and_column(run_pnp, tmp_kit):
    rows = [[*ROWS[0], "size"], [*ROWS[1], "5mm"], [*ROWS[2], "big"]]
    [error] = _errors(run_pnp, _kit(tmp_kit, ".xlsx", rows, ("size: 5mm}", 'size: "{{ card.size }}"}')))
    assert (Path(error["file"]).name, error["line"], error["column"]) == ("monsters.xlsx", 3, 6)


def test_a_field_missing_from_the_header_is_one_error_at_the_header(run_pnp, tmp_kit):
    rows = [["name", "count", "color", "picture", "kind"], *ROWS[1:]]
    [error] = _errors(run_pnp, _kit(tmp_kit, ".csv", rows))
    assert (Path(error["file"]).name, error["line"], error["column"]) == ("monsters.csv", 1, 1)
    assert "card.colour" in error["message"] and error["hint"] == "did you mean 'color'?"


def test_a_data_file_outside_the_kit_folder_is_refused(run_pnp, tmp_kit, tmp_path: Path):
    write_csv(tmp_path / "outside.csv", ROWS)
    spec = tmp_kit(KIT.format(data="../outside.csv"))
    [error] = _errors(run_pnp, spec)
    assert error["rule"] == "spec.data" and "outside the kit folder" in error["message"]
    (spec.parent / "link.csv").symlink_to(tmp_path / "outside.csv")
    spec.write_text(KIT.format(data="link.csv"), encoding="utf-8")
    [error] = _errors(run_pnp, spec)
    assert "symbolic link" in error["message"]


LAYOUTS = """\
kit: Two kinds
sheets: {paper: a4, duplex: none}
components:
  - type: deck
    name: Mixed
    data: cards.csv
    front:
      elements:
        - {type: text, text: "PLAIN {{ card.name }}", x: 4mm, y: 4mm, size: 5mm}
    layouts:
      attack:
        fill: "#ff0000"
        elements:
          - {type: text, text: "ATTACK {{ card.name }}", x: 4mm, y: 4mm, size: 5mm}
    cards:
      - {name: Written, layout: attack}
"""


def test_a_row_or_a_card_chooses_its_layout(run_pnp, tmp_kit, tmp_path: Path):
    spec = tmp_kit(LAYOUTS, {"cards.csv": "name,layout\nAlpha,attack\nBeta,\n"})
    result = run_pnp("render", spec, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        text = pdf.pages[0].extract_text()
    assert "ATTACK Written" in text and "ATTACK Alpha" in text and "PLAIN Beta" in text
    assert "PLAIN Alpha" not in text


def test_an_unknown_layout_is_reported_at_its_cell(run_pnp, tmp_kit):
    spec = tmp_kit(LAYOUTS, {"cards.csv": "name,layout\nAlpha,atack\n"})
    [error] = _errors(run_pnp, spec)
    assert (Path(error["file"]).name, error["line"], error["column"]) == ("cards.csv", 2, 2)
    assert error["hint"] == "did you mean 'attack'?"


def test_an_image_path_from_a_cell_stays_inside_the_kit(run_pnp, tmp_kit):
    rows = [*ROWS[:2], ["Orc", "1", "red", "../../../etc/passwd", "boss"]]
    [error] = _errors(run_pnp, _kit(tmp_kit, ".csv", rows))
    assert (Path(error["file"]).name, error["line"], error["column"]) == ("monsters.csv", 3, 4)
    assert "outside the kit folder" in error["message"]


def test_a_cell_is_data_never_template_source(run_pnp, tmp_kit, tmp_path: Path):
    rows = [*ROWS[:2], ["{{ 7*7 }}", "1", "red", "green", "boss"]]
    spec = _kit(tmp_kit, ".csv", rows)
    assert run_pnp("render", spec, "-o", tmp_path / "out").exit_code == 0
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        text = pdf.pages[0].extract_text()
    assert "{{ 7*7 }}" in text and "49" not in text


@pytest.mark.parametrize(("edit", "words"), [
    (("      elements:\n        - {type: text", "      element:\n        - {type: text"), "unknown key 'element'"),
    (("    front:\n      fill", "    front: big\n    fronts:\n      fill"), "expected a mapping"),
    (("- {type: image", "- {type: imag"), "did you mean 'image'?"),
])
def test_a_misspelt_layout_is_an_error_not_a_blank_card(run_pnp, tmp_kit, edit: tuple[str, str], words: str):
    errors = _errors(run_pnp, _kit(tmp_kit, ".csv", edit=edit))
    assert any(words in e["message"] or words in e["hint"] for e in errors), errors
    assert all(Path(e["file"]).name == "kit.yaml" for e in errors)
