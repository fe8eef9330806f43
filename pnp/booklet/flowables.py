"""Document blocks to reportlab platypus flowables.

Input: the blocks of a parsed rulebook, a `TextResolver` (translated, substituted, checked text), the styles,
the frame size and the figures the kit supplies (files, or pieces drawn as vector graphics). Output: a list of
flowables for the title page and one for the body, ready for `pnp.booklet.layout`.

Headings are `HeadingParagraph`s (keep-with-next, listed in the table of contents); a figure that the kit
did not supply is a dashed placeholder box with its caption, or an error under `strict`. A kit section
(`<!-- kit: NAME -->`) is typeset from the blocks the kit supplies (`pnp.booklet.guide`): its table, notes,
headings and numbered steps, each step's figure beside its text.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import ImageReader
from reportlab.platypus import (
    Flowable,
    Image,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageBreak,
    Paragraph,
    Preformatted,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import HRFlowable
from reportlab.platypus.tableofcontents import TableOfContents

from pnp.booklet.contents import ShapedContents
from pnp.booklet.figure import PieceFigure, figure_size_mm
from pnp.booklet.guide import Steps
from pnp.booklet.shaped import paragraph
from pnp.booklet.styles import ACCENT, MUTED, RULE, TINT, Styles
from pnp.booklet.table_widths import CELL_PADDING, aligned, column_widths, scaled
from pnp.booklet.text import TextResolver
from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.layout.pieces import Piece
from pnp.rulebook import markdown as doc
from pnp.text.fonts import reportlab_name
from pnp.units import PT_PER_MM, mm_to_pt

_FIGURE_MAX_HEIGHT = 0.6
"""Largest figure height as a share of the frame height, unless the figure names its own."""
_PLACEHOLDER_HEIGHT_MM = 40.0
_TOC_LEVELS = {1: 0, 2: 0, 3: 1}
"""Contents level of each heading level; deeper headings are not listed."""
_STEP_FIGURE_SHARE = 0.36
"""Width of a step's figure column as a share of the frame width."""


def _font_command() -> tuple[str, tuple[int, int], tuple[int, int], str]:
    return ("FONTNAME", (0, 0), (-1, -1), reportlab_name("sans"))


class HeadingParagraph(Paragraph):
    """A heading: a Paragraph that the page template lists in the table of contents (level None: not).

    It takes Paragraph's own arguments too, because reportlab makes the two parts of a paragraph split
    across pages by calling the class again: the first part keeps the contents entry, the rest has none
    (a heading too long for the rest of a page is listed once, at the page where it starts)."""

    def __init__(self, markup: str | None, style: object, toc_level: int | None = None, toc_text: str = "",
                 **paragraph: Any) -> None:
        super().__init__(markup, style, **paragraph)
        self.toc_level = toc_level
        self.toc_text = toc_text

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """The parts of a heading split across pages; only the first is listed in the table of contents."""
        parts: list[Flowable] = super().split(availWidth, availHeight)
        for i, part in enumerate(parts):
            if isinstance(part, HeadingParagraph):
                part.toc_level, part.toc_text = (self.toc_level, self.toc_text) if i == 0 else (None, "")
        return parts


@dataclass(frozen=True, slots=True)
class FlowContext:
    """What turning blocks into flowables needs besides the blocks."""

    text: TextResolver
    styles: Styles
    frame_width: float
    frame_height: float
    figures: Mapping[str, Path | Piece]
    strict: bool
    source_file: str
    sections: Mapping[str, tuple[object, ...]] = field(default_factory=dict)
    """The blocks of each kit section (`<!-- kit: NAME -->`) the kit supplies."""
    right_to_left: bool = False
    """The book's language is written right to left: list bullets and numbers go at the right."""
    shaped_contents: bool = False
    """The book's language needs shaped text (`pnp.i18n.languages.needs_shaping_layout`): `ShapedContents`."""


def _heading(block: doc.Heading, ctx: FlowContext, toc_level: int | None) -> Flowable:
    role = {1: "h2", 2: "h2", 3: "h3"}.get(block.level, "h4")
    inline = ctx.text(block.text, "sans-bold")
    return paragraph(inline, ctx.styles[role], toc_level, inline.plain, heading=HeadingParagraph)


def _paragraph(unit: doc.Unit, ctx: FlowContext, role: str = "body") -> Flowable:
    return paragraph(ctx.text(unit), ctx.styles[role])


def _image(path: Path, ctx: FlowContext, unit: doc.Unit, share: float) -> Flowable:
    try:
        if path.suffix.lower() == ".pdf":
            import pypdfium2

            rendered = io.BytesIO()
            pypdfium2.PdfDocument(str(path))[0].render(scale=200 / 72).to_pil().save(rendered, format="PNG")
            rendered.seek(0)
            picture: str | io.BytesIO = rendered
        else:
            picture = str(path)
        width, height = ImageReader(picture).getSize()
        if isinstance(picture, io.BytesIO):
            picture.seek(0)
    except Exception as err:  # any unreadable image file is a user error, reported where it is used
        raise SpecError(
            Diagnostic.at(
                Mark(ctx.source_file, unit.line, 1),
                "rulebook.figure",
                f"cannot read figure file {path}: {err}",
                "supply a PNG, JPEG or PDF file",
            )
        ) from None
    scale = _fit(width, height, ctx, share)
    return Image(picture, width * scale, height * scale)


def _fit(width: float, height: float, ctx: FlowContext, share: float) -> float:
    """The scale that makes a figure of `width` x `height` as wide as the frame, at most `share` of its height."""
    return min(ctx.frame_width / width, ctx.frame_height * share / height)


def _piece(piece: Piece, ctx: FlowContext, share: float) -> Flowable:
    width, height = figure_size_mm(piece)
    return PieceFigure(piece, _fit(width * PT_PER_MM, height * PT_PER_MM, ctx, share))


def _placeholder(name: str, ctx: FlowContext) -> Flowable:
    label = Paragraph(f"[ figure: {name} ]", ctx.styles["placeholder"])
    box = Table([[label]], colWidths=[ctx.frame_width * 0.8], rowHeights=[mm_to_pt(_PLACEHOLDER_HEIGHT_MM)])
    box.setStyle(
        TableStyle(
            [
                _font_command(),
                ("BOX", (0, 0), (-1, -1), 0.8, MUTED, None, (3, 3)),
                ("BACKGROUND", (0, 0), (-1, -1), TINT),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )
    return box


class Together(KeepTogether):  # type: ignore[misc]
    """A KeepTogether that keeps its parts at hand, so that two of them can be joined into one."""

    def __init__(self, parts: list[Flowable]) -> None:
        super().__init__(parts)
        self.parts = list(parts)


def _figure(block: doc.Figure, ctx: FlowContext) -> Together:
    figure = ctx.figures.get(block.name)
    if figure is None and ctx.strict:
        raise SpecError(
            Diagnostic.at(
                Mark(ctx.source_file, block.caption.line, 1),
                "rulebook.figure",
                f"the kit supplies no figure named '{block.name}'",
                f"supply it, or drop --strict to print a placeholder (known: {', '.join(ctx.figures) or 'none'})",
            )
        )
    share = block.height or _FIGURE_MAX_HEIGHT
    if figure is None:
        body = _placeholder(block.name, ctx)
    elif isinstance(figure, Piece):
        body = _piece(figure, ctx, share)
    else:
        body = _image(figure, ctx, block.caption, share)
    parts: list[Flowable] = [body]
    if block.caption.text:
        parts.append(_paragraph(block.caption, ctx, "caption"))
    else:
        parts.append(Spacer(0, ctx.styles.body_size * 1.5))
    return Together(parts)


def _list(block: doc.ListBlock, ctx: FlowContext) -> Flowable:
    size = ctx.styles.body_size
    items = [ListItem(_blocks(item, ctx, "item") or [Spacer(0, 0)]) for item in block.items]
    options: dict[str, object] = (
        {"bulletType": "1", "start": block.start, "bulletFormat": "%s.", "bulletFontName": reportlab_name("sans-bold")}
        if block.ordered
        else {"bulletType": "bullet", "start": "•", "bulletFontName": reportlab_name("sans"), "bulletColor": ACCENT}
    )
    if ctx.right_to_left:
        options |= {"bulletDir": "rtl", "rightIndent": size * 1.6, "leftIndent": 0}
    else:
        options["leftIndent"] = size * 1.6
    return ListFlowable(items, bulletFontSize=size, spaceAfter=size * 0.5, **options)


_MIRRORED = {"left": "right", "right": "left"}
"""A column's alignment in a right-to-left book (a Markdown column without one is `left`: its start)."""


def _table(block: doc.Table, ctx: FlowContext) -> Flowable:
    """A Markdown table; in a right-to-left book its first column at the right, each column's alignment
    mirrored, and the table at the right of the frame."""
    head = [ctx.text(unit, "sans-bold") for unit in block.header]
    body = [[ctx.text(unit) for unit in row] for row in block.rows]
    aligns = list(block.aligns)
    if ctx.right_to_left:
        head, body = head[::-1], [row[::-1] for row in body]
        aligns = [_MIRRORED.get(align, align) for align in aligns[::-1]]

    def paragraphs(scale: float) -> list[list[Any]]:
        head_styles = [aligned(scaled(ctx.styles["cell-head"], scale), align) for align in aligns]
        body_styles = [aligned(scaled(ctx.styles["cell"], scale), align) for align in aligns]
        cells = [[paragraph(t, style) for t, style in zip(head, head_styles, strict=True)]]
        return cells + [[paragraph(t, style) for t, style in zip(row, body_styles, strict=True)]
                        for row in body]

    widths, scale = column_widths(paragraphs(1.0), ctx.frame_width)
    cells = paragraphs(scale)
    table = Table(cells, colWidths=widths, repeatRows=1, hAlign="RIGHT" if ctx.right_to_left else "LEFT")
    commands: list[tuple[object, ...]] = [
        _font_command(),
        ("LINEBELOW", (0, 0), (-1, 0), 0.9, ACCENT),
        ("LINEBELOW", (0, 1), (-1, -1), 0.3, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    table.setStyle(TableStyle(commands))
    return KeepTogether([table, Spacer(0, ctx.styles.body_size)]) if len(body) < 8 else table


def _quote(block: doc.Quote, ctx: FlowContext) -> Together:
    inner = _blocks(block.blocks, ctx, "quote")
    box = Table([[inner]], colWidths=[ctx.frame_width])
    box.setStyle(
        TableStyle(
            [
                _font_command(),
                ("BACKGROUND", (0, 0), (-1, -1), TINT),
                ("LINEAFTER" if ctx.right_to_left else "LINEBEFORE", (0, 0), (0, -1), 2.2, ACCENT),
                ("LEFTPADDING", (0, 0), (-1, -1), 8),
                ("RIGHTPADDING", (0, 0), (-1, -1), 8),
                ("TOPPADDING", (0, 0), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return Together([box, Spacer(0, ctx.styles.body_size * 0.8)])


def _code(block: doc.Code, ctx: FlowContext) -> Flowable:
    box = Table([[Preformatted(block.text, ctx.styles["code"])]], colWidths=[ctx.frame_width])
    box.setStyle(
        TableStyle(
            [
                _font_command(),
                ("BACKGROUND", (0, 0), (-1, -1), TINT),
                ("LEFTPADDING", (0, 0), (-1, -1), 8),
                ("TOPPADDING", (0, 0), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return Together([box, Spacer(0, ctx.styles.body_size * 0.8)])


def _contents(ctx: FlowContext) -> Flowable:
    if ctx.shaped_contents:
        return ShapedContents([ctx.styles["toc1"], ctx.styles["toc2"]], ctx.right_to_left)
    toc = TableOfContents(
        dotsMinLevel=0,
        tableStyle=TableStyle(
            [
                _font_command(),
                _font_command(),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        ),
    )
    toc.levelStyles = [ctx.styles["toc1"], ctx.styles["toc2"]]
    return toc


def _steps(block: Steps, ctx: FlowContext) -> Together:
    """Numbered steps: number, figure (vector, at most its natural size) and text on one row each (mirrored in
    a right-to-left book)."""
    figure_width = ctx.frame_width * _STEP_FIGURE_SHARE
    number_width = ctx.styles.body_size * 2.0
    number_style = ParagraphStyle("step-number", parent=ctx.styles["h3"], spaceBefore=0, spaceAfter=0)
    rows = []
    for number, step in enumerate(block.steps, start=1):
        piece = ctx.figures[step.figure]
        assert isinstance(piece, Piece)
        width, _ = figure_size_mm(piece)
        figure = PieceFigure(piece, min(1.0, (figure_width - 4) / (width * PT_PER_MM)))
        rows.append([Paragraph(f"{number}", number_style), figure, _paragraph(step.text, ctx, "item")])
    widths = [number_width, figure_width, ctx.frame_width - figure_width - number_width]
    if ctx.right_to_left:  # the number at the right, the text at the left, as the eye reads it
        rows, widths = [row[::-1] for row in rows], widths[::-1]
    table = Table(rows, colWidths=widths, hAlign="RIGHT" if ctx.right_to_left else "LEFT")
    table.setStyle(TableStyle([
        _font_command(),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, 0), (-1, -2), 0.3, RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
    ]))
    return Together([table, Spacer(0, ctx.styles.body_size)])


def _kit_section(block: doc.KitSection, ctx: FlowContext) -> list[Flowable]:
    """The blocks the kit supplies for `block`; a marked placeholder when it supplies none (error if strict)."""
    supplied = ctx.sections.get(block.name)
    if supplied is not None:
        return _blocks(tuple(supplied), ctx)  # type: ignore[arg-type]
    if ctx.strict:
        raise SpecError(Diagnostic.at(
            Mark(ctx.source_file, block.line, 1), "rulebook.kit",
            f"the kit supplies no section named '{block.name}'",
            f"print the rulebook with its kit (`pnp render`), or drop --strict to print a placeholder "
            f"(known: {', '.join(ctx.sections) or 'none'})"))
    return [Paragraph(f"[ kit: {block.name} ]", ctx.styles["placeholder"])]


def _blocks(blocks: tuple[doc.Block, ...], ctx: FlowContext, role: str = "body") -> list[Flowable]:
    out: list[Flowable] = []
    for index, block in enumerate(blocks):
        if isinstance(block, doc.KitSection):
            out.extend(_kit_section(block, ctx))
        elif isinstance(block, Steps):
            out.append(_steps(block, ctx))
        elif isinstance(block, doc.Heading):
            before_toc = index + 1 < len(blocks) and isinstance(blocks[index + 1], doc.Contents)
            out.append(_heading(block, ctx, None if before_toc else _TOC_LEVELS.get(block.level)))
        elif isinstance(block, doc.Paragraph):
            out.append(_paragraph(block.text, ctx, role))
        elif isinstance(block, doc.Figure) and out and isinstance(out[-1], Together) and index > 0 \
                and isinstance(blocks[index - 1], doc.Quote):
            # an example box and its figure stay on one page (one KeepTogether: nested ones always break)
            out.append(Together([*out.pop().parts, *_figure(block, ctx).parts]))
        elif isinstance(block, doc.Figure):
            out.append(_figure(block, ctx))
        elif isinstance(block, doc.ListBlock):
            out.append(_list(block, ctx))
        elif isinstance(block, doc.Table):
            out.append(_table(block, ctx))
        elif isinstance(block, doc.Quote):
            out.append(_quote(block, ctx))
        elif isinstance(block, doc.Code):
            out.append(_code(block, ctx))
        elif isinstance(block, doc.PageBreak):
            out.append(PageBreak())
        elif isinstance(block, doc.Contents):
            out.extend([_contents(ctx), PageBreak()])
        elif isinstance(block, doc.Rule):
            out.append(HRFlowable(width="100%", thickness=0.5, color=RULE, spaceBefore=4, spaceAfter=8))
        if index and isinstance(blocks[index - 1], doc.Heading) and len(out) > 1 and isinstance(out[-1], Together):
            # a heading stays with the steps, figure or box it heads (reportlab keeps none with a KeepTogether,
            # whichever flowable, Latin or shaped, sets the heading)
            parts = out.pop().parts
            out.append(Together([out.pop(), *parts]))
    return out


def title_flowables(document: doc.Document, ctx: FlowContext) -> list[Flowable]:
    """The title page: the title, the first paragraph as subtitle, the others as credits (at the right in a
    right-to-left book, the title's rule too)."""
    title = ctx.styles["title"]
    if ctx.right_to_left:
        title = ParagraphStyle(f"{title.name}-rtl", parent=title, alignment=TA_RIGHT)
    out: list[Flowable] = [
        Spacer(0, ctx.frame_height * 0.22),
        paragraph(ctx.text(document.title, "sans-bold"), title),
        HRFlowable(width="30%", thickness=2.5, color=ACCENT, hAlign="RIGHT" if ctx.right_to_left else "LEFT",
                   spaceBefore=2, spaceAfter=14),
    ]
    first = True
    for block in document.front:
        if isinstance(block, doc.Paragraph):
            out.append(_paragraph(block.text, ctx, "subtitle" if first else "credit"))
            first = False
        else:
            out.extend(_blocks((block,), ctx, "credit"))
    return out


def body_flowables(document: doc.Document, ctx: FlowContext) -> list[Flowable]:
    """The flowables of the body (everything after the title page)."""
    return _blocks(document.body, ctx)
