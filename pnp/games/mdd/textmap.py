"""Text maps: an MDD track sketched one character per cell inside the YAML (`map: |`), for setups and
scenarios alike (the grammar is documented once, in docs/mdd-setup.md).

Input: the map text (a literal block scalar) and, for error positions, the `Located` source. Output: a
`ParsedMap` (track size, walls, mines and cars with the map position of each) or a `MapError` naming every
problem at once (with what was readable, so callers check the rest too); and, the
other way round, `draw_map` draws walls, mines and cars as such a map (`pnp mdd setup --map`, and with
row numbers the boards `pnp mdd play` prints).

The top line is the last row, nearest the finish; the bottom line is row 1, at the start, as a person
sketches the track looking down it from the start. Characters: `.` empty, `==` a wall (two cells side by
side), `1`-`9` that many mines, a letter a car cell (a car is the same letter in two cells one above the
other, paired from the bottom up; case is ignored for pairing, and what a letter names is up to the
file: a team's initial in a setup, a car in a scenario). Spaces between cells are ignored. An optional
line of `-` marks the start line: lines under it are rows 0, -1, ... behind the track, where only cars
may wait.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pnp.diagnostics import Mark
from pnp.games.mdd.geometry import Board, Cell
from pnp.source.located import Located, PathKey


@dataclass(frozen=True, slots=True)
class MapPos:
    """A character of the map: 0-based line index in the map text and 0-based column."""

    line: int
    column: int


@dataclass(frozen=True, slots=True)
class MapCar:
    """A car drawn in the map: its letter (upper case), rear cell and the rear character's position, and
    the two characters as drawn (rear, front) with the front one's position."""

    letter: str
    cell: Cell
    pos: MapPos
    drawn: tuple[str, str]
    front: MapPos


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


@dataclass(frozen=True, slots=True)
class MapProblem:
    """One thing wrong in a map: where (None: the whole map), rule id, message and hint."""

    pos: MapPos | None
    rule: str
    message: str
    hint: str


class MapError(Exception):
    """A map that cannot be read: every problem found in it (`problems`, the first one's fields also as
    attributes), and what could be read despite them (`parsed`: the readable cells; None when the map has no
    track), so that a caller checks the rest in the same run."""

    def __init__(self, problems: list[MapProblem], parsed: ParsedMap | None = None):
        first = problems[0]
        super().__init__(first.message)
        self.problems = tuple(problems)
        self.parsed = parsed
        self.pos, self.rule, self.message, self.hint = first.pos, first.rule, first.message, first.hint


_LEGEND = "use '.' for an empty cell, '==' for a wall, 1-9 for mines, a letter for a car"

Line = tuple[int, str, tuple[int, ...]]
"""A drawn line: its index in the map text, its cells (spaces removed) and each cell's column."""
Cells = dict[Cell, tuple[str, MapPos]]
"""The readable characters of a map (all but '.'), by cell, as typed, with their place in the map."""


def _drawn_lines(text: str) -> list[Line]:
    """The map's lines with their index, without the blank lines before and after the drawing."""
    lines: list[Line] = []
    for i, line in enumerate(text.split("\n")):
        columns = tuple(c for c, ch in enumerate(line) if ch != " ")
        lines.append((i, "".join(line[c] for c in columns), columns))
    while lines and not lines[0][1]:
        lines.pop(0)
    while lines and not lines[-1][1]:
        lines.pop()
    if not lines:
        raise MapError([MapProblem(None, "mdd.map.shape", "the map is empty", "draw the track, one line per row")])
    return lines


def _check_shape(text: str, lines: list[Line], problems: list[MapProblem]) -> int:
    """The map's width (its first line's); a problem for every blank line and every line of another width."""
    width = len(lines[0][1])
    for index, cells, columns in lines:
        if not cells:
            problems.append(MapProblem(
                MapPos(index, 0),
                "mdd.map.shape",
                "a blank line inside the map",
                "every row of the track needs its line; draw empty cells as '.'",
            ))
        elif len(cells) != width:
            end = columns[width] if len(cells) > width else len(text.split("\n")[index].rstrip())
            problems.append(MapProblem(
                MapPos(index, end),
                "mdd.map.shape",
                f"this map line has {len(cells)} cells, the first line has {width}",
                "every line of the map is one row of the track: give them all the same width",
            ))
    return width


def parse_map(text: str) -> ParsedMap:
    """Read a text map; raise MapError with every problem found, each at the offending character."""
    lines = _drawn_lines(text)
    problems: list[MapProblem] = []
    width = _check_shape(text, lines, problems)
    starts = [i for i, (_, line, _) in enumerate(lines) if set(line) == {"-"}]
    problems.extend(MapProblem(
        MapPos(lines[extra][0], 0),
        "mdd.map.shape",
        "the map has two start lines",
        "keep one line of '-' between row 1 and the cars waiting behind the track",
    ) for extra in starts[1:])
    rows = starts[0] if starts else len(lines)
    if rows == 0:
        problems.append(MapProblem(
            MapPos(lines[0][0], 0),
            "mdd.map.shape",
            "the map has no track rows above its start line",
            "draw the track above the line of '-'",
        ))
        raise MapError(problems)
    cells = _cells(lines, set(starts), rows, problems)
    lanes = max(len(line) for _, line, _ in lines)
    parsed = ParsedMap(width, rows, _walls(cells, lanes, problems), _mines(cells), _cars(cells, problems),
                       MapPos(lines[0][0], 0))
    if problems:
        raise MapError(problems, parsed)
    return parsed


def _cells(lines: list[Line], starts: set[int], rows: int, problems: list[MapProblem]) -> Cells:
    """The readable characters by cell (lines under the first start line are rows 0, -1, ...); a problem for
    each character that is not a map character or stands behind the start line without being a car."""
    cells: Cells = {}
    on_track = min(starts, default=len(lines))
    for k, (index, line, columns) in enumerate(lines):
        if k in starts:
            continue
        row = rows - k if k < on_track else rows - k + 1
        for lane, (column, char) in enumerate(zip(columns, line, strict=True), start=1):
            if not (char in ".=123456789" or char.isalpha()):
                problems.append(MapProblem(
                    MapPos(index, column), "mdd.map.char", f"{char!r} is not a map character", _LEGEND))
            elif row <= 0 and not (char == "." or char.isalpha()):
                problems.append(MapProblem(
                    MapPos(index, column),
                    "mdd.map.behind",
                    "only cars may stand behind the start line",
                    "move walls and mines onto the track, above the line of '-'",
                ))
            elif char != ".":
                cells[Cell(lane, row)] = (char, MapPos(index, column))
    return cells


def _walls(cells: Cells, lanes: int, problems: list[MapProblem]) -> tuple[tuple[Cell, MapPos], ...]:
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
                problems.append(MapProblem(
                    cells[Cell(lane - 1, row)][1],
                    "mdd.map.wall",
                    f"a wall is two cells wide, this run of '=' has {run}",
                    "draw each wall as '==' and separate walls with other cells",
                ))
                continue
            walls.extend((Cell(left, row), cells[Cell(left, row)][1]) for left in range(start, lane, 2))
    return tuple(walls)


def _char(cells: Cells, lane: int, row: int) -> str:
    found = cells.get(Cell(lane, row))
    return found[0] if found else ""


def _mines(cells: Cells) -> tuple[tuple[Cell, int, MapPos], ...]:
    found = [(cell, int(ch), pos) for cell, (ch, pos) in cells.items() if ch.isdigit()]
    return tuple(sorted(found, key=lambda m: (-m[0].row, m[0].lane)))


def _cars(cells: Cells, problems: list[MapProblem]) -> tuple[MapCar, ...]:
    """The cars drawn, paired from the bottom up; a problem (echoing the letter as typed) for a letter alone."""
    cars: list[MapCar] = []
    letters = sorted((c for c, (ch, _) in cells.items() if ch.isalpha()), key=lambda c: (c.lane, c.row))
    taken: set[Cell] = set()
    for cell in letters:
        if cell in taken:
            continue
        rear = cells[cell][0]
        above = Cell(cell.lane, cell.row + 1)
        if above not in cells or cells[above][0].upper() != rear.upper():
            problems.append(MapProblem(
                cells[cell][1],
                "mdd.map.car",
                f"a car is two cells long, this {rear!r} has no {rear!r} above it",
                "draw each car as its team's letter in two cells, one above the other",
            ))
            continue
        taken |= {cell, above}
        cars.append(MapCar(rear.upper(), cell, cells[cell][1], (rear, cells[above][0]), cells[above][1]))
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
    return draw_map(
        board.lanes, board.rows, ((w.lane, w.row) for w in board.walls), ((c.lane, c.row, n) for c, n in board.mines)
    )


def draw_map(
    lanes: int,
    rows: int,
    walls: Iterable[tuple[int, int]],
    mines: Iterable[tuple[int, int, int]],
    cars: Iterable[tuple[str, int, int]] = (),
    first_row: int = 1,
    numbered: bool = False,
) -> str:
    """The map `parse_map` reads: walls by left cell, mines (lane, row, count; 9 stands for more), cars
    (letter, lane, rear row), from the last row down to `first_row` or the lowest car (rows under 1 are
    drawn under a start line of `-`). `numbered` puts each row's number before its line and a line of `-`
    marked "finish" on top (and "start" on the start line), as `pnp mdd play` prints."""
    grid: dict[tuple[int, int], str] = {}
    for lane, row in walls:
        grid[(lane, row)] = grid[(lane + 1, row)] = "="
    for lane, row, count in mines:
        grid[(lane, row)] = str(min(count, 9))
    for letter, lane, row in cars:
        grid[(lane, row)] = grid[(lane, row + 1)] = letter
    first = min([first_row, *(row for _, row in grid)])
    width = max(len(str(rows)), len(str(first))) if numbered else 0
    lines = [" " * width + "  " + "-" * lanes + "  finish"] if numbered else []
    for row in range(rows, first - 1, -1):
        if row == 0:
            lines.append(" " * width + "  " + "-" * lanes + "  start" if numbered else "-" * lanes)
        cells = "".join(grid.get((lane, row), ".") for lane in range(1, lanes + 1))
        lines.append(f"{row:>{width}}  {cells}" if numbered else cells)
    return "\n".join(lines) + ("" if numbered else "\n")
