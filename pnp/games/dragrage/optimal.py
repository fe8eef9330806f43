"""Optimal play for one heat by exhaustive search of the game tree, dice as chance nodes.

Input: a `Variant` whose spun-out counters stay spent (then the tree is finite: every couple of
turns uses up a counter). Output: `HeatOdds`, the chance that the first driver wins the heat when
both drive perfectly, a dead heat counting 1/2 (its re-run starts with a fresh coin flip, so it is
worth exactly half to each driver), with the best opening counters and the number of states.

Encoding (to keep the memo small): a position is seen from the driver to move ("me"), as
(my pool, your pool, my space, your space, my counters played, yours, my nitro, yours). The engine's
`pending` move is not part of the memo key: the best advance from a position does not depend on it,
and a challenge is settled from memoised advance values. Blown engines are not stored either: with
spent counters a car is blown exactly when its pool no longer covers its distance. The rules are the
ones in `engine.py`; the tests check this search against a direct search over the engine's states.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from pnp.games.dragrage.odds import FREE_DICE, NITRO_DICE, p_at_least
from pnp.games.dragrage.state import Advance
from pnp.games.dragrage.variant import START_SPACE, Pool, SpinOut, Variant

DEFAULT_MAX_STATES = 5_000_000

Position = tuple[int, int, int, int, int, int, bool, bool]
"""(my pool, your pool, my space, your space, my played, your played, my nitro, your nitro)."""


class SearchTooLarge(Exception):
    """The search met more positions than its budget allows."""


class UnsupportedVariant(Exception):
    """The variant's game tree has loops (spun-out counters return), which this search cannot solve."""


def _swap(s: Position) -> Position:
    return (s[1], s[0], s[3], s[2], s[5], s[4], s[7], s[6])


@dataclass(slots=True)
class HeatSearch:
    """Memoised values of positions for one variant, each for the driver to move."""

    variant: Variant
    max_states: int = DEFAULT_MAX_STATES
    advance_values: dict[Position, float] = field(default_factory=dict)
    _sums: list[int] = field(default_factory=list)
    _hold: dict[tuple[int, int], float] = field(default_factory=dict)
    _finish: int = 0
    _lane: int = 0

    def __post_init__(self) -> None:
        if self.variant.spin_out is not SpinOut.SPENT:
            raise UnsupportedVariant(
                "the exhaustive search needs spun-out counters to stay spent; with returned counters "
                "a heat can loop back to an earlier position"
            )
        sums = [0]
        for value in self.variant.counters:
            sums += [s + value for s in sums]
        self._sums = sums
        self._finish = self.variant.finish_space
        self._lane = self.variant.lane_length

    def start(self) -> Position:
        """The set-up: both cars on Start, every counter and both nitro dice unused."""
        full = self.variant.full_mask
        return (full, full, START_SPACE, START_SPACE, 0, 0, True, True)

    # --- rule helpers (mirroring engine.py for this encoding) ---------------------------------

    def _done_me(self, s: Position) -> bool:
        """Whether I play no more counters (see `engine.done`; blown = pool short of my distance)."""
        finish = self._finish
        if s[2] >= finish or self._sums[s[0]] < finish - s[2]:
            return True
        return s[3] >= finish and s[4] >= s[5]

    def moves(self, s: Position) -> list[tuple[int, int]]:
        """(bit, value) of the counters I may advance with (see `engine.legal_counters`)."""
        left = [(1 << i, v) for i, v in enumerate(self.variant.counters) if s[0] >> i & 1]
        inside = [(b, v) for b, v in left if s[2] + v <= self._lane]
        return inside or left

    def advanced(self, s: Position, bit: int, value: int) -> Position:
        """The position after I advance with the counter `value` (bit `bit` of the pool masks)."""
        shared = self.variant.pool is Pool.SHARED
        return (s[0] & ~bit, s[1] & ~bit if shared else s[1], s[2] + value, s[3], s[4] + 1, s[5], s[6], s[7])

    def _outcome(self, s: Position) -> float:
        """My score in a finished heat (see `engine.result`)."""
        me, you = s[2] >= self._finish, s[3] >= self._finish
        if not me and not you:
            return 0.5
        if me != you:
            return 1.0 if me else 0.0
        me_clean, you_clean = s[2] <= self._lane, s[3] <= self._lane
        if not me_clean and not you_clean:
            return 0.5
        if me_clean != you_clean:
            return 1.0 if me_clean else 0.0
        if s[4] != s[5]:
            return 1.0 if s[4] < s[5] else 0.0
        if s[2] != s[3]:
            return 1.0 if s[2] < s[3] else 0.0
        return 0.5

    # --- values ---------------------------------------------------------------------------------

    def turn(self, s: Position, pending: int) -> float:
        """My score at the start of my turn; `pending` is your last move (0: none to challenge)."""
        racing = not self._done_me(s)
        if not racing and not pending:
            if self._done_me(_swap(s)):
                return self._outcome(s)
            return 1.0 - self.turn(_swap(s), 0)
        best = self.advance(s) if racing else 1.0 - self.turn(_swap(s), 0)  # advance, or wait
        return max(best, self.challenge(s, pending)) if pending else best

    def advance(self, s: Position) -> float:
        """My score when I advance with my best counter (memoised)."""
        known = self.advance_values.get(s)
        if known is not None:
            return known
        if len(self.advance_values) >= self.max_states:
            raise SearchTooLarge(f"more than {self.max_states} states")
        value = max(1.0 - self.turn(_swap(self.advanced(s, b, v)), v) for b, v in self.moves(s))
        self.advance_values[s] = value
        return value

    def challenge(self, s: Position, pending: int) -> float:
        """My score when I call "Let's Roll" on your last move of `pending` spaces."""
        two = self._roll(s, pending, FREE_DICE)
        if not s[7]:
            return two
        spent = (*s[:7], False)
        return min(two, self._roll(spent, pending, FREE_DICE + NITRO_DICE))  # you pick the dice

    def _roll(self, s: Position, pending: int, dice: int) -> float:
        key = (pending, dice)
        hold = self._hold.get(key)
        if hold is None:
            hold = self._hold[key] = float(p_at_least(pending, dice))
        held = self._after_fail(s) if hold > 0 else 0.0
        spun = self._after_spin(s, pending) if hold < 1 else 0.0
        return hold * held + (1.0 - hold) * spun

    def _after_fail(self, s: Position) -> float:
        pass_turn = 1.0 - self.turn(_swap(s), 0)
        if s[6] and not self._done_me(s):
            return max(pass_turn, self.advance((*s[:6], False, s[7])))
        return pass_turn

    def _after_spin(self, s: Position, pending: int) -> float:
        back = (s[0], s[1], s[2], s[3] - pending, s[4], s[5], s[6], s[7])
        if self._done_me(back):
            return 1.0 - self.turn(_swap(back), 0)
        return self.advance(back)


@dataclass(frozen=True, slots=True)
class HeatOdds:
    """The search's answer for a whole heat."""

    first_player_wins: float
    """Chance that the driver who moves first wins the heat (a dead heat counted as half a win)."""
    states: int
    best_opening: tuple[Advance, ...]


def solve_heat(variant: Variant, max_states: int = DEFAULT_MAX_STATES) -> HeatOdds:
    """Search the heat from the set-up; raise SearchTooLarge past `max_states` positions."""
    search = HeatSearch(variant, max_states)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        start = search.start()
        value = search.turn(start, 0)
        openings = {v: 1.0 - search.turn(_swap(search.advanced(start, b, v)), v) for b, v in search.moves(start)}
    finally:
        sys.setrecursionlimit(limit)
    best = tuple(Advance(v) for v, score in openings.items() if score >= value - 1e-12)
    return HeatOdds(value, len(search.advance_values), best)
