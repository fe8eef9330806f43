"""The report of `pnp mdd simulate`: a races summary as JSON-ready data or as a text table.

Input: a `Summary` from `pnp.games.mdd.simulate.summarize` and the seed. Output: a dict or a string.
"""

from __future__ import annotations

from typing import Any

from pnp.games.mdd.simulate import Share, Summary
from pnp.stats import Interval


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
