"""Each MDD validator rule on both sides of its limit, with the message and place a user sees."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pnp.diagnostics import Diagnostic, Severity
from tests.games.mdd.setup.conftest import BOMBS, WALLS

Diagnose = Callable[[str], list[Diagnostic]]
Text = Callable[..., str]

BOMBS_OK = BOMBS
WALLS_OK = WALLS


def rules(found: list[Diagnostic]) -> set[str]:
    return {d.rule for d in found}


def only(found: list[Diagnostic], rule: str) -> list[Diagnostic]:
    return [d for d in found if d.rule == rule]


def test_the_legal_base_setup_is_clean(diagnose: Diagnose, setup_text: Text) -> None:
    assert diagnose(setup_text()) == []


@pytest.mark.parametrize(("row", "ok"), [(14, False), (15, True), (30, True)])
def test_v21_walls_stand_five_cells_ahead_of_the_front_cars(
    diagnose: Diagnose, setup_text: Text, row: int, ok: bool
) -> None:
    found = only(diagnose(setup_text(walls=[(2, row), *WALLS_OK[1:]])), "mdd.walls.ahead")
    if ok:
        assert found == []
    else:
        assert [d.line for d in found] == [4]
        assert "row 10" in found[0].message and "row 15" in found[0].hint


def test_current_rules_set_no_distance_for_walls(diagnose: Diagnose, setup_text: Text) -> None:
    mines = [(4, 15, 3), *BOMBS_OK[1:], (6, 14, 3)]
    assert rules(diagnose(setup_text("current", walls=[(2, 12), *WALLS_OK[1:]], mines=mines))) == set()


@pytest.mark.parametrize(
    ("second", "ok"),
    [
        ((4, 16), False),  # side by side: edge
        ((4, 17), False),  # diagonal: corner
        ((2, 17), False),  # right in front
        ((5, 16), True),  # one free lane between
        ((4, 18), True),  # one free row between
    ],
)
def test_walls_may_not_touch_even_at_a_corner(
    diagnose: Diagnose, setup_text: Text, second: tuple[int, int], ok: bool
) -> None:
    walls = [(2, 16), second, (3, 20), (5, 23), (2, 24), (3, 28)]
    mines = [m for m in BOMBS_OK if (m[0], m[1]) not in {second, (second[0] + 1, second[1])}]
    found = only(diagnose(setup_text(walls=walls, mines=mines)), "mdd.walls.adjacent")
    assert (found == []) == ok
    if not ok:
        assert found[0].line == 5 and "lane 2, row 16" in found[0].message


@pytest.mark.parametrize(("lane", "ok"), [(1, False), (2, True), (5, True), (6, False)])
def test_walls_keep_off_the_side_borders(diagnose: Diagnose, setup_text: Text, lane: int, ok: bool) -> None:
    found = only(diagnose(setup_text(walls=[*WALLS_OK[:5], (lane, 28)])), "mdd.walls.border")
    assert (found == []) == ok
    if not ok:
        side = "left" if lane == 1 else "right"
        assert found[0].line == 9 and f"{side} border" in found[0].message


@pytest.mark.parametrize(("count", "line"), [(5, 3), (6, None), (7, 10)])
def test_the_ruleset_sets_six_walls(diagnose: Diagnose, setup_text: Text, count: int, line: int | None) -> None:
    walls = [*WALLS_OK, (5, 30)][:count]
    found = only(
        diagnose(setup_text(walls=walls, mines=[m for m in BOMBS_OK if m[:2] != (5, 30)] + [(5, 29, 2)])),
        "mdd.walls.count",
    )
    assert [d.line for d in found] == ([] if line is None else [line])
    if line:
        assert f"this setup has {count}" in found[0].message and "6 walls" in found[0].message


def test_walls_stay_inside_the_track(diagnose: Diagnose, setup_text: Text) -> None:
    assert only(diagnose(setup_text(walls=[*WALLS_OK[:5], (3, 30)])), "mdd.walls.track") == []
    found = only(diagnose(setup_text(walls=[*WALLS_OK[:5], (3, 31)])), "mdd.walls.track")
    assert [d.line for d in found] == [9]


def test_walls_are_not_put_under_starting_cars(diagnose: Diagnose, setup_text: Text) -> None:
    mines = [(4, 15, 3), *BOMBS_OK[1:], (6, 14, 3)]
    found = only(diagnose(setup_text("current", walls=[*WALLS_OK[:5], (3, 2)], mines=mines)), "mdd.walls.cars")
    assert len(found) == 1 and "car 2" in found[0].message
    assert only(diagnose(setup_text("current", walls=[*WALLS_OK[:5], (3, 11)], mines=mines)), "mdd.walls.cars") == []


@pytest.mark.parametrize(
    ("ruleset", "total", "ok"),
    [
        ("v2.1", 19, False),
        ("v2.1", 20, True),
        ("v2.1", 25, True),
        ("v2.1", 26, False),
        ("current", 24, False),
        ("current", 25, True),
        ("current", 30, True),
        ("current", 31, False),
    ],
)
def test_the_total_of_mines_is_in_the_ruleset_range(
    diagnose: Diagnose, setup_text: Text, ruleset: str, total: int, ok: bool
) -> None:
    cells = [(lane, row) for row in (15, 18, 21, 25, 27, 29, 30) for lane in (1, 4, 7)]
    mines = [(lane, row, 1) for lane, row in cells[:total]]
    mines += [(lane, row, 1) for lane, row in cells[: max(0, total - len(cells))]]
    found = only(diagnose(setup_text(ruleset, mines=mines)), "mdd.mines.total")
    assert (found == []) == ok
    if not ok:
        word = "bombs" if ruleset == "v2.1" else "mines"
        assert found[0].line == 10 and f"this setup has {total}" in found[0].message and word in found[0].message


@pytest.mark.parametrize(
    ("ruleset", "count", "ok"),
    [
        ("v2.1", 3, True),
        ("v2.1", 4, False),
        ("current", 4, True),
        ("current", 5, False),
    ],
)
def test_mines_in_one_cell_are_capped(diagnose: Diagnose, setup_text: Text, ruleset: str, count: int, ok: bool) -> None:
    base = BOMBS_OK if ruleset == "v2.1" else [*BOMBS_OK, (6, 14, 4)]
    mines = [(lane, row, count if (lane, row) == (4, 21) else n) for lane, row, n in base]
    found = only(diagnose(setup_text(ruleset, mines=mines)), "mdd.mines.per_cell")
    assert (found == []) == ok
    if not ok:
        assert found[0].line == 15 and f"has {count}" in found[0].message


@pytest.mark.parametrize(("row", "ok"), [(14, False), (15, True)])
def test_v21_bombs_lie_five_cells_ahead(diagnose: Diagnose, setup_text: Text, row: int, ok: bool) -> None:
    found = only(diagnose(setup_text(mines=[(4, row, 2), *BOMBS_OK[1:]])), "mdd.mines.ahead")
    assert (found == []) == ok


def test_mines_are_not_on_walls_cars_or_off_the_track(diagnose: Diagnose, setup_text: Text) -> None:
    on_wall = only(diagnose(setup_text(mines=[*BOMBS_OK[:-1], (3, 16, 1)])), "mdd.mines.walls")
    assert [d.line for d in on_wall] == [22]
    beside_wall = only(diagnose(setup_text(mines=[*BOMBS_OK[:-1], (4, 16, 1)])), "mdd.mines.walls")
    assert beside_wall == []
    current = [(4, 15, 3), *BOMBS_OK[1:-1], (6, 14, 3)]
    under_car = only(diagnose(setup_text("current", mines=[*current, (2, 4, 1)])), "mdd.mines.cars")
    assert len(under_car) == 1 and "car 16" in under_car[0].message
    beside_car = only(diagnose(setup_text("current", mines=[*current, (1, 4, 1)])), "mdd.mines.cars")
    assert beside_car == []
    off = only(diagnose(setup_text(mines=[*BOMBS_OK[:-1], (7, 31, 1)])), "mdd.mines.track")
    assert [d.line for d in off] == [22]


def test_a_mine_entry_counts_at_least_one(diagnose: Diagnose, setup_text: Text) -> None:
    found = only(diagnose(setup_text(mines=[*BOMBS_OK, (1, 20, 0)])), "mdd.mines.count")
    assert [d.line for d in found] == [23] and found[0].column > 30
    assert only(diagnose(setup_text(mines=[*BOMBS_OK[:-1], (1, 20, 1)])), "mdd.mines.count") == []


def test_a_cell_is_listed_once(diagnose: Diagnose, setup_text: Text) -> None:
    found = only(diagnose(setup_text(mines=[*BOMBS_OK, (6, 22, 1)])), "mdd.mines.duplicate")
    assert [d.line for d in found] == [23] and "line 16" in found[0].message


@pytest.mark.parametrize(
    ("ruleset", "cars", "ok"),
    [
        ("v2.1", 25, True),
        ("v2.1", 30, True),
        ("v2.1", 36, True),
        ("v2.1", 26, False),
        ("current", 30, False),
    ],
)
def test_car_counts_follow_the_ruleset(diagnose: Diagnose, setup_text: Text, ruleset: str, cars: int, ok: bool) -> None:
    mines = BOMBS_OK if ruleset == "v2.1" else [*BOMBS_OK, (6, 14, 4)]
    found = diagnose(setup_text(ruleset, mines=mines, extra=f"cars: {cars}"))
    assert (only(found, "mdd.cars.count") == []) == ok
    assert not [d for d in found if d.is_error and d.rule != "mdd.cars.count"]


def test_the_grid_and_the_cars_count_agree(diagnose: Diagnose, setup_text: Text) -> None:
    grid = "\n".join(
        f"  - {{number: {n}, team: {t}, lane: {2 + i}, row: 1}}"
        for n, (i, t) in enumerate(enumerate(["red", "yellow", "green", "blue", "white"]), 1)
    )
    found = only(diagnose(setup_text(extra="cars: 25\ngrid:\n" + grid)), "mdd.cars.count")
    assert len(found) == 1 and "5 cars are placed" in found[0].message


def test_teams_have_the_right_size(diagnose: Diagnose, setup_text: Text) -> None:
    teams = ["red", "yellow", "green", "blue", "white"]
    cars = [(n + 1, teams[(n % 5 - n // 5) % 5], 2 + n % 5, 9 - 2 * (n // 5)) for n in range(25)]

    def grid(entries: list[tuple[int, str, int, int]]) -> str:
        return "grid:\n" + "\n".join(f"  - {{number: {n}, team: {t}, lane: {ln}, row: {r}}}" for n, t, ln, r in entries)

    assert only(diagnose(setup_text(extra=grid(cars))), "mdd.cars.teams") == []
    swapped = [*cars[:-1], (25, "yellow", *cars[-1][2:])]
    found = only(diagnose(setup_text(extra=grid(swapped))), "mdd.cars.teams")
    assert sorted(d.message for d in found) == [
        "with 25 cars every team has 5 cars; team 'red' has 4",
        "with 25 cars every team has 5 cars; team 'yellow' has 6",
    ]
    stranger = [*cars[:-1], (25, "pink", *cars[-1][2:])]
    messages = [d.message for d in only(diagnose(setup_text(extra=grid(stranger))), "mdd.cars.teams")]
    assert any("'pink', which is not one of the teams" in m for m in messages)


def test_six_teams_with_30_cars(diagnose: Diagnose, setup_text: Text) -> None:
    found = diagnose(setup_text(extra="cars: 30\nteams: [red, yellow, green, blue, white]"))
    assert [d.message for d in only(found, "mdd.cars.teams")] == [
        "with 30 cars the cars form 6 teams of 5, each its own colour; `teams:` names 5 different teams"
    ]


def test_every_car_starts_with_seven_lives(diagnose: Diagnose, setup_text: Text) -> None:
    assert only(diagnose(setup_text(extra="lives: 7")), "mdd.cars.lives") == []
    found = only(diagnose(setup_text(extra="lives: 8")), "mdd.cars.lives")
    assert [d.line for d in found] == [3]


def test_the_start_grid_fits_the_track(diagnose: Diagnose, setup_text: Text) -> None:
    too_narrow = diagnose(
        setup_text(extra="cars: 30\ntrack: {lanes: 5}", walls=[(2, 16), (2, 19), (2, 22), (2, 25), (2, 28), (2, 13)])
    )
    assert len(only(too_narrow, "mdd.cars.track")) == 5  # the sixth car of each line
    assert only(diagnose(setup_text(extra="cars: 30\ntrack: {lanes: 6}")), "mdd.cars.track") == []


def test_only_the_36_car_variant_starts_a_line_behind_the_track(diagnose: Diagnose, setup_text: Text) -> None:
    assert only(diagnose(setup_text(extra="cars: 36")), "mdd.cars.track") == []
    grid = "grid:\n" + "\n".join(f"  - {{number: {n}, team: red, lane: {n}, row: -1}}" for n in (1, 2))
    found = only(diagnose(setup_text(extra=grid)), "mdd.cars.track")
    assert [d.line for d in found] == [4, 5]


def test_cars_do_not_overlap_and_have_unique_numbers(diagnose: Diagnose, setup_text: Text) -> None:
    grid = "grid:\n  - {number: 1, team: red, lane: 2, row: 1}\n  - {number: 2, team: red, lane: 2, row: 3}\n"
    assert rules(diagnose(setup_text(extra=grid))) & {"mdd.cars.overlap", "mdd.cars.numbers"} == set()
    clash = grid.replace("row: 3", "row: 2").replace("number: 2", "number: 1")
    found = diagnose(setup_text(extra=clash))
    assert [d.line for d in only(found, "mdd.cars.overlap")] == [5]
    assert [d.line for d in only(found, "mdd.cars.numbers")] == [5]


def _finals(cells: list[tuple[int, int]]) -> str:
    return "finals:\n" + "\n".join(f"  - {{lane: {lane}, row: {row}}}" for lane, row in cells)


TEN = [(2, 9), (4, 9), (6, 9), (3, 7), (5, 7), (2, 5), (4, 5), (6, 5), (3, 3), (5, 3)]


def test_finals_positions(diagnose: Diagnose, setup_text: Text) -> None:
    assert rules(diagnose(setup_text(extra=_finals(TEN)))) == set()
    assert [d.line for d in diagnose(setup_text(extra=_finals(TEN[:9])))] == [3]
    twelve = rules(diagnose(setup_text(extra="cars: 30\n" + _finals(TEN))))
    assert "mdd.finals.count" in twelve
    off = diagnose(setup_text(extra=_finals([*TEN[:9], (5, 30)])))
    assert rules(off) >= {"mdd.finals.track"}
    on_wall = diagnose(setup_text(extra=_finals([*TEN[:9], (3, 15)])))
    assert [d.message for d in only(on_wall, "mdd.finals.blocked")] == [
        "a finalist must be able to stand on its finals position: lane 3, row 15 is on a wall"
    ]
    overlap = diagnose(setup_text(extra=_finals([*TEN[:9], (2, 8)])))
    assert [d.line for d in only(overlap, "mdd.finals.overlap")] == [13]


def test_kit_counters_are_warnings_with_the_shortfall(diagnose: Diagnose, setup_text: Text) -> None:
    boxed = "print: {counters: false}"  # the boxed game's counters: pnp prints none
    enough = [*BOMBS_OK, (6, 14, 4)]  # 26 mines
    assert rules(diagnose(setup_text("current", mines=enough, extra=boxed))) == set()
    many = [*BOMBS_OK, (6, 14, 4), (7, 14, 2)]
    short = diagnose(setup_text("current", mines=many, extra=boxed))
    assert [(d.severity, d.message) for d in short] == [
        (Severity.WARNING, "needs 28 mine tokens, the boxed kit has 27 (1 short)")
    ]
    big = diagnose(setup_text(extra="cars: 36\n" + boxed))
    assert [(d.severity, d.message) for d in big] == [
        (Severity.WARNING, "needs 36 five-life counters, the boxed kit has 27 (9 short)"),
        (Severity.WARNING, "needs 72 one-life counters, the boxed kit has 60 (12 short)"),
    ]


def test_a_kit_pnp_prints_has_the_counters_it_needs(diagnose: Diagnose, setup_text: Text) -> None:
    many = [*BOMBS_OK, (6, 14, 4), (7, 14, 2)]
    assert rules(diagnose(setup_text("current", mines=many))) == set()
    assert rules(diagnose(setup_text(extra="cars: 36"))) == set()


def test_walls_that_shut_off_lanes_are_reported(diagnose: Diagnose, setup_text: Text) -> None:
    fence = [(7, row) for row in range(1, 13)]
    found = diagnose(setup_text(walls=fence, mines=[], extra="track: {lanes: 8, rows: 12}"))
    assert [d.message for d in only(found, "mdd.track.lanes")] == [
        "walls shut off lanes 7, 8: no car can ever drive there"
    ]
    assert only(found, "mdd.track.finish") == []


def test_a_walled_row_blocks_the_finish(diagnose: Diagnose, setup_text: Text) -> None:
    blocked = diagnose(setup_text(walls=[(1, 20), (3, 20), (5, 20)], mines=[], extra="track: {lanes: 6}"))
    assert {"mdd.track.finish", "mdd.track.row_blocked"} <= rules(blocked)
    assert [d.line for d in only(blocked, "mdd.track.row_blocked")] == [5]
    gap = diagnose(setup_text(walls=[(1, 20), (5, 20)], mines=[], extra="track: {lanes: 6}"))
    assert rules(gap) & {"mdd.track.finish", "mdd.track.row_blocked", "mdd.track.lanes"} == set()


def test_finals_positions_are_listed_front_first(diagnose: Diagnose, setup_text: Text) -> None:
    """"The first arrived ones have a certain head start": no position may stand ahead of an earlier one."""
    assert only(diagnose(setup_text(extra=_finals(TEN))), "mdd.finals.order") == []
    backwards = only(diagnose(setup_text(extra=_finals(TEN[::-1]))), "mdd.finals.order")
    assert [(d.line, d.severity) for d in backwards] == [(6, Severity.ERROR)]  # position 3 (row 5) after row 3
    assert "stands ahead of position 2" in backwards[0].message and "head start" in backwards[0].message
    swapped = only(diagnose(setup_text(extra=_finals([TEN[3], *TEN[:3], *TEN[4:]]))), "mdd.finals.order")
    assert [d.line for d in swapped] == [5]


def _grid36(rear_rows: list[int]) -> str:
    lines = ["cars: 36", "track: {lanes: 7, rows: 40}", "teams: [red, yellow, green, blue, white, purple]", "grid:"]
    teams = ["red", "yellow", "green", "blue", "white", "purple"]
    for line, row in enumerate(rear_rows):
        lines += [f"  - {{number: {6 * line + p + 1}, team: {teams[(p - line) % 6]}, lane: {p + 1}, row: {row}}}"
                  for p in range(6)]
    return "\n".join(lines)


def test_with_36_cars_the_last_six_wait_just_out_of_the_track(diagnose: Diagnose, setup_text: Text) -> None:
    """v2.1, variant 5: "With 36 toy cars, put the last 6 behind the others, just out of the track"."""
    walls = [(w[0], w[1] + 10) for w in WALLS]
    mines = [(m[0], m[1] + 10, m[2]) for m in BOMBS]

    def found(rows: list[int]) -> list[Diagnostic]:
        return only(diagnose(setup_text(walls=walls, mines=mines, extra=_grid36(rows))), "mdd.cars.behind")

    assert found([9, 7, 5, 3, 1, -1]) == []
    on_track = found([11, 9, 7, 5, 3, 1])
    assert [d.line for d in on_track] == [37]  # car 31 (line 6 + 31), the first of the rearmost line
    assert "this grid has 0 there" in on_track[0].message
    half_on = found([10, 8, 6, 4, 2, 0])
    assert [d.line for d in half_on] == [37] and "half on the track (row 0)" in half_on[0].message
