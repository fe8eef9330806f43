"""`pnp dragrage simulate` and `pnp dragrage optimal` through click's test runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.games.dragrage.cli import dragrage
from pnp.games.dragrage.progress import TTY_DELAY, ProgressLine, progress_line

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "drag-rage"


def run(*args: str) -> tuple[int, str, str]:
    outcome = CliRunner().invoke(dragrage, list(args))
    return outcome.exit_code, outcome.stdout, outcome.stderr


def test_simulate_is_deterministic_by_seed() -> None:
    first = run("simulate", "--games", "40", "--seed", "7", "--format", "json")
    again = run("simulate", "--games", "40", "--seed", "7", "--format", "json")
    other = run("simulate", "--games", "40", "--seed", "8", "--format", "json")
    assert first[0] == 0
    assert first == again
    assert json.loads(first[1]) != json.loads(other[1])


def test_simulate_json_reports_every_pair_with_intervals() -> None:
    code, out, _ = run("simulate", "--games", "30", "--format", "json", "--strategy", "greedy", "--strategy", "random")
    assert code == 0
    report = json.loads(out)
    assert [(p["a"], p["b"]) for p in report["pairs"]] == [
        ("greedy", "greedy"),
        ("greedy", "random"),
        ("random", "random"),
    ]
    for pair in report["pairs"]:
        assert pair["a_wins"] + pair["b_wins"] + pair["undecided"] == 30
        rate = pair["a_win_rate"]
        assert rate["low"] <= rate["value"] <= rate["high"]
    turns = report["turns_per_heat"]
    assert 1 <= turns["low"] <= turns["value"] <= turns["high"]


def test_greedy_beats_random_by_a_wide_margin() -> None:
    _, out, _ = run("simulate", "--games", "200", "--format", "json", "--strategy", "greedy", "--strategy", "random")
    pair = next(p for p in json.loads(out)["pairs"] if (p["a"], p["b"]) == ("greedy", "random"))
    assert pair["a_win_rate"]["low"] > 0.8


def test_simulate_text_names_the_measures() -> None:
    code, out, _ = run("simulate", "--games", "20")
    assert code == 0
    assert "first mover wins the heat" in out
    assert "turns per heat" in out


def test_games_cap_is_enforced_at_n_plus_one() -> None:
    assert run("simulate", "--games", "5", "--max-games", "5", "--strategy", "greedy")[0] == 0
    code, _, err = run("simulate", "--games", "6", "--max-games", "5")
    assert code == 2
    assert "--max-games" in err


def test_simulate_reads_a_variant_spec() -> None:
    code, _, _ = run("simulate", str(EXAMPLES / "variants" / "own-counters.yaml"), "--games", "4")
    assert code == 0


@pytest.mark.parametrize("command", ["simulate", "optimal"])
def test_spec_errors_exit_1_with_located_diagnostics(command: str) -> None:
    path = EXAMPLES / "invalid" / "counter-twice.yaml"
    code, out, err = run(command, str(path))
    assert code == 1
    assert f"{path}:7:" in err
    assert "[dragrage.counters.distinct]" in err
    assert out == ""


def test_warnings_are_shown_but_do_not_stop_the_run(tmp_path: Path) -> None:
    code, _, err = run("simulate", str(EXAMPLES / "invalid" / "engine-certain.yaml"), "--games", "5")
    assert code == 0
    assert "warning [dragrage.engine.unavoidable]" in err


def test_optimal_reports_a_small_variant(tmp_path: Path) -> None:
    spec = tmp_path / "tiny.yaml"
    spec.write_text("game: drag-rage\nlane_length: 9\nfinish_after: 6\ncounters: [1, 2, 3, 4]\n", encoding="utf-8")
    code, out, _ = run("optimal", str(spec), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert 0 <= data["first_player_wins"] <= 1
    assert data["states"] > 0


def test_optimal_refuses_returned_counters_and_over_budget_searches() -> None:
    code, _, err = run("optimal", str(EXAMPLES / "variants" / "own-counters.yaml"))
    assert code == 1
    assert "returned" in err
    code, _, err = run("optimal", "--max-states", "100")
    assert code == 1
    assert "100 states" in err


def test_simulate_report_says_what_each_strategy_does() -> None:
    # Text and JSON name every strategy of the match-ups with a line on how it drives, using its own
    # numbers (cautious plays counters up to 7, threshold challenges moves of 9 or more).
    code, out, _ = run("simulate", "--games", "3", "--strategy", "cautious", "--strategy", "threshold")
    assert code == 0
    lines = {line.split(":", 1)[0]: line for line in out.splitlines() if ": " in line}
    assert "up to 7" in lines["cautious"]
    assert "9 spaces or more" in lines["threshold"]
    assert "greedy" not in lines
    code, out, _ = run("simulate", "--games", "3", "--format", "json", "--strategy", "random", "--strategy", "greedy")
    described = {s["name"]: s["description"] for s in json.loads(out)["strategies"]}
    assert sorted(described) == ["greedy", "random"]
    assert "nitro" in described["greedy"]
    assert "legal action" in described["random"]


def test_optimal_progress_goes_to_stderr_only_when_asked() -> None:
    sprint = str(EXAMPLES / "variants" / "sprint.yaml")
    code, out, err = run("optimal", sprint, "--format", "json", "--progress")
    assert code == 0
    assert json.loads(out)["states"] == 40851  # stdout stays clean JSON
    assert "finding positions: layer 1 of at most 7" in err
    assert "valuing positions: 40,851 of 40,851 (100 %)" in err
    code, out, err = run("optimal", sprint)  # stderr is no terminal here: quiet by default
    assert code == 0
    assert err == ""
    assert "61.20 %" in out


def test_optimal_says_which_dead_heat_convention_and_reading_it_uses(tmp_path: Path) -> None:
    spec = tmp_path / "tiny.yaml"
    spec.write_text("game: drag-rage\nlane_length: 9\nfinish_after: 6\ncounters: [1, 2, 3, 4]\n"
                    "crossing_move: literal\n", encoding="utf-8")
    code, out, _ = run("optimal", str(spec))
    assert code == 0
    assert "a dead heat counts as half a win" in out and "crossing move: literal" in out
    code, out, _ = run("optimal", str(spec), "--dead-heat", "rerun")
    assert code == 0
    assert "a dead heat is re-run with the same first driver" in out
    half = json.loads(run("optimal", str(spec), "--format", "json")[1])
    rerun = json.loads(run("optimal", str(spec), "--format", "json", "--dead-heat", "rerun")[1])
    assert (half["dead_heat"], rerun["dead_heat"], rerun["crossing_move"]) == ("half", "rerun", "literal")
    assert rerun["first_player_wins"] != half["first_player_wins"]
    code, _, err = run("optimal", str(spec), "--dead-heat", "coin")
    assert code == 2 and "--dead-heat" in err


def test_optimal_and_balance_name_the_blown_engine_reading_and_follow_it(tmp_path: Path) -> None:
    # Counters 2-4, line after 4, lanes of 6 (one of the variants whose value depends on rule 8's reading).
    values = {}
    for rule in ("keeps_turns", "stops"):
        spec = tmp_path / f"{rule}.yaml"
        spec.write_text("game: drag-rage\nlane_length: 6\nfinish_after: 4\ncounters: [2, 3, 4]\n"
                        f"crossing_move: literal\nblown_engine: {rule}\n", encoding="utf-8")
        code, out, _ = run("optimal", str(spec))
        assert code == 0 and f"blown engine: {rule}" in out
        optimal = json.loads(run("optimal", str(spec), "--format", "json")[1])
        balance = json.loads(run("balance", str(spec), "--budget", "5", "--format", "json")[1])
        assert optimal["blown_engine"] == balance["blown_engine"] == rule
        assert balance["tried"][0]["first_player_wins"] == optimal["first_player_wins"]
        values[rule] = optimal["first_player_wins"]
    assert values["keeps_turns"] != values["stops"]


def test_simulate_follows_the_blown_engine_reading(tmp_path: Path) -> None:
    # With counters 2, 3, 5, 8 for 9 spaces an engine blows in every heat: the reading changes the races played.
    reports = {}
    for rule in ("keeps_turns", "stops"):
        spec = tmp_path / f"{rule}.yaml"
        spec.write_text(f"game: drag-rage\nlane_length: 12\nfinish_after: 9\ncounters: [2, 3, 5, 8]\n"
                        f"blown_engine: {rule}\n", encoding="utf-8")
        code, out, _ = run("simulate", str(spec), "--games", "40", "--seed", "3", "--format", "json")
        assert code == 0
        reports[rule] = json.loads(out)
    assert reports["keeps_turns"] != reports["stops"]


def test_simulate_progress_goes_to_stderr_and_leaves_the_report_alone() -> None:
    quiet = run("simulate", "--games", "3", "--seed", "4")
    shown = run("simulate", "--games", "3", "--seed", "4", "--progress")
    assert shown[0] == 0 and shown[1] == quiet[1]
    assert "playing races: 30 of 30 (100 %)" in shown[2]  # 3 races for each of the 10 match-ups
    assert "playing races" not in quiet[2]  # stderr is no terminal here: quiet by default


def test_progress_on_a_terminal_waits_two_seconds_before_it_shows(capsys: pytest.CaptureFixture[str]) -> None:
    now = [100.0]
    line = progress_line(None, is_tty=True)
    assert line is not None and progress_line(None, is_tty=False) is None
    line = ProgressLine(TTY_DELAY, clock=lambda: now[0])
    line.races(10, 100)
    now[0] += 1.9
    line.races(50, 100)
    line.close()
    assert capsys.readouterr().err == ""  # a run shorter than two seconds stays quiet
    line = ProgressLine(TTY_DELAY, clock=lambda: now[0])
    now[0] += 2.5
    line.races(60, 100)
    line.races(61, 100)  # too soon after the last line: not redrawn
    now[0] += 1
    line.races(100, 100)
    line.close()
    err = capsys.readouterr().err
    assert "60 of 100" in err and "61 of 100" not in err
    assert err.rstrip().endswith("100 of 100 (100 %)") and err.endswith("\n")
