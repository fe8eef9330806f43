"""What a PDF page holds beyond its drawing, for the PDF backend (`pnp.render.pdf`): its page boxes, the
document's print preferences, and the images and SVG art drawn on it (made at the first one drawn).

Boxes are given in mm from the page's top left and written in points with y up; a page that names none is
trimmed and bled at its edges (TrimBox = BleedBox = MediaBox), so TrimBox <= BleedBox <= MediaBox holds on
every page pnp writes.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, BinaryIO

from reportlab.pdfgen.canvas import Canvas

from pnp.layout.scene import Image
from pnp.render.press import RGB, Press
from pnp.units import PT_PER_MM

if TYPE_CHECKING:
    from pnp.render.images import ImageCache
    from pnp.render.pdf_paint import VectorForms

Box = tuple[float, float, float, float]
"""A page box in mm from the page's top left: x, y, width, height."""


def page_boxes(canvas: Canvas, width: float, height: float, trim: Box | None = None,
               bleed: Box | None = None) -> None:
    """Set the page's TrimBox and BleedBox (points, y up) from boxes in mm from the top left (x, y, w, h): the
    whole page unless given, so that TrimBox <= BleedBox <= MediaBox holds on every page pnp writes."""
    whole = (0.0, 0.0, width, height)
    bleed = bleed or whole
    for name, (x, y, w, h) in (("trim", trim or bleed), ("bleed", bleed)):
        box = (x * PT_PER_MM, (height - y - h) * PT_PER_MM, (x + w) * PT_PER_MM, (height - y) * PT_PER_MM)
        canvas.setCropBox(tuple(round(v, 4) for v in box), name)


DUPLEX_NAMES = {"long-edge": "DuplexFlipLongEdge", "short-edge": "DuplexFlipShortEdge"}
"""PDF /Duplex viewer preference for each duplex setting (none: no preference)."""


def set_print_preferences(canvas: Canvas, duplex: str = "none") -> None:
    """Tell the viewer's print dialog to print at 100% (/PrintScaling /None) and, for two-sided documents,
    which edge to flip on (/Duplex)."""
    canvas.setViewerPreference("PrintScaling", "None")
    if duplex in DUPLEX_NAMES:
        canvas.setViewerPreference("Duplex", DUPLEX_NAMES[duplex])


class PageImages:
    """A document's `ImageCache`, made at the first image drawn, so documents without images never import
    the image encoders."""

    def __init__(self, press: Press = RGB) -> None:
        self.press = press
        self.cache: ImageCache | None = None
        self.vectors: VectorForms | None = None
        self.translucent: set[str] = set()
        """The names of the forms drawn that are translucent themselves (for CMYK pages: `close_page`)."""

    def draw(self, canvas: Canvas, item: Image) -> None:
        if item.vector:
            if self.vectors is None:
                from pnp.render.pdf_paint import VectorForms

                self.vectors = VectorForms(self.press, self.translucent)
            self.vectors.draw(canvas, item)
            return
        if self.cache is None:
            from pnp.render.images import ImageCache

            self.cache = ImageCache(self.press, self.translucent)
        self.cache.draw(canvas, item)

    def write(self, pdf: bytes, out: BinaryIO) -> None:
        if self.cache is None:
            out.write(pdf)
        else:
            self.cache.write(pdf, out)


class Sink:
    """The file reportlab writes a document into: `out` itself when no image was drawn (nothing is appended),
    else memory, which `close` hands to `images` to append the images to (a copy of the file fewer held)."""

    def __init__(self, out: BinaryIO, images: PageImages) -> None:
        self.out = out
        self.images = images
        self.held = io.BytesIO()

    def write(self, data: bytes) -> int:
        return (self.out if self.images.cache is None else self.held).write(data)

    def close(self) -> None:
        if self.images.cache is not None:
            self.images.write(self.held.getvalue(), self.out)
