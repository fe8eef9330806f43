"""Drawing elements of a face (card, counter, cell): text, rect, ellipse, line, polygon, image.

Positions are mm from the face's top-left trim corner, y down. Text may use `{{ ... }}` with the card's
fields (rendered in a sandbox at layout time).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from pnp.games.kit.model.paint import Dash, Fill, Opacity, TextOutline
from pnp.model.base import SpecModel
from pnp.model.colour import Colour
from pnp.text.suggest import Synonyms
from pnp.units import Length, NonNegativeLength, PositiveLength

ALIGN_WORDS = Synonyms({"centre": "center", "centred": "center", "centered": "center", "middle": "center",
                        "justified": "justify", "full": "justify"})
VALIGN_WORDS = Synonyms({"center": "middle", "centre": "middle", "centred": "middle", "centered": "middle"})
"""The words other tools (CSS, Squib, nanDECK) use for these alignments, suggested when a spec uses them."""

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")

BUILTIN_FONTS = ("sans", "sans-bold", "sans-italic", "sans-bold-italic", "mono")
"""The fonts pnp ships, usable in every kit."""
FontName = Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]{0,39}$", description=(
    "the font: one of pnp's (`sans`, `sans-bold`, `sans-italic`, `sans-bold-italic`, `mono`) or a family "
    "named under the kit's `fonts:`"))]


_GIVEN: dict[frozenset[str], set[str]] = {}
_GIVEN_MAX = 1024


class SharedKeysModel(SpecModel):
    """Base of the models a kit holds many of (cards, their elements, counters, cells): instances given the
    same keys share one set of those keys' names (pydantic makes one per instance, 200 to 700 bytes: about half
    of a deck's model), up to `_GIVEN_MAX` different sets."""

    @model_validator(mode="after")
    def _share_given(self) -> Any:
        given = self.__pydantic_fields_set__
        shared = _GIVEN.get(key := frozenset(given))
        if shared is None:
            if len(_GIVEN) >= _GIVEN_MAX:
                return self
            shared = _GIVEN[key] = given
        object.__setattr__(self, "__pydantic_fields_set__", shared)  # model_copy copies it before changing it
        return self


def clean_text(value: str) -> str:
    """Drop C0 control characters (but newlines) and lone surrogates from user text."""
    return _CONTROL.sub("", value)


class TextElement(SharedKeysModel):
    """A block of text wrapped to `width` (default: up to the face's right edge); `y` is the top of the first
    line; `height`, when given, is the room below it: pnp warns about text that needs more room than its box or
    runs past the face's trim. The text may hold markup: `**bold**`, `*italic*`, `\\n` for a line break and
    `:name:` for an icon of the kit's `icons:`; a backslash prints the next `*`, `:` or backslash as written."""

    type: Literal["text"]
    """Draws text."""
    text: str = Field(max_length=2000, description=(
        "the text; `{{ card.X }}` puts in a card's field; markup: `**bold**`, `*italic*`, `\\n` (line break), "
        "`:name:` (an icon of the kit's `icons:`), `\\*` and `\\:` for a literal star or colon"))
    x: Length = 0.0
    """Left edge of the text box, from the face's left trim edge."""
    y: Length = 0.0
    """Top of the first line, from the face's top trim edge."""
    width: PositiveLength | None = None
    """Width the text wraps to (default: up to the face's right edge)."""
    height: PositiveLength | None = None
    """Room below `y` the text should stay within (pnp warns when it needs more)."""
    size: PositiveLength = 9 * 25.4 / 72
    """Letter size (em), as a length: 9pt, 3.2mm."""
    font: FontName = "sans"
    """One of pnp's embedded fonts, or a family of the kit's `fonts:`."""
    colour: Colour = "#000000"
    """Colour of the letters."""
    align: Annotated[Literal["left", "center", "right", "justify"], ALIGN_WORDS] = "left"
    """How lines sit in the box: left, center, right, or `justify` (every line of a paragraph but its last
    spread to the full width)."""
    valign: Annotated[Literal["top", "middle", "bottom"], VALIGN_WORDS] = Field(default="top", description=(
        "where the block sits in its `height`: at the top (the default), in the middle or at the bottom"))
    outline: TextOutline | None = Field(default=None, description=(
        "a line around the letters: `{colour: C, width: LEN}`, drawn under them"))
    opacity: Opacity = 1.0
    """How opaque it prints, from 0 (invisible) to 1 (solid, the default)."""
    line_height: float = Field(default=1.2, ge=0.8, le=3.0)
    """Distance between lines, as a multiple of `size`."""
    rotate: float = Field(default=0.0, ge=-360, le=360)
    """Degrees clockwise around the start of the first line."""
    fit: Literal["none", "shrink"] = Field(default="none", description="`shrink`: make the text smaller in steps "
                                           "until it fits its box (`width` and `height`), down to `min_size`")
    min_size: PositiveLength | None = Field(default=None, description="smallest size `fit: shrink` may use "
                                            "(default: half of `size`)")

    _clean = field_validator("text")(classmethod(lambda cls, v: clean_text(v)))

    @model_validator(mode="after")
    def _box_to_fit(self) -> TextElement:
        if self.fit == "shrink" and (self.width is None or self.height is None):
            raise ValueError("fit: shrink needs a box: give the text a width and a height")
        if self.valign != "top" and self.height is None:
            raise ValueError(f"valign: {self.valign} needs a box to sit in: give the text a height")
        if self.min_size is not None and self.min_size > self.size:
            raise ValueError(f"min_size {self.min_size:g} mm is larger than size {self.size:g} mm")
        return self


class RectElement(SharedKeysModel):
    type: Literal["rect"]
    """Draws a rectangle."""
    x: Length = 0.0
    """Left edge, from the face's left trim edge."""
    y: Length = 0.0
    """Top edge, from the face's top trim edge."""
    width: PositiveLength
    """Width of the rectangle."""
    height: PositiveLength
    """Height of the rectangle."""
    radius: NonNegativeLength = 0.0
    """Radius of rounded corners (0: square)."""
    fill: Fill | None = None
    """Colour or gradient inside (none when left out)."""
    stroke: Colour | None = None
    """Colour of the outline (none when left out)."""
    stroke_width: NonNegativeLength = 0.3
    """Width of the outline."""
    dash: Dash | None = None
    """A dashed outline: lengths of dash and gap in turn, e.g. `[2mm, 1mm]` (default: solid)."""
    opacity: Opacity = 1.0
    """How opaque it prints, from 0 (invisible) to 1 (solid, the default)."""

    @model_validator(mode="after")
    def _radius_fits(self) -> RectElement:
        if self.radius * 2 > min(self.width, self.height) + 1e-9:
            raise ValueError(f"radius {self.radius:g} mm is more than half the rectangle's smaller side")
        return self


class EllipseElement(SharedKeysModel):
    type: Literal["ellipse"]
    """Draws an ellipse or a circle."""
    cx: Length
    """Centre, from the face's left trim edge."""
    cy: Length
    """Centre, from the face's top trim edge."""
    rx: PositiveLength
    """Horizontal radius."""
    ry: PositiveLength | None = None
    """Vertical radius (default: `rx`, a circle)."""
    fill: Fill | None = None
    """Colour or gradient inside (none when left out)."""
    stroke: Colour | None = None
    """Colour of the outline (none when left out)."""
    stroke_width: NonNegativeLength = 0.3
    """Width of the outline."""
    dash: Dash | None = None
    """A dashed outline: lengths of dash and gap in turn, e.g. `[2mm, 1mm]` (default: solid)."""
    opacity: Opacity = 1.0
    """How opaque it prints, from 0 (invisible) to 1 (solid, the default)."""


class LineElement(SharedKeysModel):
    type: Literal["line"]
    """Draws a straight line."""
    x1: Length
    """Start, from the face's left trim edge."""
    y1: Length
    """Start, from the face's top trim edge."""
    x2: Length
    """End, from the face's left trim edge."""
    y2: Length
    """End, from the face's top trim edge."""
    stroke: Colour = "#000000"
    """Colour of the line."""
    stroke_width: NonNegativeLength = 0.3
    """Width of the line."""
    dash: Dash | None = None
    """A dashed outline: lengths of dash and gap in turn, e.g. `[2mm, 1mm]` (default: solid)."""
    opacity: Opacity = 1.0
    """How opaque it prints, from 0 (invisible) to 1 (solid, the default)."""


class PolygonElement(SharedKeysModel):
    type: Literal["polygon"]
    """Draws a polygon or an open polyline."""
    points: list[tuple[Length, Length]] = Field(min_length=2, max_length=500)
    """Corners as [x, y] pairs from the face's top-left trim corner."""
    closed: bool = True
    """Join the last point back to the first (false: an open line)."""
    fill: Fill | None = None
    """Colour or gradient inside (none when left out)."""
    stroke: Colour | None = "#000000"
    """Colour of the outline (none: no outline)."""
    stroke_width: NonNegativeLength = 0.3
    """Width of the outline."""
    dash: Dash | None = None
    """A dashed outline: lengths of dash and gap in turn, e.g. `[2mm, 1mm]` (default: solid)."""
    opacity: Opacity = 1.0
    """How opaque it prints, from 0 (invisible) to 1 (solid, the default)."""


class ImageElement(SharedKeysModel):
    """A PNG, JPEG or SVG file inside the kit folder, drawn in a box (default: the whole face); SVG art prints
    as vectors."""

    type: Literal["image"]
    """Draws a PNG or JPEG picture, or SVG art."""
    src: str = Field(max_length=500)
    """The image file (.png, .jpg or .svg), inside the kit folder, relative to the spec."""
    x: Length = 0.0
    """Left edge of the box, from the face's left trim edge."""
    y: Length = 0.0
    """Top edge of the box, from the face's top trim edge."""
    width: PositiveLength | None = None
    """Width of the box (default: to the face's right edge)."""
    height: PositiveLength | None = None
    """Height of the box (default: to the face's bottom edge)."""
    fit: Literal["stretch", "contain", "cover"] = "stretch"
    """How the picture fills its box: `stretch` to the box's shape (the default, as pnp always drew it; a warning
    says when that distorts it), `contain` (the whole picture, centred, proportions kept) or `cover` (the box
    filled, proportions kept, what passes the box cut off)."""
    rotate: float = Field(default=0.0, ge=-360, le=360, description=(
        "degrees clockwise the picture turns about its box's centre"))
    opacity: Opacity = 1.0
    """How opaque it prints, from 0 (invisible) to 1 (solid, the default)."""


Element = Annotated[
    TextElement | RectElement | EllipseElement | LineElement | PolygonElement | ImageElement,
    Field(discriminator="type"),
]


class Face(SharedKeysModel):
    """One side of a piece: background fill (covering the bleed) and elements."""

    fill: Fill | None = None
    """Background colour or gradient of the whole side, bleed included (default: the piece's own)."""
    elements: list[Element] = Field(default=[], max_length=200)
    """What is drawn on this side, first to last (later ones on top)."""
