"""The balanced-track search: brackets of successive halving over generated tracks, under a time budget.

Input: a `Request`, a budget in seconds, the number of fresh races for the final figures, a clock and a
progress callback. Output: an `Outcome`. Bracket b draws `BRACKET` candidates from candidate stream b and
races them by successive halving (`halving.py`): `FIRST_RACES` races each, then the best third three times
as many, and so on until one is left, after `FIRST_RACES * ETA ** 3` races. Every candidate of every bracket
races the same seeded races (common random numbers), so bracket winners are compared on the same races too;
the best winner is kept. A new bracket starts only while the budget, less the time the final figures will take,
leaves room for one more as long as the longest so far; a bracket cut short (only when the first one is) still
gives its leader. Then the winner and the first random track (what plain generation writes) race
`games` fresh races, on seeds the search never used: those are the figures reported. When those races alone
would take more than `OVERRUN` past the budget (at the pace of the first bracket's), the search stops after the
first bracket's first batch with `TooShort` instead of playing them.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass

from pnp.games.nitro.race.simulate import RaceResult, play_race, race_seed, seat_drivers
from pnp.games.nitro.search.candidates import Candidate, Request, stream
from pnp.games.nitro.search.figures import Figures, figures
from pnp.games.nitro.search.halving import Arm, ranked, successive_halving
from pnp.sim.search import OVERRUN, TooShort

BRACKET = 27
"""Candidates per bracket."""
FIRST_RACES = 24
"""Races each candidate of a bracket gets at the first rung."""
ETA = 3
"""Each rung keeps the best 1/ETA and gives them ETA times the races."""
BRACKET_RACES = sum(BRACKET // ETA ** rung * FIRST_RACES * ETA ** rung for rung in range(4))
"""Races of one whole bracket (each rung plays as many: 27 x 24, 9 x 72, 3 x 216, 1 x 648)."""
FRESH = 1 << 40
"""First race number of the final figures: far beyond any race number the search uses."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the search found and what it cost."""

    chosen: Candidate
    first: Candidate
    chosen_figures: Figures
    first_figures: Figures
    selection: Figures
    """The chosen track's figures on the search's own races (biased upwards by the selection)."""
    evaluated: int
    """Candidates raced at least once."""
    brackets: int
    """Brackets completed."""
    races: int
    """Races the search played (the final figures' not counted)."""
    seconds: float


class _Racer:
    """Plays races of candidates and times them (for the budget's reserve)."""

    def __init__(self, request: Request, clock: Callable[[], float]) -> None:
        self.request, self.clock = request, clock
        self.seats = tuple(seat_drivers(["table"], request.players))  # the default drivers, a style a seat
        self.races, self.seconds, self.now = 0, 0.0, 0.0
        self.after: Callable[[], None] | None = None
        """Called after each batch of races (the progress line; it reads `now`, not the clock)."""

    def play(self, candidate: Candidate, start: int, stop: int) -> list[RaceResult]:
        began = self.clock()
        out = [play_race(candidate.track, self.seats, race_seed(self.request.seed, i), candidate.course)
               for i in range(start, stop)]
        self.races += stop - start
        self.now = self.clock()
        self.seconds += self.now - began
        if self.after is not None:
            self.after()
        return out

    def per_race(self) -> float:
        return self.seconds / self.races if self.races else 0.0


def search(request: Request, budget: float, games: int, clock: Callable[[], float] = time.monotonic,
           progress: Callable[[str], None] | None = None) -> Outcome:
    """Search for the most balanced track within `budget` seconds (see the module docstring)."""
    started = clock()
    racer = _Racer(request, clock)
    reserve = lambda: 2 * games * racer.per_race()  # noqa: E731 - the final figures' races, at the pace so far
    out_of_time = lambda: clock() - started + reserve() >= budget  # noqa: E731
    first = next(stream(request, 0))
    best: Arm[Candidate, RaceResult] | None = None
    evaluated = brackets = 0
    longest = 0.0
    for index in itertools.count():
        began = clock()
        if progress is not None:
            so_far = (f"{evaluated} tracks in earlier brackets, best score {best.score:.2f} (1 or less meets every "
                      "target)" if best is not None else "first bracket")
            racer.after = lambda i=index, e=so_far: progress(
                f"bracket {i + 1}: {racer.races:,} races, {e}, {racer.now - started:.0f} s of {budget:g}")
        pool = [first] if index == 0 else []
        pool += list(itertools.islice(stream(request, index), len(pool), BRACKET))
        arms = [Arm[Candidate, RaceResult](c) for c in pool]
        played = successive_halving(arms, lambda c, a, b: racer.play(c, a, b),
                                    lambda results: figures(first.track, results).score, FIRST_RACES, ETA,
                                    out_of_time)
        evaluated += sum(1 for arm in arms if arm.results)
        done = len(played) == 1 and len(played[0].results) == FIRST_RACES * ETA ** 3
        brackets += done
        leader = ranked(played)[0]
        if best is None or (done and leader.score < best.score):
            best = leader
        longest = max(longest, clock() - began)
        if index == 0 and reserve() > budget + OVERRUN:  # the fresh races alone overrun the budget
            raise TooShort(clock() - started, racer.per_race() * (BRACKET_RACES + 2 * games))
        if not done or clock() - started + reserve() + longest >= budget:
            break  # a bracket cut short by the budget could not compete with the finished ones
    assert best is not None
    racer.after = None
    chosen = best.candidate
    fresh = [figures(c.track, racer.play(c, FRESH, FRESH + games)) for c in (chosen, first)]
    selection = figures(chosen.track, best.results) if best.results else fresh[0]
    return Outcome(chosen, first, fresh[0], fresh[1], selection, evaluated, brackets, racer.races - 2 * games,
                   clock() - started)
