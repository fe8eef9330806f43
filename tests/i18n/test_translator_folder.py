"""A translator adds a language without touching the installed package: `pnp i18n init`, `render --catalogs`,
`pnp i18n status --catalogs`; the catalogs are untrusted files."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pnp.i18n.languages import installed_folders
from pnp.rulebook.plural import forms_of
from tests.booklet.conftest import pdf_text
from tests.conftest import PnpRunner
from tests.i18n.translator import init_folder, translate

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "examples" / "generic-deck" / "kit.yaml"
DRAG = ROOT / "examples" / "drag-rage" / "kit.yaml"
FOLDERS = ["components", "dragrage", "mdd", "nitro"]


def _ids(path: Path) -> set[str]:
    with path.open("rb") as handle:
        return {str(m.id) for m in read_po(handle) if m.id}


def test_init_writes_every_catalog_prefilled_from_the_templates(tmp_path: Path):
    created = init_folder(tmp_path / "de", "de")
    assert sorted(p.relative_to(tmp_path / "de").as_posix() for p in created) == [f"{f}/de.po" for f in FOLDERS]
    for folder in FOLDERS:
        catalog = tmp_path / "de" / folder / "de.po"
        assert _ids(catalog) == _ids(installed_folders()[folder] / "messages.pot")
        with catalog.open("rb") as handle:
            assert all(not any(forms_of(m)) for m in read_po(handle) if m.id)


def test_init_documents_the_folder_layout(run_pnp: PnpRunner):
    text = run_pnp("i18n", "init", "--help").output
    for folder in FOLDERS:
        assert f"OUTPUT/{folder}/LANG.po" in text
    docs = (ROOT / "docs" / "rulebooks.md").read_text(encoding="utf-8")
    assert "pnp i18n init" in docs and all(f"{folder}/LANG.po" in docs for folder in FOLDERS)


def test_init_never_replaces_a_catalog(run_pnp: PnpRunner, tmp_path: Path):
    (tmp_path / "mdd").mkdir()
    (tmp_path / "mdd" / "de.po").write_text("mine", encoding="utf-8")
    result = run_pnp("i18n", "init", "de", "-o", tmp_path)
    assert result.exit_code == 1 and "already exist" in result.stderr
    assert (tmp_path / "mdd" / "de.po").read_text(encoding="utf-8") == "mine"
    assert not (tmp_path / "components").exists()


@pytest.mark.parametrize("code", ["en", "not a language"])
def test_init_refuses_english_and_unknown_codes(run_pnp: PnpRunner, tmp_path: Path, code: str):
    result = run_pnp("i18n", "init", code, "-o", tmp_path / "x")
    assert result.exit_code == 1 and "[i18n.init]" in result.stderr
    assert not (tmp_path / "x").exists()


def test_render_prints_with_the_translators_catalogs(run_pnp: PnpRunner, tmp_path: Path):
    folder = tmp_path / "de"
    init_folder(folder, "de")
    translate(folder / "components" / "de.po", {"sheet {number} of {total}": "Blatt {number} von {total}",
                                                "Start": "Start", "Finish": "Ziel"})
    translate(folder / "dragrage" / "de.po", {"The idea": "Die Idee"})
    result = run_pnp("render", DRAG, "-o", tmp_path / "out", "--lang", "de", "--catalogs", folder)
    assert result.exit_code == 0, result.output
    kit = pdf_text((tmp_path / "out" / "drag-rage-a4-de.pdf").read_bytes())
    assert "Blatt 1 von" in kit and "ZIEL" in kit and "FINISH" not in kit
    assert "Die Idee" in pdf_text((tmp_path / "out" / "drag-rage-a4-de-rules.pdf").read_bytes())


def test_the_translators_catalogs_come_before_the_installed_ones(run_pnp: PnpRunner, tmp_path: Path):
    folder = tmp_path / "mine"
    (folder / "components").mkdir(parents=True)
    installed = (installed_folders()["components"] / "it.po").read_text(encoding="utf-8")
    (folder / "components" / "it.po").write_text(installed, encoding="utf-8")
    translate(folder / "components" / "it.po", {"sheet {number} of {total}": "pagina {number} su {total}"})
    result = run_pnp("render", DECK, "-o", tmp_path / "out", "--lang", "it", "--catalogs", folder)
    assert result.exit_code == 0, result.output
    text = pdf_text((tmp_path / "out" / "demo-race-deck-a4-it.pdf").read_bytes())
    assert "pagina 1 su" in text and "foglio 1 di" not in text


def test_a_translation_is_printed_literally_never_evaluated(run_pnp: PnpRunner, tmp_path: Path):
    folder = tmp_path / "xx"
    init_folder(folder, "fr")
    translate(folder / "components" / "fr.po",
              {"sheet {number} of {total}": "{{ 7*7 }} {0.__class__} feuille {number}/{total}"})
    translate(folder / "dragrage" / "fr.po", {"The idea": "L'idée {{ 7*7 }} <b> & co"})
    result = run_pnp("render", DRAG, "-o", tmp_path / "out", "--lang", "fr", "--catalogs", folder)
    assert result.exit_code == 0, result.output
    kit = pdf_text((tmp_path / "out" / "drag-rage-a4-fr.pdf").read_bytes())
    assert "{{ 7*7 }} {0.__class__} feuille 1/" in kit and "49" not in kit
    rules = pdf_text((tmp_path / "out" / "drag-rage-a4-fr-rules.pdf").read_bytes())
    assert "L'idée {{ 7*7 }} <b> & co" in rules and "49" not in rules


@pytest.mark.parametrize(("content", "line"), [
    (b'msgid "Start"\nmsgstr "Anfang\n', 2),
    (b'msgid "Start"\nmsgstr "a"\nmsgid "Start"\nmsgstr "b"\n\nthis is not a catalog\n', 6),
    (b'\xff\xfe\x00garbage', 1),
])
def test_a_broken_catalog_is_a_located_error(run_pnp: PnpRunner, tmp_path: Path, content: bytes, line: int):
    folder = tmp_path / "de"
    init_folder(folder, "de")
    broken = folder / "components" / "de.po"
    broken.write_bytes(content)
    for args in (["render", DECK, "-o", tmp_path / "out", "--lang", "de", "--catalogs", folder],
                 ["i18n", "status", "--catalogs", folder]):
        result = run_pnp(*args)
        assert result.exit_code == 1, result.output
        assert f"{broken}:{line}:1: error [i18n.catalog]" in result.stderr, result.stderr
        assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_status_reports_each_catalog_of_the_folder(run_pnp: PnpRunner, tmp_path: Path):
    folder = tmp_path / "de"
    init_folder(folder, "de")
    translate(folder / "components" / "de.po", {"Start": "Start", "Finish": "Ziel"})
    (folder / "nitro" / "de.po").unlink()
    result = run_pnp("i18n", "status", "--catalogs", folder)
    assert result.exit_code == 0, result.output
    lines = {line.split()[0]: line for line in result.output.splitlines()}
    total = len(_ids(installed_folders()["components"] / "messages.pot"))
    assert f"2/{total}" in lines["components"] and "untranslated " + str(total - 2) in lines["components"]
    assert "0/" in lines["mdd"] and "0/" in lines["dragrage"]
    assert "missing" in lines["nitro"]


def test_init_into_a_folder_it_cannot_write_is_a_located_error(run_pnp: PnpRunner, tmp_path: Path):
    (tmp_path / "components").write_text("a file where a folder should be", encoding="utf-8")
    result = run_pnp("i18n", "init", "de", "-o", tmp_path)
    assert result.exit_code == 1 and "cannot write this catalog" in result.stderr
    assert (tmp_path / "components").read_text(encoding="utf-8") == "a file where a folder should be"


@pytest.mark.parametrize("how", ["linked-file", "linked-folder"])
def test_a_catalog_linked_from_outside_the_folder_is_refused_unread(run_pnp: PnpRunner, tmp_path: Path, how: str):
    folder = tmp_path / "de"
    init_folder(folder, "de")
    secret = tmp_path / "private" / "de.po"
    secret.parent.mkdir()
    secret.write_text("SECRET first line\n", encoding="utf-8")
    if how == "linked-file":
        (folder / "components" / "de.po").unlink()
        (folder / "components" / "de.po").symlink_to(secret)
    else:
        for path in (folder / "components").iterdir():
            path.unlink()
        (folder / "components").rmdir()
        (folder / "components").symlink_to(secret.parent)
    for args in (["render", DECK, "-o", tmp_path / "out", "--lang", "de", "--catalogs", folder],
                 ["i18n", "status", "--catalogs", folder]):
        result = run_pnp(*args)
        assert result.exit_code == 1, result.output
        assert f"{folder / 'components' / 'de.po'}:1:1: error [i18n.catalog]" in result.stderr, result.stderr
        assert "SECRET" not in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()
