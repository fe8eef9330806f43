"""The Mini Demolition Derby rules engine: one race, qualifying then finals, seeded and deterministic.

Input: a `Board`, `RaceOptions`, seeded or given dice (`Race.move`). Output: the `Race` state (cells.snapshot), `Event`s
when recording; the v2.1 awards (awards.py) hear of each car's first loss of lives and of each roll that hurt
another car. This file alone states the race rules (numbers: rule_numbers.py; readings:
docs/mdd-engine.md); setup.py compiles it (engine.pxd). The state is flat tables of ints by cell and by car
(cells.py); a car is its index in `Board.cars`, placed by its rear cell.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable
from functools import partial
from typing import Any

from pnp.games.mdd.geometry import Board
from pnp.games.mdd.race.awards import Awards
from pnp.games.mdd.race.cells import EDGE, STATUS_NAMES, WALL, finals_cells, grid_of, row_steps, start_tables
from pnp.games.mdd.race.records import DEFAULT_TURN_CAP, Event, RaceOptions, ran_events
from pnp.games.mdd.race.rule_numbers import DEFAULT_FINALISTS, EDGE_DAMAGE, HIT_DAMAGE, MINE_DAMAGE, ROLLS, SIDE_NAMES

__all__ = ["DEFAULT_TURN_CAP", "EDGE", "STATUS_NAMES", "WALL", "Awards", "Race", "RaceOptions"]
try:
    import cython  # type: ignore[import-untyped]
    COMPILED: bool = bool(cython.compiled)
except ImportError:  # Cython absent: this module runs as plain Python (setup.py compiles it where it can)
    COMPILED = False
_table: Callable[[list[int]], Any] = partial(array, "i") if COMPILED else list  # typed arrays for engine.pxd
RACING, QUALIFIED, FINISHED, ELIMINATED = 0, 1, 2, 3
QUALIFYING, FINALS, OVER = "qualifying", "finals", "over"


class Race:
    """One race's state and the rules that change it (slots: pure Python's attributes are faster without a dict)."""
    __slots__ = ("_ahead", "_behind", "_bumped", "_bumped_in", "_cell", "_dice", "_finals", "_full_lives", "_kills",
                 "_live", "_lives", "_mines", "_moved_in", "_mover", "_moves", "_moving", "_occ", "_order", "_ordered",
                 "_pos", "_random", "_rng", "_roll_kills", "_sides", "_start", "_status", "_steps", "_taken", "_wave",
                 "awards", "board", "cell", "eliminations", "events", "exits", "finalists", "finals_turns", "finish",
                 "finished", "grid", "hits", "kills", "lanes", "lives", "mines_taken", "occ", "options", "phase", "pos",
                 "qualified", "qualifying_turns", "racing", "status", "stuck", "turn", "turn_cap", "two_dice", "width")

    def __init__(self, board: Board, options: RaceOptions | None = None, seed: int | str | None = 0,
                 dice: Callable[[], int] | None = None, awards: Awards | None = None) -> None:
        self.board, self.options = board, options or RaceOptions()
        self.grid, self.lanes, self.width = grid_of(board), board.lanes, board.lanes + 1
        self.finish = (board.rows - self.grid.first_row + 1) * self.width  # a car's front here is past the line
        self.finalists = board.limits.finalists.get(len(board.cars), DEFAULT_FINALISTS)
        self.two_dice, self.turn_cap = self.options.two_dice, self.options.turn_cap
        self._start = [_table(t) for t in start_tables(board, self.grid)]  # which `reset` copies
        self._mines = sum(m for m in self._start[0] if m > 0)  # a mine goes only when a car takes it
        self._sides, self._steps = (_table([t[j] for faces in ROLLS for t in faces]) for j in (1, 2))  # play_turn
        self._moving, self._moves = _table([0] * len(board.cars)), 0  # a wave's movers in order: the first `_moves`
        self._mover = _table([0])  # the car `move` moves
        self._full_lives, self._finals = self._start[3], finals_cells(board, self.grid, self._start[0])
        self._ahead, self._behind = (_table(t) for t in row_steps(len(self._start[0]), self.width))
        self._rng = random.Random()  # `reset` seeds it again (cheaper than a new one)
        self._random = self._rng.random
        self._live = live = [t[:] for t in self._start]  # `reset` copies the start into them (memoryviews: made once)
        self.cell = self._cell = live[0]  # mines in each cell, WALL or EDGE
        self.occ = self._occ = live[1]  # the car covering each cell, or -1
        self.pos = self._pos = live[2]  # each car's rear cell, or -1 once off the track
        self.lives = self._lives = live[3]
        self.kills = self._kills = live[4]  # other cars each car eliminated
        self._bumped_in = live[5]  # the `_wave` (a count of bumping rolls and waves) a car was last bumped in
        self._moved_in = live[6]  # the `_wave` in which each car last moved sideways in a wave
        self.status = self._status = live[7]
        self._order = live[8]  # the cars in the order they moved last turn: the first `_ordered`
        self.reset(seed, awards, dice)

    def reset(self, seed: int | str | None = 0, awards: Awards | None = None,
              dice: Callable[[], int] | None = None) -> Race:
        """Back to the start of the race, with new dice and awards (cheaper than a new `Race`)."""
        for table, first in zip(self._live, self._start, strict=True):
            table[:] = first  # (in place: the same tables, so the same memoryviews)
        self._wave = self._taken = self._bumped = self._roll_kills = 0  # and the roll's lives taken, bumps, kills
        self._ordered = self.racing = len(self._lives)  # the cars in `_order`, the cars racing
        self.qualified: list[int] = []  # in crossing order, as finished
        self.finished: list[int] = []
        self.turn = self.qualifying_turns = self.finals_turns = 0
        self.hits = self.exits = self.mines_taken = self.stuck = self.eliminations = 0
        """`eliminations`: cars eliminated by losing a life they did not have (not those left out at the line)."""
        self.events: list[Event] | None = [] if self.options.record else None
        self.awards, self._dice, self.phase = awards, dice, QUALIFYING
        self._rng.seed(seed)
        return self

    def car_cell(self, car: int) -> tuple[int, int]:
        """(lane, row) of a car's rear cell; (0, 0) when it is off the track."""
        p = self._pos[car]
        return (0, 0) if p < 0 else self.grid.place(p)

    def mines_left(self) -> int:
        """Mines (bombs) still on the board."""
        return self._mines - self.mines_taken

    def on_track(self) -> list[int]:
        """Indices of the cars still racing, in the order they would move now."""
        return [self._order[i] for i in range(self._sort_order())]

    def _sort_order(self) -> int:
        """Sort the cars on the track to the front of `_order`, highest rear cell first; how many they are."""
        order, pos, n, last = self._order, self._pos, 0, len(self._cell)  # last: the rear cell of the last car
        for i in range(self._ordered):
            car = order[i]
            p = pos[car]
            if p < last:  # behind the cars sorted (or off the track)
                if p >= 0:
                    order[n] = car
                    n += 1
                    last = p
            else:  # ahead of the last car sorted (at `last`): it moves up past it, then past each car behind it
                j = n - 1
                order[n] = order[j]
                while j:
                    other = order[j - 1]
                    if pos[other] > p:
                        break
                    order[j] = other
                    j -= 1
                order[j] = car
                n += 1
        self._ordered = n
        return n

    def _damage(self, car: int, amount: int, kind: str, by: int) -> bool:
        """Take `amount` lives from `car`; eliminate it when it has fewer. True when eliminated. A "hit": the step
        of `by` bumps `car` (the roll's bumped cars count each car once)."""
        if kind == "hit":
            self.hits += 1
            if self._bumped_in[car] != self._wave:
                self._bumped_in[car] = self._wave
                self._bumped += 1
        left = self._lives[car]
        if self.events is not None:
            self.events.append(Event(kind, car, amount, *self.car_cell(car), by))
        if amount > left:  # (not `gone = amount > left`: pure Python 3.11 specialises a compare only before a jump)
            gone = True
            self._lives[car] = 0
            self.eliminations += 1
            self._remove(car, ELIMINATED, kind, by)
        else:
            gone = False
            self._lives[car] = left - amount
        if by != car:
            self._taken += left if gone else amount
            if gone:
                self._kills[by] += 1
                self._roll_kills += 1
        if left == self._full_lives[car] and self.awards is not None:
            self.awards.on_first_loss(car, self.turn)
        return gone

    def _take_mine(self, car: int, q: int, by: int) -> bool:
        """`car` enters cell `q`, which holds a mine: the mine goes, the car pays; True when eliminated."""
        self._cell[q] -= 1
        self.mines_taken += 1
        return self._damage(car, MINE_DAMAGE, "mine", by)

    def _remove(self, car: int, status: int, cause: str, by: int = -1) -> None:
        p = self._pos[car]
        if p >= 0:
            self._occ[p] = self._occ[self._ahead[p]] = -1
            self.racing -= 1
        self._pos[car] = -1
        self._status[car] = status
        if self.events is not None:
            place = len(self.qualified) if status == QUALIFIED else len(self.finished) if status == FINISHED else 0
            kind = "eliminated" if status == ELIMINATED else STATUS_NAMES[status]
            self.events.append(Event(kind, car, place, by=by, detail=cause))

    def _cross(self, car: int) -> None:
        """The car's front passed the last row: it qualifies, or finishes in the finals."""
        qualifying = self.phase == QUALIFYING
        (self.qualified if qualifying else self.finished).append(car)
        self._remove(car, QUALIFIED if qualifying else FINISHED, "line")

    def _note(self, car: int, kind: str = "move", by: int = -1, detail: str = "") -> None:
        """Record that `car` moved or was pushed (by `by`), or was blocked (`detail`: by what)."""
        if self.events is not None:
            self.events.append(Event(kind, car, 0, *self.car_cell(car), by, detail))

    def _shift(self, side: int, car: int) -> None:
        """The first `_moves` cars of `_moving` (pushed by `car`) move by `side` together, then meet the mines."""
        ahead, occ, pos = self._ahead, self._occ, self._pos  # (three at a time: no tuple in pure Python)
        moving, moves, cell = self._moving, self._moves, self._cell
        for i in range(moves):
            p = pos[moving[i]]
            occ[p] = occ[ahead[p]] = -1
        for i in range(moves):
            c = moving[i]
            p = pos[c] + side
            pos[c] = p
            occ[p] = occ[ahead[p]] = c
            if self.events is not None:
                self._note(c, "move" if c == car else "push", car)
        for i in range(moves):
            c = moving[i]
            p = pos[c]
            if p < 0:
                continue
            if cell[p] > 0 and self._take_mine(c, p, car):
                continue
            q = ahead[p]
            if cell[q] > 0:
                self._take_mine(c, q, car)

    def _push(self, car: int) -> bool:
        """A straight step of `car` into a mine or a car: each car bumps the one ahead; the chain moves unless a
        wall stops its front car, then each, front first, meets the line or mines. True: `car` and qualifying go on."""
        occ, cell, pos = self._occ, self._cell, self._pos
        ahead, behind, front = self._ahead, self._behind, car
        while True:
            q = ahead[ahead[pos[front]]]
            if cell[q] < 0:  # a wall: nobody moves
                if self.events is not None:
                    self._note(front, "blocked", -1, "wall")
                    for q in range(pos[front] - 2 * self.width, pos[car] - 1, -2 * self.width):
                        self._note(occ[q], "blocked", -1, "car")
                return True
            other = occ[q]
            if other < 0 or self._damage(other, HIT_DAMAGE, "hit", car):
                break
            front = other
        q, c = pos[car], car  # each car of the chain, from the back, takes its front cell and the one ahead of it
        occ[q] = -1
        while True:
            pos[c] = q = ahead[q]
            q = ahead[q]
            if c == front:
                occ[q] = c
                break
            other = occ[q]
            occ[q] = c
            c = other
        top, q, last = pos[front], pos[front], pos[car]  # the rear cells of the chain's cars, front first
        if self.events is not None:
            for e in range(top, last - 1, -2 * self.width):
                self._note(occ[e], "move" if occ[e] == car else "push", car)
        while True:
            c = occ[q]
            if q >= self.finish:
                self._cross(c)
            elif cell[ahead[q]] > 0:
                self._take_mine(c, ahead[q], car)
            if q == last:
                break
            q = behind[behind[q]]
        return not (top >= self.finish and self._check_finalists()) and pos[car] >= 0

    def _resolve(self, car: int, side: int, mover: int) -> bool:
        """Whether `car`, in the way of a sideways step of `mover`, gets out of the way (it moves, or it is gone);
        it bumps every car in its own way. A car met twice was bumped in this roll (`_bumped_in`)."""
        cell, occ, q = self._cell, self._occ, self._pos[car] + side
        if cell[q] == EDGE:
            self.exits += 1
            if self._damage(car, EDGE_DAMAGE, "exit", mover):
                return True
            if self.events is not None:
                self._note(car, "blocked", -1, "edge")
            return False
        front, wave = self._ahead[q], self._wave
        free = cell[q] >= 0 and cell[front] >= 0
        if not free and self.events is not None:
            self._note(car, "blocked", -1, "wall")
        at = q  # the cell in the way, then the one ahead of it (read in turn: the first car met may be gone)
        while True:
            other = occ[at]
            if other >= 0:  # (a car the wave eliminated left its cells)
                if self._bumped_in[other] == wave:  # met before in this wave: it moves, or it stays
                    free = free and self._moved_in[other] == wave
                elif not self._damage(other, HIT_DAMAGE, "hit", mover) and not self._resolve(other, side, mover):
                    if free and self.events is not None:
                        self._note(car, "blocked", -1, "car")
                    free = False
            if at == front:
                break
            at = front
        if free:
            self._moving[self._moves] = car
            self._moves += 1
            self._moved_in[car] = wave
        return free

    def _sideways(self, car: int, side: int) -> bool:
        """A sideways step of `car` into edges, walls, mines or cars: the wave, the moves; True: `car` races on."""
        self._moves = 0
        self._wave += 1  # (no car met in this wave is marked yet, see `_bumped_in`)
        self._resolve(car, side, car)
        if self._moves:
            self._shift(side, car)
        return self._pos[car] >= 0

    def move(self, car: int, roll: int, direction_roll: int | None = None) -> None:
        """Move `car` by `roll` steps; the first step's side comes from `direction_roll` (or the roll)."""
        if self._status[car] != RACING or self.phase == OVER:
            raise ValueError("only a car on the track moves, while the race is on")
        direction = roll if direction_roll is None else direction_roll
        if not (1 <= roll <= 6 and 1 <= direction <= 6):
            raise ValueError(f"a die shows 1 to 6, not {roll if not 1 <= roll <= 6 else direction}")
        self._mover[0] = car
        self._play(self._mover, 1, 6 * roll + direction - 7)

    def _play(self, cars: Any, n: int, given: int) -> None:
        """The rolls of the first `n` cars of `cars` in turn (not of a car put off the track before its roll),
        until the phase changes. A roll: the dice, or `given` (6 * (roll - 1) + direction - 1) if >= 0; a
        first step to its side (a cell offset) if any, then its straight steps, until the car stops."""
        events, width, phase, occ, cell, pos = self.events, self.width, self.phase, self._occ, self._cell, self._pos
        sides, steps, rnd, dice, two, roll = self._sides, self._steps, self._random, self._dice, self.two_dice, 0
        ahead, behind = self._ahead, self._behind
        one = dice is None and not two and given < 0  # one seeded die
        for i in range(n):
            car = cars[i]
            if pos[car] < 0:
                continue  # put off the track earlier in this turn
            if one:  # k: 6 * (the roll less one) + the direction die less one (the same die here)
                r = rnd()  # (r: a C double compiled; math.floor: c_floor.pxd, a C integer compiled)
                k = 7 * math.floor(r * 6.0)
            elif given >= 0:
                k = given
            elif dice is not None:
                k = 7 * dice() - 7 if not two else 6 * dice() + dice() - 7
            else:  # the roll's die, then the direction die
                k = 6 * math.floor(rnd() * 6.0) + math.floor(rnd() * 6.0)
            side, straight = sides[k], steps[k]
            if events is not None:  # the step of the roll: roll + 1 - straight
                events.append(Event("roll", car, roll := k // 6 + 1, *self.car_cell(car), detail=SIDE_NAMES[side]))
            if side:
                if events is not None:
                    events.append(Event("step", car, 1, detail=SIDE_NAMES[side]))
                q = (p := pos[car]) + side
                front = ahead[q]
                if occ[q] < 0 and occ[front] < 0 and cell[q] == 0 and cell[front] == 0:
                    occ[p] = occ[ahead[p]] = -1
                    occ[q] = occ[front] = car
                    pos[car] = q
                    if events is not None:
                        self._note(car)
                elif not self._sideways(car, side):  # into edges, walls, mines or cars: the wave, the moves
                    straight = 0
            while straight:
                p = pos[car]
                front = ahead[p]
                q = ahead[front]
                if occ[q] >= 0 or cell[q] > 0:  # a car or a mine ahead: the push (first: its test jumps a short
                    if events is not None:  # way, a compare and jump specialised in pure Python)
                        events.append(Event("step", car, roll + 1 - straight, detail="straight"))
                    if not self._push(car):
                        break
                    straight -= 1
                elif cell[q] == 0:  # free cells ahead: the car runs over all of them at once (the row of pads
                    end = front + straight * width  # above the one beyond the line stops it there)
                    while q < end:
                        q = ahead[q]
                        if occ[q] >= 0 or cell[q]:
                            q = behind[q]
                            break
                    occ[p] = occ[front] = -1
                    pos[car] = p = behind[q]
                    occ[p] = occ[q] = car
                    run = (q - front) // width
                    if events is not None:
                        events.extend(ran_events(car, roll + 1 - straight, run, *self.car_cell(car)))
                    if p >= self.finish:
                        self._cross(car)
                        self._check_finalists()
                        break
                    straight -= run
                else:  # a wall ahead: each step left is the same blocked step
                    if events is not None:
                        for left in range(straight, 0, -1):
                            events.append(Event("step", car, roll + 1 - left, detail="straight"))
                            self._note(car, "blocked", -1, "wall")
                    break
            if self._taken or self._roll_kills:  # the roll hurt another car: the awards hear of it
                if self.awards is not None:
                    self.awards.on_roll(car, self._taken, self._bumped, self._roll_kills, self._kills[car])
                self._taken = self._bumped = self._roll_kills = 0
                self._wave += 1
            elif self._kills[car] and self.awards is not None and self._kills[car] > self.awards.terminator_kills:
                self.awards.on_roll(car, 0, 0, 0, self._kills[car])  # (it may give `car` the blue pawn)
            if self.phase is not phase:
                return

    def _check_finalists(self) -> bool:
        """End qualifying once the finalists have crossed the line; True when it ended."""
        ended = self.phase == QUALIFYING and len(self.qualified) >= self.finalists
        if ended:
            self._end_qualifying()
        return ended

    def play_turn(self) -> None:
        """Every car on the track moves once: most advanced first, leftmost first among equals."""
        self.turn += 1
        if self.events is not None:
            self.events.append(Event("turn", -1, self.turn))
        phase, qualifying = self.phase, self.phase == QUALIFYING
        if qualifying:
            self.qualifying_turns += 1
        else:
            self.finals_turns += 1
        self._play(self._order, self._sort_order(), -1)
        if self.phase is not phase or (self.racing and (self.qualifying_turns if qualifying
                                                        else self.finals_turns) < self.turn_cap):
            return  # the phase changed, or the turn cap is not reached
        for car in self.on_track():  # the turn cap: cars still on the track are stuck
            self.stuck += 1
            self._remove(car, ELIMINATED, "stuck")
        if qualifying:
            self._end_qualifying()
        else:
            self._phase_event(OVER)

    def _end_qualifying(self) -> None:
        """Qualifying is over: cars still on the track are out; the qualifiers line up for the finals."""
        for car in self.on_track():
            self._remove(car, ELIMINATED, "out")
        if not self.qualified:
            self._phase_event(OVER)
            return
        finals = self._finals
        if len(finals) < len(self.qualified):
            raise ValueError(f"the board has {len(finals)} finals positions for {len(self.qualified)} qualifiers")
        for car, (p, error) in zip(self.qualified, finals, strict=False):
            if error:
                raise ValueError(error)
            self._pos[car] = p
            self._occ[p] = self._occ[self._ahead[p]] = car
            self._status[car] = RACING
            self._order[self.racing] = car
            self.racing += 1
        self._ordered = self.racing
        self._phase_event(FINALS)

    def _phase_event(self, phase: str) -> None:
        """The next phase starts."""
        self.phase = phase
        if self.events is not None:
            self.events.append(Event("phase", -1, detail=phase))

    def run(self) -> Race:
        """Play turns until the race is over; returns the race for chaining."""
        while self.phase != OVER:
            self.play_turn()
        return self
