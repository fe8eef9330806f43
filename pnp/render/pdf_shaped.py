"""Shaped text in a PDF: glyphs placed by id, in Type 0 fonts pnp subsets itself, text mapped back to Unicode.

Input: a scene `Text` whose text needs shaping (`pnp.text.shaping.needs_shaping`). Output: the operators that
show its glyphs (visual order, each where HarfBuzz placed it: offsets through TJ, marks raised with Ts), in
one Type 0 font (Identity-H, glyph ids as codes) per font used in the document. When the document is saved,
each font is cut by fontTools to the glyphs shown (glyph ids kept) and written with its widths and a ToUnicode
map from each glyph to the logical characters of its cluster, so text extraction gives the text as written.
Bold text in a script whose font has no bold face is drawn faux bold: its glyphs filled and stroked.
"""

from __future__ import annotations

import io
import weakref
from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from pnp.render.reportlab_internals import DeferredFont, defer_font, document, type0_objects
from pnp.text.font_files import font_data, is_own
from pnp.text.fonts import REPORTLAB_NAMES
from pnp.text.shaping import ShapedLine, faux_bold, glyph_advance, shape_line


class _Subset:
    """One font's glyphs shown in a document: glyph id -> its advance (1/1000 em) and the text it stands for."""

    def __init__(self, font: str, name: str) -> None:
        self.font = font
        self.name = name
        self.glyphs: dict[int, tuple[float, str]] = {}

    def use(self, gid: int, text: str, advance: float) -> None:
        known = self.glyphs.get(gid)
        if known is None or (text and not known[1]):
            self.glyphs[gid] = (advance, text)

    def objects(self, doc: Any) -> Any:
        """The font's PDF objects (called when the document is saved)."""
        data, upem, box, ascent, descent = _cut(font_data(self.font), sorted(self.glyphs))
        scale = 1000.0 / upem
        family = REPORTLAB_NAMES.get(self.font, self.font) if not is_own(self.font) else self.font
        base = f"{_tag(self.name)}+{family}"
        widths: list[Any] = []
        for gid in sorted(self.glyphs):
            widths += [gid, [round(self.glyphs[gid][0], 1)]]
        descriptor = {"Flags": 4, "ItalicAngle": 0, "Ascent": round(ascent * scale),
                      "Descent": round(descent * scale), "CapHeight": round(ascent * scale), "StemV": 80,
                      "FontBBox": [round(v * scale) for v in box]}
        return type0_objects(doc, base, data, descriptor, widths, _to_unicode(base, self.glyphs))


def _tag(name: str) -> str:
    """Six capital letters naming a subset (as PDF asks for subset fonts), from its resource name."""
    number = int(name.removeprefix("PNPG"))
    return "".join(chr(ord("A") + (number // 26 ** i) % 26) for i in range(6))


def _cut(data: bytes, gids: list[int]) -> tuple[bytes, int, tuple[int, int, int, int], int, int]:
    """The TrueType `data` cut to `gids` (ids kept), its units per em, box, ascent and descent."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), recalcTimestamp=False)
    options = subset.Options()
    options.retain_gids = True
    options.notdef_outline = True
    options.layout_features = []
    options.hinting = False
    options.name_IDs = [1, 2]
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "DSIG", "FFTM"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(gids=[0, *gids])
    subsetter.subset(font)
    head, hhea = font["head"], font["hhea"]
    out = io.BytesIO()
    font.save(out)
    return (out.getvalue(), head.unitsPerEm, (head.xMin, head.yMin, head.xMax, head.yMax), hhea.ascent,
            hhea.descent)


def _to_unicode(base: str, glyphs: dict[int, tuple[float, str]]) -> bytes:
    """A ToUnicode CMap from each glyph id to the characters it stands for."""
    entries = [(gid, text) for gid, (_, text) in sorted(glyphs.items()) if text]
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             f"/CMapName /{base}-UCS def", "/CMapType 2 def", "1 begincodespacerange", "<0000> <FFFF>",
             "endcodespacerange"]
    for at in range(0, len(entries), 100):
        block = entries[at:at + 100]
        lines.append(f"{len(block)} beginbfchar")
        lines += [f"<{gid:04X}> <{text.encode('utf-16-be').hex().upper()}>" for gid, text in block]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines).encode("ascii")


class ShapedFonts:
    """The Type 0 fonts of one document, one per font shown shaped, written when it is saved."""

    def __init__(self) -> None:
        self.subsets: dict[str, _Subset] = {}

    def _subset(self, canvas: Canvas, font: str) -> _Subset:
        subset = self.subsets.get(font)
        if subset is None:
            subset = self.subsets[font] = _Subset(font, f"PNPG{len(self.subsets) + 1}")
            defer_font(canvas, DeferredFont(subset.name, lambda s=subset, c=canvas: s.objects(document(c))))
        return subset

    def shown(self, canvas: Canvas, text: str, font: str, size: float, embolden: bool = True) -> tuple[str, float]:
        """The operators showing `text` (in a text object whose matrix is set) and its width in mm; with
        `embolden`, its faux bold glyphs (`pnp.text.shaping.faux_bold`) in text render mode 2, filled and stroked
        (the stroke's colour and width are the caller's), and mode 0 again after them."""
        line = shape_line(text, font)
        return self._operators(canvas, line, size, font if embolden else ""), line.width * size / 1000.0

    def _operators(self, canvas: Canvas, line: ShapedLine, size: float, bold: str) -> str:
        parts: list[str] = []
        codes: list[str] = []
        current, rise, at, stroked = "", 0.0, 0.0, False

        def flush() -> None:
            if codes:
                parts.append(f"[{' '.join(codes)}] TJ")
                codes.clear()

        for glyph in line.glyphs:
            subset = self._subset(canvas, glyph.font)
            natural = glyph_advance(glyph.font, glyph.gid)
            subset.use(glyph.gid, glyph.text, natural)
            if subset.name != current:
                flush()
                parts.append(f"/{subset.name} {fp_str(size)} Tf")
                current = subset.name
            if faux_bold(bold, glyph.font) != stroked:
                flush()
                stroked = not stroked
                parts.append("2 Tr" if stroked else "0 Tr")
            if glyph.y != rise:
                flush()
                rise = glyph.y
                parts.append(f"{fp_str(rise * size / 1000.0)} Ts")
            shift = glyph.x - at
            if abs(shift) > 0.05:
                codes.append(fp_str(-shift))
            codes.append(f"<{glyph.gid:04X}>")
            at = glyph.x + natural
        flush()
        if rise:
            parts.append("0 Ts")
        if stroked:
            parts.append("0 Tr")
        return " ".join(parts)


_DOCUMENTS: weakref.WeakKeyDictionary[Any, ShapedFonts] = weakref.WeakKeyDictionary()
"""The shaped fonts of each reportlab document being drawn (a rulebook's figures draw into its document too)."""


def shaped_fonts(canvas: Canvas) -> ShapedFonts:
    """The shaped fonts of the document `canvas` draws into."""
    doc = document(canvas)
    fonts = _DOCUMENTS.get(doc)
    if fonts is None:
        fonts = _DOCUMENTS[doc] = ShapedFonts()
    return fonts
