"""The simulator: many best-of-three races for every pair of strategies, summarised with intervals.

Input: a `Variant`, strategies by name, races per pair and a seed. Output: a `SimReport` with what each
strategy does, each pair's race win rate, the first mover's heat win rate, heat length in turns and the
dead-heat rate, each with a 95 % confidence interval, as text or JSON. The same seed gives the same report.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from itertools import combinations_with_replacement

from pnp.games.dragrage.dice import RandomDice
from pnp.games.dragrage.play import HeatRecord, play_race
from pnp.games.dragrage.stats import Estimate, mean, rate
from pnp.games.dragrage.strategies import Strategy
from pnp.games.dragrage.variant import Variant


@dataclass(frozen=True, slots=True)
class PairReport:
    """Races between strategies `a` (player 0) and `b` (player 1)."""

    a: str
    b: str
    races: int
    a_wins: int
    b_wins: int
    undecided: int
    a_rate: Estimate
    first_mover: Estimate
    """Share of decided heats won by the driver who moved first."""


@dataclass(frozen=True, slots=True)
class SimReport:
    """Everything `pnp dragrage simulate` prints."""

    seed: int
    races_per_pair: int
    pairs: tuple[PairReport, ...]
    first_mover: Estimate
    heat_turns: Estimate
    dead_heats: Estimate
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
            "first_mover_heat_win_rate": self.first_mover.to_dict(),
            "turns_per_heat": self.heat_turns.to_dict(),
            "dead_heat_rate": self.dead_heats.to_dict(),
            "pairs": [
                {
                    "a": p.a,
                    "b": p.b,
                    "races": p.races,
                    "a_wins": p.a_wins,
                    "b_wins": p.b_wins,
                    "undecided": p.undecided,
                    "a_win_rate": p.a_rate.to_dict(),
                    "first_mover_heat_win_rate": p.first_mover.to_dict(),
                }
                for p in self.pairs
            ],
        }


def _first_mover_wins(heats: list[HeatRecord]) -> tuple[int, int]:
    decided = [h for h in heats if h.result.winner is not None]
    return sum(h.result.winner == h.first for h in decided), len(decided)


def simulate(variant: Variant, strategies: dict[str, Strategy], races: int, seed: int) -> SimReport:
    """Play `races` races for every pair of strategies (mirror matches included)."""
    pairs: list[PairReport] = []
    all_heats: list[HeatRecord] = []
    for a, b in combinations_with_replacement(sorted(strategies), 2):
        rng = random.Random(f"dragrage:{seed}:{a}:{b}")
        dice = RandomDice(rng)
        wins = [0, 0, 0]
        heats: list[HeatRecord] = []
        for _ in range(races):
            race = play_race(variant, (strategies[a], strategies[b]), dice, rng)
            wins[2 if race.winner is None else race.winner] += 1
            heats.extend(race.heats)
        first, decided = _first_mover_wins(heats)
        pairs.append(PairReport(a, b, races, wins[0], wins[1], wins[2], rate(wins[0], races), rate(first, decided)))
        all_heats.extend(heats)
    first, decided = _first_mover_wins(all_heats)
    dead = sum(h.result.winner is None for h in all_heats)
    return SimReport(
        seed=seed,
        races_per_pair=races,
        pairs=tuple(pairs),
        first_mover=rate(first, decided),
        heat_turns=mean([float(h.turns) for h in all_heats]),
        dead_heats=rate(dead, len(all_heats)),
        heats=len(all_heats),
        strategies=tuple((name, strategies[name].describe()) for name in sorted(strategies)),
    )


def _pct(e: Estimate) -> str:
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
