"""Pockets: places on an MDD track that a car can drive into but never leave.

Three legal walls can close a pocket (two walls in one row with two free lanes between them, a third
two rows ahead over those lanes): a car that enters it can move only sideways inside it, forever. The
rules allow such walls; the generator avoids them and the validator warns about them.

Input: the track size, wall left cells and the cars' start cells. Output: the positions (lane, rear
row) reachable from the start from which no sequence of forward and sideways moves reaches the finish.
"""

from __future__ import annotations

from collections.abc import Iterable

from pnp.games.mdd.geometry import Cell

Position = tuple[int, int]


def _moves(lane: int, row: int) -> tuple[Position, ...]:
    return (lane - 1, row), (lane + 1, row), (lane, row + 1)


def trapped(lanes: int, rows: int, walls: Iterable[Cell], starts: Iterable[Position]) -> set[Position]:
    """Positions a car can reach from `starts` (forward or sideways, as moves and pushes go) and then
    never get from to the finish line; empty on a track without pockets."""
    walled = {(c.lane + d, c.row) for c in walls for d in (0, 1)}
    lowest = min([1, *(row for _, row in starts)])

    def free(lane: int, row: int) -> bool:
        return 1 <= lane <= lanes and lowest <= row < rows and (lane, row) not in walled and (
            lane, row + 1) not in walled

    todo = [s for s in starts if free(*s)]
    reached = set(todo)
    while todo:
        for step in _moves(*todo.pop()):
            if step not in reached and free(*step):
                reached.add(step)
                todo.append(step)
    back: dict[Position, list[Position]] = {}
    for p in reached:
        for q in _moves(*p):
            if q in reached:
                back.setdefault(q, []).append(p)
    todo = [p for p in reached if p[1] == rows - 1]
    finishing = set(todo)
    while todo:
        for p in back.get(todo.pop(), ()):
            if p not in finishing:
                finishing.add(p)
                todo.append(p)
    return reached - finishing
