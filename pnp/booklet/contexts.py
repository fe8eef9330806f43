"""Default spec values that the shipped rulebooks quote, so they render without a kit.

Input: a game (and for MDD the rule set, "v2.1" or "current"). Output: the jinja context the rulebook's
`{{ expressions }}` read. MDD: `ruleset`, `kit` (what the printed kit contains) and `rules` (the numbers the
rules fix); Drag Rage: `track`, `counters`, `dice`; Nitro Dice guide: `checks`, `players`. The keys are listed
in docs/rulebooks.md; a kit render passes its own values with the same keys.
"""

from __future__ import annotations

from typing import Any

from pnp.diagnostics import Diagnostic, SpecError

_RULESETS: dict[str, dict[str, Any]] = {
    "v2.1": {
        "ruleset": {"name": "v2.1", "year": 2009},
        "kit": {
            "cars": 25,
            "teams": 5,
            "counters": {"five_life": 27, "one_life": 60, "mines": 27},
            "walls": 6,
            "dice": 2,
        },
        "rules": {
            "cars": 25,
            "teams": 5,
            "rows": 5,
            "lives": 7,
            "walls": 6,
            "wall_gap": 5,
            "mines": {"min": 20, "max": 25, "per_cell": 3, "gap": 5},
            "edge_damage": 2,
            "finalists": 10,
            "big": {"cars": [30, 36], "finalists": 12},
        },
    },
    "current": {
        "ruleset": {"name": "current", "year": None},
        "kit": {
            "cars": 25,
            "teams": 5,
            "counters": {"five_life": 25, "one_life": 60, "mines": 27},
            "walls": 6,
            "dice": 1,
        },
        "rules": {
            "cars": 25,
            "teams": 5,
            "rows": 5,
            "lives": 7,
            "walls": 6,
            "mines": {"min": 25, "max": 30, "per_cell": 4},
            "edge_damage": 2,
            "finalists": 10,
        },
    },
}


_DRAG_RAGE: dict[str, Any] = {
    "track": {"spaces": 26, "finish_after": 22, "tiebreak_space": 23},
    "counters": {"count": 11, "low": 2, "high": 12},
    "dice": {"count": 4},
}

_NITRO: dict[str, Any] = {
    "checks": {"min_sections": 16, "max_type_share": "50%", "max_garage_distance": 15},
    "players": {"min": 2, "max": 6},
}


def mdd_context(ruleset_name: str) -> dict[str, Any]:
    """A fresh copy of the default context for the MDD rule set `ruleset_name` ("v2.1" or "current")."""
    if ruleset_name not in _RULESETS:
        known = ", ".join(_RULESETS)
        raise SpecError(Diagnostic.at(None, "mdd.ruleset", f"unknown MDD rule set {ruleset_name!r}", f"use {known}"))
    return _copy(_RULESETS[ruleset_name])


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


def dragrage_context() -> dict[str, Any]:
    """A fresh copy of the default context of the Drag Rage rulebook (track, counters, dice)."""
    return _copy(_DRAG_RAGE)


def nitro_context() -> dict[str, Any]:
    """A fresh copy of the default context of the Nitro Dice guide (the checks' bounds, players)."""
    return _copy(_NITRO)
