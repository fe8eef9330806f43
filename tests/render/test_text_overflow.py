"""Text that does not fit is a `text.overflow` warning at the text element, naming the card and its deck, from
`validate` and `render` alike (render still prints); measured as the PDF sets it."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest

from pnp.text.fonts import text_width_mm

KIT = """\
kit: Overflow
sheets: {{duplex: none}}
components:
  - type: deck
    name: Rules
    size: poker
    cards:
      - name: The card
        elements:
          - {element}
"""


def _warnings(run_pnp, spec: Path) -> list[dict]:
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 0, result.output
    return [d for d in json.loads(result.stdout) if d["rule"] == "text.overflow"]


@pytest.mark.parametrize(("element", "words"), [
    ('{type: text, text: "one\\ntwo\\nthree", x: 5mm, y: 5mm, width: 40mm, height: 8mm, size: 4mm}',
     ["3 line(s) need 13.6 mm", "box is 8 mm high"]),
    ('{type: text, text: "Supercalifragilistic", x: 5mm, y: 5mm, width: 30mm, size: 6mm}',
     ['the word "Supercalifragilistic"', "wider than the 30 mm wide box"]),
    ('{type: text, text: "Supercalifragilistic", x: 20mm, y: 5mm, size: 6mm}',
     ['the word "Supercalifragilistic"', "wider than the 43 mm to the card's right edge"]),
    ('{type: text, text: "Bottom", x: 5mm, y: 85mm, size: 5mm}', ["2.0 mm past the bottom edge of the card's trim"]),
    ('{type: text, text: "Right", x: 0mm, y: 5mm, width: 70mm, size: 5mm, align: right}',
     ["past the right edge of the card's trim"]),
    ('{type: text, text: "Turned text", x: 2mm, y: 5mm, size: 5mm, width: 30mm, rotate: 90}',
     ["past the left edge of the card's trim"]),
])
def test_text_that_does_not_fit_warns_at_its_element(run_pnp, tmp_kit, element: str, words: list[str]):
    spec = tmp_kit(KIT.format(element=element))
    warnings = _warnings(run_pnp, spec)
    assert len(warnings) == 1, warnings
    w = warnings[0]
    assert (w["severity"], w["file"], w["line"], w["column"]) == ("warning", str(spec), 10, 13)
    assert 'card "The card" of deck "Rules"' in w["message"]
    for text in words:
        assert text in w["message"]


def test_text_that_fits_gives_no_warning(run_pnp, tmp_kit):
    spec = tmp_kit(KIT.format(element='{type: text, text: "fits well", x: 5mm, y: 5mm, width: 40mm, '
                                      'height: 4mm, size: 4mm}'))
    assert _warnings(run_pnp, spec) == []


@pytest.mark.parametrize(("room", "warns"), [(0.1, False), (-0.1, True)])
def test_the_limit_is_the_fonts_real_width(run_pnp, tmp_kit, room: float, warns: bool):
    word = "Wwwwiiiiillll"
    width = text_width_mm(word, "sans-bold", 5.0) + room
    spec = tmp_kit(KIT.format(element=f'{{type: text, text: "{word}", x: 2mm, y: 5mm, width: {width:.3f}mm, '
                                      'size: 5mm, font: sans-bold}'))
    assert bool(_warnings(run_pnp, spec)) is warns


def test_render_prints_the_same_warning_and_still_renders_the_text_as_measured(run_pnp, tmp_kit, tmp_path: Path):
    spec = tmp_kit(KIT.format(element='{type: text, text: "Supercalifragilistic", x: 5mm, y: 5mm, width: 30mm, '
                                      'size: 6mm}'))
    checked = run_pnp("validate", spec)
    rendered = run_pnp("render", spec, "-o", tmp_path / "out")
    assert rendered.exit_code == 0
    line = next(x for x in checked.stderr.splitlines() if "[text.overflow]" in x)
    assert line in rendered.stderr.splitlines()
    said = float(line.split(" is ")[1].split(" mm")[0])
    with pdfplumber.open(tmp_path / "out" / "overflow-a4.pdf") as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"] in "Supercalifragilistic" and c["size"] > 10]
    drawn = (max(c["x1"] for c in chars) - min(c["x0"] for c in chars)) * 25.4 / 72
    assert drawn == pytest.approx(said, abs=0.1)


BACKS = """\
kit: Backs
sheets: {duplex: long-edge}
components:
  - type: deck
    name: Rules
    back:
      elements:
        - {type: text, text: "A very long back title", x: 5mm, y: 5mm, width: 30mm, height: 6mm, size: 5mm}
        - {type: text, text: "{{ card.name }}", x: 5mm, y: 20mm, width: 12mm, size: 5mm}
    cards:
      - {name: Fine, count: 3}
      - {name: Longname}
  - type: counters
    name: Tokens
    size: 20mm
    items:
      - {label: X, elements: [{type: text, text: "Overlong", x: 2mm, y: 2mm, size: 5mm}]}
"""


def test_a_shared_back_warns_once_and_templated_texts_name_their_card(run_pnp, tmp_kit):
    spec = tmp_kit(BACKS)
    messages = sorted((w["line"], w["message"]) for w in _warnings(run_pnp, spec))
    assert len(messages) == 3, messages
    (l1, back), (l2, card), (l3, counter) = messages
    assert (l1, l2, l3) == (8, 9, 17)
    assert 'text on the back of deck "Rules" does not fit' in back
    assert 'text on the back of card "Longname" of deck "Rules" does not fit' in card
    assert 'text on counter "X" of "Tokens" does not fit' in counter and "counter's right edge" in counter


def test_the_schema_knows_the_text_height(run_pnp):
    result = run_pnp("schema")
    schema = json.loads(result.stdout)
    assert "height" in schema["$defs"]["TextElement"]["properties"]
