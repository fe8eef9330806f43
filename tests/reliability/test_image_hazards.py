"""Broken images that used to pass `validate` and fail in render (or as an internal error): each is now one
located error at the `src:` value. The files are built here, byte by byte."""

from __future__ import annotations

import base64
import io
import re
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PIL import Image, PngImagePlugin

import pnp.render.images
import pnp.render.svg
import pnp.source.images
from tests.conftest import KitFactory, PnpRunner
from tests.reliability.support import assert_clean, one_error, snapshot

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
    "bad-checksum": (png(2, [(b"IDAT", zlib.compress(rows(3)))]).replace(b"IEND\xaeB`\x82", b"IEND\x00B`\x82"),
                     "cannot be read as an image"),
    "no-iend": (png(2, [(b"IDAT", zlib.compress(rows(3)))])[:-12], "cannot be read as an image"),
    "unknown-row-filter": (png(2, [(b"IDAT", zlib.compress(rows(3).replace(b"\x00", b"\x09", 2)))]),
                           "cannot be decoded"),
    "wrong-adler": (png(2, [(b"IDAT", zlib.compress(rows(3))[:-4] + b"\x00\x00\x00\x00")]), "cannot be decoded"),
    "interlaced-short": (png(2, [(b"IDAT", zlib.compress(rows(3)[:20]))]).replace(
        chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0)),
        chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 1))), "cannot be decoded"),
    "unknown-colour-type": (png(2, [(b"IDAT", zlib.compress(rows(3)))]).replace(
        chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0)),
        chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 5, 0, 0, 0))), "colour type 5"),
    "zero-width": (png(2, [(b"IDAT", zlib.compress(rows(3)))]).replace(
        chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0)),
        chunk(b"IHDR", struct.pack(">IIBBBBB", 0, 4, 8, 2, 0, 0, 0))), "0 x 4 pixels"),
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


def test_a_png_is_checked_without_building_its_pixels(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Validation reads a PNG's compressed data at a fraction of a full decode (issue: 540 300-dpi faces took
    5x longer to check than before): the check never asks Pillow for the pixels, and each file is read once."""
    from PIL import ImageFile

    from pnp.diagnostics import Mark
    from pnp.source.images import check_image

    picture = tmp_path / "face.png"
    Image.effect_noise((744, 1039), 40).convert("RGB").save(picture)
    opened: list[str] = []

    def refuse(self: ImageFile.ImageFile) -> None:
        raise AssertionError("the pixels were built")

    monkeypatch.setattr(ImageFile.ImageFile, "load", refuse)
    real_open = Path.open
    monkeypatch.setattr(Path, "open", lambda self, *a, **k: opened.append(self.name) or real_open(self, *a, **k))
    first = check_image(tmp_path, tmp_path, "face.png", Mark("kit.yaml", 1, 1))
    reads = len(opened)
    again = check_image(tmp_path, tmp_path, "face.png", Mark("kit.yaml", 2, 1))
    assert (first.width_px, first.height_px, first.key) == (744, 1039, again.key)
    assert len(opened) == reads  # the second use of the file reads nothing


@pytest.fixture
def fresh_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forget the files and contents this process already checked, so every check below runs in full."""
    from pnp.source import images

    monkeypatch.setattr(images, "_CHECKED", {})
    monkeypatch.setattr(images, "_DECODED", set())


def _verdict(folder: Path, name: str, content: bytes) -> str:
    """What check_image says of `content` saved as `name`: '' when it passes, else the error's message."""
    from pnp.diagnostics import Mark, SpecError
    from pnp.source.images import check_image

    (folder / name).write_bytes(content)
    try:
        check_image(folder, folder, name, Mark("kit.yaml", 1, 1))
    except SpecError as exc:
        return exc.diagnostics[0].message
    return ""


EXTRA = {  # sound enough to print, and passed before libdeflate checked whole streams: still passed
    "rows-then-more": png(2, [(b"IDAT", zlib.compress(rows(3) + b"\x00" * 40))]),
    "split-idat": png(2, [(b"IDAT", zlib.compress(rows(3))[:9]), (b"IDAT", zlib.compress(rows(3))[9:])]),
}


@pytest.mark.usefixtures("fresh_checks")
@pytest.mark.parametrize("libdeflate", [True, False], ids=["libdeflate", "isal-only"])
@pytest.mark.parametrize("name", [*BROKEN, *EXTRA])
def test_same_verdict_with_or_without_libdeflate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, libdeflate: bool
) -> None:
    """A PNG's data is inflated in one call when libdeflate's binding is installed, in steps otherwise (and
    whenever that call refuses the stream): each broken file is refused, each sound one passed, either way."""
    if libdeflate:
        pytest.importorskip("deflate")
    else:
        monkeypatch.setitem(sys.modules, "deflate", None)  # import deflate raises ImportError
    src = "art.jpg" if name.endswith("jpeg") else "art.png"
    if name in EXTRA:
        assert _verdict(tmp_path, src, EXTRA[name]) == ""
    else:
        content, says = BROKEN[name]
        assert says in _verdict(tmp_path, src, content)


@pytest.mark.usefixtures("fresh_checks")
def test_a_sound_png_is_inflated_in_one_call(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With libdeflate installed, a sound 300-dpi face is checked without ISA-L's stepwise inflate (the check's
    cost at 540 faces: benchmarks/README.md)."""
    pytest.importorskip("deflate")
    from isal import isal_zlib

    buffer = io.BytesIO()
    Image.effect_noise((744, 1039), 40).convert("RGB").save(buffer, format="PNG")
    monkeypatch.setattr(isal_zlib, "decompressobj", lambda *a, **k: pytest.fail("inflated in steps"))
    assert _verdict(tmp_path, "face.png", buffer.getvalue()) == ""


def noisy_png(text_bytes: int) -> bytes:
    """A 200 x 100 PNG that deflate cannot shrink much (about 60 kB), with a text chunk of `text_bytes`."""
    buffer = io.BytesIO()
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", "x" * text_bytes)
    Image.effect_noise((200, 100), 80).convert("RGB").save(buffer, format="PNG", pnginfo=info)
    return buffer.getvalue()


DECK = """\
kit: Test kit
components:
  - type: deck
    name: Deck
    cards:
      - name: One
        count: 20
        elements:
          - {type: image, src: a.png, x: 5, y: 10, width: 40, height: 20}
          - {type: image, src: a.png, x: 10, y: 40, width: 20, height: 10}
"""
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"


def _placed(root: ElementTree.Element) -> list[tuple[float, float, float, float, str]]:
    """(x, y, width, height, href) of every <use> of an image on the page, in page mm (parent translations
    applied); the uses of glyph outlines are not images."""
    found = []

    def walk(node: ElementTree.Element, dx: float, dy: float) -> None:
        move = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", node.get("transform", ""))
        if move:
            dx, dy = dx + float(move[1]), dy + float(move[2])
        if node.tag == f"{SVG}use" and node.get(XLINK, "").startswith("#image-"):
            x, y = dx + float(node.get("x", 0)), dy + float(node.get("y", 0))
            found.append((x, y, float(node.get("width", 0)), float(node.get("height", 0)), node.get(XLINK, "")))
        for child in node:
            if child.tag != f"{SVG}defs":
                walk(child, dx, dy)

    walk(root, 0.0, 0.0)
    return found


def test_svg_embeds_each_image_once_without_its_text_chunks(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path
) -> None:
    image = noisy_png(200_000)
    path = tmp_kit(DECK, {"a.png": image})
    result = run_pnp("render", path, "-o", tmp_path / "out", "--format", "svg")
    assert result.exit_code == 0, result.output
    pages = sorted((tmp_path / "out").glob("*.svg"))
    assert len(pages) == 3  # 9 cards a page
    for page in pages:
        assert page.stat().st_size < len(image)  # 18 uses of a 260 kB file, its text chunk dropped
        root = ElementTree.fromstring(page.read_bytes())
        (symbol,) = root.iter(f"{SVG}symbol")
        (embedded,) = symbol.iter(f"{SVG}image")
        data = base64.b64decode(embedded.get(XLINK, "").split(",", 1)[1])
        assert b"tEXt" not in data
        with Image.open(io.BytesIO(data)) as decoded, Image.open(io.BytesIO(image)) as original:
            assert decoded.tobytes() == original.tobytes()
        placed = _placed(root)
        assert len(placed) == 2 * len([g for g in root.iter(f"{SVG}g") if g.get("class") == "One"]) > 0
        assert {href for *_, href in placed} == {f"#{symbol.get('id')}"}
        for big, small in zip(placed[::2], placed[1::2], strict=True):
            assert big[2:4] == (40, 20) and small[2:4] == (20, 10)
            assert (small[0] - big[0], small[1] - big[1]) == pytest.approx((5, 30))


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs rsvg-convert (librsvg2-bin)")
def test_svg_image_is_drawn_at_its_place_and_size(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    art = Image.new("RGB", (40, 20), (220, 30, 30))
    art.paste((30, 30, 220), (20, 0, 40, 20))  # right half blue
    buffer = io.BytesIO()
    art.save(buffer, format="PNG")
    path = tmp_kit(DECK.replace("count: 20", "count: 1"), {"a.png": buffer.getvalue()})
    assert run_pnp("render", path, "-o", tmp_path / "out", "--format", "svg").exit_code == 0
    (page,) = (tmp_path / "out").glob("*.svg")
    raster = tmp_path / "page.png"
    subprocess.run(["rsvg-convert", "-d", "254", "-p", "254", "-b", "white", str(page), "-o", str(raster)], check=True)
    (big, small) = _placed(ElementTree.fromstring(page.read_bytes()))
    with Image.open(raster) as drawn:
        rgb = drawn.convert("RGB")
        for x, y, w, h, _ in (big, small):  # 10 px a mm: sample inside each half, and just outside the box
            assert rgb.getpixel((int((x + w / 4) * 10), int((y + h / 2) * 10))) == (220, 30, 30)
            assert rgb.getpixel((int((x + 3 * w / 4) * 10), int((y + h / 2) * 10))) == (30, 30, 220)
            assert rgb.getpixel((int((x + w) * 10) + 5, int((y + h / 2) * 10))) == (255, 255, 255)
            assert rgb.getpixel((int((x + w / 4) * 10), int((y + h) * 10) + 5)) == (255, 255, 255)


@pytest.mark.parametrize("fmt", ["pdf", "svg"])
def test_a_picture_saved_over_while_rendering_is_one_located_error_and_keeps_the_output(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    path = tmp_kit(KIT.format(src="art.png"), {"art.png": png(2, [(b"IDAT", zlib.compress(rows(3)))])})
    out = tmp_path / "out"
    assert run_pnp("render", path, "-o", out, "--format", fmt).exit_code == 0
    before = snapshot(out)
    real = pnp.source.images.read_as_checked

    def saved_over_first(picture: Path, key: str) -> bytes:  # an editor saves it between its check and its embed
        picture.write_bytes(png(2, [(b"IDAT", b"not deflate data")]))
        return real(picture, key)

    monkeypatch.setattr(pnp.render.images if fmt == "pdf" else pnp.render.svg, "read_as_checked", saved_over_first)
    error = one_error(run_pnp("render", path, "-o", out, "--format", fmt), path)
    assert (error.rule, error.line, error.column) == ("spec.image", SRC_LINE, SRC_COLUMN)
    assert "'art.png' changed while it was being rendered" in error.message
    assert snapshot(out) == before
