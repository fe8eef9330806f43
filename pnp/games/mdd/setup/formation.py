"""Default start grid, team colours and finals ("red") positions for Mini Demolition Derby.

Input: the number of cars, the track width and the teams. Output: `CarStart`s and finals `Cell`s in the
geometry of `geometry.py` (a car's `row` is its rear cell; it also covers `row + 1`).

The start grid is made of lines of cars side by side, centred on the track: 5 cars a line for 25 cars,
6 a line for 30 and 36. Five lines stand on the track, rear rows 9, 7, 5, 3, 1 (front line first), so the
cars fill rows 1 to 10. With 36 cars the sixth line waits behind the start line at rear row -1 (cells -1
and 0). Cars are numbered in first-turn order (front line first, left to right). Colours run in diagonals:
each team moves one place to the left from a line to the line in front of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.mdd.geometry import CarStart, Cell

TEAM_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "white", "purple")
ON_TRACK_LINES = 5
"""Lines of the start grid that stand on the track; further lines start behind it (rows <= 0)."""


def cars_per_line(cars: int) -> int:
    """Cars side by side in one line of the start grid: 6 for the big variants (30, 36), else 5."""
    return 6 if cars >= 30 else 5


def default_teams(cars: int) -> tuple[str, ...]:
    """Team colours for `cars` cars: 5 teams for 25 cars, 6 teams for 30 or 36 cars."""
    return TEAM_COLOURS[: cars_per_line(cars)]


@dataclass(frozen=True, slots=True)
class Spacing:
    """How far apart the start grid's cars stand: `rows` free rows between lines, `lanes` free lanes
    between the cars of a line."""

    rows: int = 0
    lanes: int = 0


TOUCHING = Spacing()
"""Lines and cars touching: the grid of a setup that names its track."""


def line_rear_row(line: int, spacing: Spacing = TOUCHING) -> int:
    """Rear row of start-grid line `line` (0 = front line): touching, 9, 7, 5, 3, 1, then -1, -3 behind
    the track; `spacing.rows` free rows between lines push the front lines further up."""
    pitch = 2 + spacing.rows
    if line >= ON_TRACK_LINES:
        return -1 - 2 * (line - ON_TRACK_LINES)
    return pitch * (ON_TRACK_LINES - 1 - line) + 1


def default_grid(
    cars: int, lanes: int, teams: tuple[str, ...], lives: int, spacing: Spacing = TOUCHING
) -> tuple[CarStart, ...]:
    """The default start grid of `cars` cars on a track `lanes` wide, teams in diagonals."""
    per_line = cars_per_line(cars)
    pitch = 1 + spacing.lanes
    width = pitch * (per_line - 1) + 1
    first_lane = (lanes - width) // 2 + 1
    grid: list[CarStart] = []
    for index in range(cars):
        line, place = divmod(index, per_line)
        team = teams[(place - line) % len(teams)] if teams else ""
        grid.append(CarStart(index + 1, team, first_lane + pitch * place, line_rear_row(line, spacing), lives))
    return tuple(grid)


def default_finals(finalists: int, lanes: int, spacing: Spacing = TOUCHING) -> tuple[Cell, ...]:
    """Default finals positions, 1st qualifier first, in lines of cars around the centre lane.

    Ten positions stand in four lines of 3, 2, 3, 2 cars (staggered); with twelve, the second and fourth
    lines gain a car in their centre (3, 3, 3, 3). The lines stand where the start grid's front lines do.
    """
    centre = (lanes + 1) // 2
    extra = max(0, finalists - 10)
    cells: list[Cell] = []
    line = 0
    while len(cells) < finalists:
        if line % 2 == 0:
            lanes_here = [centre - 2, centre, centre + 2]
        elif extra > 0:
            lanes_here = [centre - 1, centre, centre + 1]
            extra -= 1
        else:
            lanes_here = [centre - 1, centre + 1]
        for lane in lanes_here[: finalists - len(cells)]:
            cells.append(Cell(lane, line_rear_row(line, spacing)))
        line += 1
    return tuple(cells)
