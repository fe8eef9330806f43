"""The printable Drag Rage kit and its rulebook request, from a `DragRageSpec`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.data import resource_path
from pnp.games.dragrage.draw import dragrage_groups, space_width, strip
from pnp.games.dragrage.odds import FREE_DICE, NITRO_DICE
from pnp.games.dragrage.print_options import DragRagePrint
from pnp.games.dragrage.spec import DragRageSpec
from pnp.games.dragrage.variant import Crossing
from pnp.kit.rulebook import RulebookRequest
from pnp.layout.pieces import PrintJob

RULEBOOKS = {  # rule 9's two readings differ in one paragraph; both files share the folder's catalogs
    Crossing.CHALLENGEABLE: resource_path("pnp.games.dragrage", "data", "rulebook", "rules.md"),
    Crossing.FINAL: resource_path("pnp.games.dragrage", "data", "rulebook", "rules-final-crossing.md"),
}
RULEBOOK = RULEBOOKS[Crossing.CHALLENGEABLE]
"""The rulebook of the standard game."""


def dragrage_print_job(spec: DragRageSpec, paper: str | None = None, tr: Callable[[str], str] = str) -> PrintJob:
    """Strip, counters, cars, nitro markers, heat tracker, reference card and dice of the spec's variant."""
    del paper, tr  # the strip fits any landscape sheet or is tiled; labels are translated after layout
    options = spec.print or DragRagePrint()
    credit = f"{spec.credit} · kit made with pnp"
    groups = dragrage_groups(spec.lane_length, spec.finish_after, tuple(spec.counters), spec.heats_to_win, credit,
                             options.space, options.dice)
    return PrintJob(spec.kit.title, credit, tuple(groups), options.sheets)


def rulebook_context(spec: DragRageSpec) -> dict[str, Any]:
    """The values the Drag Rage rulebook quotes (keys in docs/rulebooks.md): track, counters, dice."""
    ordered = sorted(spec.counters)
    track = {"spaces": spec.lane_length, "finish_after": spec.finish_after, "tiebreak_space": spec.finish_after + 1}
    return {
        "track": track,
        "counters": {"count": len(ordered), "low": ordered[0], "high": ordered[-1]},
        "dice": {"count": FREE_DICE + 2 * NITRO_DICE},  # the shared dice and one nitro die per driver
    }


def dragrage_rulebook(spec: DragRageSpec) -> RulebookRequest:
    """The Drag Rage rules of this kit's reading of rule 9, with its numbers and its strip as the figure."""
    context = rulebook_context(spec)
    options = spec.print or DragRagePrint()
    figure = strip(spec.lane_length, spec.finish_after, space_width(spec.lane_length, options.space))
    return RulebookRequest(RULEBOOKS[spec.crossing_move], context, {"drag-strip": figure})
