"""A text reference card any game can print: a title band, headed paragraphs shrunk until they fit, a credit."""

from __future__ import annotations

from pnp.layout.pieces import Piece
from pnp.layout.scene import Item, Rect, Style, Text
from pnp.layout.text import text_block

CARD_W, CARD_H = 63.0, 88.0
TITLE = "#1f2a44"
PAPER = "#fbf6e9"


def reference_card(title: str, paragraphs: list[tuple[str, str]], footer: str, name: str = "") -> Piece:
    """A poker-size card: title band, then (heading, text) paragraphs (heading may be ""), footer line."""
    items: list[Item] = [Rect(0, 0, CARD_W, CARD_H, Style(fill=PAPER, stroke=None)),
                         Rect(0, 0, CARD_W, 11, Style(fill=TITLE, stroke=None)),
                         Text(CARD_W / 2, 7.4, title, 4.2, "sans-bold", "#ffffff", "middle")]
    size = 2.6
    while True:
        body, bottom = _paragraphs(paragraphs, size)
        if bottom <= CARD_H - 8 or size < 1.6:
            break
        size *= 0.94
    items.extend(body)
    items.extend(text_block(footer, 3, CARD_H - 6.5, CARD_W - 6, 1.7, "sans", "#555555", "center", 1.2))
    items.append(Rect(0, 0, CARD_W, CARD_H, Style(stroke="#999999", stroke_width=0.2), radius=3))
    return Piece(CARD_W, CARD_H, tuple(items), corner_radius=3, name=name or title)


def _paragraphs(paragraphs: list[tuple[str, str]], size: float) -> tuple[list[Item], float]:
    items: list[Item] = []
    y = 14.0
    for heading, body in paragraphs:
        if heading:
            items.append(Text(4, y + size, heading, size * 1.15, "sans-bold", TITLE))
            y += size * 1.55
        block = text_block(body, 4, y, CARD_W - 8, size, "sans", "#000000", "left", 1.25)
        items.extend(block)
        y += len(block) * size * 1.25 + size * 0.6
    return items, y
