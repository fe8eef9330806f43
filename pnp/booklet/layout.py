"""Page templates of a rulebook: title page, then body pages with running header and page numbers.

Input: the page size, styles, the document title (plain text) and the flowables of the title page and body.
Output: PDF bytes, laid out by platypus (`multiBuild`, so the table of contents gets its page numbers), either
one page per sheet or through `ImposingCanvas` as a saddle-stitch booklet.

The running header shows the book title on the left and, on the right, the section in force at the top of
the page (the one the page continues, or the one whose heading opens it). Headings feed the table of
contents and, for single pages, the PDF outline and clickable contents (an imposed booklet is for print,
so it has neither).
"""

from __future__ import annotations

import io
from functools import partial
from typing import Any
from xml.sax.saxutils import escape

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    ActionFlowable,
    BaseDocTemplate,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
)

from pnp.booklet.flowables import HeadingParagraph
from pnp.booklet.imposition import ImposingCanvas, PageCanvas
from pnp.booklet.styles import ACCENT, MUTED, RULE, Styles
from pnp.render.pdf_pages import set_print_preferences
from pnp.text.fonts import reportlab_name
from pnp.units import mm_to_pt

CREATOR = "pnp"


class RulebookTemplate(BaseDocTemplate):
    """A BaseDocTemplate with a title page template and a body template; tracks sections for the header."""

    def __init__(
        self,
        buffer: io.BytesIO,
        *,
        page_size: tuple[float, float],
        styles: Styles,
        title: str,
        author: str,
        subject: str | None,
        lang: str,
        links: bool,
    ) -> None:
        super().__init__(
            buffer,
            pagesize=page_size,
            leftMargin=styles.margin_inner,
            rightMargin=styles.margin_outer,
            topMargin=styles.margin_top,
            bottomMargin=styles.margin_bottom,
            title=title,
            author=author,
            subject=subject or title,
            lang=lang,
            creator=CREATOR,
            producer=CREATOR,
            invariant=1,
            initialFontName=reportlab_name("sans"),
        )
        self.rulebook_title = title
        self.rulebook_styles = styles
        self.links = links
        self.current_section = ""
        self.section_at_page_start = ""
        self.first_section_on_page = ""
        self.flowables_on_page = 0
        self.heading_count = 0
        frame = Frame(
            self.leftMargin,
            self.bottomMargin,
            self.width,
            self.height,
            id="main",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        self.addPageTemplates(
            [
                PageTemplate("title", [frame], onPage=self._title_decor, pagesize=page_size),
                PageTemplate("body", [frame], onPage=self._page_start, onPageEnd=self._page_end, pagesize=page_size),
            ]
        )

    def beforeDocument(self) -> None:
        # print at 100%; an imposed booklet is printed two-sided, flipped on the sheet's short edge
        set_print_preferences(self.canv, "none" if self.links else "short-edge")
        self.current_section = self.section_at_page_start = self.first_section_on_page = ""
        self.heading_count = 0

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, ActionFlowable):
            return
        self.flowables_on_page += 1
        if not isinstance(flowable, HeadingParagraph) or flowable.toc_level is None:
            return
        self.heading_count += 1
        key = f"h{self.heading_count}" if self.links else None
        if key:
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(flowable.toc_text, key, level=flowable.toc_level, closed=True)
        # the contents set the entry as paragraph markup: a heading's plain text (a translator's too) is escaped
        self.notify("TOCEntry", (flowable.toc_level, escape(flowable.toc_text), self.page, key))
        if flowable.toc_level == 0:
            self.current_section = flowable.toc_text
            self.first_section_on_page = self.first_section_on_page or flowable.toc_text
            if self.flowables_on_page == 1:
                self.section_at_page_start = flowable.toc_text

    def _title_decor(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = self.pagesize
        canvas.saveState()
        canvas.setFillColor(ACCENT)
        canvas.rect(0, height - mm_to_pt(14), width, mm_to_pt(14), stroke=0, fill=1)
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(self.leftMargin, self.bottomMargin * 0.7, width - self.rightMargin, self.bottomMargin * 0.7)
        canvas.restoreState()

    def _page_start(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        self.section_at_page_start = self.current_section
        self.first_section_on_page = ""
        self.flowables_on_page = 0

    def _page_end(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = self.pagesize
        size = self.rulebook_styles["header"].fontSize
        top = height - self.topMargin + mm_to_pt(6)
        section = self.section_at_page_start or self.first_section_on_page
        canvas.saveState()
        canvas.setFont(reportlab_name("sans"), size)
        canvas.setFillColor(MUTED)
        canvas.drawString(self.leftMargin, top, self.rulebook_title)
        room = width - self.rightMargin - self.leftMargin - mm_to_pt(6)
        room -= canvas.stringWidth(self.rulebook_title, reportlab_name("sans"), size)
        canvas.drawRightString(width - self.rightMargin, top, _fitted(canvas, section, size, room))
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        canvas.line(self.leftMargin, top - size * 0.6, width - self.rightMargin, top - size * 0.6)
        canvas.setFont(reportlab_name("sans-bold"), size * 1.1)
        canvas.setFillColor(ACCENT)
        canvas.drawCentredString(width / 2, self.bottomMargin - mm_to_pt(9), str(self.page))
        canvas.restoreState()


def _fitted(canvas: Canvas, text: str, size: float, room: float) -> str:
    """`text` in the header's font, cut at a word and ended with an ellipsis if it is wider than `room`."""
    font = reportlab_name("sans")
    if canvas.stringWidth(text, font, size) <= room:
        return text
    words = text.split()
    while words and canvas.stringWidth(" ".join(words) + " …", font, size) > room:
        words.pop()
    return " ".join(words) + " …" if words else ""


def build_pdf(
    *,
    page_size: tuple[float, float],
    sheet_size: tuple[float, float] | None,
    styles: Styles,
    title: str,
    author: str,
    title_page: list[Flowable],
    body: list[Flowable],
    subject: str | None = None,
    lang: str = "en",
) -> bytes:
    """Lay out title page and body at `page_size`; impose two-up on `sheet_size` sheets when given."""
    buffer = io.BytesIO()
    template = RulebookTemplate(
        buffer, page_size=page_size, styles=styles, title=title, author=author, subject=subject, lang=lang,
        links=sheet_size is None,
    )
    story = [*title_page, NextPageTemplate("body"), PageBreak(), *body]
    maker: Any = PageCanvas if sheet_size is None else partial(ImposingCanvas, sheet_size=sheet_size)
    template.multiBuild(story, canvasmaker=maker, maxPasses=5)
    return buffer.getvalue()
