"""Marked-up text blocks: wrap paragraphs of styled spans and icons to a width, then place them as items.

Input: parsed paragraphs (`pnp.layout.markup`), the font of each style (bold, italic) and the icons by name.
Output: the boxes its lines take (for fitting and overflow) and the scene items that draw it: one `Text` per
run of one font and one `Image` per icon, so every backend draws the same thing. Widths are measured with the
fonts' real metrics as the renderers set them; an icon sits on the baseline, as high as the line's ascent
(from the baseline up to the line's top), its width from its aspect ratio.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pnp.layout.markup import IconRef, Paragraph
from pnp.layout.scene import Image, Item, Text
from pnp.layout.text import ASCENT, Align, LineBox
from pnp.text.fonts import text_width_mm
from pnp.text.linebreak import break_units
from pnp.text.shaping import needs_shaping

ICON_HEIGHT = ASCENT
"""An icon's height as a fraction of the text size: from the baseline to the top of the line."""

Styles = Mapping[tuple[bool, bool], str]
"""The font of each style: (bold, italic) -> font name."""


@dataclass(frozen=True, slots=True)
class IconImage:
    """A checked icon image: its file, content key and aspect ratio (width / height)."""

    path: Path
    key: str
    aspect: float


@dataclass(frozen=True, slots=True)
class _Atom:
    """A run of text in one font, or an icon (text is then its `:name:`), with its width at the block's size."""

    text: str
    font: str
    width: float
    icon: IconImage | None = None


Line = list[_Atom]


def _words(para: Paragraph, styles: Styles, icons: Mapping[str, IconImage], size: float) -> list[tuple[Line, _Atom]]:
    """The paragraph's words (atoms between spaces), each with the space before it."""
    words: list[tuple[Line, _Atom]] = []
    space = _Atom(" ", styles[(False, False)], 0.0)
    current: Line = []
    for part in para:
        if isinstance(part, IconRef):
            icon = icons[part.name]
            current.append(_Atom(f":{part.name}:", "", size * ICON_HEIGHT * icon.aspect, icon))
            continue
        font = styles[(part.bold, part.italic)]
        pieces = part.text.split(" ")
        for i, piece in enumerate(pieces):
            if i:
                words.append((current, space))
                current, space = [], _Atom(" ", font, text_width_mm(" ", font, size))
            if piece and needs_shaping(piece):
                for n, unit in enumerate(break_units(piece)):
                    if n:  # a break without a space (between CJK characters)
                        words.append((current, space))
                        current, space = [], _Atom("", font, 0.0)
                    current.append(_Atom(unit, font, text_width_mm(unit, font, size)))
            elif piece:
                current.append(_Atom(piece, font, text_width_mm(piece, font, size)))
    words.append((current, space))
    return words


def _merged(atoms: Line) -> Line:
    """Neighbouring text atoms of one font as one run."""
    out: Line = []
    for atom in atoms:
        last = out[-1] if out else None
        if last is not None and last.icon is None and atom.icon is None and last.font == atom.font:
            out[-1] = _Atom(last.text + atom.text, atom.font, last.width + atom.width)
        else:
            out.append(atom)
    return out


@dataclass(frozen=True, slots=True)
class RichText:
    """A marked-up text with its fonts and icons, ready to be wrapped and placed at any size."""

    paragraphs: tuple[Paragraph, ...]
    styles: Styles
    icons: Mapping[str, IconImage]

    def lines(self, size: float, width: float | None) -> list[Line]:
        """The lines at `size`, broken at spaces to fit `width` mm (None: only at line breaks)."""
        return [_merged(line) for line, _ in self._lines(size, width)]

    def _lines(self, size: float, width: float | None) -> list[tuple[Line, bool]]:
        """The lines, their atoms word by word (not merged into runs), each with whether it ends its
        paragraph."""
        lines: list[tuple[Line, bool]] = []
        for para in self.paragraphs:
            current: Line = []
            used = 0.0
            for i, (word, space) in enumerate(_words(para, self.styles, self.icons, size)):
                word_w = sum(a.width for a in word)
                if i == 0:
                    current, used = list(word), word_w
                elif width is not None and current and used + space.width + word_w > width:
                    lines.append((current, False))
                    current, used = list(word), word_w
                else:
                    current.extend([space, *word])
                    used += space.width + word_w
            lines.append((current, True))
        return lines

    def _placed(self, x: float, y: float, width: float | None, size: float, align: Align,
                line_height: float) -> list[tuple[float, float, Line, float]]:
        """Each line's start x, baseline y, atoms and what each of its spaces grows by (justified lines)."""
        placed = []
        for i, (words, last) in enumerate(self._lines(size, width)):
            w = sum(a.width for a in words)
            grow = 0.0
            line = _merged(words)
            if width is None or align in ("left", "justify"):
                x0 = x
                spaces = sum(1 for a in words if a.icon is None and a.text == " ")
                if align == "justify" and width is not None and not last and spaces:
                    grow, line = (width - w) / spaces, words  # word by word, each space widened
            else:
                x0 = x + (width - w) / 2 if align == "center" else x + width - w
            placed.append((x0, y + size * ASCENT + i * size * line_height, line, grow))
        return placed

    def line_boxes(self, x: float, y: float, width: float | None, size: float,
                   align: Align = "left", line_height: float = 1.2) -> list[LineBox]:
        """The boxes the block's non-empty lines take, as `pnp.layout.text.line_boxes` gives for plain text."""
        boxes = []
        for x0, baseline, line, _ in self._placed(x, y, width, size, align, line_height):
            if line:
                top = baseline - size * ASCENT
                text = "".join(a.text for a in line)
                boxes.append(LineBox(text, x0, top, x0 + sum(a.width for a in line), top + size))
        return boxes

    def items(self, x: float, y: float, width: float | None, size: float, colour: str = "#000000",
              align: Align = "left", line_height: float = 1.2) -> list[Item]:
        """The text runs and icons of the block whose top-left is (x, y), aligned within `width`."""
        items: list[Item] = []
        for at, baseline, line, grow in self._placed(x, y, width, size, align, line_height):
            for atom in line:
                if atom.icon is not None:
                    h = size * ICON_HEIGHT
                    items.append(Image(at, baseline - h, atom.width, h, atom.icon.path, atom.icon.key))
                elif atom.text.strip():
                    items.append(Text(at, baseline, atom.text, size, atom.font, colour))
                at += atom.width
                if grow and atom.icon is None and atom.text == " ":
                    at += grow
        return items

