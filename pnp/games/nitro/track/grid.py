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
    """Grid slots for every player: front space first, inside lane before outside, on the Start/Finish card.

    When the Start/Finish card has too few spaces, a lap race continues on the cards behind it; an
    out-and-back race has no cards behind, so the grid holds only what fits.
    """
    sections = list(geometry.sections)
    if not sections:
        return ()
    order = [sections[0]]
    if track.race.type == "laps":
        order += sections[:0:-1]
    slots: list[StartSlot] = []
    for section in order:
        ranked = sorted(section.spaces, key=lambda s: (-s.number, s.lane != "inside"))
        for space in ranked:
            if len(slots) < track.players:
                slots.append(StartSlot(len(slots) + 1, section.number, space))
    return tuple(slots)
