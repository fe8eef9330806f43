"""Pictures in their boxes: `stretch` to the box's shape, `contain` (whole, centred, proportions kept) or `cover`
(the box filled, proportions kept, what passes the box cut off by a clip)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pnp.layout.scene import Group, Image, Item, Rect, Style, Transform

Fit = Literal["stretch", "contain", "cover"]
MM_PER_INCH = 25.4


def drawn_size(w: float, h: float, width_px: int, height_px: int, fit: Fit) -> tuple[float, float]:
    """The size (mm) a width_px x height_px picture is drawn at in a w x h mm box."""
    if fit == "stretch":
        return w, h
    pick = min if fit == "contain" else max
    scale = pick(w / width_px, h / height_px)
    return width_px * scale, height_px * scale


def ppi(w: float, h: float, width_px: int, height_px: int, fit: Fit) -> float:
    """The picture's pixels per inch at print size (the lower of its two directions)."""
    dw, dh = drawn_size(w, h, width_px, height_px, fit)
    return min(width_px / (dw / MM_PER_INCH), height_px / (dh / MM_PER_INCH))


def fitted_image(box: tuple[float, float, float, float], path: Path, key: str, size_px: tuple[int, int],
                 fit: Fit) -> Item:
    """The picture in its box (x, y, w, h in mm), centred when its proportions are kept; clipped to the box when
    it covers it."""
    x, y, w, h = box
    dw, dh = drawn_size(w, h, *size_px, fit)
    image = Image(x + (w - dw) / 2, y + (h - dh) / 2, dw, dh, path, key)
    if fit != "cover" or (dw <= w + 1e-9 and dh <= h + 1e-9):
        return image
    return Group((image,), Transform(), clip=Rect(x, y, w, h, Style()))
