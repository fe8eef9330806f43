"""The inline markup of designers' texts: `**bold**`, `*italic*`, line breaks and `:icon:` names.

Input: a text (a card's data already put in). Output: its paragraphs, each a tuple of `Span`s (text in a
style) and `IconRef`s. Markup comes from this syntax only: nothing is ever handed to a tag parser, so a
`<b>` in a text prints as written. A backslash escapes a marker (`\\*`, `\\:`, `\\\\`); `\\n` is a line break,
like a newline in the text. A marker without its closing partner in the same paragraph prints as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MARKUP_CHARS = re.compile(r"[*:\\]")
"""A text without any of these characters has no markup: it takes the plain text path."""

_TOKEN = re.compile(r"\\(.)|(\*\*)|(\*)|:([A-Za-z][A-Za-z0-9_-]*):|(\n)", re.DOTALL)
_ESCAPABLE = "*:\\"


@dataclass(frozen=True, slots=True)
class Span:
    """Text set in one style."""

    text: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True, slots=True)
class IconRef:
    """An `:name:` in a text: the icon drawn there."""

    name: str


Paragraph = tuple[Span | IconRef, ...]


def has_markup(text: str) -> bool:
    """Whether `text` holds markup: it has a `*`, `:` or backslash, and one of them starts a marker, an escape
    or an icon (the colon of `Ability 1: move` alone does not; such a text parses to itself)."""
    return MARKUP_CHARS.search(text) is not None and _TOKEN.search(text) is not None


def _tokens(text: str) -> list[list[tuple[str, str]]]:
    """Paragraphs of tokens: ("text", s), ("bold", "**"), ("italic", "*"), ("icon", name)."""
    paragraphs: list[list[tuple[str, str]]] = [[]]
    at = 0
    for match in _TOKEN.finditer(text):
        if match.start() > at:
            paragraphs[-1].append(("text", text[at:match.start()]))
        at = match.end()
        escaped, bold, italic, icon, newline = match.groups()
        if escaped is not None:
            if escaped == "n":
                paragraphs.append([])
            else:
                paragraphs[-1].append(("text", escaped if escaped in _ESCAPABLE else match.group(0)))
        elif bold:
            paragraphs[-1].append(("bold", bold))
        elif italic:
            paragraphs[-1].append(("italic", italic))
        elif icon is not None:
            paragraphs[-1].append(("icon", icon))
        elif newline:
            paragraphs.append([])
    if at < len(text):
        paragraphs[-1].append(("text", text[at:]))
    return paragraphs


def _paragraph(tokens: list[tuple[str, str]]) -> Paragraph:
    unpaired = set()
    for kind in ("bold", "italic"):
        where = [i for i, (k, _) in enumerate(tokens) if k == kind]
        if len(where) % 2:
            unpaired.add(where[-1])  # the last one has no partner: it prints as written
    out: list[Span | IconRef] = []
    bold = italic = False
    for i, (kind, value) in enumerate(tokens):
        if kind == "icon":
            out.append(IconRef(value))
            continue
        if kind == "bold" and i not in unpaired:
            bold = not bold
            continue
        if kind == "italic" and i not in unpaired:
            italic = not italic
            continue
        last = out[-1] if out else None
        if isinstance(last, Span) and (last.bold, last.italic) == (bold, italic):
            out[-1] = Span(last.text + value, bold, italic)
        else:
            out.append(Span(value, bold, italic))
    return tuple(out)


def parse(text: str) -> tuple[Paragraph, ...]:
    """The paragraphs of a marked-up text (see the module docstring for the syntax)."""
    return tuple(_paragraph(tokens) for tokens in _tokens(text))


def icon_names(paragraphs: tuple[Paragraph, ...]) -> list[str]:
    """The icon names the paragraphs use, in order, once each."""
    return list(dict.fromkeys(p.name for para in paragraphs for p in para if isinstance(p, IconRef)))


def plain(paragraphs: tuple[Paragraph, ...]) -> str | None:
    """The text of paragraphs that use no style and no icon (newlines between them); None when they do."""
    lines = []
    for para in paragraphs:
        if any(isinstance(p, IconRef) or p.bold or p.italic for p in para):
            return None
        lines.append("".join(p.text for p in para if isinstance(p, Span)))
    return "\n".join(lines)
