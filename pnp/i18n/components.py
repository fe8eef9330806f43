"""Translations of the short texts printed on components (Start, Finish, Lives, sheet labels).

Input: a text in the source language (English) and a language code. Output: the text in that language, from
`pnp/data/components/<lang>.po`, or the text itself when there is no translation.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from pnp.data import resource_path

COMPONENTS_DIR = resource_path("pnp.data", "components")
"""The component catalogs shipped with pnp."""


@cache
def _table(lang: str, folder: Path) -> dict[str, str]:
    path = folder / f"{lang}.po"
    if not path.exists():
        return {}
    from pnp.i18n.catalogs import load_catalog  # Babel loads only when a language is asked for

    catalog = load_catalog(path)
    return {str(m.id): str(m.string) for m in catalog if m.id and m.string and not m.fuzzy}


def gettext_for(lang: str | None, folder: Path = COMPONENTS_DIR) -> Callable[[str], str]:
    """A gettext-like function translating component texts into `lang` (None: the source language)."""
    table = _table(lang, folder) if lang else {}
    return lambda text: table.get(text, text)


def translate_component(text: str, lang: str | None) -> str:
    """`text` in `lang` from the shipped component catalogs; the text itself when not translated."""
    return gettext_for(lang)(text)
