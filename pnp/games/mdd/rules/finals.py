"""MDD validator rules for finals positions: count, on the track, not on walls or mines, no overlap."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from pnp.diagnostics import Diagnostic
from pnp.games.mdd.geometry import Cell
from pnp.games.mdd.model import MddSetup
from pnp.games.mdd.rules.common import (
    _at,
    _car_cells,
    _name,
    _on_track,
    _wall_cells,
)
from pnp.rules import rule
from pnp.source.located import Located


@rule("mdd.finals.count", MddSetup, "there is a finals position for every finalist (10; 12 with 30 or 36 cars)")
def _finals_count(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    want = layout.limits.finalists.get(layout.car_count.item)
    if want is not None and len(layout.finals) != want:
        yield _at(
            located,
            layout.finals_where,
            "mdd.finals.count",
            f"with {layout.car_count.item} cars, {want} cars reach the finals and each needs a start "
            f"position; `finals:` lists {len(layout.finals)}",
            f"list {want} positions, the first qualifier's first",
        )


@rule("mdd.finals.track", MddSetup, "every finals position lies on the track")
def _finals_track(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    for pos in layout.finals:
        if not all(_on_track(c, layout) for c in _car_cells(pos.item.lane, pos.item.row)):
            yield _at(
                located,
                pos.where,
                "mdd.finals.track",
                f"the finals position at {_name(pos.item)} does not fit on the track (a car covers its "
                f"row and the next, inside lanes 1-{layout.lanes} and rows 1-{layout.rows})",
                "move it onto the track",
            )


@rule("mdd.finals.blocked", MddSetup, "no finals position lies on a wall or a mine")
def _finals_blocked(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    layout = spec.layout()
    walled = {c for w in layout.walls for c in _wall_cells(w.item)}
    mined = {m.item.cell for m in layout.mines}
    for pos in layout.finals:
        cells = _car_cells(pos.item.lane, pos.item.row)
        what = (
            "a wall"
            if any(c in walled for c in cells)
            else (f"a {layout.limits.mine_word}" if any(c in mined for c in cells) else None)
        )
        if what:
            yield _at(
                located,
                pos.where,
                "mdd.finals.blocked",
                f"a finalist must be able to stand on its finals position: {_name(pos.item)} is on {what}",
                "move the position to free cells",
            )


@rule("mdd.finals.overlap", MddSetup, "no two finals positions share a cell")
def _finals_overlap(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    taken: dict[Cell, int] = {}
    for index, pos in enumerate(spec.layout().finals, start=1):
        cells = _car_cells(pos.item.lane, pos.item.row)
        other = next((taken[c] for c in cells if c in taken), None)
        if other:
            yield _at(
                located,
                pos.where,
                "mdd.finals.overlap",
                f"finals positions {other} and {index} overlap; each finalist needs its own two cells",
                "move one of them",
            )
        for cell in cells:
            taken.setdefault(cell, index)


@rule("mdd.finals.order", MddSetup, "finals positions are listed front first: the first to arrive get the head start")
def _finals_order(spec: MddSetup, located: Located) -> Iterator[Diagnostic]:
    """Both rulebooks place the finalists by arrival order "so that the first arrived ones have a certain
    advantage" (v2.1) / "a certain head start" (current): no position may stand ahead of an earlier one."""
    layout = spec.layout()
    if spec.finals is None:
        return
    for index, (before, pos) in enumerate(itertools.pairwise(layout.finals), start=2):
        if pos.item.row > before.item.row:
            yield _at(
                located,
                pos.where,
                "mdd.finals.order",
                f"finals position {index} ({_name(pos.item)}) stands ahead of position {index - 1} "
                f"(row {before.item.row}), but the rules give the first qualifiers the head start",
                "list the positions front first: the first qualifier's is the most advanced, and each "
                "next one stands level with or behind the one before",
            )
            return
