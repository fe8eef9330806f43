"""The simulation summary: what `pnp dragrage simulate` reports, as records, as text and as JSON.

Input: the counts and estimates `simulate.py` measured. Output: `SimReport` and its text table or JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from pnp.sim.stats import Interval


@dataclass(frozen=True, slots=True)
class PairReport:
    """Races between strategies `a` (player 0) and `b` (player 1)."""

    a: str
    b: str
    races: int
    a_wins: int
    b_wins: int
    undecided: int
    a_rate: Interval
    first_mover: Interval
    """Share of decided heats won by the driver who moved first."""


@dataclass(frozen=True, slots=True)
class SimReport:
    """Everything `pnp dragrage simulate` prints."""

    seed: int
    races_per_pair: int
    pairs: tuple[PairReport, ...]
    first_mover: Interval
    heat_turns: Interval
    dead_heats: Interval
    heats: int
    strategies: tuple[tuple[str, str], ...] = ()
    """(name, what it does) of each strategy in the match-ups."""

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON output."""
        return {
            "seed": self.seed,
            "races_per_pair": self.races_per_pair,
            "strategies": [{"name": name, "description": text} for name, text in self.strategies],
            "heats": self.heats,
            "first_mover_heat_win_rate": self.first_mover.to_dict(places=None),
            "turns_per_heat": self.heat_turns.to_dict(places=None),
            "dead_heat_rate": self.dead_heats.to_dict(places=None),
            "pairs": [
                {
                    "a": p.a,
                    "b": p.b,
                    "races": p.races,
                    "a_wins": p.a_wins,
                    "b_wins": p.b_wins,
                    "undecided": p.undecided,
                    "a_win_rate": p.a_rate.to_dict(places=None),
                    "first_mover_heat_win_rate": p.first_mover.to_dict(places=None),
                }
                for p in self.pairs
            ],
        }


def _pct(e: Interval) -> str:
    if e.empty:
        return "n/a (nothing decided)"
    return f"{100 * e.value:5.1f} % [{100 * e.low:5.1f}–{100 * e.high:5.1f}]"


def format_text(report: SimReport) -> str:
    """A readable table of the report."""
    lines = [
        f"Drag Rage simulation: {report.races_per_pair} races per pair, seed {report.seed}, "
        f"{report.heats} heats in all (95 % intervals in brackets)",
        "",
        *(f"{name}: {text}" for name, text in report.strategies),
        "",
        f"{'driver A':<10} {'driver B':<10} {'A wins race':<26} {'first mover wins heat':<26} undecided",
    ]
    for p in report.pairs:
        lines.append(f"{p.a:<10} {p.b:<10} {_pct(p.a_rate):<26} {_pct(p.first_mover):<26} {p.undecided}")
    t = report.heat_turns
    lines += [
        "",
        f"first mover wins the heat: {_pct(report.first_mover)}",
        f"turns per heat: {t.value:.2f} [{t.low:.2f}–{t.high:.2f}]",
        f"dead heats: {_pct(report.dead_heats)}",
    ]
    return "\n".join(lines)


def format_json(report: SimReport) -> str:
    """The report as JSON."""
    return json.dumps(report.to_dict(), indent=2)
