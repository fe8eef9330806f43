"""Italic text in a script pnp has no italic font for (CJK, Arabic, Hebrew) prints upright, as these scripts
are not slanted for emphasis, and the user is told so once per script, at the first such text's catalog line,
naming the language and the text."""

from __future__ import annotations

import io

from pypdf import PdfReader

from pnp.booklet import render_rulebook
from tests.booklet.test_render import _po

BOOK = """# Italic Book

Press *gently* on the lid.

Then *wait* a moment.
"""


def _warnings(write_book, lang: str, entries: dict[str, str]) -> list:
    source = write_book(BOOK, {lang: _po(lang, entries)} if entries else None)
    return [w for w in render_rulebook(source, lang=lang, context={}).warnings if w.rule == "text.italic"]


def test_italic_japanese_prints_upright_with_one_located_warning(write_book):
    found = _warnings(write_book, "ja", {"Press *gently* on the lid.": "ふたを*そっと*押します。",
                                         "Then *wait* a moment.": "それから*少し*待ちます。"})
    assert len(found) == 1
    warning = found[0]
    assert warning.file.endswith("ja.po") and warning.line > 0
    assert "'ja'" in warning.message and "'そっと'" in warning.message and "CJK" in warning.message
    assert "1 more" in warning.message and "upright" in warning.message


def test_italic_arabic_is_reported_and_latin_italic_is_not(write_book):
    found = _warnings(write_book, "ar", {"Press *gently* on the lid.": "اضغط *برفق* على الغطاء."})
    assert len(found) == 1 and "Arabic" in found[0].message and "'ar'" in found[0].message
    assert _warnings(write_book, "en", {}) == []


STYLES_BOOK = """# Styles

Plain, **strong**, *slant* and ***both*** here.
"""


def test_bold_italic_in_a_rulebook_is_set_in_the_bold_oblique_face(write_book):
    """It was set in DejaVu Sans Bold, the italic dropped."""
    result = render_rulebook(write_book(STYLES_BOOK), context={})
    fonts = set()
    for page in PdfReader(io.BytesIO(result.pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    assert "DejaVuSans-BoldOblique" in fonts, fonts
    assert result.warnings == []


def test_bold_italic_japanese_in_a_rulebook_gets_the_italic_warning(write_book):
    found = _warnings(write_book, "ja", {"Press *gently* on the lid.": "ふたを***そっと***押します。"})
    assert len(found) == 1 and "CJK" in found[0].message and "'そっと'" in found[0].message
