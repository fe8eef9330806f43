"""pnp/sim/search.py: successive halving with common random numbers, on candidates whose true loss is known."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest

from pnp.sim.search import OVERRUN, Limits, Schedule, TooShort, halve, search


def noisy(candidates: Sequence[float], start: int, stop: int) -> list[list[float]]:
    """Trial i of candidate c: c plus noise seeded by i alone (the same for every candidate)."""
    return [[c + random.Random(i).gauss(0, 1) for i in range(start, stop)] for c in candidates]


def mean(results: list[float]) -> float:
    return sum(results) / len(results)


def test_a_bracket_gives_poor_candidates_few_trials_and_keeps_the_best() -> None:
    played: list[tuple[int, int, int]] = []

    def measure(candidates: Sequence[float], start: int, stop: int) -> list[list[float]]:
        played.append((len(candidates), start, stop))
        return noisy(candidates, start, stop)

    truths = [0.5 * k for k in range(8)]
    random.Random(1).shuffle(truths)
    winner = halve(truths, 0, measure, mean, Schedule(size=8, first=10, eta=2))
    assert winner.candidate == 0.0 and len(winner.results) == 80
    assert played == [(8, 0, 10), (4, 10, 20), (2, 20, 40), (1, 40, 80)]
    assert Schedule(size=8, first=10, eta=2).trials() == sum(n * (b - a) for n, a, b in played)


def test_common_random_numbers_rank_close_candidates_that_noise_alone_would_hide() -> None:
    """Noise of sd 1 over 10 trials hides a 0.01 difference; shared trial seeds cancel it."""
    winner = halve([0.02, 0.01, 0.03, 0.0], 0, noisy, mean, Schedule(size=4, first=10, eta=2))
    assert winner.candidate == 0.0


class Clock:
    """A clock that advances `step` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


class WorkClock:
    """A clock whose time passes as trials are played: `per_trial` seconds each (`measure` plays them)."""

    def __init__(self, per_trial: float) -> None:
        self.now, self.per_trial, self.trials = 0.0, per_trial, 0

    def __call__(self) -> float:
        return self.now

    def measure(self, candidates: Sequence[float], start: int, stop: int) -> list[list[float]]:
        self.trials += len(candidates) * (stop - start)
        self.now += self.per_trial * len(candidates) * (stop - start)
        return noisy(candidates, start, stop)


PROPOSALS = [random.Random(i).random() for i in range(100)]
FOUR = Schedule(size=4, first=5)
"""40 trials a bracket: 10 s at 0.25 s a trial."""


def test_the_search_stops_before_the_next_bracket_would_overrun_the_budget() -> None:
    clock = WorkClock(0.25)
    found = search(PROPOSALS.__getitem__, clock.measure, mean, FOUR, Limits(budget=35.0), clock)
    assert found.brackets == 3 and found.seconds == 30.0  # a fourth bracket would end at 40 s
    assert found.candidates == 12 and found.best.index < 12


def test_time_kept_for_the_caller_shortens_the_search() -> None:
    clock = WorkClock(0.25)
    found = search(PROPOSALS.__getitem__, clock.measure, mean, FOUR, Limits(35.0, after=FOUR.trials()), clock)
    assert found.brackets == 2


def test_a_budget_shorter_than_the_first_bracket_stops_it_and_says_so() -> None:
    """Each candidate's trials are timed: with 3 s (and the OVERRUN of 1 s), the first rung's 4 x 5 trials end at
    5 s and the search stops there, before the second rung, instead of running the whole bracket (10 s)."""
    clock = WorkClock(0.25)
    with pytest.raises(TooShort) as caught:
        search(PROPOSALS.__getitem__, clock.measure, mean, FOUR, Limits(budget=3.0), clock)
    assert clock.trials == 20 and caught.value.seconds == 5.0 > 3.0 + OVERRUN and caught.value.needed == 10.0


def test_a_bracket_that_leaves_no_time_for_the_callers_trials_says_so() -> None:
    clock = WorkClock(0.25)
    with pytest.raises(TooShort) as caught:  # the bracket ends at 10 s; 40 trials more would end at 20 s
        search(PROPOSALS.__getitem__, clock.measure, mean, FOUR, Limits(12.0, after=40), clock)
    assert clock.trials == 40 and caught.value.needed == 20.0


def test_a_budget_that_is_not_a_number_is_refused() -> None:
    for budget in (math.nan, math.inf):
        with pytest.raises(ValueError, match="finite"):
            search(PROPOSALS.__getitem__, noisy, mean, FOUR, Limits(budget), Clock(1.0))


def test_a_fixed_number_of_brackets_ignores_the_clock_and_gives_the_same_best() -> None:
    proposals = [random.Random(i).random() for i in range(100)]
    runs = [search(proposals.__getitem__, noisy, mean, Schedule(size=4, first=5), Limits(1.0, 0, 5), Clock(step))
            for step in (0.001, 100.0)]
    assert [r.brackets for r in runs] == [5, 5]
    assert runs[0].best.index == runs[1].best.index
    assert runs[0].best.candidate == min(proposals[:20])  # shared noise: the ranking is the true one


def test_the_play_off_races_the_leaders_again_and_can_overturn_a_lucky_bracket() -> None:
    """Candidate (early, late) gives `early` on the trials a bracket plays and `late` beyond: the play-off sees
    that the leader of the brackets falls back, and keeps the other."""
    schedule = Schedule(size=2, first=10, playoff=2, replay=2)
    top = schedule.top()

    def measure(candidates: Sequence[tuple[float, float]], start: int, stop: int) -> list[list[float]]:
        return [[c[0] if i < top else c[1] for i in range(start, stop)] for c in candidates]

    proposals = [(0.0, 1.0), (5.0, 5.0), (0.1, 0.0), (5.0, 5.0)]
    found = search(proposals.__getitem__, measure, mean, schedule, Limits(1.0, 0, 2), Clock(1.0))
    assert found.best.candidate == (0.1, 0.0) and len(found.best.results) == 3 * top
    assert found.trials == 2 * schedule.trials() + schedule.playoff_trials()
    plain = search(proposals.__getitem__, measure, mean, Schedule(size=2, first=10), Limits(1.0, 0, 2), Clock(1.0))
    assert plain.best.candidate == (0.0, 1.0)


def test_a_bracket_cut_short_by_the_budget_returns_the_leader_of_what_was_raced() -> None:
    """With `out_of_time`, candidates are measured one at a time and the bracket stops when it says so: the
    leader is the best of those with the most trials."""
    played: list[float] = []

    def measure(candidates: Sequence[float], start: int, stop: int) -> list[list[float]]:
        played.extend(candidates)
        return [[c] * (stop - start) for c in candidates]

    calls = iter(range(100))
    winner = halve([5.0, 1.0, 4.0, 2.0, 3.0, 9.0, 8.0, 7.0, 6.0], 0, measure, mean,
                   Schedule(size=9, first=2, eta=3), out_of_time=lambda: next(calls) >= 11)
    assert played == [5.0, 1.0, 4.0, 2.0, 3.0, 9.0, 8.0, 7.0, 6.0, 1.0, 2.0]  # the second rung was cut
    assert winner.candidate == 1.0 and len(winner.results) == 6


def test_a_budget_shorter_than_one_bracket_still_gives_a_best_when_cut_short_is_allowed() -> None:
    proposals = [random.Random(i).random() for i in range(100)]
    found = search(proposals.__getitem__, noisy, mean, Schedule(size=8, first=5),
                   Limits(5.0, brackets=None, cut_short=True), Clock(1.0))
    assert found.brackets == 0 and 0 < found.candidates < 8
    assert found.best.index < found.candidates
    whole = search(proposals.__getitem__, noisy, mean, Schedule(size=8, first=5), Limits(5.0, brackets=1), Clock(1.0))
    assert whole.brackets == 1 and whole.candidates == 8  # a fixed number of brackets is never cut


def test_proposals_that_outlast_the_budget_still_race_one_candidate_to_tell_the_pace() -> None:
    """Proposing a bracket's candidates can take the whole budget on a slow machine. The search still races one
    candidate before it stops: without a trial its pace reads as zero, and a caller's 4,000 final trials would run
    far past the budget with no word (it says TooShort, with how long they would take)."""
    clock = Clock(0.0)

    def propose(index: int) -> float:
        clock.now += 0.5  # eight proposals: 4 s of a 1 s budget
        return float(index)

    def measure(candidates: Sequence[float], start: int, stop: int) -> list[list[float]]:
        clock.now += 0.01 * len(candidates) * (stop - start)
        return noisy(candidates, start, stop)

    with pytest.raises(TooShort) as caught:
        search(propose, measure, mean, Schedule(size=8, first=5), Limits(1.0, after=4000, cut_short=True), clock)
    assert caught.value.needed is not None and caught.value.needed >= 40
    found = search(propose, measure, mean, Schedule(size=8, first=5), Limits(1.0, after=0, cut_short=True), clock)
    assert found.candidates >= 1 and len(found.best.results) > 0
