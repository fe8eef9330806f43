"""The layers of a heat's game tree as numpy arrays: which positions play reaches, and their values.

Input: a `Variant` (spent spun-out counters, positive counters; `optimal.py` checks both) and a progress
callback. Output: the value of the set-up for the first driver, the number of positions and the value
of each opening advance (`LayerAnswer`).

A position is seen from the driver to move ("me") at the moment they advance: my pool, space, counters
played and nitro die, and yours, packed into one 64-bit integer (me in the high half, you in the low
half; each half is nitro | played | space | pool from bit 0). Every advance uses up a counter for good,
so positions fall into layers by the counters still unplayed, and a position's value depends only on
positions of the next layer. The search runs down from the set-up to find the reachable positions of
each layer (sorted key arrays), then up from the last layer, valuing a whole layer at once from the
values of the layer below. The engine's `pending` move is no part of a position: a challenge is settled
from the layer below. Blown engines are not stored either: with spent counters a car is blown exactly
when its pool no longer covers its distance (and with `blown_engine: keeps_turns` a blown driver plays on
until his pool is empty).

The rules come from the engine: which counters are legal, who still races, how a finished heat scores,
which moves stay open to a challenge, what an advance, a spin-out or a nitro die changes in a key, and the
dice odds are all tables the engine filled (`tables.py`). This module holds only the order of a turn (advance
or challenge; the challenged driver's choice of dice; after a failed challenge, advance with the nitro die or
pass) and values it in the order a direct search over the engine's states would, so the floating-point
values agree to the last digit.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pnp.games.dragrage.solver.search_limits import Check, DeadHeat, Progress, SearchTooLarge, unchecked
from pnp.games.dragrage.solver.tables import Packing, RuleTables
from pnp.games.dragrage.variant import START_SPACE, Pool, Variant

Keys = np.ndarray
MAX_FIXED_POINT_ROUNDS = 40
"""Valuations of the whole tree the re-run fixed point may take (it needs three or four in practice)."""
FIXED_POINT_TOLERANCE = 1e-14
"""The fixed point is found when the value and its dead heat's worth differ by no more than this."""


@dataclass(frozen=True, slots=True)
class LayerAnswer:
    """What the layered search found."""

    value: float
    positions: int
    openings: dict[int, float]
    """The first driver's value after each legal opening counter."""


class Layers:
    """The engine's rules of one variant (`RuleTables`) applied to whole arrays of positions."""

    def __init__(self, variant: Variant, dead_heat: DeadHeat = DeadHeat.HALF, check: Check = unchecked) -> None:
        self.variant, self.check = variant, check
        self.rerun = dead_heat is DeadHeat.RERUN
        self.packing = packing = Packing.of(variant, first_bits=int(self.rerun))
        self.tables = RuleTables(variant, packing, check)
        self.space_at, self.space_bits, self.played_bits = packing.space_at, packing.space_bits, packing.played_bits
        self.pool_at, self.h, self.spaces = packing.pool_at, packing.h, packing.spaces
        self.nitro = 1 << self.h
        self.half = self.nitro - 1
        self.shared = variant.pool is Pool.SHARED
        self.fields = packing.field_bits
        self.field_mask = (1 << self.fields) - 1
        roll_spends, turn_in_spends = self.tables.roll_spends_nitro, self.tables.turn_in_spends_nitro
        self.roll_nitro = 1 if roll_spends else 0
        """Key change, seen by the challenger, when the challenged driver rolls the nitro die."""
        self.turn_in = self.nitro if turn_in_spends else 0
        """Key change, seen by the challenger, when the challenger turns in the nitro die to advance."""
        self.dead_heat_value = 0.5
        """With a re-run dead heat: what it is worth to the first driver (the search's current guess)."""

    # --- fields and rules on arrays ------------------------------------------------------------------

    def start(self) -> int:
        """The set-up: both cars on Start, every counter and both nitro dice unused, me to move first."""
        half = self.variant.full_mask << self.pool_at | START_SPACE << self.space_at | 1
        return (half | self.packing.first_bits << self.packing.first_at) << self.h | half

    def swap(self, k: Keys) -> Keys:
        """The same positions seen from the other driver."""
        return (k & self.half) << self.h | k >> self.h

    def racing(self, k: Keys) -> np.ndarray:
        """Whether I still play counters (`engine.done`)."""
        fields = self.fields
        stopped = self.tables.stopped[k >> (self.h + self.space_at)]
        return self.tables.racing[stopped << 2 * fields | (k >> self.h + 1 & self.field_mask) << fields
                                  | k >> 1 & self.field_mask]

    def outcome(self, k: Keys) -> np.ndarray:
        """My score in finished heats (`engine.result`); a re-run dead heat is worth `dead_heat_value` to the
        first driver."""
        pair = (k >> self.h + 1 & self.field_mask) << self.fields | k >> 1 & self.field_mask
        score = self.tables.score[pair]
        if self.rerun:
            first = (k >> self.h + self.packing.first_at & 1).astype(bool)
            dead = self.tables.dead[pair]
            score[dead] = np.where(first[dead], self.dead_heat_value, 1.0 - self.dead_heat_value)
        return score

    def _legal(self, k: Keys) -> list[np.ndarray]:
        """For each counter, whether it is a legal advance at each position (`engine.legal_counters`)."""
        masks = self.tables.legal[k >> (self.h + self.space_at)]
        return [(masks >> i & 1).astype(bool) for i in range(len(self.variant.counters))]

    def _deltas(self, i: int) -> tuple[int, int, int]:
        """Key changes for counter i: (after it, seen by the opponent), (after it, by the mover), (spun out)."""
        moves = self.tables.moves[i]
        return moves.to_opponent, moves.to_mover, moves.spun_out

    def _open(self, k: Keys, i: int) -> np.ndarray:
        """Whether the advance with counter i can be challenged (rule 9's reading, from `engine.step`)."""
        masks = self.tables.open[(k >> self.h + 1 & self.field_mask) << self.fields | k >> 1 & self.field_mask]
        return (masks >> i & 1).astype(bool)

    def _holds(self, i: int) -> tuple[float, float]:
        moves = self.tables.moves[i]
        return moves.hold_two, moves.hold_three

    # --- down: the reachable positions -----------------------------------------------------------------

    def below(self, k: Keys) -> Keys:
        """The advance positions of the next layer whose values the positions `k` need (sorted)."""
        reached = np.zeros(0, dtype=np.int64)
        for i, legal in enumerate(self._legal(k)):
            self.check()
            found: list[Keys] = [reached]
            p = k[legal]
            two, three = self._holds(i)
            dy, dm, dr = self._deltas(i)
            ws = self.swap(p)
            t = ws + dy
            asked = [t]
            opened = self._open(p, i)
            p, ws, t = p[opened], ws[opened], t[opened]
            u, back = p + dm, ws + dr
            yours, mine = (p & 1).astype(bool), (p & self.nitro).astype(bool)
            racing_t = self.racing(t)
            if two > 0:
                asked.append(u)
                found.append(t[yours & racing_t] - self.turn_in)
            if two < 1:
                asked.append(back)
            if three > 0:
                asked.append(u[mine] - (self.roll_nitro << self.h))
                found.append(t[mine & yours & racing_t] - self.roll_nitro - self.turn_in)
            if three < 1:
                asked.append(back[mine] - self.roll_nitro)
            q = _unique(np.concatenate(asked))
            racing = self.racing(q)
            others = self.swap(q[~racing])
            found += [q[racing], others[self.racing(others)]]
            reached = _unique(np.concatenate(found))  # merged counter by counter, to bound the memory
        return reached

    # --- up: values -----------------------------------------------------------------------------------

    def values(self, k: Keys, keys_below: Keys, values_below: np.ndarray, record: dict[int, float] | None = None
               ) -> np.ndarray:
        """My best advance value at each position `k`, from the values of the next layer. `record` gets
        each counter's value at the first position (for the openings)."""

        def look(q: Keys) -> np.ndarray:
            return values_below[np.searchsorted(keys_below, q)]

        def turn(q: Keys) -> np.ndarray:
            """The value for the driver to move at `q` with nothing to challenge (engine: turn, pending 0)."""
            out = np.empty(len(q))
            racing = self.racing(q)
            out[racing] = look(q[racing])
            waiting = q[~racing]
            others = self.swap(waiting)
            wait = self.outcome(waiting)
            other_races = self.racing(others)
            wait[other_races] = 1.0 - look(others[other_races])
            out[~racing] = wait
            return out

        def after_fail(t: Keys, swapped: Keys, yours: np.ndarray, racing_t: np.ndarray) -> np.ndarray:
            """The challenger's value after a failed challenge: pass, or turn in the nitro die and advance."""
            held = 1.0 - turn(swapped)
            both = yours & racing_t
            held[both] = np.maximum(held[both], look(t[both] - self.turn_in))
            return held

        best = np.full(len(k), -1.0)
        for i, legal in enumerate(self._legal(k)):
            self.check()
            p = k[legal]
            two, three = self._holds(i)
            dy, dm, dr = self._deltas(i)
            ws = self.swap(p)
            t = ws + dy
            score = turn(t)
            opened = self._open(p, i)
            p, ws, t = p[opened], ws[opened], t[opened]
            u, back = p + dm, ws + dr
            yours, mine = (p & 1).astype(bool), (p & self.nitro).astype(bool)
            racing_t = self.racing(t)
            held = after_fail(t, u, yours, racing_t) if two > 0 else np.zeros(len(p))
            spun = turn(back) if two < 1 else np.zeros(len(p))
            challenge = two * held + (1.0 - two) * spun
            if mine.any():
                tm = t[mine] - self.roll_nitro
                held = (after_fail(tm, u[mine] - (self.roll_nitro << self.h), yours[mine], racing_t[mine]) if three > 0
                        else np.zeros(len(tm)))
                spun = turn(back[mine] - self.roll_nitro) if three < 1 else np.zeros(len(tm))
                challenge[mine] = np.minimum(challenge[mine], three * held + (1.0 - three) * spun)
            score[opened] = np.maximum(score[opened], challenge)
            value = 1.0 - score
            best[legal] = np.maximum(best[legal], value)
            if record is not None and legal[0]:
                record[self.variant.counters[i]] = float(value[0])
        return best


def _unique(keys: Keys) -> Keys:
    """The distinct keys, sorted (by a stable sort, which merges sorted runs in linear time; numpy's
    hash-based `unique` is slow on these keys)."""
    keys = np.sort(keys, kind="stable")
    return keys[np.concatenate(([True], keys[1:] != keys[:-1]))] if len(keys) else keys


def _reach(rules: Layers, max_states: int, progress: Progress | None) -> tuple[list[Keys], int]:
    """The advance positions of every layer from the set-up on, and how many there are in all;
    SearchTooLarge past `max_states`."""
    layers = [np.array([rules.start()], dtype=np.int64)]
    counters = len(rules.variant.counters) * (1 if rules.shared else 2)
    total = 1
    while len(layers[-1]):
        if progress:
            progress("reach", len(layers), counters)
        nxt = rules.below(layers[-1])
        total += len(nxt)
        if total > max_states:
            raise SearchTooLarge(f"more than {max_states} states")
        layers.append(nxt)
    layers.pop()
    return layers, total


def _value(rules: Layers, layers: list[Keys], total: int, progress: Progress | None) -> tuple[float, dict[int, float]]:
    """Value the layers from the last one up (consuming `layers`): the set-up's value and the openings'."""
    keys_below, values_below = np.zeros(0, dtype=np.int64), np.zeros(0)
    openings: dict[int, float] = {}
    solved = 0
    while layers:
        keys = layers.pop()
        values_below = rules.values(keys, keys_below, values_below, openings if not layers else None)
        keys_below = keys
        solved += len(keys)
        if progress:
            progress("solve", solved, total)
    return float(values_below[0]), openings


def _fixed_point(rules: Layers, layers: list[Keys], total: int, progress: Progress | None
                 ) -> tuple[float, dict[int, float]]:
    """The first driver's value V when a dead heat is re-run with the same first driver: V = f(V), where f(x)
    is the value of a heat whose dead heat is worth x. f rises with slope below 1 (the chance of a dead heat),
    so f(x) - x falls through zero once in [0, 1]: secant steps, kept inside that bracket by bisection."""
    low, high = 0.0, 1.0
    tried: list[tuple[float, float]] = []
    x = 0.5
    for _ in range(MAX_FIXED_POINT_ROUNDS):
        rules.dead_heat_value = x
        value, openings = _value(rules, list(layers), total, progress)
        gap = value - x
        if abs(gap) <= FIXED_POINT_TOLERANCE:
            return value, openings
        low, high = (x, high) if gap > 0 else (low, x)
        tried.append((x, gap))
        x = value if len(tried) == 1 else _secant(tried[-2], tried[-1])
        if not low < x < high:
            x = (low + high) / 2
    return value, openings


def _secant(a: tuple[float, float], b: tuple[float, float]) -> float:
    (xa, ga), (xb, gb) = a, b
    return xb if ga == gb else xb - gb * (xb - xa) / (gb - ga)


def solve_layers(variant: Variant, max_states: int, progress: Progress | None,
                 dead_heat: DeadHeat = DeadHeat.HALF, check: Check = unchecked) -> LayerAnswer:
    """Reach every layer from the set-up, then value them from the last (with a re-run dead heat, until the
    value is its own dead heat's worth); SearchTooLarge past `max_states` positions. `check()` is called
    between steps (see `Check`)."""
    rules = Layers(variant, dead_heat, check)
    start = np.array([rules.start()], dtype=np.int64)
    if not rules.racing(start)[0]:
        return LayerAnswer(float(rules.outcome(start)[0]), 0, {})
    layers, total = _reach(rules, max_states, progress)
    if rules.rerun:
        value, openings = _fixed_point(rules, layers, total, progress)
    else:
        value, openings = _value(rules, layers, total, progress)
    return LayerAnswer(value, total, openings)
