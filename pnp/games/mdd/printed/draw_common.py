"""Shared look of the MDD kit: team colours with a letter and pattern each, credit line."""

from __future__ import annotations

from pnp.layout.scene import Ellipse, Item, Line, Rect, Style

CREDIT = "Mini Demolition Derby by Giovanni Longoni · licence CC BY-NC-SA 2.5 · kit made with pnp"

TEAM_LOOK: dict[str, tuple[str, str, str]] = {
    "red": ("#d62728", "R", "none"),
    "yellow": ("#f0e442", "Y", "stripes"),
    "green": ("#009e73", "G", "dots"),
    "blue": ("#0072b2", "B", "bars"),
    "white": ("#ffffff", "W", "checks"),
    "purple": ("#cc79a7", "P", "cross"),
}
"""Team -> (fill, letter, pattern): colours kept apart for colour-blind players, a letter and a pattern too."""


def team_look(team: str) -> tuple[str, str, str]:
    """Fill colour, letter and pattern of a team (unknown team names get grey and their initial)."""
    return TEAM_LOOK.get(team.lower(), ("#b8b8b8", (team[:1] or "?").upper(), "none"))


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on `fill`."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def pattern(kind: str, x: float, y: float, w: float, h: float, colour: str) -> list[Item]:
    """A light texture that tells teams apart without colour: stripes, dots, bars, checks or a cross."""
    style = Style(stroke=colour, stroke_width=max(0.25, w * 0.03), opacity=0.55)
    items: list[Item] = []
    step = w / 4
    if kind == "stripes":
        items.extend(Line(x + i * step, y, x + i * step + h * 0.3, y + h, style) for i in range(-1, 5))
    elif kind == "bars":
        items.extend(Line(x, y + i * h / 6, x + w, y + i * h / 6, style) for i in (1, 5))
    elif kind == "dots":
        dot = Style(fill=colour, stroke=None, opacity=0.55)
        items.extend(Ellipse(x + (i + 0.5) * w / 3, y + h * f, w * 0.05, w * 0.05, dot)
                     for i in range(3) for f in (0.12, 0.88))
    elif kind == "checks":
        sq = w / 6
        items.extend(Rect(x + i * sq, y + j * (h - sq), sq, sq, Style(fill=colour, stroke=None, opacity=0.55))
                     for i in range(0, 6, 2) for j in (0, 1))
    elif kind == "cross":
        items.extend([Line(x, y, x + w, y + h, style), Line(x + w, y, x, y + h, style)])
    return items
