"""Rulebooks: Markdown sources typeset with reportlab platypus, translated with gettext, imposed as booklets.

`render_rulebook(source, lang=..., paper=..., imposition=..., context=..., strict=..., figures=...)` is the
entry point (see `pnp.booklet.render`). The values a rulebook quotes come from its game
(`rulebook_context` in pnp/games/mdd/rulebook.py, pnp/games/dragrage/kit.py, pnp/games/nitro/rulebook.py).
"""

from pnp.booklet.render import RulebookResult, render_rulebook

__all__ = ["RulebookResult", "render_rulebook"]
