"""All output formats of one document as named files in memory: PDF, one SVG per page, PNG previews."""

from __future__ import annotations

import hashlib
import io
import unicodedata
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, BinaryIO

from pnp.layout.scene import Document
from pnp.output import Payload
from pnp.render.pdf import render_pdf, write_pdf
from pnp.render.press import RGB, Press

if TYPE_CHECKING:
    from PIL import Image as PILImage

FORMATS = ("pdf", "svg", "png", "tts", "cards", "proof", "single")
"""pdf, svg and png draw the imposed sheets; tts and cards export each deck card by card, proof the decks' faces
on proof sheets (`pnp.render.export`), single every card one face a page for a print shop (`pnp.render.single`)."""
PNG_DPI = 100
"""Resolution of the PNG page previews."""


SLUG_CHARS, SLUG_BYTES = 60, 120
"""Longest slug kept whole, in characters and in UTF-8 bytes (a file name may have 255 bytes)."""


def slug(text: str) -> str:
    """A file-name-safe lower-case version of `text` (NFKC): its letters, marks and digits of any script, every
    other run as one `-`. When that is cut short (over SLUG_CHARS or SLUG_BYTES) or empty, `-` and 8 hex digits
    of the whole text's hash follow, so different titles never share file names that way."""
    normal = unicodedata.normalize("NFKC", text).lower()
    words = "-".join("".join(c if unicodedata.category(c)[0] in "LMN" else " " for c in normal).split())
    cut = words[:SLUG_CHARS]
    while len(cut.encode("utf-8")) > SLUG_BYTES:
        cut = cut[:-1]
    cut = cut.rstrip("-")
    if cut and cut == words:
        return cut
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{cut or 'kit'}-{digest}"


def render_files(document: Document, stem: str, formats: tuple[str, ...],
                 progress: Callable[[int], None] | None = None, svg_text: str = "outline",
                 press: Press = RGB) -> dict[str, Payload]:
    """Render `document` in every asked format; names are `stem.pdf`, `stem-p01.svg`, `stem-p01.png`; SVG text
    as `svg_text` says (see `pnp.render.svg.SVG_TEXT`), the PDF as `press` says (RGB, or CMYK and PDF/X).

    Without PNG previews the PDF is a writer that streams into its file (flat memory for image-heavy decks).
    """
    files: dict[str, Payload] = {}
    if "png" in formats:
        pdf = render_pdf(document, progress, press)
        if "pdf" in formats:
            files[f"{stem}.pdf"] = pdf
    elif "pdf" in formats:
        files[f"{stem}.pdf"] = lambda out: write_pdf(document, out, progress, press)
    width = max(2, len(str(len(document.pages))))
    if "svg" in formats:
        from pnp.render.svg import render_svg_page  # svgwrite loads only when SVG is asked for

        for i, page in enumerate(document.pages, start=1):
            files[f"{stem}-p{i:0{width}d}.svg"] = render_svg_page(page, document.title, svg_text).encode("utf-8")
    if "png" in formats:
        for i, png in enumerate(pdf_to_png(pdf, PNG_DPI), start=1):
            files[f"{stem}-p{i:0{width}d}.png"] = png
    return files


def render_jobs(stem: str, names: Iterable[str]) -> dict[str, str]:
    """The render job of each output file named `stem...`: its PDF, its SVG pages, its PNG pages or its rulebook.

    A new render of a job replaces exactly the files that job wrote before (see `pnp.output.write_outputs`).
    """
    jobs = {}
    for name in names:
        rest, _dot, suffix = name.removeprefix(stem).rpartition(".")
        part = "rulebook" if rest.startswith("-rules") else f"{suffix} pages" if rest.startswith("-p") else suffix
        jobs[name] = f"{stem} {part}"
    return jobs


def pdf_to_png(pdf: bytes, dpi: int) -> list[bytes]:
    """Rasterise each PDF page to PNG bytes (pdfium, no external programs)."""
    import pypdfium2 as pdfium

    pages: list[bytes] = []
    document = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(document)):
            page = document[index]
            pages.append(png_bytes(page.render(scale=dpi / 72).to_pil(), dpi))
            page.close()
    finally:
        document.close()
    return pages


def png_bytes(image: PILImage.Image, dpi: int) -> bytes:
    """The PNG file of `image`, its resolution in a pHYs chunk (pixels per metre: dpi / 0.0254, rounded)."""
    buffer = io.BytesIO()
    save_png(image, dpi, buffer)
    return buffer.getvalue()


def save_png(image: PILImage.Image, dpi: int, handle: BinaryIO) -> None:
    """Write `image` as PNG into `handle`, as `png_bytes` does."""
    image.save(handle, format="PNG", optimize=False, dpi=(dpi, dpi))
