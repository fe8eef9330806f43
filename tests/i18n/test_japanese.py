"""The shipped Japanese catalogs: complete, and every kit renders in Japanese under --strict with every font of
its PDFs embedded (the CJK subset and the shaped text's fonts included)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.i18n.catalogs import coverage
from tests.conftest import PnpRunner
from tests.i18n.test_arabic import font_problems
from tests.i18n.test_catalogs import FOLDERS
from tests.i18n.test_spanish_greek import KITS


@pytest.mark.parametrize("name", ["mdd", "drag-rage", "nitro-dice", "components"])
def test_shipped_japanese_catalogs_are_complete(name: str):
    [row] = [row for row in coverage(FOLDERS[name]) if row.lang == "ja"]
    assert (row.translated, row.fuzzy, row.untranslated) == (row.total, 0, 0)


@pytest.mark.parametrize("game", sorted(KITS))
def test_each_game_renders_strictly_in_japanese_with_every_font_embedded(run_pnp: PnpRunner, tmp_path: Path,
                                                                          game: str):
    result = run_pnp("render", KITS[game], "-o", tmp_path, "--lang", "ja", "--strict")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output, result.output
    pdfs = list(tmp_path.glob("*-ja*.pdf"))
    assert len(pdfs) == 2
    for pdf in pdfs:
        assert font_problems(pdf) == [], pdf.name
