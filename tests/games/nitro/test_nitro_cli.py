"""`pnp nitro map`: a text sketch of a track, its poses, and a located error for a broken spec."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pnp.games.nitro.cli import nitro_cli

EXAMPLE = Path(__file__).parents[3] / "examples" / "nitro-dice" / "two-lap-loop.yaml"


def test_map_sketches_the_track():
    result = CliRunner().invoke(nitro_cli, ["map", str(EXAMPLE)])
    assert result.exit_code == 0
    assert "S" in result.output and "G" in result.output


def test_map_lists_poses_per_section():
    result = CliRunner().invoke(nitro_cli, ["map", str(EXAMPLE), "--poses"])
    lines = [line for line in result.output.splitlines() if "entry (" in line]
    assert len(lines) == 10
    assert lines[0].split()[:2] == ["1", "Start/Finish"]


def test_map_reports_a_broken_spec_with_its_line(tmp_path):
    spec = tmp_path / "track.yaml"
    spec.write_text("game: nitro-dice\nrace: {laps: 2}\nplayers: 4\nsections:\n  - start_finsh\n")
    result = CliRunner().invoke(nitro_cli, ["map", str(spec)])
    assert result.exit_code == 1
    assert "track.yaml:5:" in result.output and "Traceback" not in result.output


INVALID = EXAMPLE.parent / "invalid"


def test_map_draws_a_track_that_breaks_the_rules_and_lists_its_errors():
    result = CliRunner().invoke(nitro_cli, ["map", str(INVALID / "cards-overlap.yaml")])
    assert result.exit_code == 1
    sketch = result.stdout.splitlines()
    assert sketch and all(set(line) <= set(".S0123456789G#") for line in sketch)
    assert any("#" in line for line in sketch)  # the overlap the error names is where two cards meet
    assert "error [nitro.overlap]" in result.stderr and "cards-overlap.yaml:14:5:" in result.stderr


def test_map_draws_every_invalid_example_and_exits_1_exactly_when_it_lists_an_error():
    for spec in sorted(INVALID.glob("*.yaml")):
        result = CliRunner().invoke(nitro_cli, ["map", str(spec), "--poses"])
        assert "entry (" in result.stdout, spec.name
        assert result.exit_code == (1 if " error [" in result.stderr else 0), spec.name
        assert "Traceback" not in result.output, spec.name
