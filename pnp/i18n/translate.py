"""Translation of a parsed document's units through one language catalog.

Input: the folder of a rulebook and a language code (None for the source language). Output: a `Translation`
whose `lookup(unit)` gives the text to print and where it comes from (the `.po` line of the translation, or the
source line when the entry is missing or fuzzy, in which case the source text is printed), and at the end a
summary warning with the number of missing entries.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.i18n.catalogs import load_catalog
from pnp.rulebook_markdown import Unit

SOURCE_LANGUAGE = "en"


@dataclass(frozen=True, slots=True)
class Resolved:
    """The text to print for a unit, the file and line to blame for it, and whether it is translated."""

    text: str
    file: str
    line: int
    translated: bool


@dataclass(slots=True)
class Translation:
    """Looks units up in a catalog (or none), remembering the units that had no translation."""

    source_file: str
    lang: str | None = None
    catalog: Catalog | None = None
    catalog_file: str = ""
    missing: list[Unit] = field(default_factory=list)

    def lookup(self, unit: Unit) -> Resolved:
        """The translation of `unit`, or its source text when the catalog lacks it (counted as missing)."""
        if self.catalog is None:
            return Resolved(unit.text, self.source_file, unit.line, False)
        message = self.catalog.get(unit.text)
        if message is None or not message.string or message.fuzzy:
            if unit not in self.missing:
                self.missing.append(unit)
            return Resolved(unit.text, self.source_file, unit.line, False)
        return Resolved(str(message.string), self.catalog_file, message.lineno or 1, True)

    def warnings(self) -> list[str]:
        """A warning naming how many entries fell back to the source text, if any did."""
        if not self.missing:
            return []
        first = self.missing[0]
        return [
            f"{self.catalog_file}: {len(self.missing)} text(s) have no '{self.lang}' translation and are "
            f"printed in the source language (first: {self.source_file}:{first.line})"
        ]

    def check_strict(self) -> None:
        """Raise a SpecError listing every missing translation (used with --strict)."""
        if not self.missing:
            return
        raise SpecError(
            [
                Diagnostic.at(
                    Mark(self.source_file, unit.line, 1),
                    "i18n.missing",
                    f"no '{self.lang}' translation for {unit.text[:60]!r}",
                    f"translate it in {self.catalog_file} (run 'pnp i18n update' first if it is not there)",
                )
                for unit in self.missing
            ]
        )


def translation_for(source: Path, lang: str | None) -> Translation:
    """The translation of the rulebook `source` into `lang`, from `<lang>.po` beside it.

    `lang` None or the source language gives the identity. A language without a catalog is a SpecError.
    """
    if lang is None or lang == SOURCE_LANGUAGE:
        return Translation(str(source))
    path = source.parent / f"{lang}.po"
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in source.parent.glob("*.po"))) or "none"
        raise SpecError(
            Diagnostic.at(
                Mark(str(source), 1, 1),
                "i18n.language",
                f"no '{lang}' catalog for this rulebook (languages: {SOURCE_LANGUAGE}, {known})",
                f"create it with 'pnp i18n update {source.parent} --init {lang}'",
            )
        )
    return Translation(str(source), lang, load_catalog(path), str(path))
