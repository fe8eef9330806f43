"""The start grid: where each racer starts, front space first, inside lane before outside.

Input: a `NitroTrack` and its placed geometry. Output: one `StartSlot` per player (fewer when the track has
no room), used by the engine's course, the rules and the printed map and cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.nitro.model import NitroTrack
from pnp.games.nitro.track.geometry import Space, TrackGeometry


@dataclass(frozen=True, slots=True)
class StartSlot:
    """Where racer `position` (1 = front of the grid) starts."""

    position: int
    section: int
    space: Space


def start_grid(track: NitroTrack, geometry: TrackGeometry) -> tuple[StartSlot, ...]:
    """Grid slots for every player on the Start/Finish card, front space first: side by side (`play.grid`),
    the inside lane before the outside on each row; or staggered, one die a row, inside, outside, inside...

    When the Start/Finish card has too few spaces, a lap race continues on the cards behind it; an
    out-and-back race has no cards behind, so the grid holds only what fits.
    """
    sections = list(geometry.sections)
    if not sections:
        return ()
    order = [sections[0]]
    if track.race.type == "laps":
        order += sections[:0:-1]
    rows = [(section.number, [space for space in sorted(section.spaces, key=lambda s: s.lane != "inside")
                              if space.number == number])
            for section in order for number in sorted({s.number for s in section.spaces}, reverse=True)]
    """(section number, its spaces at one distance from the entry, inside first), front row first."""
    if track.play.grid == "staggered":
        rows = [(card, [row[i % 2]]) for i, (card, row) in enumerate(rows) if len(row) == 2]
    slots = [(card, space) for card, row in rows for space in row][: track.players]
    return tuple(StartSlot(i + 1, card, space) for i, (card, space) in enumerate(slots))
