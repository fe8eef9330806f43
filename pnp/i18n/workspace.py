"""A translator's folder of catalogs: start one for a new language, and measure how complete it is.

Layout of the folder (one folder per catalog, named as in `pnp.i18n.languages.installed_folders`):

    DIR/components/LANG.po    texts pnp prints on components and sheets (Start, Finish, sheet 1 of 3...)
    DIR/mdd/LANG.po           the Mini Demolition Derby rulebooks (both rule sets)
    DIR/dragrage/LANG.po      the Drag Rage rulebook
    DIR/nitro/LANG.po         the Nitro Dice track guide

`init_catalogs` writes one catalog per installed `messages.pot`, every entry from the template and untranslated;
`pnp render --lang LANG --catalogs DIR` then prints with them, before the installed catalogs. Nothing in the
installed package is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from babel.core import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.i18n.catalogs import FIXED_DATE, HEADER, PROJECT, TEAM, TEMPLATE_NAME, Coverage, catalog_coverage, source_units
from pnp.i18n.languages import COMPONENTS, SOURCE_LANGUAGE, check_inside, installed_folders


@dataclass(frozen=True, slots=True)
class CatalogStatus:
    """One catalog of a translator's folder: its folder name, language, file, and coverage (None: missing)."""

    folder: str
    lang: str
    path: Path
    coverage: Coverage | None
    used: bool = True


def catalog_folders(installed: Mapping[str, Path] | None = None) -> dict[str, Path]:
    """The folders a complete translation covers (name -> installed folder with its template): the component
    texts first, then each rulebook folder."""
    folders = installed_folders() if installed is None else installed
    names = sorted((name for name, path in folders.items() if (path / TEMPLATE_NAME).is_file()),
                   key=lambda name: (name != COMPONENTS, name))
    return {name: folders[name] for name in names}


def _error(path: Path, message: str, hint: str) -> SpecError:
    return SpecError(Diagnostic.at(Mark(str(path), 1, 1), "i18n.init", message, hint))


def language_code(lang: str, where: Path) -> str:
    """`lang` as a catalog file name (`it`, `pt_BR`); a SpecError for English or a code Babel does not know."""
    try:
        locale = Locale.parse(lang.strip().replace("-", "_"))
    except (ValueError, UnknownLocaleError, TypeError):
        raise _error(where, f"'{lang}' is not a language code Babel knows",
                     "use a code such as de, ru, pt_BR") from None
    if locale.language == SOURCE_LANGUAGE and not locale.territory:
        raise _error(where, "English is the source language: it needs no catalog", "choose another language")
    return str(locale)


def init_catalogs(lang: str, out: Path, installed: Mapping[str, Path] | None = None) -> list[Path]:
    """Write `out/<folder>/<lang>.po` for every installed template, untranslated; return the paths.

    Refuses (SpecError, nothing written) when any of those files already exists.
    """
    code = language_code(lang, out)
    folders = catalog_folders(installed)
    targets = [out / name / f"{code}.po" for name in folders]
    existing = [path for path in targets if path.exists() or path.is_symlink()]
    if existing:
        raise _error(existing[0], f"{len(existing)} of the catalogs already exist, so nothing was written",
                     "translate the existing files, or choose another folder")
    written: list[Path] = []
    for folder, path in zip(folders.values(), targets, strict=True):
        with (folder / TEMPLATE_NAME).open("rb") as handle:
            template = read_po(handle)
        catalog = Catalog(locale=Locale.parse(code), project=PROJECT, creation_date=FIXED_DATE,
                          revision_date=FIXED_DATE, fuzzy=False, header_comment=HEADER, **TEAM)
        catalog.update(template)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("xb") as handle:  # never replaces a file
                write_po(handle, catalog, width=100, sort_output=False)
        except OSError as err:
            done = f" (already written: {', '.join(map(str, written))})" if written else ""
            raise _error(path, f"cannot write this catalog: {err.strerror or err}{done}",
                         "choose a folder you can write to") from None
        written.append(path)
    return written


def folder_status(catalogs: Path, installed: Mapping[str, Path] | None = None) -> list[CatalogStatus]:
    """Per language of `catalogs` and per folder a complete translation covers: the coverage of that catalog
    against the installed sources (None when the catalog is missing); catalogs in folders pnp does not know
    are listed as not used."""
    folders = catalog_folders(installed)
    langs = sorted({p.stem for p in catalogs.glob("*/*.po")})
    rows: list[CatalogStatus] = []
    wanted = {name: {unit.msgid for unit in source_units(folder)} for name, folder in folders.items()}
    for lang in langs:
        for name in folders:
            path = catalogs / name / f"{lang}.po"
            check_inside(path, catalogs)
            found = catalog_coverage(path, wanted[name]) if path.is_file() else None
            rows.append(CatalogStatus(name, lang, path, found))
    for path in sorted(catalogs.glob("*/*.po")):
        if path.parent.name not in folders:
            check_inside(path, catalogs)
            rows.append(CatalogStatus(path.parent.name, path.stem, path, None, used=False))
    return rows
