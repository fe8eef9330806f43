"""Image files named by specs: path inside the kit folder, PNG or JPEG by content, pixel count capped.

The header is read to learn the format and size; nothing is decoded before those checks pass.
"""

from __future__ import annotations

import hashlib
import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image as PILImage

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.spec.loader import resolve_inside

MAX_PIXELS = 50_000_000
"""Default cap on an image's width x height (a 300-dpi A3 sheet is about 17.4 Mpx)."""

_SIGNATURES = {b"\x89PNG\r\n\x1a\n": "PNG", b"\xff\xd8\xff": "JPEG"}


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
    head = path.read_bytes()[:16]
    fmt = next((name for sig, name in _SIGNATURES.items() if head.startswith(sig)), None)
    if fmt is None:
        raise SpecError(Diagnostic.at(mark, "spec.image", f"{src!r} is not a PNG or JPEG file (checked its content)",
                                      "export the picture as PNG or JPEG"))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)
            with PILImage.open(path) as img:
                width, height = img.size
    except (PILImage.DecompressionBombError, OSError, SyntaxError, ValueError) as exc:
        raise SpecError(Diagnostic.at(mark, "spec.image", f"{src!r} cannot be read as an image: {exc}",
                                      "re-export the picture as PNG or JPEG")) from None
    if width * height > max_pixels:
        raise SpecError(Diagnostic.at(
            mark, "spec.image",
            f"{src!r} is {width} x {height} pixels, over the cap of {max_pixels:,} pixels",
            "scale it down (300 dpi at print size is plenty), or raise the cap with --max-pixels"))
    key = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    return ImageInfo(path, key, fmt, width, height)
