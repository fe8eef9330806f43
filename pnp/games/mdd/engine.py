"""The Mini Demolition Derby rules engine: one race, qualifying then finals, seeded and deterministic.

Input: a `Board` (pnp.games.mdd.geometry) and `RaceOptions`; dice come from a seeded generator or are
given move by move (`Race.move`). Output: the `Race` state at any time (positions, lives, mines, who
qualified and finished, counters of hits, exits, mines taken and eliminations), `Event` records when
recording is on, and `Snapshot` data for drawing a board (both defined in records.py). Every
interpretation of the rules made here is named in docs/mdd-engine.md; the v2.1 awards are kept by
`awards.AwardsRace`.

The inner loop works on plain lists of ints: a cell is an index `row_index * lanes + lane_index`, a car
is its index in `Board.cars` and is placed by its rear cell (it also covers the cell in front).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from pnp.games.mdd.geometry import Board
from pnp.games.mdd.records import CarState, Event, Snapshot

RACING, QUALIFIED, FINISHED, ELIMINATED = 0, 1, 2, 3
STATUS_NAMES = ("racing", "qualified", "finished", "eliminated")
QUALIFYING, FINALS, OVER = "qualifying", "finals", "over"
LEFT, STRAIGHT, RIGHT = -1, 0, 1
DIRECTION_NAMES = {LEFT: "left", STRAIGHT: "straight", RIGHT: "right"}
DEFAULT_FINALISTS = 10
DEFAULT_TURN_CAP = 400
EDGE_DAMAGE = 2
"""Lives a car loses when a step would take it over a side edge of the track."""


@dataclass(frozen=True, slots=True)
class RaceOptions:
    """Rule variants and limits: direction die (v2.1 variant 4), turn cap (awards: `awards.AwardsRace`)."""

    two_dice: bool = False
    turn_cap: int = DEFAULT_TURN_CAP
    """Turns per phase after which cars still on the track are removed as stuck."""
    record: bool = False
    """Keep the list of events (slower; for `pnp mdd play` and tests)."""


class Race:
    """The state of one race and the rules that change it; see the module docstring."""

    def __init__(
        self,
        board: Board,
        options: RaceOptions | None = None,
        seed: int | str | None = 0,
        dice: Callable[[], int] | None = None,
    ) -> None:
        self.board = board
        self.options = options or RaceOptions()
        lanes = board.lanes
        first_row = min([1, *(c.row for c in board.cars)])
        self.first_row = first_row
        self.lanes = lanes
        self.finish_index = board.rows - first_row
        """Row index at which a car's rear cell puts its front beyond the last row."""
        height = board.rows + 2 - first_row
        self.cell: list[int] = [0] * (height * lanes)
        """Mines in each cell, or -1 for a wall cell."""
        for w in board.walls:
            for lane in (w.lane, w.lane + 1):
                self.cell[self._index(lane, w.row)] = -1
        for c, count in board.mines:
            self.cell[self._index(c.lane, c.row)] += count
        self.occ: list[int] = [-1] * (height * lanes)
        self.pos: list[int] = []
        self.lives: list[int] = []
        self.status: list[int] = []
        for i, car in enumerate(board.cars):
            p = self._index(car.lane, car.row)
            self.pos.append(p)
            self.lives.append(car.lives)
            self.status.append(RACING)
            self.occ[p] = i
            self.occ[p + lanes] = i
        self.finalists = board.limits.finalists.get(len(board.cars), DEFAULT_FINALISTS)
        self.qualified: list[int] = []
        self.finished: list[int] = []
        self.phase = QUALIFYING
        self.turn = 0
        self.qualifying_turns = 0
        self.finals_turns = 0
        self.hits = 0
        self.exits = 0
        self.mines_taken = 0
        self.eliminations = 0
        """Cars eliminated by losing a life they did not have (not counting cars left out at the line)."""
        self.stuck = 0
        self.events: list[Event] | None = [] if self.options.record else None
        rng = random.Random(seed)
        self._random = rng.random
        self._dice = dice

    # -- geometry helpers -------------------------------------------------------------------------

    def _index(self, lane: int, row: int) -> int:
        return (row - self.first_row) * self.lanes + lane - 1

    def cell_of(self, index: int) -> tuple[int, int]:
        """(lane, row) of a cell index."""
        return index % self.lanes + 1, index // self.lanes + self.first_row

    def car_cell(self, car: int) -> tuple[int, int]:
        """(lane, row) of a car's rear cell; (0, 0) when it is off the track."""
        p = self.pos[car]
        return (0, 0) if p < 0 else self.cell_of(p)

    def mines_at(self, lane: int, row: int) -> int:
        """Mines (bombs) in one cell (0 outside the board)."""
        if not (1 <= lane <= self.lanes and self.first_row <= row <= self.board.rows):
            return 0
        return max(0, self.cell[self._index(lane, row)])

    def mines_left(self) -> int:
        """Mines (bombs) still on the board."""
        return sum(m for m in self.cell if m > 0)

    def on_track(self) -> list[int]:
        """Indices of the cars still racing, in the order they would move now."""
        lanes = self.lanes
        pos = self.pos
        return sorted(
            (i for i, s in enumerate(self.status) if s == RACING), key=lambda i: 2 * (pos[i] % lanes) - pos[i]
        )

    # -- dice ---------------------------------------------------------------------------------------

    def roll(self) -> int:
        """One d6 roll from the race's dice."""
        if self._dice is not None:
            return self._dice()
        return int(self._random() * 6) + 1

    # -- damage and removal ------------------------------------------------------------------------

    def _damage(self, car: int, amount: int, kind: str, by: int) -> bool:
        """Take `amount` lives from `car`; eliminate it when it has fewer. True when eliminated."""
        left = self.lives[car]
        if self.events is not None:
            lane, row = self.car_cell(car)
            self.events.append(Event(kind, car, amount, lane, row, by))
        if amount <= left:
            self.lives[car] = left - amount
            return False
        self.lives[car] = 0
        self.eliminations += 1
        self._remove(car, ELIMINATED, kind, by)
        return True

    def _remove(self, car: int, status: int, cause: str, by: int = -1) -> None:
        p = self.pos[car]
        if p >= 0:
            self.occ[p] = -1
            self.occ[p + self.lanes] = -1
        self.pos[car] = -1
        self.status[car] = status
        if self.events is not None:
            place = 0
            if status == QUALIFIED:
                place = len(self.qualified)
            elif status == FINISHED:
                place = len(self.finished)
            kind = "eliminated" if status == ELIMINATED else STATUS_NAMES[status]
            self.events.append(Event(kind, car, place, by=by, detail=cause))

    def _cross(self, car: int) -> None:
        """The car's front passed the last row: it qualifies, or finishes in the finals."""
        if self.phase == QUALIFYING:
            self.qualified.append(car)
            self._remove(car, QUALIFIED, "line")
        else:
            self.finished.append(car)
            self._remove(car, FINISHED, "line")

    # -- one step -----------------------------------------------------------------------------------

    def _step(self, car: int, side: int) -> bool:
        """One step of `car` (side -1/+1, or 0 straight); True when the car goes on with its roll."""
        lanes = self.lanes
        occ = self.occ
        cell = self.cell
        pos = self.pos
        p = pos[car]
        if side == 0:
            q = p + 2 * lanes
            if occ[q] < 0 and cell[q] == 0:
                occ[p] = -1
                occ[q] = car
                p += lanes
                pos[car] = p
                if self.events is not None:
                    self.events.append(Event("move", car, 0, *self.cell_of(p)))
                if p // lanes >= self.finish_index:
                    self._cross(car)
                    return False
                return True
        else:
            lane = p % lanes + side
            if 0 <= lane < lanes:
                q = p + side
                if occ[q] < 0 and occ[q + lanes] < 0 and cell[q] == 0 and cell[q + lanes] == 0:
                    occ[p] = -1
                    occ[p + lanes] = -1
                    occ[q] = car
                    occ[q + lanes] = car
                    pos[car] = q
                    if self.events is not None:
                        self.events.append(Event("move", car, 0, *self.cell_of(q)))
                    return True
        return self._wave(car, side)

    def _wave(self, car: int, side: int) -> bool:
        """The general step: edges, walls, bumps and pushes, then moves, line crossings and mines."""
        moving: list[int] = []
        seen: dict[int, bool] = {}
        self._resolve(car, side, car, seen, moving)
        if not moving:
            return self.status[car] == RACING
        lanes = self.lanes
        occ = self.occ
        pos = self.pos
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
            if self.events is not None:
                self.events.append(Event("move" if c == car else "push", c, 0, *self.cell_of(p), by=car))
        cell = self.cell
        for c in moving:
            if self.status[c] != RACING:
                continue
            p = pos[c]
            if not side and p // lanes >= self.finish_index:
                self._cross(c)
                continue
            for q in (p + lanes,) if not side else (p, p + lanes):
                if cell[q] > 0:
                    cell[q] -= 1
                    self.mines_taken += 1
                    if self._damage(c, 1, "mine", car):
                        break
        return self.status[car] == RACING

    def _resolve(self, car: int, side: int, mover: int, seen: dict[int, bool], moving: list[int]) -> bool:
        """Whether `car` gets out of the way (it moves, or it is gone); bumps every car in its way."""
        lanes = self.lanes
        p = self.pos[car]
        if side:
            lane = p % lanes + side
            if lane < 0 or lane >= lanes:
                self.exits += 1
                if self._damage(car, EDGE_DAMAGE, "exit", mover):
                    return True
                self._blocked(car, "edge")
                return False
            targets: tuple[int, ...] = (p + side, p + side + lanes)
        else:
            targets = (p + 2 * lanes,)
        free = True
        cell = self.cell
        for q in targets:
            if cell[q] < 0:
                free = False
        if not free:
            self._blocked(car, "wall")
        occ = self.occ
        for q in targets:
            other = occ[q]
            if other < 0:
                continue
            if other in seen:
                free = free and seen[other]
                continue
            self.hits += 1
            if self._damage(other, 1, "hit", mover):
                seen[other] = True
                continue
            gone = self._resolve(other, side, mover, seen, moving)
            seen[other] = gone
            if not gone:
                if free:
                    self._blocked(car, "car")
                free = False
        if free:
            moving.append(car)
        return free

    def _blocked(self, car: int, what: str) -> None:
        if self.events is not None:
            lane, row = self.car_cell(car)
            self.events.append(Event("blocked", car, 0, lane, row, detail=what))

    # -- moves, turns, phases ----------------------------------------------------------------------

    def move(self, car: int, roll: int, direction_roll: int | None = None) -> None:
        """Move `car` by `roll` steps; the first step's side comes from `direction_roll` (or the roll)."""
        if self.status[car] != RACING or self.phase == OVER:
            raise ValueError("only a car on the track moves, while the race is on")
        d = roll if direction_roll is None else direction_roll
        side = LEFT if d <= 2 else (STRAIGHT if d <= 4 else RIGHT)
        if self.events is not None:
            lane, row = self.car_cell(car)
            self.events.append(Event("roll", car, roll, lane, row, detail=DIRECTION_NAMES[side]))
        phase = self.phase
        for step in range(1, roll + 1):
            if self.events is not None:
                self.events.append(Event("step", car, step, detail=DIRECTION_NAMES[side]))
            going = self._step(car, side)
            if phase == QUALIFYING and len(self.qualified) >= self.finalists:
                self._end_qualifying()
            if not going or self.phase != phase:
                break
            side = STRAIGHT

    def play_turn(self) -> None:
        """Every car on the track moves once: most advanced first, leftmost first among equals."""
        self.turn += 1
        if self.events is not None:
            self.events.append(Event("turn", -1, self.turn))
        if self.phase == QUALIFYING:
            self.qualifying_turns += 1
        else:
            self.finals_turns += 1
        phase = self.phase
        status = self.status
        two = self.options.two_dice
        for car in self.on_track():
            if status[car] != RACING:
                continue
            roll = self.roll()
            self.move(car, roll, self.roll() if two else None)
            if self.phase != phase:
                return
        if not any(s == RACING for s in status):
            self._end_phase()
        elif (self.qualifying_turns if phase == QUALIFYING else self.finals_turns) >= self.options.turn_cap:
            for car in self.on_track():
                self.stuck += 1
                self._remove(car, ELIMINATED, "stuck")
            self._end_phase()

    def _end_phase(self) -> None:
        if self.phase == QUALIFYING:
            self._end_qualifying()
        else:
            self.phase = OVER
            self._phase_event()

    def _end_qualifying(self) -> None:
        """Qualifying is over: cars still on the track are out; the qualifiers line up for the finals."""
        for car in self.on_track():
            self._remove(car, ELIMINATED, "out")
        if not self.qualified:
            self.phase = OVER
            self._phase_event()
            return
        finals = self.board.finals
        if len(finals) < len(self.qualified):
            raise ValueError(f"the board has {len(finals)} finals positions for {len(self.qualified)} qualifiers")
        self.phase = FINALS
        for car, start in zip(self.qualified, finals, strict=False):
            p = self._index(start.lane, start.row)
            covered = (p, p + self.lanes)
            if any(self.occ[q] >= 0 or self.cell[q] < 0 for q in covered):
                raise ValueError(f"finals position lane {start.lane} row {start.row} is not free")
            self.pos[car] = p
            self.occ[p] = car
            self.occ[p + self.lanes] = car
            self.status[car] = RACING
        self._phase_event()

    def _phase_event(self) -> None:
        if self.events is not None:
            self.events.append(Event("phase", -1, detail=self.phase))

    def run(self) -> Race:
        """Play turns until the race is over; returns the race for chaining."""
        while self.phase != OVER:
            self.play_turn()
        return self

    # -- results -------------------------------------------------------------------------------------

    @property
    def winner(self) -> int | None:
        """Index of the first car across the line in the finals, if any."""
        return self.finished[0] if self.finished else None

    def snapshot(self) -> Snapshot:
        """The current board as plain data."""
        walls = tuple((w.lane, w.row) for w in self.board.walls)
        mines = tuple((*self.cell_of(i), m) for i, m in enumerate(self.cell) if m > 0)
        cars = []
        for i, start in enumerate(self.board.cars):
            lane, row = self.car_cell(i)
            cars.append(CarState(start.number, start.team, lane, row, self.lives[i], STATUS_NAMES[self.status[i]]))
        return Snapshot(self.lanes, self.board.rows, self.first_row, walls, mines, tuple(cars), self.phase)
