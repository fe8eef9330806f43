"""Where each font's TrueType data comes from: the fonts shipped in pnp/fonts/ and the kit's own fonts
registered in this process. Read by the font metrics (`pnp.text.fonts`) and by shaping (`pnp.text.shaping`)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pnp.data import resource_path

FONT_DIR = resource_path("pnp", "fonts")

FONT_FILES: dict[str, str] = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "sans-italic": "DejaVuSans-Oblique.ttf",
    "sans-bold-italic": "DejaVuSans-BoldOblique.ttf",
    "mono": "DejaVuSansMono.ttf",
    "cjk": "NotoSansCJKjp-Subset.ttf",
    "arabic": "NotoSansArabic-Regular.ttf",
    "hebrew": "NotoSansHebrew-Regular.ttf",
}
"""Our font names and their files (the last three are the fallbacks of `pnp.text.shaping`)."""

_OWN: dict[str, Path] = {}
"""Own fonts registered in this process: their name and file."""
_OWN_DATA: dict[str, bytes] = {}
"""Own fonts registered in this process: their name and TrueType data (a CFF font or collection converted)."""


def font_data(font: str) -> bytes:
    """The TrueType data of one of our fonts or an own font (as registered: converted when it was CFF)."""
    if font in _OWN_DATA:
        return _OWN_DATA[font]
    return _file_data(font)


@cache
def _file_data(font: str) -> bytes:
    return (FONT_DIR / FONT_FILES[font]).read_bytes()


def is_own(font: str) -> bool:
    """Whether `font` is a kit's own font (registered by `own_font`)."""
    return font in _OWN


def own_font_file(font: str) -> Path:
    """The file an own font was read from."""
    return _OWN[font]
