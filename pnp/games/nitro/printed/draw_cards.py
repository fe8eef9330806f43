"""Nitro Dice cards as pieces: one numbered card per track section, the Garage, and the racers' cards.

Input: a `NitroTrack` and its `TrackGeometry`. Output: `Piece`s of `card_width` x `card_length` mm.
A track card is drawn with its road running up the card (entry at the bottom edge). A turn is the same
ring sector the map uses, scaled down to lie whole on the card below its header: a card cannot hold the
bend at table size, so it shows the whole bend, its two lanes and its spaces, smaller.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.games.nitro.model import Kind, NitroTrack, Section
from pnp.games.nitro.printed.draw_road import (
    GARAGE,
    PLAYER_COLOURS,
    View,
    arrow,
    badge,
    die_marker,
    finish_line,
    hazard_mark,
    road_items,
)
from pnp.games.nitro.track.geometry import PlacedSection, Pose, Space, TrackGeometry, place_section, straight_inside
from pnp.games.nitro.track.grid import StartSlot
from pnp.layout.pieces import Piece
from pnp.layout.scene import Group, Item, Rect, Style, Text, Transform
from pnp.layout.text import caps, fill_placeholders, fit_size

Translate = Callable[[str], str]

VERGE = "#f4f1e8"
CORNER = 3.0
"""Corner radius of every card's cut outline."""
HEADER_MM = 15.0
"""Height of the card's header band (number badge, type box); a turn's road is drawn below it."""
TURN_MARGIN = 3.0
"""White space (mm) between a turn's road and the card's edges."""


def _on_card(track: NitroTrack, number: int, section: Section, inside: str) -> PlacedSection:
    """Place the section so the middle of its centre line is at the card's centre, driving up the card."""
    g = track.geometry
    w, length = g.card_width, g.card_length
    if not section.type.is_turn:
        return place_section(number, section, Pose(w / 2, length, -90.0), g, inside)
    angle = g.turn_a_angle if section.type == Kind.TURN_A else g.turn_b_angle
    heading = -90.0 + (angle / 2 if section.turns_left else -angle / 2)
    trial = place_section(number, section, Pose(0.0, 0.0, heading), g, inside)
    dx, dy = w / 2 - trial.centre.x, length / 2 - trial.centre.y
    return place_section(number, section, Pose(dx, dy, heading), g, inside)


def _clip(points: list[tuple[float, float]], axis: int, limit: float, keep_below: bool) -> list[tuple[float, float]]:
    """One Sutherland-Hodgman step: the part of a polygon on one side of the line `axis` = `limit`."""

    def keeps(p: tuple[float, float]) -> bool:
        return p[axis] <= limit if keep_below else p[axis] >= limit

    kept: list[tuple[float, float]] = []
    for i, current in enumerate(points):
        previous = points[i - 1]
        if keeps(current) != keeps(previous):
            f = (limit - previous[axis]) / (current[axis] - previous[axis])
            kept.append((previous[0] + f * (current[0] - previous[0]), previous[1] + f * (current[1] - previous[1])))
        if keeps(current):
            kept.append(current)
    return kept


def _visible(space: Space, w: float, length: float, inset: float) -> tuple[float, float]:
    """A label point for `space`: the centroid of the part of it that lies on the card (less an inset)."""
    points = [(p.x, p.y) for p in space.outline]
    for axis, limit, below in ((0, inset, False), (0, w - inset, True), (1, inset, False), (1, length - inset, True)):
        if points:
            points = _clip(points, axis, limit, below)
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-6:
        return space.centre.x, space.centre.y
    return cx / (3 * area), cy / (3 * area)


def _header(w: float, label: str, title: str, fill: str = "#ffffff") -> list[Item]:
    """The number badge in the top-left corner and the card's type in a box at the top right."""
    size = 3.0
    box_w = min(w - 17.0, len(title) * size * 0.62 + 4)
    size = fit_size(title, "sans-bold", size, box_w - 1.0)
    return [
        *badge(8.0, 8.0, 5.8, label, 0.5, fill),
        Rect(
            w - 3 - box_w, 3.2, box_w, size + 2.6, Style(fill="#ffffff", stroke="#3a3a3a", stroke_width=0.2), radius=1.2
        ),
        Text(w - 3 - box_w / 2, 3.2 + size + 0.9, title, size, "sans-bold", anchor="middle"),
    ]


def _title(section: Section, tr: Translate) -> str:
    if section.type.is_turn:
        return f"{tr(section.type.label)} · {tr('left' if section.turns_left else 'right')}"
    return tr(section.type.label)


def _turn_fit(placed: PlacedSection, w: float, length: float) -> Transform:
    """Scale and shift that put a turn's whole road on the card, below the header, centred."""
    xs = [p.x for p in placed.outline]
    ys = [p.y for p in placed.outline]
    room_w, room_h = w - 2 * TURN_MARGIN, length - HEADER_MM - TURN_MARGIN
    k = min(room_w / (max(xs) - min(xs)), room_h / (max(ys) - min(ys)), 1.0)
    dx = (w - k * (max(xs) - min(xs))) / 2 - k * min(xs)
    dy = HEADER_MM + (room_h - k * (max(ys) - min(ys))) / 2 - k * min(ys)
    return Transform(dx, dy, 0.0, k)


def track_card(track: NitroTrack, number: int, slots: tuple[StartSlot, ...], tr: Translate = str) -> Piece:
    """The printed card of section `number`: road, spaces, hazards, start grid, number and type (through
    `tr`). A turn's road is scaled to lie whole on the card (`_turn_fit`); marks keep their size."""
    g = track.geometry
    w, length = g.card_width, g.card_length
    section = track.sections[number - 1]
    placed = _on_card(track, number, section, straight_inside(track))
    view = View()
    fit = _turn_fit(placed, w, length) if section.type.is_turn else Transform()
    k = fit.scale

    def at(x: float, y: float) -> tuple[float, float]:
        return fit.dx + k * x, fit.dy + k * y

    road = road_items(placed, view, 1.0 / k)
    items: list[Item] = [Rect(0, 0, w, length, Style(fill=VERGE, stroke=None)),
                         *(road if k == 1.0 else [Group(tuple(road), fit, label="road")])]
    hazards: dict[tuple[str, int], str] = {(h.lane, h.space): h.kind for h in section.hazards}
    starts = {(slot.space.lane, slot.space.number) for slot in slots if slot.section == number}
    for space in placed.spaces:
        x, y = at(*_visible(space, w, length, 6.0)) if k == 1.0 else at(space.centre.x, space.centre.y)
        kind = hazards.get((space.lane, space.number))
        if kind is not None:
            items.extend(hazard_mark(x, y, min(w, length) * 0.22 * k, kind, 1.0))
        elif (space.lane, space.number) not in starts:
            items.append(Text(x, y + 1.2, f"{space.number}", 3.4, "sans", "#5a5a5a", "middle"))
    if number == 1:
        entry = TrackGeometry((placed,), None, (0.0, 0.0, w, length))
        items.extend(finish_line(track, entry, view))
    for slot in slots:
        if slot.section == number:
            space = next(s for s in placed.spaces if s.lane == slot.space.lane and s.number == slot.space.number)
            side = min(w * 0.16, length / g.spaces_per_lane * 0.45) * k
            x, y = at(*_visible(space, w, length, 0.0)) if k == 1.0 else at(space.centre.x, space.centre.y)
            toward_middle = side * 0.35 * ((y < length / 2) - (y > length / 2)) if k == 1.0 else 0.0
            items.extend(die_marker(x, y + toward_middle, side, slot.position, 1.0))
    items.append(arrow(*at(placed.centre.x, placed.centre.y), -90.0, w * 0.16 * k))
    items.extend(_header(w, str(number), _title(section, tr)))
    return _card(w, length, items, f"card {number} {section.type.label}")


def _note(w: float, length: float, text: str) -> Item:
    return Text(w / 2, length - 2.2, text, fit_size(text, "sans", 2.2, w - 3.0), "sans", "#333333", "middle")


def garage_card(track: NitroTrack, tr: Translate = str) -> Piece:
    """The Garage: three spaces in a row along the card, numbered from the end racers drive in at."""
    g = track.geometry
    w, length = g.card_width, g.card_length
    items: list[Item] = [Rect(0, 0, w, length, Style(fill=GARAGE, stroke=None))]
    step = length / 3
    for k in range(3):
        y = length - (k + 1) * step
        items.append(Rect(0, y, w, step, Style(stroke="#ffffff", stroke_width=0.8)))
        items.append(Text(w * 0.28, y + step / 2 + 2.5, str(k + 1), 7.0, "sans-bold", "#ffffff", "middle"))
    items.append(arrow(w / 2, length / 2, -90.0, w * 0.16))
    items.extend(_header(w, "G", tr("Garage"), GARAGE))
    garage = track.garage
    if garage is not None:
        where = {"left": "lay it on the left of card {card}", "right": "lay it on the right of card {card}"}
        note = tr(where.get(garage.side or "", "lay it on the outside of card {card}"))
        items.append(_note(w, length, fill_placeholders(note, {"card": garage.beside})))
    return _card(w, length, items, "Garage")


def _line(x: float, y: float, text: str, size: float, font: str, colour: str, room: float) -> Text:
    """A centred line of text, set smaller when it is wider than `room` (a long translation)."""
    return Text(x, y, text, fit_size(text, font, size, room), font, colour, "middle")


def _card(w: float, length: float, items: list[Item], name: str) -> Piece:
    clipped = Group(tuple(items), clip=Rect(0, 0, w, length, Style()), label=name)
    return Piece(w, length, (clipped,), corner_radius=CORNER, name=name)


def condition_card(track: NitroTrack, player: int, tr: Translate = str) -> Piece:
    """A Vehicle Condition card: a ladder from 9 (top) down to 0 for the condition marker."""
    w, length = track.geometry.card_width, track.geometry.card_length
    name, colour = PLAYER_COLOURS[(player - 1) % len(PLAYER_COLOURS)]
    top = length * 0.2
    row = (length - top - 4.0) / 10
    items: list[Item] = [
        Rect(0, 0, w, length, Style(fill="#ffffff", stroke=None)),
        Rect(0, 0, w, top - 2.0, Style(fill=colour, stroke=None)),
        _line(w / 2, top * 0.42, tr("Vehicle condition"), 4.2, "sans-bold", "#ffffff", w - 4.0),
        _line(w / 2, top * 0.42 + 5.0, fill_placeholders(tr("{colour} racer · top speed and hand limit"),
                                                         {"colour": tr(name)}), 2.4, "sans", "#ffffff", w - 4.0),
    ]
    for i, value in enumerate(range(9, -1, -1)):
        y = top + i * row
        items.append(
            Rect(
                6.0,
                y,
                w - 12.0,
                row,
                Style(fill="#f2f2f2" if value % 2 else "#ffffff", stroke="#555555", stroke_width=0.25),
            )
        )
        items.append(Text(14.0, y + row * 0.72, str(value), row * 0.75, "sans-bold", anchor="middle"))
    items.append(Text(w - 8.0, top + row * 0.66, tr("start"), 2.6, "sans", "#555555", "end"))
    room = w - 8.0 - 24.0  # right of the ladder's numbers
    for at, text in ((1.66, "garage at 8 or less"), (9.66, "one step down per damage")):
        label = tr(text)
        items.append(Text(w - 8.0, top + row * at, label, fit_size(label, "sans", 2.2, room), "sans", "#555555",
                          "end"))
    return _card(w, length, items, f"condition {name}")


def player_card(track: NitroTrack, player: int, tr: Translate = str) -> Piece:
    """A Player ID card in the racer's colour."""
    w, length = track.geometry.card_width, track.geometry.card_length
    name, colour = PLAYER_COLOURS[(player - 1) % len(PLAYER_COLOURS)]
    side = w * 0.4
    items: list[Item] = [
        Rect(0, 0, w, length, Style(fill=colour, stroke=None)),
        Rect(4, 4, w - 8, length - 8, Style(stroke="#ffffff", stroke_width=0.8), radius=2.0),
        _line(w / 2, length * 0.3, caps(tr(name)), 8.0, "sans-bold", "#ffffff", w - 10.0),
        Rect(
            w / 2 - side / 2,
            length * 0.42,
            side,
            side,
            Style(fill="#ffffff", stroke="#000000", stroke_width=0.4),
            radius=side * 0.18,
        ),
        Text(w / 2, length * 0.42 + side * 0.68, str(player), side * 0.6, "sans-bold", colour, "middle"),
        _line(w / 2, length - 9.0, tr("Player ID"), 3.4, "sans-bold", "#ffffff", w - 10.0),
    ]
    return _card(w, length, items, f"player {name}")


def nitro_card(track: NitroTrack, tr: Translate = str) -> Piece:
    """A Nitro card: two extra moves this turn, on straight track only."""
    w, length = track.geometry.card_width, track.geometry.card_length
    items: list[Item] = [
        Rect(0, 0, w, length, Style(fill="#1d1f24", stroke=None)),
        _line(w / 2, length * 0.3, caps(tr("Nitro")), 11.0, "sans-bold", "#ff9f1c", w - 6.0),
        *(arrow(w / 2, length * (0.44 + 0.1 * i), -90.0, w * 0.22, "#ff9f1c") for i in range(2)),
        _line(w / 2, length * 0.74, tr("+2 moves onto the next"), 3.0, "sans", "#ffffff", w - 6.0),
        _line(w / 2, length * 0.74 + 4.2, tr("two spaces, straight track only"), 3.0, "sans", "#ffffff", w - 6.0),
        _line(w / 2, length * 0.74 + 8.4, tr("discard after use"), 2.6, "sans", "#bbbbbb", w - 6.0),
    ]
    return _card(w, length, items, "nitro")
