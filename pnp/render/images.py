"""Raster images in PDFs: each distinct image file is embedded once and reused by reference."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.layout.scene import Image


class ImageCache:
    """Embeds each distinct image (by `Image.key`) once per document."""

    def __init__(self) -> None:
        self._names: dict[str, str] = {}

    def draw(self, canvas: Canvas, item: Image) -> None:
        """Draw `item` into the unit box set up by the caller (origin bottom-left, y up, size w x h)."""
        canvas.drawImage(str(item.path), 0, 0, item.w, item.h, mask="auto")
