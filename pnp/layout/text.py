"""Text blocks: wrap text to a width with real font metrics and emit one `Text` item per line."""

from __future__ import annotations

from typing import Literal

from pnp.fonts import text_width_mm
from pnp.layout.scene import Text

ASCENT = 0.76
"""Height of the first baseline below the block's top, as a fraction of the font size (DejaVu)."""


def wrap(text: str, font: str, size: float, width: float | None) -> list[str]:
    """Split `text` into lines no wider than `width` (mm), breaking at spaces; explicit newlines kept."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if width is None:
            lines.append(paragraph)
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
    return lines


def text_block(
    text: str,
    x: float,
    y: float,
    width: float | None,
    size: float,
    font: str = "sans",
    colour: str = "#000000",
    align: Literal["left", "center", "right"] = "left",
    line_height: float = 1.2,
) -> list[Text]:
    """Lines of `text` whose block starts at top-left (x, y), aligned within `width`."""
    anchor: Literal["start", "middle", "end"] = {"left": "start", "center": "middle", "right": "end"}[align]
    ax = x if width is None else {"left": x, "center": x + width / 2, "right": x + width}[align]
    return [
        Text(ax, y + size * ASCENT + i * size * line_height, line, size, font, colour, anchor)
        for i, line in enumerate(wrap(text, font, size, width))
        if line
    ]


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
