"""Translation gaps are never silent: `render` names the untranslated texts and the translations that drop a
placeholder, for the kit and its rulebook; `--strict` makes any gap an error and writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.i18n.languages import installed_folders
from tests.conftest import PnpRunner
from tests.i18n.translator import init_folder, translate

ROOT = Path(__file__).resolve().parents[2]
DRAG = ROOT / "examples" / "drag-rage" / "kit.yaml"


@pytest.fixture
def german(tmp_path: Path) -> Path:
    """A translator's folder with a few German texts, one of which drops a placeholder in each catalog."""
    folder = tmp_path / "de"
    init_folder(folder, "de")
    translate(folder / "components" / "de.po", {"Finish": "Ziel", "sheet {number} of {total}": "Blatt {number}"})
    translate(folder / "dragrage" / "de.po", {"The idea": "Die Idee", "Pages to print ({{ printed.paper }})": "Seiten"})
    return folder


def test_render_names_the_untranslated_texts_and_dropped_placeholders(run_pnp: PnpRunner, tmp_path: Path,
                                                                      german: Path):
    result = run_pnp("render", DRAG, "-o", tmp_path / "out", "--lang", "de", "--catalogs", german)
    assert result.exit_code == 0, result.output
    err = result.stderr
    kit = next(line for line in err.splitlines() if "printed on the kit" in line)
    assert f"{german / 'components' / 'de.po'}:1:1: warning [i18n.missing]" in kit
    assert "19 text(s)" in kit and "'Start'" in kit and "'counters of {player}'" in kit and "14 more" in kit
    assert "[i18n.placeholder]" in err and "leaves out {total}" in err
    book = next(line for line in err.splitlines() if "rules.md have no 'de' translation" in line)
    assert f"{german / 'dragrage' / 'de.po'}:1:1: warning [i18n.missing]" in book
    assert "leaves out {{ printed.paper }}" in err
    assert sorted(p.name for p in (tmp_path / "out").iterdir() if p.suffix == ".pdf") == [
        "drag-rage-a4-de-rules.pdf", "drag-rage-a4-de.pdf"]


def test_strict_makes_any_gap_an_error_and_writes_nothing(run_pnp: PnpRunner, tmp_path: Path, german: Path):
    result = run_pnp("render", DRAG, "-o", tmp_path / "out", "--lang", "de", "--catalogs", german, "--strict")
    assert result.exit_code == 1
    assert "error [i18n.missing] no 'de' translation for 'Start'" in result.stderr
    assert "error [i18n.placeholder]" in result.stderr and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_strict_with_only_the_placeholder_gap_in_the_rulebook_is_an_error(run_pnp: PnpRunner, tmp_path: Path):
    folder = tmp_path / "it"
    (folder / "dragrage").mkdir(parents=True)
    installed = (installed_folders()["dragrage"] / "it.po").read_text(encoding="utf-8")
    (folder / "dragrage" / "it.po").write_text(installed, encoding="utf-8")
    translate(folder / "dragrage" / "it.po", {"six-sided; this kit prints {{ printed.dice }}": "a sei facce"})
    result = run_pnp("render", DRAG, "-o", tmp_path / "out", "--lang", "it", "--catalogs", folder, "--strict")
    assert result.exit_code == 1
    assert "error [i18n.placeholder] the translation leaves out {{ printed.dice }}" in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_complete_translation_renders_under_strict_without_warnings(run_pnp: PnpRunner, tmp_path: Path):
    result = run_pnp("render", DRAG, "-o", tmp_path / "out", "--lang", "it", "--strict")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.stderr and "error" not in result.stderr
    assert (tmp_path / "out" / "drag-rage-a4-it-rules.pdf").exists()
