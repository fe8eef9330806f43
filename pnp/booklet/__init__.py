"""Rulebooks: Markdown sources typeset with reportlab platypus, translated with gettext, imposed as booklets.

`render_rulebook(source, lang=..., paper=..., imposition=..., context=..., strict=..., figures=...)` is the
entry point (see `pnp.booklet.render`); `mdd_context(ruleset)`, `dragrage_context()` and `nitro_context()` give
default values for the shipped rulebooks.
"""

from pnp.booklet.contexts import dragrage_context, mdd_context, nitro_context
from pnp.booklet.render import RulebookResult, render_rulebook

__all__ = ["RulebookResult", "dragrage_context", "mdd_context", "nitro_context", "render_rulebook"]
