"""Bold text in a script whose shipped font has no bold face (CJK, Arabic, Hebrew) prints bold: in the PDF its
glyphs are filled and stroked (text render mode 2) in the text's colour, 0.035 em wide, and only theirs; in SVG
outlines their paths carry the same stroke. Read back from the PDF's content stream and the SVG. Italic text in
these scripts prints upright, with a warning."""

from __future__ import annotations

import io
import json
import re

import pikepdf
import pytest

from pnp.layout.scene import Document, Page, Rect, Style, Text
from pnp.render.pdf import render_pdf
from pnp.render.svg import render_svg_page
from tests.render.test_markup import make_kit
from tests.render.test_own_fonts import make_kit as make_own_kit

SIZE = 5.0


def _shown(pdf: bytes) -> list[dict[str, object]]:
    """Each text-showing operator of the first page: its text render mode, line width, stroke colour and the
    glyph codes it shows."""
    shown: list[dict[str, object]] = []
    with pikepdf.open(io.BytesIO(pdf)) as document:
        mode, width, stroke, stack = 0, 1.0, (0.0, 0.0, 0.0), []
        for operands, op in pikepdf.parse_content_stream(document.pages[0]):
            name = str(op)
            if name == "q":
                stack.append((mode, width, stroke))
            elif name == "Q":
                mode, width, stroke = stack.pop()
            elif name == "Tr":
                mode = int(operands[0])
            elif name == "w":
                width = float(operands[0])
            elif name == "RG":
                stroke = tuple(round(float(v), 3) for v in operands)
            elif name in ("TJ", "Tj"):
                shown.append({"mode": mode, "width": width, "stroke": stroke, "op": name})
            elif name == "re":
                shown.append({"mode": mode, "width": width, "stroke": stroke, "op": "re"})
    return shown


def _pdf(*items: object) -> bytes:
    return render_pdf(Document("bold", (Page(100, 60, tuple(items)),)))  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["太字", "مرحبا", "שלום"])
def test_bold_text_in_a_script_without_a_bold_face_is_filled_and_stroked(text):
    runs = _shown(_pdf(Text(10, 10, text, SIZE, "sans-bold", "#aa0000")))
    assert runs == [{"mode": 2, "width": pytest.approx(0.035 * SIZE), "stroke": (0.667, 0.0, 0.0), "op": "TJ"}]


def test_only_the_glyphs_without_a_bold_face_are_stroked_and_regular_text_never():
    runs = _shown(_pdf(Text(10, 10, "太字 Bold", SIZE, "sans-bold"), Text(10, 20, "普通", SIZE, "sans"),
                       Text(10, 30, "Bold", SIZE, "sans-bold")))
    assert [r["mode"] for r in runs] == [2, 0, 0, 0]  # DejaVu Bold's "Bold" is bold already: filled only


def test_the_stroke_is_put_back_after_the_bold_text():
    square = Rect(10, 40, 5, 5, style=Style(fill=None, stroke="#0000ff", stroke_width=0.2))
    runs = _shown(_pdf(square, Text(10, 10, "太字", SIZE, "sans-bold", "#aa0000"), square,
                       Text(10, 20, "普通", SIZE, "sans")))
    assert [r["op"] for r in runs] == ["re", "TJ", "re", "TJ"]
    assert runs[2] == {"mode": 0, "width": pytest.approx(0.2), "stroke": (0.0, 0.0, 1.0), "op": "re"}
    assert runs[3]["mode"] == 0


def test_svg_outlines_of_faux_bold_glyphs_carry_the_stroke():
    svg = render_svg_page(Page(100, 60, (Text(10, 10, "太字 Bold", SIZE, "sans-bold", "#aa0000"),
                                         Text(10, 20, "普通", SIZE, "sans"))))
    bold, regular = re.findall(r'<g aria-label="[^"]*"[^>]*>.*?</g>', svg, re.S)
    uses = re.findall(r"<use [^>]*/>", bold)
    stroked = [u for u in uses if 'stroke="#aa0000"' in u]
    assert len(stroked) == 2 and all('stroke-width="35"' in u for u in stroked)  # 0.035 em of 1000 units
    assert len(uses) == 6  # the space draws nothing; "Bold" in DejaVu Bold is not stroked
    assert "stroke" not in regular


def test_italic_japanese_on_a_card_is_reported_once_at_its_data(run_pnp, tmp_kit):
    spec = make_kit(tmp_kit, "ふたを*そっと*押す", "*少し*待つ")
    warnings = json.loads(run_pnp("validate", spec, "--format", "json").stdout)
    italic = [d for d in warnings if d["rule"] == "text.italic"]
    assert len(italic) == 1 and "CJK" in italic[0]["message"] and "'そっと'" in italic[0]["message"]
    assert italic[0]["file"].endswith("cards.csv")


def test_fallback_glyphs_in_an_own_bold_face_are_faux_bold(run_pnp, tmp_kit, tmp_path):
    """Lato Bold has no kanji: they come from the CJK fallback, which has no bold, and printed regular inside
    the bold text; now stroked as in pnp's bold. Lato Bold's own letters and regular text are never stroked."""
    spec = make_own_kit(tmp_kit, "**太字 Bold**", "普通 regular")
    out = tmp_path / "out"
    assert run_pnp("render", spec, "-o", out, "--format", "pdf,svg").exit_code == 0
    pdf = next(out.glob("*.pdf")).read_bytes()
    shown = [r for r in _shown(pdf) if r["op"] == "TJ"]
    stroked = [r for r in shown if r["mode"] == 2]
    assert len(stroked) == 1 and stroked[0]["width"] == pytest.approx(0.035 * 5)  # the bold card's kanji only
    svg = next(out.glob("*.svg")).read_text()
    bold = next(g for g in re.findall(r'<g aria-label="[^"]*"[^>]*>.*?</g>', svg, re.S) if "太字" in g)
    uses = re.findall(r"<use [^>]*/>", bold)
    assert len(uses) == 6 and len([u for u in uses if 'stroke-width="35"' in u]) == 2  # 太字, not "Bold"
