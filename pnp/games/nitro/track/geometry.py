"""Where every card of a Nitro Dice track lies on the table, in millimetres.

Input: a `NitroTrack`. Output: `TrackGeometry`, plain frozen dataclasses of points and polygons that a
drawing needs without knowing the game: for each section its outline, convex parts, centre, headings,
entry and exit poses and the outline and centre of every space; the Garage likewise.

Coordinates follow the page: x to the right, y down, millimetres. A heading is in degrees, measured
clockwise on the page from +x, so heading 0 drives to the right and heading -90 drives up the page.
The Start/Finish card is entered at (0, 0) with heading 0. A Straight (and the Start/Finish) is a
`card_width` x `card_length` rectangle; a turn is a ring sector whose centre line has radius
`turn_radius` and sweeps `turn_a_angle` or `turn_b_angle`. Each card begins where the previous ends.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.games.nitro.model import Geometry, Kind, NitroTrack, Section

OUTLINE_STEP_DEG = 3.0
"""Largest angle between two outline points of a turn (smooth enough to draw)."""
PART_STEP_DEG = 15.0
"""Largest angle of one convex part of a turn (for overlap tests)."""
GARAGE_SPACES = 3


@dataclass(frozen=True, slots=True)
class Point:
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Pose:
    """A position and a heading (degrees, clockwise on the page from +x)."""

    x: float
    y: float
    heading: float

    @property
    def point(self) -> Point:
        return Point(self.x, self.y)


Polygon = tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class Space:
    """One space a die can stand on: its lane (inside, outside or garage), number from the entry, shape."""

    lane: str
    number: int
    centre: Point
    heading: float
    outline: Polygon


@dataclass(frozen=True, slots=True)
class PlacedSection:
    """One card placed on the table."""

    number: int
    kind: Kind
    turn: str | None
    """"left" or "right" for turn cards, None otherwise."""
    inside: str
    """Which side of the road ("left" or "right", looking ahead) holds the inside lane."""
    entry: Pose
    exit: Pose
    centre: Point
    heading: float
    """Heading at the middle of the card."""
    outline: Polygon
    parts: tuple[Polygon, ...]
    """Convex pieces whose union is the outline."""
    spaces: tuple[Space, ...]


@dataclass(frozen=True, slots=True)
class PlacedGarage:
    """The Garage card beside its host section."""

    beside: int
    side: str
    centre: Point
    heading: float
    outline: Polygon
    spaces: tuple[Space, ...]


@dataclass(frozen=True, slots=True)
class TrackGeometry:
    sections: tuple[PlacedSection, ...]
    garage: PlacedGarage | None
    bounds: tuple[float, float, float, float]
    """min x, min y, max x, max y over every outline."""


def _direction(heading: float) -> tuple[float, float]:
    rad = math.radians(heading)
    return math.cos(rad), math.sin(rad)


def _left(heading: float) -> tuple[float, float]:
    dx, dy = _direction(heading)
    return dy, -dx


def _side(heading: float, side: str) -> tuple[float, float]:
    lx, ly = _left(heading)
    return (lx, ly) if side == "left" else (-lx, -ly)


def normalise(heading: float) -> float:
    """A heading folded into (-180, 180]."""
    folded = math.fmod(heading, 360.0)
    if folded <= -180.0:
        folded += 360.0
    elif folded > 180.0:
        folded -= 360.0
    return 0.0 if abs(folded) < 1e-9 else folded


class _Frame:
    """Maps (along, across) road coordinates of one card to page points."""

    def __init__(self, entry: Pose, kind: Kind, turn: str | None, geometry: Geometry):
        self.entry = entry
        self.turn = turn
        self.width = geometry.card_width
        if turn is None:
            self.length = geometry.card_length
            self.angle = 0.0
        else:
            self.angle = geometry.turn_a_angle if kind == Kind.TURN_A else geometry.turn_b_angle
            self.radius = geometry.turn_radius
            sx, sy = _side(entry.heading, turn)
            self.cx, self.cy = entry.x + sx * self.radius, entry.y + sy * self.radius
            self.sign = -1.0 if turn == "left" else 1.0

    def pose(self, t: float, offset: float = 0.0) -> Pose:
        """The pose at fraction `t` (0 entry, 1 exit) of the card, `offset` mm to the left of the centre line."""
        if self.turn is None:
            dx, dy = _direction(self.entry.heading)
            lx, ly = _left(self.entry.heading)
            along = t * self.length
            return Pose(
                self.entry.x + dx * along + lx * offset, self.entry.y + dy * along + ly * offset, self.entry.heading
            )
        heading = self.entry.heading + self.sign * self.angle * t
        sx, sy = _side(heading, self.turn)
        toward_centre = offset if self.turn == "left" else -offset
        radius = self.radius - toward_centre
        return Pose(self.cx - sx * radius, self.cy - sy * radius, heading)

    def point(self, t: float, offset: float) -> Point:
        return self.pose(t, offset).point

    def steps(self, max_deg: float) -> int:
        return max(1, math.ceil(self.angle / max_deg)) if self.turn else 1

    def band(self, t0: float, t1: float, off0: float, off1: float, max_deg: float) -> Polygon:
        """Outline of the road between fractions t0..t1 and left offsets off0..off1 (off0 < off1)."""
        n = max(1, math.ceil(self.steps(max_deg) * (t1 - t0) - 1e-9))
        ts = [t0 + (t1 - t0) * i / n for i in range(n + 1)]
        right_edge = [self.point(t, off0) for t in ts]
        left_edge = [self.point(t, off1) for t in reversed(ts)]
        return (*right_edge, *left_edge)


def _spaces(frame: _Frame, inside: str, per_lane: int) -> tuple[Space, ...]:
    half = frame.width / 2
    found: list[Space] = []
    for lane in ("inside", "outside"):
        on_left = (lane == "inside") == (inside == "left")
        off0, off1 = (0.0, half) if on_left else (-half, 0.0)
        for k in range(per_lane):
            t0, t1 = k / per_lane, (k + 1) / per_lane
            mid = frame.pose((t0 + t1) / 2, (off0 + off1) / 2)
            found.append(
                Space(lane, k + 1, mid.point, normalise(mid.heading), frame.band(t0, t1, off0, off1, OUTLINE_STEP_DEG))
            )
    return tuple(found)


def place_section(
    number: int, section: Section, entry: Pose, geometry: Geometry, straight_inside: str
) -> PlacedSection:
    """Place one card whose entry edge is centred on `entry`."""
    turn = ("left" if section.turns_left else "right") if section.type.is_turn else None
    inside = turn or straight_inside
    frame = _Frame(entry, section.type, turn, geometry)
    half = geometry.card_width / 2
    steps = frame.steps(PART_STEP_DEG)
    parts = tuple(frame.band(i / steps, (i + 1) / steps, -half, half, PART_STEP_DEG) for i in range(steps))
    end = frame.pose(1.0)
    middle = frame.pose(0.5)
    return PlacedSection(
        number=number,
        kind=section.type,
        turn=turn,
        inside=inside,
        entry=Pose(entry.x, entry.y, normalise(entry.heading)),
        exit=Pose(end.x, end.y, normalise(end.heading)),
        centre=middle.point,
        heading=normalise(middle.heading),
        outline=frame.band(0.0, 1.0, -half, half, OUTLINE_STEP_DEG),
        parts=parts,
        spaces=_spaces(frame, inside, geometry.spaces_per_lane),
    )


def net_turn(track: NitroTrack) -> float:
    """Sum of the turn angles in degrees, left turns positive."""
    total = 0.0
    for s in track.sections:
        if s.type.is_turn:
            angle = track.geometry.turn_a_angle if s.type == Kind.TURN_A else track.geometry.turn_b_angle
            total += angle if s.turns_left else -angle
    return total


def straight_inside(track: NitroTrack) -> str:
    """The inside lane of straight cards: on the side the track turns towards overall (left when even)."""
    return "left" if net_turn(track) >= 0 else "right"


def can_host_garage(kind: Kind) -> bool:
    """The Garage lies flush along a straight edge: beside a Straight or the Start/Finish card."""
    return not kind.is_turn


def _place_garage(track: NitroTrack, sections: tuple[PlacedSection, ...]) -> PlacedGarage | None:
    garage = track.garage
    if garage is None or not 1 <= garage.beside <= len(sections):
        return None
    host = sections[garage.beside - 1]
    if not can_host_garage(host.kind):
        return None
    side = garage.side or ("right" if host.inside == "left" else "left")
    width = track.geometry.card_width
    sx, sy = _side(host.entry.heading, side)
    start = Pose(host.entry.x + sx * width, host.entry.y + sy * width, host.entry.heading)
    frame = _Frame(start, Kind.STRAIGHT, None, track.geometry)
    spaces = tuple(
        Space(
            "garage",
            k + 1,
            frame.point((k + 0.5) / GARAGE_SPACES, 0.0),
            host.entry.heading,
            frame.band(k / GARAGE_SPACES, (k + 1) / GARAGE_SPACES, -width / 2, width / 2, OUTLINE_STEP_DEG),
        )
        for k in range(GARAGE_SPACES)
    )
    return PlacedGarage(
        garage.beside,
        side,
        frame.point(0.5, 0.0),
        host.entry.heading,
        frame.band(0.0, 1.0, -width / 2, width / 2, OUTLINE_STEP_DEG),
        spaces,
    )


def place_track(track: NitroTrack) -> TrackGeometry:
    """Lay every card in driving order from the Start/Finish entry at (0, 0), heading 0."""
    inside = straight_inside(track)
    placed: list[PlacedSection] = []
    pose = Pose(0.0, 0.0, 0.0)
    for number, section in enumerate(track.sections, start=1):
        card = place_section(number, section, pose, track.geometry, inside)
        placed.append(card)
        pose = card.exit
    sections = tuple(placed)
    garage = _place_garage(track, sections)
    points = [p for s in sections for p in s.outline] + (list(garage.outline) if garage else [])
    bounds = (
        (min(p.x for p in points), min(p.y for p in points), max(p.x for p in points), max(p.y for p in points))
        if points
        else (0.0, 0.0, 0.0, 0.0)
    )
    return TrackGeometry(sections, garage, bounds)
