"""`pnp i18n extract|update` never write through a symbolic link planted in a rulebook folder, and a new
catalog of `update --init` is not written through a dangling one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.i18n.cli import i18n

BOOK = "# Title\n\nRoll the die.\n"


@pytest.fixture
def book(tmp_path: Path) -> Path:
    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "rules.md").write_text(BOOK, encoding="utf-8")
    return folder


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    path = tmp_path / "victim.txt"
    path.write_text("my own notes\n")
    return path


@pytest.mark.parametrize("command", ["extract", "update"])
def test_a_linked_template_is_refused(book: Path, victim: Path, command: str) -> None:
    (book / "messages.pot").symlink_to(victim)
    result = CliRunner().invoke(i18n, [command, str(book)])
    assert result.exit_code == 1
    assert f"{book / 'messages.pot'}:1:1: error" in result.output and "symbolic link" in result.output
    assert victim.read_text() == "my own notes\n"
    assert (book / "messages.pot").is_symlink()


def test_a_linked_catalog_is_neither_read_nor_written_by_update(book: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.po"
    outside.write_text('msgid ""\nmsgstr ""\n')
    (book / "it.po").symlink_to(outside)
    result = CliRunner().invoke(i18n, ["update", str(book)])
    assert result.exit_code == 1
    assert "symbolic link" in result.output
    assert outside.read_text() == 'msgid ""\nmsgstr ""\n'


def test_a_dangling_link_for_a_new_catalog_is_not_followed(book: Path, tmp_path: Path) -> None:
    (book / "ru.po").symlink_to(tmp_path / "created-elsewhere.po")
    result = CliRunner().invoke(i18n, ["update", str(book), "--init", "ru"])
    assert result.exit_code == 1
    assert not (tmp_path / "created-elsewhere.po").exists()


def test_extract_and_update_still_write_regular_files(book: Path) -> None:
    result = CliRunner().invoke(i18n, ["update", str(book), "--init", "it"])
    assert result.exit_code == 0, result.output
    assert "Roll the die." in (book / "messages.pot").read_text()
    assert "Roll the die." in (book / "it.po").read_text()
    umask = os.umask(0o022)
    os.umask(umask)
    assert (book / "it.po").stat().st_mode & 0o777 == 0o666 & ~umask  # as open() would create it
