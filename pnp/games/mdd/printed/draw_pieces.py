"""MDD pieces: cars (fold-up boxes and flat tokens, 1 x 2 cells), life counters, mines, wall boxes.

Every size derives from the track's cell, so a car covers exactly one lane and two rows of the track, and a
car's starting lives (7: one five-life and two one-life counters) sit in a row on its flat roof.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from pnp.games.mdd.geometry import CarStart
from pnp.games.mdd.printed.draw_common import ink_on, pattern, team_look
from pnp.games.mdd.rulesets import life_counters
from pnp.layout.pieces import Piece
from pnp.layout.scene import Ellipse, Item, Line, Polygon, Rect, Style, Text
from pnp.layout.strokes import CUT, fold_line
from pnp.layout.text import fit_size

STANDEE_SIDE = 0.5
"""Height of a fold-up car's sides, in cells: the box stands half a cell tall under its flat roof."""
FIVE_LIFE = 0.8
"""Diameter of a five-life counter, in cells."""
ONE_LIFE = 0.5
"""Diameter of a one-life counter, in cells: one five and two ones fit in a row on a 1 x 2 cell roof."""
ROOF_GAP = 0.04
"""Least gap between a roof's rings and at its ends, in cells."""


def _car_top(fill: str, letter: str, kind: str, number: int, x: float, y: float, w: float, h: float,
             upside_down: bool = False) -> list[Item]:
    """A car seen from above in a w x h box (front at the top unless upside down)."""
    ink = ink_on(fill)
    items: list[Item] = [Rect(x, y, w, h, Style(fill=fill, stroke=None))]
    items.extend(pattern(kind, x, y, w, h, ink))
    wheel = Style(fill="#222222", stroke=None)
    ww, wh = w * 0.14, h * 0.16
    for fy in (0.16, 0.68):
        items.append(Rect(x, y + h * fy, ww, wh, wheel, radius=ww * 0.3))
        items.append(Rect(x + w - ww, y + h * fy, ww, wh, wheel, radius=ww * 0.3))
    size = min(w * 0.42, h * 0.3)
    mark = fit_size(letter, "sans-bold", size * 0.7, w * 0.66)  # a mark of two or three letters fits too
    cx = x + w / 2
    rotate = 180.0 if upside_down else 0.0
    if upside_down:
        items.append(Text(cx, y + h * 0.42 - size * 0.36, str(number), size, "sans-bold", ink, "middle", rotate))
        items.append(Text(cx, y + h * 0.18 - size * 0.25, letter, mark, "sans-bold", ink, "middle", rotate))
        nose = ((cx - w * 0.18, y + h * 0.93), (cx + w * 0.18, y + h * 0.93), (cx, y + h * 0.99))
    else:
        items.append(Text(cx, y + h * 0.58 + size * 0.36, str(number), size, "sans-bold", ink, "middle"))
        items.append(Text(cx, y + h * 0.82 + size * 0.25, letter, mark, "sans-bold", ink, "middle"))
        nose = ((cx - w * 0.18, y + h * 0.07), (cx + w * 0.18, y + h * 0.07), (cx, y + h * 0.01))
    items.append(Polygon(nose, Style(fill=ink, stroke=None)))
    return items


def car_token(car: CarStart, cell: float, marks: Mapping[str, str] | None = None) -> Piece:
    """A flat car token of exactly 1 x 2 cells, front (nose arrow) towards the finish; its team's mark from
    `marks` (`team_marks` of the kit's language)."""
    fill, letter, kind = team_look(car.team, marks)
    items = _car_top(fill, letter, kind, car.number, 0, 0, cell, 2 * cell)
    items.append(Rect(0, 0, cell, 2 * cell, Style(stroke="#000000", stroke_width=0.3)))
    return Piece(cell, 2 * cell, tuple(items), name=f"car {car.number}")


def roof_spots(cell: float, lives: int = 7) -> tuple[tuple[float, float, str], ...]:
    """Where a car's starting counters sit on its 2 x 1 cell roof: (centre along the car from one end,
    diameter, label), its five-life then its one-life counters (`life_counters`: 7 lives are a five and two
    ones), an equal gap before, between and after them. When they do not fit in a row (8, 11 or more lives),
    one ring for each kind the car has, labelled with how many go on it (`2×5`)."""
    fives, ones = life_counters(lives)
    rings = [(FIVE_LIFE, "5")] * fives + [(ONE_LIFE, "1")] * ones
    if sum(size for size, _ in rings) + ROOF_GAP * (len(rings) + 1) > 2:
        rings = [(size, f"{count}×{value}" if count > 1 else value)
                 for size, value, count in ((FIVE_LIFE, "5", fives), (ONE_LIFE, "1", ones)) if count]
    gap = (2 * cell - sum(size * cell for size, _ in rings)) / (len(rings) + 1)
    spots, x = [], gap
    for size, label in rings:
        spots.append((x + size * cell / 2, size * cell, label))
        x += size * cell + gap
    return tuple(spots)


def car_standee(car: CarStart, cell: float, tr: Callable[[str], str] = str,
                marks: Mapping[str, str] | None = None) -> Piece:
    """A fold-up box car: two sides with the car on them, a flat roof where its life counters sit (printed
    rings show where), and two base flaps that meet under it (`tr` translates the flaps' note).

    Flat it is 2 cells long and (cell + 2 sides + 2 flaps) wide; folded, its footprint and its roof are
    exactly 1 x 2 cells. The team's mark comes from `marks` (`team_marks` of the kit's language).
    """
    fill, letter, kind = team_look(car.team, marks)
    side = STANDEE_SIDE * cell
    flap = cell / 2
    w = 2 * cell
    h = 2 * flap + 2 * side + cell
    items: list[Item] = [Rect(0, 0, w, h, Style(fill="#ffffff", stroke=None))]
    # sides: the car side view on both, the upper one upside down so both read upright when folded
    items.extend(_side_view(fill, letter, kind, car.number, 0, flap, w, side, upside_down=True))
    items.extend(_roof(fill, kind, flap + side, cell, car.lives))
    items.extend(_side_view(fill, letter, kind, car.number, 0, flap + side + cell, w, side, upside_down=False))
    for y in (flap, flap + side, flap + side + cell, h - flap):
        items.extend(fold_line(0, y, w, y))
    glue = tr("glue under")
    note = fit_size(glue, "sans", min(cell * 0.16, 2.5), w - 1.0)
    items.append(Text(w / 2, flap * 0.6, glue, note, "sans", "#777777", "middle", 180.0))
    items.append(Text(w / 2, h - flap * 0.4, glue, note, "sans", "#777777", "middle"))
    items.append(Rect(0, 0, w, h, CUT))
    return Piece(w, h, tuple(items), name=f"car {car.number}")


def _roof(fill: str, kind: str, y: float, cell: float, lives: int) -> list[Item]:
    """The roof, 2 cells long by 1 cell: team colour and pattern, and a ring for each starting counter of a
    car with `lives`, with its value (`roof_spots`)."""
    ink = ink_on(fill)
    w = 2 * cell
    items: list[Item] = [Rect(0, y, w, cell, Style(fill=fill, stroke=None))]
    items.extend(pattern(kind, 0, y, w, cell, ink))
    ring = Style(fill="#ffffff", stroke=ink, stroke_width=max(0.25, cell * 0.02), opacity=0.85)
    for x, size, label in roof_spots(cell, lives):
        items.append(Ellipse(x, y + cell / 2, size / 2, size / 2, ring))
        text = fit_size(label, "sans-bold", size * 0.42, size * 0.8)
        baseline = y + cell / 2 + size * 0.16 * (text / (size * 0.42))  # lowered less as a long label shrinks
        items.append(Text(x, baseline, label, text, "sans-bold", "#777777", "middle"))
    return items


def _side_view(fill: str, letter: str, kind: str, number: int, x: float, y: float, w: float, h: float,
               upside_down: bool) -> list[Item]:
    ink = ink_on(fill)
    items: list[Item] = [Rect(x, y, w, h, Style(fill=fill, stroke=None))]
    items.extend(pattern(kind, x, y, w, h, ink))
    r = h * 0.17
    wy = y + (r * 1.1 if upside_down else h - r * 1.1)
    for fx in (0.22, 0.78):
        items.append(Ellipse(x + w * fx, wy, r, r, Style(fill="#222222", stroke="#ffffff", stroke_width=0.3)))
    size = h * 0.42
    rotate = 180.0 if upside_down else 0.0
    base = y + h * 0.5 + (-size * 0.36 if upside_down else size * 0.36)
    items.append(Text(x + w / 2, base, f"{number}{letter}", size, "sans-bold", ink, "middle", rotate))
    return items


def life_counter(value: int, cell: float) -> Piece:
    """A round life counter (5 or 1): a car's five and two ones fit in a row on its roof (`roof_spots`)."""
    d = round(cell * (FIVE_LIFE if value >= 5 else ONE_LIFE), 2)
    fill = "#d62728" if value >= 5 else "#f4a6c6"
    ink = ink_on(fill)
    items: list[Item] = [Ellipse(d / 2, d / 2, d / 2, d / 2, Style(fill=fill, stroke="#000000", stroke_width=0.25))]
    items.append(_heart(d / 2, d * 0.27, d * 0.2, ink))
    items.append(Text(d / 2, d * 0.8, str(value), d * 0.42, "sans-bold", ink, "middle"))
    return Piece(d, d, tuple(items), outline="round", name=f"{value}-life counter")


def _heart(cx: float, cy: float, s: float, colour: str) -> Polygon:
    points = []
    for i in range(24):
        t = 2 * math.pi * i / 24
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((cx + x * s / 32, cy - y * s / 32))
    return Polygon(tuple(points), Style(fill=colour, stroke=None))


def mine_counter(cell: float, word: str) -> Piece:
    """A round mine (bomb) token sized to sit inside one cell."""
    d = round(cell * 0.8, 2)
    edge = Style(fill="#f0e442", stroke="#000000", stroke_width=0.25)
    items: list[Item] = [Ellipse(d / 2, d / 2, d / 2, d / 2, edge)]
    items.append(Ellipse(d / 2, d * 0.55, d * 0.27, d * 0.27, Style(fill="#222222", stroke=None)))
    items.append(Polygon(((d * 0.62, d * 0.32), (d * 0.72, d * 0.2), (d * 0.8, d * 0.16)),
                         Style(stroke="#222222", stroke_width=max(0.3, d * 0.04)), closed=False))
    items.append(Text(d / 2, d * 0.6, word[:1].upper(), d * 0.22, "sans-bold", "#f0e442", "middle"))
    return Piece(d, d, tuple(items), outline="round", name=word)


def wall_box(cell: float) -> Piece:
    """A fold-up wall: a tube whose footprint is 2 cells across by 1 cell deep (sides, top, base, glue tab)."""
    height = cell * 0.6
    tab = cell * 0.35
    w = 2 * cell
    faces = [("side", height), ("top", cell), ("side", height), ("base", cell)]
    items: list[Item] = []
    y = 0.0
    for name, size in faces:
        fill = "#5b4636" if name != "base" else "#d9cbbd"
        items.append(Rect(0, y, w, size, Style(fill=fill, stroke=None)))
        if name != "base":
            brick = Style(stroke="#a58a70", stroke_width=0.3)
            rows = max(2, round(size / (cell * 0.25)))
            for k in range(1, rows):
                items.append(Line(0, y + k * size / rows, w, y + k * size / rows, brick))
        y += size
    items.append(Polygon(((0, y), (tab * 0.6, y + tab), (w - tab * 0.6, y + tab), (w, y)),
                         Style(fill="#eeeeee", stroke="#000000", stroke_width=0.3)))
    fold = 0.0
    for _, size in faces:
        fold += size
        items.extend(fold_line(0, fold, w, fold))
    items.append(Rect(0, 0, w, y, CUT))
    return Piece(w, y + tab, tuple(items), name="wall")
