"""Simulation: reproducible by seed whatever the worker count, sound intervals, balance warnings."""

from __future__ import annotations

from dataclasses import replace

from pnp.games.mdd.geometry import Cell
from pnp.games.mdd.race.balance import balance_warnings
from pnp.games.mdd.race.simulate import example_board, simulate
from pnp.games.mdd.race.summary import summarize
from pnp.sim.stats import mean_interval, wilson


def test_results_do_not_depend_on_the_number_of_processes():
    board = example_board(25, seed=2)
    assert simulate(board, 24, seed=7, jobs=1) == simulate(board, 24, seed=7, jobs=2)
    assert simulate(board, 24, seed=7) != simulate(board, 24, seed=8)


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson(0, 10).low, wilson(0, 10).high
    assert low == 0.0 and abs(high - 0.2775) < 1e-3
    mid = wilson(50, 100)
    assert abs(mid.low - 0.4038) < 1e-3 and abs(mid.high - 0.5962) < 1e-3


def test_mean_interval_contains_the_mean_and_narrows_with_more_data():
    small = mean_interval([1, 2, 3, 4])
    large = mean_interval([1, 2, 3, 4] * 25)
    assert small.low < 2.5 < small.high
    assert large.high - large.low < small.high - small.low


def test_summary_counts_every_race_and_every_win():
    board = example_board(25, seed=4)
    results = simulate(board, 40, seed=1)
    summary = summarize(board, results)
    assert summary.games == 40
    wins = sum(t.wins for t in summary.teams)
    assert wins == sum(1 for r in results if r.winner >= 0) == sum(s.wins for s in summary.start_rows)
    assert abs(sum(t.fair for t in summary.teams) - 1) < 1e-9
    assert 0 <= summary.qualified.value <= summary.finalists


def test_balance_warning_names_a_team_that_starts_all_at_the_back():
    # on a cramped 7-lane track the front lines take most of the bumps, so the back lines are favoured
    board = example_board(25, seed=5, lanes=7)
    assert not [w for w in balance_warnings(board, 300, seed=1) if w[0] == "mdd.balance.team"]
    # one team holds the two back lines: in MDD the front cars get bumped the most, so it is favoured
    favoured = tuple(replace(c, team="red" if c.row <= 3 else "other") for c in board.cars)
    warnings = balance_warnings(replace(board, cars=favoured), 300, seed=1)
    teams = [w[1] for w in warnings if w[0] == "mdd.balance.team"]
    assert any(m.startswith("team red") and "more than its fair share of 40.0%" in m for m in teams)


def test_few_finalists_warning_for_a_board_thick_with_mines():
    board = example_board(25, seed=6)
    assert not [w for w in balance_warnings(board, 100, seed=1) if w[0] == "mdd.balance.few_finalists"]
    walled = {(w.lane + d, w.row) for w in board.walls for d in (0, 1)}
    cells = [(lane, row) for row in range(16, 22) for lane in range(1, board.lanes + 1)]
    mines = tuple((Cell(lane, row), 3) for lane, row in cells if (lane, row) not in walled)
    warnings = balance_warnings(replace(board, mines=mines), 100, seed=1)
    assert [w[0] for w in warnings if w[0] == "mdd.balance.few_finalists"] == ["mdd.balance.few_finalists"]


def _found(board, games: int, rule: str) -> list[str]:
    return [w[1] for w in balance_warnings(board, games, seed=0) if w[0] == rule]


def test_start_row_warning_for_the_packed_seven_lane_grid_not_for_the_default():
    # the old default (7 lanes, touching lines): the back line wins about half the races, fair 20%
    packed = _found(example_board(25, seed=0, lanes=7), 300, "mdd.balance.start_row")
    front, back = packed  # the front line wins far less, the back line far more
    assert front.startswith("the cars starting in row 9 won") and "far less than their fair share of 20.0%" in front
    assert back.startswith("the cars starting in row 1 won") and "far more than their fair share of 20.0%" in back
    assert _found(example_board(25, seed=0), 300, "mdd.balance.start_row") == []


def test_start_row_warning_needs_enough_races_to_be_sure():
    # the same lopsided board: 20 races cannot tell 50% from 30% with five rows compared at once
    assert _found(example_board(25, seed=0, lanes=7), 20, "mdd.balance.start_row") == []


def test_no_winner_warning_when_the_final_often_ends_empty():
    # a 7-lane board on which nearly half the finals end with every finalist wrecked
    harsh = _found(example_board(25, seed=1, lanes=7), 300, "mdd.balance.no_winner")
    assert len(harsh) == 1 and "ended with no car across the line" in harsh[0]
    assert _found(example_board(25, seed=0, lanes=7), 300, "mdd.balance.no_winner") == []
    assert _found(example_board(25, seed=1), 300, "mdd.balance.no_winner") == []
