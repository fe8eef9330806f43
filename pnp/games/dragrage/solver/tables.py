"""The rules the layered search needs, as tables filled by asking the engine, never restated.

Input: a `Variant` and the bit layout of a position key (`Packing`). Output: `RuleTables`: for every pool and
space, the legal counters (`engine.legal_counters`) and whether the driver's own counters end his play
(`engine.out_of_counters`, with the engine blown as `engine.blown_engines` says);
whether a driver still races (`engine.done`) and how a finished heat scores (`engine.result`) for every pair of
spaces and every order of the counters played; whether each counter's move stays open to a challenge
(`engine.step`, rule 9's reading); the key changes of an advance, a spin-out and a nitro die used (`engine.step`,
`engine.resolve_roll`); and the chance that a move holds on two or three dice (`engine.hold_chance`).

Each table is read from the engine's answers on states built for the purpose, so a rule changed in the engine
changes the search with it; `tests/games/dragrage/test_dragrage_optimal.py` checks the search against a plain
search over the engine's states.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pnp.games.dragrage.odds import FREE_DICE, NITRO_DICE
from pnp.games.dragrage.race.engine import (
    blown_engines,
    done,
    hold_chance,
    legal_counters,
    out_of_counters,
    pool_of,
    resolve_roll,
    result,
    step,
)
from pnp.games.dragrage.race.state import Advance, HeatState, Phase, Roll
from pnp.games.dragrage.solver.search_limits import Check, SearchTooLarge, unchecked
from pnp.games.dragrage.variant import START_SPACE, Pool, Variant

MAX_KEY_BITS = 63
MAX_HALF_ENTRIES = 1 << 21
"""Pools times spaces the per-driver tables may hold (each entry is one question to the engine)."""
MAX_PAIR_BITS = 22
"""Bits of the index of the tables read by both drivers' spaces and counters played."""
ORDERS = 3
"""Orders of the counters played: fewer than the opponent (0), as many (1), more (2)."""
PLAYED_PAIRS = ((1, 2), (1, 1), (1, 0))
"""Counters played by (me, you) that give each order."""


@dataclass(frozen=True, slots=True)
class Packing:
    """Where a driver's fields sit in a position key: each half is nitro | played | space | pool from bit 0;
    the driver to move is the high half."""

    counters: int
    space_bits: int
    played_bits: int
    top: int
    """The furthest space a car can reach."""
    first_bits: int = 0
    """1 when each half also says whether its driver moved first (bit `first_at`), for a dead heat that is
    re-run with the same first driver; 0 when a dead heat is worth the same to both."""

    @classmethod
    def of(cls, variant: Variant, first_bits: int = 0) -> Packing:
        top = max(START_SPACE, variant.finish_space - 1 + max(variant.counters))
        packing = cls(len(variant.counters), top.bit_length(), len(variant.counters).bit_length(), top, first_bits)
        if 2 * packing.h > MAX_KEY_BITS:
            raise SearchTooLarge(f"the positions of this variant need more than {MAX_KEY_BITS} bits")
        return packing

    @property
    def space_at(self) -> int:
        return 1 + self.played_bits

    @property
    def pool_at(self) -> int:
        return self.space_at + self.space_bits

    @property
    def first_at(self) -> int:
        return self.pool_at + self.counters

    @property
    def h(self) -> int:
        """Bits of one half."""
        return self.first_at + self.first_bits

    @property
    def spaces(self) -> int:
        """Space values a key can hold."""
        return 1 << self.space_bits

    @property
    def field_bits(self) -> int:
        """Bits of a driver's space and counters played, which sit side by side in a half (from bit 1)."""
        return self.space_bits + self.played_bits

    def half(self, variant: Variant, state: HeatState, player: int) -> int:
        """One driver's fields of `state`."""
        pool = pool_of(variant, state, player)
        played, space, nitro = state.played[player], state.pos[player], int(state.nitro[player])
        return pool << self.pool_at | space << self.space_at | played << 1 | nitro

    def key(self, variant: Variant, state: HeatState, player: int) -> int:
        """`state` as a key seen from `player` (the high half)."""
        return self.half(variant, state, player) << self.h | self.half(variant, state, 1 - player)


def _state(variant: Variant, pools: tuple[int, int], pos: tuple[int, int], played: tuple[int, int],
           phase: Phase = Phase.TURN, actor: int = 0) -> HeatState:
    """A state for asking the engine a question: player 0's and player 1's pool, space and counters played."""
    shared = variant.pool is Pool.SHARED
    return HeatState(phase=phase, actor=actor, pos=pos, played=played,
                     pools=(pools[0],) if shared else pools, nitro=(True, True), blown=(False, False))


@dataclass(frozen=True, slots=True)
class Moves:
    """Key changes of one counter's move, from the engine: `to_opponent` and `to_mover` after the advance
    (seen by the opponent and by the mover), `spun_out` after a spin-out (seen by the challenger), and the
    chances that the move holds on two and on three dice."""

    to_opponent: int
    to_mover: int
    spun_out: int
    hold_two: float
    hold_three: float


def _moves(variant: Variant, packing: Packing, counter: int) -> Moves:
    """Play `counter` from the set-up, then challenge it and spin it out, and read the key changes."""
    full = variant.full_mask
    before = _state(variant, (full, full), (START_SPACE, START_SPACE), (0, 0))
    moved = step(variant, before, Advance(counter))
    roll = moved._replace(phase=Phase.ROLL, actor=0, pending=counter, dice=FREE_DICE)
    spun = resolve_roll(variant, roll, False)
    three = roll._replace(dice=FREE_DICE + NITRO_DICE)
    return Moves(
        to_opponent=packing.key(variant, moved, 1) - packing.key(variant, before, 1),
        to_mover=packing.key(variant, moved, 0) - packing.key(variant, before, 0),
        spun_out=packing.key(variant, spun, 1) - packing.key(variant, before, 1),
        hold_two=float(hold_chance(roll)),
        hold_three=float(hold_chance(three)),
    )


def _nitro_spent(variant: Variant) -> tuple[bool, bool]:
    """Whether rolling three dice uses up the roller's nitro die, and whether advancing after a failed
    challenge uses up the challenger's."""
    full, counter = variant.full_mask, variant.counters[0]
    base = _state(variant, (full, full), (START_SPACE, START_SPACE), (0, 0), Phase.DEFEND)
    rolled = step(variant, base._replace(pending=counter), Roll(FREE_DICE + NITRO_DICE))
    advanced = step(variant, base._replace(phase=Phase.AFTER_FAIL), Advance(counter))
    return not rolled.nitro[0], not advanced.nitro[0]


class RuleTables:
    """The engine's answers, tabulated for whole arrays of keys."""

    def __init__(self, variant: Variant, packing: Packing, check: Check = unchecked) -> None:
        self.variant, self.packing, self.check = variant, packing, check
        pools, spaces = 1 << packing.counters, packing.spaces
        if pools * spaces > MAX_HALF_ENTRIES:
            raise SearchTooLarge(f"the rule tables of this variant need more than {MAX_HALF_ENTRIES:,} entries")
        self.legal = np.zeros(pools * spaces, dtype=np.int64)
        """By pool << space_bits | space: bit i set when counter i is a legal advance."""
        self.stopped = np.zeros(pools * spaces, dtype=np.int64)
        """By the same index: 1 when the driver's own counters end his play (none left, or, read as `blown_engine:
        stops`, too few to carry the car across)."""
        if 2 * packing.field_bits > MAX_PAIR_BITS:
            raise SearchTooLarge(f"the rule tables of this variant need more than 2^{MAX_PAIR_BITS} entries")
        self._fill_halves()
        if packing.first_bits:  # the same answers whoever moved first
            self.legal, self.stopped = np.tile(self.legal, 2), np.tile(self.stopped, 2)
        racing = self._racing_table()
        self.racing = np.concatenate([self._by_fields(racing[stopped]) for stopped in (0, 1)])
        """By stopped << 2 F | my field << F | your field (F: `field_bits`; a field is space << played bits |
        played): I still play counters."""
        score, dead = self._result_tables()
        self.score, self.dead = self._by_fields(score), self._by_fields(dead)
        """By my field << F | your field: my score in a finished heat (a dead heat 1/2), and whether it is a
        dead heat."""
        self.moves = [_moves(variant, packing, c) for c in variant.counters]
        self.open = np.zeros(1 << 2 * packing.field_bits, dtype=np.uint16 if packing.counters <= 16 else np.uint32)
        """By my field << F | your field before the move: bit i set when counter i's move can be challenged."""
        for i, counter in enumerate(variant.counters):
            check()
            np.bitwise_or(self.open, self._by_fields(self._open_table(counter), after=1).astype(self.open.dtype) << i,
                          out=self.open)
        self.roll_spends_nitro, self.turn_in_spends_nitro = _nitro_spent(variant)

    def _fill_halves(self) -> None:
        variant, packing = self.variant, self.packing
        other = variant.full_mask
        for pool in range(1 << packing.counters):
            if pool % 16 == 0:
                self.check()
            for space in range(START_SPACE, packing.top + 1):
                state = _state(variant, (pool, other), (space, START_SPACE), (0, 0))
                index = pool << packing.space_bits | space
                mask = 0
                for value in legal_counters(variant, state, 0):
                    mask |= 1 << variant.counters.index(value)
                self.legal[index] = mask
                self.stopped[index] = out_of_counters(variant, state._replace(blown=blown_engines(variant, state)), 0)

    def _by_fields(self, table: np.ndarray, after: int = 0) -> np.ndarray:
        """A table by (my space, your space, order of the counters played once I have played `after` more) as a
        flat table by my field << F | your field."""
        spaces, played = np.arange(self.packing.spaces), np.arange(1 << self.packing.played_bits)
        mine, my_played = spaces[:, None, None, None], played[None, :, None, None]
        yours, your_played = spaces[None, None, :, None], played[None, None, None, :]
        return table[mine, yours, np.sign(my_played + after - your_played) + 1].ravel()

    def _racing_table(self) -> np.ndarray:
        """By stopped, my space, your space and order: I still play counters (`engine.done`). Stopped (1) is
        asked on a state whose own counters end my play either way: an empty pool and a blown engine."""
        variant, spaces = self.variant, self.packing.spaces
        table = np.zeros((2, spaces, spaces, ORDERS), dtype=bool)
        full = variant.full_mask
        for stopped in (0, 1):
            for mine in range(spaces):
                self.check()
                for yours in range(spaces):
                    for order, played in enumerate(PLAYED_PAIRS):
                        state = _state(variant, (0 if stopped else full, full), (mine, yours), played)
                        state = state._replace(blown=(bool(stopped), False))
                        table[stopped, mine, yours, order] = not done(variant, state, 0)
        return table

    def _result_tables(self) -> tuple[np.ndarray, np.ndarray]:
        """By my space, your space and order: my score in a finished heat, and whether it is a dead heat."""
        variant, spaces = self.variant, self.packing.spaces
        score = np.zeros((spaces, spaces, ORDERS))
        dead = np.zeros((spaces, spaces, ORDERS), dtype=bool)
        full = variant.full_mask
        for mine in range(spaces):
            self.check()
            for yours in range(spaces):
                for order, played in enumerate(PLAYED_PAIRS):
                    state = _state(variant, (full, full), (mine, yours), played, Phase.OVER)
                    winner = result(variant, state).winner
                    score[mine, yours, order] = 0.5 if winner is None else float(winner == 0)
                    dead[mine, yours, order] = winner is None
        return score, dead

    def _open_table(self, counter: int) -> np.ndarray:
        """By my space and yours before the move and the order of the counters played after it: advance with
        `counter` and see whether the engine leaves the move open to a challenge."""
        variant, spaces, top = self.variant, self.packing.spaces, self.packing.top
        full = variant.full_mask
        table = np.zeros((spaces, spaces, ORDERS), dtype=bool)
        for mine in range(START_SPACE, top + 1):
            for yours in range(START_SPACE, top + 1):
                for order, (my_played, your_played) in enumerate(PLAYED_PAIRS):
                    before = _state(variant, (full, full), (mine, yours), (my_played - 1, your_played))
                    table[mine, yours, order] = step(variant, before, Advance(counter)).pending == counter
        return table
