"""How a kit's shapes and texts are painted beyond a flat colour: gradient fills, opacity, dashed strokes and
text outlines (the keys elements and faces share)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, Discriminator, Field, Tag

from pnp.model.base import SpecModel
from pnp.model.colour import Colour
from pnp.units import PositiveLength


class LinearFill(SpecModel):
    """A fill shading from one colour to another along a straight line across the shape."""

    linear: tuple[Colour, Colour] = Field(description="the colours at the start and at the end, e.g. "
                                          "`[gold, firebrick]`")
    angle: float = Field(default=0.0, ge=-360, le=360, description="the direction it runs in, degrees clockwise: "
                         "0 from left to right, 90 from top to bottom")


class RadialFill(SpecModel):
    """A fill shading from one colour at the shape's centre to another at its edge."""

    radial: tuple[Colour, Colour] = Field(description="the colours at the centre and at the edge, e.g. "
                                          "`[white, navy]`")


def _fill_kind(value: Any) -> str:
    """Which form a fill is written in: a colour (text) or a gradient (a mapping with `radial:` or `linear:`).
    The tags are no keys of the mapping, so that an error's place skips them."""
    if isinstance(value, dict):
        return "radial gradient" if "radial" in value else "linear gradient"
    if isinstance(value, RadialFill | LinearFill):
        return "radial gradient" if isinstance(value, RadialFill) else "linear gradient"
    return "colour"


Fill = Annotated[
    Annotated[Colour, Tag("colour")] | Annotated[LinearFill, Tag("linear gradient")]
    | Annotated[RadialFill, Tag("radial gradient")],
    Discriminator(_fill_kind),
    Field(description="a colour, or a gradient: `{linear: [COLOUR, COLOUR], angle: DEG}` or "
          "`{radial: [INNER, OUTER]}`"),
]
"""A shape's or a face's fill: a colour or a gradient."""

Opacity = Annotated[float, Field(ge=0.0, le=1.0, description="how opaque it prints, from 0 (invisible) to 1 "
                                 "(solid, the default); what is under it shows through")]

MIN_DASH_MM = 0.05
"""The shortest dash or gap (mm): finer ones print as a solid line, and ones under the output's precision were
written as `[0 0] 0 d`, a dash pattern the PDF format does not allow."""


def _printable_dash(dash: list[float]) -> list[float]:
    finest = min(dash)
    if finest < MIN_DASH_MM:
        raise ValueError(f"a dash or gap of {finest:g} mm is too fine to print; give each at least {MIN_DASH_MM:g} mm")
    return dash


Dash = Annotated[list[PositiveLength], Field(min_length=2, max_length=8, description=(
    f"a dashed outline: lengths of dash and gap, in turn, each at least {MIN_DASH_MM:g} mm, e.g. `[2mm, 1mm]` "
    "(default: a solid line)")), AfterValidator(_printable_dash)]


class TextOutline(SpecModel):
    """A line around the letters of a text, drawn under them so they keep their shape."""

    colour: Colour
    """Colour of the outline."""
    width: PositiveLength = 0.3
    """How far the outline reaches out of the letters (default 0.3 mm)."""


TemplateText = Annotated[str, Field(max_length=500)]


class LayoutLinearFill(SpecModel):
    """A linear gradient of a deck's layout: its colours and angle may be `{{ card.X }}` templates, checked per
    card once rendered."""

    linear: tuple[TemplateText, TemplateText] = Field(description="the colours at the start and at the end")
    angle: float | TemplateText = Field(default=0.0, description="the direction it runs in, degrees clockwise: "
                                        "0 from left to right, 90 from top to bottom")


class LayoutRadialFill(SpecModel):
    """A radial gradient of a deck's layout: its colours may be `{{ card.X }}` templates."""

    radial: tuple[TemplateText, TemplateText] = Field(description="the colours at the centre and at the edge")
