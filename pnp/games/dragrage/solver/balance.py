"""A local search over a variant's knobs for the heat whose first driver has the chance nearest one half.

Input: the spec's variant, a `check` that says whether a candidate spec is legal (the validator's verdict, from
the caller), a `solve` that gives the first driver's perfect-play chance (the exhaustive search), a clock and a
budget in seconds. Output: `BalanceRun`, every variant tried with its value (or why it was skipped), the best one,
and why the search stopped.

The knobs are those the spec has for the rules: where the finish line is drawn (`finish_after`) and the set of
counters (`counters`). From the current variant the search tries every neighbour (the line one or two spaces
earlier or later, one counter less, one counter more below or above the set), moves to the best of them when it
is nearer one half, and stops at a variant none of whose neighbours is nearer (a local optimum), or when the
budget is spent (a search under way is cut short between two of its steps), with the best variant so far. A
budget spent before the spec's own variant is valued leaves nothing to report: `TooShort`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from pnp.games.dragrage.variant import Variant

FINISH_STEPS = (-1, 1, -2, 2)
"""How far the neighbours move the finish line, in the order they are tried."""


@dataclass(frozen=True, slots=True)
class Knobs:
    """The values of the searched knobs (counters sorted)."""

    finish_after: int
    counters: tuple[int, ...]

    @classmethod
    def of(cls, variant: Variant) -> Knobs:
        return cls(variant.finish_after, tuple(sorted(variant.counters)))

    def apply(self, variant: Variant) -> Variant:
        """`variant` with these knobs."""
        return dataclasses.replace(variant, finish_after=self.finish_after, counters=self.counters)

    def label(self) -> str:
        """How a report names it: "line after 22, counters 2-12"."""
        return f"line after {self.finish_after}, counters {counter_runs(self.counters)}"


def counter_runs(counters: tuple[int, ...]) -> str:
    """Counters as runs of consecutive numbers: (2, 3, 4, 7) -> "2-4, 7"."""
    runs: list[list[int]] = []
    for value in sorted(counters):
        if runs and value == runs[-1][-1] + 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def neighbours(knobs: Knobs) -> Iterator[Knobs]:
    """The variants one step away: the line moved, one counter removed, one counter added below or above."""
    for step in FINISH_STEPS:
        yield Knobs(knobs.finish_after + step, knobs.counters)
    if len(knobs.counters) > 1:
        for value in reversed(knobs.counters):
            yield Knobs(knobs.finish_after, tuple(c for c in knobs.counters if c != value))
    low, high = min(knobs.counters), max(knobs.counters)
    if low > 1:
        yield Knobs(knobs.finish_after, (low - 1, *knobs.counters))
    yield Knobs(knobs.finish_after, (*knobs.counters, high + 1))


class Stop(StrEnum):
    """Why the search stopped."""

    OPTIMUM = "no neighbour is nearer one half"
    BUDGET = "the budget ran out"


@dataclass(frozen=True, slots=True)
class Tried:
    """One variant the search looked at: its value, or why it has none (`skipped`)."""

    knobs: Knobs
    value: float | None
    skipped: str = ""

    @property
    def gap(self) -> float:
        """Distance of the value from one half (infinite when there is none)."""
        return abs(self.value - 0.5) if self.value is not None else float("inf")


@dataclass(frozen=True, slots=True)
class BalanceRun:
    """What the search found."""

    tried: tuple[Tried, ...]
    best: Tried
    stop: Stop
    seconds: float


class OutOfTime(Exception):
    """Raised from a solver's progress callback when the budget is spent."""


class TooShort(Exception):
    """The budget ran out before the spec's own variant was valued (after `seconds`)."""

    def __init__(self, budget: float, seconds: float) -> None:
        super().__init__(f"the budget of {budget:g} s ran out before the spec's own variant was valued (its "
                         f"exhaustive search was stopped after {seconds:.1f} s)")
        self.budget, self.seconds = budget, seconds


class Unsolvable(Exception):
    """A candidate the solver cannot value (too many positions for its budget): skipped with this reason."""


Check = Callable[[Knobs], str | None]
"""Why a candidate is not a legal spec (the validator's first complaint), None when it is."""
Solve = Callable[[Variant, Callable[[], None]], float]
"""The first driver's perfect-play chance; calls its second argument between its steps, a fraction of a second
apart (it raises `OutOfTime`)."""
Report = Callable[[Tried, Tried], None]
"""Told of each variant tried, and the best so far."""


def search(variant: Variant, check: Check, solve: Solve, budget: float, clock: Callable[[], float],
           report: Report | None = None) -> BalanceRun:
    """Hill-climb from `variant` towards a first-driver chance of one half; stop at a local optimum or after
    `budget` seconds of `clock`, the spec's own variant's search included (TooShort when the budget ends before
    it is valued: a run has a best variant); a value a search cut short by the budget is not reported."""
    started = clock()

    def tick() -> None:
        if clock() - started > budget:
            raise OutOfTime

    try:
        tick()
        current = Tried(Knobs.of(variant), solve(variant, tick))
    except OutOfTime:
        raise TooShort(budget, clock() - started) from None
    tried, best = [current], current
    if report:
        report(current, best)
    seen = {current.knobs}
    while True:
        for knobs in neighbours(current.knobs):
            if knobs in seen:
                continue
            seen.add(knobs)
            reason = check(knobs)
            try:
                tick()
                entry = Tried(knobs, None, reason) if reason else Tried(knobs, solve(knobs.apply(variant), tick))
            except Unsolvable as exc:
                entry = Tried(knobs, None, str(exc))
            except OutOfTime:
                return BalanceRun(tuple(tried), best, Stop.BUDGET, clock() - started)
            tried.append(entry)
            best = entry if entry.gap < best.gap else best
            if report:
                report(entry, best)
        if best is current:
            return BalanceRun(tuple(tried), best, Stop.OPTIMUM, clock() - started)
        current = best
