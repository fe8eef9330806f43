"""The simulator: many best-of-three races for every pair of strategies, summarised with intervals.

Input: a `Variant`, strategies by name, races per pair and a seed. Output: a `SimReport` with what each
strategy does, each pair's race win rate, the first mover's heat win rate, heat length in turns and the
dead-heat rate, each with a 95 % confidence interval (`summary.py` prints it). The same seed gives the same report.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations_with_replacement

from pnp.games.dragrage.race.dice import RandomDice
from pnp.games.dragrage.race.play import HeatRecord, play_race
from pnp.games.dragrage.race.strategies import Strategy
from pnp.games.dragrage.race.summary import PairReport, SimReport
from pnp.games.dragrage.variant import Variant
from pnp.sim.stats import mean_interval, rate_estimate


def _first_mover_wins(heats: list[HeatRecord]) -> tuple[int, int]:
    decided = [h for h in heats if h.result.winner is not None]
    return sum(h.result.winner == h.first for h in decided), len(decided)


def simulate(variant: Variant, strategies: dict[str, Strategy], races: int, seed: int,
             progress: Callable[[int, int], None] | None = None) -> SimReport:
    """Play `races` races for every pair of strategies (mirror matches included); `progress(done, total)`,
    when given, hears after every race how many of all the match-ups' races are played."""
    pairs: list[PairReport] = []
    all_heats: list[HeatRecord] = []
    matchups = list(combinations_with_replacement(sorted(strategies), 2))
    played, total = 0, races * len(matchups)
    for a, b in matchups:
        rng = random.Random(f"dragrage:{seed}:{a}:{b}")
        dice = RandomDice(rng)
        wins = [0, 0, 0]
        heats: list[HeatRecord] = []
        for _ in range(races):
            race = play_race(variant, (strategies[a], strategies[b]), dice, rng)
            wins[2 if race.winner is None else race.winner] += 1
            heats.extend(race.heats)
            played += 1
            if progress:
                progress(played, total)
        first, decided = _first_mover_wins(heats)
        a_rate, first_rate = rate_estimate(wins[0], races), rate_estimate(first, decided)
        pairs.append(PairReport(a, b, races, wins[0], wins[1], wins[2], a_rate, first_rate))
        all_heats.extend(heats)
    first, decided = _first_mover_wins(all_heats)
    dead = sum(h.result.winner is None for h in all_heats)
    return SimReport(
        seed=seed,
        races_per_pair=races,
        pairs=tuple(pairs),
        first_mover=rate_estimate(first, decided),
        heat_turns=mean_interval([float(h.turns) for h in all_heats]),
        dead_heats=rate_estimate(dead, len(all_heats)),
        heats=len(all_heats),
        strategies=tuple((name, strategies[name].describe()) for name in sorted(strategies)),
    )
