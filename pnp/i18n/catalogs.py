"""Gettext catalogs of a rulebook folder, handled with Babel: extract, update, status, load.

Input: a folder holding Markdown rulebooks (`*.md`), their kit's `build.yaml` (`pnp.rulebook.steps`) and/or a
`strings.txt` of component texts (one text a line, `#` comments). Output: `messages.pot` (every unit, with
`file:line` locations), one `<lang>.po` per language beside it, and per-language coverage.

Catalog dates are fixed so that extracting twice gives the same file and catalogs diff cleanly in git.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path
from typing import NamedTuple

from babel.core import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, PoFileParser, read_po, write_po

from pnp.diagnostics import Diagnostic, Mark, Severity, SpecError
from pnp.rulebook.plural import describe_forms, empty_forms, forms_of, split_plural

TEMPLATE_NAME = "messages.pot"
STRINGS_NAME = "strings.txt"
BUILD_NAME = "build.yaml"
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
PROJECT = "pnp rulebooks"
HEADER = (
    "# Translations of the pnp rulebooks and component texts.\n"
    "# Each text keeps the licence of its source (see the rulebook's title page)."
)
TEAM = {"last_translator": "pnp contributors", "language_team": "pnp contributors"}
MAX_CATALOG_BYTES = 4_000_000
"""Largest catalog pnp reads (the biggest shipped one is about 40 kB): catalogs may come from anyone."""
MAX_PLURALS = 6
"""Most plural forms a catalog may declare (`Plural-Forms: nplurals=N`): 6 is the largest real value (Arabic);
Babel makes a list of N strings for every plural entry, so a huge N would eat all memory."""
_PO_LINE = re.compile(r'(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"(?:[^"\\]|\\.)*"')
"""A keyword line or a continuation line of a .po file: one complete quoted string."""


@dataclass(frozen=True, slots=True)
class Coverage:
    """How much of the template one language catalog translates."""

    lang: str
    translated: int
    fuzzy: int
    untranslated: int
    problems: tuple[Diagnostic, ...] = ()
    """Located warnings about entries counted as untranslated: a plural entry with an empty form."""

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0


def _error(path: Path, line: int, message: str, hint: str) -> SpecError:
    return SpecError(Diagnostic.at(Mark(str(path), line, 1), "i18n.catalog", message, hint))


class _HeaderError(ValueError):
    """A catalog header pnp refuses: the header field it is in, what is wrong, and how to fix it."""

    def __init__(self, field: str, message: str, hint: str):
        super().__init__(message)
        self.field, self.hint = field, hint


def is_text_encoding(name: str) -> bool:
    """Whether `name` is a codec that turns text into bytes and back (not rot13, zlib, base64, or unknown)."""
    try:
        return isinstance("".encode(name), bytes) and isinstance(b"".decode(name), str)
    except (LookupError, ValueError, TypeError):
        return False


class _CheckedCatalog(Catalog):
    """A catalog whose header is checked as it is read: a known text charset, at most MAX_PLURALS plural forms."""

    @property
    def mime_headers(self) -> list[tuple[str, str]]:
        return Catalog.mime_headers.fget(self)  # type: ignore[attr-defined,no-any-return]

    @mime_headers.setter
    def mime_headers(self, headers: Iterable[tuple[str, str]]) -> None:
        Catalog.mime_headers.fset(self, headers)  # type: ignore[attr-defined]
        if not is_text_encoding(self.charset):
            raise _HeaderError("charset", f"the charset {self.charset!r} is not a text encoding Python knows",
                               "declare charset=UTF-8 in the Content-Type header and save the file as UTF-8")
        if not 1 <= self.num_plurals <= MAX_PLURALS:
            raise _HeaderError("nplurals", f"nplurals={self.num_plurals} is not a number of plural forms "
                               f"(1 to {MAX_PLURALS})", "copy the Plural-Forms line of your language from the "
                               "gettext manual (English: nplurals=2; plural=(n != 1);)")


def _header_line(data: bytes, field: str) -> int:
    """The line of `data` where the header `field` (charset, nplurals) first appears, else 1."""
    found = data.lower().find(field.encode())
    return data.count(b"\n", 0, found) + 1 if found >= 0 else 1


MsgId = str | tuple[str, str]
"""A catalog id: a text, or (singular, plural) for a text bound to a number."""


class SourceUnit(NamedTuple):
    """One unit of a folder's sources: its catalog id, file name and line, and for a text bound to a number the
    number's expression (`{{ rules.cars }}`, or `{cars}` in strings.txt; "" for other texts)."""

    msgid: MsgId
    file: str
    line: int
    number: str = ""


def source_units(folder: Path) -> list[SourceUnit]:
    """Every unit of the folder's sources, files in name order."""
    # imported here: pnp.booklet renders through pnp.i18n.translate, which needs this module first
    from pnp.rulebook.markdown import iter_units, parse_document
    from pnp.rulebook.steps import guide_units, parse_build

    def quoted(count: str) -> str:
        return "{{ " + count + " }}" if count else ""

    found: list[SourceUnit] = []
    for path in sorted(folder.glob("*.md")):
        document = parse_document(path.read_text(encoding="utf-8"), str(path))
        found.extend(SourceUnit(unit.msgid, path.name, unit.line, quoted(unit.count)) for unit in iter_units(document))
    build = folder / BUILD_NAME
    if build.is_file():
        guide = parse_build(build.read_text(encoding="utf-8"), str(build))
        found.extend(SourceUnit(unit.msgid, build.name, unit.line, quoted(unit.count)) for unit in guide_units(guide))
    strings = folder / STRINGS_NAME
    if strings.exists():
        for number, line in enumerate(strings.read_text(encoding="utf-8").splitlines(), start=1):
            text = line.strip()
            if text and not text.startswith("#"):
                forms = split_plural(text)  # a line may be "singular {% plural NAME %} plural"
                found.append(SourceUnit((forms.singular, forms.plural), strings.name, number, "{" + forms.count + "}")
                             if forms else SourceUnit(text, strings.name, number))
    return found


def plural_comment(count: str) -> str:
    """The note a plural entry carries for its translators (a `#.` comment)."""
    return (f"{count} chooses the form: msgstr[N] is the text for the numbers that your language's "
            f"Plural-Forms gives form N (a form may leave the number out)")


def build_template(folder: Path) -> Catalog:
    """The `.pot` catalog of `folder`: one entry per distinct unit, with all its locations."""
    catalog = Catalog(
        project=PROJECT,
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
        header_comment=HEADER,
        **TEAM,
    )
    for text, file, line, number in source_units(folder):
        message = catalog.get(text)
        if message is None:
            catalog.add(text, locations=[(file, line)], auto_comments=[plural_comment(number)] if number else ())
        else:
            message.locations.append((file, line))
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    """Write `catalog` to `path` through a temporary file renamed into place: a link (or anything but a
    regular file) at `path` is refused, never written through, and a failed write leaves the old file whole."""
    _refuse_link(path)
    fd, temp = tempfile.mkstemp(prefix=".pnp-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            write_po(out, catalog, width=100, sort_output=False, include_previous=True)
        umask = os.umask(0o022)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, path)  # replaces a name, never what a link (planted since the check) points to
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _refuse_link(path: Path) -> None:
    """A SpecError when `path` is a symbolic link or exists and is not a regular file."""
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise _error(path, 1, "this is a symbolic link or not a regular file; pnp does not write through it",
                     "replace it with a regular file, or remove it")


def extract(folder: Path) -> Path:
    """Write `folder/messages.pot` from the folder's sources; return its path."""
    path = folder / TEMPLATE_NAME
    _write(build_template(folder), path)
    return path


def language_of(path: Path) -> str:
    """The language code of a `<lang>.po` file."""
    return path.stem


def catalog_files(folder: Path) -> list[Path]:
    """The `<lang>.po` files of `folder`, sorted by language."""
    return sorted(folder.glob("*.po"))


def load_catalog(path: Path) -> Catalog:
    """Read one `.po` file with Babel; a malformed, unreadable or oversized file is a SpecError at its path."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_CATALOG_BYTES + 1)
    except OSError as err:
        raise _error(path, 1, f"cannot read this catalog: {err.strerror or err}", "check the path") from None
    if len(data) > MAX_CATALOG_BYTES:
        raise _error(path, 1, f"the catalog is larger than {MAX_CATALOG_BYTES:,} bytes", "is it really a .po file?")
    _check_lines(path, data)
    catalog = _CheckedCatalog(locale=_locale(path))
    try:
        PoFileParser(catalog, abort_invalid=True).parse(BytesIO(data))
        return catalog
    except _HeaderError as err:
        raise _error(path, _header_line(data, err.field), f"cannot read this catalog: {err}", err.hint) from None
    except (PoFileError, UnicodeDecodeError, ValueError) as err:
        line = (getattr(err, "lineno", 0) or 0) + 1  # Babel counts lines from 0
        raise _error(path, line, f"cannot read this catalog: {err}", "fix the .po file") from None


def _check_lines(path: Path, data: bytes) -> None:
    """Every line is a comment, blank, or one complete quoted string after an optional keyword (Babel would
    silently cut an unterminated string short)."""
    for number, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), start=1):
        text = line.strip()
        if text and not text.startswith("#") and not _PO_LINE.fullmatch(text):
            raise _error(path, number, f"this line is not valid in a .po catalog: {text[:60]!r}",
                         'each line is a comment (#), msgid/msgstr "text", or a "continued text" line')


def _locale(path: Path) -> str | None:
    try:
        return str(Locale.parse(language_of(path)))
    except (ValueError, UnknownLocaleError):
        return None


def new_catalog(folder: Path, lang: str) -> Path:
    """Create `folder/<lang>.po` from the template (extracting it first); return its path."""
    path = folder / f"{lang}.po"
    if path.exists():
        raise _error(path, 1, f"the catalog for '{lang}' already exists", "use 'update' to merge new texts")
    try:
        locale = Locale.parse(lang)
    except (ValueError, UnknownLocaleError):
        raise _error(path, 1, f"'{lang}' is not a language code Babel knows", "use a code such as it, ru, el") from None
    catalog = Catalog(
        locale=locale,
        project=PROJECT,
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
        header_comment=HEADER,
        **TEAM,
    )
    catalog.update(build_template(folder))
    _write(catalog, path)
    return path


def update(folder: Path) -> list[Path]:
    """Extract the template and merge it into every `.po` of `folder` (changed texts become fuzzy)."""
    template_path = extract(folder)
    with template_path.open("rb") as handle:
        template = read_po(handle)
    updated: list[Path] = []
    for path in catalog_files(folder):
        _refuse_link(path)
        catalog = load_catalog(path)
        catalog.update(template, update_header_comment=False)
        catalog.revision_date = FIXED_DATE
        _write(catalog, path)
        updated.append(path)
    return updated


def catalog_coverage(path: Path, wanted: set[MsgId]) -> Coverage:
    """How many of the `wanted` texts the catalog at `path` translates (fuzzy entries are not translated; a
    text bound to a number is translated when its entry is a plural one with every form filled in)."""
    catalog = load_catalog(path)
    translated = fuzzy = 0
    problems: list[Diagnostic] = []
    for text in wanted:
        message = catalog.get(text[0] if isinstance(text, tuple) else text)
        if message is None or not any(forms_of(message)):
            continue
        if message.fuzzy:
            fuzzy += 1
        elif isinstance(text, tuple) != message.pluralizable:
            problems.append(plural_mismatch(path, message, catalog))
        elif message.pluralizable and empty_forms(message):
            problems.append(plural_gap(path, message, catalog))
        else:
            translated += 1
    problems.sort(key=lambda d: d.line)
    return Coverage(language_of(path), translated, fuzzy, len(wanted) - translated - fuzzy, tuple(problems))


def plural_gap(path: Path | str, message: Message, catalog: Catalog) -> Diagnostic:
    """The warning that the plural entry `message` leaves a form empty (so the source text is printed)."""
    forms = describe_forms(catalog, empty_forms(message))
    return Diagnostic.at(Mark(str(path), message.lineno or 1, 1), "i18n.plural",
                         f"the plural entry {str(message.id[0])[:50]!r} has no text for {forms}, so the English "
                         f"text is printed", f"translate every msgstr[N] form of this entry (nplurals="
                         f"{catalog.num_plurals}: each form serves the numbers named)", Severity.WARNING)


def plural_mismatch(path: Path | str, message: Message, catalog: Catalog) -> Diagnostic:
    """The warning that an entry is plural where the source is not, or the other way round."""
    if message.pluralizable:
        said = "is a plural entry (msgid_plural) but its source text is no longer bound to a number"
        hint = "run `pnp i18n update` and translate the entry again with a single msgstr"
    else:
        said = (f"has a single msgstr but its source text is bound to a number: it needs "
                f"{catalog.num_plurals} forms, msgstr[0] to msgstr[{catalog.num_plurals - 1}]")
        hint = "run `pnp i18n update` and translate the entry's msgid_plural in every form"
    return Diagnostic.at(Mark(str(path), message.lineno or 1, 1), "i18n.plural",
                         f"the entry {str(message.id[0] if message.pluralizable else message.id)[:50]!r} {said}, "
                         f"so the English text is printed", hint, Severity.WARNING)


def coverage(folder: Path) -> list[Coverage]:
    """Per-language counts of translated, fuzzy and untranslated entries against the sources."""
    wanted = {unit.msgid for unit in source_units(folder)}
    return [catalog_coverage(path, wanted) for path in catalog_files(folder)]
