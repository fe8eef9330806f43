"""Names from pnp/data/layouts/*.yaml (paper sizes, card presets, colours) as JSON Schema, for `pnp schema`.

pnp reads these names in any case (`A4`, `Red`); the schema lists them as an `enum` (what editors complete)
and also accepts any case of them through a pattern. The data files are read when a schema is made.
"""

from __future__ import annotations

from typing import Any

from pydantic import GetJsonSchemaHandler
from pydantic_core import CoreSchema

from pnp.source.layouts import layout_data

HEX_COLOUR = r"^\s*#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})\s*$"
CMYK_COLOUR = r"^\s*[cC][mM][yY][kK]\(\s*(\d+(\.\d+)?|\.\d+)\s*%?\s*(,\s*(\d+(\.\d+)?|\.\d+)\s*%?\s*){3}\)\s*$"
"""A colour in process inks, `cmyk(0%, 20%, 100%, 0%)` or fractions (`pnp.model.colour`)."""


def any_case_pattern(names: list[str], spaces: bool = False) -> str:
    """A regular expression (JSON Schema dialect) matching exactly one of `names` in any case."""
    def letters(name: str) -> str:
        return "".join(f"[{c.lower()}{c.upper()}]" if c.lower() != c.upper() else f"[{c}]" for c in name)

    pad = r"\s*" if spaces else ""
    return f"^{pad}({'|'.join(letters(n) for n in names)}){pad}$"


def names_schema(names: list[str], spaces: bool = False) -> list[dict[str, Any]]:
    """The alternatives for a name of `names`: the enum, then the same names in any case."""
    return [{"type": "string", "enum": names}, {"type": "string", "pattern": any_case_pattern(names, spaces)}]


class LayoutNames:
    """Attached to a field (`Annotated[str, ..., LayoutNames("papers")]`): its JSON Schema is a name of that
    layout file (or a `#rgb`/`#rrggbb` text too, for `colours`)."""

    def __init__(self, data: str) -> None:
        self.data = data

    def __get_pydantic_json_schema__(self, core: CoreSchema, handler: GetJsonSchemaHandler) -> dict[str, Any]:
        names = sorted(layout_data(self.data))
        if self.data == "colours":
            return {"anyOf": [{"type": "string", "pattern": HEX_COLOUR}, {"type": "string", "pattern": CMYK_COLOUR},
                              *names_schema(names, spaces=True)]}
        return {"anyOf": names_schema(names)}
