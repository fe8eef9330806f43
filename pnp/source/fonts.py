"""Font files named by specs: a TrueType file inside the kit folder, under the size cap, readable and embeddable.

The first bytes say what the file is: a CFF-outline OpenType (`OTTO`), a web font or a collection is refused
with what to use instead, before any parsing; the rest is parsed by reportlab, and any failure is a located
error, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.source.files import resolve_inside
from pnp.text.fonts import FontFileError, own_font

MAX_FONT_BYTES = 30_000_000
"""Cap on a font file's size (a Latin family member is under 1 MB; a full CJK font about 20 MB)."""

_TRUETYPE = (b"\x00\x01\x00\x00", b"true")
_REFUSED = {
    b"OTTO": ("is an OpenType font with CFF (PostScript) outlines, which cannot be embedded in the PDF",
              "use the TrueType-outline version of the font (a .ttf file; most font families ship one)"),
    b"wOFF": ("is a WOFF web font", "use the font's TrueType (.ttf) file"),
    b"wOF2": ("is a WOFF2 web font", "use the font's TrueType (.ttf) file"),
    b"ttcf": ("is a font collection (.ttc)", "use a single TrueType (.ttf) file of the family"),
}


def check_font(root: Path, base: Path, src: str, mark: Mark, max_bytes: int = MAX_FONT_BYTES) -> str:
    """Resolve, check and register a font path from a spec; its font name. SpecError (at `mark`) when unusable."""
    path = resolve_inside(root, base, src, mark, what="font")
    size = path.stat().st_size
    if size > max_bytes:
        raise SpecError(Diagnostic.at(mark, "spec.font", f"{src!r} is {size:,} bytes, over the cap of "
                                      f"{max_bytes:,} bytes for a font file",
                                      "use a smaller font file (one family member per file)"))
    data = path.read_bytes()
    head = data[:4]
    if head in _REFUSED:
        message, hint = _REFUSED[head]
        raise SpecError(Diagnostic.at(mark, "spec.font", f"{src!r} {message}", hint))
    if head not in _TRUETYPE:
        raise SpecError(Diagnostic.at(mark, "spec.font", f"{src!r} is not a TrueType font file (checked its content)",
                                      "give a .ttf font file"))
    try:
        return own_font(path, data)
    except FontFileError as exc:
        raise SpecError(Diagnostic.at(mark, "spec.font", f"{src!r} cannot be used as a font: {exc}",
                                      exc.hint or "the file may be damaged or truncated: download the font again"
                                      )) from None
