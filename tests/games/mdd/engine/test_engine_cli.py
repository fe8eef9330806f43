"""The `play` and `simulate` commands as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pnp.data import resource_path
from pnp.games.mdd.cli import play_command, simulate_command
from pnp.games.mdd.setup.generate import random_setup, setup_yaml

SCENARIOS = resource_path("pnp.games.mdd", "scenarios")


@click.group()
def cli() -> None:
    """Test group."""


cli.add_command(play_command)
cli.add_command(simulate_command)


def test_play_prints_boards_events_and_the_stated_outcome():
    result = CliRunner().invoke(cli, ["play", str(SCENARIOS / "v21-03-yellow-off-eliminated.yaml")])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Before:" in out and "After:" in out
    assert "R rolls 2: first step left" in out
    assert "Y goes off the track" in out and "Y is eliminated (exit)" in out
    assert "Stated outcome: met" in out


def test_play_with_another_roll_replays_the_scenario_without_the_stated_outcome():
    result = CliRunner().invoke(cli, ["play", str(SCENARIOS / "v21-03-yellow-off-eliminated.yaml"), "--roll", "4"])
    assert result.exit_code == 0
    assert "R rolls 4: first step straight" in result.output
    assert "Stated outcome" not in result.output
    assert "Y (yellow): 2 lives, racing" in result.output


def test_play_speaks_of_hp_under_the_current_rules_and_of_lives_under_v21(tmp_path: Path):
    current = CliRunner().invoke(cli, ["play", str(SCENARIOS / "cur-01-mine.yaml")])
    assert "R (red): 6 HP, racing" in current.output and "loses 1 HP (6 left)" in current.output
    assert " lives" not in current.output and " life " not in current.output
    v21 = CliRunner().invoke(cli, ["play", str(SCENARIOS / "v21-04-green-two-lives.yaml")])
    assert " lives, " in v21.output and " HP" not in v21.output
    figure = tmp_path / "figure.svg"
    CliRunner().invoke(cli, ["play", str(SCENARIOS / "cur-01-mine.yaml"), "--figure", str(figure)])
    legend = figure.read_text(encoding="utf-8")
    assert "♥ HP left" in legend and "lives left" not in legend


def test_play_json_gives_before_and_after_board_data():
    result = CliRunner().invoke(cli, ["play", str(SCENARIOS / "cur-01-mine.yaml"), "--format", "json"])
    data = json.loads(result.output)
    assert data["before"]["mines"] == [[3, 4, 1]] and data["after"]["mines"] == []
    assert data["after"]["cars"][0]["lives"] == 6


def test_play_a_bad_scenario_exits_1_with_a_located_error(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: t\ncars:\n  R: {team: red}\nmoves: []\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:4:" in result.output


def test_simulate_reports_json_statistics(tmp_path: Path):
    setup = tmp_path / "setup.yaml"
    setup.write_text(setup_yaml(random_setup("v2.1", 25, 3)), encoding="utf-8")
    args = ["simulate", str(setup), "--games", "30", "--seed", "2", "--format", "json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 30 and data["finalists"] == 10
    assert len(data["teams"]) == 5 and len(data["start_rows"]) == 5
    q = data["qualifying_turns"]
    assert q["low"] <= q["value"] <= q["high"]
    again = CliRunner().invoke(cli, [*args, "--jobs", "2"])
    assert json.loads(again.output) == data


def test_simulate_text_report(tmp_path: Path):
    setup = tmp_path / "setup.yaml"
    setup.write_text(setup_yaml(random_setup("current", 25, 1)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["simulate", str(setup), "--games", "10", "--two-dice"])
    assert result.exit_code == 0, result.output
    assert "turns until qualifying ends" in result.output
    assert "win rate by team" in result.output


def test_simulate_refuses_a_setup_that_breaks_the_rules(tmp_path: Path):
    setup = tmp_path / "setup.yaml"
    setup.write_text("game: mdd\nruleset: v2.1\ncars: 31\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["simulate", str(setup), "--games", "5"])
    assert result.exit_code == 1
    assert f"{setup}:3:" in result.output


def test_simulate_caps_the_number_of_games(tmp_path: Path):
    setup = tmp_path / "setup.yaml"
    setup.write_text(setup_yaml(random_setup("v2.1", 25, 3)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["simulate", str(setup), "--games", "10000001"])
    assert result.exit_code == 2 and "10000000" in result.output
    result = CliRunner().invoke(cli, ["simulate", str(setup), "--games", "0"])
    assert result.exit_code == 2


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_play_exits_1_when_the_stated_outcome_is_not_met(tmp_path: Path, fmt: str):
    wrong = (SCENARIOS / "cur-01-mine.yaml").read_text(encoding="utf-8").replace("lives: {R: 6}", "lives: {R: 5}")
    scenario = tmp_path / "wrong.yaml"
    scenario.write_text(wrong, encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", str(scenario), "--format", fmt])
    assert result.exit_code == 1
    assert "R should have 5 HP, has 6" in result.stdout  # the report is printed in full first (current rules: HP)
    line = wrong.split("\n").index("expect:") + 2  # the expectations under `expect:`
    assert f"{scenario}:{line}:" in result.stderr and "stated outcome is not met" in result.stderr
    assert "Traceback" not in result.output


def test_simulate_shows_its_races_on_a_terminal_once_the_run_lasts(tmp_path: Path, monkeypatch):
    import io

    import pnp.games.mdd.cli as mdd_cli
    from pnp.sim.progress import LateProgress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(mdd_cli, "LateProgress", lambda total, label: LateProgress(total, label, terminal, after=0))
    setup = tmp_path / "setup.yaml"
    setup.write_text(setup_yaml(random_setup("v2.1", 25, 3)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["simulate", str(setup), "--games", "12"])
    assert result.exit_code == 0, result.output
    assert "racing 12 of 12 (100%" in terminal.getvalue() and "racing" not in result.stdout
    assert "race engine: " in result.stdout


def test_a_short_simulation_on_a_terminal_shows_no_progress(tmp_path: Path):
    import os
    import pty
    import subprocess
    import sys

    setup = tmp_path / "setup.yaml"
    setup.write_text(setup_yaml(random_setup("v2.1", 25, 3)), encoding="utf-8")
    leader, follower = pty.openpty()
    root = Path(__file__).parents[4]
    done = subprocess.run([sys.executable, "-m", "pnp.cli", "mdd", "simulate", str(setup), "--games", "5"],
                          stdout=subprocess.PIPE, stderr=follower, env=dict(os.environ, PYTHONPATH=str(root)),
                          timeout=120)
    os.set_blocking(leader, False)
    try:
        seen = os.read(leader, 65536)
    except BlockingIOError:
        seen = b""
    os.close(leader)
    os.close(follower)
    assert done.returncode == 0 and b"race engine" in done.stdout
    assert b"racing" not in seen
