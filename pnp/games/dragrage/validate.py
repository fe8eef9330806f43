"""Checking Drag Rage specs: run every registered rule, or load a spec file into an engine variant.

Input: a built spec and its `Located` source, or a spec file path. Output: the diagnostics, or the
`Variant` plus its warnings (a SpecError carries the errors when there are any).
"""

from __future__ import annotations

from pathlib import Path

import pnp.games.dragrage.checks  # noqa: F401  (importing it registers the Drag Rage rules)
from pnp.diagnostics import Diagnostic, SpecError, sort_diagnostics
from pnp.games.base import require_game
from pnp.games.dragrage.spec import DragRageSpec, build_spec
from pnp.games.dragrage.variant import Variant
from pnp.rules import check_rules
from pnp.spec.loader import Located, load_yaml


def check_spec(spec: DragRageSpec, located: Located) -> list[Diagnostic]:
    """Every Drag Rage rule diagnostic for a built spec, in file order."""
    return sort_diagnostics(check_rules(spec, located))


def load_variant(path: str | Path) -> tuple[Variant, list[Diagnostic]]:
    """Load and check a spec file; return its variant and warnings, or raise SpecError on any error."""
    located = load_yaml(path)
    require_game(located, "drag-rage", "a Drag Rage spec (game: drag-rage)")
    spec = build_spec(located)
    found = check_spec(spec, located)
    errors = [d for d in found if d.is_error]
    if errors:
        raise SpecError(errors)
    return spec.variant(), found
