"""The one place pnp reads svglib beyond its public API: the colours of its gradient shapes.

svglib draws an SVG gradient as a `LinearGradientShape` or `RadialGradientShape` holding its stop colours in
`_rl_colors`; a CMYK press needs them in process inks. pnp changes them only on its own deep copy of a
drawing (`pnp.render.pdf_paint`), never on svglib's objects or its cached drawings.
"""

from __future__ import annotations

from typing import Any


def gradient_colours(node: Any) -> list[Any] | None:
    """The stop colours of an svglib gradient shape (None for any other node)."""
    colours = getattr(node, "_rl_colors", None)
    return list(colours) if isinstance(colours, list) else None


def set_gradient_colours(node: Any, colours: list[Any]) -> None:
    """Give a gradient shape of pnp's own copy of a drawing new stop colours."""
    node._rl_colors = colours
