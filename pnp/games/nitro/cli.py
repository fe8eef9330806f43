"""`pnp nitro ...` commands for designing Nitro Dice tracks at the terminal.

Input: a track spec path. Output: `map` prints a text sketch of the laid-out track and, with `--poses`,
each section's entry and exit position (mm) and heading (degrees), and the track's warnings and errors on
stderr. A track that breaks the rules is still drawn (the sketch shows what the errors are about), then the
command exits 1; a spec that cannot be read or modelled draws nothing and exits 1 with every error.
"""

from __future__ import annotations

import sys

import click

from pnp.commands import Finite, report, user_errors
from pnp.games.nitro.gen_cli import generate_command
from pnp.games.nitro.sim_cli import play_command, simulate_command


@click.group(name="nitro", help="Nitro Dice track tools.")
def nitro_cli() -> None:
    """Nitro Dice command group."""


@nitro_cli.command("map")
@click.argument("spec", type=click.Path(dir_okay=False))
@click.option(
    "--cell", type=Finite(5, 200), default=22.0, show_default=True, help="Millimetres of table per character."
)
@click.option("--poses", is_flag=True, help="Also list each section's entry and exit poses.")
@user_errors
def map_command(spec: str, cell: float, poses: bool) -> None:
    """Sketch the track in SPEC as text: digits are section numbers, S the Start/Finish, G the Garage.
    A track that breaks the rules is drawn too, its errors listed after it (exit 1)."""
    from pnp.games.base import require_game
    from pnp.games.nitro.track.geometry import place_track
    from pnp.games.nitro.track.textmap import sketch
    from pnp.games.registry import get_game
    from pnp.pipeline import LoadedSpec, validate_spec
    from pnp.source.loader import load_yaml

    located = load_yaml(spec)
    plugin = get_game("nitro-dice")
    require_game(located, "nitro-dice", f"a {plugin.title} {plugin.noun} (game: nitro-dice)")
    loaded = LoadedSpec(located, plugin, plugin.build(located))
    found = validate_spec(loaded)
    geometry = place_track(loaded.spec)
    for line in sketch(geometry, cell):
        click.echo(line)
    if poses:
        for s in geometry.sections:
            click.echo(
                f"{s.number:3d} {s.kind.label:<12} entry ({s.entry.x:7.1f}, {s.entry.y:7.1f}) "
                f"{s.entry.heading:6.1f}°  exit ({s.exit.x:7.1f}, {s.exit.y:7.1f}) {s.exit.heading:6.1f}°"
            )
    report(found)
    if any(d.is_error for d in found):
        sys.exit(1)


nitro_cli.add_command(play_command)
nitro_cli.add_command(simulate_command)
nitro_cli.add_command(generate_command)
