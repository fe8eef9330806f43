"""Which languages pnp prints in, and which catalog file serves each folder in a language.

Each catalog folder has a name: `components` for the texts pnp prints on components and sheets (installed in
`pnp/data/components/`), and each game's package name (`mdd`, `dragrage`, `nitro`) for its rulebook (installed
in `pnp/games/<game>/data/rulebook/`). A translator's folder (`--catalogs DIR`) holds `DIR/<name>/<lang>.po`
and its files take precedence over the installed ones. English is the source language: it needs no catalog.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pnp.data import resource_path
from pnp.diagnostics import Diagnostic, Mark, SpecError

SOURCE_LANGUAGE = "en"
COMPONENTS = "components"
"""The name of the component texts' catalog folder."""
TEMPLATE = "messages.pot"
MAX_GROWTH = 4
"""A translation may be at most MAX_GROWTH times as long as its source, plus MAX_EXTRA_CHARS characters (German
runs about 1.3 times English, the largest real ratio about 2.5 for very short texts); a longer one is printed in
English, with a warning (an error under --strict). Unbounded, one 105,000-character paragraph took half a minute
to lay out: reportlab wraps the rest of a paragraph again for every page it breaks onto."""
MAX_EXTRA_CHARS = 200


def longest_translation(source: str) -> int:
    """The most characters a translation of `source` may have."""
    return MAX_GROWTH * len(source) + MAX_EXTRA_CHARS


def length_warning(source: str, translated: str, lang: str | None) -> str:
    """The message saying that the `lang` translation of `source` is too long and not printed."""
    return (f"the '{lang}' translation of {source[:40]!r} has {len(translated):,} characters, over the cap of "
            f"{longest_translation(source):,} ({MAX_GROWTH} times its source plus {MAX_EXTRA_CHARS}), so the "
            f"English text is printed")


LENGTH_HINT = "shorten the translation: is it the translation of this entry?"

RIGHT_TO_LEFT = frozenset({"ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"})
"""Languages written right to left (their primary codes): their rulebooks are mirrored (running header,
paragraphs flush right, contents) and a booklet is bound on the right. Every other language is left to right."""


SHAPED_SCRIPTS = RIGHT_TO_LEFT | {"ja", "zh", "ko", "th", "lo", "km", "my", "hi", "mr", "ne", "bn", "ta", "te",
                                  "kn", "ml", "gu", "pa", "si"}
"""Languages whose script needs shaping or UAX #14 breaking: their rulebook's contents are set by pnp
(`pnp.booklet.contents`), not by reportlab's Paragraph."""


def needs_shaping_layout(lang: str | None) -> bool:
    """Whether `lang` is written in a script of SHAPED_SCRIPTS."""
    return lang is not None and _primary(_key(lang)) in SHAPED_SCRIPTS


def direction(lang: str | None) -> str:
    """"rtl" for a language written right to left (`ar`, `he-IL`, ...), else "ltr" (None: English)."""
    return "rtl" if lang is not None and _primary(_key(lang)) in RIGHT_TO_LEFT else "ltr"


@cache
def installed_folders() -> dict[str, Path]:
    """Catalog folder name -> the installed folder holding its template and catalogs: the component texts
    first, then each game's rulebook folder (found as data, so no game is imported)."""
    folders = {COMPONENTS: resource_path("pnp.data", COMPONENTS)}
    for template in sorted(resource_path("pnp.games").glob(f"*/data/rulebook/{TEMPLATE}")):
        folders[template.parents[2].name] = template.parent
    return folders


def folder_name(folder: Path) -> str | None:
    """The catalog folder name of an installed catalog folder (None for a folder that is not installed)."""
    resolved = folder.resolve()
    return next((name for name, path in installed_folders().items() if path.resolve() == resolved), None)


class UnknownLanguage(LookupError):
    """A language code that no catalog serves; `available` lists those that exist."""

    def __init__(self, code: str, available: list[str]):
        self.code = code
        self.available = available
        super().__init__(f"pnp has no translations for {code!r}; use one of: "
                         f"{', '.join([SOURCE_LANGUAGE, *available])}")


def _key(code: str) -> str:
    return code.strip().replace("-", "_").lower()


def _primary(code: str) -> str:
    return code.replace("-", "_").split("_")[0]


def available_languages(catalogs: Path | None = None) -> list[str]:
    """Languages with an installed component catalog, or with any catalog in the translator's folder."""
    found = {p.stem for p in installed_folders()[COMPONENTS].glob("*.po")}
    if catalogs is not None:
        found |= {p.stem for p in catalogs.glob("*/*.po")}
    return sorted(found)


def resolve_language(code: str, catalogs: Path | None = None) -> str | None:
    """The catalog language serving `code`, or None for English (the source language).

    Case and `-`/`_` do not matter; a regional code without its own catalogs falls back to its language
    (`it-IT` -> `it`). Raises UnknownLanguage when no catalog serves the code.
    """
    available = available_languages(catalogs)
    by_key = {_key(lang): lang for lang in available}
    key = _key(code)
    if key in by_key:
        return by_key[key]
    primary = _primary(key)
    if primary in by_key:
        return by_key[primary]
    if primary == SOURCE_LANGUAGE:
        return None
    raise UnknownLanguage(code, available)


def catalog_path(folder: str, lang: str, catalogs: Path | None = None,
                 installed: Path | None = None) -> Path | None:
    """The `.po` file translating catalog folder `folder` (components, mdd, ...) into `lang`, or None.

    `installed` is the installed folder of those catalogs (default: the one `installed_folders` names). The
    translator's folder is searched before the installed catalogs, and the exact language before its primary
    language (`pt_BR` before `pt`).
    """
    own = installed if installed is not None else installed_folders().get(folder)
    codes = [lang] if _primary(lang) == lang else [lang, _primary(lang)]
    places = [] if catalogs is None else [catalogs / folder]
    places += [] if own is None else [own]
    for code in codes:
        for place in places:
            path = place / f"{code}.po"
            if catalogs is not None and place == catalogs / folder:
                check_inside(path, catalogs)
            if path.is_file():
                return path
    return None


def check_inside(path: Path, catalogs: Path) -> None:
    """Refuse (SpecError, nothing read) a translator's catalog that is a symbolic link or lies outside the
    `--catalogs` folder (through a linked sub-folder): pnp reads only the folder's own regular files."""
    if not (path.is_symlink() or path.exists()):
        return
    if path.is_symlink() or not path.resolve().is_relative_to(catalogs.resolve()):
        raise SpecError(Diagnostic.at(Mark(str(path), 1, 1), "i18n.catalog",
                                      f"this catalog is a symbolic link or lies outside {catalogs}; not read",
                                      f"put the .po file itself inside {catalogs}"))
