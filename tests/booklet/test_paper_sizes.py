"""Rulebooks take their sheet and booklet page sizes from pnp/data/layouts/papers.yaml, the one paper data file."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

import pnp.layout.paper
from pnp.booklet import render_rulebook
from pnp.diagnostics import SpecError
from pnp.source.layouts import layout_data

BOOK = "# Paper test\n\nBy us.\n\n## One\n\nText.\n\n<!-- pagebreak -->\n\n## Two\n\nMore text.\n"
PT_PER_MM = 72 / 25.4


def _mm(value: Any) -> float:
    return round(float(value) / PT_PER_MM, 1)


def _sheet_mm(pdf: bytes) -> tuple[float, float]:
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return _mm(box.width), _mm(box.height)


def _form_mm(pdf: bytes) -> set[tuple[float, float]]:
    """Sizes of the booklet pages placed on the first sheet (each is a form XObject)."""
    forms = PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/XObject"]
    boxes = [forms[name].get_object()["/BBox"] for name in forms]
    return {(_mm(b[2] - b[0]), _mm(b[3] - b[1])) for b in boxes}


@pytest.fixture
def odd_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Letter resized in the paper data (200 x 260 mm, booklet pages of 130 x 200 mm)."""
    letter = {"width": 200, "height": 260, "scale_bar": "2in", "booklet_page": {"width": 130, "height": 200}}
    papers = {**layout_data("papers"), "letter": letter}
    monkeypatch.setattr(pnp.layout.paper, "layout_data", lambda name: papers if name == "papers" else layout_data(name))


def test_shipped_sizes_are_a4_a5_and_letter_half_letter(write_book):
    source = write_book(BOOK)
    assert _sheet_mm(render_rulebook(source, paper="a4").pdf) == (210.0, 297.0)
    assert _sheet_mm(render_rulebook(source, paper="letter").pdf) == (215.9, 279.4)
    booklet = render_rulebook(source, paper="a4", imposition="booklet").pdf
    assert (_sheet_mm(booklet), _form_mm(booklet)) == ((297.0, 210.0), {(148.0, 210.0)})
    booklet = render_rulebook(source, paper="letter", imposition="booklet").pdf
    assert (_sheet_mm(booklet), _form_mm(booklet)) == ((279.4, 215.9), {(139.7, 215.9)})


def test_a_paper_changed_in_the_data_file_changes_the_rulebook_sheets(write_book, odd_letter):
    source = write_book(BOOK)
    assert _sheet_mm(render_rulebook(source, paper="letter").pdf) == (200.0, 260.0)
    booklet = render_rulebook(source, paper="letter", imposition="booklet").pdf
    assert (_sheet_mm(booklet), _form_mm(booklet)) == ((260.0, 200.0), {(130.0, 200.0)})


def test_a_paper_the_data_file_does_not_know_is_refused_with_the_list(write_book):
    with pytest.raises(SpecError) as caught:
        render_rulebook(write_book(BOOK), paper="b5")
    diagnostic = caught.value.diagnostics[0]
    assert "unknown paper 'b5'" in diagnostic.message
    assert diagnostic.hint == "use one of a4, a3, a5, letter, legal, tabloid, sra3, sra4"
