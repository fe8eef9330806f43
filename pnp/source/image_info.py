"""What a checked image is: the value `pnp.source.images` (PNG, JPEG) and `pnp.source.svg_art` (SVG) give."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path


def content_key(data: bytes) -> str:
    """An image file's content key: the first 16 hex digits of its sha256 (one embed per distinct content)."""
    return hashlib.sha256(data).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class ImageInfo:
    """A checked image: real path, content hash (reuse key), format and pixel size."""

    path: Path
    key: str
    format: str
    width_px: int
    height_px: int
