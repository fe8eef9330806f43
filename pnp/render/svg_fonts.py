"""A kit's own fonts in SVG: each font used on a page embedded as a base64 `@font-face` of just its glyphs.

Why embed a subset rather than turn the glyphs into paths: the text stays text (selectable, searchable, read
aloud), each glyph is stored once however often it is drawn, and the browser draws the font's own outlines, as
the PDF does. The subset (fontTools) keeps the outlines and advance widths but drops the layout tables (kerning,
ligatures): the PDF sets each glyph at its advance width, and so the browser does too, so runs and lines are as
wide in both and a line of marked-up runs joins up the same way.
"""

from __future__ import annotations

import base64
import io
from functools import cache

from pnp.render.svg_outline import quiet_font_tools
from pnp.text.font_files import font_data


@cache
def _subset(font: str, chars: frozenset[str]) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "DSIG"]
    options.hinting = False
    options.name_IDs = ["*"]  # keeps the copyright and licence names
    options.notdef_outline = True
    with quiet_font_tools():
        face = TTFont(io.BytesIO(font_data(font)), recalcTimestamp=False)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(ord(c) for c in chars))
        subsetter.subset(face)
        out = io.BytesIO()
        face.save(out)
    return out.getvalue()


def font_faces(used: dict[str, set[str]]) -> str:
    """CSS `@font-face` rules embedding each own font (by name) with the characters drawn in it."""
    rules = []
    for font in sorted(used):
        data = base64.b64encode(_subset(font, frozenset(used[font]))).decode("ascii")
        rules.append(f'@font-face{{font-family:"{font}";src:url(data:font/ttf;base64,{data}) format("truetype");}}')
    return "\n".join(rules)
