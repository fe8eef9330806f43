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
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.diagnostics import Diagnostic, Mark
from pnp.source import files
from pnp.source.files import error
from pnp.source.table_sheets import (
    Cells,
    Grid,
    Sheet,
    SheetCaps,
    capped_row,
    read_ods,
    read_xlsx,
    text_of,
    unpacked_size,
)

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
    header_marks: tuple[Mark, ...] = field(default=())
    """Where each field name is written (the header's cells; a YAML list's first key of that name)."""
    warnings: tuple[Diagnostic, ...] = field(default=())


def _header(file: str, cells: Cells, limits: TableLimits, reserved: tuple[str, ...]) -> list[tuple[str, Mark]]:
    """The field names of the header row: the column cap first, then every name checked once (a set finds
    duplicates); a name that is a reserved one in another case (`Name`, `COUNT`) is that reserved name."""
    while cells and not cells[-1][1].strip():
        cells = cells[:-1]
    if len(cells) > limits.max_columns:
        raise error(cells[limits.max_columns][0], "deck.data", f"more than {limits.max_columns} columns",
                    "keep the card fields the layout uses")
    by_case = {r.casefold(): r for r in reserved}
    names: list[tuple[str, Mark]] = []
    seen: set[str] = set()
    for mark, text in cells:
        name = text.strip()
        if not name:
            raise error(mark, "deck.data", "a column has no name in the header row",
                        "give every column a field name, or delete the empty column")
        name = by_case.get(name.casefold(), name)
        if name in seen:
            raise error(mark, "deck.data", f"the column {name!r} appears twice in the header",
                        "give each column its own name")
        seen.add(name)
        names.append((name, mark))
    return names


def _table(file: str, grid: Grid, limits: TableLimits, reserved: tuple[str, ...]) -> Table:
    """The table of a grid of (row mark, [(cell mark, text)]) whose first non-empty row is the header."""
    grid = [(m, cells) for m, cells in grid if any(text.strip() for _, text in cells)]
    if not grid:
        raise error(Mark(file, 1, 1), "deck.data", "the data file has no header row",
                    "put the field names (name, count, ...) in the first row")
    header_mark, header_cells = grid[0]
    header = _header(file, header_cells, limits, reserved)
    names = [name for name, _ in header]
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
    return Table(file, tuple(names), Mark(file, header_mark.line, 1), tuple(rows), tuple(m for _, m in header))


DELIMITERS = {",": "comma", ";": "semicolon", "\t": "tab", "|": "bar"}
"""The column separators a CSV/TSV file may use (`delimiter:` takes one of them)."""


def sniff_delimiter(text: str, suffix: str) -> str:
    """The separator of a delimited file: the one its header line holds most often (outside quotes); a tie or
    none at all is the format's own (comma for .csv, tab for .tsv)."""
    default = "\t" if suffix == ".tsv" else ","
    first = re.sub(r'"[^"]*"', "", text.lstrip("\ufeff").split("\n", 1)[0])
    counts = {d: first.count(d) for d in DELIMITERS}
    best = max(counts.values())
    return default if best == 0 or counts[default] == best else max(counts, key=lambda d: counts[d])


def _delimited(text: str, file: str, delimiter: str, width: int) -> Grid:
    """The records of delimited text; each row kept to `width` columns (and the first value past them)."""
    grid = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    start = 1
    try:
        for record in reader:
            values = list(enumerate(record[:width], start=1))
            values.extend(next(([(width + i + 1, v)] for i, v in enumerate(record[width:]) if v.strip()), []))
            grid.append((Mark(file, start, 1), capped_row(file, start, values, width)))
            start = reader.line_num + 1
    except csv.Error as exc:
        if "unexpected end of data" in str(exc):
            raise error(Mark(file, start, 1), "deck.data", "a quote opened in this row is never closed: the rest "
                        "of the file would be one cell", "close the quote, or double a quote inside a quoted "
                        "value (\"\")") from None
        raise error(Mark(file, reader.line_num, 1), "deck.data", f"cannot read the table: {exc}",
                    "check the quotes on this line") from None
    return grid


def _mapping_list(path: Path, file: str, limits: TableLimits, reserved: tuple[str, ...]) -> Table:
    from pnp.source.loader import load_yaml  # the loader imports nothing from here

    located = load_yaml(path, files.Limits(max_bytes=limits.max_bytes), root=path.parent)
    data = located.data
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise error(located.mark(()), "deck.data", "the data must be a list of mappings, one per card",
                    "write `- {name: ..., count: ...}` lines")
    if len(data) > limits.max_rows:
        raise error(located.mark((limits.max_rows,)), "deck.data", f"more than {limits.max_rows} rows",
                    "split the data into several decks")
    by_case = {r.casefold(): r for r in reserved}
    written = [{by_case.get(str(k).casefold(), str(k)): k for k in item} for item in data]  # name: key as written
    names = list(dict.fromkeys(n for keys in written for n in keys))
    if len(names) > limits.max_columns:
        raise error(located.mark(()), "deck.data", f"more than {limits.max_columns} fields",
                    "keep the card fields the layout uses")
    rows = []
    for i, (item, keys) in enumerate(zip(data, written, strict=True)):
        for key, value in item.items():
            if isinstance(value, dict | list):
                raise error(located.mark((i, key)), "deck.data", f"the field {key!r} holds a list or mapping",
                            "give it a plain value")
            if value is not None and len(str(value)) > limits.max_cell:
                raise error(located.mark((i, key)), "deck.data", f"the cell is over {limits.max_cell} characters",
                            "shorten the text")
        rows.append(Row({n: text_of(item.get(keys.get(n, n))) for n in names},
                        {n: located.mark((i, keys.get(n, n))) for n in names}, located.mark((i,))))
    firsts = {n: located.key_mark((i, keys[n])) for i, keys in reversed(list(enumerate(written))) for n in keys}
    return Table(located.file, tuple(names), located.mark(()), tuple(rows), tuple(firsts[n] for n in names))


@dataclass(frozen=True, slots=True)
class TableOptions:
    """How to read a data file: the worksheet (None: the first), the CSV separator (None: sniffed), the
    reserved column names (matched in any case), and where the spec asks for them (for their errors)."""

    sheet: str | None = None
    delimiter: str | None = None
    reserved: tuple[str, ...] = ()
    mark: Mark | None = None


def _sheet(path: Path, file: str, limits: TableLimits, options: TableOptions) -> Sheet:
    suffix = path.suffix.lower()
    mark = options.mark or Mark(file, 1, 1)
    if suffix in (".csv", ".tsv"):
        if options.sheet is not None:
            raise error(mark, "deck.data.sheet", f"a {suffix} file has no sheets", "leave out `sheet:`")
        text = files.decode(files.read_bytes(path, file, limits.max_bytes), file)
        delimiter = options.delimiter or sniff_delimiter(text, suffix)
        return Sheet(_delimited(text, file, delimiter, limits.max_columns + 1))
    files.read_bytes(path, file, limits.max_bytes)
    unpacked_size(path, file, limits.max_unpacked)
    caps = SheetCaps(limits.max_columns + 1, limits.max_rows, limits.max_unpacked)
    reader = read_xlsx if suffix == ".xlsx" else read_ods
    return reader(path, file, options.sheet, mark, caps)


def read_table(path: Path, file: str, limits: TableLimits | None = None,
               options: TableOptions | None = None) -> Table:
    """The table in the data file at `path` (already resolved inside the kit folder), named `file` in marks."""
    limits, options = limits or TableLimits(), options or TableOptions()
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise error(Mark(file, 1, 1), "deck.data", f"pnp cannot read {suffix or 'extensionless'} data files",
                    f"save the table as one of {', '.join(SUFFIXES)}")
    if suffix in (".yaml", ".yml", ".json"):
        if options.sheet is not None:
            raise error(options.mark or Mark(file, 1, 1), "deck.data.sheet", f"a {suffix} file has no sheets",
                        "leave out `sheet:`")
        return _mapping_list(path, file, limits, options.reserved)
    sheet = _sheet(path, file, limits, options)
    table = _table(file, sheet.grid, limits, options.reserved)
    return replace(table, warnings=tuple(sheet.warnings))


__all__ = ["DELIMITERS", "SUFFIXES", "Row", "Table", "TableLimits", "TableOptions", "read_table"]
