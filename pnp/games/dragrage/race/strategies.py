"""Simple driver strategies for the simulator: greedy, cautious, threshold challenger and random.

Input: the variant, the heat state, the legal actions and a seeded random generator.
Output: one of the legal actions. Strategies keep no state between calls.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from pnp.games.dragrage.odds import FREE_DICE, NITRO_DICE, p_at_least
from pnp.games.dragrage.race.state import Action, Advance, Challenge, HeatState, Pass, Phase, Roll, Wait
from pnp.games.dragrage.variant import Variant


class Strategy(Protocol):
    """A driver: picks one of `actions` for `state.actor`."""

    @property
    def name(self) -> str:
        """The strategy's name in reports and on the command line."""
        ...

    def choose(self, variant: Variant, state: HeatState, actions: tuple[Action, ...], rng: random.Random) -> Action: ...

    def describe(self) -> str:
        """One line saying what the driver does, for reports."""
        ...


def hold_odds(state: HeatState) -> Fraction:
    """Best chance the opponent of `state.actor` has to hold the move now open to a challenge."""
    dice = FREE_DICE + (NITRO_DICE if state.nitro[1 - state.actor] else 0)
    return p_at_least(state.pending, dice)


def _counters(actions: tuple[Action, ...]) -> list[int]:
    return [a.counter for a in actions if isinstance(a, Advance)]


def finishing_move(variant: Variant, state: HeatState, counters: list[int], most: int) -> int | None:
    """The counter of at most `most` that crosses the line and stops nearest it, if any."""
    here = state.pos[state.actor]
    clean = [c for c in counters if c <= most and variant.finish_space <= here + c <= variant.lane_length]
    return min(clean) if clean else None


def _greedy_counter(variant: Variant, state: HeatState, counters: list[int]) -> int:
    finish = finishing_move(variant, state, counters, max(counters))
    if finish is not None:
        return finish
    here = state.pos[state.actor]
    short = [c for c in counters if here + c < variant.finish_space]
    return max(short) if short else min(counters)


def _cautious_counter(variant: Variant, state: HeatState, counters: list[int], safe: int) -> int:
    finish = finishing_move(variant, state, counters, safe + 1)
    if finish is not None:
        return finish
    here = state.pos[state.actor]
    short = [c for c in counters if here + c < variant.finish_space and c <= safe]
    return max(short) if short else min(counters)


def _defend(state: HeatState) -> Action:
    """Add the nitro die only when two dice are more likely to fail than to hold."""
    return Roll(FREE_DICE + NITRO_DICE) if p_at_least(state.pending, FREE_DICE) < Fraction(1, 2) else Roll(FREE_DICE)


def _turn(actions: tuple[Action, ...], counter: int | None, challenge: bool) -> Action:
    """Challenge when wanted and allowed, else advance with `counter`, else let the turn go by."""
    if Challenge() in actions and challenge:
        return Challenge()
    return Wait() if counter is None else Advance(counter)


@dataclass(frozen=True, slots=True)
class Greedy:
    """Always races: the counter that finishes nearest the line, else the biggest that stays short;
    challenges only once done racing, when the open move is more likely to fail than to hold."""

    name: str = "greedy"

    def describe(self) -> str:
        """One line saying what the driver does."""
        return ("plays the counter that crosses nearest the line, else the biggest that stays short; challenges "
                "only once done racing, and only moves more likely to fail than hold; after a failed challenge "
                "turns in its nitro die to advance")

    def choose(self, variant: Variant, state: HeatState, actions: tuple[Action, ...], rng: random.Random) -> Action:
        """Pick an action (see the class docstring)."""
        if state.phase is Phase.DEFEND:
            return _defend(state)
        if state.phase is Phase.AFTER_FAIL:
            return Advance(_greedy_counter(variant, state, _counters(actions)))
        counters = _counters(actions)
        counter = _greedy_counter(variant, state, counters) if counters else None
        late = counter is None and Challenge() in actions and hold_odds(state) < Fraction(1, 2)
        return _turn(actions, counter, late)


@dataclass(frozen=True, slots=True)
class Cautious:
    """Plays counters up to `safe` (likely to survive a challenge), challenges only long shots,
    keeps the nitro die after a failed challenge."""

    safe: int = 7
    name: str = "cautious"

    def describe(self) -> str:
        """One line saying what the driver does."""
        return (f"plays counters up to {self.safe} (or one more to cross), challenges only moves that hold less "
                "than one time in four, keeps its nitro die after a failed challenge")

    def choose(self, variant: Variant, state: HeatState, actions: tuple[Action, ...], rng: random.Random) -> Action:
        """Pick an action (see the class docstring)."""
        if state.phase is Phase.DEFEND:
            return _defend(state)
        if state.phase is Phase.AFTER_FAIL:
            return Pass()
        counters = _counters(actions)
        counter = _cautious_counter(variant, state, counters, self.safe) if counters else None
        long_shot = Challenge() in actions and hold_odds(state) < Fraction(1, 4)
        return _turn(actions, counter, long_shot)


@dataclass(frozen=True, slots=True)
class Threshold:
    """Races like greedy but calls "Let's Roll" on every move of `threshold` spaces or more."""

    threshold: int = 9
    name: str = "threshold"

    def describe(self) -> str:
        """One line saying what the driver does."""
        return (f"races like greedy, calls \"Let's Roll\" on every move of {self.threshold} spaces or more, "
                "keeps its nitro die after a failed challenge")

    def choose(self, variant: Variant, state: HeatState, actions: tuple[Action, ...], rng: random.Random) -> Action:
        """Pick an action (see the class docstring)."""
        if state.phase is Phase.DEFEND:
            return _defend(state)
        if state.phase is Phase.AFTER_FAIL:
            return Pass()
        counters = _counters(actions)
        counter = _greedy_counter(variant, state, counters) if counters else None
        return _turn(actions, counter, state.pending >= self.threshold)


@dataclass(frozen=True, slots=True)
class RandomDriver:
    """Picks uniformly among the legal actions."""

    name: str = "random"

    def describe(self) -> str:
        """One line saying what the driver does."""
        return "picks any legal action, each as likely as the others"

    def choose(self, variant: Variant, state: HeatState, actions: tuple[Action, ...], rng: random.Random) -> Action:
        """Pick an action at random."""
        return rng.choice(actions)


def builtin_strategies() -> dict[str, Strategy]:
    """The simulator's strategies by name."""
    return {s.name: s for s in (Greedy(), Cautious(), Threshold(), RandomDriver())}
