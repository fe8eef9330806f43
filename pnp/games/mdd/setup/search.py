"""Balanced MDD setups: random legal setups raced against the calibration targets, the best one kept.

Input: what `pnp mdd setup` takes (ruleset, cars, track, spacing, seed) and the search's limits. Output: a
`Balanced`: the chosen `RandomSetup` and the plain random setup of the same seed, each with its `Figures`
measured on fresh races (seeds the search never played), and what the search tried. Proposals are the
random generator's setups (generate.py): proposal 0 is the plain setup of the seed, proposal i > 0 the
setup of a seed drawn from it, so the chosen setup is also `pnp mdd setup --seed K` for its K. Candidates
are raced with common random numbers and successive halving (pnp/sim/search.py) on the loss of `loss_of`.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.games.mdd.geometry import Board
from pnp.games.mdd.race.simulate import RaceResult, play_range
from pnp.games.mdd.race.summary import summarize
from pnp.games.mdd.rulesets import limits_for
from pnp.games.mdd.setup.formation import Spacing, default_finals, default_grid, default_teams
from pnp.games.mdd.setup.generate import RandomSetup, random_setup
from pnp.sim.search import Limits, Outcome, Schedule, search
from pnp.sim.stats import Interval

QUALIFIED_MIN, NO_WINNER_MAX, SHORT_MAX, ROW_MAX = 0.85, 0.05, 0.50, 1.5
"""The calibration targets (docs/mdd-setup.md): mean qualifiers at least 85 % of the finalists (8.5 of 10),
at most 5 % of races without a winner, at most half the races short of finalists, no start row winning more
than 1.5 times its fair share."""
TURNS_BAND = (10, 24)
"""Mean qualifying turns the loss accepts without a penalty (about 45 minutes at a table, docs)."""
UNTIMED = 1.0
"""Seconds of the budget kept for what the search does not time: start-up, imports, writing the file."""
SCHEDULE = Schedule(size=16, first=200, eta=2, playoff=4, replay=2)
"""A bracket: 16 setups x 200 races, the better half on to 400, ..., one setup on 3,200 races; at the end the
4 best bracket winners race 6,400 races more each (9,600 in all) and the best of them is chosen."""


def board_of(setup: RandomSetup) -> Board:
    """The board a setup file written from `setup` gives: its walls and mines, default grid and finals."""
    limits = limits_for(setup.ruleset)
    grid = default_grid(setup.cars, setup.lanes, default_teams(setup.cars), limits.lives, setup.spacing)
    finals = default_finals(limits.finalists[setup.cars], setup.lanes, setup.spacing)
    return Board(setup.lanes, setup.rows, tuple(sorted(setup.walls)), tuple(sorted(setup.mines)), grid, finals, limits)


@dataclass(frozen=True, slots=True)
class Figures:
    """How a setup plays over `games` races, with 95 % intervals: mean qualifiers (of `finalists`), share of
    races short of finalists and without a winner, the start row that wins most (its win share over its fair
    share, Bonferroni-widened as in `pnp mdd simulate`), mean qualifying turns, and the search's loss."""

    games: int
    finalists: int
    qualified: Interval
    short: Interval
    no_winner: Interval
    worst_row: str
    worst_ratio: Interval
    turns: Interval
    loss: float

    def misses(self, at: float = -1.0) -> list[str]:
        """The calibration targets these figures miss, in words, each figure read at `at` within its interval:
        -1 its favourable end (a miss only where the whole interval misses: `validate --simulate`), 0 the
        measured value, 0.5 half-way to its unfavourable end (the check of plain `pnp mdd setup`), 1 that end."""
        return [words for _, words in self.missed(at)]

    def missed(self, at: float = -1.0) -> list[tuple[str, str]]:
        """(target, words) for each target `misses` finds: target "qualifiers", "no winner", "short" or "row"."""
        def read(i: Interval, high_is_bad: bool = True) -> float:
            bad, good = (i.high, i.low) if high_is_bad else (i.low, i.high)
            return i.value + (at * (bad - i.value) if at >= 0 else -at * (good - i.value))

        def say(text: str, i: Interval, form: str, target: str) -> str:
            span = "" if at < 0 else f"{i.low:{form}}-{i.high:{form}}; "
            return f"{text} ({span}target {target})"

        f, found = self, list[tuple[str, str]]()
        if read(f.qualified, high_is_bad=False) < QUALIFIED_MIN * f.finalists:
            found.append(("qualifiers", say(f"{f.qualified.value:.2f} of {f.finalists} qualify", f.qualified, ".2f",
                             f"at least {QUALIFIED_MIN * f.finalists:g}")))
        if read(f.no_winner) > NO_WINNER_MAX:
            found.append(("no winner", say(f"{f.no_winner.value:.1%} of races have no winner", f.no_winner, ".1%",
                             f"at most {NO_WINNER_MAX:.0%}")))
        if read(f.short) > SHORT_MAX:
            found.append(("short", say(f"{f.short.value:.0%} of races are short of finalists", f.short, ".0%",
                             f"at most {SHORT_MAX:.0%}")))
        if read(f.worst_ratio) > ROW_MAX:
            found.append(("row", say(f"start row {f.worst_row} wins {f.worst_ratio.value:.2f} times its fair share",
                             f.worst_ratio, ".2f", f"at most {ROW_MAX:g}")))
        return found


def figures(board: Board, results: list[RaceResult]) -> Figures:
    """The figures of `results`, races played on `board`."""
    summary = summarize(board, results)
    worst = max(summary.start_rows, key=lambda row: (row.rate.value / row.fair, row.name))
    ratio = Interval(worst.rate.value / worst.fair, worst.rate.low / worst.fair, worst.rate.high / worst.fair)
    return Figures(summary.games, summary.finalists, summary.qualified, summary.short_of_finalists,
                   summary.no_winner, worst.name, ratio, summary.qualifying_turns, loss_of(board, results))


def loss_of(board: Board, results: list[RaceResult]) -> float:
    """How far `results` are from a perfectly balanced race (0): the worst start row's excess over its fair
    share, plus the share of races short of finalists, 10 x the share without a winner, 2 x the finalists'
    places left empty on average, and 0.05 a turn of qualifying outside TURNS_BAND."""
    n = len(results)
    finalists = board.limits.finalists.get(len(board.cars), 10)
    row_of = [car.row for car in board.cars]
    per_row: dict[int, int] = {}
    for row in row_of:
        per_row[row] = per_row.get(row, 0) + 1
    wins: dict[int, int] = dict.fromkeys(per_row, 0)
    won = 0
    for race in results:
        if race.winner >= 0:
            wins[row_of[race.winner]] += 1
            won += 1
    worst = max(wins[row] / per_row[row] * len(row_of) / won for row in per_row) if won else len(per_row)
    short = sum(1 for r in results if r.qualified < finalists) / n
    empty = 1 - sum(r.qualified for r in results) / (n * finalists)
    turns = sum(r.qualifying_turns for r in results) / n
    off = max(0.0, TURNS_BAND[0] - turns, turns - TURNS_BAND[1])
    return (worst - 1) + short + 10 * (1 - won / n) + 2 * empty + 0.05 * off


@dataclass(frozen=True, slots=True)
class Request:
    """What to search: the setups `pnp mdd setup` would draw with these options, for seed `seed`."""

    ruleset: str
    cars: int
    seed: int
    lanes: int
    rows: int
    spacing: Spacing | None
    cell: float


@dataclass(frozen=True, slots=True)
class Balanced:
    """The chosen setup and the plain random setup of the same seed, each measured on the same fresh races
    (`fresh_seed`), and the search that chose it."""

    chosen: RandomSetup
    chosen_figures: Figures
    plain: RandomSetup
    plain_figures: Figures
    fresh_seed: int
    search_seed: int
    outcome: Outcome[RandomSetup, RaceResult]


def proposals(request: Request) -> Callable[[int], RandomSetup]:
    """Proposal i of the search: the plain random setup of the seed first, then setups of drawn seeds."""
    draws = random.Random(f"mdd-balanced/{request.ruleset}/{request.cars}/{request.seed}")
    seeds = [request.seed]

    def propose(index: int) -> RandomSetup:
        while len(seeds) <= index:
            seeds.append(draws.randrange(2**31))
        return random_setup(request.ruleset, request.cars, seeds[index], request.lanes, request.rows,
                            request.spacing, request.cell)

    return propose


def search_seeds(seed: int) -> tuple[int, int]:
    """(race seed of the search, race seed of the fresh re-measure) for search seed `seed`: never the same,
    so the printed figures are not the races the setup was chosen on."""
    return 2 * seed + 1, 2 * seed + 2


def _race_range(job: tuple[Board, int, int, int]) -> list[RaceResult]:
    board, seed, start, stop = job
    return play_range(board, seed, start, stop)


class Racer:
    """Plays races start..stop of many boards with one race seed (in `pool`'s `jobs` processes, if given)."""

    def __init__(self, seed: int, jobs: int = 1, pool: Any = None) -> None:
        self.seed, self.jobs, self.pool = seed, jobs, pool
        self.races = 0

    def __call__(self, setups: Sequence[RandomSetup], start: int, stop: int) -> list[list[RaceResult]]:
        return self.play([board_of(s) for s in setups], start, stop)

    def play(self, boards: Sequence[Board], start: int, stop: int) -> list[list[RaceResult]]:
        """Races start..stop-1 of each board, seeded alike for every board."""
        self.races += len(boards) * (stop - start)
        if self.pool is None:
            return [play_range(board, self.seed, start, stop) for board in boards]
        step = max(1, (stop - start) // self.jobs)
        cuts = [(i, a, min(stop, a + step)) for i in range(len(boards)) for a in range(start, stop, step)]
        found: list[list[RaceResult]] = [[] for _ in boards]
        jobs = [(boards[i], self.seed, a, b) for i, a, b in cuts]
        for (i, _, _), part in zip(cuts, self.pool.imap(_race_range, jobs), strict=True):
            found[i].extend(part)
        return found


def balanced_setup(request: Request, limits: Limits, games: int = 4000, jobs: int = 1,
                   clock: Callable[[], float] = time.monotonic,
                   progress: Callable[[Outcome[RandomSetup, RaceResult]], None] | None = None,
                   schedule: Schedule = SCHEDULE) -> Balanced:
    """Search the setups of `request` within `limits`, then race the winner and the plain setup on `games`
    fresh races each (their time is kept aside from the budget)."""
    search_seed, fresh_seed = search_seeds(request.seed)
    propose = proposals(request)
    pool = multiprocessing.get_context().Pool(jobs) if jobs > 1 else None
    racer, fresh = Racer(search_seed, jobs, pool), Racer(fresh_seed, jobs, pool)
    try:
        limits = Limits(limits.budget - UNTIMED, 2 * games, limits.brackets)
        outcome = search(propose, racer, _loss_on(propose), schedule, limits, clock, progress)
        chosen, plain = outcome.best.candidate, propose(0)
        boards = [board_of(chosen), board_of(plain)]
        measured = fresh.play(boards, 0, games)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return Balanced(chosen, figures(boards[0], measured[0]), plain, figures(boards[1], measured[1]),
                    fresh_seed, search_seed, outcome)


def _loss_on(propose: Callable[[int], RandomSetup]) -> Callable[[list[RaceResult]], float]:
    """The loss of a candidate's results; every candidate shares the plain setup's grid (same cars, track)."""
    board = board_of(propose(0))
    return lambda results: loss_of(board, results)
