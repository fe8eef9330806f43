"""A translation is at most 4 times as long as its source plus 200 characters: a longer one (a 105,000-character
rulebook paragraph took half a minute to lay out, a 130 kB sheet label as long) is printed in English with an
`i18n.length` warning at its catalog line, an error under `--strict`."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pnp.i18n.languages import installed_folders
from tests.booklet.conftest import pdf_text
from tests.conftest import PnpRunner
from tests.i18n.translator import init_folder, translate
from tests.reliability.support import assert_clean, reported

ROOT = Path(__file__).resolve().parents[2]
DRAG = ROOT / "examples" / "drag-rage" / "kit.yaml"
LABEL = "sheet {number} of {total}"


def _longest_paragraph() -> str:
    with (installed_folders()["dragrage"] / "messages.pot").open("rb") as handle:
        return max((str(m.id) for m in read_po(handle) if m.id), key=len)


def _line(path: Path, msgid: str) -> int:
    with path.open("rb") as handle:
        return next(m.lineno for m in read_po(handle) if m.id == msgid)


def _limit(source: str) -> int:
    return 4 * len(source) + 200  # the documented cap, counted here from the source


def _padded(words: str, size: int) -> str:
    return (words * (size // len(words) + 1))[:size]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    init_folder(tmp_path / "de", "de")
    return tmp_path / "de"


def test_a_huge_translated_paragraph_and_label_print_in_english(run_pnp: PnpRunner, folder: Path,
                                                                tmp_path: Path) -> None:
    paragraph = _longest_paragraph()
    rules, components = folder / "dragrage" / "de.po", folder / "components" / "de.po"
    translate(rules, {paragraph: _padded("Wort ", 105_000)})
    translate(components, {LABEL: _padded("Bogen ", 130_000) + " {number} {total}"})
    result = run_pnp("render", DRAG, "-o", tmp_path / "out", "--lang", "de", "--catalogs", folder)
    assert_clean(result)
    assert result.exit_code == 0, result.output
    found = {(d.file, d.line, d.severity) for d in reported(result.stderr) if d.rule == "i18n.length"}
    assert found == {(str(rules), _line(rules, paragraph), "warning"),
                     (str(components), _line(components, LABEL), "warning")}
    book = pdf_text((tmp_path / "out" / "drag-rage-a4-de-rules.pdf").read_bytes())
    kit = pdf_text((tmp_path / "out" / "drag-rage-a4-de.pdf").read_bytes())
    assert " ".join(paragraph.split()[:6]) in book and "Wort Wort" not in book
    assert "sheet 1 of" in kit and "Bogen Bogen" not in kit
    strict = run_pnp("render", DRAG, "-o", tmp_path / "strict", "--lang", "de", "--catalogs", folder, "--strict")
    assert_clean(strict)
    assert strict.exit_code == 1
    assert {d.severity for d in reported(strict.stderr) if d.rule == "i18n.length"} == {"error"}
    assert not (tmp_path / "strict").exists()


@pytest.mark.parametrize("extra", [0, 1])
def test_the_cap_at_n_and_n_plus_one(run_pnp: PnpRunner, folder: Path, tmp_path: Path, extra: int) -> None:
    paragraph = _longest_paragraph()
    translate(folder / "dragrage" / "de.po", {paragraph: _padded("Satz ", _limit(paragraph) + extra - 1) + "!"})
    label = _padded("B", _limit(LABEL) + extra - 16) + "{number}{total}!"
    translate(folder / "components" / "de.po", {LABEL: label})
    result = run_pnp("render", DRAG, "-o", tmp_path / "out", "--lang", "de", "--catalogs", folder)
    assert_clean(result)
    assert result.exit_code == 0, result.output
    assert len([d for d in reported(result.stderr) if d.rule == "i18n.length"]) == 2 * extra
    book = pdf_text((tmp_path / "out" / "drag-rage-a4-de-rules.pdf").read_bytes())
    assert ("Satz Satz" in book) == (extra == 0)
