"""A kit built despite model errors, for `pnp validate` to check everything else: every broken part is stood in
for by the smallest thing that keeps its siblings checked.

A key the model does not know is left out; a broken element becomes an empty text; a broken value of a card
itself (its fill, back, count) is left out, so the deck's own applies. What still does not validate then falls
back to coarser stand-ins: a card with an error becomes a blank card, any other component with an error a
stand-in deck that is not drawn. Indices never shift, so every mark still points at its own line. The errors
reported are those of the kit as written; the stand-ins only let the other checks (images, templates, text
that does not fit, the layout) run.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from pnp.games.kit.built import BuiltKit
from pnp.games.kit.model import Kit
from pnp.model.base import data_path
from pnp.source.located import PathKey

EMPTY_ELEMENT = {"type": "text", "text": ""}
"""What a broken element is drawn as: nothing."""


def stand_in_kit(data: dict[str, Any], error: ValidationError) -> BuiltKit | None:
    """The kit of `data` with its broken parts stood in for; None when an error is outside the components."""
    locs = [tuple(err["loc"]) for err in error.errors(include_url=False)]
    if any(len(loc) < 2 or loc[0] != "components" or not isinstance(loc[1], int) for loc in locs):
        return None
    repaired = data
    for err, loc in zip(error.errors(include_url=False), locs, strict=True):
        repaired = _without(repaired, data_path(loc, data), err["type"] == "extra_forbidden")
    try:
        return BuiltKit(Kit.model_validate(repaired))
    except ValidationError as again:
        return _coarse_stand_ins(repaired, again, data)


def _without(data: Any, path: PathKey, unknown_key: bool) -> Any:
    """`data` (not changed: the parts along the path are copied) with the broken part at `path` stood in for:
    an unknown key left out, an element emptied, a card's own value left out; as it was otherwise."""
    if unknown_key and path and isinstance(path[-1], str):
        return _replaced(data, path, None)
    at = [i for i in range(len(path) - 1) if path[i] == "elements" and isinstance(path[i + 1], int)]
    if at:
        return _replaced(data, path[:at[-1] + 2], EMPTY_ELEMENT)
    if len(path) > 4 and path[2] == "cards" and isinstance(path[3], int) and isinstance(path[4], str) \
            and path[4] != "fields":
        return _replaced(data, path[:5], None)
    return data


def _replaced(data: Any, path: PathKey, value: Any) -> Any:
    """A copy of `data` whose value at `path` is `value` (None: the key left out); `data` when `path` leads
    nowhere."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict) and isinstance(head, str) and head in data:
        copy = dict(data)
        if rest or value is not None:
            copy[head] = _replaced(data[head], rest, value)
        else:
            del copy[head]
        return copy
    if isinstance(data, list) and isinstance(head, int) and 0 <= head < len(data):
        items = list(data)
        items[head] = _replaced(data[head], rest, value) if rest or value is not None else data[head]
        return items
    return data


def _coarse_stand_ins(data: dict[str, Any], error: ValidationError, written: dict[str, Any]) -> BuiltKit | None:
    """The kit of `data` with each card that has an error replaced by a blank card, and each other component
    with an error by a stand-in deck (not drawn); None when the error is outside the components. `written` is
    the kit as written, whose components' names say which were left out."""
    cards: dict[int, set[int]] = {}
    broken: set[int] = set()
    for err in error.errors(include_url=False):
        loc = tuple(err["loc"])
        if len(loc) < 2 or loc[0] != "components" or not isinstance(loc[1], int):
            return None
        if len(loc) > 4 and loc[3] == "cards" and isinstance(loc[4], int):
            cards.setdefault(loc[1], set()).add(loc[4])
        else:
            broken.add(loc[1])
    components = list(data["components"])
    for i, indices in cards.items():
        if i not in broken:
            deck = dict(components[i])
            deck["cards"] = [_blank(c) if j in indices else c for j, c in enumerate(deck["cards"])]
            components[i] = deck
    for i in broken:
        components[i] = {"type": "deck", "name": "stand-in", "cards": [{}]}
    try:
        kit = Kit.model_validate({**data, "components": components})
    except ValueError:
        return None
    left_out = frozenset(str(c["name"]) for i, c in enumerate(written["components"])
                         if i in broken and isinstance(c, dict) and isinstance(c.get("name"), str))
    return BuiltKit(kit, frozenset(broken), left_out)


def _blank(card: Any) -> dict[str, Any]:
    name = card.get("name") if isinstance(card, dict) else None
    return {"name": name[:200]} if isinstance(name, str) else {}
