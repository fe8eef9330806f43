"""Optimal play for one heat by exhaustive search of the game tree, dice as chance nodes.

Input: a `Variant` whose spun-out counters stay spent (then the tree is finite: every advance uses up a
counter) and whose counters are positive. Output: `HeatOdds`, the chance that the first driver wins the
heat when both drive perfectly, a dead heat counting 1/2 (its re-run starts with a fresh coin flip, so it is
worth exactly half to each driver), with the best opening counters and the number of positions.

The search itself (`layers.py`) solves the tree layer by layer on numpy arrays; numpy is imported only
when a search runs. The tests check it against a direct search over the engine's states.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.dragrage.race.state import Advance
from pnp.games.dragrage.solver.search_limits import DEFAULT_MAX_STATES, Check, DeadHeat, Progress, unchecked
from pnp.games.dragrage.variant import SpinOut, Variant


class UnsupportedVariant(Exception):
    """A variant the search cannot solve: spun-out counters return (the tree loops) or a counter does not
    move a car forward."""


@dataclass(frozen=True, slots=True)
class HeatOdds:
    """The search's answer for a whole heat."""

    first_player_wins: float
    """Chance that the driver who moves first wins the heat, a dead heat counted as `dead_heat` says."""
    states: int
    best_opening: tuple[Advance, ...]
    dead_heat: DeadHeat = DeadHeat.HALF


def solve_heat(variant: Variant, max_states: int = DEFAULT_MAX_STATES, progress: Progress | None = None,
               dead_heat: DeadHeat = DeadHeat.HALF, check: Check = unchecked) -> HeatOdds:
    """Search the heat from the set-up; raise SearchTooLarge past `max_states` positions.

    `progress(stage, done, total)`, when given, is called after each layer: stage "reach" while the
    positions are found (layers), "solve" while they are valued (positions); `check()` between the search's
    steps (what it raises stops the search)."""
    if variant.spin_out is not SpinOut.SPENT:
        raise UnsupportedVariant(
            "the exhaustive search needs spun-out counters to stay spent; with returned counters "
            "a heat can loop back to an earlier position"
        )
    if min(variant.counters) <= 0:
        raise UnsupportedVariant("the exhaustive search needs every counter to move a car forward")
    from pnp.games.dragrage.solver.layers import solve_layers  # numpy loads only for a search

    answer = solve_layers(variant, max_states, progress, dead_heat, check)
    best = tuple(Advance(c) for c, score in answer.openings.items() if score >= answer.value - 1e-12)
    return HeatOdds(answer.value, answer.positions, best, dead_heat)
