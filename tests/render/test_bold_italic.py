"""Bold italic text (`***both***`) prints bold and italic: in DejaVu Sans Bold Oblique on cards (PDF, SVG
outlines and `<text>`; PNG previews are drawn from the PDF) and in rulebooks (tests/booklet); in a script pnp
has no italic font for (CJK, Arabic, Hebrew) it prints bold (faux bold, as bold alone) and upright, with the
`text.italic` warning that italic alone gives. Before, the italic was dropped: bold only, and no warning."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pikepdf
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

from pnp.text.font_files import FONT_DIR
from tests.render.test_markup import card_chars, make_kit, render, runs


def _outline(file: str, char: str) -> str:
    font = TTFont(FONT_DIR / file)
    glyphs = font.getGlyphSet()
    pen = SVGPathPen(glyphs)
    glyphs[font.getBestCmap()[ord(char)]].draw(pen)
    return str(pen.getCommands())


def test_bold_italic_on_a_card_is_set_in_the_bold_oblique_face(run_pnp, tmp_kit, tmp_path: Path):
    spec = make_kit(tmp_kit, "Plain ***Both*** end")
    out = render(run_pnp, spec, tmp_path / "out", "--format", "pdf,svg")
    chars, _ = card_chars(next(out.glob("*.pdf")))
    assert runs(chars) == [("Plain", "DejaVuSans"), ("Both", "DejaVuSans-BoldOblique"), ("end", "DejaVuSans")]
    svg = next(out.glob("*.svg")).read_text()
    paths = set(re.findall(r'<path d="([^"]+)"', svg))
    assert _outline("DejaVuSans-BoldOblique.ttf", "B") in paths  # the outlines of the slanted bold B
    assert _outline("DejaVuSans-Bold.ttf", "B") not in paths
    texts = render(run_pnp, spec, tmp_path / "text", "--format", "svg", "--svg-text", "text")
    svg = next(texts.glob("*.svg")).read_text()
    attrs = {t.strip(): a for a, t in re.findall(r"<text ([^>]*)>([^<]*)</text>", svg)}
    assert 'font-weight="bold"' in attrs["Both"] and 'font-style="italic"' in attrs["Both"]


def test_bold_italic_japanese_prints_faux_bold_and_upright_with_the_italic_warning(run_pnp, tmp_kit, tmp_path):
    spec = make_kit(tmp_kit, "ふたを***そっと***押す")
    warnings = json.loads(run_pnp("validate", spec, "--format", "json").stdout)
    italic = [d for d in warnings if d["rule"] == "text.italic"]
    assert len(italic) == 1 and "CJK" in italic[0]["message"] and "'そっと'" in italic[0]["message"]
    pdf = next(render(run_pnp, spec, tmp_path / "out").glob("*.pdf"))
    with pikepdf.open(pdf) as document:
        modes = [int(operands[0]) for operands, op in pikepdf.parse_content_stream(document.pages[0])
                 if str(op) == "Tr"]
    assert 2 in modes  # its glyphs filled and stroked, as bold Japanese is
