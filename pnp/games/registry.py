"""Known games, imported lazily so a broken or slow game never affects the others."""

from __future__ import annotations

import importlib

from pnp.games.base import GamePlugin

GAME_MODULES: dict[str, str] = {
    "mdd": "pnp.games.mdd.plugin",
    "nitro-dice": "pnp.games.nitro.plugin",
    "drag-rage": "pnp.games.dragrage.plugin",
}


def get_game(name: str) -> GamePlugin:
    """The plugin for `game: name`; KeyError when no such game exists."""
    module = importlib.import_module(GAME_MODULES[name])
    plugin: GamePlugin = module.PLUGIN
    return plugin


def game_names() -> list[str]:
    return sorted(GAME_MODULES)
