"""Localise a composed document: every text item that is a known component text is translated.

Input: a `Document` and a translate function (English -> language). Output: the same document with those
texts replaced; an all-capitals text is translated by its capitalised form and kept in capitals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pnp.layout.scene import Document, Group, Item, Page, Text

Translate = Callable[[str], str]


def _text(text: str, tr: Translate) -> str:
    translated = tr(text)
    if translated != text:
        return translated
    if text.isupper() and len(text) > 1:
        capitalised = text.capitalize()
        translated = tr(capitalised)
        if translated != capitalised:
            return translated.upper()
    lowered = text.capitalize()
    if text.islower() and tr(lowered) != lowered:
        return tr(lowered).lower()
    return text


def _item(item: Item, tr: Translate) -> Item:
    if isinstance(item, Text):
        new = _text(item.text, tr)
        return item if new == item.text else replace(item, text=new)
    if isinstance(item, Group):
        return replace(item, children=tuple(_item(child, tr) for child in item.children))
    return item


def localise(document: Document, tr: Translate) -> Document:
    """`document` with component texts translated by `tr`."""
    pages = tuple(Page(p.width, p.height, tuple(_item(i, tr) for i in p.items), p.label)
                  for p in document.pages)
    return replace(document, pages=pages)
