"""`pnp nitro simulate`: race a track many times and report how it plays (text or JSON, optional chart).

Input: a track file and options. Output: the report on stdout (keys in docs/nitro-dice.md), the races done
on stderr when it is a terminal and the run lasts over 2 s, and with `--chart FILE` a chart (SVG, PNG or
PDF by the suffix) written safely.
Exit codes: 0 done, 1 a track that cannot be read or breaks a rule (diagnostics on stderr), 2 bad options.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.commands import FORMAT_CHOICE, exit_if_unmet, show_warnings, suffix_in, user_errors, write_figure
from pnp.diagnostics import SpecError
from pnp.sim.progress import TTY_DELAY, LateProgress

if TYPE_CHECKING:  # the engine, the models and the pipeline load when a command runs, not for --help
    from pnp.games.nitro.model import NitroTrack

PROGRESS_AFTER = TTY_DELAY
"""Seconds a simulation runs before it shows its progress (a terminal only)."""

def load_track(path: str, players: int | None = None) -> NitroTrack:
    """A track file that passes its rules (raced by `players` when given); SpecError otherwise. The track's
    warnings are shown on stderr."""
    from pnp.games.nitro.race.simulate import with_players
    from pnp.pipeline import load_checked
    from pnp.rules import check_rules

    loaded, warnings = load_checked(path, "nitro-dice")
    show_warnings(warnings)
    if players is None:
        return loaded.spec  # type: ignore[no-any-return]
    track = with_players(loaded.spec, players)
    errors = [d for d in check_rules(track, loaded.located) if d.is_error]  # the rules load with the plugin
    if errors:
        raise SpecError(errors)
    return track


@click.command("simulate")
@click.argument("track", type=click.Path(dir_okay=False))
@click.option("--games", type=click.IntRange(1, 1_000_000), default=1000, show_default=True, help="Races to play.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="Seed; race i is seeded from (seed, i), so --jobs does not change results.")
@click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True, help="Worker processes.")
@click.option("--players", type=click.IntRange(2, 6), default=None, help="Players (default: the track's).")
@click.option("--policy", default="table", show_default=True,
              help="table (one driving style per seat: racer, steady, charger, cautious, racer, steady), the "
                   "driver of every seat (racer, steady, charger, cautious), or one per seat separated by commas.")
@click.option("--format", "fmt", type=FORMAT_CHOICE, default="text", show_default=True)
@click.option("--chart", type=click.Path(dir_okay=False), callback=suffix_in((".svg", ".png", ".pdf")),
              help="Also draw rounds, damage and start-position win rates to FILE.svg, FILE.png or FILE.pdf.")
@click.option("--force", is_flag=True, help="Overwrite a --chart file pnp did not write.")
@user_errors
def simulate_command(track: str, games: int, seed: int, jobs: int, players: int | None, policy: str, fmt: str,
                     chart: str | None, force: bool) -> None:
    """Race TRACK many times and report rounds, handling, damage, the Garage and win rates by start position."""
    spec = load_track(track, players)
    try:
        from pnp.games.nitro.race.simulate import seat_drivers, simulate
        from pnp.games.nitro.race.summary import summarize, summary_data, summary_text

        drivers = seat_drivers(policy.split(","), spec.players)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--policy") from None
    with LateProgress(games, "racing") as progress:
        results = simulate(spec, games, seed, jobs, drivers, progress.update)
    summary = summarize(spec, drivers, results)
    if chart is not None:
        from pnp.games.nitro.printed.draw_chart import simulation_chart

        title = f"{Path(track).name}: {games} races, seed {seed}, {spec.players} players ({policy})"
        write_figure(chart, simulation_chart(title, summary, results), title, track, force)
    if fmt == "json":
        click.echo(json.dumps(summary_data(summary, seed), indent=2))
    else:
        click.echo(summary_text(summary, seed))


@click.command("play")
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=FORMAT_CHOICE, default="text", show_default=True)
@user_errors
def play_command(scenario: str, fmt: str) -> None:
    """Play a scenario's turns and print the dice before and after, and every event."""
    from pnp.games.nitro.play_text import describe, dice_table, strip
    from pnp.games.nitro.scenario import load_scenario, play_scenario, setup_race

    spec, located = load_scenario(scenario)
    start, _, _ = setup_race(spec, located)
    result = play_scenario(spec, located)
    if fmt == "json":
        click.echo(json.dumps({
            "title": spec.title,
            "before": [asdict(s) for s in result.before],
            "after": [asdict(s) for s in result.after],
            "events": [e._asdict() | {"die": _letter(result.letters, e.die), "other": _letter(result.letters, e.other)}
                       for e in result.events],
            "unmet": list(result.unmet),
        }, indent=2))
        exit_if_unmet(result.unmet, located, "nitro.scenario.unmet")
        return
    k = result.race.course.k
    lines = [spec.title, "", "Before:", *strip(start, result.letters), *dice_table(result.before), "", "Events:",
             *describe(result.events, result.letters, k), "", "After:", *strip(result.race, result.letters),
             *dice_table(result.after)]
    if spec.expect is not None:
        lines += ["", "Stated outcome: " + ("met" if not result.unmet else "NOT met"),
                  *(f"  {line}" for line in result.unmet)]
    click.echo("\n".join(lines))
    exit_if_unmet(result.unmet, located, "nitro.scenario.unmet")


def _letter(letters: tuple[str, ...], die: int) -> str | None:
    return letters[die] if 0 <= die < len(letters) else None
