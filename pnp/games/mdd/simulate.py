"""Whole-race simulation of a Mini Demolition Derby setup, with statistics and balance warnings.

Input: a `Board`, a number of games, a seed and a number of worker processes. Output: one `RaceResult`
per game (game i is seeded from (seed, i), so results do not depend on the number of processes), a
`Summary` of them with confidence intervals (Wilson for rates, normal approximation for means), and
`balance_warnings` for `pnp validate --simulate`. Races are played by the compiled race step (`_race.c`,
with the awards or without) when it was built at install time, else by `fastrace.play_fast`: the same races.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from typing import NamedTuple

from pnp.batches import batches, run_batches
from pnp.games.mdd.awards import AwardsRace
from pnp.games.mdd.engine import EDGE_DAMAGE, Race, RaceOptions
from pnp.games.mdd.fastboard import EDGE, RaceTables, race_tables
from pnp.games.mdd.fastdice import ONE_DIE, TWO_DICE
from pnp.games.mdd.fastrace import play_fast
from pnp.games.mdd.formation import default_finals, default_grid, default_teams
from pnp.games.mdd.generate import random_setup
from pnp.games.mdd.geometry import Board
from pnp.games.mdd.rulesets import limits_for
from pnp.stats import Interval, bonferroni_z, mean_interval, wilson

STEP_SOURCES = ("_race.c", "_awards.c", "_awards.h")
"""The C files of the compiled race step, in the order setup.py hashes them."""


def built_from_this_source(module: object) -> bool:
    """Whether the compiled step `module` was built from the C files beside it (an install without them,
    such as a wheel, was built with its package). A step built from older C files (a checkout changed since
    `pip install -e .`) may play other rules than fastrace.py: it is not used."""
    sources = [files("pnp.games.mdd").joinpath(name) for name in STEP_SOURCES]
    if not all(source.is_file() for source in sources):
        return True
    digest = hashlib.sha256(b"".join(source.read_bytes() for source in sources)).hexdigest()
    return getattr(module, "SOURCE", None) == digest


try:
    from pnp.games.mdd import _race
except ImportError:  # installed without a C compiler: every race on the pure-Python path
    _race = None
if _race is not None and not built_from_this_source(_race):
    _race = None  # stale: `pip install -e .` rebuilds it
COMPILED = _race is not None
"""Whether the compiled race step is built (it plays the races, with the awards or without; the results are the
same)."""


class RaceResult(NamedTuple):
    """The numbers one race produces (plain values, cheap to send between processes)."""

    qualifying_turns: int
    finals_turns: int
    qualified: int
    eliminations: int
    mines_left: int
    hits: int
    exits: int
    mines_taken: int
    stuck: int
    winner: int
    """Index of the winning car in `Board.cars`, or -1 when no car finished."""
    pawns: tuple[tuple[int, ...], ...] = ()
    """With the awards kept: the cars holding each pawn of `awards.PAWNS` at the end (else empty)."""


@dataclass(frozen=True, slots=True)
class Share:
    """How often a group (team, start row) won the races that had a winner, against its fair share
    (its fraction of the cars)."""

    name: str
    cars: int
    fair: float
    wins: int
    rate: Interval


@dataclass(frozen=True, slots=True)
class Summary:
    """Statistics over simulated races."""

    games: int
    finalists: int
    qualifying_turns: Interval
    qualified: Interval
    short_of_finalists: Interval
    """Rate of races where fewer cars qualified than the finalists' number."""
    eliminations: Interval
    mines_left: Interval
    bumps: Interval
    no_winner: Interval
    stuck_races: int
    """Races in which the turn cap removed cars that could not get anywhere."""
    teams: tuple[Share, ...]
    start_rows: tuple[Share, ...]


def race_seed(seed: int, game: int) -> str:
    """The seed of game `game` of a simulation seeded with `seed` (independent of worker count)."""
    return f"mdd:{seed}:{game}"


def play_race(board: Board, seed: int | str, options: RaceOptions | None = None, awards: bool = False) -> RaceResult:
    """Play one complete race on `board` and return its numbers (with `awards`, who took the pawns)."""
    return result_of((AwardsRace if awards else Race)(board, options, seed=seed).run())


def result_of(race: Race) -> RaceResult:
    """The numbers of a race that has been run (with the award pawns' holders when it kept them)."""
    winner = race.winner
    return RaceResult(
        race.qualifying_turns,
        race.finals_turns,
        len(race.qualified),
        race.eliminations,
        race.mines_left(),
        race.hits,
        race.exits,
        race.mines_taken,
        race.stuck,
        -1 if winner is None else winner,
        race.holders() if isinstance(race, AwardsRace) else (),
    )


def compiled_race(tables: RaceTables, options: RaceOptions, awards: bool = False) -> object | None:
    """The compiled race step for `tables`, the options and the awards (`_race.Race`, built once per batch),
    or None when it is not built or does not race this board. Its `play(random.Random(seed).random)` returns
    `play_fast(tables, seed, options, awards)`, or None for a race it leaves to `play_fast`."""
    if _race is None:
        return None
    rolls = [roll for rolls in TWO_DICE for roll in rolls] if options.two_dice else ONE_DIE
    try:
        return _race.Race(
            tables.width, tables.finish, tables.finalists, tables.blocked, tables.cell, tables.occ, tables.pos,
            tables.lives, [p for p, _, _ in tables.finals], [n for roll in rolls for n in roll],
            options.turn_cap, EDGE, EDGE_DAMAGE, awards,
        )
    except (ValueError, OverflowError, TypeError):  # TypeError: a step built from older sources (no `awards`)
        return None


def compiled_step(
    tables: RaceTables, options: RaceOptions, awards: bool = False
) -> Callable[[int | str], tuple] | None:
    """`play_fast(tables, seed, options, awards)` by the compiled race step, or None (`compiled_race`); a
    race the step leaves (finals positions it cannot fill, where `play_fast` raises) goes to `play_fast`."""
    race = compiled_race(tables, options, awards)
    if race is None:
        return None
    play = race.play  # type: ignore[attr-defined]
    new_random = random.Random

    def step(seed: int | str) -> tuple:
        result = play(new_random(seed).random)
        return play_fast(tables, seed, options, awards) if result is None else result

    return step


def _play_chunk(job: tuple[Board | RaceTables, RaceOptions, int, int, int, bool]) -> list[RaceResult]:
    """Races `start` to `stop` of a simulation: on the fast path (the compiled step or fastrace.py: same
    play, no events) when given the board's tables, else by `engine.Race` on the board."""
    board, options, seed, start, stop, awards = job
    if isinstance(board, Board):
        return [play_race(board, race_seed(seed, i), options, awards) for i in range(start, stop)]
    step = compiled_step(board, options, awards)
    if step is not None:
        return [RaceResult(*step(race_seed(seed, i))) for i in range(start, stop)]
    return [RaceResult(*play_fast(board, race_seed(seed, i), options, awards)) for i in range(start, stop)]


def simulate(
    board: Board,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    options: RaceOptions | None = None,
    progress: Callable[[int], None] | None = None,
    awards: bool = False,
) -> list[RaceResult]:
    """Play `games` races, in `jobs` processes; `progress(n)` is called as each batch of n races ends.
    With `awards`, each result also says who took the v2.1 award pawns (play is the same)."""
    options = options or RaceOptions()
    tables = race_tables(board)  # once per simulation: each batch of races gets these small tables
    plan = board if tables is None else tables
    work = [(plan, options, seed, a, b, awards) for a, b in batches(games, jobs, 500)]
    return run_batches(_play_chunk, work, jobs, progress)


def _shares(groups: dict[str, list[int]], cars: int, winners: list[int], z: float) -> tuple[Share, ...]:
    games = sum(1 for w in winners if w >= 0)
    out = []
    for name, members in groups.items():
        member_set = set(members)
        wins = sum(1 for w in winners if w in member_set)
        out.append(Share(name, len(members), len(members) / cars, wins, wilson(wins, games, z)))
    return tuple(out)


def start_groups(board: Board) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """The cars (indices) of each team, and of each start row (rear row, front rows first)."""
    teams: dict[str, list[int]] = {}
    rows: dict[str, list[int]] = {}
    for i, car in enumerate(board.cars):
        teams.setdefault(car.team, []).append(i)
    for i, car in sorted(enumerate(board.cars), key=lambda ic: -ic[1].row):
        rows.setdefault(str(car.row), []).append(i)
    return teams, rows


def summarize(board: Board, results: list[RaceResult]) -> Summary:
    """Statistics of `results`; team and start-row win rates use Bonferroni-widened Wilson intervals."""
    n = len(results)
    finalists = board.limits.finalists.get(len(board.cars), 10)
    teams, rows = start_groups(board)
    winners = [r.winner for r in results]
    cars = len(board.cars)
    return Summary(
        games=n,
        finalists=finalists,
        qualifying_turns=mean_interval([r.qualifying_turns for r in results]),
        qualified=mean_interval([r.qualified for r in results]),
        short_of_finalists=wilson(sum(1 for r in results if r.qualified < finalists), n),
        eliminations=mean_interval([r.eliminations for r in results]),
        mines_left=mean_interval([r.mines_left for r in results]),
        bumps=mean_interval([r.hits for r in results]),
        no_winner=wilson(sum(1 for w in winners if w < 0), n),
        stuck_races=sum(1 for r in results if r.stuck),
        teams=_shares(teams, cars, winners, bonferroni_z(len(teams))),
        start_rows=_shares(rows, cars, winners, bonferroni_z(len(rows))),
    )


def balance_warnings(board: Board, games: int, seed: int = 0, jobs: int = 1) -> list[tuple[str, str, str]]:
    """(rule id, message, hint) for each imbalance `games` simulated races show on `board`."""
    summary = summarize(board, simulate(board, games, seed, jobs))
    found: list[tuple[str, str, str]] = []
    for team in summary.teams:
        rate = team.rate
        if rate.high < team.fair or rate.low > team.fair:
            word = "less" if rate.high < team.fair else "more"
            found.append(
                (
                    "mdd.balance.team",
                    f"team {team.name} won {rate.value:.1%} of the simulated races that had a winner "
                    f"(interval {rate.low:.1%} to {rate.high:.1%}), {word} than its fair share of {team.fair:.1%}",
                    "spread the team's cars over the start rows, or move walls and mines away from its lanes",
                )
            )
    found += _row_warnings(summary)
    if summary.no_winner.low > NO_WINNER_LIMIT:
        rate = summary.no_winner
        found.append(
            (
                "mdd.balance.no_winner",
                f"{rate.value:.1%} of the simulated races ended with no car across the line in the finals "
                f"(interval {rate.low:.1%} to {rate.high:.1%}); the rules expect a winner nearly every race",
                "use fewer mines or spread the walls: too few cars survive qualifying to finish the final",
            )
        )
    qualified = summary.qualified
    if qualified.high < summary.finalists / 3:
        found.append(
            (
                "mdd.balance.few_finalists",
                f"on average only {qualified.value:.1f} cars reached the finals in the simulated races, "
                f"less than a third of the {summary.finalists} places",
                "use fewer mines, or spread them out, so more cars survive qualifying",
            )
        )
    if summary.stuck_races:
        found.append(
            (
                "mdd.balance.stuck",
                f"in {summary.stuck_races} of {games} simulated races a car could not get anywhere "
                "and was removed at the turn cap",
                "leave every lane a way forward: a car boxed in by walls never reaches the line",
            )
        )
    return found


ROW_FACTOR = 1.5
"""A start row wins "far" more (less) than its share when its whole interval lies above (below) this
factor times (divided by) its fair share."""
NO_WINNER_LIMIT = 0.05
"""Share of races without a winner above which `pnp validate --simulate` warns (interval above it)."""


def _row_warnings(summary: Summary) -> list[tuple[str, str, str]]:
    """mdd.balance.start_row for each start row whose Bonferroni-widened interval lies wholly beyond
    ROW_FACTOR times (or below 1/ROW_FACTOR of) its fair share, so that few races do not cry wolf."""
    found = []
    for row in summary.start_rows:
        rate, fair = row.rate, row.fair
        if rate.low <= fair * ROW_FACTOR and rate.high >= fair / ROW_FACTOR:
            continue
        word = "more" if rate.low > fair * ROW_FACTOR else "less"
        found.append(
            (
                "mdd.balance.start_row",
                f"the cars starting in row {row.name} won {rate.value:.1%} of the simulated races that had a "
                f"winner (interval {rate.low:.1%} to {rate.high:.1%}), far {word} than their fair share of "
                f"{fair:.1%}",
                "space the start lines or the cars of a line apart (`spacing:`), or widen the track: "
                "on the default track no start row wins more than about 1.2 times its share",
            )
        )
    return found


def example_board(cars: int = 25, seed: int = 0, ruleset: str = "v2.1", lanes: int | None = None) -> Board:
    """The board of `pnp mdd setup` (default track, or `lanes` wide) with its start grid (benchmarks, tests)."""
    limits = limits_for(ruleset)
    setup = random_setup(ruleset, cars, seed) if lanes is None else random_setup(ruleset, cars, seed, lanes=lanes)
    grid = default_grid(cars, setup.lanes, default_teams(cars), limits.lives, setup.spacing)
    finals = default_finals(limits.finalists[cars], setup.lanes, setup.spacing)
    return Board(setup.lanes, setup.rows, setup.walls, setup.mines, grid, finals, limits)
