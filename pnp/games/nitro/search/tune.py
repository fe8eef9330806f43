"""The balanced-track search: brackets of successive halving over generated tracks, under a time budget.

Input: a `Request`, a budget in seconds, the number of fresh races for the final figures, a clock and a
progress callback. Output: a `Balanced`. Bracket b draws `SCHEDULE.size` candidates from candidate stream b
and races them by pnp's successive halving (pnp/sim/search.py): `SCHEDULE.first` races each, then the best
third three times as many, and so on until one is left. Every candidate of every bracket races the same seeded
races (common random numbers), so bracket winners are compared on the same races too; the best winner is kept.
A new bracket starts only while the budget, less the time the final figures will take, leaves room for one
more; a bracket cut short by the budget (only the first one can be: `Limits.cut_short`) still gives its leader.
Then the winner and the first random track (what plain generation writes) race `games` fresh races, on seeds
the search never used: those are the figures reported.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pnp.games.nitro.race.simulate import RaceResult, play_race, race_seed, seat_drivers
from pnp.games.nitro.search.candidates import Candidate, Request, stream
from pnp.games.nitro.search.figures import Figures, figures
from pnp.games.nitro.track.cards import deck_cards
from pnp.sim.search import Limits, Schedule
from pnp.sim.search import Outcome as SearchOutcome
from pnp.sim.search import search as halving_search

SCHEDULE = Schedule(size=27, first=24, eta=3)
"""A bracket: 27 tracks x 24 races, the best third on to 72, then 216, one track on 648 races."""
FRESH = 1 << 40
"""First race number of the final figures: far beyond any race number the search uses."""


@dataclass(frozen=True, slots=True)
class Balanced:
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
    """Plays races of candidates (a `Measure` of pnp/sim/search.py) and counts them."""

    def __init__(self, request: Request, clock: Callable[[], float]) -> None:
        self.request, self.clock = request, clock
        self.seats = tuple(seat_drivers(["table"], request.players))  # the default drivers, a style a seat
        self.races, self.now = 0, 0.0
        self.after: Callable[[], None] | None = None
        """Called after each batch of races (the progress line; it reads `now`, not the clock)."""

    def play(self, candidate: Candidate, start: int, stop: int) -> list[RaceResult]:
        deck = deck_cards(candidate.track)
        out = [play_race(candidate.track, self.seats, race_seed(self.request.seed, i), candidate.course, deck)
               for i in range(start, stop)]
        self.races += stop - start
        self.now = self.clock()
        if self.after is not None:
            self.after()
        return out

    def measure(self, candidates: Sequence[Candidate], start: int, stop: int) -> list[list[RaceResult]]:
        return [self.play(c, start, stop) for c in candidates]


class _Proposals:
    """Candidate i of the search: track i % size of candidate stream i // size (the first random track
    opening bracket 0), each bracket's stream drawn once."""

    def __init__(self, request: Request, first: Candidate) -> None:
        self.request, self.first = request, first
        self.bracket, self.drawn = -1, list[Candidate]()

    def __call__(self, index: int) -> Candidate:
        bracket, place = divmod(index, SCHEDULE.size)
        if bracket != self.bracket:
            self.bracket, self.drawn = bracket, list(itertools.islice(stream(self.request, bracket), SCHEDULE.size))
            if bracket == 0:
                self.drawn[0] = self.first
        return self.drawn[place]


class _ProgressLine:
    """The progress line: the bracket under way, its races, the best of the earlier brackets, the time."""

    def __init__(self, racer: _Racer, started: float, budget: float) -> None:
        self.racer, self.started, self.budget = racer, started, budget
        self.bracket, self.so_far = 1, "first bracket"

    def bracket_done(self, outcome: SearchOutcome[Candidate, RaceResult]) -> None:
        self.bracket = outcome.brackets + 1
        self.so_far = (f"{outcome.candidates} tracks in earlier brackets, best score {outcome.best.loss:.2f} (1 or "
                       "less meets every target)")

    def text(self) -> str:
        return (f"bracket {self.bracket}: {self.racer.races:,} races, {self.so_far}, "
                f"{self.racer.now - self.started:.0f} s of {self.budget:g}")


def search(request: Request, budget: float, games: int, clock: Callable[[], float] = time.monotonic,
           progress: Callable[[str], None] | None = None, brackets: int | None = None) -> Balanced:
    """Search for the most balanced track within `budget` seconds, or over exactly `brackets` brackets
    whatever the clock says (see the module docstring)."""
    started = clock()
    racer = _Racer(request, clock)
    first = next(stream(request, 0))
    line = _ProgressLine(racer, started, budget)
    if progress is not None:
        racer.after = lambda: progress(line.text())
    found = halving_search(_Proposals(request, first), racer.measure,
                           lambda results: figures(first.track, results).score, SCHEDULE,
                           Limits(budget, after=2 * games, brackets=brackets, cut_short=True), clock, line.bracket_done)
    racer.after = None
    best = found.best
    chosen = best.candidate
    searched = racer.races
    fresh = [figures(c.track, racer.play(c, FRESH, FRESH + games)) for c in (chosen, first)]
    selection = figures(chosen.track, best.results) if best.results else fresh[0]
    return Balanced(chosen, first, fresh[0], fresh[1], selection, found.candidates, found.brackets, searched,
                   clock() - started)
