"""Shared drawing pieces for Nitro Dice cards and maps: colours, road and space shapes, marks, start grid.

Input: placed geometry (`pnp.games.nitro.track.geometry`) and a `View` that turns table points into drawing
points (a quarter turn and a shift). Output: scene items in the view's coordinates, table millimetres.
Marks (badges, arrows, hazards) are sized in table millimetres so they sit on the road at any scale.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.games.nitro.model import Kind, NitroTrack
from pnp.games.nitro.track.geometry import PlacedSection, Point, Pose, Space, TrackGeometry
from pnp.layout.scene import Ellipse, Item, Polygon, Rect, Style, Text

ROAD = {
    Kind.START_FINISH: "#9aa0a8",
    Kind.STRAIGHT: "#c9ccd1",
    Kind.TURN_A: "#f3d35c",
    Kind.TURN_B: "#e8847f",
}
"""Road fill per card type: Turn A is the yellow turn, Turn B the red one."""
GARAGE = "#a9c4e6"
HAZARD = "#e0701b"
PLAYER_COLOURS = (
    ("Red", "#d62728"),
    ("Blue", "#1f66b4"),
    ("Green", "#2ca02c"),
    ("Yellow", "#f2c12e"),
    ("Purple", "#8e44ad"),
    ("Orange", "#ff7f0e"),
)
"""One colour per racer, in player order."""


@dataclass(frozen=True, slots=True)
class View:
    """Table to drawing coordinates: rotate a quarter turn anticlockwise when `turned`, then shift."""

    dx: float = 0.0
    dy: float = 0.0
    turned: bool = False

    def pt(self, p: Point) -> tuple[float, float]:
        x, y = (p.y, -p.x) if self.turned else (p.x, p.y)
        return x + self.dx, y + self.dy

    def heading(self, heading: float) -> float:
        return heading - 90.0 if self.turned else heading

    def poly(self, points: tuple[Point, ...]) -> tuple[tuple[float, float], ...]:
        return tuple(self.pt(p) for p in points)


def road_items(section: PlacedSection, view: View, ink: float) -> list[Item]:
    """The card's road filled with its type colour and the outline of every space."""
    items: list[Item] = [Polygon(view.poly(section.outline), Style(fill=ROAD[section.kind], stroke=None))]
    items.extend(space_items(section.spaces, view, ink))
    items.append(Polygon(view.poly(section.outline), Style(stroke="#3a3a3a", stroke_width=0.6 * ink)))
    return items


def space_items(spaces: tuple[Space, ...], view: View, ink: float) -> list[Item]:
    """Thin white outlines of spaces (the lane line and the lines between spaces)."""
    return [Polygon(view.poly(s.outline), Style(stroke="#ffffff", stroke_width=0.5 * ink)) for s in spaces]


def badge(x: float, y: float, radius: float, label: str, ink: float, fill: str = "#ffffff") -> list[Item]:
    """A numbered disc."""
    size = radius * (1.15 if len(label) == 1 else 0.95 if len(label) == 2 else 0.7)
    return [
        Ellipse(x, y, radius, radius, Style(fill=fill, stroke="#000000", stroke_width=0.5 * ink)),
        Text(x, y + size * 0.36, label, size, "sans-bold", anchor="middle"),
    ]


def arrow(x: float, y: float, heading: float, length: float, colour: str = "#000000") -> Polygon:
    """A filled arrow head centred on (x, y) pointing along `heading`."""
    rad = math.radians(heading)
    fx, fy = math.cos(rad), math.sin(rad)
    lx, ly = fy, -fx
    half = length / 2
    tip = (x + fx * half, y + fy * half)
    back = (x - fx * half, y - fy * half)
    notch = (x - fx * half * 0.3, y - fy * half * 0.3)
    wing = length * 0.45
    return Polygon(
        (tip, (back[0] + lx * wing, back[1] + ly * wing), notch, (back[0] - lx * wing, back[1] - ly * wing)),
        Style(fill=colour, stroke=None),
    )


def hazard_mark(x: float, y: float, size: float, kind: str, ink: float) -> list[Item]:
    """A warning triangle with `!` and the hazard's name below it."""
    h = size * 0.87
    items: list[Item] = [
        Polygon(
            ((x, y - h * 0.6), (x + size / 2, y + h * 0.4), (x - size / 2, y + h * 0.4)),
            Style(fill=HAZARD, stroke="#000000", stroke_width=0.4 * ink),
        ),
        Text(x, y + h * 0.3, "!", size * 0.55, "sans-bold", anchor="middle"),
    ]
    label = size * 0.34
    items.append(Rect(x - size * 0.75, y + h * 0.48, size * 1.5, label * 1.15, Style(fill="#ffffff", stroke=None)))
    items.append(Text(x, y + h * 0.48 + label * 0.9, kind, label, "sans-bold", HAZARD, "middle"))
    return items


def checkered(a: Point, b: Point, a2: Point, view: View, squares: int = 8) -> list[Item]:
    """A two-row chequered band along the edge a→b, reaching `a2` (a moved across the band's depth)."""
    (ax, ay), (bx, by), (cx, cy) = view.pt(a), view.pt(b), view.pt(a2)
    ux, uy = (bx - ax) / squares, (by - ay) / squares
    nx, ny = (cx - ax) / 2, (cy - ay) / 2
    items: list[Item] = []
    for i in range(squares):
        for j in range(2):
            ox, oy = ax + ux * i + nx * j, ay + uy * i + ny * j
            fill = "#000000" if (i + j) % 2 == 0 else "#ffffff"
            items.append(
                Polygon(
                    ((ox, oy), (ox + ux, oy + uy), (ox + ux + nx, oy + uy + ny), (ox + nx, oy + ny)),
                    Style(fill=fill, stroke=None),
                )
            )
    return items


def die_marker(x: float, y: float, side: float, position: int, ink: float) -> list[Item]:
    """A small black die showing a grid position."""
    return [
        Rect(
            x - side / 2,
            y - side / 2,
            side,
            side,
            Style(fill="#000000", stroke="#000000", stroke_width=0.4 * ink),
            radius=side * 0.18,
        ),
        Text(x, y + side * 0.25, str(position), side * 0.7, "sans-bold", "#ffffff", "middle"),
    ]


def offset(pose: Pose, along: float, left: float) -> Point:
    """The point `along` mm ahead of `pose` and `left` mm to its left (negative: right)."""
    rad = math.radians(pose.heading)
    fx, fy = math.cos(rad), math.sin(rad)
    return Point(pose.x + fx * along + fy * left, pose.y + fy * along - fx * left)


def finish_line(track: NitroTrack, geometry: TrackGeometry, view: View) -> list[Item]:
    """The chequered line on the Start/Finish card: at its entry for a lap race, where racers come round;
    at its exit for an out-and-back race, where they come back onto it."""
    if not geometry.sections:
        return []
    card = geometry.sections[0]
    half = track.geometry.card_width / 2
    depth = min(track.geometry.card_length / 14, 6.0)
    if track.race.type == "laps":
        pose, into = card.entry, depth
    else:
        pose, into = card.exit, -depth
    a, b = offset(pose, 0.0, -half), offset(pose, 0.0, half)
    return checkered(a, b, offset(pose, into, -half), view)


def marker_point(section: PlacedSection, space: Space) -> Point:
    """A start marker's place: the space's centre, pushed towards the road's edge to leave the middle free."""
    partner = next((s for s in section.spaces if s.number == space.number and s.lane != space.lane), space)
    mx, my = (space.centre.x + partner.centre.x) / 2, (space.centre.y + partner.centre.y) / 2
    return Point(mx + (space.centre.x - mx) * 1.3, my + (space.centre.y - my) * 1.3)


def hazard_space(section: PlacedSection, lane: str, number: int) -> Space | None:
    """The space a hazard names, or None when the card has no such space."""
    return next((s for s in section.spaces if s.lane == lane and s.number == number), None)
