"""Gettext translation of rulebooks and component texts (catalogs handled with Babel).

`catalogs` extracts, merges and measures catalogs; `translate` looks a parsed document's units up in one;
`components` translates the short texts printed on components; `languages` resolves language codes and finds
the catalog serving each folder (a translator's folder first); `workspace` starts and measures a translator's
folder; `cli` is the `pnp i18n` command group.
"""

from pnp.i18n.components import gettext_for, translate_component

__all__ = ["gettext_for", "translate_component"]
