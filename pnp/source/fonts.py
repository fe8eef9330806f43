"""Font files named by specs: a font file inside the kit folder, under the size cap, readable and embeddable.

The first bytes say what the file is: TrueType, CFF-outline OpenType (`OTTO`, converted to TrueType outlines
when loaded, `pnp.text.font_convert`) or a collection (`.ttc`, its first font) are read; a web font is refused
with what to use instead, before any parsing. The rest is parsed by fontTools and reportlab, and any failure is
a located error, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.source.files import resolve_inside
from pnp.text.fonts import FontFileError, own_font

MAX_FONT_BYTES = 30_000_000
"""Cap on a font file's size (a Latin family member is under 1 MB; a full CJK font about 20 MB)."""

_READ = (b"\x00\x01\x00\x00", b"true", b"OTTO", b"ttcf")
"""TrueType, CFF-outline OpenType and collections."""
_REFUSED = {
    b"wOFF": ("is a WOFF web font", "use the font's TrueType (.ttf) or OpenType (.otf) file"),
    b"wOF2": ("is a WOFF2 web font", "use the font's TrueType (.ttf) or OpenType (.otf) file"),
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
    if head not in _READ:
        raise SpecError(Diagnostic.at(mark, "spec.font", f"{src!r} is not a TrueType or OpenType font file "
                                      "(checked its content)", "give a .ttf, .otf or .ttc font file"))
    try:
        return own_font(path, data)
    except FontFileError as exc:
        raise SpecError(Diagnostic.at(mark, "spec.font", f"{src!r} cannot be used as a font: {exc}",
                                      exc.hint or "the file may be damaged or truncated: download the font again"
                                      )) from None
