"""Rules for generic kits that a schema cannot express: every text can be printed with our fonts.

Input: the located spec data. Output: one `text.glyphs` diagnostic per text holding characters that the font
it is printed in has no glyph for (card `fields` are checked against every font of that card's texts,
since templates print them). `rendered_glyphs` checks a templated text again once rendered, for characters a
template makes (`{{ '\\u4e2d' }}`) that no spec value holds.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pnp.diagnostics import Diagnostic, Mark
from pnp.fonts import missing_glyphs
from pnp.model.kit import Kit
from pnp.rules import rule
from pnp.spec.loader import Located, PathKey

_TEXT_KEYS = {"text": "font", "label": None, "back_label": None, "name": None, "kit": None, "credit": None}
_FONTS = ("sans", "sans-bold", "sans-italic", "mono")


def _font(value: object) -> str:
    return value if isinstance(value, str) and value in _FONTS else "sans"


def _element_fonts(data: Any) -> set[str]:
    """Fonts of the text elements anywhere inside `data` (a card with its back)."""
    fonts: set[str] = set()
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("text"), str):
                fonts.add(_font(node.get("font")))
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return fonts


def _texts(data: Any, path: PathKey = ()) -> Iterator[tuple[PathKey, str, tuple[str, ...]]]:
    """Every printed text in the spec data with its path and the fonts it is printed in."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in _TEXT_KEYS and isinstance(value, str):
                yield (*path, key), value, (_font(data.get("font")) if _TEXT_KEYS[key] else "sans",)
            elif key == "fields" and isinstance(value, dict):
                fonts = tuple(sorted(_element_fonts(data) or {"sans"}))
                for name, field in value.items():
                    if isinstance(field, str):
                        yield (*path, key, name), field, fonts
            elif isinstance(value, dict | list):
                yield from _texts(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            if isinstance(value, dict | list):
                yield from _texts(value, (*path, i))


def _strings(data: Any) -> Iterator[str]:
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            yield node
        elif isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list | tuple):
            stack.extend(node)


def rendered_glyphs(source: str, rendered: str, font: str, context: dict[str, Any], piece: str,
                    mark: Mark) -> Diagnostic | None:
    """A `text.glyphs` error for characters of a rendered template that `font` cannot print and that neither the
    template's source nor a value it quotes holds (those are reported where they are written); else None."""
    known = set(source).union(*_strings(context))
    missing = [ch for ch in missing_glyphs(rendered, font) if ch not in known]
    if not missing:
        return None
    shown = " ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing[:10])
    return Diagnostic.at(
        mark,
        "text.glyphs",
        f"on {piece!r}, the template prints {len(missing)} character(s) the font {font} cannot print: {shown}",
        "replace them in the template; DejaVu covers Latin, Greek and Cyrillic",
    )


@rule("text.glyphs", Kit, "every printed character exists in the font")
def check_glyphs(kit: Kit, located: Located) -> Iterator[Diagnostic]:
    for path, text, fonts in _texts(located.data):
        missing: list[str] = []
        for font in fonts:
            missing.extend(ch for ch in missing_glyphs(text, font) if ch not in missing)
        if missing:
            shown = " ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing[:10])
            yield Diagnostic.at(
                located.mark(path),
                "text.glyphs",
                f"the font cannot print {len(missing)} character(s): {shown}",
                "replace them; DejaVu covers Latin, Greek and Cyrillic",
            )
