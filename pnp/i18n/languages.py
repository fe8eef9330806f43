"""Which languages pnp prints in, and which catalog file serves each folder in a language.

Catalogs live in folders named like those of the installed `rulebooks/`: `components/<lang>.po` for the texts
pnp prints on components and sheets, `<rulebook folder>/<lang>.po` (mdd, drag-rage, nitro-dice) for each
rulebook. A translator's folder (`--catalogs DIR`) has the same layout and its files take precedence over the
installed ones. English is the source language: it needs no catalog.
"""

from __future__ import annotations

from pathlib import Path

SOURCE_LANGUAGE = "en"
RULEBOOKS_DIR = Path(__file__).resolve().parents[2] / "rulebooks"
"""The catalogs (and rulebook sources) installed with pnp."""
COMPONENTS = "components"
"""The folder of the component texts' catalogs."""


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
    found = {p.stem for p in (RULEBOOKS_DIR / COMPONENTS).glob("*.po")}
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
                 installed: Path = RULEBOOKS_DIR) -> Path | None:
    """The `.po` file translating `folder` (components, mdd, ...) into `lang`, or None when there is none.

    The translator's folder is searched before the installed catalogs, and the exact language before its
    primary language (`pt_BR` before `pt`).
    """
    codes = [lang] if _primary(lang) == lang else [lang, _primary(lang)]
    roots = [installed] if catalogs is None else [catalogs, installed]
    for code in codes:
        for root in roots:
            path = root / folder / f"{code}.po"
            if path.is_file():
                return path
    return None
