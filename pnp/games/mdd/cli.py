"""`pnp mdd ...` commands: `setup` (a random legal setup), `play` (the moves of a scenario), `simulate` (races).

Input: command-line options, a scenario file (`play`) or a setup file (`simulate`). Output: `setup` writes a
random legal setup as YAML to stdout or a file, re-drawn until 400 simulated races meet the calibration targets
(a line on stderr names the draws rejected; `--no-check`: the first draw), or with `--balanced` the best one a
search of simulated races finds, and a table of its figures beside the plain setup's; `play` prints the board
before and after and the events; `simulate` prints race statistics as text or JSON and which engine ran them
(compiled or pure Python), with the races done on a terminal's stderr once a run lasts over 2 s
(`pnp.sim.progress`). On request a figure of the scenario (`--figure`) or a chart of the races (`--chart`), written
safely, its format picked by the file suffix. Exit codes: 0 done, 1 a bad scenario or setup, a scenario whose
stated outcome is not met, or an output refused (diagnostics on stderr, or on stdout as JSON with `--format
json`), 2 bad options. Each command imports what it runs, so that `pnp mdd --help` loads neither the engine
nor the models.
"""

from __future__ import annotations

import json
import secrets
import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.commands import (
    FORMAT_CHOICE,
    Finite,
    exit_if_unmet,
    show_warnings,
    suffix_in,
    user_errors,
    write_figure,
    write_file,
)
from pnp.diagnostics import Diagnostic, SpecError
from pnp.games.mdd.rulesets import RULESET_NAMES, limits_for
from pnp.sim.progress import LateProgress

if TYPE_CHECKING:
    from pnp.games.mdd.race.simulate import RaceResult
    from pnp.games.mdd.setup.formation import Spacing
    from pnp.games.mdd.setup.generate import RandomSetup
    from pnp.games.mdd.setup.search import Request
    from pnp.sim.search import Outcome, TooShort


@click.group(name="mdd", help="Mini Demolition Derby tools.")
def mdd_cli() -> None:
    """Mini Demolition Derby command group."""


@mdd_cli.command("setup")
@click.option(
    "--ruleset", type=click.Choice(RULESET_NAMES), default="v2.1", show_default=True, help="Rules the setup follows."
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**63 - 1),
    default=None,
    help="Seed of the random placement; the same seed gives the same file (default: a new one).",
)
@click.option(
    "--cars",
    type=click.Choice(["25", "30", "36"]),
    default="25",
    show_default=True,
    help="Number of cars (30 and 36 are v2.1 variants).",
)
@click.option("--lanes", type=click.IntRange(4, 30), default=None, help="Lanes across the track (default 11).")
@click.option("--rows", type=click.IntRange(12, 200), default=None, help="Rows from start to finish (default 30).")
@click.option("--cell", default=None, help="Printed cell size, e.g. 15mm (default 18mm; does not change play).")
@click.option(
    "--spacing",
    default=None,
    metavar="ROWS/LANES",
    help="Free rows between start lines / free lanes between cars (default 0/1 where it fits, else 0/0).",
)
@click.option(
    "--track",
    "track_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Take lanes, rows, cell and spacing from this MDD setup or kit (its walls and mines are ignored).",
)
@click.option("--map", "as_map", is_flag=True, help="Draw walls and mines as a text map instead of a list.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="File to write (default: standard output).",
)
@click.option("--force", is_flag=True, help="Overwrite a file that pnp did not write.")
@click.option("--balanced", is_flag=True,
              help="Search random legal setups for the one that plays best against the calibration targets.")
@click.option("--budget", type=Finite(1, 3600), default=None,
              help="--balanced: seconds the search may take, the final measure included (default 60).")
@click.option("--games", type=click.IntRange(100, 1_000_000), default=None,
              help="--balanced: fresh races the chosen and the plain random setup are measured on (default 4000).")
@click.option("--jobs", type=click.IntRange(1, 256), default=None, help="--balanced: worker processes (default 1).")
@click.option("--brackets", type=click.IntRange(1, 10_000), default=None,
              help="--balanced: race exactly this many brackets of 16 setups, whatever the time (same file anywhere).")
@click.option("--no-check", is_flag=True,
              help="Keep the first setup drawn, unraced (default: race each a few hundred times, re-draw until one "
                   "meets the calibration targets).")
@user_errors
def setup_command(
    ruleset: str,
    seed: int | None,
    cars: str,
    lanes: int | None,
    rows: int | None,
    cell: str | None,
    spacing: str | None,
    track_file: str | None,
    as_map: bool,
    output: Path | None,
    force: bool,
    balanced: bool,
    budget: float | None,
    games: int | None,
    jobs: int | None,
    brackets: int | None,
    no_check: bool,
) -> None:
    """Write a random legal setup: walls and mines placed at random under the rules, re-drawn until a few hundred
    simulated races meet the calibration targets (with --balanced, the best of many against them)."""
    from pnp.games.mdd.model import DEFAULT_CELL_MM, DEFAULT_LANES, DEFAULT_ROWS
    from pnp.games.mdd.setup.generate import random_setup, setup_yaml

    count = int(cars)
    allowed = limits_for(ruleset).car_counts
    if count not in allowed:
        raise click.BadParameter(
            f"the {ruleset} rules race with {', '.join(map(str, allowed))} cars", param_hint="--cars"
        )
    track = _track_of(track_file) if track_file is not None else None
    if track is not None and (lanes, rows, cell, spacing) != (None, None, None, None):
        raise click.UsageError("--track gives the track: leave out --lanes, --rows, --cell and --spacing")
    size_mm = _cell_mm(cell) if cell is not None else DEFAULT_CELL_MM
    lanes, rows, size_mm, gaps = track or (lanes or DEFAULT_LANES, rows or DEFAULT_ROWS, size_mm, _gaps(spacing))
    chosen = secrets.randbelow(1_000_000) if seed is None else seed
    search = (budget, games, jobs, brackets)
    if not balanced and search != (None, None, None, None):
        raise click.UsageError("--budget, --games, --jobs and --brackets go with --balanced")
    if balanced and no_check:
        raise click.UsageError("--no-check goes without --balanced: the balanced search races every setup")
    from pnp.games.mdd.setup.search import Request

    request = Request(ruleset, count, chosen, lanes, rows, gaps, size_mm)
    try:
        text = setup_yaml(random_setup(ruleset, count, chosen, lanes, rows, gaps, size_mm), as_map=as_map)
        if not (balanced or no_check):
            text = _checked(request, as_map)
    except ValueError as exc:
        raise click.UsageError(f"{exc}: give more --lanes or --rows") from None
    if balanced:
        text = _balanced(request, search, as_map, output is None)
    if output is None:
        click.echo(text, nl=False)
        return
    write_file(output, text.encode("utf-8"), [], force)


def _balanced(request: Request, search: tuple[float | None, int | None, int | None, int | None], as_map: bool,
              to_stdout: bool) -> str:
    """Run the balanced search; print its table (on stderr when the setup goes to stdout); the setup's text."""
    from pnp.games.mdd.setup.generate import setup_command
    from pnp.games.mdd.setup.report import balanced_table, balanced_yaml
    from pnp.games.mdd.setup.search import balanced_setup
    from pnp.sim.progress import TTY_DELAY, StderrLine
    from pnp.sim.search import Limits, TooShort

    budget, games, jobs, brackets = search
    line = StderrLine(TTY_DELAY, clear=True) if sys.stderr.isatty() else None

    def show(outcome: Outcome[RandomSetup, RaceResult]) -> None:
        if line is not None:
            line.show(f"searching: {outcome.candidates} setups, best loss {outcome.best.loss:.3f}, "
                      f"{outcome.seconds:.0f} s")

    try:
        found = balanced_setup(request, Limits(budget or 60.0, 0, brackets), games or 4000, jobs or 1,
                               progress=show)
    except TooShort as exc:
        raise SpecError(Diagnostic.at(None, "mdd.setup.budget", *_too_short(budget or 60.0, games or 4000,
                                                                          exc))) from None
    finally:
        if line is not None:
            line.close()
    given = [f"--{name} {value:g}" for name, value in (("budget", budget), ("games", games), ("brackets", brackets))
             if value is not None]
    command = " ".join([setup_command(found.plain, as_map).replace("setup", "setup --balanced", 1), *given])
    click.echo(balanced_table(found), err=to_stdout)
    return balanced_yaml(found, command, as_map)


def _too_short(budget: float, games: int, exc: TooShort) -> tuple[str, str]:
    """The message and hint for a --budget that cannot hold one bracket of the search and the final races."""
    import math

    from pnp.games.mdd.setup.search import SCHEDULE, UNTIMED

    work = f"one bracket of the search ({SCHEDULE.trials():,} races) and the {2 * games:,} final races"
    message = f"the budget of {budget:g} s is too short for {work}: the search stopped after {exc.seconds:.1f} s"
    if exc.needed is None:
        return message, "give a longer --budget"
    needed = math.ceil(exc.needed + UNTIMED)
    return (f"{message}; they take about {needed} s here",
            f"give --budget {needed + 1} or more (or fewer --games), or --brackets 1 to race one bracket whatever "
            "the time")


def _checked(request: Request, as_map: bool) -> str:
    """Draw setups until one meets the targets over the check's races; say on stderr what was rejected (a
    warning when none met them); the kept setup's text."""
    from pnp.diagnostics import Severity
    from pnp.games.mdd.setup.check import checked_setup
    from pnp.games.mdd.setup.generate import setup_command
    from pnp.games.mdd.setup.report import checked_note, checked_yaml

    found = checked_setup(request)
    note = checked_note(found)
    if not found.met:
        plain = found.draws[0].setup
        command = setup_command(plain).replace("setup", "setup --balanced", 1)
        hint = (f"`{command}` searches many more setups; on another track than the default 11 x 30 the targets may "
                "be out of reach (docs/mdd-setup.md, Calibration); `--no-check` keeps the first draw unraced")
        show_warnings([Diagnostic(Severity.WARNING, "mdd.setup.check", note, hint)])
    elif note:
        click.echo(note, err=True)
    return checked_yaml(found, setup_command(found.draws[0].setup, as_map), as_map)


def _cell_mm(text: str) -> float:
    """A --cell value in mm; a usage error when it is not a positive length."""
    from pnp.units import parse_length

    try:
        mm = parse_length(text)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--cell") from None
    if not 5 <= mm <= 200:
        raise click.BadParameter(f"a cell of {mm:g} mm is not printable; use 5mm to 200mm", param_hint="--cell")
    return mm


def _gaps(text: str | None) -> Spacing | None:
    """A --spacing value ROWS/LANES (None: the generator's default)."""
    from pnp.games.mdd.setup.formation import Spacing

    if text is None:
        return None
    rows, sep, lanes = text.partition("/")
    if not (sep and rows.isdigit() and lanes.isdigit() and int(rows) <= 10 and int(lanes) <= 5):
        raise click.BadParameter(f"expected ROWS/LANES such as 0/1 (rows 0-10, lanes 0-5), got {text!r}",
                                 param_hint="--spacing")
    return Spacing(int(rows), int(lanes))


def _track_of(path: str) -> tuple[int, int, float, Spacing]:
    """Lanes, rows, cell (mm) and start-grid spacing of an MDD setup or kit file (SpecError if unreadable)."""
    from pnp.games.base import require_game
    from pnp.games.mdd.model import MddSetup, load_setup
    from pnp.source.loader import load_yaml

    located = load_yaml(path)
    require_game(located, "mdd", "a Mini Demolition Derby setup (game: mdd)")
    spec: MddSetup = load_setup(located)
    layout = spec.layout()
    return layout.lanes, layout.rows, spec.track.cell, layout.spacing


@mdd_cli.command("play")
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--roll", type=click.IntRange(1, 6), default=None, help="Replace the first move's roll.")
@click.option("--format", "fmt", type=FORMAT_CHOICE, default="text", show_default=True)
@click.option(
    "--figure",
    type=click.Path(dir_okay=False),
    callback=suffix_in((".svg", ".pdf")),
    help="Also draw the board before and after, with the cars' paths, to FILE.svg or FILE.pdf.",
)
@click.option("--force", is_flag=True, help="Overwrite a --figure file pnp did not write.")
@user_errors
def play_command(scenario: str, roll: int | None, fmt: str, figure: str | None, force: bool) -> None:
    """Play a scenario's moves and print the board before and after, and every event."""
    from pnp.games.mdd.race.scenario import car_table, describe, draw_board, load_scenario, play_scenario

    spec, located = load_scenario(scenario)
    result = play_scenario(spec, located, roll)
    if figure is not None:
        from pnp.games.mdd.printed.draw_scenario import scenario_figure

        limits = limits_for(spec.ruleset)
        page = scenario_figure(spec.title, result.before, result.after, result.events, result.letters,
                               limits.mine_word, limits.damage)
        write_figure(figure, page, spec.title, scenario, force)
    if fmt == "json":
        click.echo(
            json.dumps(
                {
                    "title": spec.title,
                    "letters": list(result.letters),
                    "before": asdict(result.before),
                    "after": asdict(result.after),
                    "events": [e._asdict() for e in result.events],
                    "unmet": list(result.unmet),
                },
                indent=2,
            )
        )
        exit_if_unmet(result.unmet, located, "mdd.scenario.unmet")
        return
    lives = [c.lives for c in result.before.cars]
    limits = limits_for(spec.ruleset)
    click.echo(spec.title)
    click.echo("\nBefore:")
    click.echo(draw_board(result.before, result.letters))
    click.echo(car_table(result.before, result.letters, limits.damage))
    click.echo("\nEvents:")
    for line in describe(result.events, result.letters, lives, limits.mine_word, limits.damage):
        click.echo(line)
    click.echo("\nAfter:")
    click.echo(draw_board(result.after, result.letters))
    click.echo(car_table(result.after, result.letters, limits.damage))
    if spec.expect is not None and roll is None:
        click.echo("\nStated outcome: " + ("met" if not result.unmet else "NOT met"))
        for line in result.unmet:
            click.echo(f"  {line}")
    exit_if_unmet(result.unmet, located, "mdd.scenario.unmet")


@mdd_cli.command("simulate")
@click.argument("setup", type=click.Path(dir_okay=False))
@click.option(
    "--games", type=click.IntRange(1, 10_000_000), default=1000, show_default=True, help="Number of complete races."
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**63 - 1),
    default=0,
    show_default=True,
    help="Seed; race i is seeded from (seed, i), so --jobs does not change results.",
)
@click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True, help="Worker processes.")
@click.option("--two-dice", is_flag=True, help="v2.1 variant: a separate die gives the first step's direction.")
@click.option("--format", "fmt", type=FORMAT_CHOICE, default="text", show_default=True)
@click.option(
    "--chart",
    type=click.Path(dir_okay=False),
    callback=suffix_in((".svg", ".png", ".pdf")),
    help="Also draw the main distributions and the team win rates to FILE.svg, FILE.png or FILE.pdf.",
)
@click.option("--force", is_flag=True, help="Overwrite a --chart file pnp did not write.")
@user_errors
def simulate_command(
    setup: str, games: int, seed: int, jobs: int, two_dice: bool, fmt: str, chart: str | None, force: bool
) -> None:
    """Play whole races from a setup and report how it plays, with 95% confidence intervals."""
    from pnp.games.mdd.race.award_stats import award_rates, awards_data, awards_lines
    from pnp.games.mdd.race.engine import RaceOptions
    from pnp.games.mdd.race.simulate import COMPILED, simulate
    from pnp.games.mdd.race.summary import rate_text, summarize, summary_data, summary_text
    from pnp.pipeline import load_checked

    loaded, warnings = load_checked(setup, "mdd")
    show_warnings(warnings)
    board = loaded.spec.to_board()
    options = RaceOptions(two_dice=two_dice)
    try:
        with LateProgress(games, "racing") as progress:
            results = simulate(board, games, seed, jobs, options, progress.update, board.limits.awards)
    except ValueError as exc:
        hint = "check the finals positions and the start grid"
        raise SpecError(Diagnostic.at(None, "mdd.simulate", f"the setup cannot be raced: {exc}", hint)) from None
    summary = summarize(board, results)
    awards = award_rates(board, results)
    if chart is not None:
        from pnp.games.mdd.printed.draw_chart import simulation_chart

        title = f"{Path(setup).name}: {games} races, seed {seed}" + (", two dice" if two_dice else "")
        write_figure(chart, simulation_chart(title, summary, results), title, setup, force)
    engine = "compiled" if COMPILED else "pure Python"
    if fmt == "json":
        click.echo(json.dumps(summary_data(summary, seed) | awards_data(awards) | {"engine": engine}, indent=2))
    else:
        lines = [summary_text(summary, seed), *awards_lines(awards, rate_text), f"race engine: {engine}"]
        click.echo("\n".join(lines))
