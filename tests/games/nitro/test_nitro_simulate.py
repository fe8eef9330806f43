"""`pnp nitro simulate`, `pnp nitro play` and `pnp validate --simulate` on Nitro Dice tracks: reproducible
reports with the issue's keys, numbers that follow the track, refused inputs, and measured balance warnings."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main as pnp_cli
from pnp.games.nitro.cli import nitro_cli
from pnp.games.nitro.plugin import PLUGIN
from pnp.games.nitro.race.balance import _starts
from pnp.games.nitro.race.simulate import simulate
from pnp.games.nitro.race.summary import StartShare, summarize
from pnp.sim.stats import wilson
from pnp.source.loader import load_yaml

EXAMPLES = Path(__file__).parents[3] / "examples" / "nitro-dice"
SCENARIOS = Path(__file__).parents[3] / "pnp" / "games" / "nitro" / "scenarios"
HEAVY_TURN_B = """\
game: nitro-dice
race: {laps: 4}
players: 4
sections: [start_finish, turn_b, turn_b, straight, turn_b, turn_b]
garage: {beside: 4}
"""
GARAGE_FAR = """\
game: nitro-dice
race: {type: out-and-back}
players: 3
sections: [start_finish, straight, turn_a, straight, {type: turn_b, direction: right}, straight, turn_b,
           {type: turn_a, direction: right}, turn_a, straight]
garage: {beside: 2}
play: {variants: {disaster_area: 25}}
"""


def report(path: Path, *args: str) -> dict:
    result = CliRunner().invoke(nitro_cli, ["simulate", str(path), "--format", "json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def write(tmp_path: Path, text: str, name: str = "track.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_results_depend_on_the_seed_and_not_on_the_number_of_processes():
    track = PLUGIN.build(load_yaml(EXAMPLES / "two-lap-loop.yaml"))
    assert simulate(track, 24, seed=7, jobs=1) == simulate(track, 24, seed=7, jobs=2)
    assert simulate(track, 24, seed=7) != simulate(track, 24, seed=8)


def test_the_report_has_the_issue_keys_with_intervals_and_shares_that_add_up():
    data = report(EXAMPLES / "two-lap-loop.yaml", "--games", "60", "--seed", "3")
    assert data["games"] == 60 and data["seed"] == 3
    assert set(data["rounds"]) == {"value", "low", "high"} and data["rounds"]["low"] <= data["rounds"]["value"]
    assert set(data["handling"]) == {"straight", "turn_a", "turn_b"}
    for ways in data["handling"].values():
        assert abs(ways["card"] + ways["three_cards"] + ways["damage"] - 1) < 1e-3
    assert {"handling", "hazard", "collision", "sideswipe", "total"} <= set(data["damage"])
    for key in ("garage_visits", "nitro_uses", "collisions", "sideswipes", "overtakes"):
        assert set(data[key]) == {"value", "low", "high"}
    starts = data["win_rate_by_start"]
    assert [s["start"] for s in starts] == [1, 2, 3, 4] and sum(s["wins"] for s in starts) == 60
    assert all(set(s["rate"]) == {"value", "low", "high"} for s in starts)
    assert data["capped_races"] == 0


def test_a_longer_track_takes_more_rounds():
    short = report(EXAMPLES / "two-lap-loop.yaml", "--games", "80", "--players", "4")["rounds"]
    long = report(EXAMPLES / "four-lap-race.yaml", "--games", "80", "--players", "4")["rounds"]
    assert long["low"] > short["high"]


def test_a_track_heavy_in_one_type_shows_that_type_short(tmp_path):
    handling = report(write(tmp_path, HEAVY_TURN_B), "--games", "80")["handling"]
    short = {kind: ways["three_cards"] + ways["damage"] for kind, ways in handling.items()}
    assert max(short, key=short.get) == "turn_b"
    even = report(EXAMPLES / "two-lap-loop.yaml", "--games", "80")["handling"]
    assert even["turn_b"]["card"] > handling["turn_b"]["card"]


def test_text_report_and_per_seat_policies():
    result = CliRunner().invoke(nitro_cli, ["simulate", str(EXAMPLES / "two-lap-loop.yaml"), "--games", "20",
                                            "--policy", "racer,cautious,racer,cautious"])
    assert result.exit_code == 0
    assert "rounds per race" in result.output and "start 4" in result.output
    assert "racer, cautious, racer, cautious" in result.output


@pytest.mark.parametrize("policy", ["reckless", "racer,cautious"])
def test_a_bad_policy_is_a_usage_error(policy):
    result = CliRunner().invoke(nitro_cli, ["simulate", str(EXAMPLES / "two-lap-loop.yaml"), "--policy", policy])
    assert result.exit_code == 2 and "--policy" in result.output


def test_a_track_breaking_a_rule_is_refused(tmp_path):
    broken = write(tmp_path, HEAVY_TURN_B.replace("players: 4", "players: 9"))
    result = CliRunner().invoke(nitro_cli, ["simulate", str(broken)])
    assert result.exit_code == 1 and "nitro.players" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_the_chart_is_written_in_the_format_of_its_suffix(tmp_path, suffix):
    chart = tmp_path / f"chart{suffix}"
    result = CliRunner().invoke(nitro_cli, ["simulate", str(EXAMPLES / "two-lap-loop.yaml"), "--games", "20",
                                            "--chart", str(chart)])
    assert result.exit_code == 0
    data = chart.read_bytes()
    if suffix == ".svg":
        text = data.decode()
        assert "Win rate by start position" in text and "Rounds per race" in text
    else:
        assert data.startswith(b"\x89PNG")


@pytest.mark.parametrize("scenario", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_scenario_plays_to_its_stated_outcome(scenario):
    result = CliRunner().invoke(nitro_cli, ["play", str(scenario)])
    assert result.exit_code == 0, result.output
    assert "Before:" in result.output and "After:" in result.output
    assert "Stated outcome: met" in result.output


def test_play_json_and_a_broken_scenario(tmp_path):
    result = CliRunner().invoke(nitro_cli, ["play", str(SCENARIOS / "01-rear-end.yaml"), "--format", "json"])
    data = json.loads(result.output)
    assert data["unmet"] == [] and any(e["kind"] == "collision" and e["other"] == "B" for e in data["events"])
    bad = write(tmp_path, (SCENARIOS / "01-rear-end.yaml").read_text().replace("[move, move]", "[move, fly]"))
    result = CliRunner().invoke(nitro_cli, ["play", str(bad)])
    assert result.exit_code == 1 and "unknown action 'fly'" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_play_exits_1_when_the_stated_outcome_is_not_met(tmp_path, fmt):
    wrong = (SCENARIOS / "01-rear-end.yaml").read_text().replace("events: {collision: 1,", "events: {collision: 2,")
    result = CliRunner().invoke(nitro_cli, ["play", str(write(tmp_path, wrong)), "--format", fmt])
    assert result.exit_code == 1
    assert "1 collision event(s), expected 2" in result.stdout  # the report is printed in full first
    assert "stated outcome is not met" in result.stderr and "Traceback" not in result.output


def warnings(path: Path, games: int = 150) -> set[str]:
    result = CliRunner().invoke(pnp_cli, ["validate", str(path), "--simulate", str(games), "--format", "json"])
    assert result.exit_code == 0, result.output
    return {d["rule"] for d in json.loads(result.output)}


def test_validate_simulate_warns_of_a_type_shortage_only_where_there_is_one(tmp_path):
    assert "nitro.sim.type_shortage" in warnings(write(tmp_path, HEAVY_TURN_B))
    assert "nitro.sim.type_shortage" not in warnings(EXAMPLES / "two-lap-loop.yaml")


def test_validate_simulate_warns_of_collapsing_speeds_and_an_unused_garage(tmp_path):
    found = warnings(write(tmp_path, GARAGE_FAR))
    assert {"nitro.sim.speed_collapse", "nitro.sim.garage_unused"} <= found
    calm = warnings(EXAMPLES / "joined-loops.yaml")
    assert not calm & {"nitro.sim.speed_collapse", "nitro.sim.garage_unused"}


def test_validate_simulate_warns_of_a_start_position_that_wins_far_too_often(tmp_path):
    six = (EXAMPLES / "two-lap-loop.yaml").read_text().replace("players: 4", "players: 6")
    assert "nitro.sim.start_advantage" in warnings(write(tmp_path, six), 300)
    assert "nitro.sim.start_advantage" not in warnings(EXAMPLES / "two-lap-loop.yaml", 300)


def test_start_positions_winning_their_share_give_no_warning():
    track = PLUGIN.build(load_yaml(EXAMPLES / "two-lap-loop.yaml"))
    summary = summarize(track, ["racer"], simulate(track, 40))
    even = [StartShare(s.start, 100, 0.25, wilson(100, 400, 2.5)) for s in summary.win_rate_by_start]
    assert _starts(replace(summary, win_rate_by_start=tuple(even))) == []
    lopsided = [StartShare(1, 200, 0.25, wilson(200, 400, 2.5)), *even[1:]]
    assert [w[0] for w in _starts(replace(summary, win_rate_by_start=tuple(lopsided)))] == ["nitro.sim.start_advantage"]


def test_the_start_advantage_hint_names_the_grid_and_the_tie_break_not_the_race_length():
    track = PLUGIN.build(load_yaml(EXAMPLES / "two-lap-loop.yaml"))
    summary = summarize(track, ["racer"], simulate(track, 40))
    even = [StartShare(s.start, 100, 0.25, wilson(100, 400, 2.5)) for s in summary.win_rate_by_start]
    second = [even[0], StartShare(2, 200, 0.25, wilson(200, 400, 2.5)), *even[2:]]
    [(_, _, _, hint)] = _starts(replace(summary, win_rate_by_start=tuple(second)))
    assert "grid: staggered" in hint and "inside" in hint and "--policy" in hint
    assert "lengthen" not in hint


def test_with_three_grid_rows_the_start_advantage_hint_names_the_race_length():
    track = PLUGIN.build(load_yaml(EXAMPLES / "two-lap-loop.yaml")).model_copy(update={"players": 6})
    summary = summarize(track, ["table"], simulate(track, 20))
    even = [StartShare(s.start, 100, 1 / 6, wilson(100, 600, 2.6)) for s in summary.win_rate_by_start]
    front = [StartShare(1, 250, 1 / 6, wilson(250, 600, 2.6)), *even[1:]]
    [(_, _, _, hint)] = _starts(replace(summary, win_rate_by_start=tuple(front)))
    assert "with 6 players" in hint and "add laps or sections" in hint and "time to pass" in hint


def test_simulate_help_names_every_driver():
    from pnp.games.nitro.race.drivers import DRIVERS

    result = CliRunner().invoke(nitro_cli, ["simulate", "--help"])
    assert all(name in result.output for name in DRIVERS), result.output
