"""Card data tables: every format read to the same rows, each cell marked where the user wrote it, and caps."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.diagnostics import Mark, SpecError
from pnp.source.table import TableLimits, read_table
from tests.tabledata import WRITERS, write_csv, write_xlsx

ROWS = [["name", "count", "text"], ["Goblin", "2", "Hits, then runs"], ["Orc", "", "Line one\nline two"]]


@pytest.mark.parametrize("suffix", sorted(WRITERS))
def test_every_format_reads_the_same_rows(tmp_path: Path, suffix: str):
    path = WRITERS[suffix](tmp_path / f"cards{suffix}", ROWS)
    table = read_table(path, str(path))
    assert table.header == ("name", "count", "text")
    assert [r.cells for r in table.rows] == [
        {"name": "Goblin", "count": "2", "text": "Hits, then runs"},
        {"name": "Orc", "count": "", "text": "Line one\nline two"},
    ]


def test_csv_marks_are_the_physical_line_and_the_column(tmp_path: Path):
    path = write_csv(tmp_path / "c.csv", [["name", "text", "colour"], ["A", "one\ntwo\nthree", "red"],
                                          ["B", "x", "blue"]], bom=True)
    table = read_table(path, "c.csv")
    assert table.header == ("name", "text", "colour")  # the byte-order mark is not part of the first name
    assert table.rows[0].marks["colour"] == Mark("c.csv", 2, 3)
    assert table.rows[1].marks["colour"] == Mark("c.csv", 5, 3)  # row 2 starts after the cell's two newlines


def test_spreadsheet_marks_are_row_and_column(tmp_path: Path):
    path = write_xlsx(tmp_path / "c.xlsx", [["name", "colour"], ["A", "red"], ["B", "blue"]])
    assert read_table(path, "c.xlsx").rows[1].marks["colour"] == Mark("c.xlsx", 3, 2)


def test_yaml_marks_come_from_the_loader(tmp_path: Path):
    path = tmp_path / "c.yaml"
    path.write_text("- {name: A, colour: red}\n- name: B\n  colour: blue\n", encoding="utf-8")
    table = read_table(path, str(path))
    assert table.rows[1].marks["colour"] == Mark(str(path), 3, 11)
    assert table.rows[0].cells == {"name": "A", "colour": "red"}


def test_xlsx_formulas_read_as_their_cached_values(tmp_path: Path):
    path = write_xlsx(tmp_path / "c.xlsx", [["name", "power"], ["A", 3]], cached={"B2": "6"})
    assert read_table(path, "c.xlsx").rows[0].cells["power"] == "6"


def _error(path: Path, limits: TableLimits) -> str:
    with pytest.raises(SpecError) as caught:
        read_table(path, str(path), limits)
    return caught.value.diagnostics[0].message


@pytest.mark.parametrize("suffix", [".csv", ".xlsx", ".yaml"])
def test_row_cap_at_n_and_n_plus_one(tmp_path: Path, suffix: str):
    limits = TableLimits(max_rows=5)
    ok = WRITERS[suffix](tmp_path / f"ok{suffix}", [["name"], *[[f"c{i}"] for i in range(5)]])
    assert len(read_table(ok, str(ok), limits).rows) == 5
    over = WRITERS[suffix](tmp_path / f"over{suffix}", [["name"], *[[f"c{i}"] for i in range(6)]])
    assert "more than 5 rows" in _error(over, limits)


def test_column_cell_and_byte_caps_at_n_and_n_plus_one(tmp_path: Path):
    limits = TableLimits(max_columns=3, max_cell=10, max_bytes=200)
    assert read_table(write_csv(tmp_path / "a.csv", [["a", "b", "c"], ["x" * 10, "", ""]]), "a.csv", limits)
    assert "more than 3 columns" in _error(write_csv(tmp_path / "b.csv", [["a", "b", "c", "d"]]), limits)
    assert "over 10 characters" in _error(write_csv(tmp_path / "c.csv", [["a"], ["x" * 11]]), limits)
    exact = tmp_path / "d.csv"
    exact.write_text("a\n" + "x\n" * 99, encoding="utf-8")  # 200 bytes
    assert len(read_table(exact, "d.csv", TableLimits(max_bytes=200)).rows) == 99
    exact.write_text("a\n" + "x\n" * 99 + "y", encoding="utf-8")
    assert "201" not in _error(exact, limits) and "200-byte cap" in _error(exact, limits)


def test_a_spreadsheet_that_unpacks_too_big_is_refused(tmp_path: Path):
    path = write_xlsx(tmp_path / "c.xlsx", [["name"], ["A" * 5000]])
    assert "unpacks to over" in _error(path, TableLimits(max_unpacked=5000))


@pytest.mark.parametrize(("text", "words"), [
    ("name,name\nA,B\n", "appears twice"),
    ("name,,kind\nA,B,C\n", "has no name"),
    ("name\nA,extra\n", "past the 1 named columns"),
    ("\n\n", "no header row"),
])
def test_malformed_tables_are_located_errors(tmp_path: Path, text: str, words: str):
    path = tmp_path / "c.csv"
    path.write_text(text, encoding="utf-8")
    assert words in _error(path, TableLimits())


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_a_damaged_spreadsheet_is_a_located_error(tmp_path: Path, suffix: str):
    good = WRITERS[suffix](tmp_path / f"good{suffix}", ROWS)
    raw = bytearray(good.read_bytes())
    part = b"content.xml" if suffix == ".ods" else b"xl/worksheets/sheet1.xml"
    at = raw.index(part) + len(part) + 40  # inside that part's compressed data
    raw[at:at + 20] = bytes(20)
    bad = tmp_path / f"bad{suffix}"
    bad.write_bytes(bytes(raw))
    assert "cannot read the spreadsheet" in _error(bad, TableLimits())
    (tmp_path / f"text{suffix}").write_text("name\nA\n", encoding="utf-8")
    assert "damaged" in _error(tmp_path / f"text{suffix}", TableLimits())
