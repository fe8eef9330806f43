"""`pnp i18n extract|update|status FOLDER`: keep a rulebook folder's gettext catalogs in step with its sources;
`pnp i18n init LANG -o DIR` and `pnp i18n status --catalogs DIR`: a translator's own folder of catalogs.

Input: a folder of Markdown rulebooks (or component `strings.txt`) with `messages.pot` and `<lang>.po` files,
or a translator's folder (layout in `pnp.i18n.workspace`). Output: written catalogs and a coverage table on
stdout; exit 1 with located diagnostics when a source or catalog is wrong, 2 for a usage error.
"""

from __future__ import annotations

from pathlib import Path

import click

from pnp.commands import report, user_errors

_DIR = click.Path(exists=True, file_okay=False, dir_okay=True, path_type=Path)
_FOLDER = click.argument("folder", type=_DIR)


@click.group("i18n")
def i18n() -> None:
    """Translate rulebooks and component texts with gettext catalogs."""


@i18n.command("extract")
@_FOLDER
@user_errors
def extract_command(folder: Path) -> None:
    """Write FOLDER/messages.pot with every text of the folder's sources."""
    from pnp.i18n.catalogs import extract

    path = extract(folder)
    click.echo(f"wrote {path}")


@i18n.command("update")
@_FOLDER
@click.option("--init", "init_lang", metavar="LANG", help="Also start a new catalog for language LANG.")
@user_errors
def update_command(folder: Path, init_lang: str | None) -> None:
    """Extract the template and merge it into every FOLDER/<lang>.po (changed texts are marked fuzzy)."""
    from pnp.i18n.catalogs import new_catalog, update

    if init_lang:
        click.echo(f"created {new_catalog(folder, init_lang)}")
    for path in update(folder):
        click.echo(f"updated {path}")


@i18n.command("init")
@click.argument("lang")
@click.option("-o", "--output", "output", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="The translator's folder to write into (created if needed).")
@user_errors
def init_command(lang: str, output: Path) -> None:
    """Start a translation into LANG: write every catalog a complete translation needs into OUTPUT.

    \b
    OUTPUT/components/LANG.po   texts pnp prints on components and sheets
    OUTPUT/mdd/LANG.po          the Mini Demolition Derby rulebooks
    OUTPUT/dragrage/LANG.po     the Drag Rage rulebook
    OUTPUT/nitro/LANG.po        the Nitro Dice track guide

    Each holds every text of its template (messages.pot), untranslated. Translate them with any .po editor,
    check them with `pnp i18n status --catalogs OUTPUT` and print with
    `pnp render SPEC --lang LANG --catalogs OUTPUT`. Existing files are never replaced.
    """
    from pnp.i18n.workspace import init_catalogs

    written = init_catalogs(lang, output)
    for path in written:
        click.echo(f"created {path}")


def _coverage_line(name: str, lang: str, translated: int, total: int, percent: float, fuzzy: int,
                   untranslated: int) -> str:
    return (f"{name:12} {lang:6} {translated:4}/{total:<4} {percent:5.1f}%  "
            f"fuzzy {fuzzy}, untranslated {untranslated}")


@i18n.command("status")
@click.argument("folder", type=_DIR, required=False)
@click.option("--catalogs", type=_DIR, default=None,
              help="A translator's folder (from `pnp i18n init`): the completeness of each of its catalogs.")
@user_errors
def status_command(folder: Path | None, catalogs: Path | None) -> None:
    """Print, per language, how many texts are translated, fuzzy and missing: of FOLDER's catalogs, or of
    each catalog of a translator's folder (--catalogs DIR)."""
    from pnp.i18n.catalogs import coverage

    if (folder is None) == (catalogs is None):
        raise click.UsageError("give a rulebook FOLDER or --catalogs DIR")
    if catalogs is not None:
        _workspace_status(catalogs)
        return
    assert folder is not None
    rows = coverage(folder)
    if not rows:
        click.echo("no <lang>.po catalogs in this folder")
    for row in rows:
        click.echo(
            f"{row.lang:6} {row.translated:4}/{row.total:<4} {row.percent:5.1f}%  "
            f"fuzzy {row.fuzzy}, untranslated {row.untranslated}"
        )
    report([problem for row in rows for problem in row.problems])


def _workspace_status(catalogs: Path) -> None:
    from pnp.i18n.workspace import folder_status

    rows = folder_status(catalogs)
    if not rows:
        click.echo(f"no catalogs in {catalogs}; start them with `pnp i18n init LANG -o {catalogs}`")
    for row in rows:
        if not row.used:
            click.echo(f"{row.folder:12} {row.lang:6} not used: pnp has no catalog folder {row.folder!r} ({row.path})")
        elif row.coverage is None:
            click.echo(f"{row.folder:12} {row.lang:6} missing: {row.path}")
        else:
            c = row.coverage
            click.echo(_coverage_line(row.folder, row.lang, c.translated, c.total, c.percent, c.fuzzy,
                                      c.untranslated) + f"  {row.path}")
    report([problem for row in rows if row.coverage is not None for problem in row.coverage.problems])
