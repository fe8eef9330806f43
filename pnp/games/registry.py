"""Known games, imported lazily so a broken or slow game never affects the others.

Each entry names the `game:` value its specs carry, the module holding its `PLUGIN`, and the `pnp <command>`
group it adds with where that group is defined: `pnp --help` and `pnp <command> --help` import only the
command module, never the game's models, rules or drawing. The generic kit is a game too: the one for specs
without a `game:` line. Adding a game means adding its package under `pnp/games/` and one entry here; the CLI
and the pipeline read nothing else.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.games.base import GamePlugin

if TYPE_CHECKING:
    import click


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A game as the core knows it before importing it."""

    name: str
    """The plugin's name: the `game:` value of its specs (`kit` for generic kits, which have no `game:` line)."""
    module: str
    """The module whose `PLUGIN` is the game's `GamePlugin`."""
    command: str | None = None
    """The `pnp <command>` group of the game's own commands, if it has any."""
    group: str = ""
    """Where that group is defined, `module:attribute`: loaded only when the command is run (a game's commands
    stand above the pipeline they call, so its plugin does not import them)."""


KIT = "kit"
"""The game of specs without a `game:` line."""

GAMES: tuple[GameEntry, ...] = (
    GameEntry(KIT, "pnp.games.kit.plugin"),
    GameEntry("mdd", "pnp.games.mdd.plugin", "mdd", "pnp.games.mdd.cli:mdd_cli"),
    GameEntry("nitro-dice", "pnp.games.nitro.plugin", "nitro", "pnp.games.nitro.cli:nitro_cli"),
    GameEntry("drag-rage", "pnp.games.dragrage.plugin", "dragrage", "pnp.games.dragrage.cli:dragrage"),
)

_BY_NAME = {entry.name: entry for entry in GAMES}
_BY_COMMAND = {entry.command: entry for entry in GAMES if entry.command}


def get_game(name: str) -> GamePlugin:
    """The plugin named `name` (`kit` or a `game:` value); KeyError when no such game exists."""
    module = importlib.import_module(_BY_NAME[name].module)
    plugin: GamePlugin = module.PLUGIN
    return plugin


def game_names() -> list[str]:
    """The `game:` values specs may carry, sorted (the generic kit has none)."""
    return sorted(entry.name for entry in GAMES if entry.name != KIT)


def plugin_names() -> list[str]:
    """Every plugin's name, the generic kit first, then the games sorted."""
    return [KIT, *game_names()]


def command_names() -> list[str]:
    """The `pnp <command>` groups the games add, sorted."""
    return sorted(_BY_COMMAND)


def command_group(command: str) -> click.Group | None:
    """The group of `pnp <command>`, or None when no game adds it; imports the game's command module only."""
    entry = _BY_COMMAND.get(command)
    if entry is None:
        return None
    module, _, attribute = entry.group.partition(":")
    group: click.Group = getattr(importlib.import_module(module), attribute)
    return group
