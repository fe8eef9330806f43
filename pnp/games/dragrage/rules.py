"""Validator rules for Drag Rage specs, registered by id with `pnp.rules.rule`.

Input: a built `DragRageSpec` and its `Located` source. Output: diagnostics at the YAML line of the
offending value: errors for a broken setup, warnings when a variant makes a blown engine or a
broken chute certain.
"""

from __future__ import annotations

from collections.abc import Iterator

from pnp.diagnostics import Diagnostic, Severity
from pnp.games.dragrage.model import DragRageSpec
from pnp.games.dragrage.variant import START_SPACE, Pool
from pnp.rules import rule
from pnp.source.located import Located


def usable_counters(spec: DragRageSpec) -> list[int]:
    """The counters the other rules reason about: positive ones, each value once."""
    return sorted({c for c in spec.counters if c > 0})


def finish_inside(spec: DragRageSpec) -> bool:
    """True when the finish line lies after the Start space and before the lane's last space."""
    return START_SPACE <= spec.finish_after < spec.lane_length


@rule("dragrage.finish.inside_lane", DragRageSpec, "the finish line lies inside the lane")
def check_finish(spec: DragRageSpec, located: Located) -> Iterator[Diagnostic]:
    """The line must come after the Start space and leave at least one space beyond it."""
    if not finish_inside(spec):
        yield Diagnostic.at(
            located.mark(("finish_after",)),
            "dragrage.finish.inside_lane",
            f"the finish line after space {spec.finish_after} is not inside a lane of "
            f"{spec.lane_length} spaces: it must follow the Start space and leave room to stop beyond it",
            f"use a value from {START_SPACE} to {spec.lane_length - 1}, or lengthen the lane",
        )


@rule("dragrage.counters.positive", DragRageSpec, "every counter moves a car forward")
def check_positive(spec: DragRageSpec, located: Located) -> Iterator[Diagnostic]:
    """A counter of zero or less would not move the car forward."""
    for index, value in enumerate(spec.counters):
        if value <= 0:
            yield Diagnostic.at(
                located.mark(("counters", index)),
                "dragrage.counters.positive",
                f"counter {value} does not move a car forward; counters must be positive numbers",
                "remove it or give it a value of 1 or more",
            )


@rule("dragrage.counters.distinct", DragRageSpec, "no two counters show the same number")
def check_distinct(spec: DragRageSpec, located: Located) -> Iterator[Diagnostic]:
    """Each number appears on one counter only (a counter is named by its number in play)."""
    first: dict[int, int] = {}
    for index, value in enumerate(spec.counters):
        if value in first:
            line = located.mark(("counters", first[value])).line
            yield Diagnostic.at(
                located.mark(("counters", index)),
                "dragrage.counters.distinct",
                f"counter {value} appears twice (first at line {line}); every counter must show its own number",
                "change or remove one of the two",
            )
        else:
            first[value] = index


@rule("dragrage.counters.reach", DragRageSpec, "all counters together carry a car over the line")
def check_reach(spec: DragRageSpec, located: Located) -> Iterator[Diagnostic]:
    """Playing every counter must take a car from the Start across the finish line."""
    if not finish_inside(spec):
        return
    need = spec.finish_after + 1 - START_SPACE
    total = sum(usable_counters(spec))
    if total < need:
        yield Diagnostic.at(
            located.key_mark(("counters",)),
            "dragrage.counters.reach",
            f"the counters add up to {total} spaces, but a car needs {need} to cross the line: "
            "no car could ever finish",
            f"add counters worth at least {need - total} more, or move the finish line closer",
        )


def _subset_sums(values: list[int], cap: int) -> set[int]:
    """Every total (capped at `cap`) that some subset of `values` adds up to."""
    sums = {0}
    for v in values:
        sums |= {min(s + v, cap) for s in sums}
    return sums


@rule("dragrage.chute.unavoidable", DragRageSpec, "some set of counters lands a car inside the lane")
def check_chute(spec: DragRageSpec, located: Located) -> Iterator[Diagnostic]:
    """Warn when no choice of counters stops a car between the finish line and the lane's end."""
    if not finish_inside(spec):
        return
    need = spec.finish_after + 1 - START_SPACE
    room = spec.lane_length - START_SPACE
    sums = _subset_sums(usable_counters(spec), room + 1)
    if sum(usable_counters(spec)) >= need and not any(need <= s <= room for s in sums):
        yield Diagnostic.at(
            located.key_mark(("counters",)),
            "dragrage.chute.unavoidable",
            f"no set of counters adds up to {need}–{room} spaces, so every car that crosses the line "
            "runs past the end of its lane: a broken chute is certain",
            "change a counter value, or lengthen the lane past the finish line",
            Severity.WARNING,
        )


def _two_cars_can_cross(values: list[int], need: int) -> bool:
    """True when two disjoint sets of counters each add up to at least `need`."""
    reach = {(0, 0)}
    for v in values:
        reach |= {(min(a + v, need), b) for a, b in reach} | {(a, min(b + v, need)) for a, b in reach}
    return (need, need) in reach


@rule("dragrage.engine.unavoidable", DragRageSpec, "a shared pool can carry both cars over the line")
def check_engine(spec: DragRageSpec, located: Located) -> Iterator[Diagnostic]:
    """Warn when drivers share one pool that cannot carry both cars across: an engine always blows."""
    if spec.counter_pool is not Pool.SHARED or not finish_inside(spec):
        return
    need = spec.finish_after + 1 - START_SPACE
    values = usable_counters(spec)
    if sum(values) >= need and not _two_cars_can_cross(values, need):
        yield Diagnostic.at(
            located.key_mark(("counters",)),
            "dragrage.engine.unavoidable",
            f"the shared counters cannot carry both cars {need} spaces, so in every heat at least "
            "one driver runs out of counters: a blown engine is certain",
            "add counters, move the finish line closer, or set `counter_pool: separate`",
            Severity.WARNING,
        )
