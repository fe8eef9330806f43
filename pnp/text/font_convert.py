"""Font files reportlab cannot embed as they are, made into plain TrueType: a CFF-outline OpenType (`OTTO`)
has its cubic outlines converted to quadratic TrueType ones (fontTools' cu2qu, within 1/1000 em), a
collection (`.ttc`) gives its first font. Glyph ids, metrics and layout tables stay as they were, so shaping
and outlines read from either file agree.
"""

from __future__ import annotations

import io
from typing import Any

MAX_CONVERTED_GLYPHS = 30_000
"""Cap on the glyphs of a CFF font converted when a kit loads it (about 1.5 s per 1,000 glyphs)."""


def to_truetype(font: Any) -> None:
    """Replace the CFF outlines of the fontTools `font` with quadratic TrueType ones, in place."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, max_err=2.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    for tag in ("CFF ", "CFF2", "VORG"):
        if tag in font:
            del font[tag]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 3.0
    font.sfntVersion = "\x00\x01\x00\x00"


def plain_truetype(data: bytes) -> bytes:
    """`data` as a single TrueType-outline font: unchanged when it is one; ValueError when it cannot be
    converted (too many glyphs, no outlines)."""
    from fontTools.ttLib import TTCollection, TTFont

    if data[:4] not in (b"OTTO", b"ttcf"):
        return data
    source = io.BytesIO(data)
    font = (TTCollection(source, recalcTimestamp=False).fonts[0] if data[:4] == b"ttcf"
            else TTFont(source, recalcTimestamp=False))
    if "glyf" not in font:
        if "CFF " not in font:
            raise ValueError("it has neither TrueType nor CFF outlines")
        glyphs = len(font.getGlyphOrder())
        if glyphs > MAX_CONVERTED_GLYPHS:
            raise ValueError(f"its CFF outlines are {glyphs:,} glyphs, over the {MAX_CONVERTED_GLYPHS:,} pnp "
                             f"converts to TrueType when it loads a kit")
        to_truetype(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
