"""The MDD track as one board piece: grid, lane and row numbers, start grid, finals positions, finish line,
and (optionally) the setup's walls and mines printed in place.

Coordinates: row 1 (nearest the start) is at the bottom of the board, the finish line at the top.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.games.mdd.geometry import Board, Cell
from pnp.games.mdd.printed.draw_common import team_look, team_marks
from pnp.layout.pieces import Piece
from pnp.layout.scene import Ellipse, Item, Line, Polygon, Rect, Style, Text
from pnp.layout.text import caps, fit_size

ASPHALT = "#eeeeea"
GRID = Style(stroke="#9a9a92", stroke_width=0.25)
BORDER = Style(stroke="#1f1f1f", stroke_width=1.2)
FINALS = "#c0392b"


@dataclass(frozen=True, slots=True)
class TrackFrame:
    """Where cells are on the board piece: cell size, bands around the grid, rows drawn below row 1."""

    lanes: int
    rows: int
    cell: float
    side: float
    top: float
    below: int
    """Rows drawn behind the start line (cars of the 36-car variant wait there)."""

    @property
    def width(self) -> float:
        return self.lanes * self.cell + 2 * self.side

    @property
    def height(self) -> float:
        return self.top + (self.rows + self.below) * self.cell + self.side

    def x(self, lane: int) -> float:
        """Left edge of lane `lane`."""
        return self.side + (lane - 1) * self.cell

    def y(self, row: int) -> float:
        """Top edge of row `row` (row 1 is the lowest row on the track)."""
        return self.top + (self.rows - row) * self.cell


def track_frame(board: Board, cell: float) -> TrackFrame:
    """The frame for a board: bands wide enough for numbers, room for cars that start behind the track."""
    lowest = min([c.row for c in board.cars] + [1])
    return TrackFrame(board.lanes, board.rows, cell, max(8.0, cell * 0.6), max(12.0, cell * 1.0), 1 - lowest)


def _finish_flag(frame: TrackFrame, finish: str) -> list[Item]:
    y = frame.y(frame.rows) - frame.cell * 0.35
    size = frame.cell * 0.35 / 2
    items: list[Item] = []
    count = int(frame.lanes * frame.cell / size)
    for i in range(count):
        for j in range(2):
            if (i + j) % 2 == 0:
                items.append(Rect(frame.x(1) + i * size, y + j * size, size, size, Style(fill="#000000", stroke=None)))
    items.append(Rect(frame.x(1), y, frame.lanes * frame.cell, 2 * size, Style(stroke="#000000", stroke_width=0.3)))
    items.append(Text(frame.width / 2, y - frame.cell * 0.15, finish, min(frame.cell * 0.4, 8.0), "sans-bold",
                      anchor="middle"))
    return items


def _car_box(frame: TrackFrame, lane: int, row: int, style: Style) -> Rect:
    inset = frame.cell * 0.08
    return Rect(frame.x(lane) + inset, frame.y(row + 1) + inset, frame.cell - 2 * inset, 2 * frame.cell - 2 * inset,
                style, radius=frame.cell * 0.12)


def draw_track(board: Board, cell: float, preprint: bool, tr: Callable[[str], str] = str) -> Piece:
    """The whole track as one piece (the layout tiles it across sheets); `tr` translates its words."""
    f = track_frame(board, cell)
    c = f.cell
    grid_w = f.lanes * c
    items: list[Item] = [Rect(0, 0, f.width, f.height, Style(fill="#ffffff", stroke=None)),
                         Rect(f.side, f.top, grid_w, (f.rows + f.below) * c, Style(fill=ASPHALT, stroke=None))]
    for row in range(1 - f.below, f.rows + 2):
        items.append(Line(f.side, f.y(row - 1), f.side + grid_w, f.y(row - 1), GRID))
    for lane in range(1, f.lanes + 2):
        items.append(Line(f.x(lane), f.top, f.x(lane), f.y(1 - f.below) + c, GRID))
    # side borders of the track: cars that leave here lose 2 lives
    items.append(Line(f.x(1), f.top, f.x(1), f.y(1) + c, BORDER))
    items.append(Line(f.x(f.lanes + 1), f.top, f.x(f.lanes + 1), f.y(1) + c, BORDER))
    # start line under row 1
    start_y = f.y(1) + c
    items.append(Line(f.x(1), start_y, f.x(f.lanes + 1), start_y, Style(stroke="#1f1f1f", stroke_width=0.8)))
    items.extend(_finish_flag(f, caps(tr("Finish"))))
    number = min(c * 0.32, 4.0)
    for row in range(1, f.rows + 1):
        y = f.y(row) + c / 2 + number * 0.36
        items.append(Text(f.side / 2, y, str(row), number, "sans", "#555555", "middle"))
        items.append(Text(f.width - f.side / 2, y, str(row), number, "sans", "#555555", "middle"))
    for lane in range(1, f.lanes + 1):
        items.append(Text(f.x(lane) + c / 2, f.height - f.side * 0.35, str(lane), number, "sans-bold", "#555555",
                          "middle"))
    lane_word = tr("lane")
    items.append(Text(f.x(1), f.height - f.side * 0.35, lane_word, fit_size(lane_word, "sans", number * 0.8, f.side),
                      "sans", "#555555", "end"))
    items.extend(_start_grid(board, f, team_marks(tr, (car.team for car in board.cars))))
    items.extend(_finals(board.finals, f))
    if preprint:
        items.extend(_walls(board.walls, f))
        items.extend(_mines(board.mines, f))
    return Piece(f.width, f.height, tuple(items), name="MDD track")


def _start_grid(board: Board, f: TrackFrame, marks: dict[str, str]) -> list[Item]:
    items: list[Item] = []
    size = min(f.cell * 0.35, 6.0)
    for car in board.cars:
        fill, letter, _ = team_look(car.team, marks)
        items.append(_car_box(f, car.lane, car.row, Style(fill=None, stroke=fill if fill != "#ffffff" else "#999999",
                                                          stroke_width=0.5, dash=(1.5, 1.0))))
        items.append(Text(f.x(car.lane) + f.cell / 2, f.y(car.row + 1) + f.cell * 1.05, str(car.number), size,
                          "sans", "#777777", "middle"))
        items.append(Text(f.x(car.lane) + f.cell / 2, f.y(car.row + 1) + f.cell * 1.05 + size * 1.1, letter,
                          size * 0.7, "sans", "#777777", "middle"))
    return items


def _finals(finals: tuple[Cell, ...], f: TrackFrame) -> list[Item]:
    items: list[Item] = []
    size = min(f.cell * 0.3, 5.0)
    for place, cell in enumerate(finals, start=1):
        items.append(_car_box(f, cell.lane, cell.row, Style(stroke=FINALS, stroke_width=0.6)))
        items.append(Text(f.x(cell.lane) + f.cell / 2, f.y(cell.row) + f.cell * 0.75, f"F{place}", size,
                          "sans-bold", FINALS, "middle"))
    return items


def _walls(walls: tuple[Cell, ...], f: TrackFrame) -> list[Item]:
    items: list[Item] = []
    for wall in walls:
        x, y = f.x(wall.lane), f.y(wall.row)
        items.append(Rect(x + 0.6, y + 0.6, 2 * f.cell - 1.2, f.cell - 1.2, Style(fill="#5b4636", stroke="#2b1f16",
                                                                                 stroke_width=0.4)))
        brick = Style(stroke="#a58a70", stroke_width=0.3)
        for k in (1, 2):
            items.append(Line(x + 0.6, y + k * f.cell / 3, x + 2 * f.cell - 0.6, y + k * f.cell / 3, brick))
    return items


def _mines(mines: tuple[tuple[Cell, int], ...], f: TrackFrame) -> list[Item]:
    items: list[Item] = []
    for cell, count in mines:
        cx, cy = f.x(cell.lane) + f.cell / 2, f.y(cell.row) + f.cell / 2
        r = f.cell * 0.3
        items.append(Ellipse(cx, cy, r, r, Style(fill="#222222", stroke=None)))
        items.append(Polygon(((cx + r * 0.5, cy - r * 0.9), (cx + r * 0.9, cy - r * 1.3)), Style(stroke="#d55e00",
                                                                                                   stroke_width=0.5),
                             closed=False))
        items.append(Text(cx, cy + r * 0.4, str(count), r * 1.1, "sans-bold", "#ffffff", "middle"))
    return items
