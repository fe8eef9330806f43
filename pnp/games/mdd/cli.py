"""`pnp mdd ...` commands: `setup` (a random legal setup), `play` (one move of a scenario), `simulate` (races).

Input: command-line options. Output: `setup` writes a random legal setup as YAML to stdout or a file.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import click

from pnp.games.mdd.generate import random_setup, setup_yaml
from pnp.games.mdd.rulesets import RULESET_NAMES, limits_for
from pnp.games.mdd.sim_cli import play_command, simulate_command


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
@click.option("--map", "as_map", is_flag=True, help="Draw walls and mines as a text map instead of a list.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="File to write (default: standard output).",
)
def setup_command(ruleset: str, seed: int | None, cars: str, as_map: bool, output: Path | None) -> None:
    """Write a random legal setup: walls and mines placed at random under the rules."""
    count = int(cars)
    allowed = limits_for(ruleset).car_counts
    if count not in allowed:
        raise click.BadParameter(
            f"the {ruleset} rules race with {', '.join(map(str, allowed))} cars", param_hint="--cars"
        )
    chosen = secrets.randbelow(1_000_000) if seed is None else seed
    text = setup_yaml(random_setup(ruleset, count, chosen), as_map=as_map)
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8", newline="\n")
    except OSError as exc:
        raise click.FileError(str(output), hint=exc.strerror) from None


mdd_cli.add_command(play_command)
mdd_cli.add_command(simulate_command)
