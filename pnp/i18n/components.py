"""Translations of the short texts pnp prints on components and sheets (Start, Finish, sheet labels).

Input: a text in the source language (English) and a language code. Output: the text in that language, from
`pnp/data/components/<lang>.po` (a translator's folder first, then the installed catalogs), or the text itself
when there is no translation. A `ComponentTranslator` remembers every gap it met: texts without a translation,
translations that leave out a `{placeholder}` of the English text, and translations holding characters that
pnp's fonts (DejaVu Sans, regular and bold, in which components are printed) cannot show: CJK would print as
blank boxes, a control character (NUL) not at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from pnp.diagnostics import Diagnostic, Mark, Severity
from pnp.i18n.languages import (
    COMPONENTS,
    LENGTH_HINT,
    catalog_path,
    installed_folders,
    length_warning,
    longest_translation,
)
from pnp.rulebook.plural import english_index, forms_of, plural_index, split_plural
from pnp.text.fonts import missing_glyphs

COMPONENTS_DIR = installed_folders()[COMPONENTS]
"""The component catalogs shipped with pnp."""
SHOWN = 5
"""How many untranslated texts a warning names."""

COMPONENT_FONTS = ("sans", "sans-bold")
"""The fonts component texts are printed in."""

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def unprintable_chars(text: str) -> list[str]:
    """The characters of `text` that a font of COMPONENT_FONTS has no glyph for, in order, once each."""
    found: list[str] = []
    for font in COMPONENT_FONTS:
        found.extend(ch for ch in missing_glyphs(text, font) if ch not in found)
    return found


def _shown(chars: list[str]) -> str:
    return ", ".join(f"U+{ord(ch):04X}" + (f" {ch!r}" if ch.isprintable() else "") for ch in chars[:SHOWN]) + (
        f" and {len(chars) - SHOWN} more" if len(chars) > SHOWN else "")


@dataclass(frozen=True, slots=True)
class Entry:
    """One catalog entry: its translation ('' when none or fuzzy, or for a plural entry), the .po line it starts
    on, and a plural entry's forms (msgstr[0]...; () for a plain entry, or a fuzzy one)."""

    text: str
    line: int
    forms: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Table:
    """The entries of one catalog by msgid (a plural entry by its singular), and its `Plural-Forms`."""

    entries: dict[str, Entry]
    plural_expr: str = "(n != 1)"
    num_plurals: int = 2


@cache
def _entries(path: Path, stamp: tuple[int, int]) -> Table:
    del stamp  # part of the cache key: a catalog edited on disk is read again
    from pnp.i18n.catalogs import load_catalog  # Babel loads only when a language is asked for

    catalog = load_catalog(path)
    entries: dict[str, Entry] = {}
    for m in catalog:
        if m.pluralizable:
            entries[str(m.id[0])] = Entry("", m.lineno or 1, () if m.fuzzy else forms_of(m))
        elif m.id:
            entries[str(m.id)] = Entry("" if m.fuzzy else str(m.string or ""), m.lineno or 1)
    return Table(entries, catalog.plural_expr, catalog.num_plurals)


def _read(path: Path) -> Table:
    status = path.stat()
    return _entries(path, (status.st_mtime_ns, status.st_size))


@dataclass(slots=True)
class ComponentTranslator:
    """Translates component texts into `lang` from one catalog, noting each text it could not translate."""

    lang: str
    catalog_file: str
    entries: dict[str, Entry]
    table: Table | None = None
    missing: dict[str, None] = field(default_factory=dict)
    dropped: dict[str, list[str]] = field(default_factory=dict)
    unprintable: dict[str, list[str]] = field(default_factory=dict)
    too_long: dict[str, str] = field(default_factory=dict)
    plural_gaps: dict[str, list[int]] = field(default_factory=dict)
    """Plural entries with an empty form (their singular): the empty forms' indexes."""

    def plural(self, text: str, number: float) -> str:
        """The translation of a text bound to a number (`singular {% plural NAME %} plural`) in the form that
        serves `number` in the language (the English form when the entry is missing or lacks a form)."""
        forms = split_plural(text)
        if forms is None:
            return self(text)
        english = forms.plural if english_index(number) else forms.singular
        entry = self.entries.get(forms.singular)
        table = self.table or Table(self.entries)
        if entry is None or not any(entry.forms):
            self.missing.setdefault(forms.singular)
            return english
        if len(entry.forms) != table.num_plurals or not all(entry.forms):
            self.plural_gaps[forms.singular] = [i for i in range(table.num_plurals)
                                                if i >= len(entry.forms) or not entry.forms[i]]
            return english
        chosen = entry.forms[plural_index(table.plural_expr, table.num_plurals, number)]
        if forms.singular not in self.unprintable:
            self.unprintable[forms.singular] = unprintable_chars(chosen)
        return chosen

    def __call__(self, text: str) -> str:
        entry = self.entries.get(text)
        if entry is None or not entry.text:
            self.missing.setdefault(text)
            return text
        if len(entry.text) > longest_translation(text):
            self.too_long[text] = entry.text
            return text
        lost = [name for name in _PLACEHOLDER.findall(text) if "{" + name + "}" not in entry.text]
        if lost:
            self.dropped[text] = lost
        if text not in self.unprintable:
            self.unprintable[text] = unprintable_chars(entry.text)
        return entry.text

    def _line(self, text: str) -> int:
        entry = self.entries.get(text)
        return entry.line if entry else 1

    def gaps(self, strict: bool = False) -> list[Diagnostic]:
        """The gaps met so far: one warning for the untranslated texts, one per dropped placeholder, one per
        translation too long to print and one per translation with characters the fonts cannot print; with
        `strict`, each is an error (one per untranslated text)."""
        severity = Severity.ERROR if strict else Severity.WARNING
        hint = f"translate it in {self.catalog_file}"
        found: list[Diagnostic] = []
        missing = list(self.missing)
        if strict:
            found += [Diagnostic.at(Mark(self.catalog_file, self._line(t), 1), "i18n.missing",
                                    f"no '{self.lang}' translation for {t!r}", hint, severity) for t in missing]
        elif missing:
            shown = ", ".join(repr(t) for t in missing[:SHOWN])
            more = f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else ""
            found.append(Diagnostic.at(
                Mark(self.catalog_file, 1, 1), "i18n.missing",
                f"{len(missing)} text(s) printed on the kit have no '{self.lang}' translation and are printed "
                f"in English: {shown}{more}", "translate them in this catalog (see `pnp i18n status`)", severity))
        for text, names in self.dropped.items():
            lost = ", ".join("{" + n + "}" for n in names)
            found.append(Diagnostic.at(
                Mark(self.catalog_file, self._line(text), 1), "i18n.placeholder",
                f"the '{self.lang}' translation of {text!r} leaves out {lost}, so its value is not printed",
                f"put {lost} back into the translation", severity))
        found += [Diagnostic.at(Mark(self.catalog_file, self._line(text), 1), "i18n.length",
                                length_warning(text, translated, self.lang), LENGTH_HINT, severity)
                  for text, translated in self.too_long.items()]
        found += [Diagnostic.at(Mark(self.catalog_file, self._line(text), 1), "i18n.plural",
                                f"the plural entry {text!r} has no text for "
                                f"{', '.join(f'msgstr[{i}]' for i in indexes)}, so the English text is printed",
                                "translate every msgstr[N] form of this entry", severity)
                  for text, indexes in self.plural_gaps.items()]
        for text, chars in self.unprintable.items():
            if chars:
                found.append(Diagnostic.at(
                    Mark(self.catalog_file, self._line(text), 1), "i18n.glyphs",
                    f"the '{self.lang}' translation of {text!r} holds characters pnp's fonts cannot print "
                    f"(they would be blank boxes or left out): {_shown(chars)}",
                    "use characters of the Latin, Greek or Cyrillic scripts, and no control characters", severity))
        return found


def component_translator(lang: str, catalogs: Path | None = None,
                         installed: Path = COMPONENTS_DIR) -> ComponentTranslator:
    """The translator of component texts into `lang`: the translator's catalog in `catalogs` first, then the
    installed one. A language without a component catalog translates nothing (every text is a gap)."""
    path = catalog_path(COMPONENTS, lang, catalogs, installed)
    if path is None:
        where = (catalogs / COMPONENTS if catalogs else installed) / f"{lang}.po"
        return ComponentTranslator(lang, str(where), {})
    table = _read(path)
    return ComponentTranslator(lang, str(path), table.entries, table)


def gettext_for(lang: str | None, folder: Path = COMPONENTS_DIR) -> Callable[[str], str]:
    """A gettext-like function translating component texts into `lang` (None: the source language)."""
    if not lang:
        return str
    path = folder / f"{lang}.po"
    table = _read(path).entries if path.is_file() else {}
    return lambda text: table[text].text if text in table and table[text].text else text


def translate_component(text: str, lang: str | None) -> str:
    """`text` in `lang` from the shipped component catalogs; the text itself when not translated."""
    return gettext_for(lang)(text)
