"""What the optimal search and its callers share without loading the search: its budget, its progress
callback, the dead-heat conventions and the error raised past the budget."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

DEFAULT_MAX_STATES = 5_000_000
"""Positions the search may meet before it gives up (`--max-states`)."""

Progress = Callable[[str, int, int], None]
"""Called as `progress(stage, done, total)`: stage "reach" counts layers, "solve" counts positions."""
Check = Callable[[], None]
"""Called between the search's steps (its rule tables, every counter of every layer: a fraction of a second
apart); whatever it raises stops the search, for a caller's time budget."""


def unchecked() -> None:
    """A `Check` that never stops the search."""


class SearchTooLarge(Exception):
    """The search met more positions than its budget allows."""


class DeadHeat(StrEnum):
    """What a dead heat is worth to the driver who moved first (rules 6-8: it "needs to be re-run")."""

    HALF = "half"
    """Half a win: the re-run starts from the set-up with a fresh coin flip for the first move, so it is
    worth one half to each driver."""
    RERUN = "rerun"
    """The heat's own value: the re-run starts with the same first driver, so the value V is the fixed point
    V = P(win) + P(dead heat) · V under perfect play (each driver playing for that V)."""
