"""The Drag Rage plugin: `game: drag-rage` kits are built, checked and get `pnp dragrage` commands.

Input: located YAML. Output: a `DragRageSpec` (with `variant()` for the engine) and its diagnostics from the
`dragrage.*` rules; the printable kit from `pnp.games.dragrage.printed.kit`.
"""

from __future__ import annotations

from pnp.diagnostics import Diagnostic, sort_diagnostics
from pnp.games.base import GamePlugin, PrintContext
from pnp.games.dragrage import rules
from pnp.games.dragrage.model import DragRageSpec, build_spec
from pnp.games.dragrage.printed.kit import dragrage_print_job, dragrage_rulebook
from pnp.layout.pieces import PrintJob
from pnp.rules import check_rules
from pnp.source.located import Located


def check_spec(spec: DragRageSpec, located: Located) -> list[Diagnostic]:
    """Every `dragrage.*` rule's diagnostics for a built spec, in file order."""
    return sort_diagnostics(check_rules(spec, located))


def print_kit(spec: DragRageSpec, context: PrintContext) -> PrintJob:
    """The spec's printable kit (lanes, counters, reference card, dice)."""
    return dragrage_print_job(spec, context.paper, context.tr)


PLUGIN = GamePlugin(
    name="drag-rage",
    title="Drag Rage",
    build=build_spec,
    check=check_spec,
    components=print_kit,
    model=DragRageSpec,
    rulebook=dragrage_rulebook,
)

__all__ = ["PLUGIN", "check_spec", "rules"]
