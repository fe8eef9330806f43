"""The non-recording fast path of the MDD engine: whole races for `pnp mdd simulate`, no events.

Input: a `Board` (turned once into `RaceTables`), a seed, the rule options and whether to keep the v2.1
awards. Output: `play_fast`, the numbers of one complete race as a plain tuple in the field order of
`simulate.RaceResult`. Play is exactly that of `engine.Race` (and `awards.AwardsRace`) with the same
seed: the same dice in the same order, the same rules applied in the same order; only the bookkeeping
nobody reads (events, per-call checks) is left out, and the state lives in local variables of one
function. tests/games/mdd/engine/test_fast_path.py plays seeded races through both paths and compares.

Tables per board: the starting cells (mines, walls), occupancy and lives are copied from a `Race`
built once; `rank` orders the cells for the turn order (most advanced first, leftmost first among
equals) so each turn sorts plain ints, car index in the low bits.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pnp.games.mdd.awards import Awards, holders, record_roll
from pnp.games.mdd.engine import DEFAULT_FINALISTS, EDGE_DAMAGE, Race, RaceOptions
from pnp.games.mdd.geometry import Board

CAR_BITS = 8
"""Bits of a turn-order key holding the car index (boards have far fewer than 256 cars)."""
CAR_MASK = (1 << CAR_BITS) - 1


@dataclass(frozen=True, slots=True)
class RaceTables:
    """What every race on one board starts from, as flat lists indexed by cell (see engine.Race)."""

    lanes: int
    cell: tuple[int, ...]
    occ: tuple[int, ...]
    pos: tuple[int, ...]
    lives: tuple[int, ...]
    finish: int
    """First cell index whose row puts a car's front beyond the last row."""
    finalists: int
    finals: tuple[tuple[int, int, int], ...]
    """(cell index, lane, row) of each finals start position."""
    lane_of: tuple[int, ...]
    rank: tuple[int, ...]
    """Turn-order key of a car's rear cell, shifted left by CAR_BITS."""


def race_tables(board: Board) -> RaceTables | None:
    """The per-board tables of `play_fast`, built from the start state of an `engine.Race`; None for a
    board the fast path does not race (a car or finals cell off the track, too many cars: such boards
    fail validation, and `engine.Race` alone decides what happens on them)."""
    race = Race(board)
    top = board.rows - 1
    starts = [(c.lane, c.row) for c in (*board.cars, *board.finals)]
    if len(board.cars) > CAR_MASK or any(
        not (1 <= lane <= board.lanes and race.first_row <= row <= top) for lane, row in starts
    ):
        return None
    lanes = race.lanes
    size = len(race.cell)
    finals = tuple((race._index(c.lane, c.row), c.lane, c.row) for c in board.finals)
    rank = tuple(((size // lanes - p // lanes) * lanes + p % lanes) << CAR_BITS for p in range(size))
    return RaceTables(
        lanes,
        tuple(race.cell),
        tuple(race.occ),
        tuple(race.pos),
        tuple(race.lives),
        race.finish_index * lanes,
        board.limits.finalists.get(len(board.cars), DEFAULT_FINALISTS),
        finals,
        tuple(p % lanes for p in range(size)),
        rank,
    )


def play_fast(tables: RaceTables, seed: int | str, options: RaceOptions, awards: bool = False) -> tuple:
    """One complete race: (qualifying turns, finals turns, qualified, eliminations, mines left, hits,
    exits, mines taken, stuck, winner or -1, pawn holders or ())."""
    rnd = random.Random(seed).random
    lanes = tables.lanes
    two_lanes = 2 * lanes
    lane_of = tables.lane_of
    rank = tables.rank
    finalists = tables.finalists
    cap = options.turn_cap
    two = options.two_dice
    cell = list(tables.cell)
    occ = list(tables.occ)
    pos = list(tables.pos)
    lives = list(tables.lives)
    cars = len(pos)
    status = [0] * cars  # engine.RACING, QUALIFIED, FINISHED, ELIMINATED = 0, 1, 2, 3
    qualified: list[int] = []
    finished: list[int] = []
    live = list(range(cars))
    racing = cars
    finish = tables.finish
    qualifying = True
    over = False
    turn = qualifying_turns = finals_turns = 0
    hits = exits = mines_taken = eliminations = stuck = 0
    records = Awards()
    first_loss = records.first_loss_turn
    roll_hits: set[int] = set()
    roll_taken = roll_kills = 0

    def remove(c: int, state: int) -> None:
        nonlocal racing
        p = pos[c]
        occ[p] = -1
        occ[p + lanes] = -1
        pos[c] = -1
        status[c] = state
        racing -= 1

    def damage(c: int, amount: int, hit: bool, by: int) -> bool:
        nonlocal eliminations, roll_taken, roll_kills
        left = lives[c]
        if awards:
            if c not in first_loss:
                first_loss[c] = turn
            if hit:
                roll_hits.add(c)
        if amount <= left:
            lives[c] = left - amount
            if awards and by != c:
                roll_taken += amount
            return False
        lives[c] = 0
        eliminations += 1
        remove(c, 3)
        if awards and by != c:
            roll_taken += left
            roll_kills += 1
        return True

    def cross(c: int) -> None:
        if qualifying:
            qualified.append(c)
            remove(c, 1)
        else:
            finished.append(c)
            remove(c, 2)

    def resolve(c: int, side: int, mover: int, seen: dict[int, bool], moving: list[int]) -> bool:
        nonlocal exits, hits
        p = pos[c]
        if side:
            lane = lane_of[p] + side
            if lane < 0 or lane >= lanes:
                exits += 1
                return damage(c, EDGE_DAMAGE, False, mover)
            q = p + side
            targets: tuple[int, ...] = (q, q + lanes)
            free = cell[q] >= 0 and cell[q + lanes] >= 0
        else:
            q = p + two_lanes
            targets = (q,)
            free = cell[q] >= 0
        for q in targets:
            other = occ[q]
            if other < 0:
                continue
            if other in seen:
                free = free and seen[other]
                continue
            hits += 1
            if damage(other, 1, True, mover):
                seen[other] = True
                continue
            gone = resolve(other, side, mover, seen, moving)
            seen[other] = gone
            if not gone:
                free = False
        if free:
            moving.append(c)
        return free

    def wave(car: int, side: int) -> bool:
        nonlocal mines_taken
        moving: list[int] = []
        resolve(car, side, car, {}, moving)
        if not moving:
            return status[car] == 0
        delta = side if side else lanes
        for c in moving:
            p = pos[c]
            occ[p] = -1
            occ[p + lanes] = -1
        for c in moving:
            p = pos[c] + delta
            pos[c] = p
            occ[p] = c
            occ[p + lanes] = c
        for c in moving:
            if status[c]:
                continue
            p = pos[c]
            if side:
                if cell[p] > 0:
                    cell[p] -= 1
                    mines_taken += 1
                    if damage(c, 1, False, car):
                        continue
                q = p + lanes
            else:
                if p >= finish:
                    cross(c)
                    continue
                q = p + lanes
            if cell[q] > 0:
                cell[q] -= 1
                mines_taken += 1
                damage(c, 1, False, car)
        return status[car] == 0

    def push(car: int) -> bool:
        """`wave` for a straight step with a car ahead: the cars in the lane ahead form one chain."""
        nonlocal hits, mines_taken
        chain = [car]
        walled = []
        c = car
        while True:
            q = pos[c] + two_lanes
            walled.append(cell[q] < 0)
            other = occ[q]
            if other < 0:
                break
            hits += 1
            if damage(other, 1, True, car):
                break
            chain.append(other)
            c = other
        moving = []
        for k in range(len(chain) - 1, -1, -1):
            if walled[k]:
                break
            moving.append(chain[k])
        if not moving:
            return status[car] == 0
        for c in moving:
            p = pos[c]
            occ[p] = -1
            occ[p + lanes] = -1
        for c in moving:
            p = pos[c] + lanes
            pos[c] = p
            occ[p] = c
            occ[p + lanes] = c
        for c in moving:
            if status[c]:
                continue
            p = pos[c]
            if p >= finish:
                cross(c)
                continue
            q = p + lanes
            if cell[q] > 0:
                cell[q] -= 1
                mines_taken += 1
                damage(c, 1, False, car)
        return status[car] == 0

    def end_qualifying() -> None:
        nonlocal qualifying, over, racing, live
        for c in range(cars):
            if status[c] == 0:
                remove(c, 3)
        qualifying = False
        if not qualified:
            over = True
            return
        finals = tables.finals
        if len(finals) < len(qualified):
            raise ValueError(f"the board has {len(finals)} finals positions for {len(qualified)} qualifiers")
        for c, (p, lane, row) in zip(qualified, finals, strict=False):
            if occ[p] >= 0 or cell[p] < 0 or occ[p + lanes] >= 0 or cell[p + lanes] < 0:
                raise ValueError(f"finals position lane {lane} row {row} is not free")
            pos[c] = p
            occ[p] = c
            occ[p + lanes] = c
            status[c] = 0
        racing = len(qualified)
        live = list(qualified)

    while not over:
        turn += 1
        if qualifying:
            qualifying_turns += 1
        else:
            finals_turns += 1
        phase_qualifying = qualifying
        order = sorted([rank[pos[c]] | c for c in live if not status[c]])
        live = [key & CAR_MASK for key in order]
        for car in live:
            if status[car]:
                continue
            roll = int(rnd() * 6) + 1
            d = int(rnd() * 6) + 1 if two else roll
            side = -1 if d <= 2 else (0 if d <= 4 else 1)
            if awards:
                roll_hits.clear()
                roll_taken = roll_kills = 0
            for _ in range(roll):
                p = pos[car]
                if side == 0:
                    q = p + two_lanes
                    if occ[q] >= 0:
                        going = push(car)
                    else:
                        mines = cell[q]
                        if mines < 0:
                            break  # a wall ahead: every step left is the same blocked step
                        occ[p] = -1
                        occ[q] = car
                        p += lanes
                        pos[car] = p
                        if p >= finish:
                            cross(car)
                            if qualifying and len(qualified) >= finalists:
                                end_qualifying()
                            break
                        if mines:
                            cell[q] = mines - 1
                            mines_taken += 1
                            if damage(car, 1, False, car):
                                break
                        continue
                else:
                    lane = lane_of[p] + side
                    if lane < 0 or lane >= lanes:
                        exits += 1
                        if damage(car, EDGE_DAMAGE, False, car):
                            break
                        side = 0
                        continue
                    q = p + side
                    r = q + lanes
                    if occ[q] < 0 and occ[r] < 0 and cell[q] == 0 and cell[r] == 0:
                        occ[p] = -1
                        occ[p + lanes] = -1
                        occ[q] = car
                        occ[r] = car
                        pos[car] = q
                        side = 0
                        continue
                    going = wave(car, side)
                if qualifying and len(qualified) >= finalists:
                    end_qualifying()
                    break
                if not going:
                    break
                side = 0
            if awards:
                record_roll(records, car, roll_taken, len(roll_hits), roll_kills)
            if qualifying != phase_qualifying:
                break
        else:
            if not racing:
                if qualifying:
                    end_qualifying()
                else:
                    over = True
            elif (qualifying_turns if qualifying else finals_turns) >= cap:
                for c in range(cars):
                    if status[c] == 0:
                        stuck += 1
                        remove(c, 3)
                if qualifying:
                    end_qualifying()
                else:
                    over = True
    pawns: tuple[tuple[int, ...], ...] = ()
    if awards:
        pawns = holders(records, cars)
    return (
        qualifying_turns,
        finals_turns,
        len(qualified),
        eliminations,
        sum(m for m in cell if m > 0),
        hits,
        exits,
        mines_taken,
        stuck,
        finished[0] if finished else -1,
        pawns,
    )
