"""Card data tables: the rows of a deck's `data:` file, every cell with its mark.

Input: a file inside the kit folder (untrusted): `.csv`, `.tsv`, `.xlsx`, `.ods`, or a `.yaml`/`.json` list of
mappings. Output: a `Table`: the header (field names, in order) and one `Row` per card, each cell as text with
the `Mark(file, line, column)` it came from (CSV/TSV: the physical line where the row starts, quoted newlines
counted, and the field's index; spreadsheets: row and column numbers; YAML/JSON: the loader's marks).
Empty cells are empty text. Size caps (`TableLimits`) bound the file, the rows, the columns and each cell.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

from pnp.diagnostics import Mark
from pnp.source import files
from pnp.source.files import error

SUFFIXES = (".csv", ".tsv", ".xlsx", ".ods", ".yaml", ".yml", ".json")
"""The data files a deck can read."""


@dataclass(frozen=True, slots=True)
class TableLimits:
    """Caps for one data file: its bytes (and unpacked bytes of a spreadsheet), rows, columns, cell length."""

    max_bytes: int = 2_000_000
    max_unpacked: int = 20_000_000
    max_rows: int = 1_000
    max_columns: int = 50
    max_cell: int = 2_000


@dataclass(frozen=True, slots=True)
class Row:
    """One card's cells by field name, each cell's mark, and the mark of the row's start."""

    cells: dict[str, str]
    marks: dict[str, Mark]
    mark: Mark


@dataclass(frozen=True, slots=True)
class Table:
    """A data file read: its field names, where the header is, and the rows."""

    file: str
    header: tuple[str, ...]
    header_mark: Mark
    rows: tuple[Row, ...] = field(default=())


def _text(value: object) -> str:
    """A cell's value as text: None is empty, whole floats lose their `.0`, booleans read as spreadsheets show."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _table(file: str, grid: list[tuple[Mark, list[tuple[Mark, str]]]], limits: TableLimits) -> Table:
    """The table of a grid of (row mark, [(cell mark, text)]) whose first non-empty row is the header."""
    grid = [(m, cells) for m, cells in grid if any(text.strip() for _, text in cells)]
    if not grid:
        raise error(Mark(file, 1, 1), "deck.data", "the data file has no header row",
                    "put the field names (name, count, ...) in the first row")
    header_mark, header_cells = grid[0]
    while header_cells and not header_cells[-1][1].strip():
        header_cells = header_cells[:-1]
    names: list[str] = []
    for mark, text in header_cells:
        name = text.strip()
        if not name:
            raise error(mark, "deck.data", "a column has no name in the header row",
                        "give every column a field name, or delete the empty column")
        if name in names:
            raise error(mark, "deck.data", f"the column {name!r} appears twice in the header",
                        "give each column its own name")
        names.append(name)
    if len(names) > limits.max_columns:
        raise error(header_cells[limits.max_columns][0], "deck.data",
                    f"more than {limits.max_columns} columns", "keep the card fields the layout uses")
    if len(grid) - 1 > limits.max_rows:
        raise error(grid[limits.max_rows + 1][0], "deck.data", f"more than {limits.max_rows} rows",
                    "split the data into several decks")
    rows = []
    for row_mark, cells in grid[1:]:
        extra = [(m, t) for m, t in cells[len(names):] if t.strip()]
        if extra:
            raise error(extra[0][0], "deck.data", f"this row has a value past the {len(names)} named columns",
                        "name the column in the header row, or move the value")
        texts = {n: (cells[i][1] if i < len(cells) else "") for i, n in enumerate(names)}
        marks = {n: (cells[i][0] if i < len(cells) else Mark(file, row_mark.line, i + 1))
                 for i, n in enumerate(names)}
        for n, text in texts.items():
            if len(text) > limits.max_cell:
                raise error(marks[n], "deck.data", f"the cell is over {limits.max_cell} characters",
                            "shorten the text")
        rows.append(Row(texts, marks, row_mark))
    return Table(file, tuple(names), Mark(file, header_mark.line, 1), tuple(rows))


def _delimited(text: str, file: str, delimiter: str) -> list[tuple[Mark, list[tuple[Mark, str]]]]:
    grid = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    start = 1
    try:
        for record in reader:
            grid.append((Mark(file, start, 1), [(Mark(file, start, i + 1), v) for i, v in enumerate(record)]))
            start = reader.line_num + 1
    except csv.Error as exc:
        raise error(Mark(file, reader.line_num, 1), "deck.data", f"cannot read the table: {exc}",
                    "check the quotes on this line") from None
    return grid


def _unpacked(path: Path, file: str, limits: TableLimits) -> None:
    """Refuse a spreadsheet that is not a zip file or unpacks to more than the cap (a zip bomb)."""
    try:
        with zipfile.ZipFile(path) as archive:
            total = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError):
        raise error(Mark(file, 1, 1), "deck.data", "the spreadsheet is damaged (not a zip archive)",
                    "save it again from the spreadsheet program") from None
    if total > limits.max_unpacked:
        raise error(Mark(file, 1, 1), "deck.data", f"the spreadsheet unpacks to over {limits.max_unpacked} bytes",
                    "keep only the card data in it")


def _xlsx(path: Path, file: str, limits: TableLimits) -> list[tuple[Mark, list[tuple[Mark, str]]]]:
    import openpyxl  # only decks with spreadsheet data need it

    try:
        with path.open("rb") as handle:  # closed here even when openpyxl fails half-way through
            book = openpyxl.load_workbook(handle, read_only=True, data_only=True)
            grid = []
            for r, values in enumerate(book.worksheets[0].iter_rows(values_only=True), start=1):
                if r > limits.max_rows + 2:
                    break
                grid.append((Mark(file, r, 1), [(Mark(file, r, c), _text(v)) for c, v in enumerate(values, 1)]))
            book.close()
            return grid
    except Exception as exc:  # openpyxl raises many kinds on damaged files, also while reading rows
        raise error(Mark(file, 1, 1), "deck.data", f"cannot read the spreadsheet: {exc}",
                    "save it again as .xlsx") from None


_NS = {"table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
       "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
       "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0"}
_REPEAT_CAP = 1_000
"""Repeated rows or cells beyond this are the sheet's empty tail (ODS repeats an empty cell to column 1024)."""


def _q(prefix: str, name: str) -> str:
    return f"{{{_NS[prefix]}}}{name}"


def _ods_cell(cell: ElementTree.Element) -> str:
    kind = cell.get(_q("office", "value-type"))
    if kind in ("float", "percentage", "currency"):
        return _text(float(cell.get(_q("office", "value"), "0")))
    if kind == "boolean":
        return "TRUE" if cell.get(_q("office", "boolean-value")) == "true" else "FALSE"
    return "\n".join("".join(p.itertext()) for p in cell.findall("text:p", _NS))


def _ods(path: Path, file: str, limits: TableLimits) -> list[tuple[Mark, list[tuple[Mark, str]]]]:
    try:
        with zipfile.ZipFile(path) as archive:
            content = archive.read("content.xml") if "content.xml" in archive.namelist() else b""
        if not content or re.search(rb"<!DOCTYPE|<!ENTITY", content):
            raise ValueError("it has no plain content.xml")
        return _ods_grid(ElementTree.fromstring(content).find(".//table:table", _NS), file, limits)
    except (zipfile.BadZipFile, ElementTree.ParseError, ValueError, OSError) as exc:
        raise error(Mark(file, 1, 1), "deck.data", f"cannot read the spreadsheet: {exc}",
                    "save it again as .ods") from None


def _ods_grid(sheet: ElementTree.Element | None, file: str,
              limits: TableLimits) -> list[tuple[Mark, list[tuple[Mark, str]]]]:
    grid: list[tuple[Mark, list[tuple[Mark, str]]]] = []
    for row in sheet.iter(_q("table", "table-row")) if sheet is not None else ():
        cells: list[str] = []
        for cell in row:
            if cell.tag in (_q("table", "table-cell"), _q("table", "covered-table-cell")):
                repeat = min(int(cell.get(_q("table", "number-columns-repeated"), "1")), _REPEAT_CAP)
                cells.extend([_ods_cell(cell)] * repeat)
        for _ in range(min(int(row.get(_q("table", "number-rows-repeated"), "1")), _REPEAT_CAP)):
            r = len(grid) + 1
            grid.append((Mark(file, r, 1), [(Mark(file, r, c), t) for c, t in enumerate(cells, start=1)]))
            if r > limits.max_rows + 2:
                return grid
    return grid


def _mapping_list(path: Path, file: str, limits: TableLimits) -> Table:
    from pnp.source.loader import load_yaml  # the loader imports nothing from here

    located = load_yaml(path, files.Limits(max_bytes=limits.max_bytes), root=path.parent)
    data = located.data
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise error(located.mark(()), "deck.data", "the data must be a list of mappings, one per card",
                    "write `- {name: ..., count: ...}` lines")
    if len(data) > limits.max_rows:
        raise error(located.mark((limits.max_rows,)), "deck.data", f"more than {limits.max_rows} rows",
                    "split the data into several decks")
    names = list(dict.fromkeys(str(k) for item in data for k in item))
    if len(names) > limits.max_columns:
        raise error(located.mark(()), "deck.data", f"more than {limits.max_columns} fields",
                    "keep the card fields the layout uses")
    rows = []
    for i, item in enumerate(data):
        for key, value in item.items():
            if isinstance(value, dict | list):
                raise error(located.mark((i, key)), "deck.data", f"the field {key!r} holds a list or mapping",
                            "give it a plain value")
            if value is not None and len(str(value)) > limits.max_cell:
                raise error(located.mark((i, key)), "deck.data", f"the cell is over {limits.max_cell} characters",
                            "shorten the text")
        rows.append(Row({n: _text(item.get(n)) for n in names},
                        {n: located.mark((i, n)) for n in names}, located.mark((i,))))
    return Table(located.file, tuple(names), located.mark(()), tuple(rows))


def read_table(path: Path, file: str, limits: TableLimits | None = None) -> Table:
    """The table in the data file at `path` (already resolved inside the kit folder), named `file` in marks."""
    limits = limits or TableLimits()
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise error(Mark(file, 1, 1), "deck.data", f"pnp cannot read {suffix or 'extensionless'} data files",
                    f"save the table as one of {', '.join(SUFFIXES)}")
    if suffix in (".yaml", ".yml", ".json"):
        return _mapping_list(path, file, limits)
    raw = files.read_bytes(path, file, limits.max_bytes)
    if suffix in (".csv", ".tsv"):
        grid = _delimited(files.decode(raw, file), file, "," if suffix == ".csv" else "\t")
    else:
        _unpacked(path, file, limits)
        grid = _xlsx(path, file, limits) if suffix == ".xlsx" else _ods(path, file, limits)
    return _table(file, grid, limits)


__all__ = ["SUFFIXES", "Row", "Table", "TableLimits", "read_table"]
