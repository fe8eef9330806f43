"""`pnp dragrage …` commands: `simulate` (strategy match-ups) and `optimal` (exhaustive heat search).

Input: an optional spec file (the standard game when omitted) and command options.
Output: a report on stdout as text or JSON; the spec's warnings on stderr; spec problems as diagnostics
(on stderr, or on stdout as JSON with `--format json`) with exit code 1, bad options with exit code 2.
"""

from __future__ import annotations

import json
import sys
import time

import click

from pnp.commands import FORMAT_CHOICE, show_warnings, user_errors
from pnp.diagnostics import Diagnostic, SpecError
from pnp.games.dragrage.progress import progress_line
from pnp.games.dragrage.race.simulate import simulate
from pnp.games.dragrage.race.state import Advance
from pnp.games.dragrage.race.strategies import builtin_strategies
from pnp.games.dragrage.race.summary import format_json, format_text
from pnp.games.dragrage.solver.optimal import UnsupportedVariant, solve_heat
from pnp.games.dragrage.solver.search_limits import DEFAULT_MAX_STATES, DeadHeat, SearchTooLarge
from pnp.games.dragrage.variant import Variant
from pnp.pipeline import load_checked

MAX_GAMES = 100_000
DEAD_HEAT_WORDS = {
    DeadHeat.HALF: "a dead heat counts as half a win: its re-run starts with a fresh coin flip",
    DeadHeat.RERUN: "a dead heat is re-run with the same first driver",
}


def _variant(spec: str | None) -> Variant:
    """The spec's variant (its warnings shown on stderr), or the standard game; SpecError on spec errors."""
    if spec is None:
        return Variant()
    loaded, warnings = load_checked(spec, "drag-rage")
    show_warnings(warnings)
    variant: Variant = loaded.spec.variant()
    return variant


@click.group(name="dragrage")
def dragrage() -> None:
    """Drag Rage: simulate strategies and compute optimal play."""


@dragrage.command("simulate")
@click.argument("spec", required=False, type=click.Path(dir_okay=False))
@click.option("--games", default=1000, show_default=True, type=click.IntRange(min=1), help="Races per pair.")
@click.option("--seed", default=1, show_default=True, type=int, help="Same seed, same report.")
@click.option("--format", "fmt", default="text", show_default=True, type=FORMAT_CHOICE)
@click.option(
    "--strategy",
    "names",
    multiple=True,
    type=click.Choice(sorted(builtin_strategies())),
    help="Strategies to match up (repeat the option; default: all).",
)
@click.option("--max-games", default=MAX_GAMES, show_default=True, type=click.IntRange(min=1))
@click.option("--progress/--no-progress", "show", default=None,
              help="Show progress on stderr (default: on a terminal, for runs over two seconds).")
@user_errors
def simulate_command(spec: str | None, games: int, seed: int, fmt: str, names: tuple[str, ...], max_games: int,
                     show: bool | None) -> None:
    """Play best-of-three races between every pair of strategies and report win rates."""

    if games > max_games:
        raise click.UsageError(f"--games {games} is over the cap of {max_games}; raise it with --max-games")
    variant = _variant(spec)
    strategies = builtin_strategies()
    chosen = {n: strategies[n] for n in (names or strategies)}
    line = progress_line(show, sys.stderr.isatty())
    try:
        report = simulate(variant, chosen, games, seed, line.races if line else None)
    finally:
        if line:
            line.close()
    click.echo(format_json(report) if fmt == "json" else format_text(report))


@dragrage.command("optimal")
@click.argument("spec", required=False, type=click.Path(dir_okay=False))
@click.option("--format", "fmt", default="text", show_default=True, type=FORMAT_CHOICE)
@click.option("--max-states", type=click.IntRange(min=1),
              help=f"Positions the search may meet [default: {DEFAULT_MAX_STATES:,}; twice that with --dead-heat "
                   "rerun, whose positions also say who moved first].")
@click.option("--progress/--no-progress", "show", default=None,
              help="Show progress on stderr (default: on a terminal, for runs over two seconds).")
@click.option("--dead-heat", "dead_heat", default=DeadHeat.HALF.value, show_default=True,
              type=click.Choice([d.value for d in DeadHeat]),
              help="A dead heat counts as half a win (its re-run starts with a fresh coin flip), or is re-run with "
                   "the same first driver (the value is then its own fixed point).")
@user_errors
def optimal_command(spec: str | None, fmt: str, max_states: int | None, show: bool | None, dead_heat: str) -> None:
    """Search one heat exhaustively and report the first driver's chance under perfect play."""
    variant = _variant(spec)
    started = time.perf_counter()
    line = progress_line(show, sys.stderr.isatty())
    try:
        convention = DeadHeat(dead_heat)
        budget = max_states or DEFAULT_MAX_STATES * (2 if convention is DeadHeat.RERUN else 1)
        odds = solve_heat(variant, budget, line.search if line else None, convention)
    except (SearchTooLarge, UnsupportedVariant) as exc:
        too_large = isinstance(exc, SearchTooLarge)
        hint = "raise --max-states" if too_large else "play this variant with `pnp dragrage simulate` instead"
        raise SpecError(Diagnostic.at(None, "dragrage.optimal", f"cannot search this variant: {exc}", hint)) from None
    finally:
        if line:
            line.close()
    seconds = time.perf_counter() - started
    opening = [a.counter for a in odds.best_opening if isinstance(a, Advance)]
    if fmt == "json":
        data = {
            "first_player_wins": odds.first_player_wins,
            "dead_heat": odds.dead_heat.value,
            "crossing_move": variant.crossing.value,
            "states": odds.states,
            "seconds": round(seconds, 3),
            "best_opening_counters": opening,
        }
        click.echo(json.dumps(data, indent=2))
        return
    click.echo(
        f"first driver wins the heat with perfect play: {100 * odds.first_player_wins:.2f} % "
        f"({DEAD_HEAT_WORDS[odds.dead_heat]}; crossing move: {variant.crossing.value})\n"
        f"best opening counter(s): {', '.join(map(str, opening))}\n"
        f"{odds.states} states searched in {seconds:.1f} s"
    )
