"""What a checked image is: the value `pnp.source.images` (PNG, JPEG) and `pnp.source.svg_art` (SVG) give."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class ImageInfo:
    """A checked image: real path, content hash (reuse key), format and pixel size."""

    path: Path
    key: str
    format: str
    width_px: int
    height_px: int
