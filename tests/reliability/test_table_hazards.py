"""Small hostile data tables that used to cost gigabytes or minutes: ODS repeats multiplied past the caps, an
XLSX `dimension` padding every row, headers of 200,000 columns, a UTF-16 `content.xml` with entities, an
unterminated CSV quote. Each is read by `pnp validate` in a process capped at 2 GB of address space and
must end with one located `deck.data` error, having used under 500 MB."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest

from tests.conftest import KitFactory
from tests.reliability.support import reported
from tests.tabledata import DECK_SPEC as SPEC

_ODS_HEAD = ('<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
             'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
             'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
             '<table:table table:name="Cards">')
_ODS_TAIL = "</table:table></office:spreadsheet></office:body></office:document-content>"
_CAP = 2 * 2**30


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (_CAP, _CAP))


def _validate(spec: Path) -> tuple[list, int]:
    """Run `pnp validate` on `spec` under the memory cap: its diagnostics and the child's peak memory (KB)."""
    probe = ("import resource, runpy, sys; sys.argv = ['pnp', 'validate', sys.argv[1]]\n"
             "try:\n    runpy.run_module('pnp.cli', run_name='__main__')\n"
             "finally:\n    print('peak', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe, str(spec)], capture_output=True, text=True, timeout=30,
                          cwd=spec.parent, preexec_fn=_capped, env=os.environ.copy())
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1, done.stderr[-2000:]
    peak = int(done.stderr.rsplit("peak ", 1)[1].split()[0])
    return reported(done.stderr), peak


def _ods(path: Path, body: str, head: str = _ODS_HEAD, encoding: str = "utf-8") -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", (head + body + _ODS_TAIL).encode(encoding))
    return path


def _repeat_bomb(path: Path) -> Path:
    cells = '<table:table-cell table:number-columns-repeated="1000"><text:p>x</text:p></table:table-cell>' * 30
    header = "<table:table-row><table:table-cell><text:p>name</text:p></table:table-cell></table:table-row>"
    return _ods(path, header + f'<table:table-row table:number-rows-repeated="1000000">{cells}</table:table-row>')


def _wide_ods_header(path: Path) -> Path:
    cells = "".join(f"<table:table-cell><text:p>c{i}</text:p></table:table-cell>" for i in range(200_000))
    return _ods(path, f"<table:table-row>{cells}</table:table-row>")


def _wide_csv_header(path: Path) -> Path:
    path.write_text(",".join(f"c{i}" for i in range(240_000)) + "\nA\n", encoding="utf-8")
    return path


def _edited_xlsx(path: Path, rows: list[list[object]], old: str, new: str) -> Path:
    """A workbook of `rows` whose sheet XML has `old` replaced by `new`."""
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    book.save(path)
    with zipfile.ZipFile(path) as archive:
        parts = {n: archive.read(n) for n in archive.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    if old not in sheet:  # openpyxl writes `<x />`, or `<x/>` when lxml is installed (svglib needs it)
        old = old.replace(" />", "/>")
    parts["xl/worksheets/sheet1.xml"] = sheet.replace(old, new).encode()
    assert parts["xl/worksheets/sheet1.xml"] != sheet.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return path


def _padded_xlsx(path: Path) -> Path:
    rows: list[list[object]] = [["name", "power"], *[[f"c{i}", i] for i in range(1200)]]
    return _edited_xlsx(path, rows, '<dimension ref="A1:B1201" />', '<dimension ref="A1:XFD1048576" />')


def _empty_rows_xlsx(path: Path) -> Path:
    empty = "".join(f'<row r="{r}"/>' for r in range(2, 150_002))
    return _edited_xlsx(path, [["name", "power"]], "</row></sheetData>", "</row>" + empty + "</sheetData>")


def _entity_ods(path: Path) -> Path:
    dtd = '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE d [<!ENTITY a "AAAAAAAAAA">]>'
    rows = "<table:table-row><table:table-cell><text:p>name</text:p></table:table-cell></table:table-row>" \
           "<table:table-row><table:table-cell><text:p>&a;&a;</text:p></table:table-cell></table:table-row>"
    return _ods(path, rows, dtd + _ODS_HEAD, "utf-16")


def _open_quote(path: Path) -> Path:
    path.write_text('name,text\nGoblin,"runs\nOrc,hits\nTroll,waits\n', encoding="utf-8")
    return path


CASES = {
    "repeat-bomb.ods": (_repeat_bomb, "more than 1000 rows"),
    "wide-header.ods": (_wide_ods_header, "more than 50 columns"),
    "wide-header.csv": (_wide_csv_header, "more than 50 columns"),
    "padded.xlsx": (_padded_xlsx, "more than 1000 rows"),
    "empty-rows.xlsx": (_empty_rows_xlsx, "goes on past row 100,000"),
    "entities.ods": (_entity_ods, "DTD"),
    "open-quote.csv": (_open_quote, "never closed"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_small_hostile_table_is_one_located_error(tmp_kit: KitFactory, name: str) -> None:
    spec = tmp_kit(SPEC.format(data=name))
    make, words = CASES[name]
    data = make(spec.parent / name)
    assert data.stat().st_size < 2_000_000
    diagnostics, peak_kb = _validate(spec)
    errors = [d for d in diagnostics if d.severity == "error"]
    assert len(errors) == 1, diagnostics
    assert errors[0].file == str(data.resolve()) and words in errors[0].message, errors[0]
    assert peak_kb < 500_000, peak_kb


def test_an_unterminated_quote_is_located_where_the_quote_opens(tmp_kit: KitFactory) -> None:
    spec = tmp_kit(SPEC.format(data="open-quote.csv"))
    _open_quote(spec.parent / "open-quote.csv")
    (error,) = _validate(spec)[0]
    assert (error.line, error.rule) == (2, "deck.data")
