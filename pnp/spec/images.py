"""Image files named by specs: path inside the kit folder, PNG or JPEG by content, pixel count capped.

The header is read to learn the format and size; nothing is decoded before those checks pass. A PNG's chunks
and checksums are then walked (without decompressing) so a truncated or corrupt file is refused too.
"""

from __future__ import annotations

import hashlib
import importlib
import struct
from dataclasses import dataclass
from pathlib import Path

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.spec.loader import resolve_inside

MAX_PIXELS = 50_000_000
"""Default cap on an image's width x height (a 300-dpi A3 sheet is about 17.4 Mpx)."""

_SIGNATURES = {b"\x89PNG\r\n\x1a\n": "PNG", b"\xff\xd8\xff": "JPEG"}
_HEADER_READERS = {"PNG": ("PngImagePlugin", "PngImageFile"), "JPEG": ("JpegImagePlugin", "JpegImageFile")}
"""Pillow's format classes (module, class) read only the header; used directly, they skip Pillow's own
pixel cap, so ours (which the user can raise) is the one that applies. Imported on first use: a kit
without images never loads Pillow."""


@dataclass(frozen=True, slots=True)
class ImageInfo:
    """A checked image: real path, content hash (reuse key), format and pixel size."""

    path: Path
    key: str
    format: str
    width_px: int
    height_px: int


def check_image(root: Path, base: Path, src: str, mark: Mark, max_pixels: int = MAX_PIXELS) -> ImageInfo:
    """Resolve and check an image path from a spec; raise SpecError (located at `mark`) when it is unusable."""
    path = resolve_inside(root, base, src, mark, what="image")
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
            img.verify()  # walks the chunks and their checksums (PNG) without decompressing pixels
    except (OSError, SyntaxError, ValueError, EOFError, struct.error) as exc:
        raise SpecError(
            Diagnostic.at(
                mark, "spec.image", f"{src!r} cannot be read as an image: {exc}", "re-export the picture as PNG or JPEG"
            )
        ) from None
    with path.open("rb") as handle:
        key = hashlib.file_digest(handle, "sha256").hexdigest()[:16]
    return ImageInfo(path, key, fmt, width, height)
