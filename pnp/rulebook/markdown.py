"""Rulebook Markdown to a document tree of blocks whose texts are translation units.

Input: the Markdown source of a rulebook (CommonMark plus tables, parsed by markdown-it-py) and its file name.
Output: a `Document`: a title, the title-page blocks and the body blocks. Every text a reader sees (heading,
paragraph, list item, table cell, figure caption) is a `Unit` holding its inline Markdown source, with any
`{{ jinja }}` expressions kept verbatim, and the line it starts on; these units are the gettext msgids.

Conventions on top of CommonMark (documented in docs/rulebooks.md):
- the first `# Heading` is the title; the blocks after it, up to the first `##` heading or
  `<!-- pagebreak -->`, form the title page;
- `<!-- toc -->` places the table of contents (the heading just before it is its title);
- `<!-- pagebreak -->` starts a new page; `<!-- kit: NAME -->` places a section the kit supplies (`contents`:
  the table of what the kit holds, `build`: the "How to build" steps); other HTML comments are ignored; other
  raw HTML is an error;
- `<!-- phrase NAME: text -->` (or `<!-- phrase NAME when CONDITION: text -->`) defines a phrase that units
  quote as `{{ phrase.NAME }}`: the first definition of NAME whose CONDITION holds, translated on its own
  (a translatable unit, which may be bound to a number and may quote other phrases);
- a paragraph made of one image `![Caption](figure:NAME)` is a figure supplied by the kit; a title such as
  `"35%"` after the name caps its height at that share of the page's text frame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.rulebook.plural import split_plural

_FIGURE_RE = re.compile(
    r'^!\[(?P<caption>.*)\]\(figure:(?P<name>[A-Za-z0-9_.-]+)(?:\s+"(?P<height>[1-9][0-9]?)%")?\)$', re.DOTALL
)
_COMMENT_RE = re.compile(r"^<!--\s*(?P<body>.*?)\s*-->\s*$", re.DOTALL)
_KIT_RE = re.compile(r"^kit:\s*(?P<name>[a-z][a-z0-9-]*)$")
_EXPRESSIONS_RE = re.compile(r"\{\{.*?\}\}", re.DOTALL)
_PHRASE_RE = re.compile(r"^phrase\s+(?P<name>[a-z][a-z0-9_]*)(?:\s+when\s+(?P<when>.+?))?\s*:\s+(?P<text>.+)$",
                        re.DOTALL)


@dataclass(frozen=True, slots=True)
class Unit:
    """A translatable text: inline Markdown (msgid) and the 1-based line of the source it starts on; `file`
    and `column` when it comes from another file than the document's own (a kit's `build.yaml`)."""

    text: str
    line: int
    file: str = ""
    """The file the text is written in ("": the document being typeset)."""
    column: int = 1
    plural: str = ""
    """For a text bound to a number (`singular {% plural EXPR %} plural`): `text` is the English singular, this
    the English plural (gettext's msgid_plural), `count` the expression EXPR; "" for any other text."""
    count: str = ""

    @property
    def msgid(self) -> str | tuple[str, str]:
        """The catalog id: the text, or (singular, plural) for a text bound to a number."""
        return (self.text, self.plural) if self.plural else self.text

    def expression_texts(self) -> tuple[str, ...]:
        """The source texts whose `{{ expressions }}` the unit quotes (both forms and the count)."""
        return (self.text, self.plural, "{{ " + self.count + " }}") if self.plural else (self.text,)


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    text: Unit


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: Unit


@dataclass(frozen=True, slots=True)
class Figure:
    name: str
    caption: Unit
    height: float | None = None
    """Largest height as a share of the page's text frame (`![Caption](figure:NAME "35%")`); None: the default."""


@dataclass(frozen=True, slots=True)
class ListBlock:
    ordered: bool
    start: int
    items: tuple[tuple[Block, ...], ...]


@dataclass(frozen=True, slots=True)
class Table:
    aligns: tuple[str, ...]
    header: tuple[Unit, ...]
    rows: tuple[tuple[Unit, ...], ...]


@dataclass(frozen=True, slots=True)
class Quote:
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class Code:
    text: str


@dataclass(frozen=True, slots=True)
class PageBreak:
    pass


@dataclass(frozen=True, slots=True)
class Contents:
    pass


@dataclass(frozen=True, slots=True)
class Rule:
    pass


@dataclass(frozen=True, slots=True)
class KitSection:
    """A section the kit supplies (`<!-- kit: NAME -->`), typeset from the kit's print job."""

    name: str
    line: int


@dataclass(frozen=True, slots=True)
class Phrase:
    """A text that units quote as `{{ phrase.NAME }}` (`<!-- phrase NAME when CONDITION: text -->`): the
    first definition of its name whose `when` holds ("": always) is translated and put in."""

    name: str
    when: str
    text: Unit

    @property
    def translatable(self) -> bool:
        """False for a phrase that only quotes others (`{{ phrase.fives }}`): it has nothing to translate."""
        return bool(_EXPRESSIONS_RE.sub("", self.text.text).strip())


Block = Heading | Paragraph | Figure | ListBlock | Table | Quote | Code | PageBreak | Contents | Rule | KitSection


@dataclass(frozen=True, slots=True)
class Document:
    """A parsed rulebook: its file name, title unit, title-page blocks and body blocks."""

    file: str
    title: Unit
    front: tuple[Block, ...]
    body: tuple[Block, ...]
    phrases: tuple[Phrase, ...] = ()


def markdown_parser() -> MarkdownIt:
    """The CommonMark parser rulebooks use (tables enabled)."""
    return MarkdownIt("commonmark").enable("table")


def _unit(content: str, line: int, file: str) -> Unit:
    """A unit whose soft line breaks are spaces; hard breaks stay as a backslash and a newline."""
    pieces: list[str] = []
    for raw in content.strip().split("\n"):
        hard = raw.endswith(("  ", "\\"))
        text = raw.strip().removesuffix("\\").rstrip()
        pieces.append(text + ("\\\n" if hard else " "))
    return unit_of("".join(pieces).strip(), Mark(file, line, 1))


def unit_of(text: str, at: Mark, own_file: str = "") -> Unit:
    """The unit of `text` written at `at`; a text written `singular {% plural EXPR %} plural` is bound to the
    number EXPR (a SpecError at `at` when the mark is misused). `own_file`: the unit's file when it is not the
    document's (a kit's build.yaml)."""
    try:
        forms = split_plural(text)
    except ValueError as err:
        raise SpecError(Diagnostic.at(at, "rulebook.plural", str(err), "e.g. 'One car starts. "
                                      "{% plural rules.cars %} The {{ rules.cars }} cars start.'")) from None
    if forms is None:
        return Unit(text, at.line, own_file, at.column)
    return Unit(forms.singular, at.line, own_file, at.column, forms.plural, forms.count)


class _Parser:
    """Walks markdown-it's flat token stream into nested blocks."""

    def __init__(self, tokens: list[Token], file: str) -> None:
        self.tokens = tokens
        self.pos = 0
        self.file = file
        self.line = 1
        self.phrases: list[Phrase] = []

    def error(self, message: str, hint: str) -> SpecError:
        return SpecError(Diagnostic.at(Mark(self.file, self.line, 1), "rulebook.markdown", message, hint))

    def next(self) -> Token:
        token = self.tokens[self.pos]
        self.pos += 1
        if token.map:
            self.line = token.map[0] + 1
        return token

    def blocks_until(self, close: str | None) -> list[Block]:
        blocks: list[Block] = []
        while self.pos < len(self.tokens):
            if close is not None and self.tokens[self.pos].type == close:
                self.pos += 1
                return blocks
            block = self.block(self.next())
            if block is not None:
                blocks.append(block)
        return blocks

    def inline(self) -> Unit:
        token = self.next()
        line = self.line
        self.pos += 1  # the matching *_close token
        return _unit(token.content, line, self.file)

    def block(self, token: Token) -> Block | None:
        kind = token.type
        if kind == "heading_open":
            return Heading(int(token.tag[1]), self.inline())
        if kind == "paragraph_open":
            unit = self.inline()
            match = _FIGURE_RE.match(unit.text)
            if match:
                height = int(match["height"]) / 100 if match["height"] else None
                return Figure(match["name"], Unit(match["caption"], unit.line), height)
            return Paragraph(unit)
        if kind in ("bullet_list_open", "ordered_list_open"):
            return self.list_block(token)
        if kind == "table_open":
            return self.table()
        if kind == "blockquote_open":
            return Quote(tuple(self.blocks_until("blockquote_close")))
        if kind in ("fence", "code_block"):
            return Code(token.content.rstrip("\n"))
        if kind == "hr":
            return Rule()
        if kind == "html_block":
            return self.html(token.content)
        raise self.error(f"Markdown element '{kind}' is not supported in rulebooks", "remove it")

    def html(self, content: str) -> Block | None:
        match = _COMMENT_RE.match(content.strip())
        if not match:
            raise self.error(
                "raw HTML is not supported in rulebooks",
                "write Markdown; use <!-- pagebreak --> or <!-- toc --> for layout",
            )
        body = match["body"].lower()
        if body == "pagebreak":
            return PageBreak()
        if body == "toc":
            return Contents()
        kit = _KIT_RE.match(body)
        if kit:
            return KitSection(kit["name"], self.line)
        phrase = _PHRASE_RE.match(match["body"])
        if phrase:
            text = " ".join(phrase["text"].split())
            self.phrases.append(Phrase(phrase["name"], (phrase["when"] or "").strip(),
                                       unit_of(text, Mark(self.file, self.line, 1))))
        return None

    def list_block(self, token: Token) -> ListBlock:
        ordered = token.type == "ordered_list_open"
        close = token.type.replace("_open", "_close")
        start = int(token.attrs.get("start", 1)) if ordered else 1
        items: list[tuple[Block, ...]] = []
        while self.tokens[self.pos].type != close:
            self.next()  # list_item_open
            items.append(tuple(self.blocks_until("list_item_close")))
        self.pos += 1
        return ListBlock(ordered, start, tuple(items))

    def table(self) -> Table:
        aligns: list[str] = []
        header: list[Unit] = []
        rows: list[tuple[Unit, ...]] = []
        row: list[Unit] = []
        while True:
            token = self.next()
            if token.type == "table_close":
                return Table(tuple(aligns), tuple(header), tuple(rows))
            if token.type == "th_open":
                style = str(token.attrs.get("style", ""))
                aligns.append(style.removeprefix("text-align:") or "left")
                header.append(self.inline())
            elif token.type == "td_open":
                row.append(self.inline())
            elif token.type == "tr_close" and row:
                rows.append(tuple(row))
                row = []


def parse_document(source: str, file: str) -> Document:
    """Parse rulebook Markdown `source` (named `file` in messages) into a Document.

    Raises SpecError when the first block is not a `# Title` heading or an unsupported element is used.
    """
    parser = _Parser(markdown_parser().parse(source), file)
    blocks = parser.blocks_until(None)
    if not blocks or not (isinstance(blocks[0], Heading) and blocks[0].level == 1):
        raise SpecError(
            Diagnostic.at(
                Mark(file, 1, 1),
                "rulebook.title",
                "a rulebook must start with its title as a '# Title' heading",
                "add a first line such as '# Mini Demolition Derby'",
            )
        )
    title = blocks[0].text
    rest = blocks[1:]
    split = next(
        (i for i, b in enumerate(rest) if isinstance(b, PageBreak) or (isinstance(b, Heading) and b.level == 2)),
        len(rest),
    )
    body = rest[split + 1 :] if split < len(rest) and isinstance(rest[split], PageBreak) else rest[split:]
    return Document(file, title, tuple(rest[:split]), tuple(body), tuple(parser.phrases))


def iter_units(document: Document) -> list[Unit]:
    """Every translation unit of `document` in reading order (title first)."""
    units = [document.title]

    def walk(blocks: tuple[Block, ...]) -> None:
        for block in blocks:
            if isinstance(block, Heading | Paragraph):
                units.append(block.text)
            elif isinstance(block, Figure):
                units.append(block.caption)
            elif isinstance(block, ListBlock):
                for item in block.items:
                    walk(item)
            elif isinstance(block, Table):
                units.extend(block.header)
                for row in block.rows:
                    units.extend(row)
            elif isinstance(block, Quote):
                walk(block.blocks)

    walk(document.front)
    walk(document.body)
    units.extend(p.text for p in document.phrases if p.translatable)
    return [u for u in units if u.text]
