"""Render one Markdown rulebook to PDF: parse, translate, substitute spec values, typeset, impose.

Input: the rulebook's `.md` path, language, paper, imposition, spec context, strictness and kit figures.
Output: `RulebookResult` (PDF bytes and warnings), or a SpecError located at the source or catalog line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pnp.booklet.flowables import FlowContext, body_flowables, title_flowables
from pnp.booklet.imposition import booklet_page_size, sheet_size
from pnp.booklet.layout import build_pdf
from pnp.booklet.styles import make_styles
from pnp.booklet.text import TextResolver
from pnp.diagnostics import Diagnostic, Mark, Severity, SpecError
from pnp.i18n.languages import direction, needs_shaping_layout
from pnp.i18n.translate import translation_for
from pnp.layout.paper import is_rulebook_paper, rulebook_papers
from pnp.layout.pieces import Piece
from pnp.rulebook.markdown import parse_document
from pnp.text.fonts import register_fonts

IMPOSITIONS = ("pages", "booklet")
AUTHOR = "pnp"


@dataclass(frozen=True, slots=True)
class RulebookResult:
    """A rendered rulebook: the PDF bytes and the warnings (missing translations, dropped expressions)."""

    pdf: bytes
    warnings: list[Diagnostic] = field(default_factory=list)


def _usage(source: Path, message: str, hint: str) -> SpecError:
    return SpecError(Diagnostic.at(Mark(str(source), 1, 1), "rulebook.options", message, hint))


def _read_source(source: Path, paper: str, imposition: str) -> str:
    """The Markdown text of `source`, once `paper` and `imposition` are known options."""
    papers = rulebook_papers()
    if not is_rulebook_paper(paper):
        raise _usage(source, f"unknown paper {paper!r}", f"use one of {', '.join(papers)}")
    if imposition not in IMPOSITIONS:
        raise _usage(source, f"unknown imposition {imposition!r}", f"use one of {', '.join(IMPOSITIONS)}")
    try:
        return source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise _usage(source, f"cannot read the rulebook: {err}", "check the path and that it is UTF-8") from None


def render_rulebook(
    source: Path,
    *,
    lang: str | None = None,
    paper: str = "a4",
    imposition: str = "pages",
    context: Mapping[str, Any] | None = None,
    strict: bool = False,
    figures: Mapping[str, Path | Piece] | None = None,
    catalogs: Path | None = None,
    author: str = AUTHOR,
    subject: str | None = None,
    sections: Mapping[str, tuple[Any, ...]] | None = None,
) -> RulebookResult:
    """Typeset the Markdown rulebook `source` as a PDF.

    - `lang`: a language with a `<lang>.po` beside the source, or None for the source language (English).
      Missing or fuzzy entries print the source text and add one warning with their count.
    - `paper`: any paper pnp prints on (a4, letter, a3, a5, legal, tabloid); a booklet's pages are the
      `booklet_page` of that paper in pnp/data/layouts/papers.yaml (half a sheet).
    - `imposition`: "pages" (one page per sheet of `paper`) or "booklet" (half-sheet pages, A5 on A4, imposed
      2-up on landscape sheets in saddle-stitch order for duplex short-edge printing, padded to 4 pages).
    - `context`: the spec values the text quotes with `{{ expressions }}` (each game's `rulebook_context`).
    - `strict`: missing translations, translations that leave out an expression and figures the kit did not
      supply become errors.
    - `figures`: figure name -> PNG/JPEG/PDF file, or a `Piece` drawn as vector graphics (without `Image`
      items), used by `![Caption](figure:NAME)`; an unsupplied figure prints a marked placeholder box.
    - `catalogs`: a translator's folder (`<folder of source>/<lang>.po`) searched before the catalog beside the
      source.
    - `sections`: the blocks of each `<!-- kit: NAME -->` section (`pnp.booklet.guide.KitGuide`); a section
      the kit does not supply prints a marked placeholder (an error under `strict`).
    - `author`, `subject`: the PDF metadata (default: pnp, and the title), so a rulebook printed with a kit
      names the kit's author and the kit.

    Raises SpecError located at file:line for user errors: undefined names or bad expressions in the text,
    characters the font cannot show, missing translations or figures under `strict`, unknown options.
    The PDF bytes are deterministic: the same inputs give the same bytes.
    """
    markdown = _read_source(source, paper, imposition)
    register_fonts()
    document = parse_document(markdown, str(source))
    translation = translation_for(source, lang, catalogs)
    resolver = TextResolver(translation, dict(context or {}), phrases=document.phrases)
    sheet = sheet_size(paper)
    page_size = booklet_page_size(paper) if imposition == "booklet" else sheet
    landscape_sheet = (sheet[1], sheet[0]) if imposition == "booklet" else None
    styles = make_styles(page_size)
    frame_width = page_size[0] - styles.margin_inner - styles.margin_outer
    frame_height = page_size[1] - styles.margin_top - styles.margin_bottom
    flow = FlowContext(resolver, styles, frame_width, frame_height, dict(figures or {}), strict, str(source),
                       dict(sections or {}), direction(lang) == "rtl", needs_shaping_layout(lang))
    title_page = title_flowables(document, flow)
    body = body_flowables(document, flow)
    if strict:
        translation.check_strict()
        dropped = [replace(d, severity=Severity.ERROR) for d in resolver.warnings if d.rule == "i18n.placeholder"]
        if dropped:
            raise SpecError(dropped)
    pdf = build_pdf(
        page_size=page_size,
        sheet_size=landscape_sheet,
        styles=styles,
        title=resolver(document.title).plain,
        author=author,
        subject=subject,
        lang=lang or "en",
        title_page=title_page,
        body=body,
    )
    return RulebookResult(pdf, [*translation.warnings(), *resolver.warnings])
