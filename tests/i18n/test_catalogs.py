"""`pnp i18n extract|update|status` on a rulebook folder, and the catalogs shipped with pnp."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from click.testing import CliRunner

from pnp.games.dragrage.printed.kit import RULEBOOK as DRAG_RAGE_RULEBOOK
from pnp.games.mdd.printed.rulebook import RULEBOOKS as MDD_RULEBOOKS
from pnp.games.nitro.printed.rulebook import GUIDE as NITRO_GUIDE
from pnp.i18n import gettext_for, translate_component
from pnp.i18n.catalogs import coverage
from pnp.i18n.cli import i18n
from pnp.i18n.components import COMPONENTS_DIR

FOLDERS = {"mdd": MDD_RULEBOOKS, "drag-rage": DRAG_RAGE_RULEBOOK.parent, "nitro-dice": NITRO_GUIDE.parent,
           "components": COMPONENTS_DIR}
"""Every folder of shipped sources and catalogs, by name."""
SHIPPED = sorted(path for folder in FOLDERS.values() for path in folder.glob("*.po"))

BOOK = """# Title

## Setup

Place {{ rules.walls }} walls.

- Roll the die.
"""


def _run(*args: str) -> str:
    result = CliRunner().invoke(i18n, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _read(path: Path):
    with path.open("rb") as handle:
        return read_po(handle)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "rules.md").write_text(BOOK, encoding="utf-8")
    return tmp_path


def test_extract_writes_one_entry_per_text_with_its_location(folder):
    _run("extract", str(folder))
    template = _read(folder / "messages.pot")
    entries = {m.id: m.locations for m in template if m.id}
    assert entries == {
        "Title": [("rules.md", 1)],
        "Setup": [("rules.md", 3)],
        "Place {{ rules.walls }} walls.": [("rules.md", 5)],
        "Roll the die.": [("rules.md", 7)],
    }


def test_extract_is_repeatable_byte_for_byte(folder):
    _run("extract", str(folder))
    first = (folder / "messages.pot").read_bytes()
    _run("extract", str(folder))
    assert (folder / "messages.pot").read_bytes() == first


def test_update_merges_new_texts_and_marks_changed_ones_fuzzy(folder):
    _run("update", str(folder), "--init", "it")
    catalog = _read(folder / "it.po")
    catalog.get("Place {{ rules.walls }} walls.").string = "Metti {{ rules.walls }} muri."
    catalog.get("Setup").string = "Preparazione"
    with (folder / "it.po").open("wb") as out:
        write_po(out, catalog)
    (folder / "rules.md").write_text(
        BOOK.replace("Place {{ rules.walls }} walls.", "Place all {{ rules.walls }} walls.")
    )
    _run("update", str(folder))
    merged = _read(folder / "it.po")
    changed = merged.get("Place all {{ rules.walls }} walls.")
    assert changed.fuzzy and changed.string == "Metti {{ rules.walls }} muri."
    assert merged.get("Setup").string == "Preparazione" and not merged.get("Setup").fuzzy
    output = _run("status", str(folder))
    assert output.split()[:2] == ["it", "1/4"]
    assert "fuzzy 1, untranslated 2" in output


def test_init_refuses_an_existing_language(folder):
    _run("update", str(folder), "--init", "ru")
    result = CliRunner().invoke(i18n, ["update", str(folder), "--init", "ru"])
    assert result.exit_code == 1
    assert "already exists" in result.output


def test_a_broken_markdown_source_is_reported_with_its_location(folder):
    (folder / "rules.md").write_text("# T\n\n<table></table>\n")
    result = CliRunner().invoke(i18n, ["extract", str(folder)])
    assert result.exit_code == 1
    assert "rules.md:3:1: error [rulebook.markdown]" in result.output


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: "/".join(p.parts[-4:]))
def test_shipped_catalogs_pass_msgfmt_check(path):
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (gettext) is not installed")
    result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("name", ["mdd", "drag-rage", "nitro-dice", "components"])
def test_shipped_italian_catalogs_are_complete(name):
    (row,) = [row for row in coverage(FOLDERS[name]) if row.lang == "it"]
    assert (row.fuzzy, row.untranslated) == (0, 0)
    assert row.translated > 0


def test_component_texts_translate_and_fall_back_to_english():
    assert translate_component("Finish line", "it") == "Traguardo"
    assert translate_component("Finish line", None) == "Finish line"
    assert gettext_for("xx")("Start") == "Start"
    assert translate_component("Not a component text", "it") == "Not a component text"


def test_extract_takes_the_build_steps_of_the_kit_with_their_lines(folder):
    (folder / "build.yaml").write_text(
        "table: {component: Component, number: Number, use: Use}\npages: {label: Pages, use: print them}\n"
        "backs: Print both sides.\npieces:\n  - {kind: dice, use: a die, build: die}\n"
        "builds:\n  die:\n    title: The die\n    steps:\n      - {figure: cube, text: Fold the cube.}\n",
        encoding="utf-8")
    _run("extract", str(folder))
    entries = {m.id: m.locations for m in _read(folder / "messages.pot") if m.id}
    assert entries["Fold the cube."] == [("build.yaml", 10)]
    assert entries["The die"] == [("build.yaml", 8)] and entries["a die"] == [("build.yaml", 5)]
    assert entries["Roll the die."] == [("rules.md", 7)]
