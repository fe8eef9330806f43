"""Page boxes: every page of every PDF pnp writes has TrimBox <= BleedBox <= MediaBox, and `--format single`
puts each card face on its own page, the card plus its bleed, the TrimBox on the card (read back with pikepdf)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pypdf
import pytest

from tests.render.kits import MM_PER_PT

PRESS_DECK = Path(__file__).parent / "press_deck" / "kit.yaml"


def boxes(pdf: Path) -> list[dict[str, list[float]]]:
    """MediaBox, BleedBox and TrimBox of every page, in mm, as the file says (no inherited defaults)."""
    with pikepdf.open(pdf) as document:
        return [{name: [float(v) * MM_PER_PT for v in page.obj[f"/{name}"]] for name in ("MediaBox", "BleedBox",
                                                                                          "TrimBox")}
                for page in document.pages]


def within(inner: list[float], outer: list[float]) -> bool:
    return (inner[0] >= outer[0] - 1e-6 and inner[1] >= outer[1] - 1e-6 and inner[2] <= outer[2] + 1e-6
            and inner[3] <= outer[3] + 1e-6)


def assert_nested(pdf: Path) -> None:
    for number, page in enumerate(boxes(pdf), start=1):
        assert within(page["TrimBox"], page["BleedBox"]), (pdf.name, number, page)
        assert within(page["BleedBox"], page["MediaBox"]), (pdf.name, number, page)


def test_single_pdf_has_every_copy_front_then_back_with_the_card_as_trim(run_pnp, tmp_path: Path):
    result = run_pnp("render", PRESS_DECK, "-o", tmp_path, "--format", "single")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "press-deck-single.pdf"
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith(".")] == [pdf.name]
    pages = boxes(pdf)
    assert len(pages) == 80  # 40 cards, a front and a back each
    for page in pages:
        assert page["MediaBox"] == pytest.approx([0, 0, 69, 94], abs=0.01)
        assert page["BleedBox"] == pytest.approx([0, 0, 69, 94], abs=0.01)
        assert page["TrimBox"] == pytest.approx([3, 3, 66, 91], abs=0.01)
    texts = [page.extract_text() for page in pypdf.PdfReader(pdf).pages]
    fronts, backs = texts[0::2], texts[1::2]
    assert [front.split()[:2] for front in fronts[:6]] == [["Red", "1"], ["Red", "1"], ["Red", "2"], ["Red", "2"],
                                                           ["Red", "3"], ["Red", "3"]]
    assert fronts[-1].split()[:2] == ["Gold", "5"]
    assert all("Speed" in front for front in fronts)
    assert set(backs) == {"RACERS"}


def test_a_kit_without_decks_has_no_single_pdf(run_pnp, tmp_kit):
    spec = tmp_kit("kit: Tokens\ncomponents:\n  - {type: counters, name: T, size: 16mm, items: [{label: '1'}]}\n")
    result = run_pnp("render", spec, "--format", "single")
    assert result.exit_code == 1
    assert "render.no_decks" in result.output and "--format single" in result.output


@pytest.mark.parametrize("formats", ["pdf", "proof"])
def test_sheets_and_proofs_have_nested_boxes(run_pnp, tmp_path: Path, formats: str):
    result = run_pnp("render", PRESS_DECK, "-o", tmp_path, "--format", formats)
    assert result.exit_code == 0, result.output
    pdfs = list(tmp_path.glob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        assert_nested(pdf)
        for page in boxes(pdf):  # imposed sheets: trim = bleed = the sheet
            assert page["TrimBox"] == pytest.approx(page["MediaBox"], abs=0.01)


def test_calibration_sheet_has_nested_boxes(run_pnp, tmp_path: Path):
    result = run_pnp("calibrate", "-o", tmp_path)
    assert result.exit_code == 0, result.output
    assert_nested(next(tmp_path.glob("*.pdf")))


@pytest.mark.parametrize("rulebook", ["pages", "booklet"])
def test_rulebooks_have_nested_boxes(run_pnp, tmp_path: Path, rulebook: str):
    spec = Path(__file__).parents[2] / "examples" / "drag-rage" / "kit.yaml"
    result = run_pnp("render", spec, "-o", tmp_path, "--rulebook", rulebook)
    assert result.exit_code == 0, result.output
    books = list(tmp_path.glob("*-rules*.pdf"))
    assert books
    for book in books:
        pages = boxes(book)
        assert pages
        assert_nested(book)
