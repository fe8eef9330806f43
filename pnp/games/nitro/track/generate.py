"""Random closed-loop tracks that pass every Nitro Dice check: a seeded walk over card types with backtracking.

Input: sections, players, a seed, type weights (`--mix`) and a number of hazards. Output: a `Generated` track
(its cards in driving order, the Garage, the hazards) and its spec text, which `pnp validate`, `pnp nitro map`
and `pnp render` read. The walk lays cards on the default geometry (Straight 88 mm, turns of 45 and 90 degrees
with an 88 mm radius), where every card's exit lies on an exact lattice (whole numbers of 88 mm and of
88 mm x sqrt(2)/2, headings in steps of 45 degrees), so a loop closes exactly. The last `REACH` cards come from
a table of the states that close the loop in that many cards; the cards before are checked against the
distance left. Every new card is tested for overlaps with the cards already laid (the validator's own test),
and the finished track is run through every rule: a candidate with an error is never returned.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache

from pnp.games.nitro.model import Geometry, Kind, Section
from pnp.games.nitro.track.geometry import Point, Polygon, Pose, place_section
from pnp.games.nitro.track.overlap import Box, bounding_box, boxes_meet, overlaps

STEP_DEG = 45
HEADINGS = 360 // STEP_DEG
REACH = 7
"""Cards at the end of the loop chosen from the closing table (larger: more memory, fewer dead ends)."""
NODE_LIMIT = 4000
"""Cards tried by one walk before it starts again from the Start/Finish card (with fresh random choices)."""
ATTEMPTS = 400
"""Walks tried before the generator gives up."""
OVERLAP_TOLERANCE_MM = 0.5
TYPES = (Kind.STRAIGHT, Kind.TURN_A, Kind.TURN_B)
DEFAULT_MIX: dict[Kind, float] = {Kind.STRAIGHT: 1.0, Kind.TURN_A: 1.0, Kind.TURN_B: 1.0}
State = tuple[int, int, int, int, int]
"""x = (a + b*sqrt(2)/2) units, y = (c + d*sqrt(2)/2) units, heading index (heading = 45 * index degrees)."""
Card = tuple[Kind, str | None]
"""A card's type and, for a turn, its direction (left or right)."""
CARDS: tuple[Card, ...] = ((Kind.STRAIGHT, None), (Kind.TURN_A, "left"), (Kind.TURN_A, "right"),
                           (Kind.TURN_B, "left"), (Kind.TURN_B, "right"))
GEOMETRY = Geometry()
HALF_ROOT = math.sqrt(2) / 2


def section_of(card: Card) -> Section:
    """The spec section of a card (a turn with its direction)."""
    kind, direction = card
    return Section(type=kind, direction=direction)


def _lattice(value: float) -> tuple[int, int]:
    """(a, b) with a + b*sqrt(2)/2 == value (in units of the turn radius)."""
    for b in range(-4, 5):
        a = round(value - b * HALF_ROOT)
        if abs(a + b * HALF_ROOT - value) < 1e-6:
            return a, b
    raise ValueError(f"{value} is off the card lattice")


@cache
def _move(card: Card, heading: int) -> State:
    """The exact change of state when `card` is laid at heading index `heading`."""
    exit_ = place_section(0, section_of(card), Pose(0.0, 0.0, heading * STEP_DEG), GEOMETRY, "left").exit
    unit = GEOMETRY.turn_radius
    turn = round((exit_.heading - heading * STEP_DEG) / STEP_DEG) % HEADINGS
    return (*_lattice(exit_.x / unit), *_lattice(exit_.y / unit), turn)


def _step(state: State, card: Card) -> State:
    a, b, c, d, h = state
    da, db, dc, dd, turn = _move(card, h)
    return a + da, b + db, c + dc, d + dd, (h + turn) % HEADINGS


START: State = (0, 0, 0, 0, 0)
AFTER_START: State = _step(START, (Kind.STRAIGHT, None))


@cache
def closing(k: int) -> frozenset[State]:
    """States from which some `k` cards end exactly at the Start/Finish entry, heading the same way."""
    if k == 0:
        return frozenset({START})
    found = set()
    for target in closing(k - 1):
        for card in CARDS:
            for heading in range(HEADINGS):
                da, db, dc, dd, turn = _move(card, heading)
                if (heading + turn) % HEADINGS == target[4]:
                    found.add((target[0] - da, target[1] - db, target[2] - dc, target[3] - dd, heading))
    return frozenset(found)


def _distance(state: State) -> float:
    a, b, c, d, _ = state
    return math.hypot(a + b * HALF_ROOT, c + d * HALF_ROOT)


MAX_STEP = max(_distance(_move(card, 0)) for card in CARDS)
"""The longest way one card goes (units of the turn radius): a Turn B's chord."""


def _heading_gap(h: int) -> int:
    """Fewest 45-degree steps that turn heading index `h` back to 0."""
    return min(h % HEADINGS, -h % HEADINGS)


def can_close(state: State, left: int) -> bool:
    """Whether `left` more cards may still bring `state` back to the Start/Finish entry."""
    if left <= REACH:
        return state in closing(left)
    return _distance(state) <= left * MAX_STEP + 1e-9 and _heading_gap(state[4]) <= 2 * left


@dataclass(frozen=True, slots=True)
class Generated:
    """A generated track: cards after the Start/Finish, the Garage (host section number and side), the hazards
    (section number, lane, space) and the laps raced."""

    cards: tuple[Card, ...]
    garage: tuple[int, str]
    hazards: tuple[tuple[int, str, int], ...]
    laps: int
    players: int


@dataclass(frozen=True, slots=True)
class Laid:
    """A card laid in the walk: the card, the state at its entry, its convex parts and their bounding box."""

    card: Card
    entry: State
    parts: tuple[Polygon, ...]
    box: Box


@cache
def _shape(card: Card, heading: int) -> tuple[Polygon, ...]:
    """The convex parts of `card` entered at (0, 0) with heading index `heading` (placed once, then moved)."""
    return place_section(0, section_of(card), Pose(0.0, 0.0, heading * STEP_DEG), GEOMETRY, "left").parts


def position(state: State) -> tuple[float, float]:
    """The point (mm) of a lattice state."""
    a, b, c, d, _ = state
    unit = GEOMETRY.turn_radius
    return (a + b * HALF_ROOT) * unit, (c + d * HALF_ROOT) * unit


class _Layout:
    """The cards laid so far, with the outlines the overlap test needs."""

    def __init__(self) -> None:
        self.placed: list[Laid] = []

    def lay(self, card: Card, entry: State, check_from: int = 0) -> bool:
        """Lay `card` at `entry`; False when it overlaps a card laid before (the previous one is not tested:
        it only touches the new one)."""
        x, y = position(entry)
        parts = tuple(tuple(Point(p.x + x, p.y + y) for p in part) for part in _shape(card, entry[4]))
        box = bounding_box(parts)
        for other in self.placed[check_from:-1]:
            if boxes_meet(box, other.box) and overlaps(parts, other.parts, OVERLAP_TOLERANCE_MM):
                return False
        self.placed.append(Laid(card, entry, parts, box))
        return True

    def pop(self) -> None:
        self.placed.pop()

    def clear_of(self, outline: Polygon) -> bool:
        """True when a card with `outline` (the Garage) lies on no card laid."""
        box = bounding_box([outline])
        return not any(boxes_meet(box, laid.box) and overlaps((outline,), laid.parts, OVERLAP_TOLERANCE_MM)
                       for laid in self.placed)


def type_caps(sections: int, spare: Mapping[Kind, int]) -> dict[Kind, int]:
    """Most cards of each type a track of `sections` may use: half its Straight/Turn cards (`nitro.balance`),
    and no more than the deck spares after dealing (`nitro.deck`)."""
    half = (sections - 1) // 2
    return {kind: min(half, spare[kind]) for kind in TYPES}


class _Walk:
    """One seeded walk with backtracking (see the module docstring)."""

    def __init__(self, sections: int, rng: random.Random, mix: Mapping[Kind, float], caps: Mapping[Kind, int]):
        self.length, self.rng, self.mix, self.caps = sections - 1, rng, mix, caps
        self.used = dict.fromkeys(TYPES, 0)
        self.cards: list[Card] = []
        self.layout = _Layout()
        self.nodes = 0
        self.bend = rng.choice(("left", "right"))
        """The way the loop turns overall: turns that way are drawn more often, so the walk comes round."""

    def _order(self) -> list[Card]:
        """The cards to try next, drawn by the type weights (turns more often the loop's way)."""
        weighted: list[tuple[float, Card]] = []
        for card in CARDS:
            kind, direction = card
            if self.used[kind] >= self.caps[kind] or self.mix[kind] <= 0:
                continue
            weight = self.mix[kind] * ((0.7 if direction == self.bend else 0.3) if direction else 1.0)
            weighted.append((self.rng.random() ** (1.0 / weight), card))
        return [card for _, card in sorted(weighted, reverse=True)]

    def run(self, state: State) -> bool:
        """Extend the walk from `state` to a closed loop; False when the node budget runs out first."""
        left = self.length - len(self.cards)
        if left == 0:
            return state == START
        for card in self._order():
            self.nodes += 1
            if self.nodes > NODE_LIMIT:
                return False
            after = _step(state, card)
            if not can_close(after, left - 1):
                continue
            if not self.layout.lay(card, state, 1 if left == 1 else 0):
                continue
            self.cards.append(card)
            self.used[card[0]] += 1
            if self.run(after):
                return True
            self.cards.pop()
            self.used[card[0]] -= 1
            self.layout.pop()
        return False


def _garages(layout: _Layout, rng: random.Random) -> Iterator[tuple[int, str]]:
    """(host section number, side) for Garage places that lie clear of every card, in random order."""
    width, length = GEOMETRY.card_width, GEOMETRY.card_length
    hosts = [(number, side) for number, laid in enumerate(layout.placed, start=1) if not laid.card[0].is_turn
             for side in ("left", "right")]
    rng.shuffle(hosts)
    for number, side in hosts:
        entry = layout.placed[number - 1].entry
        rad = math.radians(entry[4] * STEP_DEG)
        dx, dy = math.cos(rad), math.sin(rad)
        sx, sy = (dy, -dx) if side == "left" else (-dy, dx)
        x, y = position(entry)
        ox, oy = x + sx * width, y + sy * width
        corners = [(ox + sx * w + dx * t, oy + sy * w + dy * t) for w, t in
                   ((-width / 2, 0.0), (-width / 2, length), (width / 2, length), (width / 2, 0.0))]
        if layout.clear_of(tuple(Point(x, y) for x, y in corners)):
            yield number, side


def _hazards(cards: tuple[Card, ...], count: int, rng: random.Random,
             limits: Mapping[Kind, int]) -> tuple[tuple[int, str, int], ...]:
    """`count` hazards, one each on random Straight or Turn cards (at most `limits[type]` cards of a type, the
    box's printed-hazard cards), on a random lane and space."""
    order = list(range(len(cards)))
    rng.shuffle(order)
    taken = dict.fromkeys(TYPES, 0)
    chosen: list[tuple[int, str, int]] = []
    for i in order:
        kind = cards[i][0]
        if len(chosen) == count:
            break
        if taken[kind] < limits[kind]:
            taken[kind] += 1
            chosen.append((i + 2, rng.choice(("inside", "outside")), rng.randint(1, GEOMETRY.spaces_per_lane)))
    if len(chosen) < count:
        raise ValueError(f"{count} hazards do not fit: the track has room for {len(chosen)}")
    return tuple(sorted(chosen))


def laps_for(sections: int, least: int) -> int:
    """Fewest laps with which racers cross at least `least` sections."""
    return max(1, math.ceil(least / sections))


def random_track(sections: int, players: int, rng: random.Random, mix: Mapping[Kind, float],
                 hazards: int, caps: Mapping[Kind, int], hazard_limits: Mapping[Kind, int],
                 least_crossed: int) -> Generated:
    """One random closed loop of `sections` cards with a Garage that fits (see the module docstring);
    ValueError when none is found in `ATTEMPTS` walks, or when the types with a weight cannot fill the loop."""
    room = sum(caps[kind] for kind in TYPES if mix[kind] > 0)
    if room < sections - 1:
        raise ValueError(f"the card types with a weight may fill only {room} of the {sections - 1} cards after "
                         "the Start/Finish (each type at most half of them, and what the deck spares)")
    for _ in range(ATTEMPTS):
        walk = _Walk(sections, rng, mix, caps)
        walk.layout.lay((Kind.STRAIGHT, None), START)
        if not walk.run(AFTER_START):
            continue
        garage = next(_garages(walk.layout, rng), None)
        if garage is None:
            continue
        cards = tuple(walk.cards)
        return Generated(cards, garage, _hazards(cards, hazards, rng, hazard_limits),
                         laps_for(sections, least_crossed), players)
    raise ValueError(f"no closed loop of {sections} sections found with these card weights")


def track_yaml(track: Generated, name: str, header: list[str]) -> str:
    """The spec text of a generated track, with `header` lines as a comment on top."""
    lines = [f"# {line}" if line else "#" for line in header]
    lines += ["game: nitro-dice", f"name: {name}", f"race: {{laps: {track.laps}}}", f"players: {track.players}",
              "sections:", "  - start_finish"]
    on = {number: (lane, space) for number, lane, space in track.hazards}
    for number, (kind, direction) in enumerate(track.cards, start=2):
        keys = [f"type: {kind.value}"] + ([f"direction: {direction}"] if direction else [])
        if number in on:
            lane, space = on[number]
            keys.append(f"hazards: [{{lane: {lane}, space: {space}}}]")
        lines.append(f"  - {{{', '.join(keys)}}}" if len(keys) > 1 else f"  - {kind.value}")
    lines.append(f"garage: {{beside: {track.garage[0]}, side: {track.garage[1]}}}")
    lines.append("print: {}                     # pnp render: the map, numbered cards and racers' cards (defaults)")
    return "\n".join(lines) + "\n"
