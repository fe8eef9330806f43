"""`fit: shrink`: text in a box is set smaller, in steps, until it fits, and no smaller than `min_size`; what
still does not fit is the `text.overflow` warning. Sizes are read back from the PDF."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber

from pnp.text.fonts import text_width_mm

KIT = """\
kit: Shrink
sheets: {{duplex: none}}
components:
  - type: deck
    name: Rules
    size: poker
    cards:
      - name: The card
        elements:
          - {{type: text, text: "{text}", x: 5mm, y: 5mm, width: 40mm, height: {height}, size: 6mm, fit: shrink{more}}}
"""
PT = 72 / 25.4


def _render(run_pnp, tmp_kit, tmp_path: Path, text: str, height: str, more: str = "") -> tuple[list[dict], float]:
    spec = tmp_kit(KIT.format(text=text, height=height, more=more))
    checked = run_pnp("validate", spec, "--format", "json")
    assert checked.exit_code == 0, checked.output
    warnings = [d for d in json.loads(checked.stdout) if d["rule"] == "text.overflow"]
    assert run_pnp("render", spec, "-o", tmp_path / "out").exit_code == 0
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        page = pdf.pages[0]  # the sheet's own labels are in the bottom 20 mm
        sizes = {round(c["size"] / PT, 2) for c in page.chars if c["text"].strip() and c["top"] < page.height - 20 * PT}
    assert len(sizes) == 1, sizes
    return warnings, sizes.pop()


def test_a_long_word_shrinks_until_it_fits_its_width(run_pnp, tmp_kit, tmp_path: Path):
    word = "Incomprehensible"
    warnings, size = _render(run_pnp, tmp_kit, tmp_path, word, "20mm")
    assert warnings == []
    assert size < 6 and text_width_mm(word, "sans", size) <= 40.05
    assert text_width_mm(word, "sans", size / 0.95) > 40  # one step larger would not fit


def test_text_that_fits_keeps_its_size(run_pnp, tmp_kit, tmp_path: Path):
    warnings, size = _render(run_pnp, tmp_kit, tmp_path, "Fits", "20mm")
    assert (warnings, size) == ([], 6.0)


def test_text_that_cannot_fit_stops_at_min_size_and_warns(run_pnp, tmp_kit, tmp_path: Path):
    text = " ".join(["many words"] * 30)
    warnings, size = _render(run_pnp, tmp_kit, tmp_path, text, "8mm", ", min_size: 4mm")
    assert size == 4.0
    [warning] = warnings
    assert "does not fit" in warning["message"] and "box is 8 mm high" in warning["message"]


def test_the_default_min_size_is_half_the_size(run_pnp, tmp_kit, tmp_path: Path):
    _, size = _render(run_pnp, tmp_kit, tmp_path, " ".join(["many words"] * 30), "8mm")
    assert size == 3.0


def test_shrink_without_a_box_is_an_error(run_pnp, tmp_kit):
    spec = tmp_kit(KIT.format(text="x", height="20mm", more="").replace("width: 40mm, ", ""))
    result = run_pnp("validate", spec)
    assert result.exit_code == 1
    assert "fit: shrink needs a box" in result.stderr
