"""The non-recording fast path of the MDD engine: whole races for `pnp mdd simulate`, no events.

Input: the `RaceTables` of a board (fastboard.py), a seed, the rule options and whether to keep the v2.1
awards. Output: `play_fast`, the numbers of one complete race as a plain tuple in the field order of
`simulate.RaceResult`. Play is exactly that of `engine.Race` (and `awards.AwardsRace`) with the same
seed: the same dice in the same order, the same rules applied in the same order; only the bookkeeping
nobody reads (events, per-call checks) is left out, the state lives in local variables of one function,
and the common steps (free, into a mine, off the edge, a straight push of one car, a sideways push of
one car into free cells) take short cuts.
tests/games/mdd/engine/test_fast_path.py plays seeded races through both paths and compares them. The
compiled race step (_race.c, the awards in _awards.c) mirrors this play: a change here goes there too
(test_compiled_step.py compares the two; `pip install -e .` rebuilds the step).
Cell indices count the lanes from the right and end each row with a pad cell (fastboard.py): a step to
the left is +1, a step off the track lands on a pad.
"""

from __future__ import annotations

import random
from math import floor

from pnp.games.mdd.awards import Awards, holders, record_roll
from pnp.games.mdd.engine import EDGE_DAMAGE, RaceOptions
from pnp.games.mdd.fastboard import EDGE, RaceTables
from pnp.games.mdd.fastdice import ONE_DIE, TWO_DICE


def play_fast(tables: RaceTables, seed: int | str, options: RaceOptions, awards: bool = False) -> tuple:
    """One complete race: (qualifying turns, finals turns, qualified, eliminations, mines left, hits,
    exits, mines taken, stuck, winner or -1, pawn holders or ())."""
    rnd = random.Random(seed).random
    two = options.two_dice
    width = tables.width
    two_rows = 2 * width
    reach = tuple((k + 1) * width for k in range(7))
    up = list(range(width, len(tables.cell) + width))
    up2 = list(range(two_rows, len(tables.cell) + two_rows))
    """How far ahead a car's front gets (from its rear) in k steps."""
    finalists = tables.finalists
    cap = options.turn_cap
    cell = list(tables.cell)
    occ = list(tables.occ)
    pos = list(tables.pos)
    lives = list(tables.lives)
    cars = len(pos)
    status = [0] * cars  # engine.RACING, QUALIFIED, FINISHED, ELIMINATED = 0, 1, 2, 3
    qualified: list[int] = []
    finished: list[int] = []
    live = list(range(cars))
    at = pos.__getitem__
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
        occ[p + width] = -1
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
        """Whether `c` gets out of the way of a sideways step (it moves, or it is gone): engine._resolve."""
        nonlocal exits, hits
        beside = pos[c] + side
        if cell[beside] == EDGE:
            exits += 1
            return damage(c, EDGE_DAMAGE, False, mover)
        free = cell[beside] >= 0 and cell[beside + width] >= 0
        for q in (beside, beside + width):
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
        moving: list[int] = []
        resolve(car, side, car, {}, moving)
        if not moving:
            return status[car] == 0
        return shift(moving, side, car)

    def shift(moving: list[int], side: int, car: int) -> bool:
        """Move the cars of `moving` one cell (sideways by `side`, else ahead) together, then `land` them."""
        delta = side if side else width
        for c in moving:
            p = pos[c]
            occ[p] = -1
            occ[p + width] = -1
        for c in moving:
            p = pos[c] + delta
            pos[c] = p
            occ[p] = c
            occ[p + width] = c
        return land(moving, side, car)

    def land(moving: list[int] | tuple[int, int], side: int, car: int) -> bool:
        """Each car of `moving` left on the track meets what it moved onto (by `side`, or ahead): mines, or
        the finish line; `car` is the mover, and whether it is still racing is returned."""
        nonlocal mines_taken
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
            elif p >= finish:
                cross(c)
                continue
            q = p + width
            if cell[q] > 0:
                cell[q] -= 1
                mines_taken += 1
                damage(c, 1, False, car)
        return status[car] == 0

    def push(car: int, p: int) -> bool:
        """`wave` for a straight step of `car` (rear cell `p`) with a car ahead: the cars in the lane ahead
        form one chain, the one or two cars of most pushes handled first. No car covers a wall cell
        (`race_tables`), so only the cell ahead of the chain's front car can be a wall."""
        nonlocal hits, mines_taken
        q = p + two_rows
        other = occ[q]
        hits += 1
        left = lives[other]
        if left and not awards:
            lives[other] = left - 1
        elif damage(other, 1, True, car):
            occ[p] = -1  # the car ahead is gone: the mover takes its cell
            occ[q] = car
            p += width
            pos[car] = p
            if p >= finish:
                cross(car)
                return False
            if cell[q] > 0:
                cell[q] -= 1
                mines_taken += 1
                return not damage(car, 1, False, car)
            return True
        r = q + two_rows
        if occ[r] < 0:
            if cell[r] < 0:
                return True  # a wall ahead of the car in front: nobody moves
            occ[p] = -1  # both move, the one in front first
            occ[q] = car
            occ[r] = other
            pos[other] = q + width
            pos[car] = p + width
            if q + width >= finish:
                cross(other)
            elif cell[r] > 0:
                cell[r] -= 1
                mines_taken += 1
                damage(other, 1, False, car)
            p += width
            if p >= finish:
                cross(car)
                return False
            if cell[q] > 0:
                cell[q] -= 1
                mines_taken += 1
                return not damage(car, 1, False, car)
            return True
        moving = [car, other]
        c = other
        while True:
            q = pos[c] + two_rows
            other = occ[q]
            if other < 0:
                if cell[q] < 0:
                    return status[car] == 0
                break
            hits += 1
            left = lives[other]
            if left and not awards:
                lives[other] = left - 1
            elif damage(other, 1, True, car):
                break
            moving.append(other)
            c = other
        moving.reverse()
        return shift(moving, 0, car)

    def hold(car: int, home: int, p: int) -> int:
        """Write the free sideways step of `car` from rear cell `home` to `p` into `occ`; returns `p`."""
        occ[home] = -1
        occ[home + width] = -1
        occ[p] = car
        occ[p + width] = car
        return p

    def end_qualifying() -> None:
        """Qualifying is over: the rest of this turn's order is dropped (`live` cleared) and the finals start."""
        nonlocal qualifying, over, racing, live
        live.clear()
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
            if occ[p] >= 0 or cell[p] < 0 or occ[p + width] >= 0 or cell[p + width] < 0:
                raise ValueError(f"finals position lane {lane} row {row} is not free")
            pos[c] = p
            occ[p] = c
            occ[p + width] = c
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
        # the cars off the track are at -1: they sort last, and `racing` cars are on the track
        live.sort(key=at, reverse=True)
        del live[racing:]
        for car in live:
            home = pos[car]
            """The rear cell the car holds in `occ`; `p` is where it is (a free sideways step is written
            with the straight steps that follow it)."""
            if home < 0:
                continue  # put off the track earlier in this turn
            if two:
                side, n = TWO_DICE[floor(rnd() * 6.0)][floor(rnd() * 6.0)]
            else:
                side, n = ONE_DIE[floor(rnd() * 6.0)]
            p = home
            if side:
                q = p + side
                r = q + width
                mines = cell[q]
                more = cell[r]
                if occ[q] < 0 and occ[r] < 0:  # nobody beside
                    if n and not mines and not more:
                        p = q  # written into `occ` with the straight steps
                    elif mines >= 0 and more >= 0:  # no wall, not the edge
                        occ[p] = -1
                        occ[p + width] = -1
                        occ[q] = car
                        occ[r] = car
                        pos[car] = p = home = q
                        if mines:
                            cell[q] = mines - 1
                            mines_taken += 1
                            if damage(car, 1, False, car):
                                p = home = -1
                                n = 0
                        if more and p >= 0:
                            cell[r] = more - 1
                            mines_taken += 1
                            if damage(car, 1, False, car):
                                p = home = -1
                                n = 0
                    elif mines == EDGE:
                        exits += 1
                        if damage(car, EDGE_DAMAGE, False, car):
                            p = home = -1
                            n = 0
                    # else a wall beside: the car stays, and goes on straight
                else:
                    other = occ[q]
                    if other < 0:
                        other = occ[r]
                    po = pos[other]
                    qo = po + side
                    ro = qo + width
                    if (
                        not awards
                        and lives[other]
                        and occ[r] in (-1, other)
                        and mines >= 0
                        and more >= 0
                        and cell[qo] >= 0
                        and cell[ro] >= 0
                        and occ[qo] < 0
                        and occ[ro] < 0
                    ):
                        # one car beside, that survives the bump and has free cells beside it: both move
                        hits += 1
                        lives[other] -= 1
                        occ[po] = -1
                        occ[po + width] = -1
                        occ[p] = -1
                        occ[p + width] = -1
                        occ[qo] = other
                        occ[ro] = other
                        occ[q] = car
                        occ[r] = car
                        pos[other] = qo
                        pos[car] = p = q
                        if (cell[qo] or cell[ro] or mines or more) and not land((other, car), side, car):
                            p = -1
                            n = 0
                    elif not wave(car, side):
                        p = -1
                        n = 0
                    else:
                        p = pos[car]
                    home = p
            # straight steps; `p` is the car's rear cell, written to pos[car] before anything reads it
            while n:
                q = up2[p]
                if occ[q] < 0:
                    mines = cell[q]
                    if not mines:
                        # a free cell ahead: run on over every free cell (the pads above the line stop
                        # a car beyond it), then move once
                        end = p + reach[n]
                        front = q
                        while front < end:
                            q = up[front]
                            if occ[q] >= 0 or cell[q]:
                                break
                            front = q
                        occ[home] = -1
                        occ[up[home]] = -1
                        p = front - width
                        occ[p] = car
                        occ[front] = car
                        pos[car] = p
                        if p >= finish:
                            cross(car)
                            if qualifying and len(qualified) >= finalists:
                                end_qualifying()
                            break
                        if front == end:
                            break
                        home = p
                        n = (end - front) // width
                        continue
                    if home != p:
                        home = hold(car, home, p)
                    if mines < 0:
                        pos[car] = p
                        break  # a wall ahead: every step left is the same blocked step
                    n -= 1
                    occ[p] = -1
                    occ[q] = car
                    p += width
                    pos[car] = p
                    if p >= finish:
                        cross(car)
                        if qualifying and len(qualified) >= finalists:
                            end_qualifying()
                        break
                    cell[q] = mines - 1
                    mines_taken += 1
                    if damage(car, 1, False, car):
                        break
                    home = p
                    continue
                if home != p:
                    home = hold(car, home, p)
                n -= 1
                pos[car] = p
                going = push(car, p)
                if qualifying and len(qualified) >= finalists:
                    end_qualifying()
                    break
                if not going:
                    break
                home = p = pos[car]
            else:
                pos[car] = p  # -1 again for a car put off the track by its sideways step
            if awards:
                record_roll(records, car, roll_taken, len(roll_hits), roll_kills)
                roll_hits.clear()
                roll_taken = roll_kills = 0
        if qualifying == phase_qualifying:  # else qualifying ended during the turn, and so did the turn
            if racing and (qualifying_turns if qualifying else finals_turns) >= cap:
                for c in range(cars):
                    if status[c] == 0:
                        stuck += 1
                        remove(c, 3)
            if not racing:
                if qualifying:
                    end_qualifying()
                else:
                    over = True
    winner = finished[0] if finished else -1
    mines_left = sum(cell) + tables.blocked
    pawns = holders(records, cars) if awards else ()
    return (qualifying_turns, finals_turns, len(qualified), eliminations, mines_left, hits, exits, mines_taken,
            stuck, winner, pawns)
