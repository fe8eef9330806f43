"""Colours in specs: `#rgb`, `#rrggbb` or a name from pnp/data/layouts/colours.yaml, normalised to `#rrggbb`.

The text is checked against these forms before anything else looks at it.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BeforeValidator

from pnp.model.named import LayoutNames
from pnp.source.layouts import layout_data
from pnp.text.suggest import HintedValueError, did_you_mean
from pnp.units import BuiltOnce

_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def parse_colour(value: object) -> str:
    """Normalise a colour to `#rrggbb`; raise ValueError naming the accepted forms."""
    if not isinstance(value, str):
        raise ValueError("a colour is text: #rrggbb, #rgb or a name such as red")
    text = value.strip()
    if _HEX.match(text):
        digits = text[1:].lower()
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        return f"#{digits}"
    named = layout_data("colours")
    if text.lower() in named:
        return str(named[text.lower()])
    shown = text if len(text) <= 30 else text[:27] + "..."
    raise HintedValueError(
        f"{shown!r} is not a colour; use #rrggbb, #rgb or one of: {', '.join(sorted(named))}",
        did_you_mean(text, named),
    )


Colour = Annotated[str, BuiltOnce(Annotated[str, BeforeValidator(parse_colour), LayoutNames("colours")])]
