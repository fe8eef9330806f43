"""The v2.1 awards (variant 1): which car holds each pawn, kept by a race that watches its rolls.

Input: a `Board` and the usual `Race` arguments. Output: `AwardsRace`, a `Race` that also keeps the
records of the four pawns (docs/mdd-engine.md, interpretation 19), and `holders()`, the cars holding
each pawn once the race is over. The plain `Race` keeps no award bookkeeping at all: the records are
updated once per damage and once per roll, never per step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.games.mdd.engine import Race

PAWNS: tuple[tuple[str, str], ...] = (
    ("red", "most lives taken from other cars in one roll (5 or more)"),
    ("green", "most cars bumped in one roll (3 or more)"),
    ("blue", "most cars eliminated in the race (1 or more)"),
    ("yellow_first_bump", "yellow: the first bump of the race"),
    ("yellow_full_lives", "yellow: kept all its lives longest (ties: every such car)"),
)
"""Each award as (key, what wins it), in the order of `AwardsRace.holders()`."""


@dataclass(slots=True)
class Awards:
    """Record holders (car index, or -1) and record values; see PAWNS."""

    violent: tuple[int, int] = (-1, 4)
    """Red pawn: most lives taken from other cars in one roll (at least 5)."""
    best_hit: tuple[int, int] = (-1, 2)
    """Green pawn: most cars bumped in one roll (at least 3)."""
    terminator: tuple[int, int] = (-1, 0)
    """Blue pawn: most cars eliminated in the race (at least 1)."""
    first_bump: int = -1
    """Yellow pawn, first part: the car that made the first bump of the race."""
    eliminations: dict[int, int] = field(default_factory=dict)
    first_loss_turn: dict[int, int] = field(default_factory=dict)
    """Turn in which each car first lost a life (for the yellow pawn's 'kept all its lives longest')."""


class AwardsRace(Race):
    """A race that also keeps the variant 1 records; play is exactly that of `Race` with the same seed."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.awards = Awards()
        self._roll_hits: set[int] = set()
        self._roll_taken = 0
        self._roll_kills = 0

    def _damage(self, car: int, amount: int, kind: str, by: int) -> bool:
        left = self.lives[car]
        self.awards.first_loss_turn.setdefault(car, self.turn)
        if kind == "hit":
            self._roll_hits.add(car)
        gone = super()._damage(car, amount, kind, by)
        if by >= 0 and by != car:
            self._roll_taken += min(amount, left)
            self._roll_kills += gone
        return gone

    def move(self, car: int, roll: int, direction_roll: int | None = None) -> None:
        """`Race.move`, then the records of the roll; a car wins at most one pawn per roll (red, green,
        blue, yellow first)."""
        self._roll_hits.clear()
        self._roll_taken = 0
        self._roll_kills = 0
        super().move(car, roll, direction_roll)
        record_roll(self.awards, car, self._roll_taken, len(self._roll_hits), self._roll_kills)

    def full_lives_holders(self) -> list[int]:
        """Yellow pawn, second part: the cars that kept all their lives longest."""
        return full_lives_holders(self.awards, len(self.lives))

    def holders(self) -> tuple[tuple[int, ...], ...]:
        """The cars holding each pawn of PAWNS now (empty: nobody took it)."""
        return holders(self.awards, len(self.lives))


def record_roll(a: Awards, car: int, taken: int, bumped: int, roll_kills: int) -> None:
    """Update the records after a roll of `car` that took `taken` lives from other cars, bumped `bumped`
    cars and eliminated `roll_kills` (shared by `AwardsRace` and the fast path, fastrace.py)."""
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
