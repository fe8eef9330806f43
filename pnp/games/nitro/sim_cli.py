"""`pnp nitro simulate`: race a track many times and report how it plays (text or JSON, optional chart).

Input: a track file and options. Output: the report on stdout (keys in docs/nitro-dice.md), a progress bar
on stderr in text mode, and with `--chart FILE` a chart (SVG, PNG or PDF by the suffix) written safely.
Exit codes: 0 done, 1 a track that cannot be read or breaks a rule (diagnostics on stderr), 2 bad options.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from pnp.commands import FORMAT_CHOICE, show_warnings, suffix_in, user_errors, write_figure
from pnp.diagnostics import SpecError

if TYPE_CHECKING:  # the engine, the models and the pipeline load when a command runs, not for --help
    from pnp.games.nitro.model import NitroTrack
    from pnp.games.nitro.simulate import Summary
    from pnp.stats import Interval


def load_track(path: str, players: int | None = None) -> NitroTrack:
    """A track file that passes its rules (raced by `players` when given); SpecError otherwise. The track's
    warnings are shown on stderr."""
    from pnp.games.nitro.simulate import with_players
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
@click.option("--policy", default="racer", show_default=True,
              help="Driver of every seat (racer, cautious), or one per seat separated by commas.")
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
        from pnp.games.nitro.simulate import seat_drivers, simulate, summarize

        drivers = seat_drivers(policy.split(","), spec.players)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--policy") from None
    if fmt == "text" and sys.stderr.isatty():
        with click.progressbar(length=games, label="racing", file=sys.stderr) as bar:
            results = simulate(spec, games, seed, jobs, drivers, bar.update)
    else:
        results = simulate(spec, games, seed, jobs, drivers)
    summary = summarize(spec, drivers, results)
    if chart is not None:
        from pnp.games.nitro.draw_chart import simulation_chart

        title = f"{Path(track).name}: {games} races, seed {seed}, {spec.players} players ({policy})"
        write_figure(chart, simulation_chart(title, summary, results), title, track, force)
    if fmt == "json":
        click.echo(json.dumps(summary_data(summary, seed), indent=2))
    else:
        click.echo(summary_text(summary, seed))


def summary_data(summary: Summary, seed: int) -> dict[str, Any]:
    """The report as JSON-ready data."""
    return {
        "games": summary.games,
        "seed": seed,
        "players": summary.players,
        "drivers": list(summary.drivers),
        "rounds": summary.rounds.to_dict(),
        "handling": {kind: {way: round(share, 4) for way, share in ways.items()} | {"entries": summary.entries[kind]}
                     for kind, ways in summary.handling.items()},
        "damage": {cause: i.to_dict() for cause, i in summary.damage.items()},
        "garage_visits": summary.counts["garage"].to_dict(),
        "nitro_uses": summary.counts["nitro"].to_dict(),
        "collisions": summary.counts["collisions"].to_dict(),
        "sideswipes": summary.counts["sideswipes"].to_dict(),
        "overtakes": summary.counts["overtakes"].to_dict(),
        "drafts": summary.counts["drafts"].to_dict(),
        "hazard_swaps": summary.counts["swaps"].to_dict(),
        "late_speed": summary.late_speed.to_dict(),
        "end_condition": summary.end_condition.to_dict(),
        "win_rate_by_start": [{"start": s.start, "wins": s.wins, "fair": round(s.fair, 4), "rate": s.rate.to_dict()}
                              for s in summary.win_rate_by_start],
        "capped_races": summary.capped,
    }


def _mean(i: Interval) -> str:
    return f"{i.value:8.2f}   (95% CI {i.low:.2f} to {i.high:.2f})"


def _rate(i: Interval) -> str:
    return f"{i.value:8.1%}   (95% CI {i.low:.1%} to {i.high:.1%})"


def summary_text(summary: Summary, seed: int) -> str:
    """The report as text."""
    drivers = sorted(set(summary.drivers))
    who = drivers[0] if len(drivers) == 1 else ", ".join(summary.drivers)
    lines = [
        f"{summary.games} races, seed {seed}, {summary.players} players ({who})",
        f"rounds per race               {_mean(summary.rounds)}",
        f"mean speed, last quarter      {_mean(summary.late_speed)}",
        f"condition at the end          {_mean(summary.end_condition)}",
        "",
        "handling: share of section entries paid with   a card   three cards   damage   (entries)",
    ]
    for kind, ways in summary.handling.items():
        lines.append(f"  {kind:<10}{'':36}{ways['card']:7.1%}   {ways['three_cards']:10.1%}   "
                     f"{ways['damage']:6.1%}   ({summary.entries[kind]})")
    lines.append("damage per race by cause:")
    for cause, interval in summary.damage.items():
        lines.append(f"  {cause:<28}{_mean(interval)}")
    lines.append("per race:")
    for label, key in (("Garage visits", "garage"), ("Nitro uses", "nitro"), ("collisions", "collisions"),
                       ("sideswipes", "sideswipes"), ("overtakes", "overtakes"), ("drafts", "drafts"),
                       ("hazard cards swapped in", "swaps")):
        lines.append(f"  {label:<28}{_mean(summary.counts[key])}")
    lines.append("win rate by start position (1 = front of the grid; fair share 1 / players):")
    for s in summary.win_rate_by_start:
        lines.append(f"  start {s.start:<22}{_rate(s.rate)}   fair {s.fair:.1%}")
    lines.append(f"races stopped by the round cap {summary.capped:8d}")
    return "\n".join(lines)


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
        return
    k = result.race.course.k
    lines = [spec.title, "", "Before:", *strip(start, result.letters), *dice_table(result.before), "", "Events:",
             *describe(result.events, result.letters, k), "", "After:", *strip(result.race, result.letters),
             *dice_table(result.after)]
    if spec.expect is not None:
        lines += ["", "Stated outcome: " + ("met" if not result.unmet else "NOT met"),
                  *(f"  {line}" for line in result.unmet)]
    click.echo("\n".join(lines))


def _letter(letters: tuple[str, ...], die: int) -> str | None:
    return letters[die] if 0 <= die < len(letters) else None
