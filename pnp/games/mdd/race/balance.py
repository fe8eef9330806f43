"""The balance warnings of `pnp validate --simulate` for an MDD setup.

Input: a `Board`, a number of games, a seed and worker processes. Output: (rule id, message, hint) for each
imbalance the simulated races show: the calibration targets missed (hint: the search that meets them), team and
start-row win rates, races without a winner, few finalists, stuck cars.
"""

from __future__ import annotations

from pnp.games.mdd.geometry import Board
from pnp.games.mdd.race.simulate import RaceResult, simulate
from pnp.games.mdd.race.summary import Summary, summarize
from pnp.games.mdd.setup.search import figures


def balance_warnings(board: Board, games: int, seed: int = 0, jobs: int = 1) -> list[tuple[str, str, str]]:
    """(rule id, message, hint) for each imbalance `games` simulated races show on `board`."""
    results = simulate(board, games, seed, jobs)
    summary = summarize(board, results)
    found = _target_warnings(board, results)
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




def _target_warnings(board: Board, results: list[RaceResult]) -> list[tuple[str, str, str]]:
    """mdd.balance.targets when the races miss a calibration target (docs/mdd-setup.md) by more than their
    interval: the hint names the command whose setups meet them."""
    misses = figures(board, results).misses()
    if not misses:
        return []
    command = f"pnp mdd setup --balanced --ruleset {board.limits.name} --cars {len(board.cars)}"
    return [(
        "mdd.balance.targets",
        f"in {len(results)} simulated races this setup misses the calibration targets: " + "; ".join(misses),
        f"`{command}` searches random legal setups on the calibrated 11 x 30 track for one that meets them "
        "(docs/mdd-setup.md, \"A balanced setup\")",
    )]
