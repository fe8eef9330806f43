"""mdd.cars.rows: the cars start in rows of cars side by side, as both rulebooks say (5 rows of 5)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pnp.diagnostics import Diagnostic

Diagnose = Callable[[str], list[Diagnostic]]
Text = Callable[..., str]


def _grid(rows: list[int], lanes: list[int]) -> str:
    """A `grid:` of cars in `rows` (rear rows, front first), at `lanes` in each; teams in diagonals."""
    teams = ["red", "yellow", "green", "blue", "white"]
    lines = ["grid:"]
    for r, row in enumerate(rows):
        for p, lane in enumerate(lanes):
            number = r * len(lanes) + p + 1
            lines.append(f"  - {{number: {number}, team: {teams[(p - r) % 5]}, lane: {lane}, row: {row}}}")
    return "\n".join(lines)


@pytest.mark.parametrize("ruleset", ["v2.1", "current"])
def test_five_rows_of_five_pass_and_a_spread_grid_too(diagnose: Diagnose, setup_text: Text, ruleset: str) -> None:
    mines = None if ruleset == "v2.1" else [(lane, 29, 4) for lane in (1, 2, 4, 6, 7)] + [(3, 30, 4), (5, 30, 1)]
    grid = _grid([9, 7, 5, 3, 1], [2, 3, 4, 5, 6])
    assert [d for d in diagnose(setup_text(ruleset, mines=mines, extra=grid)) if d.rule == "mdd.cars.rows"] == []
    spread = _grid([9, 6, 3, 1, -1], [1, 2, 3, 4, 5])
    found = diagnose(setup_text(ruleset, mines=mines, extra=spread))
    assert [d for d in found if d.rule == "mdd.cars.rows"] == []


@pytest.mark.parametrize("ruleset", ["v2.1", "current"])
def test_cars_in_a_staggered_grid_are_an_error_at_the_odd_car(
    diagnose: Diagnose, setup_text: Text, ruleset: str
) -> None:
    grid = _grid([9, 7, 5, 3, 1], [2, 3, 4, 5, 6]).replace("lane: 4, row: 7}", "lane: 7, row: 8}")
    found = [d for d in diagnose(setup_text(ruleset, extra=grid)) if d.rule == "mdd.cars.rows"]
    assert len(found) == 1 and found[0].is_error
    assert "5 rows of 5" in found[0].message and "6 rows of cars" in found[0].message
    assert "car 8 is in row 8" in found[0].hint
    assert found[0].line == 3 + 8  # the line of car 8 under `grid:`


def test_ten_rows_of_two_and_a_half_are_an_error(diagnose: Diagnose, setup_text: Text) -> None:
    text = "\n".join(f"  - {{number: {n + 1}, team: {['red', 'yellow', 'green', 'blue', 'white'][n % 5]}, "
                     f"lane: {1 + 6 * (n % 2)}, row: {1 + 2 * (n // 2)}}}" for n in range(25))
    found = [d for d in diagnose(setup_text(extra="grid:\n" + text)) if d.rule == "mdd.cars.rows"]
    assert found and "this start grid has 13 rows of cars" in found[0].message


@pytest.mark.parametrize("cars", [30, 36])
def test_the_big_variants_default_grids_pass(diagnose: Diagnose, setup_text: Text, cars: int) -> None:
    found = diagnose(setup_text(extra=f"cars: {cars}\ntrack: {{lanes: 11, rows: 30}}"))
    assert [d for d in found if d.rule == "mdd.cars.rows"] == []
