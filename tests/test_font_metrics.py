"""The font metrics pnp reads itself (`pnp.text.font_metrics`) are reportlab's to the last bit: layout and validation
measure text without loading reportlab, and what they measure is what the PDF draws."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.text import fonts
from pnp.text.font_metrics import read_metrics
from pnp.text.shaping import needs_shaping, shape_line


@pytest.mark.parametrize("font", sorted(fonts.FONT_FILES))
def test_metrics_are_those_reportlab_reads_from_the_same_file(font: str) -> None:
    path = fonts.FONT_DIR / fonts.FONT_FILES[font]
    face = TTFont(f"metrics-{font}", str(path)).face
    metrics = read_metrics(path)
    assert metrics.chars == frozenset(face.charToGlyph)
    assert metrics.widths == face.charWidths
    assert metrics.default_width == face.defaultWidth
    assert list(metrics.bbox) == face.bbox


@pytest.mark.parametrize("font", sorted(fonts.FONT_FILES))
def test_text_widths_equal_reportlabs_for_any_text(font: str) -> None:
    name = fonts.reportlab_name(font)
    codes = [*sorted(read_metrics(fonts.FONT_DIR / fonts.FONT_FILES[font]).chars), 0x378, 0xE000, 0x1F600]
    pick = random.Random(font)
    texts = ["", "Hello", "Ünïcödé – “quotes” and\u00a0no-break", "\u4e2d\u6587 \U0001f600"]
    texts += ["".join(chr(pick.choice(codes)) for _ in range(pick.randint(1, 60))) for _ in range(2000)]
    for text in texts:
        if needs_shaping(text):  # measured shaped (tests/render/test_scripts.py), not as reportlab adds widths
            assert fonts.text_width_mm(text, font, 2.0) == shape_line(text, font).width * 2.0 / 1000.0
            continue
        for size in (1.0, 2.47, 3.5277777):
            expected = pdfmetrics.stringWidth(text, name, 1000.0) * size / 1000.0
            assert fonts.text_width_mm(text, font, size) == expected, text


def test_missing_glyphs_and_glyph_box_come_from_the_font() -> None:
    assert fonts.missing_glyphs("Hello, world") == []
    assert fonts.missing_glyphs("a\u0f40b\u0f40\u00e9\u0f41\n") == ["\u0f40", "\u0f41"]  # Tibetan: no font
    assert fonts.missing_glyphs("a\u4e2db\u00e9\u6587\n") == []  # from the CJK fallback
    assert fonts.missing_glyphs("\u00e9\u2192", "mono") == []
    face = pdfmetrics.getFont(fonts.reportlab_name("sans-bold")).face
    assert fonts.glyph_box("sans-bold") == tuple(v / 1000.0 for v in face.bbox)


def test_a_file_that_is_not_a_truetype_font_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ttf"
    bad.write_bytes(b"\0\1\0\0\0\0" + b"\0" * 60)
    with pytest.raises(ValueError, match="not a TrueType font"):
        read_metrics(bad)
