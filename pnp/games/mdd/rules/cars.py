"""MDD validator rules for cars: count, teams, lives, start grid on the track, no overlap, unique numbers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from pnp.diagnostics import Diagnostic
from pnp.games.mdd.geometry import CarStart, Cell
from pnp.games.mdd.model import MddSetup, Where
from pnp.games.mdd.rules.common import (
    _at,
    _car_cells,
    _lowest_start_row,
    _rules_of,
)
from pnp.games.mdd.setup.formation import cars_per_line
from pnp.rules import rule
from pnp.source.located import Located


@rule("mdd.cars.count", MddSetup, "the number of cars is one the ruleset plays (25; v2.1 also 30 or 36)")
def _cars_count(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    count, allowed = layout.car_count.item, layout.limits.car_counts
    if count not in allowed:
        choices = " or ".join(str(n) for n in allowed)
        yield _at(
            located,
            layout.car_count.where,
            "mdd.cars.count",
            f"{_rules_of(layout)} race with {choices} cars; this setup has {count}",
            f"use {choices} cars",
        )
    elif len(layout.cars) != count:
        yield _at(
            located,
            layout.car_count.where,
            "mdd.cars.count",
            f"`cars: {count}` but {len(layout.cars)} cars are placed",
            "make `cars:` match the cars placed, or drop `cars:`",
        )


@rule("mdd.cars.teams", MddSetup, "cars form teams of one colour: 5 teams of 5 (30 cars: 6 of 5; 36: 6 of 6)")
def _cars_teams(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    count, teams = layout.car_count.item, layout.teams
    if count not in layout.limits.car_counts:
        return
    want_teams = cars_per_line(count)
    size = count // want_teams
    names = teams.item
    if len(set(names)) != want_teams or len(names) != want_teams:
        yield _at(
            located,
            teams.where,
            "mdd.cars.teams",
            f"with {count} cars the cars form {want_teams} teams of {size}, each its own colour; "
            f"`teams:` names {len(set(names))} different teams",
            f"name {want_teams} different colours",
        )
        return
    members: Counter[str] = Counter()
    for car in layout.cars:
        members[car.item.team] += 1
        if car.item.team not in names:
            yield _at(
                located,
                car.where,
                "mdd.cars.teams",
                f"car {car.item.number} is in team {car.item.team!r}, which is not one of the teams "
                f"({', '.join(names)})",
                "use one of those team names, or list the teams under `teams:`",
            )
    for name in names:
        if members[name] != size and len(layout.cars) == count:
            where = next((c.where for c in layout.cars if c.item.team == name), teams.where)
            yield _at(
                located,
                where,
                "mdd.cars.teams",
                f"with {count} cars every team has {size} cars; team {name!r} has {members[name]}",
                f"give team {name!r} exactly {size} cars",
            )


@rule("mdd.cars.lives", MddSetup, "every car starts with the ruleset's lives (7)")
def _cars_lives(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    if layout.lives.item != layout.limits.lives:
        yield _at(
            located,
            layout.lives.where,
            "mdd.cars.lives",
            f"{_rules_of(layout)} start every car with {layout.limits.lives} lives (a five-life and two "
            f"one-life counters); this setup gives {layout.lives.item}",
            f"set `lives: {layout.limits.lives}` or drop `lives:`",
        )



@rule("mdd.cars.track", MddSetup, "the start grid fits the track (36 cars: one line may wait behind it)")
def _cars_track(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    lowest = _lowest_start_row(layout)
    for car in layout.cars:
        if car.where == Where(("cars",)) and layout.car_count.item not in layout.limits.car_counts:
            return  # no default grid for a count the ruleset does not play: mdd.cars.count says so
        c = car.item
        if not (1 <= c.lane <= layout.lanes and lowest <= c.row and c.row + 1 <= layout.rows):
            behind = " (or one car length behind the start, rows -1 and 0, with 36 cars)" if lowest < 1 else ""
            yield _at(
                located,
                car.where,
                "mdd.cars.track",
                f"car {c.number} at lane {c.lane}, row {c.row} does not fit on the track: a car covers "
                f"its row and the next, inside lanes 1-{layout.lanes} and rows 1-{layout.rows}{behind}",
                "move the car onto the track, or make the track bigger under `track:`",
            )


@rule("mdd.cars.overlap", MddSetup, "no two starting cars share a cell")
def _cars_overlap(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    owner: dict[Cell, CarStart] = {}
    for car in spec.layout().cars:
        cells = _car_cells(car.item.lane, car.item.row)
        other = next((owner[c] for c in cells if c in owner), None)
        if other:
            yield _at(
                located,
                car.where,
                "mdd.cars.overlap",
                f"two cars cannot share a cell: car {car.item.number} overlaps car {other.number}",
                "a car covers its row and the row in front; move one of them",
            )
        for cell in cells:
            owner.setdefault(cell, car.item)


@rule("mdd.cars.numbers", MddSetup, "car numbers are unique")
def _cars_numbers(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    seen: set[int] = set()
    for car in spec.layout().cars:
        if car.item.number in seen:
            yield _at(
                located,
                car.where,
                "mdd.cars.numbers",
                f"car number {car.item.number} is used twice; each car needs its own number",
                "renumber the cars 1, 2, 3, ...",
            )
        seen.add(car.item.number)
