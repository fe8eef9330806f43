"""The shipped Arabic catalogs: complete, with Arabic's six plural forms, written in Arabic script with Arabic
punctuation and Western digits, and every kit renders in Arabic under --strict (no gap, no missing glyph)."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pytest

from pnp.i18n.catalogs import coverage, load_catalog
from pnp.rulebook.plural import forms_of
from tests.conftest import PnpRunner
from tests.i18n.test_catalogs import FOLDERS
from tests.i18n.test_spanish_greek import KITS

_ARABIC_LETTER = re.compile(r"[\u0621-\u064a]")
_NOT_PROSE = re.compile(r"\{\{.*?\}\}|\{\w+\}|`[^`]*`|<https?://[^>]+>|\([A-Z]{2}[A-Z -]*[\d.]*\)")
"""Placeholders, code, links and licence codes such as (CC BY-NC-SA 2.5): copied from the English as they are."""
_ASCII_MARKS = re.compile(r"[\u0621-\u064a][\u064b-\u0652]*\s*[,;?]")
"""An English comma, semicolon or question mark after an Arabic word (Arabic writes ، ؛ ؟)."""
_EASTERN_DIGITS = re.compile(r"[\u0660-\u0669\u06f0-\u06f9]")


def _entries(name: str) -> list[tuple[str, str]]:
    """(source, translation) of every entry, one pair per form of a plural entry."""
    return [(str(m.id[0] if m.pluralizable else m.id), form) for m in load_catalog(FOLDERS[name] / "ar.po") if m.id
            for form in forms_of(m)]


@pytest.mark.parametrize("name", ["mdd", "drag-rage", "nitro-dice", "components"])
def test_shipped_arabic_catalogs_are_complete_with_six_plural_forms(name: str):
    [row] = [row for row in coverage(FOLDERS[name]) if row.lang == "ar"]
    assert (row.translated, row.fuzzy, row.untranslated) == (row.total, 0, 0)
    assert load_catalog(FOLDERS[name] / "ar.po").num_plurals == 6


@pytest.mark.parametrize("name", ["mdd", "drag-rage", "nitro-dice", "components"])
def test_arabic_texts_are_arabic_with_arabic_punctuation_and_western_digits(name: str):
    for source, text in _entries(name):
        prose = _NOT_PROSE.sub(" ", text)
        if text != source and re.search(r"[A-Za-z]", _NOT_PROSE.sub(" ", source)):  # words, not "3, 4"
            assert _ARABIC_LETTER.search(prose), (source, text)
        assert not _ASCII_MARKS.search(prose), (source, text)
        assert not _EASTERN_DIGITS.search(text), (source, text)


def font_problems(pdf: Path) -> list[str]:
    """Fonts of `pdf`'s pages that a preflight (or pdffonts) flags: not embedded, or written inline in a page's
    resources instead of as an object of their own."""
    problems = []
    with pikepdf.open(pdf) as document:
        for number, page in enumerate(document.pages, start=1):
            for name, font in page.Resources.get("/Font", {}).items():
                inner = font.DescendantFonts[0] if "/DescendantFonts" in font else font
                descriptor = inner.get("/FontDescriptor")
                if not font.is_indirect:
                    problems.append(f"page {number}: {name} inline")
                if descriptor is None or not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                    problems.append(f"page {number}: {name} ({font.get('/BaseFont')}) not embedded")
    return problems


@pytest.mark.parametrize("game", sorted(KITS))
def test_each_game_renders_strictly_in_arabic(run_pnp: PnpRunner, tmp_path: Path, game: str):
    result = run_pnp("render", KITS[game], "-o", tmp_path, "--lang", "ar", "--strict")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output, result.output
    assert len(list(tmp_path.glob("*-ar-rules.pdf"))) == 1 and len(list(tmp_path.glob("*-ar.pdf"))) == 1
    for pdf in tmp_path.glob("*.pdf"):  # shaped text's fonts too, and the contents' empty cells set in none
        assert font_problems(pdf) == [], pdf.name
