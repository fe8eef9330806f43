"""Image files named by specs: path inside the kit folder, PNG or JPEG by content, pixel count capped.

The header is read to learn the format and size; nothing is decoded before those checks pass. A PNG's chunks
and checksums are then walked (without decompressing), and then each distinct file (by content) is decoded
once, so a PNG without pixel data or palette, corrupt compressed data or a truncated JPEG is refused here
instead of failing (or printing garbage) in render.
"""

from __future__ import annotations

import importlib
import struct
from dataclasses import dataclass
from pathlib import Path

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.source.files import resolve_inside

MAX_PIXELS = 50_000_000
"""Default cap on an image's width x height (a 300-dpi A3 sheet is about 17.4 Mpx)."""
MAX_IMAGE_BYTES = 50_000_000
"""Default cap on an image file's size (a 300-dpi A3 photo is about 5 MB as JPEG, 30 MB as PNG)."""

_SIGNATURES = {b"\x89PNG\r\n\x1a\n": "PNG", b"\xff\xd8\xff": "JPEG"}
_HEADER_READERS = {"PNG": ("PngImagePlugin", "PngImageFile"), "JPEG": ("JpegImagePlugin", "JpegImageFile")}
"""Pillow's format classes (module, class) read only the header; used directly, they skip Pillow's own
pixel cap, so ours (which the user can raise) is the one that applies. Imported on first use: a kit
without images never loads Pillow."""


_DECODED: set[str] = set()
"""Content keys of the files decoded without error in this process (a deck repeats the same few images)."""
_FIX = "re-export the picture as PNG or JPEG from an image editor"


@dataclass(frozen=True, slots=True)
class ImageInfo:
    """A checked image: real path, content hash (reuse key), format and pixel size."""

    path: Path
    key: str
    format: str
    width_px: int
    height_px: int


def check_image(root: Path, base: Path, src: str, mark: Mark, max_pixels: int = MAX_PIXELS,
                max_bytes: int = MAX_IMAGE_BYTES) -> ImageInfo:
    """Resolve and check an image path from a spec; raise SpecError (located at `mark`) when it is unusable."""
    path = resolve_inside(root, base, src, mark, what="image")
    size = path.stat().st_size
    if size > max_bytes:
        raise SpecError(
            Diagnostic.at(
                mark,
                "spec.image",
                f"{src!r} is {size:,} bytes, over the cap of {max_bytes:,} bytes",
                "save it smaller (JPEG for photos, fewer pixels), or raise the cap with --max-image-bytes",
            )
        )
    with path.open("rb") as handle:
        head = handle.read(16)
    fmt = next((name for sig, name in _SIGNATURES.items() if head.startswith(sig)), None)
    if fmt is None:
        raise SpecError(
            Diagnostic.at(
                mark,
                "spec.image",
                f"{src!r} is not a PNG or JPEG file (checked its content)",
                "export the picture as PNG or JPEG",
            )
        )
    module, reader = _HEADER_READERS[fmt]
    header_reader = getattr(importlib.import_module(f"PIL.{module}"), reader)
    try:
        with header_reader(str(path)) as img:
            width, height = img.size
            if width * height > max_pixels:
                raise SpecError(
                    Diagnostic.at(
                        mark,
                        "spec.image",
                        f"{src!r} is {width} x {height} pixels, over the cap of {max_pixels:,} pixels",
                        "scale it down (300 dpi at print size is plenty), or raise the cap with --max-pixels",
                    )
                )
            problem = _png_problem(path) if fmt == "PNG" else ""
            if problem:
                raise SpecError(Diagnostic.at(mark, "spec.image", f"{src!r} is damaged: {problem}", _FIX))
            img.verify()  # walks the chunks and their checksums (PNG) without decompressing pixels
    except (OSError, SyntaxError, ValueError, EOFError, struct.error) as exc:
        raise SpecError(
            Diagnostic.at(mark, "spec.image", f"{src!r} cannot be read as an image: {exc}", _FIX)
        ) from None
    import hashlib  # loaded by a kit with images only

    with path.open("rb") as handle:
        key = hashlib.file_digest(handle, "sha256").hexdigest()[:16]
    if key not in _DECODED:
        problem = _decode_problem(path, header_reader)
        if problem:
            raise SpecError(Diagnostic.at(mark, "spec.image", f"{src!r} is damaged: {problem}", _FIX))
        _DECODED.add(key)
    return ImageInfo(path, key, fmt, width, height)


def _png_problem(path: Path) -> str:
    """What is missing from a PNG's chunks (pixel data, or the palette it needs), or ''."""
    kinds = _png_chunk_kinds(path)
    if b"IDAT" not in kinds:
        return "the PNG has no pixel data (IDAT chunk)"
    with path.open("rb") as handle:
        handle.seek(25)
        palette_png = handle.read(1) == b"\x03"
    if palette_png and b"PLTE" not in kinds:
        return "the PNG uses a palette but has none (PLTE chunk)"
    return ""


def _decode_problem(path: Path, header_reader: type) -> str:
    """What stops the file's pixels from being decoded (or a PNG from being embedded as it is), or ''.

    Called only once the pixel count is within the cap, so the decoded size is bounded by it."""
    import zlib

    try:
        with header_reader(str(path)) as img:
            img.load()
    except (OSError, SyntaxError, ValueError, EOFError, struct.error, zlib.error, IndexError) as exc:
        return f"its pixel data cannot be decoded ({exc})"
    return ""


def _png_chunk_kinds(path: Path) -> set[bytes]:
    """The chunk types of a PNG file, read from their headers (the payloads are skipped)."""
    kinds: set[bytes] = set()
    with path.open("rb") as handle:
        handle.seek(8)
        while len(head := handle.read(8)) == 8:
            length, kind = struct.unpack(">I4s", head)
            kinds.add(kind)
            if kind == b"IEND":
                break
            handle.seek(length + 4, 1)
    return kinds
