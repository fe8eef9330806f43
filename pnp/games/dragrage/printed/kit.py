"""The printable Drag Rage kit and its rulebook request, from a `DragRageSpec`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.booklet.request import RulebookRequest
from pnp.data import resource_path
from pnp.games.dragrage.model import DragRageSpec
from pnp.games.dragrage.odds import FREE_DICE, NITRO_DICE
from pnp.games.dragrage.printed.build import dragrage_guide
from pnp.games.dragrage.printed.draw import dragrage_groups, space_width, strip
from pnp.games.dragrage.printed.print_options import DragRagePrint
from pnp.games.dragrage.variant import BlownEngine, Crossing, Pool
from pnp.layout.pieces import PrintJob

KIT_DICE = FREE_DICE + 2 * NITRO_DICE
"""Dice the rulebook lists and the kit prints by default: the shared dice and one nitro die per driver."""
CROSSING_FILES = {Crossing.CHALLENGEABLE: "rules", Crossing.LITERAL: "rules-literal-crossing",
                  Crossing.FINAL: "rules-final-crossing"}
BLOWN_SUFFIXES = {BlownEngine.KEEPS_TURNS: "", BlownEngine.STOPS: "-blown-stops"}
RULEBOOKS = {  # rule 9's three readings differ in one paragraph, rule 8's `stops` adds one; one set of catalogs
    (crossing, blown): resource_path("pnp.games.dragrage", "data", "rulebook", f"{name}{suffix}.md")
    for crossing, name in CROSSING_FILES.items() for blown, suffix in BLOWN_SUFFIXES.items()
}
RULEBOOK = RULEBOOKS[Crossing.CHALLENGEABLE, BlownEngine.KEEPS_TURNS]
"""The rulebook of the standard game."""


def dragrage_print_job(spec: DragRageSpec, paper: str | None = None, tr: Callable[[str], str] = str) -> PrintJob:
    """Strip, counters (a set per driver with separate pools), cars, nitro markers, heat tracker, reference
    card and dice (by default as many as the rulebook lists) of the spec's variant."""
    del paper  # the strip fits any landscape sheet or is tiled
    options = spec.print or DragRagePrint()
    credit = f"{spec.credit} · {tr('kit made with pnp')}"
    dice = KIT_DICE if options.dice is None else options.dice
    separate = spec.counter_pool is Pool.SEPARATE
    groups = dragrage_groups(spec.lane_length, spec.finish_after, tuple(spec.counters), spec.heats_to_win, credit,
                             options.space, dice, separate, tr)
    return PrintJob(spec.kit.title, credit, tuple(groups), options.sheets)


def rulebook_context(spec: DragRageSpec) -> dict[str, Any]:
    """The values the Drag Rage rulebook quotes (keys in docs/rulebooks.md): track, counters (per set, and
    the sets printed: 2 with separate pools), dice."""
    ordered = sorted(spec.counters)
    track = {"spaces": spec.lane_length, "finish_after": spec.finish_after, "tiebreak_space": spec.finish_after + 1}
    sets = 2 if spec.counter_pool is Pool.SEPARATE else 1
    counters = {"count": len(ordered), "low": ordered[0], "high": ordered[-1], "sets": sets,
                "total": sets * len(ordered)}
    return {"track": track, "counters": counters, "dice": {"count": KIT_DICE}}


def dragrage_rulebook(spec: DragRageSpec, tr: Callable[[str], str] = str) -> RulebookRequest:
    """The Drag Rage rules of this kit's readings of rules 9 and 8, with its numbers and its strip as the figure
    (its words translated by `tr`)."""
    context = rulebook_context(spec)
    options = spec.print or DragRagePrint()
    figure = strip(spec.lane_length, spec.finish_after, space_width(spec.lane_length, options.space), tr)
    source = RULEBOOKS[spec.crossing_move, spec.blown_engine]
    return RulebookRequest(source, context, {"drag-strip": figure}, dragrage_guide())
