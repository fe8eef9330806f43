"""`play` and `simulate`: the MDD engine's click commands (the lead mounts them under `pnp mdd`).

Input: a scenario file (`play`) or a setup file (`simulate`) and options. Output: on stdout, the board
before and after and the events (`play`), or race statistics as text or JSON (`simulate`); a progress
bar on stderr in text mode; on request a figure of the scenario (`--figure`) or a chart of the races
(`--chart`), written safely, its format picked by the file suffix. Exit codes: 0 done, 1 a bad scenario
or setup or an output refused (diagnostics on stderr), 2 bad options.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import click

from pnp.diagnostics import Diagnostic, SpecError
from pnp.games.base import require_game
from pnp.games.mdd.award_stats import award_rates, awards_data, awards_lines
from pnp.games.mdd.engine import RaceOptions
from pnp.games.mdd.geometry import Board
from pnp.games.mdd.rulesets import limits_for
from pnp.games.mdd.scenario import car_table, describe, draw_board, load_scenario, play_scenario
from pnp.games.mdd.simulate import Interval, Share, Summary, simulate, summarize
from pnp.layout.scene import Document, Page
from pnp.output import write_outputs
from pnp.spec.loader import load_yaml

CHART_DPI = 150


def _fail(diagnostics: list[Diagnostic]) -> None:
    for d in diagnostics:
        click.echo(d.format_text(), err=True)
    sys.exit(1)


def _suffix_in(suffixes: tuple[str, ...]) -> Callable[[click.Context, click.Parameter, str | None], str | None]:
    """A click callback accepting a file path whose suffix is one of `suffixes` (a usage error otherwise)."""

    def check(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if value is not None and Path(value).suffix.lower() not in suffixes:
            raise click.BadParameter(f"{value!r} must end in {', '.join(suffixes)}; the suffix picks the format")
        return value

    return check


def _write_figure(path: str, page: Page, title: str, protected: str, force: bool) -> None:
    """Render `page` in the format the suffix of `path` names and write it safely (exit 1 on refusal)."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".svg":
        from pnp.render.svg import render_svg_page

        data = render_svg_page(page, title).encode("utf-8")
    else:
        from pnp.render.pdf import render_pdf

        data = render_pdf(Document(title, (page,), author="pnp"))
        if suffix == ".png":
            from pnp.render.outputs import pdf_to_png

            data = pdf_to_png(data, CHART_DPI)[0]
    try:
        write_outputs(target.parent, {target.name: data}, protected=[Path(protected)], force=force)
    except SpecError as exc:
        hints = {
            "output.refused": "give another file name, move the file away, or pass --force to overwrite it",
            "output.folder": "give a file name in a folder you can write to",
        }
        _fail([replace(d, hint=hints.get(d.rule, d.hint)) for d in exc.diagnostics])
        return
    click.echo(f"wrote {target}", err=True)


@click.command("play")
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--roll", type=click.IntRange(1, 6), default=None, help="Replace the first move's roll.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option(
    "--figure",
    type=click.Path(dir_okay=False),
    callback=_suffix_in((".svg", ".pdf")),
    help="Also draw the board before and after, with the cars' paths, to FILE.svg or FILE.pdf.",
)
@click.option("--force", is_flag=True, help="Overwrite a --figure file pnp did not write.")
def play_command(scenario: str, roll: int | None, fmt: str, figure: str | None, force: bool) -> None:
    """Play a scenario's moves and print the board before and after, and every event."""
    try:
        spec, located = load_scenario(scenario)
        result = play_scenario(spec, located, roll)
    except SpecError as exc:
        _fail(exc.diagnostics)
        return
    if figure is not None:
        from pnp.games.mdd.draw_scenario import scenario_figure

        word = limits_for(spec.ruleset).mine_word
        page = scenario_figure(spec.title, result.before, result.after, result.events, result.letters, word)
        _write_figure(figure, page, spec.title, scenario, force)
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
        return
    lives = [c.lives for c in result.before.cars]
    word = limits_for(spec.ruleset).mine_word
    click.echo(spec.title)
    click.echo("\nBefore:")
    click.echo(draw_board(result.before, result.letters))
    click.echo(car_table(result.before, result.letters))
    click.echo("\nEvents:")
    for line in describe(result.events, result.letters, lives, word):
        click.echo(line)
    click.echo("\nAfter:")
    click.echo(draw_board(result.after, result.letters))
    click.echo(car_table(result.after, result.letters))
    if spec.expect is not None and roll is None:
        click.echo("\nStated outcome: " + ("met" if not result.unmet else "NOT met"))
        for line in result.unmet:
            click.echo(f"  {line}")


def load_board(path: str) -> Board:
    """A setup file as the engine's Board; SpecError when the setup breaks its schema or rules."""
    from pnp.games.mdd.plugin import PLUGIN

    located = load_yaml(path)
    require_game(located, "mdd", "a Mini Demolition Derby setup (game: mdd)")
    spec = PLUGIN.build(located)
    errors = [d for d in PLUGIN.check(spec, located) if d.is_error]
    if errors:
        raise SpecError(errors)
    board: Board = spec.to_board()
    return board


@click.command("simulate")
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
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option(
    "--chart",
    type=click.Path(dir_okay=False),
    callback=_suffix_in((".svg", ".png", ".pdf")),
    help="Also draw the main distributions and the team win rates to FILE.svg, FILE.png or FILE.pdf.",
)
@click.option("--force", is_flag=True, help="Overwrite a --chart file pnp did not write.")
def simulate_command(
    setup: str, games: int, seed: int, jobs: int, two_dice: bool, fmt: str, chart: str | None, force: bool
) -> None:
    """Play whole races from a setup and report how it plays, with 95% confidence intervals."""
    try:
        board = load_board(setup)
    except SpecError as exc:
        _fail(exc.diagnostics)
        return
    options = RaceOptions(two_dice=two_dice)
    try:
        if fmt == "text" and sys.stderr.isatty():
            with click.progressbar(length=games, label="racing", file=sys.stderr) as bar:
                results = simulate(board, games, seed, jobs, options, bar.update, board.limits.awards)
        else:
            results = simulate(board, games, seed, jobs, options, awards=board.limits.awards)
    except ValueError as exc:
        _fail(
            [
                Diagnostic.at(
                    None,
                    "mdd.simulate",
                    f"the setup cannot be raced: {exc}",
                    "check the finals positions and the start grid",
                )
            ]
        )
        return
    summary = summarize(board, results)
    awards = award_rates(board, results)
    if chart is not None:
        from pnp.games.mdd.draw_chart import simulation_chart

        title = f"{Path(setup).name}: {games} races, seed {seed}" + (", two dice" if two_dice else "")
        _write_figure(chart, simulation_chart(title, summary, results), title, setup, force)
    if fmt == "json":
        click.echo(json.dumps(summary_data(summary, seed) | awards_data(awards), indent=2))
    else:
        click.echo("\n".join([summary_text(summary, seed), *awards_lines(awards, _rate)]))


def summary_data(summary: Summary, seed: int) -> dict[str, Any]:
    """The summary as JSON-ready data."""

    def shares(items: tuple[Share, ...]) -> list[dict[str, Any]]:
        return [
            {"name": s.name, "cars": s.cars, "fair": round(s.fair, 4), "wins": s.wins, "rate": s.rate.to_dict()}
            for s in items
        ]

    return {
        "games": summary.games,
        "seed": seed,
        "finalists": summary.finalists,
        "qualifying_turns": summary.qualifying_turns.to_dict(),
        "qualified": summary.qualified.to_dict(),
        "short_of_finalists": summary.short_of_finalists.to_dict(),
        "eliminations": summary.eliminations.to_dict(),
        "mines_left": summary.mines_left.to_dict(),
        "bumps": summary.bumps.to_dict(),
        "no_winner": summary.no_winner.to_dict(),
        "stuck_races": summary.stuck_races,
        "teams": shares(summary.teams),
        "start_rows": shares(summary.start_rows),
    }


def _mean(i: Interval) -> str:
    return f"{i.value:8.2f}   (95% CI {i.low:.2f} to {i.high:.2f})"


def _rate(i: Interval) -> str:
    return f"{i.value:8.1%}   (95% CI {i.low:.1%} to {i.high:.1%})"


def summary_text(summary: Summary, seed: int) -> str:
    """The summary as a text report."""
    lines = [
        f"{summary.games} races, seed {seed}",
        f"turns until qualifying ends   {_mean(summary.qualifying_turns)}",
        f"cars qualified                {_mean(summary.qualified)}",
        f"fewer than {summary.finalists:<2} qualified       {_rate(summary.short_of_finalists)}",
        f"eliminations                  {_mean(summary.eliminations)}",
        f"mines left at the end         {_mean(summary.mines_left)}",
        f"bumps per race                {_mean(summary.bumps)}",
        f"races without a winner        {_rate(summary.no_winner)}",
        f"races with stuck cars         {summary.stuck_races:8d}",
        "",
        "win rate by team (fair share = the team's share of the cars):",
    ]
    for s in summary.teams:
        lines.append(f"  {s.name:<12} {_rate(s.rate)}   fair {s.fair:.1%}")
    lines.append("win rate by start row (rear row of the car at the start):")
    for s in summary.start_rows:
        lines.append(f"  row {s.name:<8} {_rate(s.rate)}   fair {s.fair:.1%}")
    return "\n".join(lines)
