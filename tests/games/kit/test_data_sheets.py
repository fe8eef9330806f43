"""Spreadsheets as people write them: a named worksheet, formula cells saved without a result, semicolon- or
tab-separated CSV (sniffed or given), and `Name`/`Count` headers in any case: the cards a user sees printed."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import openpyxl
import pdfplumber
import pytest

from tests.tabledata import DECK_SPEC as SPEC
from tests.tabledata import write_csv


def _printed(run_pnp, spec: Path, out: Path) -> Counter[str]:
    """How many times each card's text (`name-power`) is printed in the rendered PDF."""
    result = run_pnp("render", spec, "-o", out)
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next(out.glob("*.pdf"))) as pdf:
        words = [w["text"] for page in pdf.pages for w in page.extract_words() if w["top"] < 700]
    return Counter(words)


def _diagnostics(run_pnp, spec: Path, code: int) -> list[dict]:
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == code, result.output
    return json.loads(result.stdout)


def _book(path: Path, sheets: dict[str, list[list[object]]]) -> Path:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    book.save(path)
    return path


BOOK = {"Notes": [["name", "power"], ["Draft", 0]], "Monsters": [["name", "count", "power"], ["Orc", 2, 5]]}


def test_a_named_worksheet_is_the_one_printed(run_pnp, tmp_kit, tmp_path: Path):
    spec = tmp_kit(SPEC.format(data="{file: cards.xlsx, sheet: Monsters}"))
    _book(spec.parent / "cards.xlsx", BOOK)
    assert _printed(run_pnp, spec, tmp_path / "out") == {"Orc-5": 2}


def test_an_unknown_worksheet_is_an_error_at_the_sheet_naming_the_sheets(run_pnp, tmp_kit):
    spec = tmp_kit(SPEC.format(data="{file: cards.xlsx, sheet: Monster}"))
    _book(spec.parent / "cards.xlsx", BOOK)
    [error] = _diagnostics(run_pnp, spec, 1)
    assert (error["file"], error["line"], error["column"]) == (str(spec.resolve()), 4, 63)
    assert "no sheet named 'Monster'" in error["message"] and "Monsters" in error["hint"]


def test_an_ods_worksheet_by_name(run_pnp, tmp_kit, tmp_path: Path):
    from tests.tabledata import write_ods

    spec = tmp_kit(SPEC.format(data="{file: cards.ods, sheet: Cards}"))
    write_ods(spec.parent / "cards.ods", [["name", "power"], ["Elf", "4"]])
    assert _printed(run_pnp, spec, tmp_path / "out") == {"Elf-4": 1}
    spec.write_text(SPEC.format(data="{file: cards.ods, sheet: Other}"), encoding="utf-8")
    [error] = _diagnostics(run_pnp, spec, 1)
    assert error["rule"] == "deck.data.sheet" and "Cards" in error["hint"]


def test_a_formula_without_a_saved_result_is_a_warning_at_its_cell(run_pnp, tmp_kit):
    spec = tmp_kit(SPEC.format(data="cards.xlsx"))
    book = openpyxl.Workbook()  # openpyxl saves formulas without their results, as pandas does
    for row in [["name", "power"], ["Orc", 3], ["Elf", "=B2*2"]]:
        book.active.append(row)
    book.save(spec.parent / "cards.xlsx")
    [warning] = _diagnostics(run_pnp, spec, 0)
    assert warning["severity"] == "warning" and warning["rule"] == "deck.data.formula"
    assert (Path(warning["file"]).name, warning["line"], warning["column"]) == ("cards.xlsx", 3, 2)
    assert "=B2*2" in warning["message"]


@pytest.mark.parametrize(("delimiter", "given"), [(";", ""), ("\t", ""), ("|", "|"), (";", ";")])
def test_a_csv_delimiter_is_sniffed_or_given(run_pnp, tmp_kit, tmp_path: Path, delimiter: str, given: str):
    data = f'{{file: cards.csv, delimiter: "{given}"}}' if given else "cards.csv"
    spec = tmp_kit(SPEC.format(data=data))
    write_csv(spec.parent / "cards.csv", [["name", "count", "power"], ["Orc,big", "2", "5"],
                                          ["Elf", "1", "4"]], delimiter=delimiter)
    assert _printed(run_pnp, spec, tmp_path / "out") == {"Orc,big-5": 2, "Elf-4": 1}


@pytest.mark.parametrize("suffix", [".csv", ".yaml"])
def test_reserved_headers_are_matched_in_any_case(run_pnp, tmp_kit, tmp_path: Path, suffix: str):
    spec = tmp_kit(SPEC.format(data=f"cards{suffix}"))
    if suffix == ".csv":
        write_csv(spec.parent / "cards.csv", [["Name", "COUNT", "power"], ["Orc", "2", "5"], ["Elf", "3", "4"]])
    else:
        (spec.parent / "cards.yaml").write_text("- {Name: Orc, COUNT: 2, power: 5}\n- {Name: Elf, Count: 3, "
                                                "power: 4}\n", encoding="utf-8")
    assert _printed(run_pnp, spec, tmp_path / "out") == {"Orc-5": 2, "Elf-4": 3}


def test_a_near_miss_of_a_reserved_header_is_a_warning(run_pnp, tmp_kit):
    spec = tmp_kit(SPEC.format(data="cards.csv"))
    write_csv(spec.parent / "cards.csv", [["name", "qty", "power"], ["Orc", "2", "5"]])
    [warning] = _diagnostics(run_pnp, spec, 0)
    assert (warning["rule"], warning["line"], warning["column"]) == ("deck.data.header", 1, 2)
    assert "'qty'" in warning["message"] and "'count'" in warning["hint"]
