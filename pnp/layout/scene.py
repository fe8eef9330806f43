"""The page description every backend draws: pages of primitive items in millimetres.

Origin top-left, y down, lengths in mm, colours as `#rrggbb`. Items are frozen slotted dataclasses;
a `Group` moves, rotates and clips its children. Backends (PDF, SVG) draw exactly these kinds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pnp.diagnostics import Diagnostic

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Gradient:
    """A fill shading from one colour to another across the shape's box: `linear` along a line through its
    centre at `angle` degrees (0: left to right, 90: top to bottom), or `radial` from its centre out."""

    kind: Literal["linear", "radial"]
    colours: tuple[str, str]
    angle: float = 0.0


Paint = str | Gradient
"""What a shape is filled with: a `#rrggbb` colour or a gradient."""


@dataclass(frozen=True, slots=True)
class Style:
    """Fill and stroke of a shape; None means no fill / no stroke. Widths in mm; `opacity` 0..1 applies to
    both."""

    fill: Paint | None = None
    stroke: str | None = None
    stroke_width: float = 0.25
    dash: tuple[float, ...] = ()
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style = Style(stroke="#000000")
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Ellipse:
    cx: float
    cy: float
    rx: float
    ry: float
    style: Style = Style(stroke="#000000")


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style(stroke="#000000")


@dataclass(frozen=True, slots=True)
class Polygon:
    """A polyline (closed=False) or polygon (closed=True)."""

    points: tuple[Point, ...]
    style: Style = Style(stroke="#000000")
    closed: bool = True


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; (x, y) is the baseline point at the anchor; size is the em size in mm."""

    x: float
    y: float
    text: str
    size: float
    font: str = "sans"
    color: str = "#000000"
    anchor: Literal["start", "middle", "end"] = "start"
    rotate: float = 0.0
    """Degrees clockwise around (x, y)."""
    opacity: float = 1.0
    outline: str | None = None
    """Colour of a line drawn around the letters, under them (None: none)."""
    outline_width: float = 0.0
    """How far the outline reaches out of the letters, in mm."""


@dataclass(frozen=True, slots=True)
class Image:
    """An image file (PNG, JPEG, or SVG drawn as vectors) placed in a box; `key` identifies identical images for
    reuse."""

    x: float
    y: float
    w: float
    h: float
    path: Path
    key: str
    opacity: float = 1.0

    @property
    def vector(self) -> bool:
        """Whether the file is SVG art (drawn as vectors, not embedded as pixels)."""
        return self.path.suffix.lower() == ".svg"


@dataclass(frozen=True, slots=True)
class Transform:
    """Translate by (dx, dy), then rotate `rotate` degrees clockwise, then scale."""

    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    scale: float = 1.0


@dataclass(frozen=True, slots=True)
class Group:
    """Children drawn in a moved/rotated coordinate system, optionally clipped to `clip` (in that system)."""

    children: tuple[Item, ...]
    transform: Transform = Transform()
    clip: Rect | None = None
    label: str = ""


Item = Rect | Ellipse | Line | Polygon | Text | Image | Group


@dataclass(frozen=True, slots=True)
class Page:
    """One sheet side: size in mm, its items, and a label for file names and messages."""

    width: float
    height: float
    items: tuple[Item, ...]
    label: str = ""
    trim: tuple[float, float, float, float] | None = None
    """Where the page is cut (x, y, width, height in mm from its top left; None: the whole page): a PDF's TrimBox."""
    bleed: tuple[float, float, float, float] | None = None
    """How far its art runs past the trim (None: the whole page): a PDF's BleedBox."""


@dataclass(frozen=True, slots=True)
class Document:
    """All pages of one output file, with its metadata and how it is meant to be printed.

    `lang` is the language of its texts (a BCP 47 code); `duplex` how its sheets are printed two-sided
    ("none": one-sided); `warnings` are problems met while drawing it (text that does not fit, …), for the
    caller to report.
    """

    title: str
    pages: tuple[Page, ...]
    author: str = ""
    subject: str = ""
    keywords: tuple[str, ...] = field(default=())
    lang: str = "en"
    duplex: Literal["none", "long-edge", "short-edge"] = "none"
    warnings: tuple[Diagnostic, ...] = ()

