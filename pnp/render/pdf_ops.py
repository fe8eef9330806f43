"""What a PDF document's pages draw again and again, written once (`pnp.render.pdf`'s pen): the operators of
each shape, text start and text shown, and each colour's operator (RGB, or the press's process inks).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.lib.rl_accel import fp_str

from pnp.model.inks import rgb_hex
from pnp.render.press import RGB, Press

T = TypeVar("T")


@cache
def _colour(text: str) -> Color:
    """The reportlab colour of a `#rrggbb` (or, as the screen shows it, `cmyk(...)`) text, parsed once per
    distinct colour."""
    return HexColor(rgb_hex(text))


@cache
def _colour_op(text: str, op: str) -> str:
    """The operator that sets a `#rrggbb` colour (`rg` fill, `RG` stroke), as reportlab writes it."""
    c = _colour(text)
    return f"{fp_str(c.red, c.green, c.blue)} {op}"


CACHED = 2048
"""Entries each cache of an `_Ops` keeps (then it starts again): what pages repeat stays found, and a deck of
texts each its own (or a board of cells each in its own place) holds no memory per item."""


def keep(cache: dict[Any, T], key: Any, value: T) -> T:
    """Put `value` in `cache` under `key` (emptied first when full) and return it."""
    if len(cache) >= CACHED:
        cache.clear()
    cache[key] = value
    return value


class Ops:
    """What a document's pages draw again and again, written once: the operators of each shape (in the
    coordinates of the group it is in, so every card of a deck shares its frame's), of each text's start and of
    each (font, size, text) shown (a text's subsets are fixed once its characters have one)."""

    def __init__(self, press: Press = RGB) -> None:
        self.press = press
        self.press_transparency = press.standard != "x-1a"
        """Whether items may be translucent (PDF/X-1a has no transparency)."""
        self.colour_op: Callable[[str, str], str] = _colour_op if press.inks is None else self._ink_op
        self.inks: dict[tuple[str, str], str] = {}
        self.shapes: dict[tuple[object, ...], str] = {}
        """The operators of each shape, its lines joined (one literal: the page's content is its lines joined)."""
        self.texts: dict[tuple[str, float, str], tuple[str, float]] = {}
        self.matrices: dict[tuple[float, float, float, str, float], str] = {}
        self.widths: dict[float, str] = {}
        """Each line width's operator."""
        self.starts: dict[tuple[str, float], str] = {}
        """Per font and size, the start of showing a text in the font's first subset (its name and size)."""
        self.glyphs: dict[str, tuple[int, dict[int, int], frozenset[str]]] = {}
        """Per font, its first subset's codes as a translation table and the characters they cover (`_first_subset`)."""
        self.transparency = False
        """Whether the document asks for PDF 1.4 yet, as reportlab's alpha does at the first colour set."""

    def _ink_op(self, colour: str, op: str) -> str:
        """The operator that sets a colour in process inks (`k` fill, `K` stroke)."""
        key = (colour, op)
        found = self.inks.get(key)
        if found is None:
            assert self.press.inks is not None
            found = self.inks[key] = f"{fp_str(*self.press.inks.of(colour))} {'k' if op == 'rg' else 'K'}"
        return found

    def paint(self, colour: str) -> Color:
        """The reportlab colour of a gradient stop: RGB, or CMYK in process inks."""
        if self.press.inks is None:
            return _colour(colour)
        return CMYKColor(*self.press.inks.of(colour))
