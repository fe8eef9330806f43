"""Card data tables written in every format a deck reads, for the data-deck tests."""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import openpyxl

DECK_SPEC = """\
kit: Sheets
sheets: {{paper: a4, duplex: none}}
components:
  - {{type: deck, name: Cards, data: {data},
     front: {{elements: [{{type: text, text: "{{{{ card.name }}}}-{{{{ card.power }}}}",
                           x: 4mm, y: 4mm, size: 4mm}}]}}}}
"""
"""A kit of one deck whose cards print `name-power` from the table in `data`."""


def write_csv(path: Path, rows: list[list[str]], delimiter: str = ",", bom: bool = False) -> Path:
    out = io.StringIO(newline="")
    csv.writer(out, delimiter=delimiter, lineterminator="\n").writerows(rows)
    path.write_text(("\ufeff" if bom else "") + out.getvalue(), encoding="utf-8", newline="")
    return path


def write_xlsx(path: Path, rows: list[list[str]], cached: dict[str, str] | None = None) -> Path:
    """A workbook of `rows`; `cached` {cell: value} adds formula cells holding a cached result, as a
    spreadsheet program saves them (openpyxl itself writes formulas without one)."""
    book = openpyxl.Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    for ref in cached or {}:
        sheet[ref] = "=1+1"
    book.save(path)
    if cached:
        with zipfile.ZipFile(path) as archive:
            parts = {n: archive.read(n) for n in archive.namelist()}
        xml = parts["xl/worksheets/sheet1.xml"].decode()
        for ref, value in cached.items():
            # openpyxl writes the empty value as `<v />`, or as `<v></v>` when lxml is installed (svglib needs it)
            xml = re.sub(rf'<c r="{ref}"><f>1\+1</f><v\s*(/>|></v>)</c>', f'<c r="{ref}"><f>1+1</f><v>{value}</v></c>',
                         xml)
        parts["xl/worksheets/sheet1.xml"] = xml.encode()
        with zipfile.ZipFile(path, "w") as archive:
            for name, data in parts.items():
                archive.writestr(name, data)
    return path


_ODS_HEAD = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content '
             'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
             'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
             'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
             '<table:table table:name="Cards">')


def _ods_cell(value: str) -> str:
    if value.isdigit():
        return f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p>' \
               '</table:table-cell>'
    lines = "".join(f"<text:p>{escape(line)}</text:p>" for line in value.split("\n"))
    return f'<table:table-cell office:value-type="string">{lines}</table:table-cell>'


def write_ods(path: Path, rows: list[list[str]]) -> Path:
    """An OpenDocument spreadsheet as LibreOffice lays it out: a trailing run of repeated empty cells per row."""
    body = "".join("<table:table-row>" + "".join(_ods_cell(v) for v in row)
                   + '<table:table-cell table:number-columns-repeated="1020"/></table:table-row>' for row in rows)
    body += '<table:table-row table:number-rows-repeated="1048000"><table:table-cell/></table:table-row>'
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", _ODS_HEAD + body + "</table:table></office:spreadsheet></office:body>"
                                                          "</office:document-content>")
    return path


def write_mappings(path: Path, rows: list[list[str]]) -> Path:
    """A YAML (`.yaml`) or JSON (`.json`) list of mappings, one per row after the header."""
    items = [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]
    if path.suffix == ".json":
        path.write_text(json.dumps(items, ensure_ascii=False, indent=1), encoding="utf-8")
    else:
        path.write_text("".join("- " + json.dumps(item, ensure_ascii=False) + "\n" for item in items),
                        encoding="utf-8")
    return path


WRITERS = {".csv": write_csv, ".tsv": lambda p, rows: write_csv(p, rows, "\t"), ".xlsx": write_xlsx,
           ".ods": write_ods, ".yaml": write_mappings, ".json": write_mappings}
"""A writer of every data format a deck reads, by suffix."""
