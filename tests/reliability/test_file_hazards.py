"""Files a spec names (images, includes) and files given as the spec: never read outside the kit folder,
never decoded before their format and pixel count are checked, never a hang on a device or pipe."""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from PIL import Image, PngImagePlugin

from pnp.source.loader import load_yaml
from tests.conftest import KitFactory, PnpRunner
from tests.reliability.support import assert_clean, one_error

IMAGE_KIT = """\
kit: Test kit
components:
  - type: deck
    name: Deck
    cards:
      - name: One
        elements:
          - {{type: image, src: "{src}", width: 20mm, height: 20mm}}
"""
SRC_LINE, SRC_COLUMN = 8, 32

INCLUDE_KIT = """\
kit: Test kit
components:
  include: "{src}"
"""


def png(width: int = 10, height: int = 10) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), "red").save(buffer, format="PNG")
    return buffer.getvalue()


def png_header_only(width: int, height: int) -> bytes:
    """A PNG claiming `width` x `height` in its IHDR chunk, with no pixel data at all (IHDR then IEND)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


OUTSIDE = [
    ("dotdot", "../../etc/passwd", "points outside the kit folder"),
    ("dotdot-inside-first", "img/../../outside.png", "points outside the kit folder"),
    ("absolute", "/etc/passwd", "is absolute"),
    ("home", "~/x.png", "is absolute"),
    ("file-url", "file:///etc/passwd", "is a URL"),
    ("http-url", "http://example.com/x.png", "is a URL"),
    ("https-upper", "HTTPS://example.com/x.png", "is a URL"),
    ("data-url", "data:image/png;base64,iVBORw0KGgo=", "is a URL"),
    ("missing", "nothere.png", "does not exist"),
    ("folder", "img", "is not a file"),
]


@pytest.mark.parametrize(("src", "says"), [c[1:] for c in OUTSIDE], ids=[c[0] for c in OUTSIDE])
def test_image_path_outside_or_unusable(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, src: str, says: str
) -> None:
    path = tmp_kit(IMAGE_KIT.format(src=src), {"img/a.png": png()})
    (tmp_path / "outside.png").write_bytes(png())
    error = one_error(run_pnp("render", path, "-o", tmp_path / "out"), path)
    assert (error.rule, error.line, error.column) == ("spec.image", SRC_LINE, SRC_COLUMN)
    assert says in error.message
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("src", "says"), [c[1:] for c in OUTSIDE], ids=[c[0] for c in OUTSIDE])
def test_include_path_outside_or_unusable(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, src: str, says: str
) -> None:
    path = tmp_kit(INCLUDE_KIT.format(src=src), {"img/a.png": png()})
    (tmp_path / "outside.png").write_text("- {type: board, name: B, rows: 1, columns: 1}\n")
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line, error.column) == ("spec.include", 3, 3)
    assert says in error.message


def test_image_symlink_pointing_outside(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    (tmp_path / "secret.png").write_bytes(png())
    path = tmp_kit(IMAGE_KIT.format(src="link.png"))
    (path.parent / "link.png").symlink_to(tmp_path / "secret.png")
    error = one_error(run_pnp("render", path, "-o", tmp_path / "out"), path)
    assert (error.rule, error.line) == ("spec.image", SRC_LINE)
    assert "symbolic link" in error.message


def test_symlinked_folder_pointing_outside(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "a.png").write_bytes(png())
    path = tmp_kit(IMAGE_KIT.format(src="assets/a.png"))
    (path.parent / "assets").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    error = one_error(run_pnp("render", path, "-o", tmp_path / "out"), path)
    assert "points outside the kit folder" in error.message


def test_include_symlink_pointing_outside(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text("- {type: board, name: B, rows: 1, columns: 1}\n")
    path = tmp_kit(INCLUDE_KIT.format(src="cards.yaml"), name="kit.yaml")
    (path.parent / "cards.yaml").symlink_to(tmp_path / "cards.yaml")
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.line) == ("spec.include", 3)


def test_symlink_inside_the_kit_is_fine(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    path = tmp_kit(IMAGE_KIT.format(src="link.png"), {"img/a.png": png()})
    (path.parent / "link.png").symlink_to(path.parent / "img" / "a.png")
    result = run_pnp("render", path, "-o", tmp_path / "out")
    assert_clean(result)
    assert result.exit_code == 0, result.output


def test_giant_image_refused_from_its_header(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    giant = png_header_only(14_000, 14_000)
    with PngImagePlugin.PngImageFile(io.BytesIO(giant)) as header:  # the size is in the header alone
        assert header.size == (14_000, 14_000)
    path = tmp_kit(IMAGE_KIT.format(src="giant.png"), {"giant.png": giant})
    start = time.perf_counter()
    error = one_error(run_pnp("render", path, "-o", tmp_path / "out"), path)
    assert time.perf_counter() - start < 2.0
    assert (error.rule, error.line, error.column) == ("spec.image", SRC_LINE, SRC_COLUMN)
    assert "14000 x 14000 pixels, over the cap of 50,000,000 pixels" in error.message


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"root:x:0:0:root:/root:/bin/bash\n", "is not a PNG or JPEG file"),
        (b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", "is not a PNG or JPEG file"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "is not a PNG or JPEG file"),
        (b"", "is not a PNG or JPEG file"),
        (b"\x89PNG\r\n\x1a\nrubbish", "cannot be read as an image"),
        (b"\xff\xd8\xff\xe0junk", "cannot be read as an image"),
    ],
    ids=["text", "gif", "svg", "empty", "png-signature-only", "jpeg-signature-only"],
)
def test_non_image_named_png(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, content: bytes, says: str
) -> None:
    path = tmp_kit(IMAGE_KIT.format(src="fake.png"), {"fake.png": content})
    error = one_error(run_pnp("render", path, "-o", tmp_path / "out"), path)
    assert (error.rule, error.line) == ("spec.image", SRC_LINE)
    assert says in error.message


@pytest.mark.parametrize("damage", ["truncate", "flip-a-byte"])
def test_damaged_png_is_refused_before_printing(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, damage: str
) -> None:
    data = bytearray(png(64, 64))
    if damage == "truncate":
        data = data[: len(data) - 20]
    else:
        data[data.index(b"IDAT") + 8] ^= 0xFF  # a byte of compressed pixels: the chunk's checksum no longer fits
    path = tmp_kit(IMAGE_KIT.format(src="a.png"), {"a.png": bytes(data)})
    error = one_error(run_pnp("render", path, "-o", tmp_path / "out"), path)
    assert (error.rule, error.line) == ("spec.image", SRC_LINE)
    assert "cannot be read as an image" in error.message
    assert not (tmp_path / "out").exists()


def test_real_png_and_jpeg_render(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "blue").save(buffer, format="JPEG")
    spec = IMAGE_KIT.format(src="a.png") + '          - {type: image, src: "b.jpg", x: 30mm, width: 9mm}\n'
    path = tmp_kit(spec, {"a.png": png(), "b.jpg": buffer.getvalue()})
    result = run_pnp("render", path, "-o", tmp_path / "out")
    assert_clean(result)
    assert result.exit_code == 0, result.output


def test_include_bomb_is_capped_fast(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    files = {f"f{i}.yaml": "".join(f"- include: f{i + 1}.yaml\n" for _ in range(10)) for i in range(6)}
    files["f6.yaml"] = "- {type: board, name: B, rows: 1, columns: 1}\n"
    path = tmp_kit(INCLUDE_KIT.format(src="f0.yaml"), files)
    start = time.perf_counter()
    error = one_error(run_pnp("validate", path))
    assert time.perf_counter() - start < 1.0
    assert (error.rule, error.message) == ("spec.include", "more than 64 includes")


def test_include_chain_the_two_parsers_disagree_on_is_read_once(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    """libyaml refuses a byte-order mark inside a file, PyYAML's parser reads it as a character: each file is
    parsed twice, but its includes are loaded once (building both ways doubled the time at every level)."""
    files = {f"f{i}.yaml": f"x: {{include: f{i + 1}.yaml}}\n\ufeffy: 1\n" for i in range(20)}
    files["f20.yaml"] = "z: 1\n"
    path = tmp_kit(INCLUDE_KIT.format(src="f0.yaml"), files)
    start = time.perf_counter()
    result = run_pnp("validate", path)
    assert time.perf_counter() - start < 2.0  # 2**20 loads before the fix
    assert_clean(result)
    assert result.exit_code == 1  # the model refuses the odd keys, at their lines


def test_include_cycle(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit(INCLUDE_KIT.format(src="a.yaml"), {"a.yaml": "include: b.yaml\n", "b.yaml": "include: a.yaml\n"})
    error = one_error(run_pnp("validate", path))
    assert error.rule == "spec.include"
    assert "include cycle" in error.message


def test_nesting_counts_across_includes(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    deep = "x: " + "[" * 60 + "]" * 60 + "\n"  # fine on its own (62 levels)
    path = tmp_kit("kit: K\nextra: {a: {b: {c: {d: {include: deep.yaml}}}}}\n", {"deep.yaml": deep})
    error = one_error(run_pnp("validate", path))
    assert error.rule == "yaml.depth"
    assert error.file.endswith("deep.yaml")


def test_values_count_across_includes(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    part = "[" + ", ".join(["x"] * 400) + "]\n"  # 401 values
    spec = "kit: K\nparts:\n" + "".join("  - include: part.yaml\n" for _ in range(3))
    path = tmp_kit(spec, {"part.yaml": part})
    error = one_error(run_pnp("validate", path, "--max-nodes", "1000"))
    assert error.rule == "yaml.size"


SPECIAL_FILES = [
    "import os, sys; os.mkfifo(sys.argv[1])",
    "import os, sys; os.symlink('/dev/zero', sys.argv[1])",
    "import os, sys; os.symlink('/dev/urandom', sys.argv[1])",
]


@pytest.mark.parametrize("make", SPECIAL_FILES, ids=["fifo", "dev-zero", "dev-urandom"])
def test_device_or_pipe_as_spec_does_not_hang(tmp_path: Path, make: str) -> None:
    spec = tmp_path / "kit.yaml"
    subprocess.run([sys.executable, "-c", make, str(spec)], check=True)
    done = subprocess.run(
        [sys.executable, "-m", "pnp.cli", "validate", str(spec)],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tmp_path,
        env={**os.environ, "PYTHONWARNINGS": "error"},
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "[spec.file] this is not a regular file" in done.stderr


def test_oversized_file_refused_without_reading_it_all(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit("kit: " + "x" * 3_000_000 + "\n")
    error = one_error(run_pnp("validate", path), path)
    assert (error.rule, error.message) == ("yaml.size", "the file is over the 2000000-byte cap")


def test_long_key_is_capped(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit("kit: K\n? " + "k" * 20_000 + "\n: 1\n")
    result = run_pnp("validate", path)
    error = one_error(result, path)
    assert error.rule == "yaml.string"
    assert len(result.stderr) < 500


def test_included_values_are_marked_in_the_included_file(tmp_path: Path) -> None:
    (tmp_path / "sub.yaml").write_text("a: 1\ninclude: not-an-include-here\n", encoding="utf-8")
    (tmp_path / "kit.yaml").write_text("kit: K\nextra: {include: sub.yaml}\n", encoding="utf-8")
    located = load_yaml(tmp_path / "kit.yaml")
    assert located.data["extra"] == {"a": "1", "include": "not-an-include-here"}
    for path, line, column in ((("extra",), 1, 1), (("extra", "a"), 1, 4), (("extra", "include"), 2, 10)):
        mark = located.mark(path)
        assert (Path(mark.file).name, mark.line, mark.column) == ("sub.yaml", line, column)
    assert located.key_mark(("extra", "include")).line == 2
    key = located.key_mark(("extra",))  # the key naming the include is in the including file
    assert (Path(key.file).name, key.line, key.column) == ("kit.yaml", 2, 1)
