"""Search for the best design on a noisy, simulated objective: successive halving with common random numbers.

Input: a `propose(i)` that makes candidate i (the same i, the same candidate), a `measure(candidates, start,
stop)` that plays trials start..stop-1 of each candidate with the same trial seeds for all of them (common
random numbers), a `loss(results)` (lower is better) and a `Schedule`. Output: the best candidate found, with
its results and how much was tried. Brackets of `Schedule.size` candidates are raced by successive halving
(every candidate gets `first` trials, the better 1/eta go on with eta times as many, until one is left); each
bracket's winner meets the best so far on the same trials; with a play-off, the best few bracket winners race
again on more trials at the end and the best of them is kept. The search stops between brackets when the next
one (and the play-off) would overrun the time budget, or after a fixed number of brackets (the same number,
the same result). With `Limits.cut_short`, a bracket may also stop between two candidates when the budget runs
out inside it (a budget too short for one whole bracket still gives the leader of what was raced).
Otherwise the first bracket, which the search needs to choose at all, is timed candidate by candidate: when it
and what the caller plays afterwards would end more than `OVERRUN` past the budget, the search stops with
`TooShort` (a budget shorter than one bracket says so instead of running on); a search cut short stops so too
when the caller's trials alone, at the first bracket's pace, would end past it.
The one successive halving of pnp: MDD's balanced setups and Nitro Dice's balanced tracks both search with it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

C = TypeVar("C")
R = TypeVar("R")
OVERRUN = 1.0
"""Seconds past its budget at which a search still in its first bracket stops (`TooShort`)."""


@dataclass(frozen=True, slots=True)
class Schedule:
    """One bracket of successive halving: `size` candidates, `first` trials each at the first rung, 1/`eta`
    of them kept at every rung with `eta` times the trials."""

    size: int = 16
    first: int = 200
    eta: int = 2
    playoff: int = 0
    """Best bracket winners raced again at the end (0 or 1: none), on `replay` times the final rung's trials
    more, so that the choice among the leaders rests on more trials than any one bracket gave them."""
    replay: int = 2

    def top(self) -> int:
        """Trials of a bracket's winner."""
        return self.rungs()[-1][1]

    def playoff_trials(self) -> int:
        """Trials the play-off adds, all leaders together (0 without one)."""
        return self.playoff * self.replay * self.top() if self.playoff > 1 else 0

    def rungs(self) -> list[tuple[int, int]]:
        """(candidates kept, trials each so far) at every rung of a bracket, ending with one candidate."""
        found, kept, trials = [], self.size, self.first
        while True:
            found.append((kept, trials))
            if kept == 1:
                return found
            kept, trials = max(1, kept // self.eta), trials * self.eta

    def trials(self) -> int:
        """Trials one bracket plays, all candidates together."""
        done, total = 0, 0
        for kept, trials in self.rungs():
            total += kept * (trials - done)
            done = trials
        return total


@dataclass(slots=True)
class Scored(Generic[C, R]):
    """A candidate, its number in the proposal order, its trials' results so far and their loss."""

    candidate: C
    index: int
    results: list[R] = field(default_factory=list)
    loss: float = math.inf


@dataclass(frozen=True, slots=True)
class Outcome(Generic[C, R]):
    """What a search found: the best candidate (results on the final rung's trials), brackets completed,
    candidates raced at least once, trials played and seconds spent."""

    best: Scored[C, R]
    brackets: int
    candidates: int
    trials: int
    seconds: float


Measure = Callable[[Sequence[C], int, int], list[list[R]]]
"""Results of trials start..stop-1 of each candidate, trial i seeded alike for every candidate."""


def _rank(scored: Scored[C, R]) -> tuple[int, float, int]:
    """Most trials first (candidates compared on the same trials come together), then the lowest loss, then
    the earlier proposal."""
    return -len(scored.results), scored.loss, scored.index


def halve(candidates: Sequence[C], first_index: int, measure: Measure[C, R], loss: Callable[[list[R]], float],
          schedule: Schedule, out_of_time: Callable[[], bool] | None = None) -> Scored[C, R]:
    """The winner of one bracket of successive halving (ties: the earlier proposal). With `out_of_time`, the
    candidates are measured one at a time and the bracket stops as soon as it says so: the leader of what was
    raced is returned, with fewer trials than `schedule.top()`."""
    pool = [Scored[C, R](c, first_index + i) for i, c in enumerate(candidates)]
    done = 0
    for kept, trials in schedule.rungs():
        pool = sorted(pool, key=_rank)[:kept]
        if out_of_time is None:
            measured = measure([s.candidate for s in pool], done, trials)
        else:
            measured = []
            for scored in pool:
                if out_of_time():
                    for cut, more in zip(pool, measured, strict=False):
                        _add(cut, more, loss)
                    return sorted(pool, key=_rank)[0]
                measured.extend(measure([scored.candidate], done, trials))
        for scored, more in zip(pool, measured, strict=True):
            _add(scored, more, loss)
        done = trials
    return pool[0]


def _add(scored: Scored[C, R], results: list[R], loss: Callable[[list[R]], float]) -> None:
    scored.results.extend(results)
    scored.loss = loss(scored.results)


@dataclass(frozen=True, slots=True)
class Limits:
    """When a search stops: after `budget` seconds, keeping `after` trials' worth of time for what the
    caller plays afterwards, or after exactly `brackets` brackets when given (the budget is then ignored).
    `cut_short`: a bracket the budget cannot hold stops between two candidates (the first bracket's leader
    is then the best; a later bracket cut short is dropped, as it could not compete with the finished ones)."""

    budget: float = 60.0
    after: int = 0
    brackets: int | None = None
    cut_short: bool = False


class TooShort(Exception):
    """The budget ran out in the first bracket (or left no time for what the caller plays after it): after
    `seconds`, when one bracket and the caller's trials would take about `needed` seconds (None: not known, no
    trial was played)."""

    def __init__(self, seconds: float, needed: float | None) -> None:
        super().__init__(f"the budget ran out after {seconds:.1f} s, in the first bracket of the search")
        self.seconds, self.needed = seconds, needed


def search(propose: Callable[[int], C], measure: Measure[C, R], loss: Callable[[list[R]], float],
           schedule: Schedule, limits: Limits, clock: Callable[[], float] = time.monotonic,
           progress: Callable[[Outcome[C, R]], None] | None = None) -> Outcome[C, R]:
    """Race brackets of proposals until the limits say stop (at least one bracket begun), then the play-off of
    the best bracket winners; the best on equal trials."""
    if not math.isfinite(limits.budget):
        raise ValueError(f"a search budget must be a finite number of seconds, not {limits.budget}")
    start = clock()
    leaders: list[Scored[C, R]] = []
    brackets = 0
    counting = _Counting(measure, clock)
    cut = limits.cut_short and limits.brackets is None

    def out_of_time() -> bool:
        """Cut short: whether the budget, less the caller's trials at the pace so far, is spent. Otherwise (the
        first bracket of a search that needs it whole to choose at all): TooShort once OVERRUN past the budget.
        One candidate is always raced first: its pace tells what the caller's trials will take."""
        spent = clock() - start
        if cut:
            return counting.trials > 0 and spent + spent / counting.trials * limits.after >= limits.budget
        if spent > limits.budget + OVERRUN:
            raise TooShort(spent, _needed(counting, schedule, limits))
        return False

    while True:
        first = brackets * schedule.size
        timed = cut or (brackets == 0 and limits.brackets is None)
        winner = halve([propose(first + i) for i in range(schedule.size)], first, counting, loss, schedule,
                       out_of_time if timed else None)
        if brackets == 0 and limits.brackets is None:  # is there time left for the caller's trials?
            _check_reserve(counting, schedule, limits, clock() - start, whole=not cut)
        if len(winner.results) < schedule.top():  # cut short by the budget
            leaders = leaders or [winner]
            outcome = Outcome(leaders[0], brackets, counting.raced, counting.trials, clock() - start)
            break
        leaders = sorted([*leaders, winner], key=_rank)[:max(1, schedule.playoff)]
        brackets += 1
        spent = clock() - start
        outcome = Outcome(leaders[0], brackets, counting.raced, counting.trials, spent)
        if progress is not None:
            progress(outcome)
        if limits.brackets is not None:
            if brackets >= limits.brackets:
                break
            continue
        per_trial = spent / counting.trials
        if spent + per_trial * (schedule.trials() + schedule.playoff_trials() + limits.after) > limits.budget:
            break
    best, played = _playoff(leaders, measure, loss, schedule)
    if not played:
        return outcome
    return Outcome(best, brackets, counting.raced, outcome.trials + played, clock() - start)


def _pace(counting: _Counting[C, R]) -> float:
    """Seconds per trial so far (the trials alone, not proposing their candidates)."""
    return counting.seconds / counting.trials if counting.trials else 0.0


def _needed(counting: _Counting[C, R], schedule: Schedule, limits: Limits) -> float | None:
    """About how long one bracket and the caller's trials take at the pace so far (None: no trial played)."""
    return _pace(counting) * (schedule.trials() + limits.after) if counting.trials else None


def _check_reserve(counting: _Counting[C, R], schedule: Schedule, limits: Limits, spent: float, whole: bool) -> None:
    """TooShort when the caller's trials, at the pace of what was played, end past the budget and OVERRUN: after
    the time `spent` (`whole`: the first bracket was played whole), or alone (it was cut short)."""
    if (spent if whole else 0.0) + _pace(counting) * limits.after > limits.budget + OVERRUN:
        raise TooShort(spent, _needed(counting, schedule, limits))


class _Counting(Generic[C, R]):
    """A `Measure` that counts the trials it plays, the seconds they take and the candidates it races (each is
    measured from trial 0 once, at the first rung)."""

    def __init__(self, measure: Measure[C, R], clock: Callable[[], float]) -> None:
        self.measure, self.clock, self.trials, self.raced, self.seconds = measure, clock, 0, 0, 0.0

    def __call__(self, candidates: Sequence[C], start: int, stop: int) -> list[list[R]]:
        began = self.clock()
        found = self.measure(candidates, start, stop)
        self.seconds += self.clock() - began
        self.trials += len(candidates) * (stop - start)
        self.raced += len(candidates) if start == 0 else 0
        return found
def _playoff(leaders: list[Scored[C, R]], measure: Measure[C, R], loss: Callable[[list[R]], float],
             schedule: Schedule) -> tuple[Scored[C, R], int]:
    """The best of the leaders after `schedule.replay` times the final rung's trials more (the same for all),
    and the trials played; the only leader as it is when there is one."""
    if len(leaders) < 2 or schedule.playoff < 2:
        return leaders[0], 0
    top = schedule.top()
    more = measure([s.candidate for s in leaders], top, top * (1 + schedule.replay))
    for scored, results in zip(leaders, more, strict=True):
        scored.results.extend(results)
        scored.loss = loss(scored.results)
    return min(leaders, key=_rank), len(leaders) * top * schedule.replay
