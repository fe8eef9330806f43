"""Text in Japanese, Arabic and Hebrew: shaped by HarfBuzz, in the bidirectional order, broken by UAX #14,
drawn from the shipped fallback fonts; the PDF reads back as the logical text (pdftotext), the SVG outlines
the same glyphs, and a character no font has is still a located error. Latin text keeps its old path."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from pnp.layout.scene import Document, Page, Text
from pnp.layout.text import wrap
from pnp.render.pdf import render_pdf
from pnp.text.font_files import FONT_DIR, FONT_FILES
from pnp.text.fonts import missing_glyphs, text_width_mm
from pnp.text.linebreak import break_units
from pnp.text.shaping import needs_shaping, shape_line

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "examples" / "scripts-deck"
BIDI_CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")

ARABIC = "مرحبا بالعالم"
HEBREW = "שלום עולם"
JAPANESE = "日本語の文章です。「こんにちは」と言った。"


def _cmap(font: str) -> dict[int, str]:
    return TTFont(str(FONT_DIR / FONT_FILES[font])).getBestCmap()


def test_arabic_is_joined_in_contextual_forms_and_set_right_to_left():
    line = shape_line(ARABIC, "sans")
    assert line.rtl
    assert {g.font for g in line.glyphs if g.text.strip()} == {"arabic"}
    tt = TTFont(str(FONT_DIR / FONT_FILES["arabic"]))
    nominal = {tt.getGlyphID(tt.getBestCmap()[ord(c)]) for c in ARABIC if c != " "}
    drawn = {g.gid for g in line.glyphs if g.text.strip()}
    assert drawn - nominal, "no contextual form: the letters would print unjoined"
    # visual order: the first word's first letter is drawn rightmost
    first = next(g for g in line.glyphs if g.text == "م" and g.x > line.width / 2)
    assert first.x == max(g.x for g in line.glyphs)


def test_numbers_inside_right_to_left_text_run_left_to_right():
    line = shape_line("السرعة 123", "sans")
    digits = [g for g in line.glyphs if g.text in "123" and g.text]
    assert [g.text for g in sorted(digits, key=lambda g: g.x)] == ["1", "2", "3"]
    assert max(g.x for g in digits) < min(g.x for g in line.glyphs if g.text == "ا")  # the number at the left


def test_latin_text_takes_the_old_path():
    for text in ("Speed 3", "Ωμέγα", "Привет", "Köln — 5 € ♠ →"):
        assert not needs_shaping(text)
    assert needs_shaping(ARABIC) and needs_shaping(HEBREW) and needs_shaping(JAPANESE) and needs_shaping("한국어")


def test_japanese_wraps_between_characters_and_no_line_starts_with_closing_punctuation():
    lines = wrap(JAPANESE * 3, "sans", 4.0, 31.0)
    assert len(lines) > 3 and "".join(lines) == JAPANESE * 3
    for line in lines:
        assert text_width_mm(line, "sans", 4.0) <= 31.0
        assert line[0] not in "。、」）！？"
    assert any(line.endswith("。") for line in lines[:-1])  # the full stop kept on the line it ends


def test_korean_breaks_between_words_only():
    text = "한국어 문장입니다. 줄바꿈은 단어 사이에서 합니다."
    assert break_units(text)[:2] == ("한국어 ", "문장입니다. ")
    for line in wrap(text, "sans", 4.0, 25.0):
        assert all(word in text.split(" ") for word in line.split(" "))


def test_a_character_no_font_has_is_still_reported():
    assert missing_glyphs(ARABIC + " \u0f40", "sans") == ["\u0f40"]  # Tibetan: no shipped font has it
    assert missing_glyphs(JAPANESE + HEBREW, "sans") == []


def _pdf_text(pdf: bytes, tmp_path: Path) -> str:
    path = tmp_path / "t.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True)
    return BIDI_CONTROLS.sub("", out.stdout)


@needs_poppler
def test_the_pdf_reads_back_as_the_logical_text(tmp_path: Path):
    texts = [ARABIC, HEBREW, JAPANESE, "한국어 문장입니다"]
    items = tuple(Text(10, 20 + 15 * i, t, 6) for i, t in enumerate(texts))
    pdf = render_pdf(Document("t", (Page(210, 120, items),)))
    read = _pdf_text(pdf, tmp_path)
    for text in texts:
        assert text in read
    fonts = {str(f.get_object()["/BaseFont"]).split("+")[1]: f.get_object()
             for f in PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/Font"].values()}
    assert {"NotoSansArabic", "NotoSansHebrew", "NotoSansCJKjp"} <= fonts.keys()
    cjk = fonts["NotoSansCJKjp"]
    assert cjk["/Subtype"] == "/Type0" and cjk["/Encoding"] == "/Identity-H"
    embedded = cjk["/DescendantFonts"][0].get_object()["/FontDescriptor"]["/FontFile2"].get_data()
    assert len(embedded) < 200_000  # a subset of the 3.5 MB font: the glyphs shown


def _ink_columns(png: Path) -> tuple[int, int]:
    from PIL import Image

    image = Image.open(png).convert("L")
    box = image.point(lambda v: 255 if v < 128 else 0).getbbox()
    assert box is not None
    return box[0], box[2]


@needs_poppler
def test_anchored_shaped_text_ends_where_asked(tmp_path: Path):
    """A right-anchored Arabic line ends at its x: the width the PDF draws is the shaped width."""
    pdf = render_pdf(Document("t", (Page(100, 20, (Text(90, 12, ARABIC, 8, anchor="end"),)),)))
    (tmp_path / "a.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "254", "-png", "-singlefile", str(tmp_path / "a.pdf"), str(tmp_path / "a")],
                   check=True)
    left, right = _ink_columns(tmp_path / "a.png")  # 10 px per mm
    width = text_width_mm(ARABIC, "sans", 8)
    assert abs(right / 10 - 90) < 0.8 and abs(left / 10 - (90 - width)) < 0.8


def test_the_svg_outlines_the_glyphs_harfbuzz_chose(run_pnp, tmp_path: Path):
    result = run_pnp("render", DECK / "kit.yaml", "-o", tmp_path, "--format", "svg")
    assert result.exit_code == 0, result.output
    svg = next(tmp_path.glob("*.svg")).read_text()
    group = re.search(r'<g aria-label="الانطلاق"[^>]*>(.*?)</g>', svg)
    assert group is not None
    uses = re.findall(r'href="#(g\d+)"', group.group(1))
    line = shape_line("الانطلاق", "sans-bold")
    assert len(uses) == len([g for g in line.glyphs if g.text or g.gid])
    from fontTools.pens.svgPathPen import SVGPathPen

    tt = TTFont(str(FONT_DIR / FONT_FILES["arabic"]))
    glyphs = tt.getGlyphSet()
    expected = []
    for glyph in line.glyphs:
        pen = SVGPathPen(glyphs)
        glyphs[tt.getGlyphName(glyph.gid)].draw(pen)
        expected.append(pen.getCommands())
    paths = dict(re.findall(r'<path d="([^"]*)" id="(g\d+)"', svg)[::1])
    by_id = {v: k for k, v in paths.items()}
    assert [by_id[u] for u in uses] == [e for e in expected if e]


@needs_poppler
def test_the_scripts_deck_renders_every_card_in_its_script_with_no_overflow(run_pnp, tmp_path: Path):
    checked = run_pnp("validate", DECK / "kit.yaml", "--format", "json")
    assert checked.exit_code == 0 and json.loads(checked.stdout) == []
    assert run_pnp("render", DECK / "kit.yaml", "-o", tmp_path).exit_code == 0
    pdf = next(tmp_path.glob("*.pdf"))
    read = _pdf_text(pdf.read_bytes(), tmp_path)
    for title in ("スタート", "クラッシュ", "決勝", "الانطلاق", "اصطدام", "النهائي", "זינוק", "התנגשות", "הגמר"):
        assert title in read
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        right_cards = [c for c in page.chars if "\u0590" <= c["text"] <= "\u06ff"]
        assert right_cards
        # Arabic and Hebrew lines are set flush right: their text ends at the right of each text box
        column_ends = sorted({round(c["x1"] / 72 * 25.4) for c in right_cards})
        assert len(column_ends) > 3


def test_a_missing_glyph_in_a_japanese_card_is_a_located_error(run_pnp, tmp_kit):
    spec = tmp_kit("""\
kit: Missing
sheets: {duplex: none}
components:
  - type: deck
    name: Cards
    size: poker
    data: cards.csv
    front:
      elements:
        - {type: text, text: "{{ card.text }}", x: 5mm, y: 5mm, width: 50mm, size: 5mm}
""", {"cards.csv": "text\n日本語\n日本語 \u0f40\n"})
    result = run_pnp("validate", spec, "--format", "json")
    found = json.loads(result.stdout)
    assert result.exit_code == 1
    [error] = [d for d in found if "U+0F40" in d["message"]]
    assert error["file"].endswith("cards.csv") and error["line"] == 3


def test_text_the_bidirectional_algorithm_refuses_is_still_laid_out():
    """Unassigned code points and stray direction controls (a hostile data cell) never raise."""
    for text in ("\u0378שלום\u202e\u2067abc", "\u202b\u202b\u202bمرحبا\u202c", "日本\u0378\ue000"):
        line = shape_line(text, "sans")
        assert line.width > 0 and len(line.glyphs) >= 3
