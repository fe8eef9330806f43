"""The v2.1 awards (variant 1): which car holds each pawn, kept from the counters of the race.

Input: what an `engine.Race` keeping `Awards` tells them: each car's first loss of lives, and the end of
each roll that took lives or eliminated a car (or of a roll of a car whose eliminations beat the blue
record). Output: `Awards`, the records of the four pawns (docs/mdd-engine.md, interpretation 19), and
`Awards.holders()`, the cars holding each pawn once the race is over. The race plays the same with or
without them; the race counts inline what a roll did, so the records change at most once a roll. setup.py
compiles this file too (awards.pxd).
"""

from __future__ import annotations

PAWNS: tuple[tuple[str, str], ...] = (
    ("red", "most lives taken from other cars in one roll (5 or more)"),
    ("green", "most cars bumped in one roll (3 or more)"),
    ("blue", "most cars eliminated in the race (1 or more)"),
    ("yellow_first_bump", "yellow: the first bump of the race"),
    ("yellow_full_lives", "yellow: kept all its lives longest (ties: every such car)"),
)
"""Each award as (key, what wins it), in the order of `Awards.holders()`."""


class Awards:
    """Record holders (car index, or -1) and record values (see PAWNS), kept by an engine.Race."""

    def __init__(self) -> None:
        self.violent_car, self.violent_lives = -1, 4
        """Red pawn: most lives taken from other cars in one roll (at least 5)."""
        self.best_hit_car, self.best_hit_cars = -1, 2
        """Green pawn: most cars bumped in one roll (at least 3)."""
        self.terminator_car, self.terminator_kills = -1, 0
        """Blue pawn: most cars eliminated in the race (at least 1)."""
        self.first_bump = -1
        """Yellow pawn, first part: the car that made the first bump of the race."""
        self.first_loss_turn: dict[int, int] = {}
        """Turn in which each car first lost a life (for the yellow pawn's 'kept all its lives longest')."""

    @property
    def violent(self) -> tuple[int, int]:
        """The red pawn's (holder, lives taken in one roll)."""
        return self.violent_car, self.violent_lives

    @property
    def best_hit(self) -> tuple[int, int]:
        """The green pawn's (holder, cars bumped in one roll)."""
        return self.best_hit_car, self.best_hit_cars

    @property
    def terminator(self) -> tuple[int, int]:
        """The blue pawn's (holder, cars eliminated in the race)."""
        return self.terminator_car, self.terminator_kills

    def on_first_loss(self, car: int, turn: int) -> None:
        """`car` lost lives for the first time, in turn `turn`."""
        self.first_loss_turn[car] = turn

    def on_roll(self, car: int, taken: int, bumped: int, roll_kills: int, kills: int) -> None:
        """The roll of `car` took `taken` lives from other cars, bumped `bumped` cars and eliminated
        `roll_kills`, so that `car` has eliminated `kills` in the race: its records (a car wins at most one
        pawn per roll: red, green, blue, yellow first)."""
        if taken > self.violent_lives:
            self.violent_car, self.violent_lives = car, taken
        elif bumped > self.best_hit_cars:
            self.best_hit_car, self.best_hit_cars = car, bumped
        elif kills > self.terminator_kills and self.terminator_car != car:
            self.terminator_car, self.terminator_kills = car, kills
        elif self.first_bump < 0 and bumped:
            self.first_bump = car
        if self.terminator_car == car:
            self.terminator_kills = kills

    def full_lives_holders(self, cars: int) -> list[int]:
        """Yellow pawn, second part: of `cars` cars, those that kept all their lives longest."""
        lost = self.first_loss_turn  # (its keys are cars: fewer than `cars` keys, some car never lost)
        if len(lost) < cars:
            return [i for i in range(cars) if i not in lost]
        last = max(lost.values())
        return sorted(i for i, t in lost.items() if t == last)

    def holders(self, cars: int) -> tuple[tuple[int, ...], ...]:
        """The cars holding each pawn of PAWNS now (empty: nobody took it), of a race of `cars` cars."""
        red, green, blue, first = self.violent_car, self.best_hit_car, self.terminator_car, self.first_bump
        return ((red,) if red >= 0 else (), (green,) if green >= 0 else (), (blue,) if blue >= 0 else (),
                (first,) if first >= 0 else (), tuple(self.full_lives_holders(cars)))
