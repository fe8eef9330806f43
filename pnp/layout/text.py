"""Text blocks: wrap text to a width with real font metrics and emit one `Text` item per line."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from pnp.layout.scene import Text
from pnp.text.fonts import text_width_mm
from pnp.text.linebreak import break_units
from pnp.text.shaping import needs_shaping, shape_line

Align = Literal["left", "center", "right", "justify"]
"""How a block's lines sit in its width."""
ASCENT = 0.76
"""Height of the first baseline below the block's top, as a fraction of the font size (DejaVu)."""


_GREEK_CAPS_DROP = {"\u0301", "\u0300", "\u0342", "\u0313", "\u0314", "\u0345"}
"""Marks Greek drops in capitals: tonos/oxia, varia, perispomeni, breathings, ypogegrammeni."""


def caps(text: str) -> str:
    """`text` in capitals for a printed label, as each script writes them: Greek capitals lose their
    accents and breathings (ΤΕΡΜΑΤΙΣΜΟΣ, not ΤΕΡΜΑΤΙΣΜΌΣ) and keep the diaeresis; other letters
    (Í, Ñ, Ü) keep their marks."""
    out: list[str] = []
    for char in unicodedata.normalize("NFD", text.upper()):
        if char in _GREEK_CAPS_DROP and out and _is_greek(out[-1]):
            continue
        out.append(char)
    return unicodedata.normalize("NFC", "".join(out))


def _is_greek(char: str) -> bool:
    return "\u0370" <= char <= "\u03ff" or "\u1f00" <= char <= "\u1fff" or char == "\u0308"


@lru_cache(maxsize=4096)
def wrap(text: str, font: str, size: float, width: float | None) -> tuple[str, ...]:
    """Split `text` into lines no wider than `width` (mm), breaking at spaces (text in other scripts: where
    UAX #14 allows, `pnp.text.linebreak`); explicit newlines kept. (Cached: a card's text is wrapped to check
    that it fits, then to draw it.)"""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if width is None:
            lines.append(paragraph)
            continue
        if needs_shaping(paragraph):
            lines += _wrap_units(paragraph, font, size, width)
            continue
        current = ""
        for word in paragraph.split(" "):
            candidate = word if not current else f"{current} {word}"
            if current and text_width_mm(candidate, font, size) > width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return tuple(lines)


def _wrap_units(paragraph: str, font: str, size: float, width: float) -> list[str]:
    """A paragraph's lines, broken between its UAX #14 units; a line's trailing spaces are not measured nor
    kept."""
    lines: list[str] = []
    current = ""
    for unit in break_units(paragraph):
        candidate = current + unit
        if current and text_width_mm(candidate.rstrip(), font, size) > width:
            lines.append(current.rstrip())
            current = unit
        else:
            current = candidate
    lines.append(current.rstrip())
    return lines


@dataclass(frozen=True, slots=True)
class LineBox:
    """One line of a text block and the box it takes: its em box (a line of size s is s high, from the top of
    the line to below its descenders) horizontally from its measured start to end, in block coordinates."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float


def line_boxes(
    text: str,
    x: float,
    y: float,
    width: float | None,
    size: float,
    font: str = "sans",
    align: Align = "left",
    line_height: float = 1.2,
) -> list[LineBox]:
    """The lines `text_block` draws for the same arguments, with the boxes they take (widths measured with the
    font's real metrics, as the renderer sets them; a justified line's box is its words' natural width)."""
    boxes: list[LineBox] = []
    align = "left" if align == "justify" else align
    ax = x if width is None else {"left": x, "center": x + width / 2, "right": x + width}[align]
    for i, line in enumerate(wrap(text, font, size, width)):
        if not line:
            continue
        w = text_width_mm(line, font, size)
        x0 = ax if align == "left" else ax - w / 2 if align == "center" else ax - w
        top = (y + size * ASCENT + i * size * line_height) - size * ASCENT  # its baseline as drawn, less the ascent
        boxes.append(LineBox(line, x0, top, x0 + w, top + size))
    return boxes


_ANCHORS: dict[str, Literal["start", "middle", "end"]] = {"left": "start", "center": "middle", "right": "end",
                                                          "justify": "start"}


def text_block(
    text: str,
    x: float,
    y: float,
    width: float | None,
    size: float,
    font: str = "sans",
    colour: str = "#000000",
    align: Align = "left",
    line_height: float = 1.2,
) -> list[Text]:
    """Lines of `text` whose block starts at top-left (x, y), aligned within `width`."""
    if align == "justify" and width is not None:
        return _justified(text, x, y, width, size, font, colour, line_height)
    anchor = _ANCHORS[align]
    ax = x if width is None else {"left": x, "center": x + width / 2, "right": x + width}[align]
    return [
        Text(ax, y + size * ASCENT + i * size * line_height, line, size, font, colour, anchor)
        for i, line in enumerate(wrap(text, font, size, width))
        if line
    ]


def _justified(text: str, x: float, y: float, width: float, size: float, font: str, colour: str,
               line_height: float) -> list[Text]:
    """Justified lines: each line of a paragraph but its last has its words placed one by one, the room left
    shared between its gaps, so that it runs from `x` to `x + width`; a paragraph's last line stays as it is."""
    items: list[Text] = []
    row = 0
    for paragraph in text.split("\n"):
        lines = wrap(paragraph, font, size, width)
        for i, line in enumerate(lines):
            baseline = y + size * ASCENT + row * size * line_height
            row += 1
            words = line.split(" ")
            if needs_shaping(line) and shape_line(line, font).rtl:
                words.reverse()  # a right-to-left line: its first word at the right
            if i == len(lines) - 1 or len(words) < 2:
                if line:
                    items.append(Text(x, baseline, line, size, font, colour))
                continue
            widths = [text_width_mm(word, font, size) for word in words]
            gap = (width - sum(widths)) / (len(words) - 1)
            at = x
            for word, w in zip(words, widths, strict=True):
                if word:
                    items.append(Text(at, baseline, word, size, font, colour))
                at += w + gap
    return items


def fit_size(text: str, font: str, size: float, width: float) -> float:
    """`size`, or the smaller size at which `text` fits in `width` mm on one line (a translated label)."""
    measured = text_width_mm(text, font, size)
    return size if measured <= width else size * width / measured


def fill_placeholders(text: str, values: dict[str, object]) -> str:
    """Put values into `{name}` placeholders by plain replacement: text from catalogs or specs is never given
    to str.format, so a stray `{0.__class__}` stays text."""
    for key, value in values.items():
        text = text.replace("{" + key + "}", str(value))
    return text
