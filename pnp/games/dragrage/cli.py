"""`pnp dragrage …` commands: `simulate` (strategy match-ups) and `optimal` (exhaustive heat search).

Input: an optional spec file (the standard game when omitted) and command options.
Output: a report on stdout as text or JSON; the spec's warnings on stderr; spec problems as diagnostics
(on stderr, or on stdout as JSON with `--format json`) with exit code 1, bad options with exit code 2.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from pnp.commands import FORMAT_CHOICE, Finite, show_warnings, user_errors, write_file
from pnp.diagnostics import Diagnostic, SpecError
from pnp.games.dragrage.progress import ProgressLine, progress_line
from pnp.games.dragrage.race.simulate import simulate
from pnp.games.dragrage.race.state import Advance
from pnp.games.dragrage.race.strategies import builtin_strategies
from pnp.games.dragrage.race.summary import format_json, format_text
from pnp.games.dragrage.solver.balance import TooShort, Tried, Unsolvable, search
from pnp.games.dragrage.solver.optimal import UnsupportedVariant, solve_heat
from pnp.games.dragrage.solver.search_limits import DEFAULT_MAX_STATES, DeadHeat, SearchTooLarge
from pnp.games.dragrage.variant import Variant
from pnp.pipeline import load_checked

MAX_GAMES = 100_000
DEAD_HEAT_WORDS = {
    DeadHeat.HALF: "a dead heat counts as half a win: its re-run starts with a fresh coin flip",
    DeadHeat.RERUN: "a dead heat is re-run with the same first driver",
}


def _loaded(spec: str | None) -> tuple[Variant, dict[str, Any]]:
    """The spec's variant (its warnings shown on stderr) and its YAML data, or the standard game's; SpecError on
    spec errors."""
    if spec is None:
        return Variant(), {"game": "drag-rage"}
    loaded, warnings = load_checked(spec, "drag-rage")
    show_warnings(warnings)
    variant: Variant = loaded.spec.variant()
    return variant, dict(loaded.located.data)


def _variant(spec: str | None) -> Variant:
    """The spec's variant (its warnings shown on stderr), or the standard game; SpecError on spec errors."""
    return _loaded(spec)[0]


def _cannot_search(exc: Exception) -> SpecError:
    """The located error for a variant the search cannot value."""
    too_large = isinstance(exc, SearchTooLarge | Unsolvable)
    hint = "raise --max-states" if too_large else "play this variant with `pnp dragrage simulate` instead"
    return SpecError(Diagnostic.at(None, "dragrage.optimal", f"cannot search this variant: {exc}", hint))


def _budget(convention: DeadHeat, max_states: int | None) -> int:
    return max_states or DEFAULT_MAX_STATES * (2 if convention is DeadHeat.RERUN else 1)


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
        odds = solve_heat(variant, _budget(convention, max_states), line.search if line else None, convention)
    except (SearchTooLarge, UnsupportedVariant) as exc:
        raise _cannot_search(exc) from None
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
            "blown_engine": variant.blown_engine.value,
            "states": odds.states,
            "seconds": round(seconds, 3),
            "best_opening_counters": opening,
        }
        click.echo(json.dumps(data, indent=2))
        return
    click.echo(
        f"first driver wins the heat with perfect play: {100 * odds.first_player_wins:.2f} % "
        f"({DEAD_HEAT_WORDS[odds.dead_heat]}; {variant.readings()})\n"
        f"best opening counter(s): {', '.join(map(str, opening))}\n"
        f"{odds.states} states searched in {seconds:.1f} s"
    )


DEAD_HEAT_OPTION = click.option(
    "--dead-heat", "dead_heat", default=DeadHeat.HALF.value, show_default=True,
    type=click.Choice([d.value for d in DeadHeat]),
    help="A dead heat counts as half a win (its re-run starts with a fresh coin flip), or is re-run with the same "
         "first driver (the value is then its own fixed point).")


def _balance_solver(convention: DeadHeat, states: int, line: ProgressLine | None
                    ) -> Callable[[Variant, Callable[[], None]], float]:
    """The search's `solve`: `solve_heat`'s value, the budget checked between the search's steps."""

    def solve(variant: Variant, tick: Callable[[], None]) -> float:
        def progress(stage: str, done: int, total: int) -> None:
            tick()
            if line:
                line.search(stage, done, total)

        try:
            return solve_heat(variant, states, progress, convention, tick).first_player_wins
        except SearchTooLarge as exc:
            raise Unsolvable(f"too large for the search ({exc}; raise --max-states)") from None

    return solve


@dragrage.command("balance")
@click.argument("spec", required=False, type=click.Path(dir_okay=False))
@click.option("--budget", default=60.0, show_default=True, type=Finite(min=0, min_open=True),
              help="Seconds the search may take; it stops with the best variant found so far.")
@click.option("--format", "fmt", default="text", show_default=True, type=FORMAT_CHOICE)
@DEAD_HEAT_OPTION
@click.option("--max-states", type=click.IntRange(min=1), help="Positions each variant's search may meet "
              f"[default: {DEFAULT_MAX_STATES:,}; twice that with --dead-heat rerun].")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="Write the spec of the variant nearest one half here.")
@click.option("--force", is_flag=True, help="With -o, replace a file pnp did not write.")
@click.option("--progress/--no-progress", "show", default=None,
              help="Show progress on stderr (default: on a terminal, for runs over two seconds).")
@user_errors
def balance_command(spec: str | None, budget: float, fmt: str, dead_heat: str, max_states: int | None,
                    output: str | None, force: bool, show: bool | None) -> None:
    """Search the finish line and the counters for the variant whose first driver wins nearest 50 %."""
    from pnp.games.dragrage.balance_report import candidate_text, check_candidate  # the validator: not for --help
    from pnp.games.dragrage.balance_report import format_json as balance_json
    from pnp.games.dragrage.balance_report import format_text as balance_text

    variant, data = _loaded(spec)
    convention = DeadHeat(dead_heat)
    line = progress_line(show, sys.stderr.isatty())

    def report(entry: Tried, best: Tried) -> None:
        if line and best.value is not None:
            line.show(f"tried {entry.knobs.label()}; nearest one half so far: {100 * best.value:.2f} %", final=True)

    try:
        run = search(variant, lambda knobs: check_candidate(data, knobs), _balance_solver(convention, _budget(
            convention, max_states), line), budget, time.monotonic, report)
    except (Unsolvable, SearchTooLarge, UnsupportedVariant) as exc:
        raise _cannot_search(exc) from None
    except TooShort as exc:
        raise SpecError(Diagnostic.at(None, "dragrage.budget", str(exc),
                                      "give a longer --budget: the standard game's search takes about 15 s")) from None
    finally:
        if line:
            line.close()
    words = DEAD_HEAT_WORDS[convention]
    click.echo(balance_json(run, convention.value, variant) if fmt == "json" else balance_text(run, words, variant))
    if output:
        value = run.best.value if run.best.value is not None else 0.0
        header = (f"pnp dragrage balance --dead-heat {convention.value}: the first driver wins "
                  f"{100 * value:.2f} % of heats under perfect play ({words})")
        write_file(Path(output), candidate_text(data, run.best.knobs, header).encode("utf-8"),
                   [Path(spec)] if spec else [], force)
