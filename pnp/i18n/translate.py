"""Translation of a parsed document's units through one language catalog.

Input: the folder of a rulebook, a language code (None for the source language) and optionally a translator's
folder of catalogs (searched first). Output: a `Translation` whose `lookup(unit)` gives the text to print and
where it comes from (the `.po` line of the translation, or the source line when the entry is missing or fuzzy,
in which case the source text is printed), and at the end a summary warning naming the missing entries.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from pnp.diagnostics import Diagnostic, Mark, Severity, SpecError
from pnp.i18n.catalogs import load_catalog, plural_gap, plural_mismatch
from pnp.i18n.languages import (
    LENGTH_HINT,
    SOURCE_LANGUAGE,
    catalog_path,
    folder_name,
    length_warning,
    longest_translation,
)
from pnp.rulebook.markdown import Unit
from pnp.rulebook.plural import empty_forms, english_index, form_index, forms_of

SHOWN = 5
"""How many untranslated texts the summary warning names."""


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
    too_long: dict[Unit, tuple[str, int]] = field(default_factory=dict)
    plurals: dict[Unit, Diagnostic] = field(default_factory=dict)
    """Units whose plural entry has an empty form (or is plural where the source is not): each one's warning."""

    def file_of(self, unit: Unit) -> str:
        """The file `unit` is written in: its own (a kit's build.yaml) or the document's."""
        return unit.file or self.source_file

    @staticmethod
    def source_form(unit: Unit, count: float | None) -> str:
        """The English text of `unit` for `count`: the plural of a unit bound to a number unless it is 1."""
        return unit.plural if unit.plural and english_index(count if count is not None else 2) else unit.text

    def lookup(self, unit: Unit, count: float | None = None) -> Resolved:
        """The translation of `unit`, or its source text when the catalog lacks it (counted as missing); for a
        unit bound to a number, the form that serves `count` (in English: the singular for 1, else the plural)."""
        source = self.source_form(unit, count)
        if self.catalog is None or not any(ch.isalpha() for ch in unit.text):
            return Resolved(source, self.file_of(unit), unit.line, False)  # numbers and signs: as written
        message = self.catalog.get(unit.text)
        text = self._text(unit, message, count)
        if message is None or not text:
            if unit not in self.missing:
                self.missing.append(unit)
            return Resolved(source, self.file_of(unit), unit.line, False)
        if len(text) > longest_translation(source):
            self.too_long[unit] = (text, message.lineno or 1)
            return Resolved(source, self.file_of(unit), unit.line, False)
        return Resolved(text, self.catalog_file, message.lineno or 1, True)

    def _text(self, unit: Unit, message: Message | None, count: float | None) -> str:
        """The entry's text for `unit` ("" when there is none: no entry, fuzzy, or a plural entry with an empty
        form, noted in `plurals`, or one that is plural where the source is not, or not where it is)."""
        if message is None or message.fuzzy or not any(forms_of(message)):
            return ""
        assert self.catalog is not None
        if message.pluralizable != bool(unit.plural):
            self.plurals.setdefault(unit, plural_mismatch(self.catalog_file, message, self.catalog))
            return ""
        if not message.pluralizable:
            return str(message.string)
        if empty_forms(message):
            self.plurals.setdefault(unit, plural_gap(self.catalog_file, message, self.catalog))
            return ""
        return forms_of(message)[form_index(self.catalog, count if count is not None else 2)]

    def _length_problems(self, severity: Severity) -> list[Diagnostic]:
        return [Diagnostic.at(Mark(self.catalog_file, line, 1), "i18n.length",
                              length_warning(unit.text, text, self.lang), LENGTH_HINT, severity)
                for unit, (text, line) in self.too_long.items()] + [
            replace(problem, severity=severity) for problem in self.plurals.values()]

    def warnings(self) -> list[Diagnostic]:
        """A warning naming how many entries fell back to the source text (and the first few), if any did, and
        one per translation too long to print."""
        if not self.missing:
            return self._length_problems(Severity.WARNING)
        shown = ", ".join(f"{unit.text[:40]!r} ({_place(unit)}line {unit.line})" for unit in self.missing[:SHOWN])
        more = f" and {len(self.missing) - SHOWN} more" if len(self.missing) > SHOWN else ""
        return [
            Diagnostic.at(
                Mark(self.catalog_file, 1, 1),
                "i18n.missing",
                f"{len(self.missing)} text(s) of {self.source_file} have no '{self.lang}' translation and are "
                f"printed in the source language: {shown}{more}",
                "translate them in this catalog (see `pnp i18n status`)",
                Severity.WARNING,
            ),
            *self._length_problems(Severity.WARNING),
        ]

    def check_strict(self) -> None:
        """Raise a SpecError listing every missing and every too long translation (used with --strict)."""
        if not self.missing and not self.too_long:
            return
        raise SpecError(
            [
                Diagnostic.at(
                    Mark(self.file_of(unit), unit.line, unit.column),
                    "i18n.missing",
                    f"no '{self.lang}' translation for {unit.text[:60]!r}",
                    f"translate it in {self.catalog_file} (see `pnp i18n status`)",
                )
                for unit in self.missing
            ]
            + self._length_problems(Severity.ERROR)
        )


def _place(unit: Unit) -> str:
    """"build.yaml " for a text of another file than the document (named in the summary), else ""."""
    return f"{Path(unit.file).name} " if unit.file else ""


def translation_for(source: Path, lang: str | None, catalogs: Path | None = None) -> Translation:
    """The translation of the rulebook `source` into `lang`, from `<lang>.po` beside it, or from
    `catalogs/<folder of source>/<lang>.po` first when a translator's folder is given.

    `lang` None or the source language gives the identity. A language without a catalog is a SpecError.
    """
    if lang is None or lang == SOURCE_LANGUAGE:
        return Translation(str(source))
    path = catalog_path(folder_name(source.parent) or source.parent.name, lang, catalogs, source.parent)
    if path is None:
        known = ", ".join(sorted(p.stem for p in source.parent.glob("*.po"))) or "none"
        raise SpecError(
            Diagnostic.at(
                Mark(str(source), 1, 1),
                "i18n.language",
                f"no '{lang}' catalog for this rulebook (languages: {SOURCE_LANGUAGE}, {known})",
                f"start every catalog of a language with 'pnp i18n init {lang} -o DIR', then render with "
                f"--catalogs DIR",
            )
        )
    return Translation(str(source), lang, load_catalog(path), str(path))
