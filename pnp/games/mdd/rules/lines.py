"""MDD validator rule for the start grid's shape: the rules line the cars up in rows of cars side by side.

Both rulebooks place the 25 cars "in 5 rows" (v2.1: "5 rows of 5"); the 36-car variant adds a sixth
row of 6 behind the others, so 30 cars stand in 5 rows of 6 and 36 in 6 rows of 6. A row of cars is the
cars whose rear cells lie in the same row of the track.
"""

from __future__ import annotations

from collections.abc import Iterator

from pnp.diagnostics import Diagnostic
from pnp.games.mdd.model import MddSetup
from pnp.games.mdd.rules.common import _at, _car_cell_owners, _lowest_start_row, _rules_of
from pnp.games.mdd.setup.formation import cars_per_line
from pnp.rules import rule
from pnp.source.located import Located


def start_lines(cars: int) -> tuple[int, int]:
    """(rows of cars, cars in each row) the rules ask for with `cars` cars: 5 x 5, 5 x 6 or 6 x 6."""
    per_line = cars_per_line(cars)
    return cars // per_line, per_line


@rule("mdd.cars.rows", MddSetup, "the cars start in rows of cars side by side: 5 rows of 5 (30: 5 of 6; 36: 6 of 6)")
def _cars_rows(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    count = layout.car_count.item
    if count not in layout.limits.car_counts or len(layout.cars) != count:
        return  # mdd.cars.count says what is wrong
    lowest = _lowest_start_row(layout)
    if len(_car_cell_owners(layout.cars)) != 2 * count or any(
        not (1 <= c.item.lane <= layout.lanes and lowest <= c.item.row < layout.rows) for c in layout.cars
    ):
        return  # mdd.cars.overlap or mdd.cars.track says what is wrong
    lines, per_line = start_lines(count)
    by_row: dict[int, list[int]] = {}
    for i, car in enumerate(layout.cars):
        by_row.setdefault(car.item.row, []).append(i)
    sizes = {row: len(members) for row, members in by_row.items()}
    if len(by_row) == lines and set(sizes.values()) == {per_line}:
        return
    odd = min(by_row, key=lambda row: (sizes[row] == per_line, -row))
    first = layout.cars[by_row[odd][0]]
    shape = ", ".join(f"{sizes[row]} in row {row}" for row in sorted(by_row, reverse=True))
    yield _at(
        located,
        first.where,
        "mdd.cars.rows",
        f"{_rules_of(layout)} line the {count} cars up in {lines} rows of {per_line}; this start grid has "
        f"{len(by_row)} rows of cars ({shape})",
        f"put {per_line} cars side by side in each of {lines} rows: cars of one row have their rear cells "
        f"in the same row of the track (car {first.item.number} is in row {odd})",
    )


BEHIND_ROW = -1
"""Rear row of the 36-car variant's waiting line: cells -1 and 0, one car length just out of the track."""


@rule("mdd.cars.behind", MddSetup, "36 cars: the last 6 wait behind the others, just out of the track")
def _cars_behind(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    """v2.1, variant 5: "With 36 toy cars, put the last 6 behind the others, just out of the track": one row
    of 6 at rear row -1 (cells -1 and 0) and the other 30 on the track."""
    layout = spec.layout()
    if layout.car_count.item != 36 or len(layout.cars) != 36:
        return  # other counts start on the track (mdd.cars.track); a wrong count is mdd.cars.count's
    lines, per_line = start_lines(36)
    behind = [c for c in layout.cars if c.item.row == BEHIND_ROW]
    straddling = [c for c in layout.cars if BEHIND_ROW < c.item.row < 1]
    if len(behind) == per_line and not straddling:
        return
    rear = min(layout.cars, key=lambda c: (c.item.row, c.item.lane))
    first = straddling[0] if straddling else (behind[per_line] if len(behind) > per_line else rear)
    yield _at(
        located,
        first.where,
        "mdd.cars.behind",
        f"with 36 cars the rules put the last {per_line} behind the others, just out of the track (rear row "
        f"{BEHIND_ROW}, cells {BEHIND_ROW} and 0); this grid has {len(behind)} there"
        + (f" and car {first.item.number} half on the track (row {first.item.row})" if straddling else ""),
        f"stand {lines - 1} rows of {per_line} on the track and the last {per_line} cars with their rear cells "
        f"in row {BEHIND_ROW}, under the start line of a map",
    )
