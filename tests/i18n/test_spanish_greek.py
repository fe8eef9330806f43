"""The shipped Spanish and Greek catalogs: complete, rendered with --strict, printed in fonts that have
every character (no box glyphs in Greek), Greek capitals without accents."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from pnp.i18n.catalogs import coverage
from pnp.layout.text import caps
from pnp.text.fonts import REPORTLAB_NAMES, missing_glyphs
from tests.booklet.conftest import pdf_text
from tests.conftest import PnpRunner
from tests.i18n.test_catalogs import FOLDERS

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("es", "el")

KITS = {
    "mdd": ROOT / "examples" / "mdd-micro" / "kit.yaml",
    "drag-rage": ROOT / "examples" / "drag-rage" / "kit.yaml",
    "nitro-dice": ROOT / "examples" / "nitro-dice" / "two-lap-loop.yaml",
}
"""One kit per game."""

EXPECTED = {
    ("es", "mdd"): (["Mover un coche", "META"], ["Qué contiene el kit", "La parrilla de salida"]),
    ("el", "mdd"): (["Κίνηση αυτοκινήτου", "ΤΕΡΜΑΤΙΣΜΟΣ"], ["Τι περιέχει το κιτ", "Η σχάρα εκκίνησης"]),
    ("es", "drag-rage"): (["SALIDA", "META"], ["Ganar una manga", "Paracaídas roto"]),
    ("el", "drag-rage"): (["ΕΚΚΙΝΗΣΗ", "ΤΕΡΜΑΤΙΣΜΟΣ"], ["Νίκη σε έναν γύρο", "Σπασμένο αλεξίπτωτο"]),
    ("es", "nitro-dice"): (["Garaje"], ["Describir un circuito", "Equilibrio de tipos de carta"]),
    ("el", "nitro-dice"): (["Γκαράζ"], ["Περιγραφή μιας πίστας", "Ισορροπία τύπων κάρτας"]),
}
"""(language, game): texts the kit's sheets print, texts its rulebook prints."""

_FONT_OF = {name: font for font, name in REPORTLAB_NAMES.items()}
_GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["mdd", "drag-rage", "nitro-dice", "components"])
def test_shipped_spanish_and_greek_catalogs_are_complete(name, lang):
    rows = [row for row in coverage(FOLDERS[name]) if row.lang == lang]
    assert len(rows) == 1, f"no {lang}.po in {FOLDERS[name]}"
    assert (rows[0].fuzzy, rows[0].untranslated) == (0, 0)
    assert rows[0].translated > 0


def _render(run_pnp: PnpRunner, spec: Path, lang: str, out: Path) -> tuple[bytes, bytes]:
    result = run_pnp("render", spec, "-o", out, "--lang", lang, "--strict")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output, result.output
    rules = sorted(out.glob(f"*-{lang}-rules.pdf"))
    sheets = sorted(out.glob(f"*-{lang}.pdf"))
    assert len(rules) == 1 and len(sheets) == 1, sorted(p.name for p in out.iterdir())
    return sheets[0].read_bytes(), rules[0].read_bytes()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(KITS))
def test_each_game_renders_strictly_in_spanish_and_greek(run_pnp: PnpRunner, tmp_path: Path, game, lang):
    sheets, rules = _render(run_pnp, KITS[game], lang, tmp_path / "out")
    on_sheets, in_rules = EXPECTED[(lang, game)]
    sheet_text, rule_text = pdf_text(sheets), pdf_text(rules)
    for text in on_sheets:
        assert text in sheet_text
    for text in in_rules:
        assert text in rule_text
    if lang == "el":
        _assert_fonts_cover_the_text(sheets)
        _assert_fonts_cover_the_text(rules)


def _assert_fonts_cover_the_text(pdf: bytes) -> None:
    """Every character is drawn in one of pnp's embedded DejaVu fonts, and that font has its glyph."""
    greek = 0
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            for char in page.chars:
                subset, _, base = char["fontname"].partition("+")
                embedded = len(subset) == 6 and base in _FONT_OF
                assert embedded, f"{char['text']!r} drawn in {char['fontname']}, not an embedded pnp font"
                assert missing_glyphs(char["text"], _FONT_OF[base]) == [], f"{char['text']!r} in {base}"
                greek += bool(_GREEK.match(char["text"]))
    assert greek > 100  # the check looked at Greek text
    checked = 0
    for page in PdfReader(io.BytesIO(pdf)).pages:
        fonts = page["/Resources"].get_object().get("/Font")
        for ref in fonts.get_object().values() if fonts is not None else ():
            font = ref.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded"
            checked += 1
    assert checked > 0


def test_greek_capitals_drop_their_accents_and_other_scripts_keep_theirs():
    assert caps("Τερματισμός") == "ΤΕΡΜΑΤΙΣΜΟΣ"
    assert caps("Εκκίνηση") == "ΕΚΚΙΝΗΣΗ"
    assert caps("ώρα") == "ΩΡΑ"
    assert caps("προϊόν") == "ΠΡΟΪΟΝ"  # the diaeresis stays
    assert caps("Línea de meta") == "LÍNEA DE META"
    assert caps("Finish") == "FINISH"
