"""`sheets.paper: {width, height}` and the SRA papers: the sheets, the rulebook and its booklet come out on them,
read back from the PDF media boxes; a paper too small or too large is a located error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.booklet import render_rulebook
from pnp.cli import main
from pnp.units import mm_to_pt

ROOT = Path(__file__).resolve().parents[2]
DRAG = ROOT / "examples" / "drag-rage" / "kit.yaml"
DECK = """\
kit: Paper
sheets: {{paper: {paper}, orientation: {orientation}}}
components:
  - type: deck
    name: D
    cards: [{{name: A, count: 12}}]
"""


def _sizes(path: Path) -> set[tuple[float, float]]:
    return {(round(float(p.mediabox.width) / mm_to_pt(1), 1), round(float(p.mediabox.height) / mm_to_pt(1), 1))
            for p in PdfReader(path).pages}


@pytest.mark.parametrize(("paper", "orientation", "size"), [
    ("{width: 300mm, height: 200mm}", "landscape", (300.0, 200.0)),
    ("{width: 300mm, height: 200mm}", "portrait", (200.0, 300.0)),
    ("{width: 12in, height: 18in}", "portrait", (304.8, 457.2)),
    ("sra3", "portrait", (320.0, 450.0)),
    ("SRA4", "portrait", (225.0, 320.0)),
])
def test_the_sheets_have_the_paper_asked_for(tmp_kit, tmp_path: Path, paper: str, orientation: str,
                                            size: tuple[float, float]):
    spec = tmp_kit(DECK.format(paper=paper, orientation=orientation))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["render", str(spec), "-o", str(out)])
    assert result.exit_code == 0, result.output
    (pdf,) = out.glob("*.pdf")
    assert _sizes(pdf) == {size}


def test_a_custom_paper_holds_as_many_cards_as_fit(tmp_kit, tmp_path: Path):
    spec = tmp_kit(DECK.format(paper="{width: 400mm, height: 300mm}", orientation="landscape"))
    result = CliRunner().invoke(main, ["render", str(spec), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    assert len(PdfReader(pdf).pages) == 1  # 6 x 3 poker cards fit in 390 x 278 mm: the 12 on one sheet
    assert "400x300mm" in pdf.name


@pytest.mark.parametrize(("paper", "words"), [
    ("{width: 30mm, height: 200mm}", "30 mm wide is outside 100 mm to 1500 mm"),
    ("{width: 300mm, height: 2000mm}", "2000 mm high is outside"),
    ("{width: 300mm}", "height"),
    ("sra5", "unknown paper 'sra5'"),
])
def test_a_paper_pnp_cannot_print_is_a_located_error(tmp_kit, paper: str, words: str):
    spec = tmp_kit(DECK.format(paper=paper, orientation="auto"))
    result = CliRunner().invoke(main, ["validate", str(spec), "--format", "json"])
    assert result.exit_code == 1
    [error] = json.loads(result.stdout)
    assert words in error["message"] and (error["line"], error["column"]) == (2, 17) and error["hint"]


def test_a_rulebook_and_its_booklet_fold_from_a_custom_paper(tmp_path: Path):
    source = tmp_path / "book.md"
    source.write_text("# Paper\n\nBy us.\n\n## One\n\nText.\n", encoding="utf-8")
    assert _pdf_size(render_rulebook(source, paper="250x350mm").pdf) == (250.0, 350.0)
    booklet = render_rulebook(source, paper="250x350mm", imposition="booklet").pdf
    assert _pdf_size(booklet) == (350.0, 250.0)  # two 175 x 250 mm pages side by side


@pytest.mark.parametrize(("paper", "size"), [("sra3", (450.0, 320.0)),
                                             ("{width: 250mm, height: 350mm}", (350.0, 250.0))])
def test_a_game_kit_prints_its_rulebook_booklet_on_its_paper(tmp_path: Path, paper: str, size: tuple[float, float]):
    spec = tmp_path / "kit.yaml"
    spec.write_text(DRAG.read_text(encoding="utf-8").replace("sheets: {paper: a4}", f"sheets: {{paper: {paper}}}"),
                    encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["render", str(spec), "-o", str(out), "--rulebook", "booklet"])
    assert result.exit_code == 0, result.output
    (book,) = out.glob("*-rules*.pdf")
    assert _sizes(book) == {size}


def _pdf_size(pdf: bytes) -> tuple[float, float]:
    import io

    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return round(float(box.width) / mm_to_pt(1), 1), round(float(box.height) / mm_to_pt(1), 1)
