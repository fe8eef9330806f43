"""Every game command reports errors the same way: located diagnostics as text on stderr, or as JSON on stdout
with `--format json`, exit code 1, and an internal failure as one line, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "pnp" / "games" / "mdd" / "scenarios" / "cur-01-mine.yaml"
MDD_BAD = ROOT / "examples" / "mdd-setups" / "invalid" / "cars-count.yaml"
MDD_WARNED = ROOT / "examples" / "mdd-setups" / "invalid" / "kit-mines.yaml"
DRAG_BAD = ROOT / "examples" / "drag-rage" / "invalid" / "counter-zero.yaml"
DRAG_RETURNED = ROOT / "examples" / "drag-rage" / "variants" / "own-counters.yaml"
NITRO_BROKEN_RULES = ROOT / "examples" / "nitro-dice" / "invalid" / "loop-open.yaml"
BAD_SCENARIO = "title: t\ncars:\n  R: {team: red}\nmoves: []\n"

# (command, a bad input it refuses, the rule the first diagnostic names, a line the diagnostic points at)
CASES = [
    (["mdd", "play"], "scenario", "", 4),
    (["mdd", "simulate", "--games", "2"], str(MDD_BAD), "", None),
    (["dragrage", "simulate", "--games", "2"], str(DRAG_BAD), "dragrage.counters.positive", None),
    (["dragrage", "optimal"], str(DRAG_BAD), "dragrage.counters.positive", None),
    (["dragrage", "optimal"], str(DRAG_RETURNED), "dragrage.optimal", None),
    (["mdd", "simulate", "--games", "2"], str(DRAG_BAD), "spec.kind", None),
]
IDS = [f"{' '.join(command[:2])}-{Path(bad).stem}" for command, bad, _, _ in CASES]


def _bad_input(name: str, tmp_path: Path) -> str:
    if name != "scenario":
        return name
    path = tmp_path / "bad.yaml"
    path.write_text(BAD_SCENARIO, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("command", "bad", "rule", "line"), CASES, ids=IDS)
def test_json_errors_are_diagnostics_on_stdout(command, bad, rule, line, tmp_path: Path):
    path = _bad_input(bad, tmp_path)
    result = CliRunner().invoke(main, [*command, path, "--format", "json"])
    assert result.exit_code == 1, result.output
    diagnostics = json.loads(result.stdout)
    assert diagnostics and all(d["severity"] == "error" for d in diagnostics)
    if rule:
        assert diagnostics[0]["rule"] == rule
    if line is not None:
        assert diagnostics[0]["file"] == path and diagnostics[0]["line"] == line
    assert "error [" not in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize(("command", "bad", "rule", "line"), CASES, ids=IDS)
def test_text_errors_are_diagnostics_on_stderr(command, bad, rule, line, tmp_path: Path):
    path = _bad_input(bad, tmp_path)
    result = CliRunner().invoke(main, [*command, path])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert f"error [{rule}" in result.stderr and "Traceback" not in result.stderr
    if line is not None:
        assert f"{path}:{line}:" in result.stderr


def test_nitro_map_draws_a_track_that_breaks_the_rules_and_exits_1():
    result = CliRunner().invoke(main, ["nitro", "map", str(NITRO_BROKEN_RULES)])
    assert result.exit_code == 1
    assert f"{NITRO_BROKEN_RULES}:" in result.stderr and "error [nitro." in result.stderr
    assert "S" in result.stdout and "error" not in result.stdout  # the sketch alone on stdout


def test_mdd_setup_reports_an_unwritable_file_as_a_diagnostic(tmp_path: Path):
    (tmp_path / "a-file").write_text("not a folder")
    target = tmp_path / "a-file" / "setup.yaml"
    result = CliRunner().invoke(main, ["mdd", "setup", "--seed", "1", "-o", str(target)])
    assert result.exit_code == 1
    assert "error [output.folder]" in result.stderr and str(target.parent) in result.stderr
    assert "Traceback" not in result.output and not target.exists()


def test_mdd_setup_never_overwrites_a_file_pnp_did_not_write(tmp_path: Path):
    spec = tmp_path / "kit.yaml"
    spec.write_text("kit: Mine\n")
    result = CliRunner().invoke(main, ["mdd", "setup", "--seed", "1", "-o", str(spec)])
    assert result.exit_code == 1
    assert "error [output.refused]" in result.stderr and "--force" in result.stderr
    assert spec.read_text() == "kit: Mine\n"
    forced = CliRunner().invoke(main, ["mdd", "setup", "--seed", "1", "-o", str(spec), "--force"])
    assert forced.exit_code == 0, forced.output
    assert "walls" in spec.read_text() or "mines" in spec.read_text()


def test_mdd_setup_does_not_write_through_a_link(tmp_path: Path):
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    (tmp_path / "setup.yaml").symlink_to(victim)
    result = CliRunner().invoke(main, ["mdd", "setup", "--seed", "1", "-o", str(tmp_path / "setup.yaml")])
    assert result.exit_code == 1
    assert "symbolic link" in result.stderr
    assert victim.read_text() == "mine"


def test_mdd_setup_rewrites_its_own_file(tmp_path: Path):
    target = tmp_path / "setup.yaml"
    for seed in ("1", "2"):
        result = CliRunner().invoke(main, ["mdd", "setup", "--seed", seed, "-o", str(target)])
        assert result.exit_code == 0, result.output
    again = CliRunner().invoke(main, ["mdd", "setup", "--seed", "2"])
    assert target.read_text() == again.stdout


def test_mdd_simulate_shows_the_setup_warnings_on_stderr_and_still_races():
    result = CliRunner().invoke(main, ["mdd", "simulate", str(MDD_WARNED), "--games", "2", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 2
    assert f"{MDD_WARNED}:" in result.stderr and "warning [mdd.kit.mines]" in result.stderr


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_an_internal_error_is_one_line_not_a_traceback(fmt: str, monkeypatch: pytest.MonkeyPatch):
    def broken(*args, **kwargs):
        raise RuntimeError("engine fell over")

    monkeypatch.setattr("pnp.games.mdd.race.scenario.play_scenario", broken)
    result = CliRunner().invoke(main, ["mdd", "play", str(SCENARIO), "--format", fmt])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    if fmt == "json":
        [diagnostic] = json.loads(result.stdout)
        assert diagnostic["rule"] == "internal" and "engine fell over" in diagnostic["message"]
    else:
        assert result.stderr.startswith("internal error: RuntimeError: engine fell over\n")
