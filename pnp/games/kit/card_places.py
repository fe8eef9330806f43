"""What a deck's cards know of their place in it, and the reserved columns of a data table.

`card.index` (1-based place in the deck, copies counted), `card.copy` (1 to `card.count`): templates that quote
them outside texts split a card into one card per copy (`pnp.games.kit.decks`); texts are drawn per copy
(`pnp.games.kit.draw`). A data column named like a reserved one is read as a field, with a warning.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from pnp.diagnostics import Diagnostic, Severity

if TYPE_CHECKING:
    from pnp.source.table import Table

ROW_KEYS = ("name", "count", "layout")
"""Columns that set the card itself rather than a field."""
PLACE_KEYS = ("index", "copy")
"""What templates know of a card's place in its deck besides `card.count`: `card.index` (1-based, copies
counted) and `card.copy` (1 to count)."""
_NEAR_MISSES = {"names": "name", "cardname": "name", "counts": "count", "qty": "count", "quantity": "count",
                "copies": "count", "layouts": "layout", "cardlayout": "layout"}
"""Headers (casefolded, without spaces or punctuation) that people write for a reserved column."""
NUMBERED = re.compile(r"\bcard\s*(?:\.\s*(?:index|copy)\b|\[\s*['\"](?:index|copy)['\"])")
"""A template that quotes a card's place in the deck (`card.index`) or its copy (`card.copy`)."""


def numbered(value: Any) -> bool:
    """Whether a value's `when` or non-text template quotes `card.index` or `card.copy` (then every copy of the
    card is its own card: texts are drawn per copy anyway)."""
    if isinstance(value, dict):
        return any(numbered(v) for k, v in value.items() if k != "text")
    if isinstance(value, list):
        return any(numbered(v) for v in value)
    return isinstance(value, str) and NUMBERED.search(value) is not None


def count_of(value: Any) -> int:
    """A card's count as written (a data cell is text); 1 when it is not a whole number (the model says so)."""
    try:
        return max(1, int(str(value).strip() or 1))
    except ValueError:
        return 1


def near_misses(table: Table) -> list[Diagnostic]:
    """A warning at each header that is close to a reserved column's name but is read as a plain field."""
    found = []
    for name, mark in zip(table.header, table.header_marks, strict=True):
        if name in PLACE_KEYS:
            found.append(Diagnostic.at(mark, "deck.data.header", f"card.{name} is the card's place in the deck, "
                                       f"not this column", f"rename the column (e.g. '{name}_'): templates read "
                                       f"card.{name} as the card's {'1-based index' if name == 'index' else 'copy'}",
                                       Severity.WARNING))
        reserved = _NEAR_MISSES.get(re.sub(r"[\W_]+", "", name.casefold()))
        if reserved is not None and name not in ROW_KEYS:
            found.append(Diagnostic.at(mark, "deck.data.header", f"the column {name!r} is read as a card field, "
                                       f"not as the card's {reserved!r}", f"name the column {reserved!r} if it "
                                       f"gives the card's {reserved}", Severity.WARNING))
    return found
