"""Metrics of a TrueType file read straight from its tables, without loading a PDF library.

Input: a .ttf file (the fonts shipped in pnp/fonts/). Output: `FontMetrics`: each character's advance width
and the glyph box in 1/1000 em, and the characters the font maps. The values are those reportlab computes when
it registers the font (the same cmap subtable, widths scaled the same way), so text measured for layout and
text drawn in a PDF agree to the last bit; tests/test_font_metrics.py compares them.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class FontMetrics:
    """The characters the font maps; advance widths by character code, the width of any other character and
    the glyph box, in 1/1000 em."""

    chars: frozenset[int]
    widths: dict[int, float]
    default_width: float
    bbox: tuple[float, float, float, float]

    def string_width(self, text: str) -> float:
        """The advance width of `text` in 1/1000 em (no kerning, as reportlab measures)."""
        get = self.widths.get
        default = self.default_width
        return sum([get(ord(ch), default) for ch in text])


def read_metrics(path: Path) -> FontMetrics:
    """The metrics of the TrueType file at `path`; ValueError if it is not one this reader knows."""
    data = path.read_bytes()
    tables = _tables(data)
    head = tables["head"]
    units = struct.unpack_from(">H", data, head + 18)[0]
    scale = 1000 / units
    box = struct.unpack_from(">4h", data, head + 36)
    bbox = tuple(v * scale if units != 1000 else v for v in box)
    metrics = struct.unpack_from(">H", data, tables["hhea"] + 34)[0]
    glyphs = struct.unpack_from(">H", data, tables["maxp"] + 4)[0]
    advances = struct.unpack_from(f">{2 * metrics}H", data, tables["hmtx"])[::2]
    scaled = [a * scale if units != 1000 else a for a in advances]
    scaled += [scaled[-1]] * (glyphs - metrics)
    char_glyph = _cmap(data, tables["cmap"])
    widths = {ch: scaled[g] for ch, g in char_glyph.items() if g < glyphs}
    for have, twin in ((0x20, 0xA0), (0xA0, 0x20)):  # as reportlab: the no-break space is the space
        if have in char_glyph:
            char_glyph[twin] = char_glyph[have]
            widths[twin] = widths[have]
            break
    return FontMetrics(frozenset(char_glyph), widths, scaled[0], bbox)  # type: ignore[arg-type]


def _tables(data: bytes) -> dict[str, int]:
    count = struct.unpack_from(">H", data, 4)[0]
    found = {}
    for i in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sLLL", data, 12 + 16 * i)
        found[tag.decode("latin-1")] = offset
    missing = {"head", "hhea", "maxp", "hmtx", "cmap"} - found.keys()
    if missing:
        raise ValueError(f"not a TrueType font this reader knows: no {', '.join(sorted(missing))} table")
    return found


def _cmap(data: bytes, cmap: int) -> dict[int, int]:
    """Character code to glyph, from the subtable reportlab chooses (the last suitable one)."""
    chosen = None
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    best = 0
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHL", data, cmap + 4 + 8 * i)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            best, chosen = 1, offset
        elif platform == 1 and encoding == 0 and best != 1:
            best, chosen = 2, offset
    if chosen is None:
        raise ValueError("not a TrueType font this reader knows: no Unicode cmap")
    at = cmap + chosen
    fmt = struct.unpack_from(">H", data, at)[0]
    if fmt == 12:
        groups = struct.unpack_from(">L", data, at + 12)[0]
        values = struct.unpack_from(f">{3 * groups}L", data, at + 16)
        groups_of = zip(values[::3], values[1::3], values[2::3], strict=True)
        return {ch: ch + first - start for start, end, first in groups_of for ch in range(start, end + 1)}
    if fmt == 4:
        return _format4(data, at)
    raise ValueError(f"not a TrueType font this reader knows: cmap format {fmt}")


def _format4(data: bytes, at: int) -> dict[int, int]:
    length = struct.unpack_from(">H", data, at + 2)[0]
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    ranges_at = at + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    limit = at + length
    found = {}
    for n in range(segments):
        for ch in range(starts[n], ends[n] + 1):
            if ranges[n] == 0:
                glyph = (ch + deltas[n]) & 0xFFFF
            else:
                offset = ranges_at + 2 * n + (ch - starts[n]) * 2 + ranges[n]
                glyph = 0 if offset >= limit else struct.unpack_from(">H", data, offset)[0]
                if glyph:
                    glyph = (glyph + deltas[n]) & 0xFFFF
            found[ch] = glyph
    return found
