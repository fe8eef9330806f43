"""Rulebooks: Markdown sources typeset with reportlab platypus, translated with gettext, imposed as booklets.

`render_rulebook(source, lang=..., paper=..., imposition=..., context=..., strict=..., figures=...)` is the
entry point (see `pnp.booklet.render`). The values a rulebook quotes come from its game
(`rulebook_context` in pnp/games/mdd/printed/rulebook.py, pnp/games/dragrage/printed/kit.py,
pnp/games/nitro/printed/rulebook.py).

Both names are imported from `pnp.booklet.render` on first use: a game names its rulebook through
`pnp.booklet.request` without loading platypus until a rulebook is printed.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["RulebookResult", "render_rulebook"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(importlib.import_module("pnp.booklet.render"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
