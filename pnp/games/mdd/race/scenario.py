"""MDD scenario files: a small board, named cars, the moves to play and the outcome the rules state.

Input: a scenario YAML file (see docs/mdd-engine.md). Output: `Scenario` (the frozen model), a
`ScenarioBoard` (the engine's `Board` plus car letters), `PlayResult` (the board before and after as
`Snapshot` data, the events, and any stated outcome that did not happen), and text: the board drawn in
ASCII and the events described in words.

The map is the text-map grammar of setups (pnp/games/mdd/textmap.py, docs/mdd-setup.md); here a letter
is a car declared under `cars:` (upper and lower case are different cars). The top line is the last row
before the finish line (unless `rows_ahead` adds rows).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field, field_validator

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.games.base import require_game
from pnp.games.mdd.geometry import Board, CarStart, Cell
from pnp.games.mdd.race.cells import mines_at, snapshot
from pnp.games.mdd.race.engine import RACING, STATUS_NAMES, Race, RaceOptions
from pnp.games.mdd.race.records import Event, Snapshot
from pnp.games.mdd.rulesets import limits_for
from pnp.games.mdd.textmap import MapError, ParsedMap, block_origin, draw_map, parse_map
from pnp.model.base import SpecModel, build_model
from pnp.source.loader import load_yaml
from pnp.source.located import Located


class ScenarioCar(SpecModel):
    """A car: team, lives, and its rear cell when it is not drawn in the map."""

    team: str = Field(min_length=1, max_length=40)
    lives: int = Field(default=7, ge=0, le=99)
    lane: int | None = None
    row: int | None = None


class CellCount(SpecModel):
    """A cell (a wall's left cell, or a cell of mines with their count)."""

    lane: int
    row: int
    count: int = Field(default=1, ge=1, le=9)


class ScenarioMove(SpecModel):
    """One roll of one car; `direction` is the direction die of the two-dice variant."""

    car: str
    roll: int = Field(ge=1, le=6)
    direction: int | None = Field(default=None, ge=1, le=6)


class Expect(SpecModel):
    """The outcome the rule text states, checked after the moves."""

    lives: dict[str, int] = Field(default_factory=dict)
    at: dict[str, tuple[int, int]] = Field(default_factory=dict)
    """Rear cell (lane, row) of cars still on the track."""
    eliminated: tuple[str, ...] = ()
    qualified: tuple[str, ...] | None = None
    """Cars that crossed the line, in arrival order (`[]`: none)."""
    racing: tuple[str, ...] = ()
    mines: dict[str, int] = Field(default_factory=dict)
    """Mines left in cells named "lane,row"."""


class Scenario(SpecModel):
    """A scenario file."""

    title: str = Field(min_length=1, max_length=200)
    source: str = ""
    """Which rule example this recreates, and what the text does not determine."""
    ruleset: Literal["v2.1", "current"] = "current"
    map: str | None = None
    lanes: int | None = Field(default=None, ge=1, le=30)
    rows: int | None = Field(default=None, ge=1, le=200)
    rows_ahead: int = Field(default=0, ge=0, le=100)
    """Rows between the top of the map and the finish line."""
    cars: dict[str, ScenarioCar]
    walls: tuple[CellCount, ...] = Field(default=(), max_length=500)
    mines: tuple[CellCount, ...] = Field(default=(), max_length=2000)
    moves: tuple[ScenarioMove, ...] = Field(min_length=1, max_length=100)
    expect: Expect | None = None

    @field_validator("cars")
    @classmethod
    def _letters(cls, cars: dict[str, ScenarioCar]) -> dict[str, ScenarioCar]:
        for name in cars:
            if len(name) != 1 or not name.isalpha():
                raise ValueError(f"car name {name!r} must be a single letter (it is drawn in the map)")
        return cars


@dataclass(frozen=True, slots=True)
class ScenarioBoard:
    """The engine board of a scenario and the letter of each car (same order as `board.cars`)."""

    board: Board
    letters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayResult:
    """A played scenario: board data before and after, events, and stated outcomes not met."""

    before: Snapshot
    after: Snapshot
    events: tuple[Event, ...]
    letters: tuple[str, ...]
    unmet: tuple[str, ...]


def load_scenario(path: str) -> tuple[Scenario, Located]:
    """Read and validate a scenario file; SpecError with located diagnostics when it is wrong."""
    located = load_yaml(path)
    require_game(located, None, "an MDD scenario (a board, its cars and the moves; no `game:` line)")
    return build_model(Scenario, located), located


def _error(mark: Mark, rule: str, message: str, hint: str) -> SpecError:
    return SpecError(Diagnostic.at(mark, rule, message, hint))


def _read_map(
    scenario: Scenario, located: Located
) -> tuple[int, int, dict[str, tuple[Cell, Mark]], list[Cell], dict[Cell, int]]:
    """Lanes, rows, car rear cells (with the mark of their rear character) by letter, wall left cells and
    mines of the text map (the grammar of setups, docs/mdd-setup.md; here a letter names a car)."""
    assert scenario.map is not None
    origin = block_origin(located, ("map",))
    if not origin.literal:
        raise _error(
            located.mark(("map",)),
            "mdd.map.style",
            "the map must be a literal block, so that each line stays a row",
            "write `map: |` and the map's lines indented under it",
        )
    errors: list[Diagnostic] = []
    try:
        parsed: ParsedMap | None = parse_map(scenario.map)
    except MapError as exc:
        errors += [Diagnostic.at(origin.mark(p.pos) if p.pos else located.mark(("map",)), p.rule, p.message, p.hint)
                   for p in exc.problems]
        parsed = exc.parsed
    if parsed is None:
        raise SpecError(errors)
    cars: dict[str, tuple[Cell, Mark]] = {}
    for car in parsed.cars:
        rear, front = car.drawn
        if rear != front:
            errors.append(Diagnostic.at(
                origin.mark(car.front),
                "mdd.scenario.car",
                f"this car is drawn {rear!r} below and {front!r} above: in a scenario those are two different cars",
                "draw each car as its letter twice, one above the other, in the same case",
            ))
        elif rear in cars:
            errors.append(Diagnostic.at(
                origin.mark(car.pos),
                "mdd.scenario.car",
                f"car {rear} is drawn twice",
                "draw each car once, or declare another letter under `cars:`",
            ))
        else:
            cars[rear] = (car.cell, origin.mark(car.pos))
    if errors:
        raise SpecError(errors)
    mines = {cell: count for cell, count, _ in parsed.mines}
    return parsed.lanes, parsed.rows, cars, [cell for cell, _ in parsed.walls], mines


def scenario_board(scenario: Scenario, located: Located) -> ScenarioBoard:
    """The engine board of a scenario; SpecError when cars, walls or mines do not fit together."""
    drawn: dict[str, tuple[Cell, Mark]] = {}
    walls: list[Cell] = []
    mines: dict[Cell, int] = {}
    if scenario.map is not None:
        lanes, rows, drawn, walls, mines = _read_map(scenario, located)
    elif scenario.lanes is None or scenario.rows is None:
        raise _error(
            located.mark(()),
            "mdd.scenario.size",
            "the scenario has neither a map nor lanes and rows",
            "draw a `map:` or give `lanes:` and `rows:`",
        )
    else:
        lanes, rows = scenario.lanes, scenario.rows
    for i, w in enumerate(scenario.walls):
        walls.append(Cell(w.lane, w.row))
        _inside(located, ("walls", i), lanes, rows, w.lane + 1, w.row)
        _inside(located, ("walls", i), lanes, rows, w.lane, w.row)
    for i, m in enumerate(scenario.mines):
        _inside(located, ("mines", i), lanes, rows, m.lane, m.row)
        mines[Cell(m.lane, m.row)] = mines.get(Cell(m.lane, m.row), 0) + m.count
    cars: list[CarStart] = []
    letters: list[str] = []
    taken: dict[tuple[int, int], str] = {}
    for number, (letter, car) in enumerate(scenario.cars.items(), start=1):
        placed = drawn.pop(letter, None)
        if placed:
            lane, row = placed[0].lane, placed[0].row
        elif car.lane is not None and car.row is not None:
            lane, row = car.lane, car.row
            _inside(located, ("cars", letter), lanes, rows, lane, row)
            _inside(located, ("cars", letter), lanes, rows, lane, row + 1)
        else:
            raise _error(
                located.key_mark(("cars", letter)),
                "mdd.scenario.car",
                f"car {letter} is neither drawn in the map nor placed with lane and row",
                f"draw {letter} in the map, or give `lane:` and `row:`",
            )
        for r in (row, row + 1):
            if (lane, r) in taken:
                raise _error(
                    located.key_mark(("cars", letter)),
                    "mdd.scenario.car",
                    f"car {letter} overlaps car {taken[(lane, r)]}",
                    "move one of the two cars",
                )
            taken[(lane, r)] = letter
        cars.append(CarStart(number, car.team, lane, row, car.lives))
        letters.append(letter)
    if drawn:
        letter = sorted(drawn)[0]
        raise _error(
            drawn[letter][1],
            "mdd.scenario.car",
            f"the map draws car {letter!r}, which is not declared under `cars:`",
            f"add `{letter}: {{team: ...}}` under `cars:`",
        )
    _nothing_on_walls(located, walls, mines, taken)
    limits = limits_for(scenario.ruleset)
    board = Board(
        lanes, rows + scenario.rows_ahead, tuple(walls), tuple(sorted(mines.items())), tuple(cars), (), limits
    )
    return ScenarioBoard(board, tuple(letters))


def _nothing_on_walls(
    located: Located, walls: list[Cell], mines: dict[Cell, int], taken: dict[tuple[int, int], str]
) -> None:
    """SpecError when mines or a car (`taken`: the cells each car covers) lie on a wall."""
    walled = {(w.lane + d, w.row) for w in walls for d in (0, 1)}
    for cell in mines:
        if (cell.lane, cell.row) in walled:
            raise _error(
                located.key_mark(("mines",)),
                "mdd.scenario.cell",
                f"mines at lane {cell.lane}, row {cell.row} lie on a wall",
                "move the mines or the wall",
            )
    for spot, letter in taken.items():
        if spot in walled:
            raise _error(
                located.key_mark(("cars", letter)),
                "mdd.scenario.car",
                f"car {letter} stands on a wall (lane {spot[0]}, row {spot[1]})",
                "move the car or the wall",
            )


def _inside(located: Located, path: tuple[str | int, ...], lanes: int, rows: int, lane: int, row: int) -> None:
    if not (1 <= lane <= lanes and 1 <= row <= rows):
        raise _error(
            located.mark(path),
            "mdd.scenario.cell",
            f"lane {lane}, row {row} lies outside the {lanes}×{rows} board",
            f"use lanes 1-{lanes} and rows 1-{rows}",
        )


def play_scenario(scenario: Scenario, located: Located, roll: int | None = None) -> PlayResult:
    """Play the scenario's moves (the first roll replaced by `roll` if given) and check its outcome."""
    sb = scenario_board(scenario, located)
    race = Race(sb.board, RaceOptions(record=True), seed=0)
    before = snapshot(race)
    index = {letter: i for i, letter in enumerate(sb.letters)}
    for k, move in enumerate(scenario.moves):
        if move.car not in index:
            raise _error(
                located.mark(("moves", k, "car")),
                "mdd.scenario.move",
                f"move {k + 1} names car {move.car!r}, which the scenario does not declare",
                f"use one of {', '.join(sb.letters)}",
            )
        car = index[move.car]
        if race.status[car] != RACING:
            raise _error(
                located.mark(("moves", k, "car")),
                "mdd.scenario.move",
                f"car {move.car} is no longer on the track at move {k + 1} ({STATUS_NAMES[race.status[car]]})",
                "remove this move or the moves before it",
            )
        try:
            race.move(car, roll if roll is not None and k == 0 else move.roll, move.direction)
        except ValueError:
            raise _error(
                located.mark(("moves", k)),
                "mdd.scenario.move",
                f"move {k + 1} ends qualifying ({race.finalists} cars crossed the line), "
                "and a scenario has no finals positions",
                "use fewer cars crossing the line, or stop the moves before the last one crosses",
            ) from None
    assert race.events is not None
    if scenario.expect is not None:
        _check_names(scenario.expect, index, located)
    damage = limits_for(scenario.ruleset).damage
    unmet = _unmet(scenario.expect, race, index, damage) if scenario.expect and roll is None else []
    return PlayResult(before, snapshot(race), tuple(race.events), sb.letters, tuple(unmet))


def _check_names(expect: Expect, index: dict[str, int], located: Located) -> None:
    """Every car an expectation names must be declared."""
    named = {
        "lives": list(expect.lives),
        "at": list(expect.at),
        "eliminated": list(expect.eliminated),
        "qualified": list(expect.qualified or ()),
        "racing": list(expect.racing),
    }
    for key, letters in named.items():
        for letter in letters:
            if letter not in index:
                raise _error(
                    located.mark(("expect", key)),
                    "mdd.scenario.expect",
                    f"`expect: {key}:` names car {letter!r}, which the scenario does not declare",
                    f"use one of {', '.join(index)}",
                )
    for where in expect.mines:
        parts = where.split(",")
        if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
            raise _error(
                located.key_mark(("expect", "mines", where)),
                "mdd.scenario.expect",
                f'mine cell {where!r} is not written as "lane,row"',
                'write it as "3,10"',
            )


def _unmet(expect: Expect, race: Race, index: dict[str, int], damage: str) -> list[str]:
    """Each stated outcome that the engine's result contradicts, in words (`damage`: what a car loses)."""
    unmet = []
    for letter, lives in expect.lives.items():
        if race.lives[index[letter]] != lives:
            unmet.append(f"{letter} should have {lost(lives, damage)}, has {race.lives[index[letter]]}")
    for letter, cell in expect.at.items():
        if race.car_cell(index[letter]) != tuple(cell):
            unmet.append(
                f"{letter} should stand at lane {cell[0]}, row {cell[1]}, stands at {race.car_cell(index[letter])}"
            )
    for name, wanted in (("eliminated", expect.eliminated), ("racing", expect.racing)):
        for letter in wanted:
            status = STATUS_NAMES[race.status[index[letter]]]
            if status != name:
                unmet.append(f"{letter} should be {name}, is {status}")
    got = [letter for letter, i in index.items() if i in race.qualified]
    got.sort(key=lambda letter: race.qualified.index(index[letter]))
    if expect.qualified is not None and list(expect.qualified) != got:
        unmet.append(f"should qualify, in order: {', '.join(expect.qualified)}; qualified: {', '.join(got) or 'none'}")
    for where, count in expect.mines.items():
        lane, row = (int(v) for v in where.split(","))
        left = mines_at(race, lane, row)
        if left != count:
            unmet.append(f"lane {lane}, row {row} should hold {count} mines, holds {left}")
    return unmet


def draw_board(snapshot: Snapshot, letters: tuple[str, ...]) -> str:
    """The board in the text-map grammar with row numbers, finish line on top; cars still racing only."""
    cars = [
        (letter, car.lane, car.row)
        for letter, car in zip(letters, snapshot.cars, strict=True)
        if car.status == "racing"
    ]
    return draw_map(snapshot.lanes, snapshot.rows, snapshot.walls, snapshot.mines, cars, snapshot.first_row, True)


def lost(amount: int, damage: str) -> str:
    """`amount` of what a car loses (`damage`, a ruleset's "lives" or "HP"), in words: "1 life", "3 lives" or
    "3 HP"."""
    if damage == "HP":
        return f"{amount} HP"
    if damage != "lives":
        raise ValueError(f"unknown damage {damage!r}")
    return f"{amount} {'life' if amount == 1 else 'lives'}"


def car_table(snapshot: Snapshot, letters: tuple[str, ...], damage: str) -> str:
    """One line per car: letter, team, lives (or HP), status, place, and mines hidden under it."""
    mines = {(lane, row): count for lane, row, count in snapshot.mines}
    out = []
    for letter, car in zip(letters, snapshot.cars, strict=True):
        where = ""
        if car.status == "racing":
            where = f" at lane {car.lane}, row {car.row}"
            under = mines.get((car.lane, car.row), 0) + mines.get((car.lane, car.row + 1), 0)
            where += f", over {under} mine{'s' if under > 1 else ''}" if under else ""
        out.append(f"  {letter} ({car.team}): {lost(car.lives, damage)}, {car.status}{where}")
    return "\n".join(out)


def describe(events: tuple[Event, ...], letters: tuple[str, ...], lives: list[int], mine_word: str,
             damage: str) -> list[str]:
    """The events in words; `lives` holds each car's lives (or HP) before the first event (it is updated)."""
    out = []
    for e in events:
        name = letters[e.car] if e.car >= 0 else ""
        if e.kind == "roll":
            out.append(f"{name} rolls {e.amount}: first step {e.detail}")
        elif e.kind in ("move", "push"):
            verb = "moves" if e.kind == "move" else "is pushed"
            out.append(f"  {name} {verb} to lane {e.lane}, row {e.row}")
        elif e.kind in ("hit", "mine", "exit"):
            left = lives[e.car] - e.amount
            lives[e.car] = max(0, left)
            cause = {"hit": "is hit", "mine": f"takes a {mine_word}", "exit": "goes off the track"}[e.kind]
            after = f"{left} left" if left >= 0 else "not enough"
            out.append(f"  {name} {cause}: loses {lost(e.amount, damage)} ({after})")
        elif e.kind == "blocked":
            out.append(f"  {name} is blocked ({e.detail}) and does not move")
        elif e.kind == "eliminated":
            out.append(f"  {name} is eliminated ({e.detail})")
        elif e.kind in ("qualified", "finished"):
            out.append(f"  {name} {e.kind} ({_ordinal(e.amount)})")
        elif e.kind == "phase":
            out.append(f"-- {e.detail} --")
        elif e.kind == "step":
            out.append(f" step {e.amount}: {e.detail}")
        elif e.kind == "turn":
            out.append(f"-- turn {e.amount} --")
    return out


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
