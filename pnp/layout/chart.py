"""Chart pieces for simulation reports, drawn with scene primitives (no plotting library): the page size and
styles, a value axis with round ticks, and a histogram of integer values as shares. Games compose them into
their own chart pages. Pure functions: same input, same items."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

from pnp.layout.scene import Item, Line, Page, Rect, Style, Text
from pnp.layout.text import text_block

WIDTH, HEIGHT = 277.0, 190.0
"""A4 landscape less a small margin: the chart's page size in mm."""
MARGIN = 12.0
AXIS = Style(stroke="#333333", stroke_width=0.3)
GRIDLINE = Style(stroke="#dddddd", stroke_width=0.2)
BAR = Style(fill="#5b8db8", stroke="#1f3b57", stroke_width=0.25)
MEAN = Style(stroke="#c0392b", stroke_width=0.5, dash=(1.5, 1.0))
FAIR = Style(stroke="#000000", stroke_width=0.5, dash=(1.5, 1.0))
LABEL = 2.8
MAX_BINS = 24


def _nice_step(top: float, ticks: int = 4) -> float:
    """A round tick step (1, 2 or 5 times a power of ten) giving about `ticks` ticks up to `top`."""
    raw = max(top, 1e-9) / ticks
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def y_axis(x: float, y: float, w: float, h: float, top: float, percent: bool) -> tuple[list[Item], float]:
    """Grid lines and tick labels for values 0..top (fractions shown as percentages); the axis maximum."""
    step = _nice_step(top)
    maximum = step * max(1, math.ceil(top / step - 1e-9))
    items: list[Item] = []
    ticks = round(maximum / step)
    for i in range(ticks + 1):
        value = i * step
        ty = y + h - h * value / maximum
        items.append(Line(x, ty, x + w, ty, GRIDLINE))
        text = f"{value:.0%}" if percent and step >= 0.01 else (f"{value:.1%}" if percent else f"{value:g}")
        items.append(Text(x - 1.2, ty + LABEL * 0.35, text, LABEL, "sans", "#444444", "end"))
    items.append(Line(x, y, x, y + h, AXIS))
    items.append(Line(x, y + h, x + w, y + h, AXIS))
    return items, maximum


def histogram(x: float, y: float, w: float, h: float, title: str, values: list[int]) -> list[Item]:
    """A histogram of integer values as shares of the races, in the box (x, y, w, h) with its title above."""
    items: list[Item] = [Text(x, y - 3, title, 3.6, "sans-bold")]
    if not values:
        return items
    lowest, highest = min(values), max(values)
    size = max(1, math.ceil((highest - lowest + 1) / MAX_BINS))
    start = lowest - lowest % size
    bins = (highest - start) // size + 1
    counts = Counter((v - start) // size for v in values)
    shares = [counts.get(i, 0) / len(values) for i in range(bins)]
    plot_x = x + 10
    plot_w = w - 10
    axis, maximum = y_axis(plot_x, y, plot_w, h, max(shares), percent=True)
    items.extend(axis)
    slot = plot_w / bins
    label_every = max(1, math.ceil(bins / 12))
    for i, share in enumerate(shares):
        bar_h = h * share / maximum
        bx = plot_x + i * slot
        if bar_h > 0:
            items.append(Rect(bx + slot * 0.1, y + h - bar_h, slot * 0.8, bar_h, BAR))
        if i % label_every == 0:
            low = start + i * size
            text = str(low) if size == 1 else f"{low}–{low + size - 1}"
            items.append(
                Text(
                    bx + slot / 2,
                    y + h + LABEL * 1.3,
                    text,
                    LABEL * (1 if size == 1 else 0.8),
                    "sans",
                    "#444444",
                    "middle",
                )
            )
    mean = sum(values) / len(values)
    mx = plot_x + (mean - start + 0.5) / size * slot
    items.append(Line(mx, y, mx, y + h, MEAN))
    items.append(Text(mx + 1, y + 3, f"mean {mean:.1f}", LABEL, "sans", "#c0392b"))
    return items


Panel = Callable[[float, float, float, float], list[Item]]
"""Draws one chart panel in the box x, y, w, h (mm)."""


def four_panel_page(title: str, note: str, panels: tuple[Panel, Panel, Panel, Panel]) -> Page:
    """A chart page: the title, a note under it, and four panels in a 2 × 2 grid (left to right, top down)."""
    w = (WIDTH - 2 * MARGIN - 14) / 2
    h = (HEIGHT - 2 * MARGIN - 24 - 26) / 2
    top = MARGIN + 24
    items: list[Item] = [
        Rect(0, 0, WIDTH, HEIGHT, Style(fill="#ffffff", stroke=None)),
        Text(MARGIN, MARGIN + 3.5, title, 4.6, "sans-bold"),
    ]
    items.extend(text_block(note, MARGIN, MARGIN + 6, WIDTH - 2 * MARGIN, 3.0, colour="#444444"))
    left, right, low = MARGIN, MARGIN + w + 14, top + h + 20
    for panel, (x, y) in zip(panels, ((left, top), (right, top), (left, low), (right, low)), strict=True):
        items.extend(panel(x, y, w, h))
    return Page(WIDTH, HEIGHT, tuple(items), label="chart")
