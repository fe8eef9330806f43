"""Validator rules for MDD setups, registered by id under `mdd.*`.

Input: an `MddSetup` and its `Located` marks. Output: `Diagnostic`s quoting (in our words) the rule of the
setup's ruleset that is broken, with a hint and the file:line:col of the offending wall, mine, car or
position (a text map's character when the setup is drawn). Adjacent means touching by an edge or a corner.
Counters missing from the printed kit are warnings (more can be printed); everything else is an error.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from pnp.diagnostics import Diagnostic, Severity
from pnp.games.mdd.formation import cars_per_line
from pnp.games.mdd.geometry import CarStart, Cell
from pnp.games.mdd.setup import Layout, MddSetup, Placed, Where
from pnp.rules import rule
from pnp.spec.loader import Located


def _at(
    located: Located, where: Where, rule_id: str, message: str, hint: str, severity: Severity = Severity.ERROR
) -> Diagnostic:
    return Diagnostic.at(where.mark(located), rule_id, message, hint, severity)


def _wall_cells(wall: Cell) -> tuple[Cell, Cell]:
    return wall, Cell(wall.lane + 1, wall.row)


def _car_cells(lane: int, row: int) -> tuple[Cell, Cell]:
    return Cell(lane, row), Cell(lane, row + 1)


def _on_track(cell: Cell, layout: Layout) -> bool:
    return 1 <= cell.lane <= layout.lanes and 1 <= cell.row <= layout.rows


def _name(cell: Cell) -> str:
    return f"lane {cell.lane}, row {cell.row}"


def _rules_of(layout: Layout) -> str:
    return f"the {layout.limits.name} rules"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _line(located: Located, where: Where) -> int:
    return where.mark(located).line


# --- walls -------------------------------------------------------------------------------------------


@rule("mdd.walls.count", MddSetup, "the ruleset's number of walls (6) is placed")
def _walls_count(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    want, have = layout.limits.walls, len(layout.walls)
    if have < want:
        yield _at(
            located,
            layout.walls_where,
            "mdd.walls.count",
            f"{_rules_of(layout)} place {want} walls on the track; this setup has {have}",
            f"add {_plural(want - have, 'wall')}",
        )
    elif have > want:
        yield _at(
            located,
            layout.walls[want].where,
            "mdd.walls.count",
            f"{_rules_of(layout)} place {want} walls on the track; this setup has {have}",
            f"remove {_plural(have - want, 'wall')}, from this one on",
        )


@rule("mdd.walls.track", MddSetup, "both cells of every wall lie on the track")
def _walls_track(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    for wall in layout.walls:
        if not all(_on_track(c, layout) for c in _wall_cells(wall.item)):
            yield _at(
                located,
                wall.where,
                "mdd.walls.track",
                f"the wall at {_name(wall.item)} sticks out of the track (lanes 1-{layout.lanes}, rows "
                f"1-{layout.rows}); a wall covers its cell and the one to its right",
                f"give it a lane from 1 to {layout.lanes - 1} and a row from 1 to {layout.rows}",
            )


@rule("mdd.walls.adjacent", MddSetup, "walls do not touch one another, by a side or a corner")
def _walls_adjacent(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    walls = spec.layout().walls
    for j, later in enumerate(walls):
        for earlier in walls[:j]:
            if any(
                abs(a.lane - b.lane) <= 1 and abs(a.row - b.row) <= 1
                for a in _wall_cells(later.item)
                for b in _wall_cells(earlier.item)
            ):
                yield _at(
                    located,
                    later.where,
                    "mdd.walls.adjacent",
                    f"walls may not touch each other, not even at a corner: the wall at "
                    f"{_name(later.item)} touches the one at {_name(earlier.item)} "
                    f"(line {_line(located, earlier.where)})",
                    "leave at least one free cell all around each wall",
                )
                break


@rule("mdd.walls.border", MddSetup, "walls keep off the lanes along the side borders")
def _walls_border(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    for wall in layout.walls:
        left, right = _wall_cells(wall.item)
        if not (_on_track(left, layout) and _on_track(right, layout)):
            continue
        side = "left" if left.lane == 1 else "right" if right.lane == layout.lanes else None
        if side:
            yield _at(
                located,
                wall.where,
                "mdd.walls.border",
                f"walls may not touch the side borders of the track: the wall at {_name(wall.item)} "
                f"lies against the {side} border",
                f"give its left cell a lane from 2 to {layout.lanes - 2}",
            )


@rule("mdd.walls.ahead", MddSetup, "v2.1: walls stand at least 5 cells ahead of the front cars")
def _walls_ahead(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    ahead, front = layout.limits.wall_min_ahead, layout.front_row()
    if ahead is None or front is None:
        return
    for wall in layout.walls:
        if wall.item.row < front + ahead:
            yield _at(
                located,
                wall.where,
                "mdd.walls.ahead",
                f"{_rules_of(layout)} put walls at least {ahead} cells ahead of the front cars; the cars "
                f"reach row {front}, this wall is in row {wall.item.row}",
                f"move it to row {front + ahead} or further",
            )


@rule("mdd.walls.cars", MddSetup, "walls are not placed on the start grid, under a starting car")
def _walls_cars(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    owner = _car_cell_owners(layout.cars)
    for wall in layout.walls:
        hit = [owner[c] for c in _wall_cells(wall.item) if c in owner]
        if hit:
            yield _at(
                located,
                wall.where,
                "mdd.walls.cars",
                f"walls go on free track, not on the start grid: the wall at {_name(wall.item)} "
                f"covers car {hit[0].number}",
                "move the wall in front of the starting cars",
            )


def _car_cell_owners(cars: tuple[Placed[CarStart], ...]) -> dict[Cell, CarStart]:
    owner: dict[Cell, CarStart] = {}
    for car in cars:
        for cell in _car_cells(car.item.lane, car.item.row):
            owner.setdefault(cell, car.item)
    return owner


# --- mines -------------------------------------------------------------------------------------------


@rule("mdd.mines.total", MddSetup, "the number of mines (bombs) is in the ruleset's range")
def _mines_total(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    limits = layout.limits
    total = sum(m.item.count for m in layout.mines)
    if not limits.mines_min <= total <= limits.mines_max:
        word = limits.mine_word
        yield _at(
            located,
            layout.mines_where,
            "mdd.mines.total",
            f"{_rules_of(layout)} scatter {limits.mines_min} to {limits.mines_max} {word}s; this setup has {total}",
            f"{'add' if total < limits.mines_min else 'remove'} {word}s to reach a total in that range",
        )


@rule("mdd.mines.per_cell", MddSetup, "no cell holds more mines than the ruleset allows (3 in v2.1, 4 current)")
def _mines_per_cell(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    most, word = layout.limits.mines_per_cell, layout.limits.mine_word
    in_cell: Counter[Cell] = Counter()
    for mine in layout.mines:
        in_cell[mine.item.cell] += mine.item.count
        if in_cell[mine.item.cell] > most >= in_cell[mine.item.cell] - mine.item.count:
            yield _at(
                located,
                mine.where,
                "mdd.mines.per_cell",
                f"{_rules_of(layout)} allow at most {most} {word}s in one cell; "
                f"{_name(mine.item.cell)} has {in_cell[mine.item.cell]}",
                f"spread the extra {word}s over other cells",
            )


@rule("mdd.mines.ahead", MddSetup, "v2.1: bombs lie at least 5 cells ahead of the front cars")
def _mines_ahead(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    ahead, front = layout.limits.mines_min_ahead, layout.front_row()
    if ahead is None or front is None:
        return
    for mine in layout.mines:
        if mine.item.cell.row < front + ahead:
            word = layout.limits.mine_word
            yield _at(
                located,
                mine.where,
                "mdd.mines.ahead",
                f"{_rules_of(layout)} put {word}s at least {ahead} cells ahead of the front cars; the cars "
                f"reach row {front}, this {word} is in row {mine.item.cell.row}",
                f"move it to row {front + ahead} or further",
            )


@rule("mdd.mines.walls", MddSetup, "no mine lies on a wall")
def _mines_walls(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    walled = {c for w in layout.walls for c in _wall_cells(w.item)}
    for mine in layout.mines:
        if mine.item.cell in walled:
            yield _at(
                located,
                mine.where,
                "mdd.mines.walls",
                f"a {layout.limits.mine_word} cannot lie on a wall: {_name(mine.item.cell)} is walled",
                "move it to a free cell",
            )


@rule("mdd.mines.cars", MddSetup, "no mine lies under a starting car")
def _mines_cars(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    owner = _car_cell_owners(layout.cars)
    for mine in layout.mines:
        car = owner.get(mine.item.cell)
        if car:
            yield _at(
                located,
                mine.where,
                "mdd.mines.cars",
                f"{layout.limits.mine_word}s go on free track, not under the starting cars: "
                f"{_name(mine.item.cell)} is under car {car.number}",
                "move it in front of the starting cars",
            )


@rule("mdd.mines.count", MddSetup, "a mine entry counts at least one mine")
def _mines_count(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    for mine in layout.mines:
        if mine.item.count < 1:
            where = mine.where if mine.where.map_pos else Where((*mine.where.path, "count"))
            yield _at(
                located,
                where,
                "mdd.mines.count",
                f"a cell listed under `mines:` holds at least one {layout.limits.mine_word}; "
                f"this entry says {mine.item.count}",
                "give a count of 1 or more, or remove the entry",
            )


@rule("mdd.mines.track", MddSetup, "every mine lies on the track")
def _mines_track(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    for mine in layout.mines:
        if not _on_track(mine.item.cell, layout):
            yield _at(
                located,
                mine.where,
                "mdd.mines.track",
                f"the {layout.limits.mine_word} at {_name(mine.item.cell)} is off the track "
                f"(lanes 1-{layout.lanes}, rows 1-{layout.rows})",
                "give it a lane and a row inside the track",
            )


@rule("mdd.mines.duplicate", MddSetup, "each mine cell is listed once")
def _mines_duplicate(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    first: dict[Cell, Where] = {}
    for mine in layout.mines:
        if mine.item.cell in first:
            yield _at(
                located,
                mine.where,
                "mdd.mines.duplicate",
                f"{_name(mine.item.cell)} is listed twice under `mines:` (first at line "
                f"{_line(located, first[mine.item.cell])})",
                "keep one entry for the cell and give it the total `count:`",
            )
        first.setdefault(mine.item.cell, mine.where)


# --- cars --------------------------------------------------------------------------------------------


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


def _lowest_start_row(layout: Layout) -> int:
    """Rear row allowed for a starting car: 1, or -1 with 36 cars (a line waits behind the start)."""
    return -1 if layout.car_count.item == 36 else 1


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


# --- finals ------------------------------------------------------------------------------------------


@rule("mdd.finals.count", MddSetup, "there is a finals position for every finalist (10; 12 with 30 or 36 cars)")
def _finals_count(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    want = layout.limits.finalists.get(layout.car_count.item)
    if want is not None and len(layout.finals) != want:
        yield _at(
            located,
            layout.finals_where,
            "mdd.finals.count",
            f"with {layout.car_count.item} cars, {want} cars reach the finals and each needs a start "
            f"position; `finals:` lists {len(layout.finals)}",
            f"list {want} positions, the first qualifier's first",
        )


@rule("mdd.finals.track", MddSetup, "every finals position lies on the track")
def _finals_track(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    for pos in layout.finals:
        if not all(_on_track(c, layout) for c in _car_cells(pos.item.lane, pos.item.row)):
            yield _at(
                located,
                pos.where,
                "mdd.finals.track",
                f"the finals position at {_name(pos.item)} does not fit on the track (a car covers its "
                f"row and the next, inside lanes 1-{layout.lanes} and rows 1-{layout.rows})",
                "move it onto the track",
            )


@rule("mdd.finals.blocked", MddSetup, "no finals position lies on a wall or a mine")
def _finals_blocked(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    walled = {c for w in layout.walls for c in _wall_cells(w.item)}
    mined = {m.item.cell for m in layout.mines}
    for pos in layout.finals:
        cells = _car_cells(pos.item.lane, pos.item.row)
        what = (
            "a wall"
            if any(c in walled for c in cells)
            else (f"a {layout.limits.mine_word}" if any(c in mined for c in cells) else None)
        )
        if what:
            yield _at(
                located,
                pos.where,
                "mdd.finals.blocked",
                f"a finalist must be able to stand on its finals position: {_name(pos.item)} is on {what}",
                "move the position to free cells",
            )


@rule("mdd.finals.overlap", MddSetup, "no two finals positions share a cell")
def _finals_overlap(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    taken: dict[Cell, int] = {}
    for index, pos in enumerate(spec.layout().finals, start=1):
        cells = _car_cells(pos.item.lane, pos.item.row)
        other = next((taken[c] for c in cells if c in taken), None)
        if other:
            yield _at(
                located,
                pos.where,
                "mdd.finals.overlap",
                f"finals positions {other} and {index} overlap; each finalist needs its own two cells",
                "move one of them",
            )
        for cell in cells:
            taken.setdefault(cell, index)


# --- the printed kit ---------------------------------------------------------------------------------


@rule("mdd.kit.mines", MddSetup, "the kit has enough mine (bomb) tokens (warning: more can be printed)")
def _kit_mines(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    total, kit, word = sum(m.item.count for m in layout.mines), layout.limits.kit_mines, layout.limits.mine_word
    if total > kit:
        yield _at(
            located,
            layout.mines_where,
            "mdd.kit.mines",
            f"needs {total} {word} tokens, the kit has {kit}",
            f"print {total - kit} more {word} tokens, or place at most {kit}",
            Severity.WARNING,
        )


@rule("mdd.kit.lives", MddSetup, "the kit has enough five-life and one-life counters (warning: more can be printed)")
def _kit_lives(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    five, one = divmod(layout.lives.item, 5)
    cars = len(layout.cars)
    for need, kit, word in (
        (five * cars, layout.limits.kit_five_life, "five-life"),
        (one * cars, layout.limits.kit_one_life, "one-life"),
    ):
        if need > kit:
            yield _at(
                located,
                layout.car_count.where,
                "mdd.kit.lives",
                f"needs {need} {word} counters, the kit has {kit}",
                f"print {need - kit} more {word} counters (or use coins)",
                Severity.WARNING,
            )


# --- can the race be run -----------------------------------------------------------------------------


def _reachable(layout: Layout) -> set[tuple[int, int]]:
    """Positions (lane, rear row) a 1x2 car can reach from the start, moving forward or sideways."""
    walled = {c for w in layout.walls for c in _wall_cells(w.item)}
    lowest = _lowest_start_row(layout)

    def free(lane: int, row: int) -> bool:
        return (
            1 <= lane <= layout.lanes
            and lowest <= row
            and row + 1 <= layout.rows
            and Cell(lane, row) not in walled
            and Cell(lane, row + 1) not in walled
        )

    todo = [(c.item.lane, c.item.row) for c in layout.cars if free(c.item.lane, c.item.row)]
    seen = set(todo)
    while todo:
        lane, row = todo.pop()
        for step in ((lane - 1, row), (lane + 1, row), (lane, row + 1)):
            if step not in seen and free(*step):
                seen.add(step)
                todo.append(step)
    return seen


@rule("mdd.track.lanes", MddSetup, "every lane can be reached from the start")
def _track_lanes(spec: MddSetup, located: Located) -> Iterable[Diagnostic]:
    layout = spec.layout()
    if not layout.cars:
        return []
    reached = {lane for lane, _ in _reachable(layout)}
    missing = [lane for lane in range(1, layout.lanes + 1) if lane not in reached]
    if not missing:
        return []
    return [
        _at(
            located,
            layout.walls_where,
            "mdd.track.lanes",
            f"walls shut off lane{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))}: "
            "no car can ever drive there",
            "move walls so that every lane can be reached from the start",
        )
    ]


@rule("mdd.track.finish", MddSetup, "a car can get from the start to the finish line")
def _track_finish(spec: MddSetup, located: Located) -> Iterable[Diagnostic]:
    layout = spec.layout()
    if not layout.cars or any(row + 1 == layout.rows for _, row in _reachable(layout)):
        return []
    return [
        _at(
            located,
            layout.walls_where,
            "mdd.track.finish",
            "walls block the way: no car can get from the start to the finish line",
            "open a gap in the walls (a car needs one lane, two cells long)",
        )
    ]


@rule("mdd.track.row_blocked", MddSetup, "no row is walled from side to side")
def _track_row_blocked(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    by_row: dict[int, list[Placed[Cell]]] = {}
    for wall in layout.walls:
        by_row.setdefault(wall.item.row, []).append(wall)
    for row, walls in sorted(by_row.items()):
        covered = {c.lane for w in walls for c in _wall_cells(w.item)}
        if all(lane in covered for lane in range(1, layout.lanes + 1)):
            yield _at(
                located,
                walls[0].where,
                "mdd.track.row_blocked",
                f"row {row} is walled from side to side: no car can pass it",
                "remove a wall from this row",
            )
