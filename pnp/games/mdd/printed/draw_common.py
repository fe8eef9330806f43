"""Shared look of the MDD kit: team colours with a mark (letters in the kit's language) and pattern each, credit
line."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping

from pnp.layout.scene import Ellipse, Item, Line, Rect, Style
from pnp.layout.text import caps

Translate = Callable[[str], str]

CREDIT = "Mini Demolition Derby by Giovanni Longoni · licence CC BY-NC-SA 2.5 · kit made with pnp"

TEAM_LOOK: dict[str, tuple[str, str, str]] = {
    "red": ("#d62728", "Red", "none"),
    "yellow": ("#f0e442", "Yellow", "stripes"),
    "green": ("#009e73", "Green", "dots"),
    "blue": ("#0072b2", "Blue", "bars"),
    "white": ("#ffffff", "White", "checks"),
    "purple": ("#cc79a7", "Purple", "cross"),
}
"""Team -> (fill, colour name, pattern): colours kept apart for colour-blind players, the initial of the colour's
name in the kit's language (pnp/data/components catalogs) and a pattern too."""


def _plain(text: str) -> str:
    """`text` without accents, case folded: what two marks are compared by (Κό and Κο are one mark)."""
    return "".join(c for c in unicodedata.normalize("NFD", text.casefold()) if not unicodedata.combining(c))


def team_marks(tr: Translate = str, teams: Iterable[str] = ()) -> dict[str, str]:
    """Team -> the mark its cars print: the initial of its colour's name in `tr`'s language (a team pnp does not
    know: its own name), with as many more letters as it takes to tell apart two colours that share their
    initial in that language (German Gelb, Grün: Ge, Gr). Every colour pnp knows takes part, so a colour
    has the same mark in every kit of a language."""
    names = {team: tr(name) for team, (_, name, _) in TEAM_LOOK.items()}
    names |= {team.lower(): team for team in teams if team.lower() not in TEAM_LOOK}
    marks: dict[str, str] = {}
    for team, name in names.items():
        name = name.strip() or "?"
        others = {_plain(other) for key, other in names.items() if key != team}
        length = 1
        while length < len(name) and any(o.startswith(_plain(name[:length])) for o in others):
            length += 1
        marks[team] = caps(name[:1]) + name[1:length].lower()
    return marks


def team_look(team: str, marks: Mapping[str, str] | None = None) -> tuple[str, str, str]:
    """Fill colour, mark and pattern of a team (unknown team names get grey); the mark from `marks`
    (`team_marks` of the kit's language), else the initial of the English colour name or of the team."""
    fill, name, kind = TEAM_LOOK.get(team.lower(), ("#b8b8b8", team, "none"))
    mark = (marks or {}).get(team.lower()) or caps(name[:1] or "?")
    return fill, mark, kind


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
