"""The v2.1 awards (variant 1): kept without changing play, and reported by `simulate` per team and row."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.games.mdd.cli import simulate_command
from pnp.games.mdd.race.award_stats import award_rates
from pnp.games.mdd.race.awards import PAWNS, Awards
from pnp.games.mdd.race.engine import Race, RaceOptions
from pnp.games.mdd.race.simulate import RaceResult, example_board, simulate
from pnp.games.mdd.setup.generate import random_setup, setup_yaml


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_keeping_the_awards_does_not_change_the_race(seed: int) -> None:
    board = example_board(25, seed=seed)
    plain = Race(board, RaceOptions(record=True), seed=seed).run()
    awards = Awards()
    awarded = Race(board, RaceOptions(record=True), seed=seed, awards=awards).run()
    assert awarded.events == plain.events
    assert len(awards.holders(len(board.cars))) == len(PAWNS)


def test_simulated_results_are_the_same_with_and_without_awards() -> None:
    board = example_board(25, seed=4)
    plain = simulate(board, 30, seed=9)
    awarded = simulate(board, 30, seed=9, awards=True)
    assert [r[:-1] for r in awarded] == [r[:-1] for r in plain]
    assert all(r.pawns == () for r in plain) and all(len(r.pawns) == len(PAWNS) for r in awarded)


def test_award_rates_count_the_races_each_team_and_row_held_a_pawn() -> None:
    board = example_board(25, seed=4)
    red, yellow = board.cars[0], board.cars[1]  # two cars of different teams in the front row
    assert red.team != yellow.team and red.row == yellow.row
    nobody: tuple[tuple[int, ...], ...] = ((),) * len(PAWNS)
    first = ((0,), (), (), (1,), (0, 1))
    second = ((1,), (), (), (1,), (1,))
    results = [RaceResult(1, 1, 1, 1, 1, 1, 1, 1, 0, 0, pawns) for pawns in (first, second, nobody, nobody)]
    rates = {a.key: a for a in award_rates(board, results)}
    red_pawn = rates["red"]
    assert (red_pawn.given.value, rates["green"].given.value) == (0.5, 0.0)
    taken = {s.name: s.wins for s in red_pawn.teams}
    assert (taken[red.team], taken[yellow.team]) == (1, 1) and sum(taken.values()) == 2
    assert {s.name: s.wins for s in red_pawn.start_rows}[str(red.row)] == 2
    full = {s.name: s.wins for s in rates["yellow_full_lives"].teams}
    assert (full[red.team], full[yellow.team]) == (1, 2)  # a tie: both holders count
    assert red_pawn.teams[0].rate.low <= red_pawn.teams[0].rate.value <= red_pawn.teams[0].rate.high
    assert award_rates(board, [r._replace(pawns=()) for r in results]) == ()


def _simulate(tmp_path: Path, ruleset: str, *args: str) -> str:
    setup = tmp_path / "setup.yaml"
    setup.write_text(setup_yaml(random_setup(ruleset, 25, 3)), encoding="utf-8")
    result = CliRunner().invoke(simulate_command, [str(setup), "--games", "40", "--seed", "2", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_simulate_reports_who_took_each_pawn_under_v21(tmp_path: Path) -> None:
    data = json.loads(_simulate(tmp_path, "v2.1", "--format", "json"))
    assert [a["award"] for a in data["awards"]] == [key for key, _ in PAWNS]
    for award in data["awards"]:
        given = round(award["given"]["value"] * data["games"])
        assert len(award["teams"]) == 5 and len(award["start_rows"]) == 5
        taken = sum(s["taken"] for s in award["teams"])
        assert taken == given if award["award"] != "yellow_full_lives" else taken >= given
        assert all(s["rate"]["low"] <= s["rate"]["value"] <= s["rate"]["high"] for s in award["teams"])
    text = _simulate(tmp_path, "v2.1")
    assert "awards (v2.1 variant 1)" in text and "red: most lives taken" in text and "    team red " in text


def test_the_current_rules_have_no_awards_to_report(tmp_path: Path) -> None:
    assert "awards" not in json.loads(_simulate(tmp_path, "current", "--format", "json"))
    assert "awards" not in _simulate(tmp_path, "current")
