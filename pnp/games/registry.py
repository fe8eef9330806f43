"""Known games, imported lazily so a broken or slow game never affects the others.

Each entry names the `game:` value its specs carry, the module holding its `PLUGIN`, and the `pnp <command>`
group it adds. The generic kit is a game too: the one for specs without a `game:` line. Adding a game means
adding its package under `pnp/games/` and one entry here; the CLI and the pipeline read nothing else.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from pnp.games.base import GamePlugin


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A game as the core knows it before importing it."""

    name: str
    """The plugin's name: the `game:` value of its specs (`kit` for generic kits, which have no `game:` line)."""
    module: str
    """The module whose `PLUGIN` is the game's `GamePlugin`."""
    command: str | None = None
    """The `pnp <command>` group of the game's own commands, if it has any."""


KIT = "kit"
"""The game of specs without a `game:` line."""

GAMES: tuple[GameEntry, ...] = (
    GameEntry(KIT, "pnp.games.kit.plugin"),
    GameEntry("mdd", "pnp.games.mdd.plugin", "mdd"),
    GameEntry("nitro-dice", "pnp.games.nitro.plugin", "nitro"),
    GameEntry("drag-rage", "pnp.games.dragrage.plugin", "dragrage"),
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


def game_command(command: str) -> GamePlugin | None:
    """The plugin providing `pnp <command>`, or None when no game does."""
    entry = _BY_COMMAND.get(command)
    return None if entry is None else get_game(entry.name)
