"""What an MDD race is asked and what it reports besides its counters: options, events, snapshots.

Input: none (plain records). Output: `RaceOptions` (rule variants and limits of a race), `Event` (one
thing that happened) and `Snapshot` / `CarState` (a board state as plain data, for printing, figures and JSON).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

DEFAULT_TURN_CAP = 400


@dataclass(frozen=True, slots=True)
class RaceOptions:
    """Rule variants and limits: direction die (v2.1 variant 4), turn cap."""

    two_dice: bool = False
    turn_cap: int = DEFAULT_TURN_CAP
    """Turns per phase after which cars still on the track are removed as stuck."""
    record: bool = False
    """Keep the list of events (slower; for `pnp mdd play` and tests)."""


class Event(NamedTuple):
    """Something that happened: kind, car index, and details (amount, lane/row after, the car responsible).

    Kinds: roll (amount = roll, detail = first step's direction), move (the mover), push (a bumped car
    moving), hit, mine, exit (amount = lives demanded), blocked (detail = "wall", "edge" or "car"),
    eliminated (detail = cause: hit, mine, exit, out = not a finalist when qualifying ends, stuck = removed
    by the turn cap), qualified / finished (amount = place), phase (detail = the phase now starting),
    turn (amount = the turn number now starting; car = -1), step (amount = step number of the roll,
    detail = its direction).
    """

    kind: str
    car: int
    amount: int = 0
    lane: int = 0
    row: int = 0
    by: int = -1
    detail: str = ""


@dataclass(frozen=True, slots=True)
class CarState:
    """One car in a snapshot: number, team, rear cell (lane, row), lives and status name."""

    number: int
    team: str
    lane: int
    row: int
    lives: int
    status: str


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A board state as plain data, for printing or drawing (cars off the track have lane = row = 0)."""

    lanes: int
    rows: int
    first_row: int
    walls: tuple[tuple[int, int], ...]
    mines: tuple[tuple[int, int, int], ...]
    """(lane, row, count) for each cell holding mines."""
    cars: tuple[CarState, ...]
    phase: str


def ran_events(car: int, step: int, run: int, lane: int, row: int) -> list[Event]:
    """The events of `run` free straight steps of `car` from step `step` on, ending at (lane, row)."""
    events = []
    for k in range(run):
        events.append(Event("step", car, step + k, detail="straight"))
        events.append(Event("move", car, 0, lane, row - run + 1 + k))
    return events
