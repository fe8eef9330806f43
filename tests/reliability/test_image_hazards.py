"""Broken images that used to pass `validate` and fail in render (or as an internal error): each is now one
located error at the `src:` value. The files are built here, byte by byte."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import KitFactory, PnpRunner
from tests.reliability.support import assert_clean, one_error

KIT = """\
kit: Test kit
components:
  - type: deck
    name: Deck
    cards:
      - name: One
        elements:
          - type: image
            src: {src}
            width: 20
            height: 20
"""
SRC_LINE, SRC_COLUMN = 9, 18


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(colour_type: int, chunks: list[tuple[bytes, bytes]], size: int = 4) -> bytes:
    """A PNG of `size` x `size` 8-bit pixels with the given chunks between IHDR and IEND (checksums right)."""
    header = struct.pack(">IIBBBBB", size, size, 8, colour_type, 0, 0, 0)
    body = b"".join(chunk(kind, data) for kind, data in chunks)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + body + chunk(b"IEND", b"")


def rows(samples: int, size: int = 4) -> bytes:
    return b"".join(b"\x00" + b"\x7f" * samples * size for _ in range(size))


def jpeg() -> bytes:
    buffer = io.BytesIO()
    Image.effect_noise((64, 64), 40).convert("RGB").save(buffer, format="JPEG")
    return buffer.getvalue()


BROKEN = {
    "no-idat": (png(2, []), "no pixel data (IDAT chunk)"),
    "palette-without-plte": (png(3, [(b"IDAT", zlib.compress(rows(1)))]), "has none (PLTE chunk)"),
    "corrupt-deflate": (png(2, [(b"IDAT", b"\x78\x9c" + b"not deflate data" * 4)]), "cannot be decoded"),
    "short-deflate": (png(2, [(b"IDAT", zlib.compress(rows(3))[:-12])]), "cannot be decoded"),
    "truncated-jpeg": (jpeg()[:-200], "cannot be decoded"),
}


@pytest.mark.parametrize("name", list(BROKEN))
@pytest.mark.parametrize("command", ["validate", "render"])
def test_broken_image_is_one_located_error(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, name: str, command: str
) -> None:
    content, says = BROKEN[name]
    src = "art.jpg" if name.endswith("jpeg") else "art.png"
    path = tmp_kit(KIT.format(src=src), {src: content})
    args = ("render", path, "-o", tmp_path / "out", "--format", "pdf,svg") if command == "render" else (command, path)
    error = one_error(run_pnp(*args), path)
    assert (error.rule, error.line, error.column) == ("spec.image", SRC_LINE, SRC_COLUMN)
    assert src in error.message and says in error.message
    assert not (tmp_path / "out").exists()


def test_sound_images_built_the_same_way_pass(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    indices = zlib.compress(rows(1).replace(b"\x7f", b"\x01"))
    palette = png(3, [(b"PLTE", b"\x00\x00\x00\xff\x00\x00"), (b"IDAT", indices)])
    spec = KIT.format(src="a.png") + "          - {type: image, src: b.png, x: 25, width: 20, height: 20}\n"
    spec += "          - {type: image, src: c.jpg, x: 50, width: 20, height: 20}\n"
    files = {"a.png": png(2, [(b"IDAT", zlib.compress(rows(3)))]), "b.png": palette, "c.jpg": jpeg()}
    path = tmp_kit(spec, files)
    result = run_pnp("render", path, "-o", tmp_path / "out", "--format", "pdf,svg")
    assert_clean(result)
    assert result.exit_code == 0, result.output
