"""Where a line may break, by the Unicode line-breaking algorithm (UAX #14, uniseg).

Input: a paragraph that needs it (`pnp.text.shaping.needs_shaping`: Latin text still breaks at its spaces, as
before). Output: its break units, each ending where a line may end (its trailing spaces included). Japanese and
Chinese break between characters, but never before closing punctuation or small kana (kinsoku: no line starts
with 。、」) nor after opening brackets; Korean, written with spaces, breaks between words only (a tailoring
UAX #14 allows: Hangul syllables are treated as letters).
"""

from __future__ import annotations

from functools import lru_cache


def _hangul(char: str) -> bool:
    code = ord(char)
    return 0xAC00 <= code <= 0xD7A3 or 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F


@lru_cache(maxsize=4096)
def break_units(text: str) -> tuple[str, ...]:
    """`text` cut at its line-break opportunities; the units joined give `text` back."""
    from uniseg.linebreak import line_break_units

    units: list[str] = []
    for unit in line_break_units(text):
        if units and not units[-1][-1].isspace() and _hangul(units[-1][-1]) and _hangul(unit[0]):
            units[-1] += unit  # Korean: no break inside a word
        else:
            units.append(unit)
    return tuple(units)
