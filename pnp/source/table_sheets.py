"""Spreadsheet readers for card data tables: `.xlsx` (openpyxl, read-only) and `.ods` (streamed XML).

Input: a kit file already resolved, the sheet asked for (None: the first), the caps. Output: a `Sheet`: its
rows as (row mark, [(cell mark, text)]), each row cut to the column cap (a value further right is kept as one
cell at its real column, for the caller's error), and warnings (formula cells with no saved result). The caps
are applied before the work they bound: an XLSX row is padded only to its own last cell (the file's
`dimension` is ignored), ODS repeats are counted, never expanded past the caps, and the ODS XML is parsed by
a parser that refuses any DTD (so entities cannot be declared in any encoding).
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, ParseError

from pnp.diagnostics import Diagnostic, Mark, Severity, SpecError
from pnp.source.files import error

Cells = list[tuple[Mark, str]]
Grid = list[tuple[Mark, Cells]]


@dataclass(frozen=True, slots=True)
class SheetCaps:
    """What a reader keeps: `width` cells per row (and one past it), `rows` non-empty rows."""

    width: int
    rows: int
    max_unpacked: int


@dataclass(slots=True)
class Sheet:
    """The rows read from one worksheet and what the reader warns about."""

    grid: Grid = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)


def text_of(value: object) -> str:
    """A cell's value as text: None is empty, whole floats lose their `.0`, booleans read as spreadsheets show."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def capped_row(file: str, line: int, values: list[tuple[int, str]], width: int) -> Cells:
    """A row's (column, text) pairs in column order as marked cells: columns 1..`width` (gaps empty), then the
    first non-empty value further right, if any, at its own column."""
    cells: Cells = []
    for column, text in values:
        if column > width:
            if text.strip():
                cells.extend((Mark(file, line, c), "") for c in range(len(cells) + 1, width + 1))
                cells.append((Mark(file, line, column), text))
                break
            continue
        cells.extend((Mark(file, line, c), "") for c in range(len(cells) + 1, column))
        cells.append((Mark(file, line, column), text))
    return cells


def unknown_sheet(mark: Mark, sheet: str, names: list[str]) -> SpecError:
    from pnp.text.suggest import did_you_mean

    return SpecError(Diagnostic.at(mark, "deck.data.sheet", f"the spreadsheet has no sheet named {sheet!r}",
                                   did_you_mean(sheet, names) or f"the sheets are: {', '.join(names)}"))


def unpacked_size(path: Path, file: str, max_unpacked: int) -> None:
    """Refuse a spreadsheet that is not a zip file or unpacks to more than the cap (a zip bomb)."""
    try:
        with zipfile.ZipFile(path) as archive:
            total = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError):
        raise error(Mark(file, 1, 1), "deck.data", "the spreadsheet is damaged (not a zip archive)",
                    "save it again from the spreadsheet program") from None
    if total > max_unpacked:
        raise error(Mark(file, 1, 1), "deck.data", f"the spreadsheet unpacks to over {max_unpacked} bytes",
                    "keep only the card data in it")


# XLSX -----------------------------------------------------------------------------------------------------
EMPTY_ROWS_PER_ROW = 100
"""A worksheet is read to at most this many rows per row of the cap, empty ones included (each costs a parse)."""


def _xlsx_rows(book: Any, name: str, file: str, caps: SheetCaps) -> Iterator[tuple[int, tuple[Any, ...]]]:
    """The worksheet's non-empty rows (line, values), each padded only to its own last cell (the file's
    `dimension` is ignored), at most `caps.rows` + 2."""
    sheet = book[name]
    sheet.reset_dimensions()  # a `dimension` of A1:XFD1048576 would pad every row to 16,384 cells
    kept = 0
    for r, values in enumerate(sheet.iter_rows(values_only=True), start=1):
        if r > caps.rows * EMPTY_ROWS_PER_ROW:
            raise error(Mark(file, r, 1), "deck.data", f"the sheet goes on past row {r - 1:,}",
                        "delete the empty rows below the cards")
        if len(values) != values.count(None):
            kept += 1
            if kept > caps.rows + 2:
                return
            yield r, values


def _xlsx_values(values: tuple[Any, ...], width: int) -> list[tuple[int, str]]:
    tail = values[width:]
    found = [(c, text_of(v)) for c, v in enumerate(values[:width], start=1)]
    if len(tail) != tail.count(None):  # a value right of the cap: the first one, at its column
        column = next(i for i, v in enumerate(tail) if v is not None)
        found.append((width + column + 1, text_of(tail[column])))
    return found


def read_xlsx(path: Path, file: str, sheet: str | None, sheet_mark: Mark, caps: SheetCaps) -> Sheet:
    """The rows of the named (or first) worksheet, with a warning at each formula cell that has no saved value."""
    import openpyxl  # only decks with spreadsheet data need it

    found = Sheet()
    try:
        with path.open("rb") as handle:  # closed here even when openpyxl fails half-way through
            values_book = openpyxl.load_workbook(handle, read_only=True, data_only=True)
            names = list(values_book.sheetnames)
            if sheet is not None and sheet not in names:
                raise unknown_sheet(sheet_mark, sheet, names)
            name = sheet if sheet is not None else names[0]
            empty: set[tuple[int, int]] = set()
            for r, values in _xlsx_rows(values_book, name, file, caps):
                empty.update((r, c) for c, v in enumerate(values[:caps.width], start=1) if v is None)
                found.grid.append((Mark(file, r, 1), capped_row(file, r, _xlsx_values(values, caps.width),
                                                                caps.width)))
            values_book.close()
            if empty:
                handle.seek(0)
                found.warnings.extend(_unsaved_formulas(openpyxl.load_workbook(handle, read_only=True), name,
                                                        empty, file, caps))
            return found
    except SpecError:
        raise
    except Exception as exc:  # openpyxl raises many kinds on damaged files, also while reading rows
        raise error(Mark(file, 1, 1), "deck.data", f"cannot read the spreadsheet: {exc}",
                    "save it again as .xlsx") from None


def _unsaved_formulas(book: Any, name: str, empty: set[tuple[int, int]], file: str,
                      caps: SheetCaps) -> list[Diagnostic]:
    """A warning at each cell that reads empty but holds a formula: the file has no saved result for it."""
    warnings = []
    for r, values in _xlsx_rows(book, name, file, caps):
        for c, value in enumerate(values[:caps.width], start=1):
            if (r, c) in empty and isinstance(value, str) and value.startswith("="):
                warnings.append(Diagnostic.at(
                    Mark(file, r, c), "deck.data.formula",
                    f"the cell holds the formula {value[:60]!r} but no saved result: it prints empty",
                    "open the file in a spreadsheet program and save it (that stores the results), or type "
                    "the value", Severity.WARNING))
    book.close()
    return warnings


# ODS ------------------------------------------------------------------------------------------------------
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_SHEET, _ROW = f"{{{_TABLE}}}table", f"{{{_TABLE}}}table-row"
_CELLS = (f"{{{_TABLE}}}table-cell", f"{{{_TABLE}}}covered-table-cell")
_P = f"{{{_TEXT}}}p"


def _repeat(element: Element, attribute: str) -> int:
    value = element.get(f"{{{_TABLE}}}{attribute}", "1")
    return max(1, int(value)) if value.isdigit() else 1


def _ods_text(cell: Element) -> str:
    kind = cell.get(f"{{{_OFFICE}}}value-type")
    if kind in ("float", "percentage", "currency"):
        return text_of(float(cell.get(f"{{{_OFFICE}}}value", "0")))
    if kind == "boolean":
        return "TRUE" if cell.get(f"{{{_OFFICE}}}boolean-value") == "true" else "FALSE"
    return "\n".join("".join(p.itertext()) for p in cell.findall(_P))


def _ods_values(row: Element, width: int) -> list[tuple[int, str]]:
    """A row's cells as (first column, text), repeats counted, never expanded past `width` + 1 columns."""
    values: list[tuple[int, str]] = []
    column = 1
    for cell in row:
        if cell.tag not in _CELLS:
            continue
        repeat, text = _repeat(cell, "number-columns-repeated"), _ods_text(cell)
        if column > width:
            if text.strip():
                values.append((column, text))
                break
        else:
            values.extend((c, text) for c in range(column, min(column + repeat, width + 2)) if text)
        column += repeat
    return values


def _ods_add(found: Sheet, row: Element, line: int, file: str, caps: SheetCaps) -> int:
    """Add one row element (its repeats counted) to the grid; the line of the next row."""
    repeat = _repeat(row, "number-rows-repeated")
    values = _ods_values(row, caps.width)
    if any(t.strip() for _, t in values):
        for r in range(line, line + min(repeat, caps.rows + 2 - len(found.grid))):
            found.grid.append((Mark(file, r, 1), capped_row(file, r, values, caps.width)))
    return line + repeat


def read_ods(path: Path, file: str, sheet: str | None, sheet_mark: Mark, caps: SheetCaps) -> Sheet:
    """The rows of the named (or first) table in `content.xml`, parsed as a stream with DTDs refused."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import iterparse

    found, names, line, inside = Sheet(), [], 1, False
    open_elements: list[Element] = []
    try:
        with zipfile.ZipFile(path) as archive, archive.open("content.xml") as content:
            for event, element in iterparse(content, events=("start", "end"), forbid_dtd=True):
                if event == "start":
                    open_elements.append(element)
                    if element.tag == _SHEET:
                        names.append(element.get(f"{{{_TABLE}}}name", ""))
                        inside = names[-1] == sheet if sheet is not None else len(names) == 1
                    continue
                open_elements.pop()
                if element.tag == _ROW and inside:
                    line = _ods_add(found, element, line, file, caps)
                    if len(found.grid) >= caps.rows + 2:
                        return found
                if element.tag == _SHEET and inside:
                    return found
                if element.tag in (_ROW, _SHEET) and open_elements:
                    open_elements[-1].remove(element)  # a row read is dropped: the tree stays one row deep
    except (zipfile.BadZipFile, KeyError, ParseError, DefusedXmlException, ValueError, OSError) as exc:
        reason = "it has a DTD" if isinstance(exc, DefusedXmlException) else exc
        raise error(Mark(file, 1, 1), "deck.data", f"cannot read the spreadsheet: {reason}",
                    "save it again as .ods") from None
    if sheet is not None:
        raise unknown_sheet(sheet_mark, sheet, names)
    return found
