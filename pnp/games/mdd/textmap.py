"""Text maps: an MDD track sketched one character per cell inside the YAML (`map: |`).

Input: the map text (a literal block scalar) and, for error positions, the `Located` source. Output: a
`ParsedMap` (track size, walls, mines and cars with the map position of each) or a `MapError`; and, the
other way round, `board_to_map` draws a `Board`'s walls and mines as such a map.

The top line is the last row, nearest the finish; the bottom line is row 1, at the start, as a person
sketches the track looking down it from the start. Characters: `.` empty, `==` a wall (two cells side by
side), `1`-`9` that many mines, a letter a car cell of the team with that initial (a car is the same
letter in two cells one above the other, paired from the bottom up). An optional line of `-` marks the
start line: lines under it are rows 0, -1, ... behind the track, where only cars may wait.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.diagnostics import Mark
from pnp.games.mdd.geometry import Board, Cell
from pnp.spec.loader import Located, PathKey


@dataclass(frozen=True, slots=True)
class MapPos:
    """A character of the map: 0-based line index in the map text and 0-based column."""

    line: int
    column: int


@dataclass(frozen=True, slots=True)
class MapCar:
    """A car drawn in the map: its team letter (upper case), rear cell and the rear character."""

    letter: str
    cell: Cell
    pos: MapPos


@dataclass(frozen=True, slots=True)
class ParsedMap:
    """What a map draws: its size, walls (left cells), mine cells with counts, and cars."""

    lanes: int
    rows: int
    walls: tuple[tuple[Cell, MapPos], ...]
    mines: tuple[tuple[Cell, int, MapPos], ...]
    cars: tuple[MapCar, ...]
    first: MapPos
    """The first drawn line, where size problems are reported."""


class MapError(Exception):
    """A map that cannot be read: where (None: the whole map), rule id, message and hint."""

    def __init__(self, pos: MapPos | None, rule: str, message: str, hint: str):
        super().__init__(message)
        self.pos = pos
        self.rule = rule
        self.message = message
        self.hint = hint


_LEGEND = "use '.' for an empty cell, '==' for a wall, 1-9 for mines, a team's initial for a car"


def _drawn_lines(text: str) -> list[tuple[int, str]]:
    """The map's lines with their index, without the blank lines before and after the drawing."""
    lines = [(i, line.rstrip()) for i, line in enumerate(text.split("\n"))]
    while lines and not lines[0][1].strip():
        lines.pop(0)
    while lines and not lines[-1][1].strip():
        lines.pop()
    if not lines:
        raise MapError(None, "mdd.map.shape", "the map is empty", "draw the track, one line per row")
    return lines


def _check_shape(lines: list[tuple[int, str]]) -> int:
    width = len(lines[0][1])
    for index, line in lines:
        if not line.strip():
            raise MapError(
                MapPos(index, 0),
                "mdd.map.shape",
                "a blank line inside the map",
                "every row of the track needs its line; draw empty cells as '.'",
            )
        if len(line) != width:
            raise MapError(
                MapPos(index, min(len(line), width)),
                "mdd.map.shape",
                f"this map line has {len(line)} cells, the first line has {width}",
                "every line of the map is one row of the track: give them all the same width",
            )
    return width


def parse_map(text: str) -> ParsedMap:
    """Read a text map; raise MapError at the offending character."""
    lines = _drawn_lines(text)
    width = _check_shape(lines)
    starts = [i for i, (_, line) in enumerate(lines) if set(line) == {"-"}]
    if len(starts) > 1:
        raise MapError(
            MapPos(lines[starts[1]][0], 0),
            "mdd.map.shape",
            "the map has two start lines",
            "keep one line of '-' between row 1 and the cars waiting behind the track",
        )
    on_track = starts[0] if starts else len(lines)
    rows = on_track
    if rows == 0:
        raise MapError(
            MapPos(lines[0][0], 0),
            "mdd.map.shape",
            "the map has no track rows above its start line",
            "draw the track above the line of '-'",
        )
    cells: dict[Cell, tuple[str, MapPos]] = {}
    for k, (index, line) in enumerate(lines):
        if k == on_track:
            continue
        row = rows - k if k < on_track else rows - k + 1
        for column, char in enumerate(line):
            if not (char in ".=123456789" or (char.isascii() and char.isalpha())):
                raise MapError(MapPos(index, column), "mdd.map.char", f"{char!r} is not a map character", _LEGEND)
            if row <= 0 and not (char == "." or char.isalpha()):
                raise MapError(
                    MapPos(index, column),
                    "mdd.map.behind",
                    "only cars may stand behind the start line",
                    "move walls and mines onto the track, above the line of '-'",
                )
            if char != ".":
                cells[Cell(column + 1, row)] = (char, MapPos(index, column))
    return ParsedMap(width, rows, _walls(cells, width), _mines(cells), _cars(cells), MapPos(lines[0][0], 0))


def _walls(cells: dict[Cell, tuple[str, MapPos]], lanes: int) -> tuple[tuple[Cell, MapPos], ...]:
    walls: list[tuple[Cell, MapPos]] = []
    for row in sorted({c.row for c, (ch, _) in cells.items() if ch == "="}, reverse=True):
        lane = 1
        while lane <= lanes:
            if _char(cells, lane, row) != "=":
                lane += 1
                continue
            start = lane
            while _char(cells, lane, row) == "=":
                lane += 1
            run = lane - start
            if run % 2:
                raise MapError(
                    cells[Cell(lane - 1, row)][1],
                    "mdd.map.wall",
                    f"a wall is two cells wide, this run of '=' has {run}",
                    "draw each wall as '==' and separate walls with other cells",
                )
            walls.extend((Cell(left, row), cells[Cell(left, row)][1]) for left in range(start, lane, 2))
    return tuple(walls)


def _char(cells: dict[Cell, tuple[str, MapPos]], lane: int, row: int) -> str:
    found = cells.get(Cell(lane, row))
    return found[0] if found else ""


def _mines(cells: dict[Cell, tuple[str, MapPos]]) -> tuple[tuple[Cell, int, MapPos], ...]:
    found = [(cell, int(ch), pos) for cell, (ch, pos) in cells.items() if ch.isdigit()]
    return tuple(sorted(found, key=lambda m: (-m[0].row, m[0].lane)))


def _cars(cells: dict[Cell, tuple[str, MapPos]]) -> tuple[MapCar, ...]:
    cars: list[MapCar] = []
    letters = sorted((c for c, (ch, _) in cells.items() if ch.isalpha()), key=lambda c: (c.lane, c.row))
    taken: set[Cell] = set()
    for cell in letters:
        if cell in taken:
            continue
        letter = cells[cell][0].upper()
        above = Cell(cell.lane, cell.row + 1)
        if above not in cells or cells[above][0].upper() != letter:
            raise MapError(
                cells[cell][1],
                "mdd.map.car",
                f"a car is two cells long, this {letter!r} has no {letter!r} above it",
                "draw each car as its team's letter in two cells, one above the other",
            )
        taken |= {cell, above}
        cars.append(MapCar(letter, cell, cells[cell][1]))
    return tuple(sorted(cars, key=lambda c: (-c.cell.row, c.cell.lane)))


@dataclass(frozen=True, slots=True)
class BlockOrigin:
    """Where a map's text starts in its file: the line of its first text line, its indent, its style."""

    file: str
    first_line: int
    indent: int
    literal: bool
    """True for a `|` block, False for any other way of writing the map."""

    def mark(self, pos: MapPos) -> Mark:
        """The file:line:col of the map character at `pos`."""
        return Mark(self.file, self.first_line + pos.line, self.indent + 1 + pos.column)


def block_origin(located: Located, path: PathKey) -> BlockOrigin:
    """Where the map at `path` starts in its file, from the loader's record of block scalars."""
    block = located.block(path)
    if block is None:  # not a block: the map's text starts at the value itself
        at = located.mark(path)
        return BlockOrigin(at.file, at.line, at.column - 1, False)
    return BlockOrigin(block.start.file, block.start.line, block.start.column - 1, block.literal)


def board_to_map(board: Board) -> str:
    """Draw the walls and mines of `board` as a text map (cars are left to the start grid)."""
    grid = [["."] * board.lanes for _ in range(board.rows)]
    for wall in board.walls:
        grid[board.rows - wall.row][wall.lane - 1] = "="
        grid[board.rows - wall.row][wall.lane] = "="
    for cell, count in board.mines:
        grid[board.rows - cell.row][cell.lane - 1] = str(count)
    return "".join("".join(line) + "\n" for line in grid)
