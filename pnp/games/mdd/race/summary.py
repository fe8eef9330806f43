"""The simulation summary of `pnp mdd simulate`: statistics over simulated races, and their report.

Input: the `RaceResult`s of `simulate.simulate` and their board. Output: a `Summary` with confidence
intervals (Wilson for rates, normal approximation for means; team and start-row rates Bonferroni-widened),
as JSON-ready data or as a text table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.games.mdd.geometry import Board
from pnp.games.mdd.race.simulate import RaceResult
from pnp.sim.stats import Interval, bonferroni_z, mean_interval, wilson


@dataclass(frozen=True, slots=True)
class Share:
    """How often a group (team, start row) won the races that had a winner, against its fair share
    (its fraction of the cars)."""

    name: str
    cars: int
    fair: float
    wins: int
    rate: Interval


@dataclass(frozen=True, slots=True)
class Summary:
    """Statistics over simulated races."""

    games: int
    finalists: int
    qualifying_turns: Interval
    qualified: Interval
    short_of_finalists: Interval
    """Rate of races where fewer cars qualified than the finalists' number."""
    eliminations: Interval
    mines_left: Interval
    bumps: Interval
    no_winner: Interval
    stuck_races: int
    """Races in which the turn cap removed cars that could not get anywhere."""
    teams: tuple[Share, ...]
    start_rows: tuple[Share, ...]


def _shares(groups: dict[str, list[int]], cars: int, winners: list[int], z: float) -> tuple[Share, ...]:
    games = sum(1 for w in winners if w >= 0)
    out = []
    for name, members in groups.items():
        member_set = set(members)
        wins = sum(1 for w in winners if w in member_set)
        out.append(Share(name, len(members), len(members) / cars, wins, wilson(wins, games, z)))
    return tuple(out)


def start_groups(board: Board) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """The cars (indices) of each team, and of each start row (rear row, front rows first)."""
    teams: dict[str, list[int]] = {}
    rows: dict[str, list[int]] = {}
    for i, car in enumerate(board.cars):
        teams.setdefault(car.team, []).append(i)
    for i, car in sorted(enumerate(board.cars), key=lambda ic: -ic[1].row):
        rows.setdefault(str(car.row), []).append(i)
    return teams, rows


def summarize(board: Board, results: list[RaceResult]) -> Summary:
    """Statistics of `results`; team and start-row win rates use Bonferroni-widened Wilson intervals."""
    n = len(results)
    finalists = board.limits.finalists.get(len(board.cars), 10)
    teams, rows = start_groups(board)
    winners = [r.winner for r in results]
    cars = len(board.cars)
    return Summary(
        games=n,
        finalists=finalists,
        qualifying_turns=mean_interval([r.qualifying_turns for r in results]),
        qualified=mean_interval([r.qualified for r in results]),
        short_of_finalists=wilson(sum(1 for r in results if r.qualified < finalists), n),
        eliminations=mean_interval([r.eliminations for r in results]),
        mines_left=mean_interval([r.mines_left for r in results]),
        bumps=mean_interval([r.hits for r in results]),
        no_winner=wilson(sum(1 for w in winners if w < 0), n),
        stuck_races=sum(1 for r in results if r.stuck),
        teams=_shares(teams, cars, winners, bonferroni_z(len(teams))),
        start_rows=_shares(rows, cars, winners, bonferroni_z(len(rows))),
    )




def summary_data(summary: Summary, seed: int) -> dict[str, Any]:
    """The summary as JSON-ready data."""

    def shares(items: tuple[Share, ...]) -> list[dict[str, Any]]:
        return [
            {"name": s.name, "cars": s.cars, "fair": round(s.fair, 4), "wins": s.wins, "rate": s.rate.to_dict()}
            for s in items
        ]

    return {
        "games": summary.games,
        "seed": seed,
        "finalists": summary.finalists,
        "qualifying_turns": summary.qualifying_turns.to_dict(),
        "qualified": summary.qualified.to_dict(),
        "short_of_finalists": summary.short_of_finalists.to_dict(),
        "eliminations": summary.eliminations.to_dict(),
        "mines_left": summary.mines_left.to_dict(),
        "bumps": summary.bumps.to_dict(),
        "no_winner": summary.no_winner.to_dict(),
        "stuck_races": summary.stuck_races,
        "teams": shares(summary.teams),
        "start_rows": shares(summary.start_rows),
    }


def _mean(i: Interval) -> str:
    return f"{i.value:8.2f}   (95% CI {i.low:.2f} to {i.high:.2f})"


def rate_text(i: Interval) -> str:
    return f"{i.value:8.1%}   (95% CI {i.low:.1%} to {i.high:.1%})"


def summary_text(summary: Summary, seed: int) -> str:
    """The summary as a text report."""
    lines = [
        f"{summary.games} races, seed {seed}",
        f"turns until qualifying ends   {_mean(summary.qualifying_turns)}",
        f"cars qualified                {_mean(summary.qualified)}",
        f"fewer than {summary.finalists:<2} qualified       {rate_text(summary.short_of_finalists)}",
        f"eliminations                  {_mean(summary.eliminations)}",
        f"mines left at the end         {_mean(summary.mines_left)}",
        f"bumps per race                {_mean(summary.bumps)}",
        f"races without a winner        {rate_text(summary.no_winner)}",
        f"races with stuck cars         {summary.stuck_races:8d}",
        "",
        "win rate by team (fair share = the team's share of the cars):",
    ]
    for s in summary.teams:
        lines.append(f"  {s.name:<12} {rate_text(s.rate)}   fair {s.fair:.1%}")
    lines.append("win rate by start row (rear row of the car at the start):")
    for s in summary.start_rows:
        lines.append(f"  row {s.name:<8} {rate_text(s.rate)}   fair {s.fair:.1%}")
    return "\n".join(lines)
