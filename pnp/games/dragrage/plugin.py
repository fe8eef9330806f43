"""The Drag Rage game plugin: how the core CLI builds, checks and extends Drag Rage specs."""

from __future__ import annotations

from pnp.games.base import GamePlugin
from pnp.games.dragrage.cli import dragrage
from pnp.games.dragrage.kit import dragrage_print_job, dragrage_rulebook
from pnp.games.dragrage.spec import DragRageSpec, build_spec
from pnp.games.dragrage.validate import check_spec

PLUGIN = GamePlugin(
    name="drag-rage",
    title="Drag Rage",
    build=build_spec,
    check=check_spec,
    components=dragrage_print_job,
    cli=dragrage,
    model=DragRageSpec,
    rulebook=dragrage_rulebook,
)
