"""The setup model: documented defaults, the start grid, the finals positions and schema errors."""

from __future__ import annotations

from collections import Counter

import pytest

from pnp.diagnostics import SpecError
from pnp.games.mdd.geometry import Board, Cell
from pnp.games.mdd.plugin import PLUGIN
from pnp.games.mdd.setup.formation import default_finals
from pnp.games.registry import command_group, get_game
from pnp.source.loader import load_yaml_text


def board(text: str) -> Board:
    return PLUGIN.build(load_yaml_text(text)).to_board()


def test_the_registry_finds_the_plugin() -> None:
    plugin = get_game("mdd")
    assert (plugin.name, plugin.title) == ("mdd", "Mini Demolition Derby")
    group = command_group("mdd")
    assert group is not None and "setup" in group.commands


def test_defaults_track_cars_lives_and_cell() -> None:
    spec = PLUGIN.build(load_yaml_text("game: mdd\nruleset: v2.1\n"))
    b = spec.to_board()
    assert (b.lanes, b.rows, spec.track.cell) == (11, 30, 18.0)
    assert len(b.cars) == 25 and {c.lives for c in b.cars} == {7}
    assert b.limits.name == "v2.1" and b.walls == () and b.mines == ()


def test_cell_size_accepts_units() -> None:
    spec = PLUGIN.build(load_yaml_text("game: mdd\nruleset: v2.1\ntrack: {cell: 0.75in}\n"))
    assert spec.track.cell == pytest.approx(19.05)


def test_25_cars_stand_in_five_lines_of_five_a_lane_apart_on_the_default_track() -> None:
    cars = board("game: mdd\nruleset: v2.1\n").cars
    front = [c for c in cars if c.row == 9]
    assert [(c.number, c.lane) for c in front] == [(1, 2), (2, 4), (3, 6), (4, 8), (5, 10)]
    assert sorted({c.row for c in cars}) == [1, 3, 5, 7, 9]
    second = {c.lane: c.team for c in cars if c.row == 7}
    assert all(second[c.lane + 2] == c.team for c in front if c.lane + 2 in second)


@pytest.mark.parametrize("track", ["track: {lanes: 7, rows: 30}", "track: {lanes: 11}", "track: {rows: 30}"])
def test_a_setup_that_names_its_track_keeps_the_touching_grid(track: str) -> None:
    b = board(f"game: mdd\nruleset: v2.1\n{track}\n")
    first = (b.lanes - 5) // 2 + 1
    front = [c.lane for c in b.cars if c.row == 9]
    assert front == list(range(first, first + 5))


def test_spacing_spreads_the_default_grid_and_the_finals() -> None:
    b = board("game: mdd\nruleset: v2.1\ntrack: {lanes: 11, rows: 40}\nspacing: {rows: 1, lanes: 1}\n")
    assert sorted({c.row for c in b.cars}) == [1, 4, 7, 10, 13]
    assert [c.lane for c in b.cars if c.row == 13] == [2, 4, 6, 8, 10]
    assert sorted({f.row for f in b.finals}) == [4, 7, 10, 13]


def test_25_cars_on_a_named_track_stand_in_five_touching_lines_front_line_numbered_first() -> None:
    cars = board("game: mdd\nruleset: v2.1\ntrack: {lanes: 7}\n").cars
    front = [c for c in cars if c.row == 9]
    assert [(c.number, c.lane) for c in front] == [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6)]
    assert sorted({c.row for c in cars}) == [1, 3, 5, 7, 9]
    assert Counter(c.team for c in cars) == dict.fromkeys(["red", "yellow", "green", "blue", "white"], 5)
    # colours move one place left from a line to the line in front of it
    second = {c.lane: c.team for c in cars if c.row == 7}
    assert all(second[c.lane + 1] == c.team for c in front if c.lane + 1 in second)


@pytest.mark.parametrize(("cars", "teams", "size", "behind"), [(30, 6, 5, 0), (36, 6, 6, 6)])
def test_big_variants_have_six_teams(cars: int, teams: int, size: int, behind: int) -> None:
    b = board(f"game: mdd\nruleset: v2.1\ncars: {cars}\n")
    assert len(b.cars) == cars
    assert sorted(Counter(c.team for c in b.cars).values()) == [size] * teams
    assert len([c for c in b.cars if c.row <= 0]) == behind
    assert all(1 <= c.lane <= 11 for c in b.cars)
    assert len(b.finals) == 12


def test_finals_default_ten_in_lines_of_three_and_two_near_the_start() -> None:
    finals = default_finals(10, 7)
    assert finals[:5] == (Cell(2, 9), Cell(4, 9), Cell(6, 9), Cell(3, 7), Cell(5, 7))
    assert len(set(finals)) == 10 and max(c.row for c in finals) + 1 <= 10


def test_twelve_finalists_add_the_centre_of_the_second_and_fourth_lines() -> None:
    extra = set(default_finals(12, 7)) - set(default_finals(10, 7))
    assert extra == {Cell(4, 7), Cell(4, 3)}


def test_finals_can_be_given() -> None:
    b = board("game: mdd\nruleset: v2.1\nfinals:\n  - {lane: 4, row: 1}\n  - {lane: 2, row: 1}\n")
    assert b.finals == (Cell(4, 1), Cell(2, 1))


def test_mines_in_one_cell_add_up_on_the_board() -> None:
    b = board("game: mdd\nruleset: v2.1\nmines:\n  - {lane: 2, row: 20}\n  - {lane: 2, row: 20, count: 2}\n")
    assert b.mines == ((Cell(2, 20), 3),)


@pytest.mark.parametrize(
    ("text", "rule", "line"),
    [
        ("game: mdd\nruleset: v2.1\nwals: []\n", "spec.unknown_key", 3),
        ("game: mdd\nruleset: v3\n", "spec.value", 2),
        ("game: mdd\nruleset: v2.1\nwalls:\n  - {lane: two, row: 3}\n", "spec.value", 4),
        ("game: mdd\nruleset: v2.1\ntrack: {lanes: 2}\n", "spec.value", 3),
        ("game: mdd\n", "spec.missing_key", 1),
        ("game: mdd\nruleset: v2.1\nmap: |\n" + "  ....\n" * 12 + "walls: []\n", "mdd.map.conflict", 16),
    ],
)
def test_schema_errors_are_located(text: str, rule: str, line: int) -> None:
    with pytest.raises(SpecError) as caught:
        PLUGIN.build(load_yaml_text(text))
    assert [(d.rule, d.line) for d in caught.value.diagnostics] == [(rule, line)]


def test_unknown_key_suggests_the_right_one() -> None:
    with pytest.raises(SpecError) as caught:
        PLUGIN.build(load_yaml_text("game: mdd\nruleset: v2.1\nwals: []\n"))
    assert "'walls'" in caught.value.diagnostics[0].hint
