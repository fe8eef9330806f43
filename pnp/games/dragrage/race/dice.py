"""Sources of dice for played heats: seeded random dice, or a fixed script for tests and replays.

Input: how many dice to roll. Output: the faces rolled.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol

from pnp.games.dragrage.odds import DIE_SIDES


class Dice(Protocol):
    """Anything that rolls `count` six-sided dice."""

    def roll(self, count: int) -> tuple[int, ...]: ...


class RandomDice:
    """Dice driven by a seeded `random.Random`, so a seed replays the same rolls."""

    def __init__(self, rng: random.Random):
        self._rng = rng

    def roll(self, count: int) -> tuple[int, ...]:
        """Roll `count` dice."""
        return tuple(self._rng.randint(1, DIE_SIDES) for _ in range(count))


class ScriptedDice:
    """Dice that return the given rolls in order; each roll must have as many faces as asked."""

    def __init__(self, rolls: Iterable[Iterable[int]]):
        self._rolls = [tuple(r) for r in rolls]
        self._next = 0

    def roll(self, count: int) -> tuple[int, ...]:
        """The next scripted roll; ValueError when the script is used up or has the wrong dice count."""
        if self._next >= len(self._rolls):
            raise ValueError("the dice script has no more rolls")
        faces = self._rolls[self._next]
        self._next += 1
        if len(faces) != count:
            raise ValueError(f"the script rolled {len(faces)} dice where {count} were asked for")
        return faces

    @property
    def unused(self) -> int:
        """Scripted rolls not yet used."""
        return len(self._rolls) - self._next
