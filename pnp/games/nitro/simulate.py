"""Many Nitro Dice races on one track, and their statistics.

Input: a checked `NitroTrack`, a number of races, a seed, worker processes, players and one driver name per
seat. Output: one `RaceResult` per race (race i is seeded from (seed, i), so results do not depend on the
number of processes) and a `Summary` with 95% intervals: means with the normal approximation, rates with
Wilson's interval (per start position widened for the number of positions), as MDD's simulator does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from pnp.batches import batches, run_batches
from pnp.games.nitro.course import KIND_NAMES, Course, build_course
from pnp.games.nitro.drivers import DRIVERS
from pnp.games.nitro.engine import DAMAGE_CAUSES, Race
from pnp.games.nitro.model import NitroTrack
from pnp.stats import Interval, bonferroni_z, mean_interval, wilson

PAYMENT_NAMES = ("card", "three_cards", "damage")
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


@dataclass(frozen=True, slots=True)
class StartShare:
    """How often the die starting at `start` (1 = front) won, against the fair share 1 / players."""

    start: int
    wins: int
    fair: float
    rate: Interval


@dataclass(frozen=True, slots=True)
class Summary:
    """Statistics over simulated races."""

    games: int
    players: int
    drivers: tuple[str, ...]
    rounds: Interval
    handling: dict[str, dict[str, float]]
    """For each type, the share of its section entries paid each way (the three add up to 1)."""
    entries: dict[str, int]
    damage: dict[str, Interval]
    """Points of damage per race by cause, and "total"."""
    counts: dict[str, Interval]
    """Per race: garage visits, Nitro uses, collisions, sideswipes, overtakes, drafts, swaps."""
    late_speed: Interval
    end_condition: Interval
    win_rate_by_start: tuple[StartShare, ...]
    capped: int
    """Races stopped by the round cap."""


def race_seed(seed: int, game: int) -> str:
    """The seed of race `game` of a simulation seeded with `seed` (independent of worker count)."""
    return f"nitro:{seed}:{game}"


def seat_drivers(names: Sequence[str], players: int) -> list[str]:
    """One driver name per seat: a single name for all, or one per seat; ValueError otherwise."""
    names = list(names)
    unknown = [n for n in names if n not in DRIVERS]
    if unknown:
        raise ValueError(f"unknown driver {unknown[0]!r}: use {' or '.join(DRIVERS)}")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise ValueError(f"{len(names)} drivers named for {players} players: give one, or one per seat")
    return names


def play_race(track: NitroTrack, drivers: Sequence[str], seed: int | str, course: Course | None = None) -> RaceResult:
    """Play one race and return its numbers."""
    race = Race(track, [DRIVERS[n] for n in drivers], seed=seed, course=course).run()
    quarter = race.speeds[-max(1, len(race.speeds) // 4):]
    return RaceResult(
        rounds=race.round,
        capped=race.capped,
        winner_start=race.start_place[race.standings[0]],
        handling=tuple(n for row in race.handling for n in row),
        damage=tuple(race.damage[c] for c in DAMAGE_CAUSES),
        counts=tuple(race.counts[c] for c in COUNTED),
        late_speed=sum(quarter) / len(quarter),
        end_condition=sum(race.cond) / len(race.cond),
        limping=race.limping,
    )


def _play_chunk(job: tuple[NitroTrack, tuple[str, ...], int, int, int]) -> list[RaceResult]:
    track, drivers, seed, start, stop = job
    course = build_course(track)
    return [play_race(track, drivers, race_seed(seed, i), course) for i in range(start, stop)]


def with_players(track: NitroTrack, players: int | None) -> NitroTrack:
    """The track raced by `players` players instead of its own number (None: unchanged)."""
    return track if players is None else track.model_copy(update={"players": players})


def simulate(
    track: NitroTrack,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    drivers: Sequence[str] = ("racer",),
    progress: Callable[[int], None] | None = None,
) -> list[RaceResult]:
    """Play `games` races in `jobs` processes; `progress(n)` is called as each batch of n races ends."""
    seats = tuple(seat_drivers(drivers, track.players))
    work = [(track, seats, seed, a, b) for a, b in batches(games, jobs, 250)]
    return run_batches(_play_chunk, work, jobs, progress)


def summarize(track: NitroTrack, drivers: Sequence[str], results: list[RaceResult]) -> Summary:
    """Statistics of `results` (see `Summary`)."""
    players = track.players
    n = len(results)
    handling: dict[str, dict[str, float]] = {}
    entries: dict[str, int] = {}
    for k, name in enumerate(KIND_NAMES):
        paid = [sum(r.handling[3 * k + p] for r in results) for p in range(3)]
        total = sum(paid)
        entries[name] = total
        handling[name] = {PAYMENT_NAMES[p]: (paid[p] / total if total else 0.0) for p in range(3)}
    damage = {cause: mean_interval([r.damage[c] for r in results]) for c, cause in enumerate(DAMAGE_CAUSES)}
    damage["total"] = mean_interval([sum(r.damage) for r in results])
    z = bonferroni_z(players)
    starts = tuple(
        StartShare(p + 1, wins, 1 / players, wilson(wins, n, z))
        for p in range(players)
        for wins in [sum(1 for r in results if r.winner_start == p)]
    )
    return Summary(
        games=n,
        players=players,
        drivers=tuple(seat_drivers(drivers, players)),
        rounds=mean_interval([r.rounds for r in results]),
        handling=handling,
        entries=entries,
        damage=damage,
        counts={name: mean_interval([r.counts[c] for r in results]) for c, name in enumerate(COUNTED)},
        late_speed=mean_interval([r.late_speed for r in results]),
        end_condition=mean_interval([r.end_condition for r in results]),
        win_rate_by_start=starts,
        capped=sum(1 for r in results if r.capped),
    )
