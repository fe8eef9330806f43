"""A bad value of a drawing key is one located error with a hint (and the value next to it passes); counter
labels take markup and icons as texts do."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image as PILImage
from pypdf import PdfReader

from tests.conftest import KitFactory, PnpRunner

KIT = """\
kit: Keys test
sheets: {{paper: a4, crop_marks: false}}
components:
  - type: deck
    name: D
    size: poker
    cards:
      - name: One
        elements:
          - {element}
"""

BAD = {
    "opacity over 1": ("{type: rect, width: 5mm, height: 5mm, fill: red, opacity: 1.5}",
                       "{type: rect, width: 5mm, height: 5mm, fill: red, opacity: 1}", "opacity"),
    "opacity under 0": ("{type: text, text: T, opacity: -0.1}", "{type: text, text: T, opacity: 0}", "opacity"),
    "angle past 360": ("{type: rect, width: 5mm, height: 5mm, fill: {linear: [red, blue], angle: 400}}",
                       "{type: rect, width: 5mm, height: 5mm, fill: {linear: [red, blue], angle: 360}}", "angle"),
    "angle not a number": ("{type: rect, width: 5mm, height: 5mm, fill: {linear: [red, blue], angle: 45deg}}",
                           "{type: rect, width: 5mm, height: 5mm, fill: {linear: [red, blue], angle: 45}}", "angle"),
    "one gradient colour": ("{type: ellipse, cx: 5mm, cy: 5mm, rx: 3mm, fill: {radial: [red]}}",
                            "{type: ellipse, cx: 5mm, cy: 5mm, rx: 3mm, fill: {radial: [red, blue]}}",
                            "radial: 2 items are needed, 1 given"),  # was "missing required key '1'"
    "gradient of no kind": ("{type: rect, width: 5mm, height: 5mm, fill: {lineer: [red, blue]}}",
                            "{type: rect, width: 5mm, height: 5mm, fill: {linear: [red, blue]}}", "linear"),
    "zero dash": ("{type: line, x1: 0mm, y1: 0mm, x2: 5mm, y2: 0mm, dash: [0mm, 1mm]}",
                  "{type: line, x1: 0mm, y1: 0mm, x2: 5mm, y2: 0mm, dash: [0.1mm, 1mm]}", "dash"),
    "dash too fine to print": ("{type: line, x1: 0mm, y1: 0mm, x2: 5mm, y2: 0mm, dash: [1mm, 0.01mm]}",
                               "{type: line, x1: 0mm, y1: 0mm, x2: 5mm, y2: 0mm, dash: [1mm, 0.05mm]}",
                               "too fine to print"),  # was written into the PDF as the invalid [0 0] 0 d
    "dash of one length": ("{type: polygon, points: [[0, 0], [5, 5]], dash: [2mm]}",
                           "{type: polygon, points: [[0, 0], [5, 5]], dash: [2mm, 1mm]}", "dash"),
    "dash not a length": ("{type: rect, width: 5mm, height: 5mm, stroke: red, dash: [2 parsecs, 1mm]}",
                          "{type: rect, width: 5mm, height: 5mm, stroke: red, dash: [2mm, 1mm]}", "dash"),
    "valign without height": ("{type: text, text: T, valign: middle}",
                              "{type: text, text: T, valign: middle, height: 10mm}", "valign"),
    "unknown valign": ("{type: text, text: T, height: 10mm, valign: centre}",
                       "{type: text, text: T, height: 10mm, valign: middle}", "valign"),
    "outline without colour": ("{type: text, text: T, outline: {width: 1mm}}",
                               "{type: text, text: T, outline: {colour: white, width: 1mm}}", "colour"),
    "image turned too far": ("{type: image, src: a.png, rotate: 720}", "{type: image, src: a.png, rotate: -90}",
                             "rotate"),
}


def _png() -> bytes:
    out = io.BytesIO()
    PILImage.new("RGB", (800, 1100), (10, 20, 30)).save(out, format="PNG")
    return out.getvalue()


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_a_bad_drawing_value_is_one_located_error_with_a_hint(tmp_kit: KitFactory, run_pnp: PnpRunner, case: str):
    bad, good, key = BAD[case]
    files = {"a.png": _png()}
    result = run_pnp("validate", tmp_kit(KIT.format(element=bad), files), "--format", "json")
    assert result.exit_code == 1, result.output
    found = json.loads(result.stdout)
    assert found and all(d["line"] == 10 and d["hint"] for d in found), found
    assert any(key in d["message"] for d in found), found
    assert run_pnp("validate", tmp_kit(KIT.format(element=good), files)).exit_code == 0


def test_an_error_of_a_whole_text_points_at_the_text_not_at_its_words(tmp_kit: KitFactory, run_pnp: PnpRunner):
    # `valign` without `height` is about the element, not about its `text:` value (the tag `text` is not a key).
    element = "{type: text, text: T, valign: middle}"
    result = run_pnp("validate", tmp_kit(KIT.format(element=element)), "--format", "json")
    [found] = json.loads(result.stdout)
    assert (found["line"], found["column"]) == (10, 13), found  # the element's `{`, not the `T`
    assert found["message"].startswith("components.0.cards.0.elements.0: valign"), found


def test_a_gradient_of_one_colour_asks_for_two(tmp_kit: KitFactory, run_pnp: PnpRunner):
    element = "{type: rect, width: 5mm, height: 5mm, fill: {linear: [red]}}"
    result = run_pnp("validate", tmp_kit(KIT.format(element=element)), "--format", "json")
    [found] = json.loads(result.stdout)
    assert "2 items" in found["message"] and "1 given" in found["message"], found
    assert "`1:`" not in found["hint"] and "[gold, firebrick]" in found["hint"], found


def test_a_misspelt_gradient_key_is_answered_with_did_you_mean(tmp_kit: KitFactory, run_pnp: PnpRunner):
    element = "{type: rect, width: 5mm, height: 5mm, fill: {lineer: [red, blue]}}"
    found = json.loads(run_pnp("validate", tmp_kit(KIT.format(element=element)), "--format", "json").stdout)
    [unknown] = [d for d in found if d["rule"] == "spec.unknown_key"]
    assert unknown["hint"] == "did you mean 'linear'?", found


def test_a_dash_of_one_length_says_how_many_it_needs(tmp_kit: KitFactory, run_pnp: PnpRunner):
    element = "{type: line, x1: 0mm, y1: 0mm, x2: 5mm, y2: 0mm, dash: [2mm]}"
    [found] = json.loads(run_pnp("validate", tmp_kit(KIT.format(element=element)), "--format", "json").stdout)
    assert found["message"].endswith("dash: at least 2 items are needed, 1 given"), found
    assert "after validation" not in found["message"]


def test_the_words_other_tools_use_for_alignment_are_answered(tmp_kit: KitFactory, run_pnp: PnpRunner):
    for key, word, meant in (("valign", "center", "middle"), ("valign", "centre", "middle"),
                             ("align", "centre", "center"), ("align", "middle", "center")):
        element = f"{{type: text, text: T, height: 10mm, {key}: {word}}}"
        [found] = json.loads(run_pnp("validate", tmp_kit(KIT.format(element=element)), "--format", "json").stdout)
        assert found["hint"] == f"did you mean {meant!r}?", (key, word, found)


COUNTERS = """\
kit: Counter test
sheets: {{paper: a4, crop_marks: false}}
icons: {{coin: coin.png}}
components:
  - type: counters
    name: C
    size: 20mm
    items:
      - {{label: "{label}"}}
"""


def test_a_counter_label_draws_its_icons_and_markup(tmp_kit: KitFactory, run_pnp: PnpRunner):
    out = io.BytesIO()
    PILImage.new("RGB", (64, 64), (200, 150, 0)).save(out, format="PNG")
    spec = tmp_kit(COUNTERS.format(label="3 :coin:"), {"coin.png": out.getvalue()})
    result = run_pnp("render", spec, "-o", spec.parent / "out", "--format", "pdf")
    assert result.exit_code == 0, result.output
    page = PdfReader(next((spec.parent / "out").glob("*.pdf"))).pages[0]
    assert len(page["/Resources"]["/XObject"]) == 1  # the coin, drawn
    text = page.extract_text()
    assert "3" in text and ":coin:" not in text


def test_an_unknown_icon_in_a_counter_label_is_an_error_at_the_label(tmp_kit: KitFactory, run_pnp: PnpRunner):
    out = io.BytesIO()
    PILImage.new("RGB", (64, 64), (200, 150, 0)).save(out, format="PNG")
    spec = tmp_kit(COUNTERS.format(label="3 :con:"), {"coin.png": out.getvalue()})
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1
    [found] = json.loads(result.stdout)
    assert found["rule"] == "text.icon" and found["line"] == 9 and "coin" in found["hint"]


DATA_DECK = """\
kit: Data gradient
sheets: {paper: a4, crop_marks: false}
components:
  - type: deck
    name: D
    data: cards.csv
    front:
      fill: {linear: ["{{ card.ink }}", white], angle: 90}
      elements:
        - {type: text, text: "{{ card.name }}", x: 5mm, y: 5mm, opacity: "{{ card.alpha }}"}
"""


def test_a_layouts_gradient_and_opacity_may_come_from_data_and_errors_point_at_the_cell(
        tmp_kit: KitFactory, run_pnp: PnpRunner):
    good = tmp_kit(DATA_DECK, {"cards.csv": "name,ink,alpha\nA,red,0.5\nB,navy,1\n"})
    result = run_pnp("render", good, "-o", good.parent / "out", "--format", "pdf")
    assert result.exit_code == 0, result.output
    page = PdfReader(next((good.parent / "out").glob("*.pdf"))).pages[0]
    assert len(page["/Resources"]["/Shading"]) == 2  # one gradient per card: each its own ink
    bad = tmp_kit(DATA_DECK, {"cards.csv": "name,ink,alpha\nA,redd,2\n"})
    found = json.loads(run_pnp("validate", bad, "--format", "json").stdout)
    assert {(d["file"].rsplit("/", 1)[-1], d["line"], d["column"]) for d in found} == {("cards.csv", 2, 2),
                                                                                     ("cards.csv", 2, 3)}
    assert all(d["hint"] for d in found)
