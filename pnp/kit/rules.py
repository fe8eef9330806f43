"""Rules for generic kits that a schema cannot express: every text can be printed with our fonts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pnp.diagnostics import Diagnostic
from pnp.fonts import missing_glyphs
from pnp.model.kit import Kit
from pnp.rules import rule
from pnp.spec.loader import Located, PathKey

_TEXT_KEYS = {"text": "font", "label": None, "back_label": None, "name": None, "kit": None, "credit": None}


def _texts(data: Any, path: PathKey = ()) -> Iterator[tuple[PathKey, str, str]]:
    """Every printed text in the spec data with its path and font."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in _TEXT_KEYS and isinstance(value, str):
                font = data.get("font") if _TEXT_KEYS[key] else None
                yield (*path, key), value, font if isinstance(font, str) else "sans"
            else:
                yield from _texts(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _texts(value, (*path, i))


@rule("text.glyphs", Kit, "every printed character exists in the font")
def check_glyphs(kit: Kit, located: Located) -> Iterator[Diagnostic]:
    for path, text, font in _texts(located.data):
        fonts = {"sans", "sans-bold", "sans-italic", "mono"}
        missing = missing_glyphs(text, font if font in fonts else "sans")
        if missing:
            shown = " ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing[:10])
            yield Diagnostic.at(located.mark(path), "text.glyphs",
                                f"the font cannot print {len(missing)} character(s): {shown}",
                                "replace them; DejaVu covers Latin, Greek and Cyrillic")
