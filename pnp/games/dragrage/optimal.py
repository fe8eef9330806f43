"""Optimal play for one heat: the game tree solved layer by layer, dice as chance nodes.

Input: a `Variant` whose spun-out counters stay spent and whose counters are positive. Output: `HeatOdds`,
the chance that the first driver wins the heat when both drive perfectly, a dead heat counting 1/2 (its
re-run starts with a fresh coin flip, so it is worth exactly half to each driver), with the best opening
counters and the number of positions.

A position is seen from the driver to move ("me") at the moment they advance: my pool, space, counters
played and nitro die, and yours, packed into one integer (`Packing`). Every advance uses up a counter for
good, so the positions fall into layers by the counters still unplayed, and a position's value depends
only on positions of the next layer. The search therefore runs twice over the layers: down from the
set-up to find the positions that play can reach (kept as arrays of 8-byte keys), then up from the last
layer to value them, holding the values of one layer at a time. The engine's `pending` move is no part of
a position: a challenge is settled from the values of the layer below. Blown engines are not stored either:
with spent counters a car is blown exactly when its pool no longer covers its distance. The rules are the
ones in `engine.py`; the tests check this search against a direct search over the engine's states, and
the arithmetic is done in the same order as that search, so the values agree to the last digit.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from pnp.games.dragrage.odds import FREE_DICE, NITRO_DICE, p_at_least
from pnp.games.dragrage.state import Advance
from pnp.games.dragrage.variant import START_SPACE, Crossing, Pool, SpinOut, Variant

DEFAULT_MAX_STATES = 5_000_000

Progress = Callable[[str, int, int], None]
"""Called as `progress(stage, done, total)`; stage "reach" counts layers, "solve" counts positions."""

Move = tuple[int, int, int, float, float, bool]
"""One legal advance: key deltas (next turn, same driver after it, spun-out), hold chances, challengeable."""


class SearchTooLarge(Exception):
    """The search met more positions than its budget allows."""


class UnsupportedVariant(Exception):
    """A variant this search cannot solve: spun-out counters return (the tree loops) or a counter is not
    positive."""


@dataclass(frozen=True, slots=True)
class Packing:
    """Bit layout of a position: two halves (me high, you low) of nitro | played | space | pool."""

    played_bits: int
    space_bits: int
    counters: int

    @property
    def space_at(self) -> int:
        return 1 + self.played_bits

    @property
    def pool_at(self) -> int:
        return self.space_at + self.space_bits

    @property
    def half(self) -> int:
        """Bits of one driver's half."""
        return self.pool_at + self.counters

    def pack_half(self, pool: int, space: int, played: int, nitro: bool) -> int:
        return pool << self.pool_at | space << self.space_at | played << 1 | int(nitro)

    def unpack_half(self, half: int) -> tuple[int, int, int, int]:
        """(pool, space, played, nitro) of one half."""
        return (half >> self.pool_at, half >> self.space_at & (1 << self.space_bits) - 1,
                half >> 1 & (1 << self.played_bits) - 1, half & 1)


class HeatSearch:
    """The layers of one variant's heat and the rules on packed positions (mirroring `engine.py`)."""

    def __init__(self, variant: Variant, max_states: int = DEFAULT_MAX_STATES) -> None:
        if variant.spin_out is not SpinOut.SPENT:
            raise UnsupportedVariant(
                "the exhaustive search needs spun-out counters to stay spent; with returned counters "
                "a heat can loop back to an earlier position"
            )
        if min(variant.counters) <= 0:
            raise UnsupportedVariant("the exhaustive search needs every counter to move a car forward")
        self.variant = variant
        self.max_states = max_states
        self.finish = variant.finish_space
        self.lane = variant.lane_length
        n = len(variant.counters)
        top = max(START_SPACE, self.finish - 1 + max(variant.counters))
        self.packing = Packing(n.bit_length(), top.bit_length(), n)
        self.h = self.packing.half
        sums = [0]
        for value in variant.counters:
            sums += [s + value for s in sums]
        self.sums = sums
        self._half = (1 << self.h) - 1
        self._space_at = self.packing.space_at
        self._space_mask = (1 << self.packing.space_bits) - 1
        self._played_mask = (1 << self.packing.played_bits) - 1
        self._moves: dict[int, tuple[Move, ...]] = {}
        spaces = 1 << self.packing.space_bits
        self._stopped = bytearray(  # by (pool, space): crossed, or the pool cannot carry the car across
            space >= self.finish or sums[pool] < self.finish - space
            for pool in range(variant.full_mask + 1) for space in range(spaces)
        )

    # --- positions --------------------------------------------------------------------------------

    def start(self) -> int:
        """The set-up: both cars on Start, every counter and both nitro dice unused."""
        half = self.packing.pack_half(self.variant.full_mask, START_SPACE, 0, True)
        return half << self.h | half

    def swap(self, key: int) -> int:
        """The same position seen from the other driver."""
        return (key & (1 << self.h) - 1) << self.h | key >> self.h

    def fields(self, key: int) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
        """((pool, space, played, nitro) of me, the same of you)."""
        return self.packing.unpack_half(key >> self.h), self.packing.unpack_half(key & (1 << self.h) - 1)

    def racing(self, key: int) -> bool:
        """Whether I still play counters (see `engine.done`; blown = pool short of my distance)."""
        me = key >> self.h
        if self._stopped[me >> self._space_at]:
            return False
        you = key & self._half
        return not ((you >> self._space_at & self._space_mask) >= self.finish
                    and (me >> 1 & self._played_mask) >= (you >> 1 & self._played_mask))

    def outcome(self, key: int) -> float:
        """My score in a finished heat (see `engine.result`)."""
        (_, mine, my_played, _), (_, yours, your_played, _) = self.fields(key)
        me, you = mine >= self.finish, yours >= self.finish
        if me != you or not me:
            return 1.0 if me else 0.0 if you else 0.5
        me_clean, you_clean = mine <= self.lane, yours <= self.lane
        if me_clean != you_clean or not me_clean:
            return 1.0 if me_clean else 0.0 if you_clean else 0.5
        if my_played != your_played:
            return 1.0 if my_played < your_played else 0.0
        if mine != yours:
            return 1.0 if mine < yours else 0.0
        return 0.5

    def layer(self, key: int) -> int:
        """Counters still unplayed in the pools of the position (one pool when shared)."""
        (mine, *_), (yours, *_) = self.fields(key)
        return mine.bit_count() + (0 if self.variant.pool is Pool.SHARED else yours.bit_count())

    def moves(self, key: int) -> tuple[Move, ...]:
        """My legal advances (see `engine.legal_counters`), cached by my pool and space."""
        spot = key >> self.h + self._space_at
        known = self._moves.get(spot)
        if known is None:
            known = self._moves[spot] = self._make_moves(key)
        return known

    def _make_moves(self, key: int) -> tuple[Move, ...]:
        p, h = self.packing, self.h
        (pool, space, _, _), _ = self.fields(key)
        left = [(1 << i, v) for i, v in enumerate(self.variant.counters) if pool >> i & 1]
        inside = [(b, v) for b, v in left if space + v <= self.lane]
        final = self.variant.crossing is Crossing.FINAL
        found = []
        for bit, value in inside or left:
            stay = -(bit << p.pool_at) + (1 << 1)  # the mover's half: counter used, one more played
            moved = stay + (value << p.space_at)
            other = -(bit << p.pool_at) if self.variant.pool is Pool.SHARED else 0
            found.append((moved + (other << h), (moved << h) + other, stay + (other << h),
                          float(p_at_least(value, FREE_DICE)), float(p_at_least(value, FREE_DICE + NITRO_DICE)),
                          not (final and space + value >= self.finish)))
        return tuple(found)

    # --- the downward pass: which positions play reaches --------------------------------------------

    def reach(self, progress: Progress | None = None) -> list[array | list[int]]:
        """The positions where a driver advances, layer by layer from the set-up (SearchTooLarge past
        the budget)."""
        start = self.start()
        layers: list[array | list[int]] = []
        current: Iterable[int] = [start] if self.racing(start) else []
        total = 0
        while current:
            keys = _compact(sorted(current), 2 * self.h)
            total += len(keys)
            if total > self.max_states:
                raise SearchTooLarge(f"more than {self.max_states} states")
            layers.append(keys)
            if progress:
                progress("reach", len(layers), self.layer(start) + 1)
            current = self._reached_below(keys)
        return layers

    def _reached_below(self, keys: Iterable[int]) -> set[int]:
        """The advance positions of the next layer whose values the positions `keys` need."""
        needed: set[int] = set()  # values asked for: the advance if racing, else the wait
        if_racing: set[int] = set()  # advances asked for only where the driver races
        add, add_if = needed.add, if_racing.add
        nitro = 1 << self.h
        for s in keys:
            ws = self.swap(s)
            yours, mine = s & 1, s & nitro
            for dy, dm, dr, two, three, open_ in self.moves(s):
                t = ws + dy
                add(t)
                if not open_:
                    continue
                u, back = s + dm, ws + dr
                if two > 0:
                    add(u)
                    if yours:
                        add_if(t - nitro)
                if two < 1:
                    add(back)
                if mine:
                    if three > 0:
                        add(u - nitro)
                        if yours:
                            add_if(t - 1 - nitro)
                    if three < 1:
                        add(back - 1)
        below = {q for q in if_racing if self.racing(q)}
        for q in needed:
            if self.racing(q):
                below.add(q)
            elif self.racing(other := self.swap(q)):
                below.add(other)
        return below

    # --- the upward pass: values -------------------------------------------------------------------

    def solve(self, progress: Progress | None = None) -> HeatOdds:
        """Value every reachable position, last layer first, and return the set-up's value."""
        layers = self.reach(progress)
        start = self.start()
        if not layers:
            return HeatOdds(self.outcome(start), 0, ())
        total, solved = sum(len(keys) for keys in layers), 0
        below: dict[int, float] = {}
        openings: list[float] = []
        for depth in range(len(layers) - 1, -1, -1):
            keys = layers[depth]
            values = self._solve_layer(keys, below, openings if depth == 0 else None)
            solved += len(keys)
            if progress:
                progress("solve", solved, total)
            below = dict(zip(keys, values))
            layers[depth] = []  # the keys of a solved layer are no longer needed
        value = below[start]
        best = tuple(Advance(move_value[1]) for move_value in zip(openings, self._counters(start))
                     if move_value[0] >= value - 1e-12)
        return HeatOdds(value, total, best)

    def _counters(self, key: int) -> list[int]:
        """The counters of my legal advances, in the order of `moves`."""
        (pool, space, _, _), _ = self.fields(key)
        left = [v for i, v in enumerate(self.variant.counters) if pool >> i & 1]
        return [v for v in left if space + v <= self.lane] or left

    def _solve_layer(self, keys: Iterable[int], below: dict[int, float], record: list[float] | None) -> array:
        """My best advance value at each of `keys`, from the values `below` of the next layer (the same
        arithmetic, in the same order, as a direct search; `record` collects each move's value)."""
        adv = below.get
        waits: dict[int, float] = {}
        racing, swap, outcome = self.racing, self.swap, self.outcome

        def wait(q: int) -> float:
            """The value of a position where the driver to move no longer races."""
            known = waits.get(q)
            if known is None:
                other = swap(q)
                known = waits[q] = 1.0 - below[other] if racing(other) else outcome(q)
            return known

        h = self.h
        nitro = 1 << h
        half = nitro - 1
        moves = self.moves
        out = array("d")
        for s in keys:
            ws = (s & half) << h | s >> h
            yours, mine = s & 1, s & nitro
            best = -1.0
            for dy, dm, dr, two, three, open_ in moves(s):
                t = ws + dy
                turn = adv(t)
                if turn is None:
                    turn = wait(t)
                if open_:
                    u, back = s + dm, ws + dr
                    held = spun = 0.0
                    if two > 0:
                        x = adv(u)
                        held = 1.0 - (wait(u) if x is None else x)
                        if yours and (x := adv(t - nitro)) is not None and x > held:
                            held = x
                    if two < 1:
                        spun = adv(back)
                        if spun is None:
                            spun = wait(back)
                    challenge = two * held + (1.0 - two) * spun
                    if mine:
                        held = spun = 0.0
                        if three > 0:
                            x = adv(u - nitro)
                            held = 1.0 - (wait(u - nitro) if x is None else x)
                            if yours and (x := adv(t - 1 - nitro)) is not None and x > held:
                                held = x
                        if three < 1:
                            spun = adv(back - 1)
                            if spun is None:
                                spun = wait(back - 1)
                        nitro_roll = three * held + (1.0 - three) * spun
                        if nitro_roll < challenge:
                            challenge = nitro_roll
                    if challenge > turn:
                        turn = challenge
                value = 1.0 - turn
                if record is not None:
                    record.append(value)
                if value > best:
                    best = value
            out.append(best)
        return out


def _compact(keys: list[int], bits: int) -> array | list[int]:
    """The sorted keys of one layer as 8-byte integers when they fit (else left as a list)."""
    return array("Q", keys) if bits <= 64 else keys


@dataclass(frozen=True, slots=True)
class HeatOdds:
    """The search's answer for a whole heat."""

    first_player_wins: float
    """Chance that the driver who moves first wins the heat (a dead heat counted as half a win)."""
    states: int
    best_opening: tuple[Advance, ...]


def solve_heat(variant: Variant, max_states: int = DEFAULT_MAX_STATES, progress: Progress | None = None) -> HeatOdds:
    """Search the heat from the set-up; raise SearchTooLarge past `max_states` positions."""
    return HeatSearch(variant, max_states).solve(progress)
