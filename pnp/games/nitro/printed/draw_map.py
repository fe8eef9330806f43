"""The Nitro Dice track map: the whole laid-out track on one page to scale, and optionally at full size.

Input: a `NitroTrack` and its `TrackGeometry`. Output: `Piece`s. The map page fills the printable area
it is given: title, the track drawn at the largest round scale 1:N that fits (turned a quarter when that
fits better), and a legend with a scale bar. Every card shows its number in driving order; the map also
shows the type colours, the Garage, the start grid, hazards, the finish line and the way racers drive.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from pnp.games.nitro.model import Kind, NitroTrack
from pnp.games.nitro.printed.draw_road import (
    GARAGE,
    ROAD,
    View,
    arrow,
    badge,
    checkered,
    die_marker,
    finish_line,
    hazard_mark,
    hazard_space,
    marker_point,
    offset,
    road_items,
    space_items,
)
from pnp.games.nitro.track.geometry import PlacedSection, Point, Pose, TrackGeometry
from pnp.games.nitro.track.grid import start_grid
from pnp.games.nitro.track.route import sections_crossed
from pnp.layout.scene import Group, Item, Line, Polygon, Rect, Style, Text, Transform
from pnp.layout.text import caps, fill_placeholders, fit_size, text_width_mm

SCALES = (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100)
"""Round map scales 1:N, tried from the largest picture down."""
PAD = 22.0
"""Table millimetres kept round the track for marks that reach past the road."""
HEADER = 17.0
LEGEND = 27.0
Translate = Callable[[str], str]


def _phrase(tr: Translate, text: str, **values: object) -> str:
    """`text` translated, its {placeholders} filled."""
    return fill_placeholders(tr(text), values)


@dataclass(frozen=True, slots=True)
class MapFit:
    """How the track goes on the map: scale 1:`ratio`, turned a quarter or not, the view into table mm."""

    ratio: float
    view: View
    width: float
    height: float
    """Size of the drawn track (with its pad) in table millimetres."""


def fit_track(geometry: TrackGeometry, box_w: float, box_h: float) -> MapFit:
    """The largest round scale (and orientation) at which the track with its pad fits a box_w x box_h box."""
    x0, y0, x1, y1 = geometry.bounds
    best: MapFit | None = None
    for turned in (False, True):
        w, h = (y1 - y0, x1 - x0) if turned else (x1 - x0, y1 - y0)
        w, h = w + 2 * PAD, h + 2 * PAD
        exact = max(w / box_w, h / box_h)
        ratio = next((float(n) for n in SCALES if n >= exact - 1e-9), math.ceil(exact))
        view = View(PAD - y0, PAD + x1, True) if turned else View(PAD - x0, PAD - y0, False)
        if best is None or ratio < best.ratio:
            best = MapFit(ratio, view, w, h)
    assert best is not None
    return best


def _arrow_pose(section: PlacedSection) -> tuple[float, float, float]:
    """A point on the centre line in the last row of spaces, and the heading there."""
    last = max(s.number for s in section.spaces)
    pair = [s for s in section.spaces if s.number == last]
    x = sum(s.centre.x for s in pair) / len(pair)
    y = sum(s.centre.y for s in pair) / len(pair)
    return x, y, pair[0].heading


def track_items(track: NitroTrack, geometry: TrackGeometry, view: View, ink: float, tr: Translate = str) -> list[Item]:
    """The whole track in table millimetres: roads, Garage, bridges on top, then every mark (`tr` translates
    the turn-back label)."""
    width = track.geometry.card_width
    bridges = [s for s in geometry.sections if track.sections[s.number - 1].over]
    items: list[Item] = []
    for section in geometry.sections:
        if section not in bridges:
            items.extend(road_items(section, view, ink))
    garage = geometry.garage
    if garage is not None:
        items.append(Polygon(view.poly(garage.outline), Style(fill=GARAGE, stroke="#3a3a3a", stroke_width=0.6 * ink)))
        items.extend(space_items(garage.spaces, view, ink))
    for section in bridges:
        items.append(Polygon(view.poly(section.outline), Style(stroke="#000000", stroke_width=3.0 * ink)))
        items.extend(road_items(section, view, ink))
    items.extend(finish_line(track, geometry, view))
    for section in geometry.sections:
        for hazard in track.sections[section.number - 1].hazards:
            space = hazard_space(section, hazard.lane, hazard.space)
            if space is not None:
                x, y = view.pt(marker_point(section, space))
                items.extend(hazard_mark(x, y, width * 0.26, hazard.kind, ink))
    for section in geometry.sections:
        x, y, heading = _arrow_pose(section)
        items.append(arrow(*view.pt(Point(x, y)), view.heading(heading), width * 0.22))
    if track.race.type == "out-and-back":
        items.extend(_turn_back(geometry.sections[-1].exit, width, view, tr))
    for section in geometry.sections:
        x, y = view.pt(section.centre)
        items.extend(badge(x, y, width * 0.19, str(section.number), ink))
    if garage is not None:
        x, y = view.pt(garage.centre)
        items.extend(badge(x, y, width * 0.19, "G", ink, GARAGE))
        items.append(
            arrow(
                *view.pt(offset(Pose(garage.centre.x, garage.centre.y, garage.heading), width * 0.4, 0)),
                view.heading(garage.heading),
                width * 0.22,
            )
        )
    by_number = {s.number: s for s in geometry.sections}
    for slot in start_grid(track, geometry):
        x, y = view.pt(marker_point(by_number[slot.section], slot.space))
        items.extend(die_marker(x, y, width * 0.22, slot.position, ink))
    return items


def _turn_back(exit: Pose, width: float, view: View, tr: Translate) -> list[Item]:
    """A label just past the far end of an out-and-back route."""
    x, y = view.pt(offset(exit, width * 0.28, 0.0))
    size = width * 0.17
    label = caps(tr("Turn back"))
    return [
        Rect(
            x - size * 2.4,
            y - size * 0.8,
            size * 4.8,
            size * 1.3,
            Style(fill="#ffffff", stroke="#000000", stroke_width=0.2 * width / 63),
            radius=size * 0.3,
        ),
        Text(x, y + size * 0.15, label, fit_size(label, "sans-bold", size * 0.75, size * 4.5), "sans-bold",
             anchor="middle"),
    ]


def _race_line(track: NitroTrack, tr: Translate) -> str:
    """The race in one line: laps (or the out-and-back route), players, cards, sections to cross."""
    laps = track.race.laps
    race = (
        _phrase(tr, "out to card {card}, turn back and return to the finish line", card=len(track.sections))
        if track.race.type == "out-and-back"
        else _phrase(tr, "{laps} lap" if laps == 1 else "{laps} laps", laps=laps)
    )
    return " · ".join((race, _phrase(tr, "{players} players", players=track.players),
                       _phrase(tr, "{cards} cards", cards=len(track.sections)),
                       _phrase(tr, "{sections} sections to cross to win", sections=sections_crossed(track))))


def _card_counts(track: NitroTrack, tr: Translate) -> str:
    counts = {kind: sum(1 for s in track.sections if s.type == kind) for kind in Kind}
    parts = [f"{n} {tr(kind.label)}" for kind, n in counts.items() if n]
    if track.garage is not None:
        parts.append(f"1 {tr('Garage')}")
    return _phrase(tr, "Cards on the table: {cards}", cards=", ".join(parts))


def _bar_length(ratio: float) -> float:
    """A round table length (mm) whose scale-bar is 25 to 70 mm long on paper."""
    for length in (50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000):
        if length / ratio >= 25:
            return float(length)
    return 10000.0


def _key_row(track: NitroTrack, width: float, row: float, tr: Translate) -> list[Item]:
    """The legend's row of marks, each with its (translated) words; a mark moves right of the words before it
    when they are long, and the words shrink when the row would not fit the map's width."""
    keys: list[tuple[float, float, str, Callable[[float], list[Item]]]] = [
        (0.0, 6.5, tr("card number, in driving order"), lambda x: badge(x + 2.5, row + 1.8, 2.4, "7", 0.2)),
        (58.0, 6.0, tr("driving direction"), lambda x: [arrow(x + 2.0, row + 1.8, 0.0, 4.0)]),
        (93.2, 5.3, tr("start grid (1 = front)"), lambda x: die_marker(x + 1.8, row + 1.8, 3.6, 1, 0.2)),
        (131.0, 10.0, tr("finish line"),
         lambda x: checkered(Point(x, row + 0.3), Point(x + 8, row + 0.3), Point(x, row + 3.3), View(), 4)),
    ]
    if any(s.hazards for s in track.sections):
        keys.append((width - 26.0, 5.0, tr("hazard"), lambda x: hazard_mark(x + 2.0, row + 1.6, 4.0, "", 0.2)[:2]))
    size = 2.6
    for _ in range(2):
        places, end = [], 0.0
        for nominal, gap, words, _draw in keys:
            x = max(nominal, end + 3.0 if end else 0.0)
            places.append(x)
            end = x + gap + text_width_mm(words, "sans", size)
        if end <= width:
            break
        size *= (width - sum(gap + 3.0 for _, gap, _, _ in keys)) / sum(text_width_mm(w, "sans", size)
                                                                       for _, _, w, _ in keys)
    items: list[Item] = []
    for x, (_, gap, words, draw) in zip(places, keys, strict=True):
        items.extend(draw(x))
        items.append(Text(x + gap, row + 3.0, words, size))
    return items


def _legend(track: NitroTrack, ratio: float, width: float, top: float, tr: Translate) -> list[Item]:
    items: list[Item] = []
    keys = [(ROAD[k], tr(k.label)) for k in (Kind.START_FINISH, Kind.STRAIGHT, Kind.TURN_A, Kind.TURN_B)]
    keys.append((GARAGE, f"{tr('Garage')} (G)"))
    x = 0.0
    for fill, label in keys:
        items.append(Rect(x, top, 7, 4, Style(fill=fill, stroke="#3a3a3a", stroke_width=0.2)))
        items.append(Text(x + 8.5, top + 3.2, label, 2.8))
        x += 12 + max(len(label) * 1.55, text_width_mm(label, "sans", 2.8) + 1.0)  # wide scripts: measured
    items.extend(_key_row(track, width, top + 6.5, tr))
    row = top + 13.0
    bar = _bar_length(ratio)
    length = bar / ratio
    for i in range(5):
        items.append(
            Rect(i * length / 5, row, length / 5, 2.0, Style(fill="#000000" if i % 2 == 0 else "#ffffff", stroke=None))
        )
    items.append(Rect(0, row, length, 2.0, Style(stroke="#000000", stroke_width=0.15)))
    items.append(Line(0, row - 1, 0, row + 3, Style(stroke="#000000", stroke_width=0.2)))
    items.append(Line(length, row - 1, length, row + 3, Style(stroke="#000000", stroke_width=0.2)))
    items.append(Text(length + 2, row + 2.2, _phrase(tr, "{length} cm on the table", length=f"{bar / 10:g}"), 2.6))
    items.append(Text(width, row + 2.2, _phrase(tr, "Scale 1:{ratio}", ratio=f"{ratio:g}"), 3.4, "sans-bold",
                      anchor="end"))
    items.append(Text(0, row + 6.5, _card_counts(track, tr), 2.6, color="#333333"))
    return items


def map_piece(
    track: NitroTrack, geometry: TrackGeometry, width: float, height: float, tr: Callable[[str], str] = str
) -> tuple[MapFit, tuple[Item, ...]]:
    """The map page's drawing for a width x height mm piece, and how the track was fitted; `tr` translates
    the legend."""
    box_h = height - HEADER - LEGEND
    fit = fit_track(geometry, width, box_h)
    scale = 1.0 / fit.ratio
    ox = (width - fit.width * scale) / 2
    oy = HEADER + (box_h - fit.height * scale) / 2
    ink = max(fit.ratio / 5, 0.6)
    title = _phrase(tr, "{name} — track map", name=track.name or tr("Nitro Dice track"))
    items: list[Item] = [
        Text(0, 6.5, title, 6.0, "sans-bold"),
        Text(0, 12.5, _race_line(track, tr), 3.2, color="#333333"),
        Group(tuple(track_items(track, geometry, fit.view, ink, tr)), Transform(ox, oy, 0.0, scale), label="track"),
        *_legend(track, fit.ratio, width, height - LEGEND + 3.0, tr),
    ]
    return fit, tuple(items)


def _tiles(length: float, window: float, overlap: float) -> int:
    """Sheets across one side of a board, counted as the layout tiles it."""
    return 1 if length <= window else math.ceil((length - overlap) / (window - overlap))


def full_size_drawing(
    track: NitroTrack, geometry: TrackGeometry, area_w: float, area_h: float, overlap: float, tr: Translate = str
) -> tuple[float, float, tuple[Item, ...]]:
    """The whole track at 1:1 with a title in its corner: (width, height, items); `tr` translates its words.

    The track is turned a quarter when that needs fewer area_w x area_h tiles.
    """
    x0, y0, x1, y1 = geometry.bounds
    top = 14.0
    w, h = x1 - x0 + 2 * PAD, y1 - y0 + 2 * PAD + top
    turned_w, turned_h = y1 - y0 + 2 * PAD, x1 - x0 + 2 * PAD + top
    plain = _tiles(w, area_w, overlap) * _tiles(h, area_h, overlap)
    turned = _tiles(turned_w, area_w, overlap) * _tiles(turned_h, area_h, overlap) < plain
    view = View(PAD - y0, PAD + top + x1, True) if turned else View(PAD - x0, PAD + top - y0)
    title = _phrase(tr, "{name} — full size (1:1)", name=track.name or tr("Nitro Dice track"))
    items = (Text(PAD, PAD, title, 8.0, "sans-bold"), *track_items(track, geometry, view, 0.6, tr))
    return (turned_w, turned_h, items) if turned else (w, h, items)
