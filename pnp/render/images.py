"""Raster images in PDFs: each distinct image (by `Image.key`) is embedded once and drawn by reference.

Input: scene `Image` items drawn on a reportlab canvas, then the PDF bytes reportlab wrote. Output: the same
PDF with one image XObject per distinct key, appended as an incremental update (reportlab only ever holds a
`null` placeholder per image), so each file is read and encoded on its own, never all at once:
- JPEG (grey, RGB, CMYK) passes straight through as DCTDecode;
- PNG (non-interlaced, no transparency; grey, RGB or palette) passes its zlib stream (the IDAT chunks)
  straight through as FlateDecode with the PNG predictor parameters, as img2pdf does;
- anything else (alpha, interlacing, 16 bits) is decoded with Pillow and deflated with C zlib (no
  ASCII85), its alpha channel becoming a soft mask.
For a CMYK press (`pnp.render.press`) a CMYK JPEG passes through as above and every other image is decoded and
converted into the profile's inks by littleCMS (DeviceCMYK, deflated); PDF/X-1a refuses a soft mask.
The placeholders and the trailer are reportlab's internals: `pnp.render.reportlab_internals`.
"""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from PIL import Image as PILImage
from reportlab.pdfgen.canvas import Canvas

from pnp.layout.scene import Image
from pnp.render.press import RGB, Press
from pnp.render.reportlab_internals import Placeholder, add_placeholder, trailer_of, updated_trailer
from pnp.source.images import read_as_checked

if TYPE_CHECKING:
    from pnp.render.press import Inks

PILImage.MAX_IMAGE_PIXELS = None
"""Every image was checked against pnp's own pixel cap (`--max-pixels`, from its header) and decoded once by
`pnp.source.images` before it gets here, and is read as checked (`read_as_checked`: not saved over since);
Pillow's fixed bomb check (a warning past 89 Mpx, an error past 179 Mpx) would only refuse an image the user
allowed."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PNG_COLOURS = {0: 1, 2: 3, 3: 1}
"""PNG colour type -> samples per pixel, for the types that pass through (grey, RGB, palette)."""
_PNG_DEPTHS = {0: (1, 2, 4, 8), 2: (8,), 3: (1, 2, 4, 8)}
_JPEG_SPACES = {"L": "/DeviceGray", "RGB": "/DeviceRGB", "CMYK": "/DeviceCMYK"}


@dataclass(frozen=True, slots=True)
class PngHeader:
    """What the IHDR and the other chunk names of a PNG say about how it can be embedded."""

    width: int
    height: int
    depth: int
    colour_type: int
    interlaced: bool
    transparent: bool

    @property
    def passes_through(self) -> bool:
        """True when the PNG's own zlib stream is a valid PDF FlateDecode stream for it."""
        return not self.interlaced and not self.transparent and self.depth in _PNG_DEPTHS.get(self.colour_type, ())


def _png_chunks(data: bytes) -> list[tuple[bytes, memoryview]]:
    """(type, payload) of every chunk of a PNG file's bytes, in order (the payloads are views: nothing copied)."""
    chunks: list[tuple[bytes, memoryview]] = []
    view = memoryview(data)
    pos = len(PNG_SIGNATURE)
    while pos + 8 <= len(data):
        length, kind = struct.unpack_from(">I4s", data, pos)
        chunks.append((kind, view[pos + 8 : pos + 8 + length]))
        pos += 12 + length
        if kind == b"IEND":
            break
    return chunks


_PNG_KEPT = frozenset({b"IHDR", b"PLTE", b"IDAT", b"IEND", b"tRNS", b"gAMA", b"cHRM", b"sRGB", b"iCCP", b"sBIT"})
"""PNG chunks that change how the image looks: the critical ones, transparency and colour space."""


def png_without_ancillary_chunks(data: bytes) -> bytes:
    """A PNG file's bytes without the chunks that change nothing printed (text, time, physical size...)."""
    kept = [PNG_SIGNATURE]
    pos = len(PNG_SIGNATURE)
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        if kind in _PNG_KEPT:
            kept.append(data[pos : pos + 12 + length])
        pos += 12 + length
        if kind == b"IEND":
            break
    return b"".join(kept)


def png_header(data: bytes) -> PngHeader:
    """Read a PNG's header; `transparent` is set for alpha colour types and for a tRNS chunk."""
    chunks = _png_chunks(data)
    width, height, depth, colour_type, _, _, interlace = struct.unpack_from(">IIBBBBB", chunks[0][1])
    transparent = colour_type in (4, 6) or any(kind == b"tRNS" for kind, _ in chunks)
    return PngHeader(width, height, depth, colour_type, interlace != 0, transparent)


@dataclass(frozen=True, slots=True)
class Stream:
    """An encoded PDF image stream: its dictionary entries (PDF syntax, without /Length) and its bytes, whole or in
    the pieces it is written from (a PNG's IDAT chunks, never joined)."""

    entries: dict[str, str]
    data: bytes | tuple[memoryview, ...]

    def write_object(self, out: BinaryIO, number: int, extra: dict[str, str] | None = None) -> int:
        """Write the stream as PDF object `number` (its dictionary with `extra` entries and /Length) to `out`; the
        bytes written."""
        pieces = (self.data,) if isinstance(self.data, bytes) else self.data
        entries = {**self.entries, **(extra or {}), "Length": str(sum(len(piece) for piece in pieces))}
        head = f"{number} 0 obj\n<< " + " ".join(f"/{key} {value}" for key, value in entries.items()) + " >>\nstream\n"
        written = out.write(head.encode("latin-1"))
        for piece in pieces:
            written += out.write(piece)
        return written + out.write(b"\nendstream\nendobj\n")


def _image_entries(width: int, height: int, space: str, bits: int, filters: str) -> dict[str, str]:
    return {
        "Type": "/XObject",
        "Subtype": "/Image",
        "Width": str(width),
        "Height": str(height),
        "ColorSpace": space,
        "BitsPerComponent": str(bits),
        "Filter": filters,
    }


def encode_image(path: Path, key: str, inks: Inks | None = None) -> tuple[Stream, Stream | None]:
    """The PDF image stream for a PNG or JPEG file, and its soft mask (alpha) stream if it has one; in the inks
    of `inks` when given (CMYK). The file is read once, as checked under its content key `key`
    (`pnp.source.images.read_as_checked`)."""
    data = read_as_checked(path, key)
    if inks is not None:
        with PILImage.open(io.BytesIO(data)) as img:
            if img.format == "JPEG" and img.mode == "CMYK":
                entries = _image_entries(img.width, img.height, "/DeviceCMYK", 8, "/DCTDecode")
                entries["Decode"] = "[1 0 1 0 1 0 1 0]"
                return Stream(entries, data), None
        return _decoded_stream(data, inks)
    if data.startswith(PNG_SIGNATURE):
        header = png_header(data)
        if header.passes_through:
            return _png_stream(data, header), None
    else:
        with PILImage.open(io.BytesIO(data)) as img:
            if img.format == "JPEG" and img.mode in _JPEG_SPACES:
                entries = _image_entries(img.width, img.height, _JPEG_SPACES[img.mode], 8, "/DCTDecode")
                if img.mode == "CMYK":  # Adobe CMYK JPEGs store inverted samples
                    entries["Decode"] = "[1 0 1 0 1 0 1 0]"
                return Stream(entries, data), None
    return _decoded_stream(data)


def _png_stream(data: bytes, header: PngHeader) -> Stream:
    chunks = _png_chunks(data)
    idat = tuple(payload for kind, payload in chunks if kind == b"IDAT")
    colours = _PNG_COLOURS[header.colour_type]
    space = "/DeviceRGB" if colours == 3 else "/DeviceGray"
    if header.colour_type == 3:
        palette = next(payload for kind, payload in chunks if kind == b"PLTE")
        space = f"[/Indexed /DeviceRGB {len(palette) // 3 - 1} <{palette.hex()}>]"
    entries = _image_entries(header.width, header.height, space, header.depth, "/FlateDecode")
    entries["DecodeParms"] = (
        f"<< /Predictor 15 /Colors {colours} /BitsPerComponent {header.depth} /Columns {header.width} >>"
    )
    return Stream(entries, idat)


def _decoded_stream(data: bytes, inks: Inks | None = None) -> tuple[Stream, Stream | None]:
    """Decode with Pillow: colour channels deflated (in `inks` when given), alpha (if any) as a deflated grey
    soft mask."""
    with PILImage.open(io.BytesIO(data)) as opened:
        has_alpha = opened.mode in ("RGBA", "LA", "PA") or "transparency" in opened.info
        grey = opened.mode in ("1", "L", "LA") or (opened.mode.startswith("I") and not has_alpha)
        img: PILImage.Image = opened
        if img.mode.startswith("I"):
            img = img.convert("I").point(lambda v: v / 256).convert("L")  # 16-bit grey: keep the top byte
        colour = img.convert(("LA" if grey else "RGBA") if has_alpha else ("L" if grey else "RGB"))
    space = "/DeviceGray" if grey else "/DeviceRGB"
    mask = None
    if has_alpha:
        alpha = colour.getchannel("A")
        mask = Stream(
            _image_entries(alpha.width, alpha.height, "/DeviceGray", 8, "/FlateDecode"), zlib.compress(alpha.tobytes())
        )
        colour = colour.convert("L" if grey else "RGB")
    if inks is not None:
        colour = inks.image(colour.convert("RGB"))
        space = "/DeviceCMYK"
    stream = Stream(
        _image_entries(colour.width, colour.height, space, 8, "/FlateDecode"), zlib.compress(colour.tobytes())
    )
    return stream, mask


def _has_alpha(path: Path) -> bool:
    """Whether a picture has transparency (its header read, not its pixels), as `_decoded_stream` finds it."""
    with PILImage.open(path) as opened:
        return opened.mode in ("RGBA", "LA", "PA") or "transparency" in opened.info


class ImageCache:
    """Embeds each distinct image (by `Image.key`) once per document and draws it by reference."""

    def __init__(self, press: Press = RGB, translucent: set[str] | None = None) -> None:
        self._images: dict[str, Placeholder] = {}
        """Each image drawn, by content key (`Image.key`)."""
        self.press = press
        self.translucent = set() if translucent is None else translucent
        """The names of the CMYK images drawn that have an alpha channel (their pages blend: `close_page`)."""

    def draw(self, canvas: Canvas, item: Image) -> None:
        """Draw `item` into the unit box set up by the caller (origin bottom-left, y up, size w x h)."""
        name = f"img{item.key}"
        if item.key not in self._images:
            self._images[item.key] = Placeholder(name, item.path)
            add_placeholder(canvas, self._images[item.key])
            if self.press.cmyk and _has_alpha(item.path):
                self.translucent.add(name)
        canvas.saveState()
        canvas.scale(item.w, item.h)
        canvas.doForm(name)
        canvas.restoreState()

    def write(self, pdf: bytes, out: BinaryIO) -> None:
        """Write `pdf` to `out`, then every drawn image, one file at a time, as an incremental update."""
        out.write(pdf)
        if not self._images:
            return
        trailer, previous, size = trailer_of(pdf)
        position = len(pdf)
        offsets: dict[int, int] = {}
        for key, placeholder in self._images.items():
            stream, mask = encode_image(placeholder.path, key, self.press.inks)
            if mask is not None and self.press.standard == "x-1a":
                raise ValueError(f"PDF/X-1a has no transparency: {placeholder.path.name} has an alpha channel")
            extra: dict[str, str] = {}
            if mask is not None:
                offsets[size] = position
                position += mask.write_object(out, size)
                extra["SMask"] = f"{size} 0 R"
                size += 1
            offsets[placeholder.number] = position
            position += stream.write_object(out, placeholder.number, extra)
        table = b"".join(b"%d 1\n%010d 00000 n \n" % (number, offsets[number]) for number in sorted(offsets))
        trailer = updated_trailer(trailer, size, previous)
        out.write(b"xref\n%strailer\n%s\nstartxref\n%d\n%%%%EOF\n" % (table, trailer, position))
