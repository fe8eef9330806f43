"""Helpers for tests of a translator's folder: start one with `pnp i18n init` and fill in translations."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po, write_po
from click.testing import CliRunner

from pnp.cli import main


def init_folder(folder: Path, lang: str) -> list[Path]:
    """Run `pnp i18n init LANG -o FOLDER`; return the catalogs it says it created."""
    result = CliRunner().invoke(main, ["i18n", "init", lang, "-o", str(folder)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return [Path(line.removeprefix("created ")) for line in result.output.splitlines()]


def translate(path: Path, entries: dict[str, str]) -> None:
    """Set the translation of each msgid in `entries` in the catalog at `path` (the msgid must be there)."""
    with path.open("rb") as handle:
        catalog = read_po(handle)
    for msgid, text in entries.items():
        message = catalog.get(msgid)
        assert message is not None, msgid
        message.string = text
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100)
