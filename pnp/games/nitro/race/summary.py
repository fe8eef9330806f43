"""The summary of simulated Nitro Dice races: statistics with 95% intervals, and the report's data and text.

Input: a track, its seat drivers and the `RaceResult`s of `pnp.games.nitro.race.simulate`. Output: a
`Summary` (means with the normal approximation, rates with Wilson's interval, per start position widened for
the number of positions, as MDD's simulator does), and `pnp nitro simulate`'s report as JSON-ready data or
text (keys in docs/nitro-dice.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.games.nitro.model import NitroTrack
from pnp.games.nitro.race.simulate import COUNTED, RaceResult, seat_drivers
from pnp.games.nitro.race.state import DAMAGE_CAUSES
from pnp.games.nitro.track.course import KIND_NAMES
from pnp.sim.stats import Interval, bonferroni_z, mean_interval, wilson

PAYMENT_NAMES = ("card", "three_cards", "damage")


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


def summary_data(summary: Summary, seed: int) -> dict[str, Any]:
    """The report as JSON-ready data."""
    return {
        "games": summary.games,
        "seed": seed,
        "players": summary.players,
        "drivers": list(summary.drivers),
        "rounds": summary.rounds.to_dict(),
        "handling": {kind: {way: round(share, 4) for way, share in ways.items()} | {"entries": summary.entries[kind]}
                     for kind, ways in summary.handling.items()},
        "damage": {cause: i.to_dict() for cause, i in summary.damage.items()},
        "garage_visits": summary.counts["garage"].to_dict(),
        "nitro_uses": summary.counts["nitro"].to_dict(),
        "collisions": summary.counts["collisions"].to_dict(),
        "sideswipes": summary.counts["sideswipes"].to_dict(),
        "overtakes": summary.counts["overtakes"].to_dict(),
        "drafts": summary.counts["drafts"].to_dict(),
        "hazard_swaps": summary.counts["swaps"].to_dict(),
        "late_speed": summary.late_speed.to_dict(),
        "end_condition": summary.end_condition.to_dict(),
        "win_rate_by_start": [{"start": s.start, "wins": s.wins, "fair": round(s.fair, 4), "rate": s.rate.to_dict()}
                              for s in summary.win_rate_by_start],
        "capped_races": summary.capped,
    }


def _mean(i: Interval) -> str:
    return f"{i.value:8.2f}   (95% CI {i.low:.2f} to {i.high:.2f})"


def _rate(i: Interval) -> str:
    return f"{i.value:8.1%}   (95% CI {i.low:.1%} to {i.high:.1%})"


def summary_text(summary: Summary, seed: int) -> str:
    """The report as text."""
    drivers = sorted(set(summary.drivers))
    who = drivers[0] if len(drivers) == 1 else ", ".join(summary.drivers)
    lines = [
        f"{summary.games} races, seed {seed}, {summary.players} players ({who})",
        f"rounds per race               {_mean(summary.rounds)}",
        f"mean speed, last quarter      {_mean(summary.late_speed)}",
        f"condition at the end          {_mean(summary.end_condition)}",
        "",
        "handling: share of section entries paid with   a card   three cards   damage   (entries)",
    ]
    for kind, ways in summary.handling.items():
        lines.append(f"  {kind:<10}{'':36}{ways['card']:7.1%}   {ways['three_cards']:10.1%}   "
                     f"{ways['damage']:6.1%}   ({summary.entries[kind]})")
    lines.append("damage per race by cause:")
    for cause, interval in summary.damage.items():
        lines.append(f"  {cause:<28}{_mean(interval)}")
    lines.append("per race:")
    for label, key in (("Garage visits", "garage"), ("Nitro uses", "nitro"), ("collisions", "collisions"),
                       ("sideswipes", "sideswipes"), ("overtakes", "overtakes"), ("drafts", "drafts"),
                       ("hazard cards swapped in", "swaps")):
        lines.append(f"  {label:<28}{_mean(summary.counts[key])}")
    lines.append("win rate by start position (1 = front of the grid; fair share 1 / players):")
    for s in summary.win_rate_by_start:
        lines.append(f"  start {s.start:<22}{_rate(s.rate)}   fair {s.fair:.1%}")
    lines.append(f"races stopped by the round cap {summary.capped:8d}")
    return "\n".join(lines)
