"""`pnp dragrage balance`: the search over the finish line and the counters, its budget, and its report."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.games.dragrage.cli import dragrage
from pnp.games.dragrage.solver.balance import Knobs, Stop, TooShort, neighbours, search
from pnp.games.dragrage.variant import Variant

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "drag-rage"
SMALL = "game: drag-rage\nkit: {title: Small}\nlane_length: 12\nfinish_after: 9\ncounters: [2, 3, 4, 5, 6]\n"
TINY = "game: drag-rage\nkit: {title: Tiny}\nlane_length: 8\nfinish_after: 6\ncounters: [2, 3, 4]\n"
"""A variant whose every neighbour is searched in a fraction of a second."""


def run(*args: str) -> tuple[int, str, str]:
    outcome = CliRunner().invoke(dragrage, list(args))
    return outcome.exit_code, outcome.stdout, outcome.stderr


def test_balance_finds_a_variant_nearer_one_half_and_its_values_are_optimals(tmp_path: Path) -> None:
    spec, chosen = tmp_path / "small.yaml", tmp_path / "chosen.yaml"
    spec.write_text(SMALL, encoding="utf-8")
    code, out, _ = run("balance", str(spec), "--budget", "120", "--format", "json", "-o", str(chosen))
    assert code == 0
    report = json.loads(out)
    own, best = report["tried"][0], report["best"]
    assert (own["finish_after"], own["counters"]) == (9, [2, 3, 4, 5, 6])
    assert abs(best["first_player_wins"] - 0.5) < abs(own["first_player_wins"] - 0.5)
    # The chosen spec validates, keeps the rest of the spec, and `optimal` gives it the printed value.
    code, out, _ = run("optimal", str(chosen), "--format", "json")
    assert code == 0
    assert json.loads(out)["first_player_wins"] == best["first_player_wins"]
    assert "title: Small" in chosen.read_text(encoding="utf-8")
    code, out, _ = run("optimal", str(spec), "--format", "json")
    assert json.loads(out)["first_player_wins"] == own["first_player_wins"]


def test_the_chosen_spec_never_replaces_a_file_pnp_did_not_write(tmp_path: Path) -> None:
    spec, mine = tmp_path / "tiny.yaml", tmp_path / "notes.yaml"
    spec.write_text(TINY, encoding="utf-8")
    mine.write_text("my own notes\n", encoding="utf-8")
    for target in (mine, spec):  # someone's file, and the spec itself
        code, _, err = run("balance", str(spec), "--budget", "60", "-o", str(target))
        assert code == 1 and "Traceback" not in err
    assert mine.read_text(encoding="utf-8") == "my own notes\n" and spec.read_text(encoding="utf-8") == TINY
    assert run("balance", str(spec), "--budget", "60", "-o", str(mine), "--force")[0] == 0
    assert "finish_after" in mine.read_text(encoding="utf-8")


def test_balance_text_lists_every_variant_with_its_value(tmp_path: Path) -> None:
    spec = tmp_path / "small.yaml"
    spec.write_text(SMALL, encoding="utf-8")
    code, out, _ = run("balance", str(spec), "--budget", "120")
    assert code == 0
    lines = out.splitlines()
    assert "line after 9, counters 2-6" in lines[1] and "(the spec)" in lines[1]
    assert any(line.startswith("*") for line in lines)
    assert lines[-2].startswith("nearest one half: ")
    assert all("%" in line or "skipped" in line for line in lines[1:-2])


def test_candidates_the_validator_refuses_are_skipped_with_its_reason(tmp_path: Path) -> None:
    spec = tmp_path / "edge.yaml"
    spec.write_text("game: drag-rage\nlane_length: 10\nfinish_after: 8\ncounters: [2, 3, 4, 5]\n", encoding="utf-8")
    code, out, _ = run("balance", str(spec), "--budget", "60", "--format", "json")
    assert code == 0
    skipped = {e["finish_after"]: e["skipped"] for e in json.loads(out)["tried"] if e["skipped"]}
    assert "dragrage.finish.inside_lane" in skipped[10]


def test_the_budget_stops_the_search_with_the_best_so_far() -> None:
    now = [0.0]

    def clock() -> float:
        return now[0]

    def solve(variant: Variant, tick: object) -> float:
        now[0] += 1.0  # every valuation takes a second
        return 0.5 + abs(variant.finish_after - 5) / 100

    run_ = search(Variant(lane_length=30, finish_after=12), lambda knobs: None, solve, 3.5, clock)
    assert run_.stop is Stop.BUDGET
    assert len(run_.tried) == 4  # the spec's own variant and three neighbours inside 3.5 s
    assert run_.best.knobs.finish_after == 10


def test_without_a_budget_limit_the_search_climbs_to_a_local_optimum() -> None:
    def solve(variant: Variant, tick: object) -> float:
        return 0.5 + abs(variant.finish_after - 5) / 100 + len(variant.counters) / 1000

    run_ = search(Variant(lane_length=30, finish_after=12, counters=(2, 3, 4)), lambda k: None, solve, 1e9,
                  lambda: 0.0)
    assert run_.stop is Stop.OPTIMUM
    assert run_.best.knobs == Knobs(5, (2,))


def test_a_budget_that_ends_after_the_spec_values_only_the_spec_and_says_so() -> None:
    now = [0.0]

    def solve(variant: Variant, tick: Callable[[], None]) -> float:
        now[0] += 1.0
        tick()
        return 0.6

    run_ = search(Variant(lane_length=30, finish_after=12), lambda knobs: None, solve, 1.5, lambda: now[0])
    assert run_.stop is Stop.BUDGET and len(run_.tried) == 1 and run_.best.value == 0.6


def test_a_budget_shorter_than_the_specs_own_search_stops_it_and_says_so() -> None:
    """The budget is checked before the spec's own variant is searched and between the search's steps: a clock
    that moves a tenth of a second a reading stops a search of many steps at the fifth reading."""
    ticks = iter(range(10_000))
    steps: list[int] = []

    def solve(variant: Variant, tick: Callable[[], None]) -> float:
        for step in range(1_000):
            steps.append(step)
            tick()
        return 0.5

    with pytest.raises(TooShort, match=r"budget of 0.3 s ran out before the spec's own variant was valued"):
        search(Variant(), lambda knobs: None, solve, 0.3, lambda: next(ticks) / 10)
    assert len(steps) == 3  # readings 0 (start), 1 (before the search), then one after each step: 0.4 s > 0.3 s
    with pytest.raises(TooShort):
        search(Variant(), lambda knobs: None, solve, 1e-9, iter([0.0, 1.0, 1.0]).__next__)
    assert len(steps) == 3  # not started


@pytest.mark.parametrize("budget", ["0.001", "0.5"])
def test_a_budget_shorter_than_the_standard_games_search_is_one_error(budget: str) -> None:
    code, out, err = run("balance", "--budget", budget)
    assert code == 1 and out == "" and "Traceback" not in err
    assert f"error [dragrage.budget] the budget of {budget} s ran out before the spec's own variant was valued" in err
    assert "--budget" in err


@pytest.mark.parametrize("budget", ["0", "-1", "nan", "inf"])
def test_a_budget_of_no_time_is_a_usage_error(budget: str) -> None:
    code, _, err = run("balance", "--budget", budget)
    assert code == 2 and "--budget" in err


def test_neighbours_move_the_line_and_drop_or_add_one_counter() -> None:
    found = set(neighbours(Knobs(9, (2, 3, 4))))
    assert {Knobs(8, (2, 3, 4)), Knobs(11, (2, 3, 4)), Knobs(9, (2, 4)), Knobs(9, (1, 2, 3, 4)),
            Knobs(9, (2, 3, 4, 5))} <= found
    assert Knobs(9, (2, 3, 4)) not in found


def test_a_bad_spec_is_a_located_error_exit_1() -> None:
    path = EXAMPLES / "invalid" / "counter-twice.yaml"
    code, out, err = run("balance", str(path))
    assert code == 1
    assert f"{path}:7:" in err and "[dragrage.counters.distinct]" in err
    assert out == ""


def test_progress_shows_on_request(tmp_path: Path) -> None:
    spec = tmp_path / "small.yaml"
    spec.write_text(SMALL, encoding="utf-8")
    code, _, err = run("balance", str(spec), "--budget", "5", "--progress")
    assert code == 0
    assert "nearest one half so far" in err
