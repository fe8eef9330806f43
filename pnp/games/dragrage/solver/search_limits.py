"""What the optimal search and its callers share without loading the search: its budget, its progress
callback and the error raised past the budget."""

from __future__ import annotations

from collections.abc import Callable

DEFAULT_MAX_STATES = 5_000_000
"""Positions the search may meet before it gives up (`--max-states`)."""

Progress = Callable[[str, int, int], None]
"""Called as `progress(stage, done, total)`: stage "reach" counts layers, "solve" counts positions."""


class SearchTooLarge(Exception):
    """The search met more positions than its budget allows."""
