"""The one place pnp relies on svglib beyond its public API (svglib 1.5 to 2.x; pyproject caps it below 3).

svglib turns a checked SVG file (`pnp.source.svg_art`) into a reportlab drawing, which the PDF backend draws
as vectors. Its font map has no public way to look a family up without opening files: its own `find_font`
opens `<font-family>.ttf` from any path the art names and runs fc-match. `_standard_fonts` maps every family
to a standard PDF font through the map's own tables (`_family_index`, `_map`).
svglib also draws an SVG gradient as a `LinearGradientShape` or `RadialGradientShape` holding its stop colours
in `_rl_colors`; a CMYK press needs them in process inks (`gradient_colours`, `set_gradient_colours`). pnp
changes them only on its own deep copy of a drawing (`pnp.render.pdf_paint`), never on svglib's objects or its
cached drawings.
`tests/test_library_internals.py` fails the day svglib's font map stops answering as pnp expects.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

_DRAWINGS: dict[str, Any] = {}
"""The last drawings made, by content key (at most `_KEPT`; a long preview session sees many files)."""
_KEPT = 64


def vector_drawing(path: Path, key: str, read: Callable[[Path, str], bytes]) -> Any:
    """svglib's reportlab drawing of a checked SVG file (`pnp.source.svg_art` refused anything unsafe), parsed from
    the bytes `read(path, key)` gives (the checked ones: `pnp.source.images.read_as_checked`), never from the
    path again. Its text is set in the PDF's standard fonts only, and no file but itself is opened (also a guard
    behind the check)."""
    drawing = _DRAWINGS.get(key)
    if drawing is None:
        from svglib.svglib import svg2rlg

        drawing = svg2rlg(io.BytesIO(read(path, key)), font_map=_standard_fonts(),
                          external_reference_root=str(path.resolve()))
        if len(_DRAWINGS) >= _KEPT:
            del _DRAWINGS[next(iter(_DRAWINGS))]
        _DRAWINGS[key] = drawing
    return drawing


@lru_cache(maxsize=1)
def _standard_fonts() -> Any:
    """An svglib font map that maps every family to a standard PDF font: svglib's own one opens
    `<font-family>.ttf` from any path the art names (font-family="/home/x/font") and runs fc-match."""
    from svglib.fonts import DEFAULT_FONT_NAME, STANDARD_FONT_NAMES, FontMap

    class StandardFonts(FontMap):  # type: ignore[misc]
        def find_font(self, font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
            name = self._family_index.get(font_name.lower(), font_name)
            internal = FontMap.build_internal_name(name, weight, style)
            if internal in STANDARD_FONT_NAMES:
                return internal, True
            if internal in self._map:
                return str(self._map[internal]["rlgFont"]), bool(self._map[internal]["exact"])
            return DEFAULT_FONT_NAME, False

    return StandardFonts()


def gradient_colours(node: Any) -> list[Any] | None:
    """The stop colours of an svglib gradient shape (None for any other node)."""
    colours = getattr(node, "_rl_colors", None)
    return list(colours) if isinstance(colours, list) else None


def set_gradient_colours(node: Any, colours: list[Any]) -> None:
    """Give a gradient shape of pnp's own copy of a drawing new stop colours."""
    node._rl_colors = colours
