"""How often each team and start row took each v2.1 award pawn over simulated races, as text and JSON.

Input: a `Board` and the `RaceResult`s of races played with the awards kept (`simulate(..., awards=True)`).
Output: one `AwardRates` per pawn (how often it was given at all, and each team's and start row's share
of those races against its fair share), and their lines for the `pnp mdd simulate` report. Rates are
Wilson intervals, the team and row ones widened for the number of groups (Bonferroni), like win rates.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pnp.games.mdd.geometry import Board
from pnp.games.mdd.race.awards import PAWNS
from pnp.games.mdd.race.simulate import RaceResult
from pnp.games.mdd.race.summary import Share, start_groups
from pnp.sim.stats import Interval, bonferroni_z, wilson


@dataclass(frozen=True, slots=True)
class AwardRates:
    """One pawn over many races: key, what wins it, how often it was given, who held it at the end.

    `teams` and `start_rows` count, for each group, the races in which one of its cars held the pawn
    when the race ended (`wins`), as a share of the races in which the pawn was given (`rate`); with
    ties (the yellow pawn's 'kept all its lives longest') every holder counts, so shares may add up to
    more than 100%."""

    key: str
    wins: str
    given: Interval
    teams: tuple[Share, ...]
    start_rows: tuple[Share, ...]


def award_rates(board: Board, results: list[RaceResult]) -> tuple[AwardRates, ...]:
    """The rates of every pawn; empty when the races were played without the awards."""
    if not results or not results[0].pawns:
        return ()
    teams, rows = start_groups(board)
    cars = len(board.cars)
    out = []
    for k, (key, wins) in enumerate(PAWNS):
        holders = [r.pawns[k] for r in results]
        given = sum(1 for h in holders if h)
        out.append(
            AwardRates(
                key,
                wins,
                wilson(given, len(results)),
                _taken(teams, holders, given, cars),
                _taken(rows, holders, given, cars),
            )
        )
    return tuple(out)


def _taken(groups: dict[str, list[int]], holders: list[tuple[int, ...]], given: int, cars: int) -> tuple[Share, ...]:
    z = bonferroni_z(len(groups))
    out = []
    for name, members in groups.items():
        member_set = set(members)
        taken = sum(1 for h in holders if member_set.intersection(h))
        out.append(Share(name, len(members), len(members) / cars, taken, wilson(taken, given, z)))
    return tuple(out)


def awards_data(awards: tuple[AwardRates, ...]) -> dict[str, Any]:
    """The `awards` entry of the simulate JSON (nothing when the races kept no awards)."""
    if not awards:
        return {}

    def shares(items: tuple[Share, ...]) -> list[dict[str, Any]]:
        return [
            {"name": s.name, "cars": s.cars, "fair": round(s.fair, 4), "taken": s.wins, "rate": s.rate.to_dict()}
            for s in items
        ]

    return {
        "awards": [
            {
                "award": a.key,
                "wins": a.wins,
                "given": a.given.to_dict(),
                "teams": shares(a.teams),
                "start_rows": shares(a.start_rows),
            }
            for a in awards
        ]
    }


def awards_lines(awards: tuple[AwardRates, ...], rate: Callable[[Interval], str]) -> list[str]:
    """The awards part of the simulate text report, rates formatted by `rate`."""
    if not awards:
        return []
    lines = [
        "awards (v2.1 variant 1): how often each pawn was given, and who held it at the end of the race",
        "(share of the races it was given in; fair share = the group's share of the cars):",
    ]
    for a in awards:
        lines.append(f"  {a.key}: {a.wins}")
        lines.append(f"    given in         {rate(a.given)}")
        lines.extend(f"    team {s.name:<11} {rate(s.rate)}   fair {s.fair:.1%}" for s in a.teams)
        lines.extend(f"    row {s.name:<12} {rate(s.rate)}   fair {s.fair:.1%}" for s in a.start_rows)
    return lines
