"""Text in any script: font fallback, the Unicode bidirectional order and HarfBuzz shaping of one line.

Input: a line of text in logical order and the font asked for. Output: a `ShapedLine`, its glyphs in visual
order (left to right as printed), each with its font, glyph id, place and advance in 1/1000 em and the logical
characters it stands for, so that the PDF maps it back to text and the SVG draws the same outlines.

Only text that needs it takes this path (`needs_shaping`: a right-to-left, Indic, Thai or CJK character):
Latin, Greek and Cyrillic text is set as before, character by character, and prints byte for byte the same.
A character the font lacks comes from the first font of the fallback chain that has it (`fallbacks`); a
character of a script we ship a font for comes from that font unless the font asked for is a kit's own font
that has it. Characters no font has are drawn from the font asked for (its .notdef box) and reported by
`pnp.text.fonts.missing_glyphs`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

_COMPLEX = re.compile("[\u0590-\u0eff\u1100-\u11ff\u1780-\u18af\u2e80-\u2fff\u3000-\u9fff\ua960-\ua97f"
                      "\uac00-\ud7ff\uf900-\ufaff\ufb1d-\ufdff\ufe30-\ufe4f\ufe70-\ufeff\uff00-\uffef"
                      "\U00020000-\U0003ffff]")
"""Characters that need shaping, the bidirectional order or a fallback font: Hebrew to Lao (right-to-left and
Indic scripts, Thai), Hangul jamo, Khmer, Mongolian, CJK (radicals, punctuation, kana, ideographs, Hangul
syllables), presentation forms, full-width forms and the supplementary ideographs."""

FALLBACKS: tuple[str, ...] = ("sans", "cjk", "arabic", "hebrew")
"""The fonts tried, in order, for a character the font asked for lacks."""

_SCRIPT_FONTS: tuple[tuple[int, int, str], ...] = (
    (0x0590, 0x05FF, "hebrew"), (0xFB1D, 0xFB4F, "hebrew"),
    (0x0600, 0x08FF, "arabic"), (0xFB50, 0xFDFF, "arabic"), (0xFE70, 0xFEFF, "arabic"),
    (0x1100, 0x11FF, "cjk"), (0x2E80, 0x9FFF, "cjk"), (0xAC00, 0xD7FF, "cjk"), (0xF900, 0xFAFF, "cjk"),
    (0xFF00, 0xFFEF, "cjk"), (0x20000, 0x3FFFF, "cjk"),
)
"""The font we ship for each script's characters (better than DejaVu's Arabic and Hebrew, the only CJK)."""

SANS_STYLES = {(False, False): "sans", (True, False): "sans-bold", (False, True): "sans-italic",
               (True, True): "sans-bold-italic"}
"""pnp's sans face of each style (bold, italic)."""
BOLD_FONTS = frozenset(font for (bold, _), font in SANS_STYLES.items() if bold)
"""Our bold faces. The CJK, Arabic and Hebrew fonts have none: their glyphs in bold text are drawn faux bold,
filled and stroked in the fill colour `FAUX_BOLD_EM` wide (`faux_bold`)."""
ITALIC_FONTS = frozenset(font for (_, italic), font in SANS_STYLES.items() if italic)
"""Our italic faces. The CJK, Arabic and Hebrew fonts have none, and their glyphs in italic text print upright:
a slant is not how these scripts set emphasis (Japanese uses bold or emphasis dots, Arabic and Hebrew bold), so
pnp does not fake one; the text that prints upright is reported instead (`upright_letters`)."""
FAUX_BOLD_EM = 0.035
"""The stroke width of faux bold glyphs, in ems: each stem grows by this much, half on either side."""
SCRIPT_NAMES = {"cjk": "CJK", "arabic": "Arabic", "hebrew": "Hebrew", "sans": "Latin"}
"""How messages name the script a fallback font draws."""


def needs_shaping(text: str) -> bool:
    """Whether `text` holds a character that needs shaping, reordering or a fallback font."""
    return not text.isascii() and _COMPLEX.search(text) is not None


@dataclass(frozen=True, slots=True)
class Glyph:
    """One glyph of a shaped line: its font, glyph id, origin x and y offset (up) from the line's start, and
    advance, in 1/1000 em; `text` the characters it stands for ('' when another glyph of its cluster stands for
    them), in visual order: a right-to-left ligature's (لا) reversed, so that text extraction, which reverses
    right-to-left runs, gives them back in logical order."""

    font: str
    gid: int
    x: float
    y: float
    advance: float
    text: str


@dataclass(frozen=True, slots=True)
class ShapedLine:
    """A line's glyphs in visual order and its width in 1/1000 em; `rtl` whether its paragraph runs right to
    left."""

    glyphs: tuple[Glyph, ...]
    width: float
    rtl: bool


@cache
def _hb_font(font: str) -> tuple[Any, float]:
    """The HarfBuzz font of one of our (or a kit's) fonts and its scale to 1/1000 em."""
    import uharfbuzz as hb

    from pnp.text.font_files import font_data

    face = hb.Face(hb.Blob(font_data(font)))
    return hb.Font(face), 1000.0 / face.upem


@lru_cache(maxsize=65536)
def has_glyph(font: str, char: str) -> bool:
    """Whether `font` maps `char` to a glyph."""
    return _hb_font(font)[0].get_nominal_glyph(ord(char)) is not None


@lru_cache(maxsize=65536)
def glyph_advance(font: str, gid: int) -> float:
    """The advance of glyph `gid` of `font` (its hmtx entry) in 1/1000 em."""
    hb_font, scale = _hb_font(font)
    return float(hb_font.get_glyph_h_advance(gid)) * scale


def _script_font(char: str) -> str | None:
    code = ord(char)
    for first, last, font in _SCRIPT_FONTS:
        if first <= code <= last:
            return font
    return None


def fallbacks(font: str) -> tuple[str, ...]:
    """The fonts tried for a character, in order: the font asked for, then the shipped fallbacks."""
    return (font, *(f for f in FALLBACKS if f != font))


def font_for(char: str, font: str) -> str | None:
    """The font that draws `char` for text set in `font`; None when no font of the chain has it."""
    from pnp.text.font_files import is_own

    preferred = _script_font(char)
    if preferred is not None and not (is_own(font) and has_glyph(font, char)) and has_glyph(preferred, char):
        return preferred
    return next((f for f in fallbacks(font) if has_glyph(f, char)), None)


def _is_neutral(char: str) -> bool:
    """Spaces, punctuation, digits and marks: they keep the font of the run they are in when it has them."""
    return unicodedata.category(char)[0] in "ZPNMSC"


def _char_fonts(text: str, font: str) -> list[str]:
    """The font that draws each character of `text`: a neutral one (space, digit, punctuation, mark) keeps the
    font of the character before it (at the start, of the first letter after it) when that font has it."""
    chosen: list[str | None] = [None if _is_neutral(c) else (font_for(c, font) or font) for c in text]
    first = next((f for f in chosen if f is not None), font)
    out: list[str] = []
    for char, pick in zip(text, chosen, strict=True):
        if pick is None:
            before = out[-1] if out else first
            pick = before if has_glyph(before, char) else (font_for(char, font) or font)
        out.append(pick)
    return out


def _font_runs(text: str, fonts: list[str]) -> list[tuple[str, str]]:
    """`text` cut into (font, text) runs of one font each, `fonts` giving each character's."""
    runs: list[tuple[str, str]] = []
    for char, chosen in zip(text, fonts, strict=True):
        if runs and runs[-1][0] == chosen:
            runs[-1] = (chosen, runs[-1][1] + char)
        else:
            runs.append((chosen, char))
    return runs


def _levels(text: str) -> tuple[list[int], int]:
    """The resolved embedding level of each character (UAX #9, python-bidi) and the paragraph's level."""
    from bidi import algorithm as uba

    # a character without a bidirectional class (unassigned) counts as a neutral: python-bidi refuses it
    text = "".join(c if unicodedata.bidirectional(c) else "\ufffd" for c in text)
    base = uba.get_base_level(text)
    storage = uba.get_empty_storage()
    storage["base_level"] = base
    storage["base_dir"] = ("L", "R")[base]
    try:
        uba.get_embedding_levels(text, storage)
        uba.explicit_embed_and_overrides(storage, False)
        uba.resolve_weak_types(storage, False)
        uba.resolve_neutral_types(storage, False)
        uba.resolve_implicit_levels(storage, False)
    except (AssertionError, IndexError, KeyError):  # input the library cannot order: the paragraph's direction
        return [base] * len(text), base
    levels = [ch["level"] for ch in storage["chars"]]
    return (levels, base) if len(levels) == len(text) else ([base] * len(text), base)


def _visual_runs(text: str) -> tuple[list[tuple[int, int, int]], bool]:
    """The line's level runs as (start, end, level) in visual order (UAX #9 rule L2), and whether its
    paragraph is right to left."""
    levels, base = _levels(text)
    runs: list[tuple[int, int, int]] = []
    for i, level in enumerate(levels):
        if runs and runs[-1][2] == level:
            runs[-1] = (runs[-1][0], i + 1, level)
        else:
            runs.append((i, i + 1, level))
    if not runs:
        return runs, bool(base)
    for level in range(max(r[2] for r in runs), min(r[2] for r in runs if r[2] % 2) - 1 if any(
            r[2] % 2 for r in runs) else 0, -1):
        out: list[tuple[int, int, int]] = []
        i = 0
        while i < len(runs):
            if runs[i][2] >= level:
                j = i
                while j < len(runs) and runs[j][2] >= level:
                    j += 1
                out.extend(reversed(runs[i:j]))
                i = j
            else:
                out.append(runs[i])
                i += 1
        runs = out
    return runs, bool(base)


def _shape_run(text: str, font: str, rtl: bool) -> list[tuple[int, int, float, float, float]]:
    """HarfBuzz's glyphs of one run in one font: (gid, cluster, x offset, y offset, advance), 1/1000 em, in
    visual order."""
    import uharfbuzz as hb

    hb_font, scale = _hb_font(font)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    buf.direction = "rtl" if rtl else "ltr"
    hb.shape(hb_font, buf, {"kern": True, "liga": True})
    return [(info.codepoint, info.cluster, pos.x_offset * scale, pos.y_offset * scale, pos.x_advance * scale)
            for info, pos in zip(buf.glyph_infos, buf.glyph_positions, strict=True)]


def _glyph_texts(shaped: list[tuple[int, int, float, float, float]], chunk: str, bounds: dict[int, int],
                 font: str) -> list[str]:
    """The characters each shaped glyph stands for: a glyph that is a character's own (its nominal glyph, a
    mark's) stands for that character; the rest of its cluster goes to the cluster's widest glyph (a joined
    letter, a ligature), so that each glyph id keeps one meaning wherever it is drawn."""
    hb_font = _hb_font(font)[0]
    texts = [""] * len(shaped)
    clusters: dict[int, list[int]] = {}
    for n, glyph in enumerate(shaped):
        clusters.setdefault(glyph[1], []).append(n)
    for cluster, members in clusters.items():
        left = list(chunk[cluster:bounds[cluster]])
        for n in members:
            own = next((c for c in left if hb_font.get_nominal_glyph(ord(c)) == shaped[n][0]), None)
            if own is not None and len(left) > 1:
                texts[n] = own
                left.remove(own)
        free = [n for n in members if not texts[n]] or members
        bearer = max(free, key=lambda n: shaped[n][4])
        texts[bearer] += "".join(left)
    return texts


@lru_cache(maxsize=8192)
def shape_line(text: str, font: str) -> ShapedLine:
    """`text` (one line, logical order) shaped in `font` and its fallbacks, its glyphs in visual order."""
    glyphs: list[Glyph] = []
    pen = 0.0
    runs, rtl = _visual_runs(text)
    fonts = _char_fonts(text, font)
    for start, end, level in runs:
        pieces = _font_runs(text[start:end], fonts[start:end])
        odd = bool(level % 2)
        for run_font, chunk in (reversed(pieces) if odd else pieces):
            shaped = _shape_run(chunk, run_font, odd)
            clusters = sorted({g[1] for g in shaped})
            bounds = {c: (clusters[i + 1] if i + 1 < len(clusters) else len(chunk)) for i, c in enumerate(clusters)}
            texts = _glyph_texts(shaped, chunk, bounds, run_font)
            for n, (gid, _cluster, dx, dy, advance) in enumerate(shaped):
                covered = texts[n][::-1] if odd else texts[n]  # a right-to-left ligature's characters as read
                glyphs.append(Glyph(run_font, gid, pen + dx, dy, advance, covered))
                pen += advance
    return ShapedLine(tuple(glyphs), pen, rtl)


@cache
def is_bold(font: str) -> bool:
    """Whether `font` is a bold face: one of ours (`BOLD_FONTS`), or a kit's own font that says it is bold (its
    OS/2 weight class 600 or more, or the bold bit of its header's style)."""
    from pnp.text.font_files import is_own

    if not is_own(font):
        return font in BOLD_FONTS
    face = _hb_font(font)[0].face
    os2, head = face.reference_table("OS/2").data, face.reference_table("head").data
    weight = int.from_bytes(os2[4:6], "big") if len(os2) >= 6 else 400  # usWeightClass
    return weight >= 600 or (len(head) >= 46 and bool(head[45] & 1))  # macStyle's bold bit


def faux_bold(font: str, glyph_font: str) -> bool:
    """Whether a glyph of `glyph_font` in text set in `font` is drawn faux bold: the text is bold (`is_bold`: ours
    or a kit's own bold face) and the glyph comes from a font with no bold face (a fallback: CJK, Arabic, Hebrew,
    or DejaVu's regular face for a letter the own font lacks)."""
    return font != glyph_font and is_bold(font) and not is_bold(glyph_font)


@lru_cache(maxsize=8192)
def has_faux_bold(text: str, font: str) -> bool:
    """Whether any glyph of `text` set in `font` is drawn faux bold (`faux_bold`)."""
    return (needs_shaping(text) and is_bold(font)
            and any(faux_bold(font, g.font) for g in shape_line(text, font).glyphs))


def upright_letters(text: str, font: str) -> tuple[str, str] | None:
    """The letters of `text` set in an italic `font` that print upright, their fonts having no italic face, and
    the script they are in (`SCRIPT_NAMES`); None when the text prints italic (or is not italic)."""
    if font not in ITALIC_FONTS or not needs_shaping(text):
        return None
    fonts = _char_fonts(text, font)
    upright = "".join(c for c, f in zip(text, fonts, strict=True) if f not in ITALIC_FONTS and not _is_neutral(c))
    if not upright:
        return None
    script = next(f for c, f in zip(text, fonts, strict=True) if f not in ITALIC_FONTS and not _is_neutral(c))
    return upright, SCRIPT_NAMES.get(script, script)


def shaped_width(text: str, font: str) -> float:
    """The width of `text` shaped, in 1/1000 em."""
    return shape_line(text, font).width
