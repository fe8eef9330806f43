"""The fonts pnp prints with (DejaVu, shipped in pnp/fonts/), each registered with reportlab when first used.

Input: font names used by the page description ("sans", "sans-bold", "sans-italic", "sans-bold-italic",
"mono").
Output: reportlab font names, text widths in mm, and the characters a font cannot show. Widths, glyph boxes
and character maps of our fonts come from `pnp.text.font_metrics` (the values reportlab computes), so measuring text
for layout or validation loads no PDF library; reportlab is imported when a font is registered for drawing.
A kit's own TrueType files are registered with `own_font` under a name made from their content ("own-…"),
which the page description then uses like ours (their metrics come from reportlab, which reads them).
"""

from __future__ import annotations

import hashlib
import io
import struct
import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from pnp.text.font_files import _OWN, _OWN_DATA, FONT_DIR, FONT_FILES
from pnp.text.font_metrics import FontMetrics, read_metrics
from pnp.text.shaping import font_for, needs_shaping, shaped_width

REPORTLAB_NAMES: dict[str, str] = {
    "sans": "DejaVuSans",
    "sans-bold": "DejaVuSans-Bold",
    "sans-italic": "DejaVuSans-Oblique",
    "sans-bold-italic": "DejaVuSans-BoldOblique",
    "mono": "DejaVuSansMono",
    "cjk": "NotoSansCJKjp",
    "arabic": "NotoSansArabic",
    "hebrew": "NotoSansHebrew",
}
"""Our font names and the names they are registered under in reportlab (and used as SVG families)."""

SVG_FAMILIES: dict[str, tuple[str, str, str]] = {
    "sans": ("DejaVu Sans", "normal", "normal"),
    "sans-bold": ("DejaVu Sans", "bold", "normal"),
    "sans-italic": ("DejaVu Sans", "normal", "italic"),
    "sans-bold-italic": ("DejaVu Sans", "bold", "italic"),
    "mono": ("DejaVu Sans Mono", "normal", "normal"),
    "cjk": ("Noto Sans CJK JP", "normal", "normal"),
    "arabic": ("Noto Sans Arabic", "normal", "normal"),
    "hebrew": ("Noto Sans Hebrew", "normal", "normal"),
}
"""SVG font-family, font-weight and font-style for each of our fonts."""


MAX_FONT_CODE_POINTS = 200_000
"""Cap on the characters one character map (`cmap` subtable) of a kit's font may map. Unicode assigns about
150,000 characters and a full CJK font maps about 65,000; reportlab (and the SVG subsetter) build a table entry
for every mapped code point, so a 28-byte group spanning 0..0xFFFFFFFF would cost minutes and gigabytes."""


class FontFileError(ValueError):
    """A font file that cannot be used: the message says why, for a located error (`hint`: what to do, when
    it is not the usual "download the font again")."""

    def __init__(self, message: str, hint: str = ""):
        super().__init__(message)
        self.hint = hint


def _u16(data: bytes, at: int) -> int:
    return int.from_bytes(data[at:at + 2], "big") if at + 2 <= len(data) else 0


def _segment_count(data: bytes, at: int) -> int:
    """Code points a format-4 subtable at `at` maps: the sum of its segments' ranges (overlaps counted twice,
    as reportlab walks them)."""
    segments = _u16(data, at + 6) // 2
    ends = at + 14
    starts = ends + 2 * segments + 2
    total = 0
    for i in range(segments):
        end, start = _u16(data, ends + 2 * i), _u16(data, starts + 2 * i)
        total += max(end - start + 1, 0)
    return total


def _group_count(data: bytes, at: int) -> int:
    """Code points a format-12/13 subtable at `at` maps: the sum of its groups' ranges (only the groups the
    table holds, never expanded)."""
    groups = int.from_bytes(data[at + 12:at + 16], "big")
    body = memoryview(data)[at + 16:]
    body = body[:min(groups, len(body) // 12) * 12]
    total = 0
    for start, end, _glyph in struct.iter_unpack(">LLL", body):
        total += max(end - start + 1, 0)
        if total > MAX_FONT_CODE_POINTS:
            break
    return total


def check_character_map(data: bytes) -> None:
    """Raise FontFileError when a character map of the TrueType font `data` maps more than
    MAX_FONT_CODE_POINTS code points; counted from its segment and group ranges, which are never expanded."""
    from fontTools.ttLib import TTFont as ToolsFont

    try:
        cmap = ToolsFont(io.BytesIO(data), lazy=True).getTableData("cmap")
    except KeyError:
        return  # no character map: reportlab says so
    except Exception as exc:
        raise FontFileError(f"its table directory cannot be read ({exc or type(exc).__name__})") from None
    records = min(_u16(cmap, 2), max(len(cmap) - 4, 0) // 8)
    for record in range(records):
        at = int.from_bytes(cmap[4 + 8 * record + 4:4 + 8 * record + 8], "big")
        kind = _u16(cmap, at)
        mapped = _segment_count(cmap, at) if kind == 4 else _group_count(cmap, at) if kind in (12, 13) else 0
        if mapped > MAX_FONT_CODE_POINTS:
            raise FontFileError(f"its character map (cmap format {kind}) maps more than "
                                f"{MAX_FONT_CODE_POINTS:,} code points",
                                "use the font's original file (a text font maps at most about 150,000 characters)")


def own_font(path: Path, data: bytes) -> str:
    """Register the font `data` (read from `path`) with reportlab; return its font name. A CFF-outline
    OpenType font or a collection is made plain TrueType first (`pnp.text.font_convert`).

    Raises FontFileError when reportlab cannot read or embed it (damaged, or its licence bits forbid
    embedding), or when its character map is too large to read (`check_character_map`, before reportlab)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from pnp.text.font_convert import plain_truetype

    name = "own-" + hashlib.sha256(data).hexdigest()[:16]
    if name in _OWN:
        return name
    check_character_map(_first_of_collection(data) if data[:4] == b"ttcf" else data)
    try:
        data = plain_truetype(data)
    except Exception as exc:
        raise FontFileError(f"it cannot be converted to TrueType outlines ({exc or type(exc).__name__})",
                            "use the TrueType-outline (.ttf) version of the font, or a subset of it") from None
    try:
        face = TTFont(name, io.BytesIO(data))
        face.face.makeSubset([ord(c) for c in "Aa0 "])  # proves the font can be cut into subsets
    except Exception as exc:
        raise FontFileError(str(exc) or type(exc).__name__) from None
    pdfmetrics.registerFont(face)
    _OWN[name] = path
    _OWN_DATA[name] = data
    return name


def _first_of_collection(data: bytes) -> bytes:
    """The first font of a collection as a file of its own (for the character map check)."""
    from fontTools.ttLib import TTCollection

    try:
        out = io.BytesIO()
        TTCollection(io.BytesIO(data), lazy=True).fonts[0].save(out)
    except Exception as exc:
        raise FontFileError(f"its collection cannot be read ({exc or type(exc).__name__})") from None
    return out.getvalue()


def svg_family(font: str) -> tuple[str, str, str]:
    """SVG font-family, font-weight and font-style for a font (an own font is a family of its own)."""
    if font in _OWN:
        return font, "normal", "normal"
    return SVG_FAMILIES[font]


@cache
def _registered(font: str) -> str:
    """Register one of our fonts with reportlab on first use; return its reportlab name."""
    if font in _OWN:
        return font
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    name = REPORTLAB_NAMES[font]
    pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / FONT_FILES[font])))
    # registerFont makes the font a family of its own; keep DejaVuSans's bold and italic members mapped
    pdfmetrics.registerFontFamily(
        "DejaVuSans",
        normal="DejaVuSans",
        bold="DejaVuSans-Bold",
        italic="DejaVuSans-Oblique",
        boldItalic="DejaVuSans-BoldOblique",
    )
    return name


def register_fonts() -> None:
    """Register every shipped TrueType font with reportlab (for markup that switches fonts by family)."""
    for font in FONT_FILES:
        _registered(font)


def reportlab_name(font: str) -> str:
    """The reportlab font name for one of our fonts, registered (embedded as subsets in PDFs) on first use."""
    return _registered(font)


@cache
def _metrics(font: str) -> FontMetrics:
    return read_metrics(FONT_DIR / FONT_FILES[font])


def _own_face(font: str) -> Any:
    """reportlab's face of an own font (registered by `own_font`)."""
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.getFont(font).face


@lru_cache(maxsize=8192)
def _em_width(text: str, font: str) -> float:
    if font in _OWN:
        from reportlab.pdfbase import pdfmetrics

        return float(pdfmetrics.stringWidth(text, font, 1000.0))
    return _metrics(font).string_width(text)


def text_width_mm(text: str, font: str, size_mm: float) -> float:
    """Width of `text` set in `font` at `size_mm` (em size in mm); shaped (`pnp.text.shaping`) when it needs it."""
    if needs_shaping(text):
        return shaped_width(text, font) * size_mm / 1000.0
    return _em_width(text, font) * size_mm / 1000.0


@cache
def glyph_box(font: str) -> tuple[float, float, float, float]:
    """The box around every glyph of `font` relative to its origin, in ems, y up: x0, y0, x1, y1."""
    x0, y0, x1, y1 = _own_face(font).bbox if font in _OWN else _metrics(font).bbox
    return x0 / 1000.0, y0 / 1000.0, x1 / 1000.0, y1 / 1000.0


def missing_glyphs(text: str, font: str = "sans") -> list[str]:
    """Characters of `text` (other than line breaks) that `font` has no glyph for, in order, once each."""
    if text.isascii() and text.isprintable() and font not in _OWN:
        return []  # every font we ship covers printable ASCII
    cmap = _own_face(font).charToGlyph if font in _OWN else _metrics(font).chars
    chain = needs_shaping(text)
    missing: list[str] = []
    for ch in text:
        if ch in "\n\r\t" or ord(ch) in cmap or ch in missing:
            continue
        if chain and (font_for(ch, font) is not None or _is_format_control(ch)):
            continue  # a fallback font draws it
        missing.append(ch)
    return missing


def _is_format_control(char: str) -> bool:
    """Bidirectional marks and joiners: they steer shaping and order, no glyph is drawn for them."""
    return unicodedata.category(char) == "Cf"
