"""Rebuild the fallback fonts shipped in pnp/fonts/ from Debian's Noto packages (run by hand, not at install).

    apt-get install fonts-noto-cjk fonts-noto-core && python scripts/build_fonts.py

- NotoSansCJKjp-Subset.ttf: Noto Sans CJK JP Regular (SIL OFL 1.1) cut to the common sets: ASCII, kana,
  CJK punctuation and full-width forms, the kanji of JIS X 0208, the hanzi of GB 2312, the hangul syllables and
  hanja of KS X 1001 (about 17,000 characters), its CFF outlines converted to TrueType (quadratic) so reportlab
  embeds it; Han characters take the Japanese glyph forms.
- NotoSansArabic-Regular.ttf and NotoSansHebrew-Regular.ttf: copied as Debian ships them (OFL 1.1).
"""

from __future__ import annotations

import contextlib
import shutil
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

from pnp.text.font_convert import to_truetype

OUT = Path(__file__).resolve().parents[1] / "pnp" / "fonts"
CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
NOTO = Path("/usr/share/fonts/truetype/noto")


def _double_byte(codec: str) -> set[int]:
    """The characters a double-byte EUC codec encodes."""
    found = set()
    for lead in range(0xA1, 0xFF):
        for trail in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):
                found.update(map(ord, bytes((lead, trail)).decode(codec)))
    return found


def cjk_characters() -> set[int]:
    chars = set(range(0x20, 0x7F)) | set(range(0xA0, 0x100))
    chars |= set(range(0x3000, 0x3100)) | set(range(0xFF00, 0xFFF0)) | set(range(0x2000, 0x2070))
    chars |= set(range(0x3130, 0x3190))  # hangul compatibility jamo
    for codec in ("euc_jp", "gb2312", "euc_kr"):
        chars |= _double_byte(codec)
    return chars


def build_cjk() -> None:
    font = TTCollection(str(CJK)).fonts[0]  # Noto Sans CJK JP
    options = subset.Options()
    options.drop_tables += ["vhea", "vmtx", "VORG", "BASE"]
    options.layout_features = ["ccmp", "kern", "liga", "mark", "mkmk", "palt", "halt"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=cjk_characters())
    subsetter.subset(font)
    to_truetype(font)
    font.save(str(OUT / "NotoSansCJKjp-Subset.ttf"))


def main() -> int:
    build_cjk()
    for name in ("NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf"):
        shutil.copy(NOTO / name, OUT / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
