"""Text in SVG as outlines: each glyph drawn as a path from the same TrueType file the PDF embeds.

Why outlines by default: an SVG reader draws `<text>` with the fonts installed where it runs, and librsvg and
Inkscape ignore `@font-face`, so a page looked right only where DejaVu (or the kit's font) was installed.
Each glyph a page uses is one `<path>` in its `<defs>` (font units, from fontTools' `SVGPathPen`); a line of
text is a group scaled from font units to mm, placing a `<use>` of each glyph at the advance widths the PDF
sets (no kerning, as in the PDF). The group's `aria-label` keeps the words findable and read aloud.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pnp.layout.scene import Text
from pnp.model.inks import rgb_hex
from pnp.text.font_files import font_data
from pnp.text.fonts import text_width_mm
from pnp.text.shaping import FAUX_BOLD_EM, faux_bold, needs_shaping, shape_line


@dataclass(frozen=True)
class _Face:
    """What outlining needs of one font file: its glyph set, character map and units per em."""

    glyphs: Any
    cmap: dict[int, str]
    units_per_em: int
    order: list[str]
    """Glyph names by glyph id (shaped text names its glyphs by id)."""


@contextmanager
def quiet_font_tools() -> Iterator[None]:
    """fontTools' notes (odd header dates, ...) silenced: nothing a user can act on."""
    log = logging.getLogger("fontTools")
    level, log.level = log.level, logging.ERROR
    try:
        yield
    finally:
        log.level = level


@cache
def _face(font: str) -> _Face:
    from fontTools.ttLib import TTFont

    with quiet_font_tools():
        tt = TTFont(io.BytesIO(font_data(font)), lazy=True)
        return _Face(tt.getGlyphSet(), tt.getBestCmap() or {}, int(tt["head"].unitsPerEm), tt.getGlyphOrder())


@cache
def _outline(font: str, glyph: str) -> str:
    """The SVG path data of one glyph in font units (y up); "" for a glyph that draws nothing (a space)."""
    from fontTools.pens.svgPathPen import SVGPathPen

    face = _face(font)
    pen = SVGPathPen(face.glyphs)
    with quiet_font_tools():
        face.glyphs[glyph].draw(pen)
    return str(pen.getCommands())


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass
class GlyphDefs:
    """The glyph paths one SVG page uses, each defined once: (font, glyph name) -> element id."""

    ids: dict[tuple[str, str], str] = field(default_factory=dict)
    paths: list[tuple[str, str]] = field(default_factory=list)
    """(id, path data) in the order first used."""

    def use(self, font: str, glyph: str) -> str | None:
        """The id of `glyph`'s path, defined on first use; None when the glyph draws nothing."""
        key = (font, glyph)
        if key not in self.ids:
            data = _outline(font, glyph)
            if not data:
                return None
            self.ids[key] = f"g{len(self.ids) + 1}"
            self.paths.append((self.ids[key], data))
        return self.ids[key]


def outlined_text(drawing: Any, item: Text, defs: GlyphDefs, label: str, embolden: bool = True,
                  stroke_width: float = 0.0) -> Any:
    """`item` as a group of glyph outlines at the PDF's places, labelled with its words (`label`); with
    `embolden`, its faux bold glyphs (`pnp.text.shaping.faux_bold`) stroked in its colour, as the PDF does. With
    `stroke_width` (mm), its outlines' stroke is that wide on the page: each glyph's in its own font's units, as
    a fallback font's (CJK, Arabic, Hebrew: 1000 per em) are not DejaVu's (2048)."""
    if needs_shaping(item.text):
        return _shaped_text(drawing, item, defs, label, embolden, stroke_width)
    face = _face(item.font)
    scale = item.size / face.units_per_em
    width = text_width_mm(item.text, item.font, item.size)
    shift = 0.0 if item.anchor == "start" else -width / 2 if item.anchor == "middle" else -width
    moves = [f"translate({_num(item.x)},{_num(item.y)})"]
    if item.rotate:
        moves.append(f"rotate({_num(item.rotate)})")
    moves.append(f"scale({scale:.6g},{-scale:.6g})")
    group = drawing.g(transform=" ".join(moves), fill=rgb_hex(item.color))
    group["aria-label"] = label
    group["role"] = "img"
    if stroke_width:
        group["stroke-width"] = _num(stroke_width / scale)
    at = shift
    for char in item.text:
        glyph = face.cmap.get(ord(" ") if char == "\u00a0" else ord(char), ".notdef")
        glyph_id = defs.use(item.font, glyph)
        if glyph_id is not None:
            group.add(drawing.use(f"#{glyph_id}", x=_num(at / scale)))
        at += text_width_mm(char, item.font, item.size)
    return group


def _shaped_text(drawing: Any, item: Text, defs: GlyphDefs, label: str, embolden: bool, stroke_width: float) -> Any:
    """Shaped `item` (`pnp.text.shaping`): the glyphs HarfBuzz chose, by id, where the PDF places them; faux
    bold ones (with `embolden`) stroked `FAUX_BOLD_EM` wide in the fill colour, round-joined."""
    line = shape_line(item.text, item.font)
    em = item.size / 1000.0
    width = line.width * em
    shift = 0.0 if item.anchor == "start" else -width / 2 if item.anchor == "middle" else -width
    moves = [f"translate({_num(item.x)},{_num(item.y)})"]
    if item.rotate:
        moves.append(f"rotate({_num(item.rotate)})")
    group = drawing.g(transform=" ".join(moves), fill=item.color)
    group["aria-label"] = label
    group["role"] = "img"
    for glyph in line.glyphs:
        face = _face(glyph.font)
        glyph_id = defs.use(glyph.font, face.order[glyph.gid])
        if glyph_id is not None:
            scale = item.size / face.units_per_em
            use = drawing.use(f"#{glyph_id}", transform=f"translate({_num(shift + glyph.x * em)},"
                              f"{_num(-glyph.y * em)}) scale({scale:.6g},{-scale:.6g})")
            if embolden and faux_bold(item.font, glyph.font):  # the stroke is in font units, as the outline
                use.update({"stroke": rgb_hex(item.color), "stroke-width": _num(FAUX_BOLD_EM * face.units_per_em),
                            "stroke-linejoin": "round"})
            elif stroke_width:
                use["stroke-width"] = _num(stroke_width / scale)
            group.add(use)
    return group


def add_glyph_defs(drawing: Any, defs: GlyphDefs) -> None:
    """Define the page's glyph paths in its `<defs>`."""
    for glyph_id, data in defs.paths:
        drawing.defs.add(drawing.path(d=data, id=glyph_id))
