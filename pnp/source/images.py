"""Image files named by specs: path inside the kit folder, PNG or JPEG by content, pixel count capped (SVG art,
named .svg: `pnp.source.svg_art`).

The file is read once (within its byte cap, known from its size): its header gives the format and size (a
PNG's IHDR read here, a JPEG's by Pillow's JPEG class) and nothing is decoded before those checks pass; a PNG's
chunks and checksums are walked in memory, the content hashed, and each distinct file (by content) is checked
once at a fraction of a full decode (a PNG's data inflated and counted, row filters read, no pixel built: in
one libdeflate call when the `deflate` package is installed, in ISA-L steps for what that call refuses or is
too large; a JPEG decoded at an eighth of its size), so a PNG without pixel data or palette, corrupt or short
compressed data or a truncated JPEG is refused here instead of failing (or printing garbage) in render. A file
checked once in a process (same real path, size and modification time) is not read again. Render reads each
file again to embed it through `read_as_checked`, which refuses one saved over since its check.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable
from pathlib import Path
from typing import cast

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.source.files import resolve_inside
from pnp.source.image_info import ImageInfo, content_key

MAX_PIXELS = 50_000_000
"""Default cap on an image's width x height (a 300-dpi A3 sheet is about 17.4 Mpx)."""
MAX_IMAGE_BYTES = 50_000_000
"""Default cap on an image file's size (a 300-dpi A3 photo is about 5 MB as JPEG, 30 MB as PNG)."""

_SIGNATURES = {b"\x89PNG\r\n\x1a\n": "PNG", b"\xff\xd8\xff": "JPEG"}


_DECODED: set[str] = set()
"""Content keys of the files decoded without error in this process (a deck repeats the same few images)."""
_CHECKED: dict[tuple[Path, int, int, int, int], ImageInfo] = {}
"""Files checked without error in this process, by (real path, size, modification time, caps)."""
_STAMPS: dict[Path, tuple[int, Mark, str]] = {}
"""Each file checked in this process -> its size when checked, and where a spec named it (`read_as_checked`)."""
_FIX = "re-export the picture as PNG or JPEG from an image editor"


def check_image(root: Path, base: Path, src: str, mark: Mark, max_pixels: int = MAX_PIXELS,
                max_bytes: int = MAX_IMAGE_BYTES) -> ImageInfo:
    """Resolve and check an image path from a spec; raise SpecError (located at `mark`) when it is unusable."""
    path = resolve_inside(root, base, src, mark, what="image")
    stat = path.stat()
    size = stat.st_size
    known = (path, size, stat.st_mtime_ns, max_pixels, max_bytes)
    if known in _CHECKED:  # a deck repeats the same few images, and render checks them after validate
        _STAMPS[path] = (size, mark, src)
        return _CHECKED[known]
    if size > max_bytes:
        raise SpecError(
            Diagnostic.at(
                mark,
                "spec.image",
                f"{src!r} is {size:,} bytes, over the cap of {max_bytes:,} bytes",
                "save it smaller (JPEG for photos, fewer pixels), or raise the cap with --max-image-bytes",
            )
        )
    if path.suffix.lower() == ".svg":
        from pnp.source.svg_art import check_svg

        info = _CHECKED[known] = check_svg(path, src, mark)
        _STAMPS[path] = (size, mark, src)
        return info
    data = path.read_bytes()  # within the byte cap: read once for every check below and the hash
    fmt = next((name for sig, name in _SIGNATURES.items() if data.startswith(sig)), None)
    if fmt is None:
        raise SpecError(
            Diagnostic.at(
                mark,
                "spec.image",
                f"{src!r} is not a PNG or JPEG file (checked its content)",
                "export the picture as PNG or JPEG (or SVG art, named .svg)",
            )
        )
    try:
        width, height = _png_size(data) if fmt == "PNG" else _jpeg_size(data)
        if width * height > max_pixels:
            raise SpecError(
                Diagnostic.at(
                    mark,
                    "spec.image",
                    f"{src!r} is {width} x {height} pixels, over the cap of {max_pixels:,} pixels",
                    "scale it down (300 dpi at print size is plenty), or raise the cap with --max-pixels",
                )
            )
        chunks = _png_chunks(data) if fmt == "PNG" else []  # their checksums checked on the way
        problem = _png_problem(chunks, data) if fmt == "PNG" else ""
        if problem:
            raise SpecError(Diagnostic.at(mark, "spec.image", f"{src!r} is damaged: {problem}", _FIX))
    except (OSError, SyntaxError, ValueError, EOFError, struct.error) as exc:
        raise SpecError(
            Diagnostic.at(mark, "spec.image", f"{src!r} cannot be read as an image: {exc}", _FIX)
        ) from None
    key = content_key(data)
    if key not in _DECODED:
        problem = _decode_problem(data, chunks)
        if problem:
            raise SpecError(Diagnostic.at(mark, "spec.image", f"{src!r} is damaged: {problem}", _FIX))
        _DECODED.add(key)
    info = _CHECKED[known] = ImageInfo(path, key, fmt, width, height)
    _STAMPS[path] = (size, mark, src)
    return info


def read_as_checked(path: Path, key: str) -> bytes:
    """The bytes of an image file `check_image` passed in this process, read again to be embedded under its
    content key `key`; SpecError (located where the spec names it) when they are not the bytes checked (the file
    saved over since: a different size is not read at all), or the file was never checked."""
    if path not in _STAMPS:
        raise SpecError(Diagnostic.at(None, "spec.image", f"{str(path)!r} was not checked before it was rendered",
                                      "check every picture with pnp.source.images.check_image first"))
    size, mark, src = _STAMPS[path]
    with path.open("rb") as file:
        data = file.read(size + 1) if os.fstat(file.fileno()).st_size == size else b""
    if content_key(data) != key:
        raise SpecError(Diagnostic.at(mark, "spec.image", f"{src!r} changed while it was being rendered (saved over "
                                      "since pnp checked it)", "render again once the picture is saved (nothing "
                                      "was written)"))
    return data


_PNG_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
"""The bit depths the PNG standard allows for each colour type."""


def _png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk, read by pnp itself (no pixel cap but pnp's own applies); ValueError
    when the chunk is missing or holds what the PNG standard does not allow."""
    length, kind = struct.unpack_from(">I4s", data, 8)
    if kind != b"IHDR" or length != 13:
        raise ValueError("its first chunk is not a 13-byte IHDR header")
    width, height, depth, colour, compression, filtering, interlace = struct.unpack_from(">IIBBBBB", data, 16)
    if not (0 < width < 1 << 31 and 0 < height < 1 << 31):
        raise ValueError(f"its header gives a size of {width} x {height} pixels")
    if depth not in _PNG_DEPTHS.get(colour, ()) or compression or filtering or interlace > 1:
        raise ValueError(f"its header is not a PNG one (bit depth {depth}, colour type {colour}, compression "
                         f"{compression}, filter {filtering}, interlace {interlace})")
    return width, height


def _jpeg_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a JPEG's header, read by Pillow's JPEG class (not `Image.open`, whose own pixel cap
    is not pnp's), which also checks the file's structure up to its first scan."""
    import io

    from pnp.source.pillow_internals import format_reader  # a kit without JPEGs never loads Pillow

    with format_reader("JPEG")(io.BytesIO(data)) as img:
        img.verify()
        return cast("tuple[int, int]", img.size)


def _png_chunks(data: bytes) -> list[tuple[bytes, int, int]]:
    """A PNG's chunks up to IEND as (type, payload start, payload length), each checksum checked; ValueError
    when one is wrong or the file ends before IEND."""
    crc32 = _crc32()
    chunks, at = [], 8
    while at + 8 <= len(data):
        length, kind = struct.unpack_from(">I4s", data, at)
        end = at + 8 + length
        if end + 4 > len(data):
            break
        if crc32(memoryview(data)[at + 4:end]) != struct.unpack_from(">I", data, end)[0]:
            raise ValueError(f"the checksum of its {kind.decode('latin-1')!r} chunk is wrong")
        chunks.append((kind, at + 8, length))
        if kind == b"IEND":
            return chunks
        at = end + 4
    raise ValueError("the file ends before its IEND chunk (truncated)")


def _crc32() -> Callable[[memoryview], int]:
    """libdeflate's CRC-32 (carry-less multiplication: a file's worth in a fraction of zlib's time), else zlib's."""
    try:
        import deflate
    except ImportError:
        import zlib

        return zlib.crc32
    return cast("Callable[[memoryview], int]", deflate.crc32)


def _png_problem(chunks: list[tuple[bytes, int, int]], data: bytes) -> str:
    """What is missing from a PNG's chunks (pixel data, or the palette it needs), or ''."""
    kinds = {kind for kind, _, _ in chunks}
    if b"IDAT" not in kinds:
        return "the PNG has no pixel data (IDAT chunk)"
    if data[25:26] == b"\x03" and b"PLTE" not in kinds:
        return "the PNG uses a palette but has none (PLTE chunk)"
    return ""


def _decode_problem(data: bytes, chunks: list[tuple[bytes, int, int]]) -> str:
    """What stops the file's pixels from being decoded (or a PNG from being embedded as it is), or '', at a
    fraction of a full decode: a PNG's compressed data is inflated and counted, no pixel is built; a JPEG is
    decoded at an eighth of its size (every coded block is still read, so a truncated or corrupt file fails).

    Called only once the pixel count is within the cap, so the decoded size is bounded by it."""
    import io
    import zlib

    from pnp.source.pillow_internals import format_reader

    try:
        if chunks:
            return _png_inflate_problem(data, chunks)
        with format_reader("JPEG")(io.BytesIO(data)) as img:
            img.draft(img.mode, (max(1, img.size[0] // 8), max(1, img.size[1] // 8)))
            img.load()
    except (OSError, SyntaxError, ValueError, EOFError, struct.error, zlib.error, IndexError) as exc:
        return f"its pixel data cannot be decoded ({exc})"
    return ""


_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
"""Samples per pixel of each PNG colour type."""
_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
"""The interlaced passes: first column, first row, column step, row step."""
_INFLATE_STEP = 1 << 18
"""Inflated bytes produced (and dropped) per step: the memory the check needs, whatever the image."""
_WHOLE_BYTES = 32 << 20
"""Largest inflated size checked in one call (a 300-dpi A4 RGB sheet is 26 MB): the memory that costs."""


def _png_data_size(width: int, height: int, depth: int, colour: int, interlaced: bool) -> int:
    """How many bytes a PNG's inflated data holds: per row a filter byte and the packed samples."""
    bits = depth * _CHANNELS.get(colour, 4)
    passes = _ADAM7 if interlaced else ((0, 0, 1, 1),)
    total = 0
    for x0, y0, dx, dy in passes:
        columns, rows = (width - x0 + dx - 1) // dx, (height - y0 + dy - 1) // dy
        if columns > 0 and rows > 0:
            total += rows * (1 + (columns * bits + 7) // 8)
    return total


def _png_inflate_problem(data: bytes, chunks: list[tuple[bytes, int, int]]) -> str:
    """'' when a PNG's IDAT data inflates to every row its header promises, each row's filter type known; else
    what is wrong. A complete stream of at most `_WHOLE_BYTES` is inflated in one call (libdeflate, which also
    checks the stream's Adler-32); anything else, or anything that call refuses, is inflated in steps."""
    width, height, depth, colour, _, _, interlace = struct.unpack_from(">IIBBBBB", data, 16)
    needed = _png_data_size(width, height, depth, colour, interlace == 1)
    stride = 0 if interlace == 1 else needed // height  # a row's bytes, its filter byte first
    view = memoryview(data)
    idat = [view[start:start + length] for kind, start, length in chunks if kind == b"IDAT"]
    if needed <= _WHOLE_BYTES:
        rows = _inflate_whole(idat, needed)
        if rows is not None and not (stride and max(rows[::stride]) > 4):
            return ""
    return _inflate_in_steps(idat, needed, stride)


def _inflate_whole(idat: list[memoryview], needed: int) -> bytearray | None:
    """The inflated bytes of a zlib stream split over `idat` when it is complete, right (Adler-32 included) and
    exactly `needed` bytes long; None otherwise, or when libdeflate's binding is not installed."""
    try:
        import deflate
    except ImportError:
        return None
    try:
        rows = deflate.zlib_decompress(idat[0] if len(idat) == 1 else b"".join(idat), needed)
    except deflate.DeflateError:
        return None
    return rows if len(rows) == needed else None


def _inflate_in_steps(idat: list[memoryview], needed: int, stride: int) -> str:
    """Inflate `idat` with ISA-L in `_INFLATE_STEP` steps, counting the bytes without keeping them: '' when it
    holds `needed` bytes (what follows is not read), each row's filter byte known; else what is wrong."""
    from isal import isal_zlib  # ISA-L's inflate: the same stream checks as zlib's, three times as fast

    inflate_error = cast("type[Exception]", isal_zlib.error)  # its stub declares an instance, not the class
    inflater, produced = isal_zlib.decompressobj(), 0
    try:
        for chunk in idat:
            compressed: memoryview | bytes = chunk
            while compressed and produced < needed:
                out = inflater.decompress(compressed, _INFLATE_STEP)
                size = min(len(out), needed - produced)  # what follows the last row is not read
                if stride and size and max(out[-produced % stride:size:stride], default=0) > 4:
                    return "its pixel data cannot be decoded (a row has an unknown filter type)"
                produced += size
                compressed = inflater.unconsumed_tail
    except inflate_error as exc:
        return f"its pixel data cannot be decoded ({exc})"
    if produced < needed:
        return f"its pixel data cannot be decoded (it holds {produced:,} of the {needed:,} bytes its size needs)"
    return ""
