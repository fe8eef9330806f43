"""The v2.1 awards (variant 1): which car holds each pawn, kept by an observer of the race.

Input: the losses of lives and the ends of rolls an `engine.Race` reports to its observer. Output: `Awards`,
the records of the four pawns (docs/mdd-engine.md, interpretation 19), and `Awards.holders()`, the cars
holding each pawn once the race is over. The race plays the same with or without it; the records are
updated once per damage and once per roll, never per step. setup.py compiles this file too (awards.pxd).
"""

from __future__ import annotations

from pnp.games.mdd.race.observer import RaceObserver

PAWNS: tuple[tuple[str, str], ...] = (
    ("red", "most lives taken from other cars in one roll (5 or more)"),
    ("green", "most cars bumped in one roll (3 or more)"),
    ("blue", "most cars eliminated in the race (1 or more)"),
    ("yellow_first_bump", "yellow: the first bump of the race"),
    ("yellow_full_lives", "yellow: kept all its lives longest (ties: every such car)"),
)
"""Each award as (key, what wins it), in the order of `Awards.holders()`."""


class Awards(RaceObserver):
    """Record holders (car index, or -1) and record values (see PAWNS); a `RaceObserver` of engine.Race."""

    def __init__(self) -> None:
        self.violent: tuple[int, int] = (-1, 4)
        """Red pawn: most lives taken from other cars in one roll (at least 5)."""
        self.best_hit: tuple[int, int] = (-1, 2)
        """Green pawn: most cars bumped in one roll (at least 3)."""
        self.terminator: tuple[int, int] = (-1, 0)
        """Blue pawn: most cars eliminated in the race (at least 1)."""
        self.first_bump = -1
        """Yellow pawn, first part: the car that made the first bump of the race."""
        self.eliminations: dict[int, int] = {}
        self.first_loss_turn: dict[int, int] = {}
        """Turn in which each car first lost a life (for the yellow pawn's 'kept all its lives longest')."""
        self.roll_bumped: set[int] = set()
        """The cars bumped in the roll under way."""
        self.roll_taken = 0
        """Lives the roll under way took from other cars."""
        self.roll_kills = 0
        """Other cars the roll under way eliminated."""

    def on_damage(self, turn: int, car: int, amount: int, left: int, kind: str, by: int, gone: bool) -> None:
        """A loss of lives: the first loss of `car`, and what the roll of `by` took from others."""
        if car not in self.first_loss_turn:
            self.first_loss_turn[car] = turn
        if kind == "hit":
            self.roll_bumped.add(car)
        if by >= 0 and by != car:
            self.roll_taken += min(amount, left)
            self.roll_kills += gone

    def on_roll(self, car: int) -> None:
        """The roll of `car` is over: its records (a car wins at most one pawn per roll: red, green, blue,
        yellow first). A roll that hurt nobody, of a car that never eliminated one, changes no record."""
        if self.roll_taken or self.roll_kills or self.roll_bumped or car in self.eliminations:
            record_roll(self, car, self.roll_taken, len(self.roll_bumped), self.roll_kills)
            self.roll_bumped.clear()
            self.roll_taken = self.roll_kills = 0

    def full_lives_holders(self, cars: int) -> list[int]:
        """Yellow pawn, second part: of `cars` cars, those that kept all their lives longest."""
        return full_lives_holders(self, cars)

    def holders(self, cars: int) -> tuple[tuple[int, ...], ...]:
        """The cars holding each pawn of PAWNS now (empty: nobody took it), of a race of `cars` cars."""
        return holders(self, cars)


def record_roll(a: Awards, car: int, taken: int, bumped: int, roll_kills: int) -> None:
    """Update the records after a roll of `car` that took `taken` lives from other cars, bumped `bumped`
    cars and eliminated `roll_kills`."""
    kills = a.eliminations.get(car, 0) + roll_kills
    if roll_kills:
        a.eliminations[car] = kills
    if taken > a.violent[1]:
        a.violent = (car, taken)
    elif bumped > a.best_hit[1]:
        a.best_hit = (car, bumped)
    elif kills > a.terminator[1] and a.terminator[0] != car:
        a.terminator = (car, kills)
    elif a.first_bump < 0 and bumped:
        a.first_bump = car
    if a.terminator[0] == car:
        a.terminator = (car, kills)


def full_lives_holders(a: Awards, cars: int) -> list[int]:
    """Yellow pawn, second part: of `cars` cars, those that kept all their lives longest."""
    lost = a.first_loss_turn
    never = [i for i in range(cars) if i not in lost]
    if never:
        return never
    last = max(lost.values())
    return sorted(i for i, t in lost.items() if t == last)


def holders(a: Awards, cars: int) -> tuple[tuple[int, ...], ...]:
    """The cars holding each pawn of PAWNS by the records `a` of a race of `cars` cars."""
    single = (a.violent[0], a.best_hit[0], a.terminator[0], a.first_bump)
    return (*(((c,) if c >= 0 else ()) for c in single), tuple(full_lives_holders(a, cars)))
