"""Rendering rulebooks: translation, spec values, escaping, glyphs, figures, booklet sheets, determinism."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.booklet import render_rulebook
from pnp.diagnostics import SpecError
from pnp.games.dragrage.model import DragRageSpec
from pnp.games.dragrage.printed.kit import RULEBOOK as DRAG_RAGE_RULEBOOK
from pnp.games.dragrage.printed.kit import rulebook_context as dragrage_rulebook_context
from pnp.games.mdd.printed.rulebook import RULEBOOKS as MDD_RULEBOOKS
from pnp.games.mdd.printed.rulebook import rulebook_context as mdd_rulebook_context
from pnp.games.mdd.rulesets import limits_for
from pnp.games.nitro.printed.rulebook import GUIDE as NITRO_GUIDE
from pnp.games.nitro.printed.rulebook import rulebook_context as nitro_context
from tests.booklet.conftest import pdf_text


def mdd_context(ruleset: str) -> dict[str, Any]:
    """The MDD rulebook's values for the boxed game under `ruleset`."""
    return mdd_rulebook_context(limits_for(ruleset))

MDD = MDD_RULEBOOKS

PO_HEADER = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: {lang}\\n"

"""


def _po(lang: str, entries: dict[str, str]) -> str:
    body = "".join(f'msgid "{k}"\nmsgstr "{v}"\n\n' for k, v in entries.items())
    return PO_HEADER.format(lang=lang) + body


BOOK = """# Test Book

A subtitle

## Setup

Place {{ rules.walls }} walls on the track.

- Roll the die.
"""


def test_italian_mdd_rulebook_prints_the_translated_headings():
    result = render_rulebook(MDD / "rules-v2.1.md", lang="it", context=mdd_context("v2.1"))
    text = pdf_text(result.pdf)
    for heading in ("Indice", "Preparazione", "Come si muove una macchinina", "Le qualificazioni", "Varianti"):
        assert heading in text
    assert "Setting up" not in text
    assert result.warnings == []


def test_russian_catalogue_renders_every_string_as_written(write_book):
    russian = {
        "Test Book": "Тестовая книга",
        "A subtitle": "Подзаголовок",
        "Setup": "Подготовка",
        "Place {{ rules.walls }} walls on the track.": "Поставьте {{ rules.walls }} стены на трассу.",
        "Roll the die.": "Бросьте кубик.",
    }
    source = write_book(BOOK, {"ru": _po("ru", russian)})
    result = render_rulebook(source, lang="ru", context={"rules": {"walls": 6}})
    text = pdf_text(result.pdf)
    for expected in ("Тестовая книга", "Подзаголовок", "Подготовка", "Поставьте 6 стены на трассу.", "Бросьте кубик."):
        assert expected in text
    assert result.warnings == []


def test_greek_text_needs_no_missing_glyphs(write_book):
    source = write_book("# Δοκιμή\n\n## Κανόνες\n\nΤο αυτοκίνητο κινείται ευθεία.\n")
    assert "Το αυτοκίνητο κινείται ευθεία." in pdf_text(render_rulebook(source).pdf)


def test_a_character_no_font_has_is_an_error_at_the_catalog_line(write_book):
    source = write_book(BOOK, {"bo": _po("bo", {"Roll the die.": "ཀཁག"})})  # Tibetan: no font pnp ships has it
    with pytest.raises(SpecError) as caught:
        render_rulebook(source, lang="bo", context={"rules": {"walls": 6}})
    diagnostic = caught.value.diagnostics[0]
    assert diagnostic.rule == "rulebook.glyph"
    assert diagnostic.file.endswith("bo.po")
    assert diagnostic.line == 6  # the msgid line of the entry, after the 5-line header


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")
def test_chinese_japanese_and_arabic_translations_print_in_their_scripts(write_book):
    translations = {"zh": "掷骰子。", "ja": "サイコロを振ります。", "ar": "ارمِ النرد."}
    source = write_book(BOOK, {lang: _po(lang, {"Roll the die.": text}) for lang, text in translations.items()})
    for lang, text in translations.items():
        pdf = source.parent / f"{lang}.pdf"
        pdf.write_bytes(render_rulebook(source, lang=lang, context={"rules": {"walls": 6}}).pdf)
        printed = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        assert text.rstrip(".。") in re.sub("[\u202a-\u202e]", "", printed)


def test_a_changed_number_in_the_kit_changes_the_rulebook():
    context = mdd_context("v2.1")
    before = pdf_text(render_rulebook(MDD / "rules-v2.1.md", context=context).pdf)
    context["rules"]["walls"] = 8
    context["rules"]["mines"]["max"] = 29
    after = pdf_text(render_rulebook(MDD / "rules-v2.1.md", context=context).pdf)
    assert "Place the 6 walls" in before and "Place the 8 walls" in after
    assert "20 to 25 bombs" in before and "20 to 29 bombs" in after


def test_the_italian_text_quotes_the_kit_numbers_too():
    context = mdd_context("current")
    context["rules"]["finalists"] = 12
    text = pdf_text(render_rulebook(MDD / "rules-current.md", lang="it", context=context).pdf)
    assert "Le prime 12 macchinine" in text


def test_an_undefined_name_is_an_error_at_its_source_line(write_book):
    source = write_book(BOOK)
    with pytest.raises(SpecError) as caught:
        render_rulebook(source, context={})
    diagnostic = caught.value.diagnostics[0]
    assert (Path(diagnostic.file).name, diagnostic.line) == ("book.md", 7)
    assert "rules" in diagnostic.message


def test_a_huge_expression_fails_fast_instead_of_eating_memory(write_book):
    source = write_book("# T\n\n## S\n\nSay {{ 'A' * 10**9 }} and {{ 10**10**6 }}.\n")
    with pytest.raises(SpecError, match="too"):
        render_rulebook(source)


def test_translator_text_is_never_evaluated_and_markup_is_printed_literally(write_book):
    source = write_book(
        "# T\n\n## S\n\nKeep <b>& and <img> as typed.\n\nWalls: {{ rules.walls }}.\n",
        {"it": _po("it", {"Walls: {{ rules.walls }}.": "Muri: {{ rules.walls }}, {{ 7*7 }}."})},
    )
    result = render_rulebook(source, lang="it", context={"rules": {"walls": 6}})
    text = pdf_text(result.pdf)
    assert "Muri: 6, {{ 7*7 }}." in text
    assert "49" not in text
    assert "Keep <b>& and <img> as typed." in text
    assert any("{{ 7*7 }}" in warning.message for warning in result.warnings)


def test_missing_translations_fall_back_with_a_count_and_fail_under_strict(write_book):
    source = write_book(BOOK, {"it": _po("it", {"Setup": "Preparazione"})})
    context = {"rules": {"walls": 6}}
    result = render_rulebook(source, lang="it", context=context)
    text = pdf_text(result.pdf)
    assert "Preparazione" in text and "Roll the die." in text
    assert len(result.warnings) == 1 and "4 text(s)" in result.warnings[0].message
    with pytest.raises(SpecError) as caught:
        render_rulebook(source, lang="it", context=context, strict=True)
    assert len(caught.value.diagnostics) == 4
    assert {d.rule for d in caught.value.diagnostics} == {"i18n.missing"}


def test_a_language_without_catalog_is_an_error(write_book):
    with pytest.raises(SpecError, match="no 'de' catalog"):
        render_rulebook(write_book(BOOK), lang="de", context={"rules": {"walls": 6}})


def test_a_missing_figure_is_a_placeholder_or_an_error_under_strict(write_book):
    source = write_book("# T\n\n## S\n\n![The track](figure:mdd-track)\n")
    text = pdf_text(render_rulebook(source).pdf)
    assert "figure: mdd-track" in text and "The track" in text
    with pytest.raises(SpecError, match="no figure named 'mdd-track'"):
        render_rulebook(source, strict=True)


def test_a_supplied_figure_is_drawn_instead_of_the_placeholder(write_book, tmp_path):
    picture = tmp_path / "track.png"
    Image.new("RGB", (40, 20), (200, 30, 30)).save(picture)
    source = write_book("# T\n\n## S\n\n![The track](figure:mdd-track)\n")
    pdf = render_rulebook(source, figures={"mdd-track": picture}, strict=True).pdf
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert sum(len(page.images) for page in doc.pages) == 1
    assert "figure: mdd-track" not in pdf_text(pdf)


def test_a_pdf_figure_is_accepted(write_book, tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    figure = tmp_path / "map.pdf"
    canvas = Canvas(str(figure), pagesize=(200, 100))
    canvas.rect(10, 10, 180, 80, fill=1)
    canvas.save()
    source = write_book("# T\n\n## S\n\n![Map](figure:nitro-track)\n")
    pdf = render_rulebook(source, figures={"nitro-track": figure}, strict=True).pdf
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert sum(len(page.images) for page in doc.pages) == 1


def test_an_unreadable_figure_is_an_error_at_its_line(write_book, tmp_path):
    broken = tmp_path / "broken.png"
    broken.write_text("not an image")
    source = write_book("# T\n\n## S\n\n![Map](figure:nitro-track)\n")
    with pytest.raises(SpecError) as caught:
        render_rulebook(source, figures={"nitro-track": broken})
    assert caught.value.diagnostics[0].line == 5


def test_booklet_sheets_carry_pages_in_saddle_stitch_order(write_book):
    names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"]
    body = "\n\n<!-- pagebreak -->\n\n".join(f"## {name}\n\nText of {name}." for name in names)
    source = write_book(f"# Booklet\n\n{body}\n")  # title page + 5 pages = 6, padded to 8
    pdf = render_rulebook(source, paper="a4", imposition="booklet").pdf
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert len(doc.pages) == 4  # 2 sheets, front and back
        assert all(page.width > page.height for page in doc.pages)  # A4 landscape
        halves = []
        for page in doc.pages:
            middle = page.width / 2
            for box in ((0, 0, middle, page.height), (middle, 0, page.width, page.height)):
                words = page.crop(box).extract_text() or ""
                found = [name for name in names if re.search(rf"\b{name}\b", words)]
                halves.append(found[:1] or (["Booklet"] if "Booklet" in words else []))
    # pages: 1 title, 2 Alpha, 3 Bravo, 4 Charlie, 5 Delta, 6 Echo, 7-8 blank
    assert halves == [[], ["Booklet"], ["Alpha"], [], ["Echo"], ["Bravo"], ["Charlie"], ["Delta"]]


def test_letter_booklet_uses_half_letter_pages_on_landscape_letter(write_book):
    pdf = render_rulebook(write_book(BOOK), paper="letter", imposition="booklet", context={"rules": {"walls": 6}}).pdf
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (792, 612)


def test_same_inputs_give_the_same_bytes():
    context = mdd_context("current")
    first = render_rulebook(MDD / "rules-current.md", lang="it", context=context, imposition="booklet").pdf
    second = render_rulebook(MDD / "rules-current.md", lang="it", context=context, imposition="booklet").pdf
    assert first == second
    assert b"CreationDate" not in first or b"D:20000101" in first


@pytest.mark.parametrize(("option", "value"), [("paper", "b5"), ("imposition", "2up")])
def test_unknown_options_are_reported(write_book, option, value):
    with pytest.raises(SpecError, match=f"unknown {option}"):
        render_rulebook(write_book(BOOK), **{option: value})


SHIPPED = [
    (MDD / "rules-v2.1.md", lambda: mdd_context("v2.1")),
    (MDD / "rules-current.md", lambda: mdd_context("current")),
    (DRAG_RAGE_RULEBOOK, lambda: dragrage_rulebook_context(DragRageSpec(game="drag-rage"))),
    (NITRO_GUIDE, nitro_context),
]


@pytest.mark.parametrize("lang", [None, "it"])
@pytest.mark.parametrize(("source", "context"), SHIPPED, ids=[f"{p.parents[2].name}/{p.name}" for p, _ in SHIPPED])
def test_shipped_rulebooks_render_complete_in_english_and_italian(source, context, lang):
    result = render_rulebook(source, lang=lang, context=context(), imposition="booklet")
    assert result.warnings == []
    assert "{{" not in pdf_text(result.pdf)
    assert _font_names(result.pdf) == {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique", "DejaVuSansMono"}


def _font_names(pdf: bytes) -> set[str]:
    """Base names of the fonts the pages and their forms use (subset prefixes removed)."""
    names: set[str] = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        resources = [page["/Resources"]]
        resources += [xobject.get_object()["/Resources"] for xobject in page["/Resources"].get("/XObject", {}).values()]
        for resource in resources:
            for font in resource.get_object().get("/Font", {}).values():
                names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


def test_headings_of_every_level_render_and_only_chapters_and_sections_are_listed(write_book):
    source = write_book("# T\n\n## C\n<!-- toc -->\n\n# Late chapter\n\n### Section\n\n#### Detail\n\ntext\n")
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(render_rulebook(source).pdf)).pages]
    contents = pages[1]
    assert "Late chapter" in contents and "Section" in contents and "Detail" not in contents
    assert "Detail" in pages[2]


def test_a_heading_longer_than_a_page_flows_on_and_is_listed_once(write_book):
    words = " ".join(f"w{i}" for i in range(600))
    source = write_book(f"# Test Book\n\nA subtitle\n\n## Short\n\nBody.\n\n## {words}\n\nThe end.\n")
    pdf = render_rulebook(source).pdf  # reportlab used to fail splitting the heading (`bulletText`)
    text = pdf_text(pdf)
    assert "w0 w1 w2" in text and "w599" in text and "The end." in text
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert len(doc.pages) >= 3
        for page in doc.pages:  # the running header is cut to fit, not drawn off the page
            assert all(c["x0"] >= 0 and c["x1"] <= page.width for c in page.chars)
    outline = [entry.title for entry in PdfReader(io.BytesIO(pdf)).outline]
    assert outline == ["Short", words]  # the heading's continuation pages add no second entry
