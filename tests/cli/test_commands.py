"""The CLI as a user runs it: exit codes, files written, messages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import __version__
from pnp.cli import main

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "examples" / "generic-deck" / "kit.yaml"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_version_and_help(runner: CliRunner):
    assert runner.invoke(main, ["--version"]).output.strip().endswith(__version__)
    result = runner.invoke(main, ["--help"])
    assert result.exit_code == 0
    for command in ("validate", "render", "info", "schema", "calibrate"):
        assert command in result.output
        assert runner.invoke(main, [command, "--help"]).exit_code == 0


def test_validate_a_good_spec_exits_0(runner: CliRunner):
    result = runner.invoke(main, ["validate", str(DECK)])
    assert result.exit_code == 0, result.output
    assert "0 error(s)" in result.stderr


def test_validate_reports_every_problem_with_its_position(runner: CliRunner, tmp_path: Path):
    spec = tmp_path / "kit.yaml"
    spec.write_text("kit: Bad\ncomponents:\n  - type: deck\n    name: d\n    size: pokr\n"
                    "    cards:\n      - {count: 0}\n      - {cuont: 2}\n", encoding="utf-8")
    result = runner.invoke(main, ["validate", str(spec)])
    assert result.exit_code == 1
    lines = [ln for ln in result.stderr.splitlines() if ": error [" in ln]
    assert len(lines) == 3, result.stderr
    assert lines[0].startswith(f"{spec}:5:11: error [spec.value]") and "pokr" in lines[0]
    assert lines[1].startswith(f"{spec}:7:17: error [spec.value]")
    assert lines[2].startswith(f"{spec}:8:10: error [spec.unknown_key] unknown key 'cuont'")
    assert "did you mean 'count'?" in result.stderr


def test_validate_json_output(runner: CliRunner, tmp_path: Path):
    spec = tmp_path / "kit.yaml"
    spec.write_text("kit: Bad\ncomponents: []\n", encoding="utf-8")
    result = runner.invoke(main, ["validate", str(spec), "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data and set(data[0]) == {"severity", "rule", "message", "hint", "file", "line", "column"}
    assert data[0]["line"] == 2 and data[0]["severity"] == "error"


def test_render_writes_pdf_svg_png_and_lists_them(runner: CliRunner, tmp_path: Path):
    out = tmp_path / "out"
    result = runner.invoke(main, ["render", str(DECK), "-o", str(out), "--format", "pdf,svg,png"])
    assert result.exit_code == 0, result.output
    written = [Path(line) for line in result.stdout.splitlines()]
    assert out / "demo-race-deck-a4.pdf" in written
    assert sum(p.suffix == ".svg" for p in written) == 12
    assert sum(p.suffix == ".png" for p in written) == 12
    assert all(p.exists() and p.stat().st_size > 0 for p in written)
    assert (out / "demo-race-deck-a4-p01.png").read_bytes().startswith(b"\x89PNG")


def test_render_again_replaces_its_own_files_and_paper_option_changes_the_name(runner: CliRunner, tmp_path: Path):
    out = tmp_path / "out"
    assert runner.invoke(main, ["render", str(DECK), "-o", str(out)]).exit_code == 0
    first = (out / "demo-race-deck-a4.pdf").read_bytes()
    assert runner.invoke(main, ["render", str(DECK), "-o", str(out)]).exit_code == 0
    assert (out / "demo-race-deck-a4.pdf").read_bytes() == first
    assert runner.invoke(main, ["render", str(DECK), "-o", str(out), "--paper", "letter"]).exit_code == 0
    assert (out / "demo-race-deck-letter.pdf").exists()


def test_render_refuses_an_invalid_spec_and_writes_nothing(runner: CliRunner, tmp_path: Path):
    spec = tmp_path / "kit.yaml"
    spec.write_text("kit: Bad\ncomponents:\n  - {type: counters, name: c, size: 2mm, items: [{label: x}]}\n",
                    encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(main, ["render", str(spec), "-o", str(out)])
    assert result.exit_code == 1
    assert "between 5 mm and 150 mm" in result.stderr
    assert not out.exists() or not any(out.iterdir())


def test_usage_errors_exit_2(runner: CliRunner, tmp_path: Path):
    assert runner.invoke(main, ["render"]).exit_code == 2
    assert runner.invoke(main, ["render", str(tmp_path / "missing.yaml")]).exit_code == 2
    assert runner.invoke(main, ["render", str(DECK), "--format", "gif"]).exit_code == 2
    assert runner.invoke(main, ["validate", str(DECK), "--bogus"]).exit_code == 2
    assert runner.invoke(main, ["nosuchcommand"]).exit_code == 2


def test_info_counts_pieces_and_sheets_per_paper(runner: CliRunner):
    result = runner.invoke(main, ["info", str(DECK), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["totals"] == {"cards": 54}
    assert (data["sheets"]["a4"], data["pages"]["a4"]) == (6, 12)  # 6 sheets of 9 cards, each with its back
    assert (data["sheets"]["letter"], data["pages"]["letter"]) == (7, 14)  # 7 sheets of 8 cards


def test_info_counts_sheets_on_the_kits_own_paper_too(runner: CliRunner, tmp_path: Path):
    for paper, name in (("{width: 250mm, height: 320mm}", "250x320mm"), ("sra3", "sra3")):
        spec = tmp_path / "kit.yaml"
        spec.write_text(re.sub(r"(?m)^  paper: a4$", f"  paper: {paper}", DECK.read_text(encoding="utf-8")),
                        encoding="utf-8")
        (tmp_path / "cards.csv").write_bytes((DECK.parent / "cards.csv").read_bytes())
        result = runner.invoke(main, ["info", str(spec), "--format", "json"])
        assert result.exit_code == 0, result.output
        sheets = json.loads(result.stdout)["sheets"]
        assert next(iter(sheets)) == name and isinstance(sheets[name], int) and "a4" in sheets, sheets


def test_schema_is_a_json_schema_of_the_kit_format(runner: CliRunner):
    result = runner.invoke(main, ["schema"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["$schema"].startswith("https://json-schema.org/")
    kit_ref, include_ref = data["anyOf"]  # the spec, or an `{include: FILE}` holding it
    kit = data["$defs"][kit_ref["$ref"].removeprefix("#/$defs/")]
    assert {"kit", "components"} <= set(kit["properties"])
    assert kit.get("additionalProperties") is False
    assert include_ref == {"$ref": "#/$defs/Include"}


def test_calibrate_writes_a_two_page_sheet(runner: CliRunner, tmp_path: Path):
    from pypdf import PdfReader

    result = runner.invoke(main, ["calibrate", "--paper", "letter", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(tmp_path / "calibration-letter-long-edge.pdf"))
    assert len(reader.pages) == 2
    assert "back_offset" in reader.pages[0].extract_text()


def test_paper_names_are_accepted_in_any_case(runner: CliRunner, tmp_path: Path):
    from pypdf import PdfReader

    def size_mm(path: Path) -> tuple[float, float]:
        box = PdfReader(str(path)).pages[0].mediabox
        return round(float(box.width) * 25.4 / 72, 1), round(float(box.height) * 25.4 / 72, 1)

    result = runner.invoke(main, ["calibrate", "--paper", "A4", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert size_mm(tmp_path / "calibration-a4-long-edge.pdf") == (210.0, 297.0)
    result = runner.invoke(main, ["render", str(DECK), "-o", str(tmp_path), "--paper", "Letter"])
    assert result.exit_code == 0, result.output
    assert sorted(size_mm(tmp_path / "demo-race-deck-letter.pdf")) == [215.9, 279.4]
    assert "--paper" in runner.invoke(main, ["render", str(DECK), "--paper", "A44"]).stderr


def test_info_counts_the_sheets_render_prints(runner: CliRunner, tmp_path: Path):
    """`pnp info` and `pnp render` agree: sheets of paper, each side of a two-sided sheet a page."""
    data = json.loads(runner.invoke(main, ["info", str(DECK), "--format", "json"]).stdout)
    result = runner.invoke(main, ["render", str(DECK), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    said = re.search(r"(\d+) page\(s\) on a4 \(\w+\), (\d+) sheet\(s\) printed two-sided", result.output)
    assert said is not None, result.output
    assert (data["pages"]["a4"], data["sheets"]["a4"]) == (int(said[1]), int(said[2]))
    text = runner.invoke(main, ["info", str(DECK)]).output
    assert f"a4: {said[2]} ({said[1]} pages, two-sided)" in text
