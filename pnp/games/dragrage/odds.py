"""Exact dice odds for the "Let's Roll" challenge and for the numbers printed on counters.

Input: a target total, a number of dice and their sides. Output: exact `Fraction` probabilities.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

FREE_DICE = 2
"""Dice every defender rolls."""
NITRO_DICE = 1
"""Extra dice a defender may add once per heat (the nitro die)."""
DIE_SIDES = 6


@cache
def sum_ways(dice: int, sides: int = DIE_SIDES) -> tuple[int, ...]:
    """Ways to roll each total 0..dice*sides with `dice` dice of `sides` sides (index = total)."""
    if dice < 0 or sides < 1:
        raise ValueError("need a non-negative number of dice with at least one side")
    ways = [1]
    for _ in range(dice):
        nxt = [0] * (len(ways) + sides)
        for total, count in enumerate(ways):
            for face in range(1, sides + 1):
                nxt[total + face] += count
        ways = nxt
    return tuple(ways)


def p_at_least(total: int, dice: int, sides: int = DIE_SIDES) -> Fraction:
    """Exact chance that `dice` dice of `sides` sides add up to `total` or more."""
    ways = sum_ways(dice, sides)
    hits = sum(ways[max(total, 0) :])
    return Fraction(hits, sides**dice)
