"""Duplex over a mixed kit: every sheet's back is its own backs sheet or a blank page, in the spec's order
(read back from the rendered PDF); `sheets.order: two_sided_first` groups the two-sided components, with a
warning naming what moved."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber

from tests.conftest import PnpRunner

MIXED = """\
kit: Mixed duplex
sheets: {{paper: a4, duplex: long-edge{order}}}
components:
  - type: counters
    name: Damage tokens
    shape: square
    size: 20mm
    items:
      - {{label: "D", count: 12, fill: orange}}
  - type: counters
    name: Life tokens
    shape: round
    size: 16mm
    two_sided: true
    items:
      - {{label: "5", count: 12, fill: "#d62728", back_label: "5", back_fill: "#8c1c1d"}}
  - {{type: board, name: Track, rows: 14, columns: 11, cell: 25mm}}
"""


def _render(run_pnp: PnpRunner, tmp_path: Path, order: str = "") -> tuple[list[str], str]:
    spec = tmp_path / "kit.yaml"
    spec.write_text(MIXED.format(order=order), encoding="utf-8")
    out = tmp_path / "out"
    result = run_pnp("render", spec, "-o", out, "--format", "pdf")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next(out.glob("*.pdf"))) as pdf:
        return [page.extract_text() or "" for page in pdf.pages], result.stderr


def test_every_sheet_of_a_duplex_kit_has_its_own_back_or_a_blank_one(run_pnp: PnpRunner, tmp_path: Path):
    pages, err = _render(run_pnp, tmp_path)
    assert len(pages) % 2 == 0
    sheets = len(pages) // 2
    for number in range(1, sheets + 1):  # sheet k of paper: page 2k - 1, and page 2k on its back
        front, back = pages[2 * number - 2], pages[2 * number - 1]
        assert "intentionally blank" not in front and "backs of sheet" not in front, front
        assert f"sheet {number} of {sheets}" in front, front  # sheets of paper, not pages
        assert (f"backs of sheet {number}" in back or f"back of sheet {number}: intentionally blank" in back), back
        assert f" of {sheets}" not in back, back  # a back is not counted as another sheet
    # the spec's order: one-sided tokens (blank back), two-sided counters (their backs), the tiles, the map
    assert "D" in pages[0] and "intentionally blank" in pages[1]
    assert "5" in pages[2] and "backs of sheet 2" in pages[3]
    assert "tile A1" in pages[4] and "intentionally blank" in pages[5]
    assert "assembly map" in pages[-2] and "intentionally blank" in pages[-1]
    assert "layout.order" not in err
    assert f"{len(pages)} page(s) on a4 (landscape), {sheets} sheet(s) printed two-sided" in err


def test_two_sided_first_groups_them_and_says_what_moved(run_pnp: PnpRunner, tmp_path: Path):
    pages, err = _render(run_pnp, tmp_path, ", order: two_sided_first")
    assert "backs of sheet 1" in pages[1] and "back of sheet 2: intentionally blank" in pages[3]
    assert "warning [layout.order]" in err and "Damage tokens" in err and "Life tokens" in err


def test_a_kit_without_backs_gets_no_blank_pages(run_pnp: PnpRunner, tmp_path: Path):
    spec = tmp_path / "kit.yaml"
    spec.write_text(MIXED.format(order="").replace("two_sided: true", "two_sided: false"), encoding="utf-8")
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 0 and not json.loads(result.stdout)
    out = tmp_path / "out"
    assert run_pnp("render", spec, "-o", out, "--format", "pdf").exit_code == 0
    with pdfplumber.open(next(out.glob("*.pdf"))) as pdf:
        assert not any("intentionally blank" in (page.extract_text() or "") for page in pdf.pages)
