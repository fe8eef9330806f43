"""`pnp i18n extract|update|status FOLDER`: keep a rulebook folder's gettext catalogs in step with its sources.

Input: a folder of Markdown rulebooks (or component `strings.txt`) with `messages.pot` and `<lang>.po` files.
Output: written catalogs and a per-language coverage table on stdout; exit 1 with located diagnostics when a
source or catalog is wrong.
"""

from __future__ import annotations

from pathlib import Path

import click

from pnp.commands import user_errors
from pnp.i18n.catalogs import coverage, extract, new_catalog, update

_FOLDER = click.argument("folder", type=click.Path(exists=True, file_okay=False, dir_okay=True, path_type=Path))


@click.group("i18n")
def i18n() -> None:
    """Translate rulebooks and component texts with gettext catalogs."""


@i18n.command("extract")
@_FOLDER
@user_errors
def extract_command(folder: Path) -> None:
    """Write FOLDER/messages.pot with every text of the folder's sources."""
    path = extract(folder)
    click.echo(f"wrote {path}")


@i18n.command("update")
@_FOLDER
@click.option("--init", "init_lang", metavar="LANG", help="Also start a new catalog for language LANG.")
@user_errors
def update_command(folder: Path, init_lang: str | None) -> None:
    """Extract the template and merge it into every FOLDER/<lang>.po (changed texts are marked fuzzy)."""
    if init_lang:
        click.echo(f"created {new_catalog(folder, init_lang)}")
    for path in update(folder):
        click.echo(f"updated {path}")


@i18n.command("status")
@_FOLDER
@user_errors
def status_command(folder: Path) -> None:
    """Print, per language, how many texts are translated, fuzzy and missing."""
    rows = coverage(folder)
    if not rows:
        click.echo("no <lang>.po catalogs in this folder")
    for row in rows:
        click.echo(
            f"{row.lang:6} {row.translated:4}/{row.total:<4} {row.percent:5.1f}%  "
            f"fuzzy {row.fuzzy}, untranslated {row.untranslated}"
        )
