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
from typing import Any, Literal

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

from pnp.booklet.imposition import ImposingCanvas, PageCanvas
from pnp.booklet.shaped import fallback_markup
from pnp.booklet.styles import ACCENT, MUTED, RULE, Styles
from pnp.i18n.languages import direction
from pnp.layout.scene import Text
from pnp.render.pdf_pages import set_print_preferences
from pnp.text.fonts import reportlab_name, text_width_mm
from pnp.text.shaping import needs_shaping
from pnp.units import PT_PER_MM, mm_to_pt

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
        self.right_to_left = direction(lang) == "rtl"
        """A right-to-left book: the running header is mirrored (the title at the right)."""
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
        if self.right_to_left:
            self.canv.setViewerPreference("Direction", "R2L")  # viewers show facing pages right to left
        self.current_section = self.section_at_page_start = self.first_section_on_page = ""
        self.heading_count = 0

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, ActionFlowable):
            return
        self.flowables_on_page += 1
        if getattr(flowable, "toc_level", None) is None:  # a HeadingParagraph or ShapedParagraph listed
            return
        self.heading_count += 1
        key = f"h{self.heading_count}" if self.links else None
        if key:
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(flowable.toc_text, key, level=flowable.toc_level, closed=True)
        # the contents set the entry as paragraph markup: a heading's plain text (a translator's too) is escaped
        self.notify("TOCEntry", (flowable.toc_level, fallback_markup(flowable.toc_text), self.page, key))
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
        left, right = self.leftMargin, width - self.rightMargin
        room = right - left - mm_to_pt(6) - _width(canvas, self.rulebook_title, size)
        shown = _fitted(canvas, section, size, room)
        if self.right_to_left:
            _header_text(canvas, self.rulebook_title, right, top, size, "end")
            _header_text(canvas, shown, left, top, size, "start")
        else:
            _header_text(canvas, self.rulebook_title, left, top, size, "start")
            _header_text(canvas, shown, right, top, size, "end")
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        canvas.line(self.leftMargin, top - size * 0.6, width - self.rightMargin, top - size * 0.6)
        canvas.setFont(reportlab_name("sans-bold"), size * 1.1)
        canvas.setFillColor(ACCENT)
        canvas.drawCentredString(width / 2, self.bottomMargin - mm_to_pt(9), str(self.page))
        canvas.restoreState()


def _header_text(canvas: Canvas, text: str, x: float, y: float, size: float,
                 anchor: Literal["start", "end"]) -> None:
    """One text of the running header, its start or end at (x, y) in points; shaped text (`ShapedParagraph`'s
    scripts) drawn as card texts are."""
    if not needs_shaping(text):
        (canvas.drawString if anchor == "start" else canvas.drawRightString)(x, y, text)
        return
    from pnp.render.pdf import draw_items

    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(PT_PER_MM, -PT_PER_MM)
    draw_items(canvas, [Text(0.0, 0.0, text, size / PT_PER_MM, "sans", "#6B6B6B", anchor)])
    canvas.restoreState()


def _width(canvas: Canvas, text: str, size: float) -> float:
    """The width of a header text in points (shaped when it needs it)."""
    if needs_shaping(text):
        return text_width_mm(text, "sans", size / PT_PER_MM) * PT_PER_MM
    return float(canvas.stringWidth(text, reportlab_name("sans"), size))


def _fitted(canvas: Canvas, text: str, size: float, room: float) -> str:
    """`text` in the header's font, cut at a word and ended with an ellipsis if it is wider than `room`."""
    def wide(shown: str) -> float:
        return _width(canvas, shown, size)

    if wide(text) <= room:
        return text
    words = text.split()
    while words and wide(" ".join(words) + " …") > room:
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
    maker: Any = PageCanvas if sheet_size is None else partial(ImposingCanvas, sheet_size=sheet_size,
                                                           right_to_left=direction(lang) == "rtl")
    template.multiBuild(story, canvasmaker=maker, maxPasses=5)
    return buffer.getvalue()
