"""The one place pnp relies on Pillow beyond its public API (Pillow 10 to 13; pyproject caps it below 14).

A JPEG's size is read from its header by Pillow's format class itself (`JpegImageFile`; a PNG's IHDR is read by
`pnp.source.images`), not through `Image.open`: `Image.open` applies Pillow's own pixel cap
(`Image.MAX_IMAGE_PIXELS`, a process-wide setting pnp must not change), so the cap a user can raise with
`--max-pixels` is the one that applies here.
`tests/test_library_internals.py` fails the day these classes stop reading a header as pnp expects.
"""

from __future__ import annotations

import importlib
from typing import Any

_READERS = {"JPEG": ("JpegImagePlugin", "JpegImageFile")}
"""Pillow's format classes, (module, class), by the format pnp found in the file's signature."""


def format_reader(fmt: str) -> Any:
    """Pillow's class that opens a `fmt` file ("JPEG") reading only its header until pixels are asked for; called
    with the file's path or a binary file, used as a context manager like `Image.open`'s result."""
    module, name = _READERS[fmt]
    return getattr(importlib.import_module(f"PIL.{module}"), name)
