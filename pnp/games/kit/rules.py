"""Rules for generic kits that a schema cannot express: every text can be printed with our fonts.

Input: the built `Kit` and its `Located` marks. Output: one `text.glyphs` diagnostic per printed text holding
characters that the font it is printed in has no glyph for. The texts are read from the model, as the drawing
code prints them: the kit's name and credit, component and card names, text elements (in their own font),
counter and board-cell labels (bold), and card `fields`, checked against every font of the card's texts (front
and back), since templates print them there. Each text is checked as written in the spec: the model drops
control characters, and this rule reports them instead of letting them vanish unseen.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Any

from pnp.diagnostics import Diagnostic, Mark
from pnp.games.kit.model import Kit
from pnp.games.kit.model.components import Board, Card, Counters, Deck
from pnp.games.kit.model.elements import BUILTIN_FONTS, Element, Face, TextElement
from pnp.games.kit.model.tuckbox import TuckBox
from pnp.model.press import joined, spec_strings
from pnp.rules import rule
from pnp.source.located import Located, PathKey
from pnp.text.fonts import missing_glyphs

PrintedText = tuple[PathKey, str, tuple[str, ...]]
"""A text as printed: its YAML path, the text, the fonts it is printed in."""

LABEL_FONT = "sans-bold"


def _elements(elements: list[Element], path: PathKey) -> Iterator[PrintedText]:
    for i, element in enumerate(elements):
        if isinstance(element, TextElement):
            yield (*path, i, "text"), element.text, (element.font,)


def _fonts(*element_lists: list[Element]) -> tuple[str, ...]:
    fonts = {e.font for elements in element_lists for e in elements if isinstance(e, TextElement)}
    return tuple(sorted(fonts or {"sans"}))


def _card(card: Card, back: Face | None, path: PathKey) -> Iterator[PrintedText]:
    yield (*path, "name"), card.name, ("sans",)
    yield from _elements(card.elements, (*path, "elements"))
    if card.back is not None:
        yield from _elements(card.back.elements, (*path, "back", "elements"))
    if card.fields:
        fonts = _fonts(card.elements, back.elements if back is not None else [])
        yield from (((*path, "fields", name), value, fonts) for name, value in card.fields.items())


def _component(component: Deck | Counters | Board | TuckBox, path: PathKey) -> Iterator[PrintedText]:
    yield (*path, "name"), component.name, ("sans",)
    match component:
        case Deck():
            if component.back is not None:
                yield from _elements(component.back.elements, (*path, "back", "elements"))
            for i, card in enumerate(component.cards):
                yield from _card(card, card.back or component.back, (*path, "cards", i))
        case Counters():
            for i, item in enumerate(component.items):
                yield (*path, "items", i, "label"), item.label, (LABEL_FONT,)
                if item.back_label is not None:
                    yield (*path, "items", i, "back_label"), item.back_label, (LABEL_FONT,)
                yield from _elements(item.elements, (*path, "items", i, "elements"))
        case Board():
            for i, cell in enumerate(component.cells):
                yield (*path, "cells", i, "label"), cell.label, (LABEL_FONT,)
            yield from _elements(component.elements, (*path, "elements"))
        case TuckBox():
            for key in ("front", "back", "spine", "lid"):
                face = getattr(component, key)
                if face is not None:
                    yield from _elements(face.elements, (*path, key, "elements"))


def printed_texts(kit: Kit) -> Iterator[PrintedText]:
    """Every non-empty text the kit prints, with its YAML path and the fonts it is printed in (made as they are
    read: a large deck's texts are never all held at once)."""
    found = chain(((("kit",), kit.kit, ("sans",)), (("credit",), kit.credit, ("sans",))),
                  *(_component(component, ("components", i)) for i, component in enumerate(kit.components)))
    return (text for text in found if text[1])


def _as_written(data: Any, path: PathKey, default: str) -> str:
    """The text at `path` in the spec data as the user wrote it (`default` when it is not a plain string)."""
    for key in path:
        found = isinstance(data, dict) and key in data
        found = found or (isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data))
        if not found:
            return default
        data = data[key]
    return data if isinstance(data, str) else default


def _printable(texts: Iterable[str], fonts: set[str]) -> bool:
    """Whether every character of `texts` has a glyph in every one of `fonts` (checked once for them all)."""
    chars: set[str] = set()
    for chunk in joined(texts, ""):
        if not (chunk.isascii() and chunk.replace("\n", "").replace("\r", "").replace("\t", "").isprintable()):
            chars.update(chunk)  # a chunk of printable ASCII needs no look: every font we ship covers it
    return not chars or not any(missing_glyphs("".join(chars), font) for font in fonts)


@rule("text.glyphs", Kit, "every printed character exists in the font")
def check_glyphs(kit: Kit, located: Located) -> Iterator[Diagnostic]:
    used_fonts: set[str] = set()
    printed = []
    for _, text, used in printed_texts(kit):
        printed.append(text)
        used_fonts.update(used)
    fonts = {font for font in used_fonts if font in BUILTIN_FONTS}
    if _printable(chain(spec_strings(located.data), printed), fonts):
        return  # each text as written is one of the spec's strings, or the printed text
    for path, text, used in printed_texts(kit):
        text = _as_written(located.data, path, text)
        missing: list[str] = []
        for font in (f for f in used if f in BUILTIN_FONTS):  # a kit's own fonts are checked as drawn
            missing.extend(ch for ch in missing_glyphs(text, font) if ch not in missing)
        if missing:
            shown = " ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing[:10])
            yield Diagnostic.at(
                located.mark(path),
                "text.glyphs",
                f"the font cannot print {len(missing)} character(s): {shown}",
                "replace them; DejaVu covers Latin, Greek and Cyrillic",
            )


def rendered_glyphs(source: str, rendered: str, font: str, context: dict[str, Any], piece: str,
                    mark: Mark) -> Diagnostic | None:
    """A `text.glyphs` error for characters of a rendered template that `font` cannot print and that neither the
    template's source nor a value it quotes holds (those are reported where they are written); else None."""
    known = set(source).union(*spec_strings(context))
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
