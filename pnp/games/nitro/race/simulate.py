"""Many Nitro Dice races on one track.

Input: a checked `NitroTrack`, a number of races, a seed, worker processes, players and one driver name per
seat. Output: one `RaceResult` per race (race i is seeded from (seed, i), so results do not depend on the
number of processes); their statistics are in `pnp.games.nitro.race.summary`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from pnp.games.nitro.model import NitroTrack
from pnp.games.nitro.race.drivers import DRIVERS, TABLE
from pnp.games.nitro.race.engine import Race
from pnp.games.nitro.race.state import DAMAGE_CAUSES
from pnp.games.nitro.track.cards import Cards, deck_cards
from pnp.games.nitro.track.course import Course, build_course
from pnp.sim.batches import batches, run_batches

COUNTED = ("garage", "nitro", "collisions", "sideswipes", "overtakes", "drafts", "swaps")


class RaceResult(NamedTuple):
    """The numbers one race produces (plain values, cheap to send between processes)."""

    rounds: int
    capped: bool
    winner_start: int
    """Start position (0 = front of the grid) of the winner."""
    handling: tuple[int, ...]
    """Section entries by type (Straight, Turn A, Turn B) and payment (card, three cards, damage), 9 counts."""
    damage: tuple[int, ...]
    """Points of damage by cause, in DAMAGE_CAUSES order."""
    counts: tuple[int, ...]
    """Totals of the race in COUNTED order."""
    late_speed: float
    """Mean speed of the dice over the last quarter of the rounds."""
    end_condition: float
    """Mean condition of the dice at the end."""
    limping: int
    """Die-rounds begun at condition 4 or less."""


def race_seed(seed: int, game: int) -> str:
    """The seed of race `game` of a simulation seeded with `seed` (independent of worker count)."""
    return f"nitro:{seed}:{game}"


def seat_drivers(names: Sequence[str], players: int) -> list[str]:
    """One driver name per seat: `table` (the default line-up, a style per seat), a single name for all, or one
    per seat; ValueError otherwise."""
    names = list(names)
    if names == ["table"]:
        return list(TABLE[:players])
    unknown = [n for n in names if n not in DRIVERS]
    if unknown:
        raise ValueError(f"unknown driver {unknown[0]!r}: use table, or {' or '.join(DRIVERS)}")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise ValueError(f"{len(names)} drivers named for {players} players: give one, or one per seat")
    return names


def play_race(track: NitroTrack, drivers: Sequence[str], seed: int | str, course: Course | None = None,
              deck: Cards | None = None) -> RaceResult:
    """Play one race and return its numbers (`course`, `deck`: the track's, built once for many races)."""
    race = Race(track, list(map(DRIVERS.__getitem__, drivers)), seed=seed, course=course, deck=deck).run()
    quarter = race.speeds[-max(1, len(race.speeds) // 4):]
    return RaceResult(
        rounds=race.round,
        capped=race.capped,
        winner_start=race.start_place[race.standings[0]],
        handling=tuple(race.handling[0] + race.handling[1] + race.handling[2]),
        damage=tuple(map(race.damage.__getitem__, DAMAGE_CAUSES)),
        counts=tuple(map(race.counts.__getitem__, COUNTED)),
        late_speed=sum(quarter) / len(quarter),
        end_condition=sum(race.cond) / len(race.cond),
        limping=race.limping,
    )


def _play_chunk(job: tuple[NitroTrack, Course, Cards, tuple[str, ...], int, int, int]) -> list[RaceResult]:
    track, course, deck, drivers, seed, start, stop = job
    return [play_race(track, drivers, race_seed(seed, i), course, deck) for i in range(start, stop)]


def with_players(track: NitroTrack, players: int | None) -> NitroTrack:
    """The track raced by `players` players instead of its own number (None: unchanged)."""
    return track if players is None else track.model_copy(update={"players": players})


def simulate(
    track: NitroTrack,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    drivers: Sequence[str] = ("table",),
    progress: Callable[[int], None] | None = None,
) -> list[RaceResult]:
    """Play `games` races in `jobs` processes; `progress(n)` is called as each batch of n races ends."""
    seats = tuple(seat_drivers(drivers, track.players))
    course, deck = build_course(track), deck_cards(track)
    work = [(track, course, deck, seats, seed, a, b) for a, b in batches(games, jobs, 250)]
    return run_batches(_play_chunk, work, jobs, progress)
