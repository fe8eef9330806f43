"""Component texts from a catalog are checked for glyphs like every other printed text: a translation into a
script pnp's fonts lack (Tibetan) or holding a control character is a warning at its catalog line, an error under
`--strict` (it printed as blank boxes, or the NUL was left out, with exit 0)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import PnpRunner
from tests.i18n.translator import init_folder, translate
from tests.reliability.support import assert_clean, reported

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "examples" / "generic-deck" / "kit.yaml"
LABEL = "sheet {number} of {total}"
CASES = {
    "bo": ("ཀ{number}ཁ / {total}", ["ཀ", "ཁ"]),  # Tibetan: no font pnp ships has it
    "de": ("Bogen\0 {number} von {total}", ["\0"]),
}


def _catalog_line(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if line == f'msgid "{text}"')


@pytest.mark.parametrize("lang", CASES)
def test_an_unprintable_translation_warns_and_fails_under_strict(run_pnp: PnpRunner, tmp_path: Path,
                                                                  lang: str) -> None:
    translation, chars = CASES[lang]
    folder = tmp_path / lang
    init_folder(folder, lang)
    catalog = folder / "components" / f"{lang}.po"
    translate(catalog, {LABEL: translation})
    at = (str(catalog), _catalog_line(catalog, LABEL))
    result = run_pnp("render", DECK, "-o", tmp_path / "out", "--lang", lang, "--catalogs", folder)
    assert_clean(result)
    assert result.exit_code == 0, result.output
    (warning,) = [d for d in reported(result.stderr) if d.rule == "i18n.glyphs"]
    assert (warning.file, warning.line, warning.severity) == (*at, "warning")
    assert all(f"U+{ord(ch):04X}" in warning.message for ch in chars), warning
    strict = run_pnp("render", DECK, "-o", tmp_path / "strict", "--lang", lang, "--catalogs", folder, "--strict")
    assert_clean(strict)
    assert strict.exit_code == 1
    assert [(d.file, d.line) for d in reported(strict.stderr) if d.rule == "i18n.glyphs"] == [at]
    assert not (tmp_path / "strict").exists()


def test_latin_greek_cyrillic_cjk_arabic_and_hebrew_translations_are_printable() -> None:
    from pnp.i18n.components import unprintable_chars

    assert unprintable_chars("Feuille 1 sur 3 · Φύλλο · Лист ½ – “Zürich”") == []
    assert unprintable_chars("漢字 かな 한글 عربي עברית\x01") == ["\x01"]
    assert unprintable_chars("ཀ") == ["ཀ"]
