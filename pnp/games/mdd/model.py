"""The MDD setup spec (`game: mdd`) and its resolution to a board.

Input: the located YAML data of a setup file. Output: `MddSetup` (frozen pydantic model of what the user
wrote), `Layout` (every wall, mine, car and finals position after defaults and the text map are applied,
each with where it came from in the YAML) and `Board` (the geometry the engine consumes).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from pydantic import Field

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.games.mdd.geometry import Board, CarStart, Cell, RuleLimits
from pnp.games.mdd.printed.print_options import MddPrint
from pnp.games.mdd.rulesets import limits_for
from pnp.games.mdd.setup.formation import TOUCHING, Spacing, default_finals, default_grid, default_teams
from pnp.games.mdd.textmap import MapError, MapPos, ParsedMap, block_origin, parse_map
from pnp.model.base import SpecModel, build_model
from pnp.source.located import Located, PathKey
from pnp.units import PositiveLength

DEFAULT_LANES = 11
DEFAULT_ROWS = 30
DEFAULT_CELL_MM = 18.0
DEFAULT_CARS = 25
DEFAULT_SPACING = Spacing(rows=0, lanes=1)
"""The default track's start grid: lines touching, a free lane between the cars of a line. Chosen by
simulation (docs/mdd-setup.md, "Calibration"); a setup that names its track (or draws a map) keeps the
touching grid unless it gives `spacing:`."""


class TrackSpec(SpecModel):
    """Track size: lanes across, rows from start to finish, printed cell size."""

    lanes: int | None = Field(default=None, ge=4, le=30)
    """Lanes across the track (default: 11)."""
    rows: int | None = Field(default=None, ge=12, le=200)
    """Rows from start to finish (default: 30)."""
    cell: PositiveLength = DEFAULT_CELL_MM
    """Printed side of one cell."""


class SpacingSpec(SpecModel):
    """Free rows between the lines of the default start grid, free lanes between the cars of a line."""

    rows: int = Field(default=0, ge=0, le=10)
    """Free rows between two lines of the start grid."""
    lanes: int = Field(default=0, ge=0, le=5)
    """Free lanes between two cars of a line."""


class WallSpec(SpecModel):
    """A wall by its left cell; it also covers the cell to its right."""

    lane: int
    """Lane of the wall's left cell, from 1."""
    row: int
    """Row of the wall, from 1 at the start."""


class MineSpec(SpecModel):
    """`count` mines (bombs) in one cell."""

    lane: int
    """Lane of the cell, from 1."""
    row: int
    """Row of the cell, from 1 at the start."""
    count: int = 1
    """Mines in that cell."""


class CarSpec(SpecModel):
    """A car placed by hand: number, team, rear cell (it also covers the cell in front)."""

    number: int
    """The car's number, unique in the grid."""
    team: str = Field(min_length=1, max_length=40)
    """The team the car drives for (one of `teams`)."""
    lane: int
    """Lane of the car's rear cell, from 1."""
    row: int
    """Row of the car's rear cell, from 1 at the start."""


class CellSpec(SpecModel):
    """A finals start position by its rear cell."""

    lane: int
    """Lane of the position's rear cell, from 1."""
    row: int
    """Row of the position's rear cell, from 1 at the start."""


class MddSetup(SpecModel):
    """A Mini Demolition Derby setup as written in YAML."""

    game: Literal["mdd"]
    """This spec is a Mini Demolition Derby setup."""
    ruleset: Literal["v2.1", "current"]
    """The edition of the rules the setup follows."""
    track: TrackSpec = TrackSpec()
    """Track size."""
    cars: int | None = Field(default=None, ge=1, le=100)
    """Cars in the race (default: the ruleset's)."""
    teams: tuple[str, ...] | None = None
    """Team names, in grid order (default: the ruleset's)."""
    lives: int | None = Field(default=None, ge=1, le=99)
    """Lives each car starts with (default: the ruleset's)."""
    grid: tuple[CarSpec, ...] | None = Field(default=None, max_length=100)
    """Cars placed by hand instead of the default grid."""
    spacing: SpacingSpec | None = None
    """Free rows and lanes in the default start grid (default: lanes 1 apart when the setup names no track size,
    else touching)."""
    walls: tuple[WallSpec, ...] | None = Field(default=None, max_length=500)
    """Walls by their left cell (default: the ruleset's)."""
    mines: tuple[MineSpec, ...] | None = Field(default=None, max_length=2000)
    """Mines by cell (default: the ruleset's)."""
    map: str | None = None
    """The track drawn as text, one line per row (instead of listing walls and mines)."""
    finals: tuple[CellSpec, ...] | None = Field(default=None, max_length=100)
    """Start positions of the finals (default: the ruleset's)."""
    print: MddPrint | None = None
    """What to print when the setup is rendered as a kit (see print_options.py)."""

    def layout(self) -> Layout:
        """Resolve defaults and the text map; raise LayoutError when the map cannot be read."""
        return resolve_layout(self)

    def to_board(self) -> Board:
        """The geometry the engine plays on."""
        return self.layout().board()


@dataclass(frozen=True, slots=True)
class Where:
    """Where a resolved item comes from: a YAML path, a map character in the block at `path`, or a key."""

    path: PathKey
    map_pos: MapPos | None = None
    key: bool = False

    def mark(self, located: Located) -> Mark:
        """The file:line:col of the item."""
        if self.map_pos is not None:
            return block_origin(located, self.path).mark(self.map_pos)
        return located.key_mark(self.path) if self.key else located.mark(self.path)


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Placed(Generic[T]):
    """A resolved item and where it comes from."""

    item: T
    where: Where


@dataclass(frozen=True, slots=True)
class Mine:
    """Mines in one cell."""

    cell: Cell
    count: int


@dataclass(frozen=True, slots=True)
class Layout:
    """A setup with every default applied; each item knows its place in the YAML."""

    limits: RuleLimits
    lanes: int
    rows: int
    spacing: Spacing
    """Spacing of the default start grid and finals positions (used where the setup places none)."""
    car_count: Placed[int]
    teams: Placed[tuple[str, ...]]
    lives: Placed[int]
    cars: tuple[Placed[CarStart], ...]
    walls: tuple[Placed[Cell], ...]
    walls_where: Where
    mines: tuple[Placed[Mine], ...]
    mines_where: Where
    finals: tuple[Placed[Cell], ...]
    finals_where: Where

    def board(self) -> Board:
        """The engine's `Board`: walls sorted, mines summed per cell, cars by number."""
        mines: Counter[Cell] = Counter()
        for mine in self.mines:
            mines[mine.item.cell] += mine.item.count
        return Board(
            lanes=self.lanes,
            rows=self.rows,
            walls=tuple(sorted(w.item for w in self.walls)),
            mines=tuple(sorted(mines.items())),
            cars=tuple(sorted((c.item for c in self.cars), key=lambda c: c.number)),
            finals=tuple(f.item for f in self.finals),
            limits=self.limits,
        )

    def front_row(self) -> int | None:
        """The most advanced car cell at the start (None without cars)."""
        return max((c.item.row + 1 for c in self.cars), default=None)


@dataclass(frozen=True, slots=True)
class LayoutProblem:
    """One reason a setup's parts cannot be put together: where, rule id, message and hint."""

    where: Where
    rule: str
    message: str
    hint: str


class LayoutError(Exception):
    """A setup whose parts cannot be put together (text map problems, clashing keys): every problem found."""

    def __init__(self, problems: list[LayoutProblem]):
        super().__init__(problems[0].message)
        self.problems = tuple(problems)

    def diagnostics(self, located: Located) -> list[Diagnostic]:
        """The problems as located diagnostics."""
        return [Diagnostic.at(p.where.mark(located), p.rule, p.message, p.hint) for p in self.problems]


def _parse(spec: MddSetup, problems: list[LayoutProblem]) -> ParsedMap | None:
    """The map as read, what of it could be read despite its problems (each added to `problems`)."""
    if spec.map is None:
        return None
    problems.extend(LayoutProblem(
        Where((key,), key=True),
        "mdd.map.conflict",
        f"`{key}:` and `map:` both place {key}",
        f"draw the {key} in the map or list them under `{key}:`, not both",
    ) for key in ("walls", "mines") if getattr(spec, key) is not None)
    try:
        parsed: ParsedMap | None = parse_map(spec.map)
    except MapError as exc:
        problems.extend(LayoutProblem(Where(("map",), p.pos) if p.pos else Where(("map",), key=True), p.rule,
                                      p.message, p.hint) for p in exc.problems)
        parsed = exc.parsed
    if parsed is None:
        return None
    if parsed.cars and spec.grid is not None:
        problems.append(LayoutProblem(
            Where(("grid",), key=True),
            "mdd.map.conflict",
            "`grid:` and `map:` both place cars",
            "draw the cars in the map or list them under `grid:`, not both",
        ))
    for name, drawn, low, high in (("lanes", parsed.lanes, 4, 30), ("rows", parsed.rows, 12, 200)):
        if not low <= drawn <= high:
            problems.append(LayoutProblem(
                Where(("map",), parsed.first),
                "mdd.map.shape",
                f"the map draws {drawn} {name}; a track has {low} to {high}",
                f"draw between {low} and {high} {name}",
            ))
    for name, drawn in (("lanes", parsed.lanes), ("rows", parsed.rows)):
        given = getattr(spec.track, name)
        if given is not None and given != drawn:
            problems.append(LayoutProblem(
                Where(("map",), parsed.first),
                "mdd.map.shape",
                f"the map draws {drawn} {name}, `track: {name}:` says {given}",
                f"draw {given} {name}, or drop `{name}:` from `track:` (the map sets the size)",
            ))
    return parsed


def _map_cars(
    parsed: ParsedMap, teams: tuple[str, ...], lives: int, problems: list[LayoutProblem]
) -> tuple[Placed[CarStart], ...]:
    """The cars the map draws, each of the team its letter is the initial of (case ignored)."""
    by_letter: dict[str, str] = {}
    for team in teams:
        letter = team[:1].upper()
        if letter in by_letter:
            problems.append(LayoutProblem(
                Where(("teams",)),
                "mdd.map.team",
                f"teams {by_letter[letter]!r} and {team!r} share the map letter {letter!r}",
                "give the teams names with different initials",
            ))
        by_letter.setdefault(letter, team)
    cars: list[Placed[CarStart]] = []
    for car in parsed.cars:
        if car.letter not in by_letter:
            problems.append(LayoutProblem(
                Where(("map",), car.pos),
                "mdd.map.team",
                f"no team's name starts with {car.drawn[0]!r}",
                f"use the initial of a team ({', '.join(sorted(by_letter))}), or name the teams under `teams:`",
            ))
            continue
        cars.append(
            Placed(
                CarStart(len(cars) + 1, by_letter[car.letter], car.cell.lane, car.cell.row, lives),
                Where(("map",), car.pos),
            )
        )
    return tuple(cars)


def _count_where(spec: MddSetup, parsed: ParsedMap | None) -> Where:
    if spec.cars is not None:
        return Where(("cars",))
    if spec.grid is not None:
        return Where(("grid",), key=True)
    return Where(("map",), key=True) if parsed and parsed.cars else Where(())


def _spacing(spec: MddSetup, parsed: ParsedMap | None) -> Spacing:
    """The spacing given, else the default track's if the setup names no size, else touching (as before)."""
    if spec.spacing is not None:
        return Spacing(spec.spacing.rows, spec.spacing.lanes)
    named = spec.track.lanes is not None or spec.track.rows is not None or parsed is not None
    return TOUCHING if named else DEFAULT_SPACING


def resolve_layout(spec: MddSetup) -> Layout:
    """Apply the documented defaults and read the map; raise LayoutError, with every problem found, when that
    is impossible."""
    limits = limits_for(spec.ruleset)
    problems: list[LayoutProblem] = []
    parsed = _parse(spec, problems)
    lanes = spec.track.lanes or (parsed.lanes if parsed else DEFAULT_LANES)
    rows = spec.track.rows or (parsed.rows if parsed else DEFAULT_ROWS)
    spacing = _spacing(spec, parsed)
    drawn_cars = len(parsed.cars) if parsed else 0
    count = spec.cars or (len(spec.grid) if spec.grid is not None else drawn_cars or DEFAULT_CARS)
    teams = spec.teams if spec.teams is not None else default_teams(count)
    lives = spec.lives or limits.lives
    if spec.grid is not None:
        cars = tuple(
            Placed(CarStart(c.number, c.team, c.lane, c.row, lives), Where(("grid", i)))
            for i, c in enumerate(spec.grid)
        )
    elif parsed and parsed.cars:
        cars = _map_cars(parsed, teams, lives, problems)
    else:
        cars = tuple(Placed(c, Where(("cars",))) for c in default_grid(count, lanes, teams, lives, spacing))
    if parsed:
        walls = tuple(Placed(cell, Where(("map",), pos)) for cell, pos in parsed.walls)
        mines = tuple(Placed(Mine(cell, n), Where(("map",), pos)) for cell, n, pos in parsed.mines)
        walls_where = mines_where = Where(("map",), key=True)
    else:
        walls = tuple(Placed(Cell(w.lane, w.row), Where(("walls", i))) for i, w in enumerate(spec.walls or ()))
        mines = tuple(
            Placed(Mine(Cell(m.lane, m.row), m.count), Where(("mines", i))) for i, m in enumerate(spec.mines or ())
        )
        walls_where, mines_where = Where(("walls",), key=True), Where(("mines",), key=True)
    if spec.finals is not None:
        finals = tuple(Placed(Cell(f.lane, f.row), Where(("finals", i))) for i, f in enumerate(spec.finals))
    else:
        finalists = limits.finalists.get(count, 12 if count >= 30 else 10)
        finals = tuple(Placed(c, Where(("finals",))) for c in default_finals(finalists, lanes, spacing))
    if problems:
        raise LayoutError(problems)
    return Layout(
        limits=limits,
        lanes=lanes,
        rows=rows,
        spacing=spacing,
        car_count=Placed(count, _count_where(spec, parsed)),
        teams=Placed(tuple(teams), Where(("teams",))),
        lives=Placed(lives, Where(("lives",))),
        cars=cars,
        walls=walls,
        walls_where=walls_where,
        mines=mines,
        mines_where=mines_where,
        finals=finals,
        finals_where=Where(("finals",), key=True),
    )


def load_setup(located: Located) -> MddSetup:
    """Build and resolve a setup; raise SpecError (located) on schema or map problems."""
    spec = build_model(MddSetup, located)
    if spec.map is not None:
        origin = block_origin(located, ("map",))
        if origin.literal is False:
            raise SpecError(
                Diagnostic.at(
                    located.mark(("map",)),
                    "mdd.map.style",
                    "the map must be a literal block, so that each line stays a row",
                    "write `map: |` and the map's lines indented under it",
                )
            )
    try:
        spec.layout()
    except LayoutError as exc:
        raise SpecError(exc.diagnostics(located)) from None
    return spec
