"""Inline Markdown of one unit to reportlab Paragraph markup, with spec values substituted safely.

Input: a (possibly translated) inline Markdown text, the values of the `{{ expressions }}` of its SOURCE
unit (already evaluated in the sandbox) and the base font. Output: `InlineText`, the reportlab markup and the
runs of plain text with the font each is set in (for the glyph check).

Data is never template source: a `{{ expression }}` in the text is replaced by its value only when the very
same expression appears in the source unit; any other `{{ ... }}` (a translator's `{{ 7*7 }}`) stays literal
text. Values and text are XML-escaped, so `<b>&` or `<img>` print as written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from markdown_it.token import Token

from pnp.rulebook.markdown import markdown_parser
from pnp.text.fonts import reportlab_name
from pnp.text.shaping import BOLD_FONTS, ITALIC_FONTS, SANS_STYLES

EXPRESSION_RE = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)
"""A jinja expression in a unit's text; group 1 is the expression."""
_SENTINEL_RE = re.compile("\ue000(\\d+)\ue001")


@dataclass(slots=True)
class InlineText:
    """Reportlab markup of one unit and its plain-text runs as (text, font)."""

    markup: str
    runs: list[tuple[str, str]] = field(default_factory=list)

    @property
    def plain(self) -> str:
        return "".join(text for text, _ in self.runs)


def expressions(text: str) -> list[str]:
    """The distinct jinja expressions of `text`, stripped, in order."""
    found: list[str] = []
    for match in EXPRESSION_RE.finditer(text):
        expr = match.group(1).strip()
        if expr not in found:
            found.append(expr)
    return found


def _protect(text: str, values: Mapping[str, str]) -> tuple[str, list[str]]:
    """Replace known expressions by sentinels; return the text and the value of each sentinel."""
    slots: list[str] = []

    def swap(match: re.Match[str]) -> str:
        expr = match.group(1).strip()
        if expr not in values:
            return match.group(0)
        slots.append(values[expr])
        return f"\ue000{len(slots) - 1}\ue001"

    return EXPRESSION_RE.sub(swap, text), slots


class _Builder:
    def __init__(self, slots: list[str], base_font: str) -> None:
        self.slots = slots
        self.base_font = base_font
        self.bold = base_font in BOLD_FONTS
        self.italic = base_font in ITALIC_FONTS
        self.parts: list[str] = []
        self.runs: list[tuple[str, str]] = []

    def font(self) -> str:
        """The font of the text here: bold and italic together set in DejaVu's bold oblique."""
        if self.bold or self.italic:
            return SANS_STYLES[(self.bold, self.italic)]
        return self.base_font

    def text(self, text: str, font: str | None = None) -> str:
        plain = _SENTINEL_RE.sub(lambda m: self.slots[int(m.group(1))], text)
        self.runs.append((plain, font or self.font()))
        return escape(plain)

    def add(self, token: Token, href: list[tuple[str, int]]) -> None:
        kind = token.type
        if kind == "text" or kind == "html_inline":
            self.parts.append(self.text(token.content))
        elif kind == "softbreak":
            self.parts.append(" ")
        elif kind == "hardbreak":
            self.parts.append("<br/>")
        elif kind == "strong_open":
            self.bold = True
            self.parts.append("<b>")
        elif kind == "strong_close":
            self.bold = self.base_font in BOLD_FONTS
            self.parts.append("</b>")
        elif kind == "em_open":
            self.italic = True
            self.parts.append("<i>")
        elif kind == "em_close":
            self.italic = self.base_font in ITALIC_FONTS
            self.parts.append("</i>")
        elif kind == "code_inline":
            code = self.text(token.content, "mono")
            self.parts.append(f'<font face="{reportlab_name("mono")}">{code}</font>')
        elif kind == "link_open":
            href.append((str(token.attrs.get("href", "")), len(self.runs)))
        elif kind == "link_close" and href:
            url, first_run = href.pop()
            shown = "".join(text for text, _ in self.runs[first_run:])
            if url.startswith("http") and url.split("//", 1)[-1] not in shown:
                self.parts.append(self.text(f" ({url})"))
        elif kind == "image":
            self.parts.append(self.text(token.content))


def inline_markup(text: str, values: Mapping[str, str], base_font: str = "sans") -> InlineText:
    """Markup for reportlab's Paragraph from inline Markdown `text`, substituting `values` by expression."""
    protected, slots = _protect(text, values)
    builder = _Builder(slots, base_font)
    href: list[tuple[str, int]] = []
    for token in markdown_parser().parseInline(protected)[0].children or []:
        builder.add(token, href)
    return InlineText("".join(builder.parts), builder.runs)
