"""Exact dice odds against brute-force enumeration of every roll."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from pnp.games.dragrage.odds import p_at_least


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
def test_odds_match_enumeration(dice: int) -> None:
    rolls = list(itertools.product(range(1, 7), repeat=dice))
    for total in range(-1, 6 * dice + 3):
        expected = Fraction(sum(sum(r) >= total for r in rolls), len(rolls))
        assert p_at_least(total, dice) == expected


def test_odds_of_familiar_rolls() -> None:
    assert p_at_least(7, 2) == Fraction(21, 36)
    assert p_at_least(12, 2) == Fraction(1, 36)
    assert p_at_least(13, 2) == 0
    assert p_at_least(3, 3) == 1


def test_other_dice_sizes() -> None:
    assert p_at_least(2, 2, sides=2) == Fraction(4, 4)
    assert p_at_least(4, 2, sides=2) == Fraction(1, 4)
