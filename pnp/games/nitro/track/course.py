"""The track as the race engine sees it: spaces numbered along the route, their cards, lanes and the Garage.

Input: a `NitroTrack` (checked: no rule errors). Output: a `Course`. A die's place on the route is `pos`:
`leg * spaces_per_lane + space`, where a leg is one card entered in driving order (leg 0 is the Start/Finish
at the start; in a lap race leg `laps * sections` is the Start/Finish again, the finish), and `space` is 0
at the leg's entry. A die's `lane` is a strip of road, continuous from card to card: 0 is the strip that
is the Start/Finish card's inside lane, 1 the other. Each card names its own lanes (its inside lane is on
its turning side), so at an S-bend strip 0 becomes a card's outside lane: `card_lane(pos, lane)` gives the
card's lane (0 inside, 1 outside) under a die (`play.lanes: card_lanes` reads the lane names as strips
instead, the earlier engine). `sid(pos, lane)` names the physical space, so the cards of an out-and-back
race are shared by the way out and the way back, and the laps of a loop share theirs. Sids are compact: the
cards' spaces are 0 up to `2 * k * sections`, the run-off's (and an out-and-back grid's) follow them, so that a
race keeps what is on each space in a list of `Course.spaces` entries.
Past the finish of an out-and-back race the dice run on into a virtual run-off of straight spaces.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.games.nitro.model import Kind, NitroTrack
from pnp.games.nitro.track.geometry import GARAGE_SPACES, place_track
from pnp.games.nitro.track.grid import start_grid

INSIDE, OUTSIDE = 0, 1
STRAIGHT, TURN_A, TURN_B, START_FINISH, RUN_OFF = 0, 1, 2, 3, 4
KIND_CODE = {Kind.STRAIGHT: STRAIGHT, Kind.TURN_A: TURN_A, Kind.TURN_B: TURN_B, Kind.START_FINISH: START_FINISH}
KIND_NAMES = ("straight", "turn_a", "turn_b")
"""Deck types by code, as the report names them."""
PAID_AHEAD = 4
"""Cards after a die's own that `Course.paid_ahead` counts the handling of (a driver's horizon)."""
GRID_SLOTS = 6
"""Start slots a course keeps (the most players a race has), whatever the track's own number of players."""


@dataclass(frozen=True, slots=True)
class Course:
    """Route geometry of one track; see the module docstring."""

    k: int
    """Spaces per lane on every card."""
    sections: int
    kinds: tuple[int, ...]
    """Kind code of each section (0-based)."""
    out_and_back: bool
    finish: int
    """The first `pos` past the finish line: a die at or beyond it has completed the race."""
    lap_length: int
    """Spaces in one lap (lap races; the whole route out and back)."""
    grid: tuple[tuple[int, int], ...]
    """(pos, lane) of each start slot, front first (up to GRID_SLOTS)."""
    garage_host: int
    """Section index (0-based) the Garage lies beside, or -1."""
    garage_lane: int
    """The strip next to the Garage."""
    flips: tuple[int, ...] = ()
    """Per section: 1 when its inside lane is strip 1 (its inside lies on the other side from the
    Start/Finish card's), else 0."""
    lo: int = 0
    """First `pos` of the tables below; they run up to `hi` (excluded)."""
    hi: int = 0
    sids: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """`sid` of (pos, lane) as `sids[lane][pos]`. Every table of a course is indexed by `pos` itself: it holds
    pos 0 up to `hi` first, then `lo` up to -1, so that Python's negative indices read the start grid's legs."""
    section_at: tuple[int, ...] = ()
    """`section(pos)` for each pos."""
    flip_at: tuple[int, ...] = ()
    """`card_lane(pos, 0)` for each pos: 1 where strip 0 is the card's outside lane."""
    kind_at: tuple[int, ...] = ()
    """`kind(pos)` for each pos."""
    paid_at: tuple[int, ...] = ()
    """The deck type (STRAIGHT, TURN_A, TURN_B) that pays for entering the card under pos, -1 when entering it
    is free (the run-off; the Start/Finish with `play.start_finish_handling: free`)."""
    entry_paid: tuple[int, ...] = ()
    """`paid_at[pos]` where a move from pos - 1 to pos enters a new card (pos is a card's space 0), else -1:
    the handling a die pays on arriving at pos (every move, draft or push goes one space forward)."""
    card_start: tuple[bool, ...] = ()
    """Whether pos is a card's space 0: a move onto it (from pos - 1) enters a new card, the only move that
    may pay handling (`entry_paid`) or cross a lap line (`lap_length` is a whole number of cards)."""
    paid_ahead: tuple[tuple[int, int, int], ...] = ()
    """For each pos, the entries paid with each deck type (Straight, Turn A, Turn B) over the PAID_AHEAD cards
    after the one under pos."""
    straight_at: tuple[bool, ...] = ()
    """`is_straight(pos)` for each pos."""
    back_at: tuple[bool, ...] = ()
    """`reversed_leg(pos)` for each pos."""
    spaces: int = 0
    """The sids the tables name: every sid in `sids` is below it."""

    def section(self, pos: int) -> int:
        """Section index (0-based) of the card under `pos`, or -1 on the run-off."""
        leg = pos // self.k
        if not self.out_and_back:
            return leg % self.sections
        last = 2 * self.sections - 2
        if leg <= self.sections - 1:
            return leg
        return last - leg if leg <= last else -1

    def reversed_leg(self, pos: int) -> bool:
        """True on the way back of an out-and-back race (the card is driven from its far end)."""
        return self.out_and_back and pos // self.k >= self.sections

    def kind(self, pos: int) -> int:
        """Kind code of the card under `pos`."""
        if self.lo <= pos < self.hi:
            return self.kind_at[pos]
        section = self.section(pos)
        return RUN_OFF if section < 0 else self.kinds[section]

    def card_space(self, pos: int) -> int:
        """Space number on the physical card (0 at the card's own entry edge)."""
        space = pos % self.k
        return self.k - 1 - space if self.reversed_leg(pos) else space

    def card_lane(self, pos: int, lane: int) -> int:
        """The card's own lane (0 inside, 1 outside) of strip `lane` at `pos` (the strip on the run-off)."""
        section = self.section(pos)
        return lane ^ self.flips[section] if section >= 0 and self.flips else lane

    def sid(self, pos: int, lane: int) -> int:
        """Identity of the physical space at (`pos`, `lane`)."""
        if self.lo <= pos < self.hi:
            return self.sids[lane][pos]
        section = self.section(pos)
        if section < 0:  # a run-off space: past the cards' spaces (positions from `lo` up)
            return 2 * self.k * self.sections + 2 * (pos - self.lo) + lane
        card_lane = lane ^ self.flips[section] if self.flips else lane
        return (section * 2 + card_lane) * self.k + self.card_space(pos)

    def sid_section(self, sid: int) -> int:
        """Section index of a physical space, -1 on the run-off."""
        return -1 if sid >= 2 * self.k * self.sections else sid // (2 * self.k)

    def is_straight(self, pos: int) -> bool:
        """Nitro may be used onto this space (a Straight, the Start/Finish or the run-off)."""
        return self.kind(pos) in (STRAIGHT, START_FINISH, RUN_OFF)

    def at_garage(self, pos: int, lane: int) -> bool:
        """A die here may lane change into the Garage."""
        return lane == self.garage_lane and self.section(pos) == self.garage_host >= 0

    def garage_space(self, pos: int) -> int:
        """The Garage space (0-2, along the die's way) beside track space `pos`."""
        return pos % self.k * GARAGE_SPACES // self.k

    def beside_garage(self, leg: int, space: int) -> int:
        """The track `pos` beside Garage space `space` on leg `leg`."""
        return leg * self.k + min(self.k - 1, space * self.k // GARAGE_SPACES)

    def legs_to(self, pos: int, section: int) -> int:
        """Legs from the one under `pos` to the next leg on `section` (0 when on it), or -1 when never."""
        leg = pos // self.k
        limit = self.finish // self.k + 1
        for ahead in range(0, limit - leg + 1):
            if self.section((leg + ahead) * self.k) == section:
                return ahead
        return -1


def build_course(track: NitroTrack) -> Course:
    """The engine's view of a track that passed its rules."""
    k = track.geometry.spaces_per_lane
    n = len(track.sections)
    out_and_back = track.race.type == "out-and-back"
    legs = 2 * n - 2 if out_and_back else n * (track.race.laps or 1)
    geometry = place_track(track)
    start_inside = geometry.sections[0].inside
    flips = tuple(int(track.play.lanes == "strips" and s.inside != start_inside) for s in geometry.sections)
    grid = []
    for slot in start_grid(track.model_copy(update={"players": GRID_SLOTS}), geometry):
        leg = 0 if slot.section == 1 else slot.section - 1 - n
        lane = INSIDE if slot.space.lane == "inside" else OUTSIDE
        grid.append((leg * k + slot.space.number - 1, lane ^ flips[slot.section - 1]))
    lo = min(p for p, _ in grid) - 8 * k if grid else 0
    host, lane = -1, OUTSIDE
    if geometry.garage is not None:
        host = geometry.garage.beside - 1
        placed = geometry.sections[host]
        lane = (INSIDE if geometry.garage.side == placed.inside else OUTSIDE) ^ flips[host]
    course = Course(
        k=k,
        sections=n,
        kinds=tuple(KIND_CODE[s.type] for s in track.sections),
        out_and_back=out_and_back,
        finish=legs * k,
        lap_length=(legs if out_and_back else n) * k,
        grid=tuple(grid),
        garage_host=host,
        garage_lane=lane,
        flips=flips,
        lo=lo,
        hi=lo,
    )
    """No tables yet (hi = lo: an empty range), so that `sid` and `kind` compute each entry."""
    hi = course.finish + 16 * k + 64
    places = [*range(0, hi), *range(lo, 0)]
    """Table order: pos 0 up, then the negative positions (see `Course.sids`)."""
    free_start = track.play.start_finish_handling == "free"
    kinds = [course.kind(p) for p in places]

    def paid_for(kind: int) -> int:
        return -1 if kind == RUN_OFF or (kind == START_FINISH and free_start) else \
            STRAIGHT if kind == START_FINISH else kind

    paid = [paid_for(kind) for kind in kinds]
    ahead: list[tuple[int, int, int]] = []
    for p in places:
        need = [0, 0, 0]
        for leg in range(p // k + 1, p // k + PAID_AHEAD + 1):
            kind = paid_for(course.kind(leg * k))
            if kind >= 0:
                need[kind] += 1
        ahead.append((need[0], need[1], need[2]))
    sids = (tuple(course.sid(p, INSIDE) for p in places), tuple(course.sid(p, OUTSIDE) for p in places))
    return replace(
        course, hi=hi, sids=sids, spaces=max(*sids[0], *sids[1]) + 1,
        section_at=tuple(course.section(p) for p in places),
        flip_at=tuple(course.card_lane(p, 0) for p in places),
        kind_at=tuple(kinds),
        paid_at=tuple(paid),
        entry_paid=tuple(kind if p % k == 0 else -1 for p, kind in zip(places, paid, strict=True)),
        card_start=tuple(p % k == 0 for p in places),
        paid_ahead=tuple(ahead),
        straight_at=tuple(kind in (STRAIGHT, START_FINISH, RUN_OFF) for kind in kinds),
        back_at=tuple(course.reversed_leg(p) for p in places),
    )
