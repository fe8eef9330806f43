"""Paper formats and saddle-stitch booklet imposition.

Input: a paper name and a number of pages. Output: page and sheet sizes (from the paper data), the pure imposition plan
(sheet, side, slot) -> page number or blank, and a reportlab canvas that draws each laid-out page as a form
XObject and then places the forms two-up on the sheets following the plan.

Why forms: platypus lays the booklet out at its own page size (A5 or half-Letter) with every feature it has
(keep-with-next, table of contents, running headers); the imposing canvas captures each of those pages as a
vector form instead of emitting it, and at `save()` draws the sheets. Only reportlab is needed at run time, the
output stays vector, and the fonts stay embedded once.

Plan for N pages padded to P (a multiple of 4, blanks at the end): sheet s (1-based) front carries
P-2(s-1) on the left and 2s-1 on the right; its back carries 2s on the left and P-2s+1 on the right. Printed
duplex flipping on the short edge, folded and stapled, the pages read 1..P.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.pdfbase.pdfdoc import PDFFormXObject, PDFResourceDictionary
from reportlab.pdfgen.canvas import Canvas

from pnp.layout.paper import booklet_page, get_paper
from pnp.render.reportlab_internals import binary_streams
from pnp.units import mm_to_pt

FOLD_MARK_MM = 4.0


def sheet_size(paper: str) -> tuple[float, float]:
    """Portrait size of `paper` in points (from pnp/data/layouts/papers.yaml)."""
    sheet = get_paper(paper)
    return mm_to_pt(sheet.width), mm_to_pt(sheet.height)


def booklet_page_size(paper: str) -> tuple[float, float]:
    """Size in points of a booklet page folded from `paper`: A5 on A4, half-Letter (5.5 x 8.5 in) on Letter."""
    width, height = booklet_page(paper)
    return mm_to_pt(width), mm_to_pt(height)


@dataclass(frozen=True, slots=True)
class Slot:
    """One half of one side of one sheet and the page printed there (None for a blank page)."""

    sheet: int
    side: str
    position: str
    page: int | None


def padded_page_count(pages: int) -> int:
    """`pages` rounded up to a multiple of 4 (at least 4)."""
    return max(4, -(-pages // 4) * 4)


def booklet_plan(pages: int) -> list[Slot]:
    """Where each page goes in a saddle-stitched booklet of `pages` pages, sheet by sheet, front then back."""
    total = padded_page_count(pages)
    plan: list[Slot] = []
    for sheet in range(1, total // 4 + 1):
        order = (
            ("front", "left", total - 2 * (sheet - 1)),
            ("front", "right", 2 * sheet - 1),
            ("back", "left", 2 * sheet),
            ("back", "right", total - 2 * sheet + 1),
        )
        plan.extend(Slot(sheet, side, pos, page if page <= pages else None) for side, pos, page in order)
    return plan


class PageCanvas(Canvas):
    """A canvas whose every page has its TrimBox and BleedBox: the whole page (a rulebook is cut nowhere)."""

    def __init__(self, filename: Any, **kwargs: Any) -> None:
        binary_streams()
        super().__init__(filename, **kwargs)
        self.page_size: tuple[float, float] = kwargs.get("pagesize") or (595.2756, 841.8898)

    def setPageSize(self, size: tuple[float, float]) -> None:
        self.page_size = size
        super().setPageSize(size)

    def showPage(self) -> None:
        whole = (0, 0, *self.page_size)
        self.setTrimBox(whole)
        self.setBleedBox(whole)
        super().showPage()


class ImposingCanvas(Canvas):
    """A canvas that records each page as a form and, on save, imposes them two-up on `sheet_size` sheets."""

    def __init__(self, filename: Any, *, sheet_size: tuple[float, float], right_to_left: bool = False,
                 **kwargs: Any) -> None:
        binary_streams()
        super().__init__(filename, **kwargs)
        self._sheet_size = sheet_size
        self._right_to_left = right_to_left
        """Bound on the right (a right-to-left language): each sheet side's two pages change places."""
        self._pages = 0
        self.beginForm("page1")

    def showPage(self) -> None:
        self.endForm()
        self._pages += 1
        self.beginForm(f"page{self._pages + 1}")

    def _setAnnotations(self, obj: Any) -> None:
        """The last step of `endForm`: give a page's form the graphics states (transparency) it uses, which
        reportlab leaves out of a form's resources, beside its fonts and images."""
        super()._setAnnotations(obj)
        if isinstance(obj, PDFFormXObject) and obj.ExtGState:
            resources = PDFResourceDictionary()
            resources.basicFonts()
            resources.allProcs()
            if obj.XObjects:
                resources.XObject = obj.XObjects
            resources.ExtGState = obj.ExtGState
            obj.Resources = resources

    def save(self) -> None:
        self.endForm()
        width, height = self._sheet_size
        self.setPageSize((width, height))
        self.setTrimBox((0, 0, width, height))  # every sheet: TrimBox = BleedBox = MediaBox
        self.setBleedBox((0, 0, width, height))
        sides: dict[tuple[int, str], list[Slot]] = {}
        for slot in booklet_plan(self._pages):
            sides.setdefault((slot.sheet, slot.side), []).append(slot)
        for slots in sides.values():
            for slot in slots:
                if slot.page is None:
                    continue
                self.saveState()
                self.translate(0 if (slot.position == "left") != self._right_to_left else width / 2, 0)
                self.doForm(f"page{slot.page}")
                self.restoreState()
            self._fold_marks(width, height)
            Canvas.showPage(self)
        Canvas.save(self)

    def _fold_marks(self, width: float, height: float) -> None:
        mark = mm_to_pt(FOLD_MARK_MM)
        self.saveState()
        self.setLineWidth(0.3)
        self.setStrokeGray(0.6)
        self.line(width / 2, 0, width / 2, mark)
        self.line(width / 2, height - mark, width / 2, height)
        self.restoreState()
