"""Playing heats and races with two strategies and a source of dice.

Input: a `Variant`, two strategies (player 0 and player 1), dice and a seeded generator.
Output: `HeatRecord`s (result, who moved first, turns, counters played) and `RaceRecord`s
(best-of-three by default; every heat starts with a coin flip for the first move).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pnp.games.dragrage.race.dice import Dice
from pnp.games.dragrage.race.engine import apply, initial_state, legal_actions, resolve_roll, result
from pnp.games.dragrage.race.state import HeatResult, Phase, Reason
from pnp.games.dragrage.race.strategies import Strategy
from pnp.games.dragrage.variant import Variant

MAX_TURNS = 1000
"""A heat still running after this many turns is stopped and counted as a dead heat (only possible
when spun-out counters return to the pool and drivers keep spinning each other out)."""
MAX_HEATS = 25
"""A race still undecided after this many heats (dead heats included) has no winner."""


@dataclass(frozen=True, slots=True)
class HeatRecord:
    """One played heat."""

    first: int
    result: HeatResult
    turns: int


@dataclass(frozen=True, slots=True)
class RaceRecord:
    """One race: its heats in order and the winner (None when stopped at the heat limit)."""

    winner: int | None
    heats: tuple[HeatRecord, ...]


def play_heat(
    variant: Variant,
    drivers: tuple[Strategy, Strategy],
    dice: Dice,
    rng: random.Random,
    first: int,
    max_turns: int = MAX_TURNS,
) -> HeatRecord:
    """Play one heat from the start; `drivers[p]` decides for player p, `dice` settles challenges."""
    state = initial_state(variant, first)
    turns = 0
    while state.phase is not Phase.OVER:
        if state.phase is Phase.ROLL:
            state = resolve_roll(variant, state, sum(dice.roll(state.dice)) >= state.pending)
            continue
        if state.phase is Phase.TURN:
            turns += 1
            if turns > max_turns:
                return HeatRecord(first, HeatResult(None, Reason.TURN_LIMIT), max_turns)
        actions = legal_actions(variant, state)
        state = apply(variant, state, drivers[state.actor].choose(variant, state, actions, rng))
    return HeatRecord(first, result(variant, state), turns)


def play_race(
    variant: Variant,
    drivers: tuple[Strategy, Strategy],
    dice: Dice,
    rng: random.Random,
    max_heats: int = MAX_HEATS,
) -> RaceRecord:
    """Play heats (coin flip for the first move each time) until a driver has won enough of them."""
    wins = [0, 0]
    heats: list[HeatRecord] = []
    while len(heats) < max_heats:
        heat = play_heat(variant, drivers, dice, rng, rng.randrange(2))
        heats.append(heat)
        if heat.result.winner is not None:
            wins[heat.result.winner] += 1
            if wins[heat.result.winner] >= variant.heats_to_win:
                return RaceRecord(heat.result.winner, tuple(heats))
    return RaceRecord(None, tuple(heats))
