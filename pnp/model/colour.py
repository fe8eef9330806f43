"""Colours in specs: `#rgb`, `#rrggbb` or a name from pnp/data/layouts/colours.yaml, normalised to `#rrggbb`;
or process inks `cmyk(0%, 20%, 100%, 0%)` (or 0..1 fractions), normalised to `cmyk(0,20,100,0)` (percent), which a
CMYK PDF writes as given and RGB output shows by the naive conversion (`rgb_hex`).

The text is checked against these forms before anything else looks at it.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BeforeValidator

from pnp.model.inks import cmyk_of, rgb_hex, total_ink
from pnp.model.named import LayoutNames
from pnp.source.layouts import layout_data
from pnp.text.suggest import HintedValueError, did_you_mean
from pnp.units import BuiltOnce

_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_NUMBER = r"\s*([0-9]+(?:\.[0-9]+)?|\.[0-9]+)\s*(%?)\s*"
_CMYK = re.compile(rf"^cmyk\({_NUMBER},{_NUMBER},{_NUMBER},{_NUMBER}\)$", re.IGNORECASE)
__all__ = ["INK_LIMIT", "Colour", "cmyk_of", "parse_colour", "rgb_hex", "total_ink"]
INK_LIMIT = 300.0
"""Most total ink (percent) a press takes on coated paper; more is a `press.ink_limit` warning."""


def _cmyk_text(match: re.Match[str]) -> str:
    """`cmyk(c,m,y,k)` in percent from a matched `cmyk(...)`: values with % are percent, without it fractions."""
    groups = match.groups()
    values = []
    for number, percent in zip(groups[::2], groups[1::2], strict=True):
        value = float(number) if percent else float(number) * 100
        if value > 100:
            raise HintedValueError(f"an ink amount of {value:g} % is over 100 %",
                                   "write each ink as 0% to 100% (or 0 to 1), e.g. cmyk(0%, 20%, 100%, 0%)")
        values.append(f"{round(value, 3):g}")
    return f"cmyk({','.join(values)})"


def parse_colour(value: object) -> str:
    """Normalise a colour to `#rrggbb`; raise ValueError naming the accepted forms."""
    if not isinstance(value, str):
        raise ValueError("a colour is text: #rrggbb, #rgb, cmyk(c%, m%, y%, k%) or a name such as red")
    text = value.strip()
    if _HEX.match(text):
        digits = text[1:].lower()
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        return f"#{digits}"
    cmyk = _CMYK.match(text)
    if cmyk:
        return _cmyk_text(cmyk)
    named = layout_data("colours")
    if text.lower() in named:
        return str(named[text.lower()])
    shown = text if len(text) <= 30 else text[:27] + "..."
    if "{{" in text:
        raise HintedValueError(
            f"{shown!r} is a template, and templates are not filled in here",
            "templates take each card's fields in a deck's `front:` layout, in its fill "
            "(`front: {fill: \"{{ card.colour }}\"}`) and its elements; write the colour itself here")
    raise HintedValueError(
        f"{shown!r} is not a colour; use #rrggbb, #rgb, cmyk(0%, 20%, 100%, 0%) or one of: {', '.join(sorted(named))}",
        did_you_mean(text, named),
    )


Colour = Annotated[str, BuiltOnce(Annotated[str, BeforeValidator(parse_colour), LayoutNames("colours")])]
