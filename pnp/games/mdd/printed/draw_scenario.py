"""A played scenario as one figure page: the board before and after, side by side, with movement arrows.

Input: the board `Snapshot` before and after, the events of the moves (for the cars' paths and the
rolls), the car letters and a title. Output: a scene `Page` (mm, y down): the track (grid, walls, mines
with their counts), cars as 1 x 2 tokens in team colours with number, team letter and lives (HP under the
current rules), arrows along each car's path in the "after" board (solid for the rolling car, dashed for
pushes), eliminated cars greyed and crossed out, qualified cars above the finish line. Pure: no files, no randomness.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import hypot

from pnp.games.mdd.geometry import Board, Cell
from pnp.games.mdd.printed.draw_common import ink_on, pattern, team_look
from pnp.games.mdd.printed.draw_track import TrackFrame, draw_track, track_frame
from pnp.games.mdd.race.records import CarState, Event, Snapshot
from pnp.games.mdd.rulesets import limits_for
from pnp.layout.scene import Ellipse, Group, Item, Line, Page, Polygon, Rect, Style, Text, Transform
from pnp.layout.text import fill_placeholders, text_block, wrap

CELL = 10.0
"""Cell size of the figure's boards, in mm."""
MARGIN = 8.0
GAP = 14.0
"""Space between the two boards."""
OUT = CELL + 3.0
"""Width of the column beside a board where cars that left it are shown."""
GHOST = "#c8c8c8"
CROSS = "#c0392b"
TITLE_SIZE = 4.2
NOTE_SIZE = 3.2


@dataclass(frozen=True, slots=True)
class Run:
    """Consecutive cells one car went through, all by its own roll (`pushed` False) or all by pushes."""

    car: int
    pushed: bool
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of each car: its last cell on the board, and why it left (eliminated / qualified)."""

    last: tuple[tuple[int, int], ...]
    eliminated: dict[int, str]
    qualified: dict[int, int]
    """Car -> place in the qualifying order."""


def car_runs(before: Snapshot, events: tuple[Event, ...]) -> tuple[tuple[Run, ...], Outcome]:
    """The cars' paths as runs of cells, and each car's last cell and fate, from the recorded events."""
    at = [(c.lane, c.row) for c in before.cars]
    runs: list[Run] = []
    open_run: dict[int, int] = {}
    eliminated: dict[int, str] = {}
    qualified: dict[int, int] = {}
    for e in events:
        if e.kind in ("move", "push"):
            pushed = e.kind == "push"
            k = open_run.get(e.car)
            if k is not None and runs[k].pushed == pushed:
                runs[k] = Run(e.car, pushed, (*runs[k].cells, (e.lane, e.row)))
            else:
                open_run[e.car] = len(runs)
                runs.append(Run(e.car, pushed, (at[e.car], (e.lane, e.row))))
            at[e.car] = (e.lane, e.row)
        elif e.kind == "roll":
            open_run.clear()
        elif e.kind == "eliminated":
            eliminated[e.car] = e.detail
        elif e.kind == "qualified":
            qualified[e.car] = e.amount
    return tuple(runs), Outcome(tuple(at), eliminated, qualified)


def rolls_text(events: tuple[Event, ...], before: Snapshot, letters: tuple[str, ...]) -> str:
    """The rolls of the figure in words, e.g. "Car 1 (R) rolls 3, first step straight"."""
    rolls = [
        f"car {before.cars[e.car].number} ({letters[e.car]}) rolls {e.amount}, first step {e.detail}"
        for e in events
        if e.kind == "roll"
    ]
    text = "; ".join(rolls)
    return text[:1].upper() + text[1:] + "."


def scenario_figure(
    title: str,
    before: Snapshot,
    after: Snapshot,
    events: tuple[Event, ...],
    letters: tuple[str, ...],
    mine_word: str,
    damage: str,
) -> Page:
    """The figure page: title, the rolls, the board before and after, and a legend (`mine_word`: mine/bomb;
    `damage`: what a car loses, lives or HP)."""
    _, outcome = car_runs(before, events)
    width = _figure_width(before)
    items: list[Item] = []
    y = MARGIN
    for line in wrap(title, "sans-bold", TITLE_SIZE, width - 2 * MARGIN):
        items.append(Text(MARGIN, y + TITLE_SIZE * 0.76, line, TITLE_SIZE, "sans-bold"))
        y += TITLE_SIZE * 1.25
    roll_line = rolls_text(events, before, letters)
    items.extend(text_block(roll_line, MARGIN, y + 1, width - 2 * MARGIN, NOTE_SIZE))
    y += len(wrap(roll_line, "sans", NOTE_SIZE, width - 2 * MARGIN)) * NOTE_SIZE * 1.2 + 4
    boards, bottom = _boards(before, after, events, letters, y, labels=True)
    items.extend(boards)
    legend = (
        "Solid arrow: the rolling car's path. Dashed arrow: a car pushed. Dashed outline: where a moved car was. "
        "Grey, crossed out: eliminated (beside the track when it went off, or when another car took its place). "
        f"♥ {damage} left; digits on black discs: {mine_word}s in that cell."
        + (" Above the finish: qualified, with its place." if outcome.qualified else "")
    )
    items.extend(text_block(legend, MARGIN, bottom, width - 2 * MARGIN, NOTE_SIZE, colour="#333333"))
    height = bottom + len(wrap(legend, "sans", NOTE_SIZE, width - 2 * MARGIN)) * NOTE_SIZE * 1.2 + MARGIN
    background = Rect(0, 0, width, height, Style(fill="#ffffff", stroke=None))
    return Page(width, height, (background, *items), label="scenario")


def scenario_boards(before: Snapshot, after: Snapshot, events: tuple[Event, ...], letters: tuple[str, ...],
                    tr: Callable[[str], str] = str) -> Page:
    """The two boards of `scenario_figure` without its words: before on the left, an arrow, after on the right.
    For a rulebook, whose (translated) text says what the example shows; `tr` translates the boards' words."""
    width = _figure_width(before)
    boards, bottom = _boards(before, after, events, letters, MARGIN, labels=False, tr=tr)
    middle = MARGIN + _board_width(before) + GAP / 2
    y = MARGIN + (bottom - 4 - MARGIN) / 2
    shaft, head = _arrow([(middle - GAP * 0.35, y), (middle + GAP * 0.35, y)], "#555555", dashed=False)
    height = bottom - 4 + MARGIN / 2
    background = Rect(0, 0, width, height, Style(fill="#ffffff", stroke=None))
    return Page(width, height, (background, *boards, *shaft, *head), label="scenario")


def _board_width(before: Snapshot) -> float:
    return track_frame(_board(before), CELL).width + 2 * OUT


def _figure_width(before: Snapshot) -> float:
    return 2 * MARGIN + 2 * _board_width(before) + GAP


def _boards(
    before: Snapshot, after: Snapshot, events: tuple[Event, ...], letters: tuple[str, ...], y: float, labels: bool,
    tr: Callable[[str], str] = str,
) -> tuple[list[Item], float]:
    """The board before and after, side by side, from `y` down (under the words Before and After with
    `labels`); and the y below them. `tr` translates the words on the boards."""
    runs, outcome = car_runs(before, events)
    frame = track_frame(_board(before), CELL)
    lift = 2 * CELL + 6.0 if outcome.qualified else 0.0
    items: list[Item] = []
    caption = 5.0
    for k, (word, snap) in enumerate((("Before", before), ("After", after))):
        left = MARGIN + k * (_board_width(before) + GAP)
        if labels:
            items.append(Text(left + _board_width(before) / 2, y + caption * 0.76, word, caption, "sans-bold",
                              anchor="middle"))
        panel: list[Item] = list(draw_track(_board(snap), CELL, preprint=True, tr=tr).front)
        if k == 0:
            panel.extend(_tokens(frame, snap, letters, ghosts=()))
        else:
            panel.extend(_after(frame, snap, letters, runs, outcome, tr))
        top = y + (caption * 1.4 if labels else 0.0) + lift
        items.append(Group(tuple(panel), Transform(left + OUT, top), label=f"{word.lower()}-board"))
    return items, top + frame.height + 4


def _board(snapshot: Snapshot) -> Board:
    """The snapshot's track as a Board for `draw_track` (walls and mines only; cars are drawn as tokens)."""
    walls = tuple(Cell(lane, row) for lane, row in snapshot.walls)
    mines = tuple((Cell(lane, row), count) for lane, row, count in snapshot.mines)
    return Board(snapshot.lanes, snapshot.rows, walls, mines, (), (), limits_for("current"))


def _centre(frame: TrackFrame, lane: int, row: int) -> tuple[float, float]:
    """Middle of a car whose rear cell is (lane, row): the line between its two cells."""
    return frame.x(lane) + frame.cell / 2, frame.y(row)


def _after(
    frame: TrackFrame, snap: Snapshot, letters: tuple[str, ...], runs: tuple[Run, ...], outcome: Outcome,
    tr: Callable[[str], str] = str,
) -> list[Item]:
    """The board after the moves: former places, cars that left, cars, then the arrows on top."""
    c = frame.cell
    taken = {(car.lane, r) for car in snap.cars if car.status == "racing" for r in (car.row, car.row + 1)}
    items: list[Item] = []
    first: dict[int, tuple[int, int]] = {}
    for run in runs:
        first.setdefault(run.car, run.cells[0])
    for lane, row in first.values():
        items.append(_outline(frame.x(lane), frame.y(row + 1), c))
    places: dict[int, tuple[float, float]] = {}
    for car, cause in outcome.eliminated.items():
        lane, row = outcome.last[car]
        free = (lane, row) not in taken and (lane, row + 1) not in taken
        if cause == "exit" or not free:
            side = -1 if lane <= (snap.lanes + 1) / 2 else 1
            x = frame.x(1) - frame.side - OUT + 1.5 if side < 0 else frame.x(snap.lanes + 1) + frame.side + 1.5
            while any(abs(px - x) < 0.1 and abs(py - frame.y(row + 1)) < 2 * c for px, py in places.values()):
                x += side * (c + 1)
            places[car] = (x, frame.y(row + 1))
        else:
            places[car] = (frame.x(lane), frame.y(row + 1))
    for car, place in outcome.qualified.items():
        lane, _ = outcome.last[car]
        places[car] = (frame.x(lane), -2 * c - 1.0)
        items.append(Text(frame.x(lane) + c / 2, -2 * c - 2.0, _ordinal(place, tr), c * 0.3, "sans-bold",
                          anchor="middle"))
    shafts: list[Item] = []
    heads: list[Item] = []
    still = tuple(Run(car, True, (outcome.last[car],)) for car in places if all(r.car != car for r in runs))
    for k, run in enumerate((*runs, *still)):
        points = [_centre(frame, lane, row) for lane, row in run.cells]
        last_run = all(r.car != run.car for r in runs[k + 1 :])
        if last_run and run.car in places:
            x, y = places[run.car]
            points.append((x + c / 2, y + c))
        shift = (0.0, 0.12 * c, 0.24 * c)[k % 3]
        fill, _, _ = team_look(snap.cars[run.car].team)
        shaft, head = _arrow([(x + shift, y + shift) for x, y in points], fill, run.pushed)
        shafts.extend(shaft)
        heads.extend(head)
    items.extend(shafts)
    items.extend(_tokens(frame, snap, letters, ghosts=tuple((i, *places[i]) for i in outcome.eliminated)))
    for car in outcome.qualified:
        items.extend(_token(snap.cars[car], letters[car], *places[car], c, faded=False))
    items.extend(heads)
    return items


def _tokens(
    frame: TrackFrame, snap: Snapshot, letters: tuple[str, ...], ghosts: tuple[tuple[int, float, float], ...]
) -> list[Item]:
    """Eliminated cars (greyed, crossed out) first, then the cars on the track and mines hidden under them."""
    items: list[Item] = []
    for ghost, x, y in ghosts:
        items.extend(_token(snap.cars[ghost], letters[ghost], x, y, frame.cell, faded=True))
    mines = {(lane, row): count for lane, row, count in snap.mines}
    for letter, car in zip(letters, snap.cars, strict=True):
        if car.status != "racing":
            continue
        items.extend(_token(car, letter, frame.x(car.lane), frame.y(car.row + 1), frame.cell, faded=False))
        for row in (car.row, car.row + 1):
            if (car.lane, row) in mines:
                items.extend(_mine_mark(frame.x(car.lane + 1), frame.y(row), frame.cell, mines[(car.lane, row)]))
    return items


def _token(car: CarState, letter: str, x: float, y: float, c: float, faded: bool) -> list[Item]:
    """A car seen from above in a c x 2c box at (x, y): nose, number, team letter and lives."""
    fill, _, kind = team_look(car.team)
    if faded:
        fill = GHOST
    ink = ink_on(fill)
    w, h = c * 0.84, 2 * c * 0.92
    x0, y0 = x + (c - w) / 2, y + (2 * c - h) / 2
    items: list[Item] = [Rect(x0, y0, w, h, Style(fill=fill, stroke=None), radius=c * 0.1)]
    if not faded:
        clip = Rect(x0, y0, w, h, radius=c * 0.1)
        items.append(Group(tuple(pattern(kind, x0, y0, w, h, ink)), clip=clip, label="pattern"))
    items.append(Rect(x0, y0, w, h, Style(stroke="#000000", stroke_width=0.35), radius=c * 0.1))
    cx = x + c / 2
    items.append(
        Polygon(
            ((cx - w * 0.2, y0 + h * 0.09), (cx + w * 0.2, y0 + h * 0.09), (cx, y0 + h * 0.02)),
            Style(fill=ink, stroke=None),
        )
    )
    size = c * 0.42
    items.append(Text(cx, y + c * 0.74, str(car.number), size, "sans-bold", ink, "middle"))
    _, team_letter, _ = team_look(car.team)
    small = c * 0.27
    items.append(Text(x0 + w * 0.08, y + c * 1.8, team_letter, small, "sans-bold", ink, "start"))
    items.append(Text(x0 + w * 0.95, y + c * 1.8, f"♥{car.lives}", small, "sans-bold", ink, "end"))
    if letter != team_letter:
        items.append(Text(x0 + w * 0.17, y + c * 0.3, letter, c * 0.2, "sans", ink, "middle"))
    if faded:
        cross = Style(stroke=CROSS, stroke_width=0.7)
        items.append(Line(x0, y0, x0 + w, y0 + h, cross))
        items.append(Line(x0 + w, y0, x0, y0 + h, cross))
    return items


def _outline(x: float, y: float, c: float) -> Rect:
    """Where a moved car stood before its moves."""
    inset = c * 0.08
    return Rect(
        x + inset,
        y + inset,
        c - 2 * inset,
        2 * c - 2 * inset,
        Style(stroke="#666666", stroke_width=0.35, dash=(1.0, 0.8)),
        radius=c * 0.1,
    )


def _mine_mark(right: float, top: float, c: float, count: int) -> list[Item]:
    """Mines under a car: a small black disc with the count at the top-right corner of the cell."""
    r = c * 0.17
    cx, cy = right - r * 0.6, top + r * 0.6
    return [
        Ellipse(cx, cy, r, r, Style(fill="#222222", stroke="#ffffff", stroke_width=0.3)),
        Text(cx, cy + r * 0.45, str(count), r * 1.3, "sans-bold", "#ffffff", "middle"),
    ]


def _arrow(points: list[tuple[float, float]], colour: str, dashed: bool) -> tuple[list[Item], list[Item]]:
    """A polyline's shaft (white halo, dark edge, team colour inside) and its head at the last point."""
    points = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    if len(points) < 2:
        return [], []
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = min(3.6, length * 0.8)
    base = (x2 - ux * head, y2 - uy * head)
    shaft = (*points[:-1], base)
    dash = (1.6, 1.0) if dashed else ()
    wing = head * 0.55
    tip = ((x2, y2), (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing))
    shaft_items: list[Item] = [
        Polygon(shaft, Style(stroke="#ffffff", stroke_width=1.5), closed=False),
        Polygon(shaft, Style(stroke="#111111", stroke_width=1.0, dash=dash), closed=False),
        Polygon(shaft, Style(stroke=colour, stroke_width=0.55, dash=dash), closed=False),
    ]
    return shaft_items, [Polygon(tip, Style(fill=colour, stroke="#111111", stroke_width=0.35))]


def _ordinal(n: int, tr: Callable[[str], str] = str) -> str:
    """A qualifying place as a word ("1st"), translated by `tr` ("{n}st" and its three siblings; first place has
    its own text, because some languages say it apart: French "1er" but "21e")."""
    if n == 1:
        return tr("1st")
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return fill_placeholders(tr("{n}" + suffix), {"n": n})
