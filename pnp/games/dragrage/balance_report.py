"""`pnp dragrage balance`'s spec side: each candidate as a spec the validator checks, the chosen one as a spec file,
and the report of every variant tried.

Input: the spec's YAML data (a plain mapping; the standard game's is `{game: drag-rage}`) and the search's
`BalanceRun`. Output: candidate spec texts, the validator's verdict on each, and the report as text or JSON.
"""

from __future__ import annotations

import json
from typing import Any

from pnp.games.dragrage import rules
from pnp.games.dragrage.model import build_spec
from pnp.games.dragrage.solver.balance import BalanceRun, Knobs, Tried
from pnp.games.dragrage.variant import Variant
from pnp.rules import check_rules
from pnp.source.loader import load_yaml_text, yaml_text

__all__ = ["candidate_text", "check_candidate", "format_json", "format_text", "rules"]


def candidate_text(data: dict[str, Any], knobs: Knobs, header: str = "") -> str:
    """The spec `data` with the knobs' values, as YAML (`header` lines first, as comments)."""
    spec = {**data, "finish_after": knobs.finish_after, "counters": list(knobs.counters)}
    comments = "".join(f"# {line}\n" for line in header.splitlines())
    return comments + yaml_text(spec)


def check_candidate(data: dict[str, Any], knobs: Knobs) -> str | None:
    """Why the candidate spec is refused (the first of the validator's errors or warnings), None when it is clean."""
    located = load_yaml_text(candidate_text(data, knobs), "<candidate>")
    found = check_rules(build_spec(located), located)
    return f"{found[0].rule}: {found[0].message}" if found else None


def _value(entry: Tried) -> str:
    return f"{100 * entry.value:6.2f} %" if entry.value is not None else "       -"


def format_text(run: BalanceRun, convention: str, variant: Variant) -> str:
    """One line per variant tried (the spec's own first), then the best and why the search stopped; `variant` is
    the spec's (its readings of rules 8 and 9 head the report)."""
    width = max(len(t.knobs.label()) for t in run.tried)
    lines = [f"first driver's chance under perfect play ({convention}; {variant.readings()}):"]
    for index, entry in enumerate(run.tried):
        note = " (the spec)" if index == 0 else f" skipped: {entry.skipped}" if entry.skipped else ""
        mark = "*" if entry is run.best else " "
        lines.append(f"{mark} {entry.knobs.label():<{width}}  {_value(entry)}{note}")
    best = run.best
    lines.append(f"nearest one half: {best.knobs.label()}: {_value(best).strip()}")
    solved = sum(1 for t in run.tried if t.value is not None)
    lines.append(f"stopped after {run.seconds:.1f} s, {solved} variant(s) valued: {run.stop.value}")
    return "\n".join(lines)


def _entry(entry: Tried) -> dict[str, Any]:
    return {"finish_after": entry.knobs.finish_after, "counters": list(entry.knobs.counters),
            "first_player_wins": entry.value, "skipped": entry.skipped or None}


def format_json(run: BalanceRun, convention: str, variant: Variant) -> str:
    """The report as JSON: every variant tried, the best, why the search stopped."""
    data = {"dead_heat": convention, "crossing_move": variant.crossing.value,
            "blown_engine": variant.blown_engine.value, "tried": [_entry(t) for t in run.tried],
            "best": _entry(run.best), "stopped": run.stop.name.lower(), "seconds": round(run.seconds, 3)}
    return json.dumps(data, indent=2)
