"""The writers of the formats that draw the imposed sheets (`pnp.render.formats`): the PDF, one SVG per sheet,
PNG previews; and the file names all formats share."""

from __future__ import annotations

import hashlib
import io
import unicodedata
from functools import partial
from typing import TYPE_CHECKING, BinaryIO

from pnp.layout.scene import Document, Page
from pnp.render.formats import Built, Output, Payload, RenderOptions
from pnp.render.pdf import render_pdf, write_pdf
from pnp.render.press import RGB

if TYPE_CHECKING:
    from PIL import Image as PILImage

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


def sheets_stem(build: Built, options: RenderOptions) -> str:
    """The name the sheets' files start with: `KIT-PAPER` (and `-LANG`)."""
    return f"{slug(build.document.title)}-{build.plan.paper.name}" + (f"-{options.lang}" if options.lang else "")


def pdf_output(build: Built, options: RenderOptions) -> Output:
    """`STEM.pdf`: every sheet, streamed into its file (flat memory for image-heavy decks); drawn once for the
    PNG previews too when they are asked for."""
    document, stem = build.document, sheets_stem(build, options)
    if "png" in options.formats:
        return Output(f"{stem} pdf", {f"{stem}.pdf": partial(_write_shared_pdf, build, options)})
    return Output(f"{stem} pdf", {f"{stem}.pdf": partial(write_pdf, document, progress=options.progress,
                                                          press=options.press or RGB)})


def svg_output(build: Built, options: RenderOptions) -> Output:
    """`STEM-pNN.svg`: one SVG per sheet, text as `options.svg_text` says (see `pnp.render.svg.SVG_TEXT`)."""
    document, stem = build.document, sheets_stem(build, options)
    files: dict[str, Payload] = {f"{stem}-p{number}.svg": partial(_write_svg, page, document.title, options.svg_text)
                                 for number, page in zip(page_numbers(document), document.pages, strict=True)}
    return Output(f"{stem} svg pages", files)


def png_output(build: Built, options: RenderOptions) -> Output:
    """`STEM-pNN.png`: a preview of each sheet at PNG_DPI, rasterised from the sheets' PDF."""
    document, stem = build.document, sheets_stem(build, options)
    files: dict[str, Payload] = {f"{stem}-p{number}.png": partial(_write_preview, build, options, index)
                                 for index, number in enumerate(page_numbers(document))}
    return Output(f"{stem} png pages", files)


def page_numbers(document: Document) -> list[str]:
    """The page numbers in file names: 01, 02, ... (as many digits as the last needs)."""
    width = max(2, len(str(len(document.pages))))
    return [f"{i:0{width}d}" for i in range(1, len(document.pages) + 1)]


def _shared_pdf(build: Built, options: RenderOptions) -> bytes:
    return build.shared("sheets.pdf", lambda: render_pdf(build.document, options.progress, options.press or RGB))


def _write_shared_pdf(build: Built, options: RenderOptions, handle: BinaryIO) -> None:
    handle.write(_shared_pdf(build, options))


def _write_preview(build: Built, options: RenderOptions, index: int, handle: BinaryIO) -> None:
    handle.write(build.shared("sheets.png", lambda: pdf_to_png(_shared_pdf(build, options), PNG_DPI))[index])


def _write_svg(page: Page, title: str, svg_text: str, handle: BinaryIO) -> None:
    from pnp.render.svg import render_svg_page  # svgwrite loads only when SVG is asked for

    handle.write(render_svg_page(page, title, svg_text).encode("utf-8"))


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
