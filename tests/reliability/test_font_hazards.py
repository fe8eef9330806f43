"""Kit fonts whose character map is small on disk but huge when walked: one format-12/13 group spanning every
code point, or thousands of full format-4 segments. Each must be one located `spec.font` error, quickly and in
little memory (reportlab used to walk every code point: minutes, gigabytes)."""

from __future__ import annotations

import io
import resource
import struct
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables.DefaultTable import DefaultTable

from pnp.data import resource_path
from tests.conftest import KitFactory
from tests.reliability.support import reported

DEJAVU = resource_path("pnp", "fonts") / "DejaVuSans.ttf"
KIT = """\
kit: Fonts
fonts:
  hostile: {regular: hostile.ttf}
components:
  - {type: deck, name: Deck, cards: [{name: One, elements: [{type: text, text: "Aa0", font: hostile}]}]}
"""
FONT_LINE = 3


def _groups(fmt: int, groups: list[tuple[int, int, int]]) -> bytes:
    body = b"".join(struct.pack(">LLL", *group) for group in groups)
    return struct.pack(">HHLLL", fmt, 0, 16 + len(body), 0, len(groups)) + body


def _segments(count: int) -> bytes:
    """A format-4 subtable of `count` segments each spanning 0..0xFFFF, then the closing 0xFFFF segment."""
    n = count + 1
    ends = struct.pack(f">{n}H", *([0xFFFF] * n))
    starts = struct.pack(f">{n}H", *([0] * count + [0xFFFF]))
    deltas = struct.pack(f">{n}h", *([0] * count + [1]))
    offsets = struct.pack(f">{n}H", *([0] * n))
    body = ends + b"\0\0" + starts + deltas + offsets
    return struct.pack(">HHHHHHH", 4, 14 + len(body), 0, 2 * n, 0, 0, 0) + body


def _font_with_cmap(subtable: bytes) -> bytes:
    """pnp's DejaVu Sans cut to a few glyphs, its `cmap` replaced by one Windows Unicode subtable."""
    options = subset.Options()
    options.layout_features = []
    face = TTFont(DEJAVU)
    cutter = subset.Subsetter(options)
    cutter.populate(text="Aa0 ")
    cutter.subset(face)
    cmap = DefaultTable("cmap")
    cmap.data = struct.pack(">HHHHL", 0, 1, 3, 10, 12) + subtable
    face["cmap"] = cmap
    out = io.BytesIO()
    face.save(out)
    return out.getvalue()


HOSTILE: dict[str, Callable[[], bytes]] = {
    "format-12-all-code-points": lambda: _groups(12, [(0, 0xFFFFFFFF, 0)]),
    "format-13-all-code-points": lambda: _groups(13, [(0, 0xFFFFFFFF, 1)]),
    "format-12-many-groups": lambda: _groups(12, [(0, 0x10FFFF, 0)] * 300),
    "format-4-8000-full-segments": lambda: _segments(8000),
}


def _half_a_gigabyte() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (500 * 2**20, 500 * 2**20))


@pytest.mark.parametrize("name", HOSTILE)
def test_a_character_map_too_large_to_walk_is_one_located_error(name: str, tmp_kit: KitFactory,
                                                               tmp_path: Path) -> None:
    font = _font_with_cmap(HOSTILE[name]())
    assert len(font) < 80_000
    spec = tmp_kit(KIT, {"hostile.ttf": font})
    done = subprocess.run([sys.executable, "-m", "pnp.cli", "validate", str(spec)], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path, preexec_fn=_half_a_gigabyte)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1, done.stderr
    (error,) = reported(done.stderr)
    assert (error.file, error.line, error.rule) == (str(spec.resolve()), FONT_LINE, "spec.font")
    assert "200,000 code points" in error.message


def test_a_font_mapping_a_normal_range_is_accepted(run_pnp, tmp_kit: KitFactory) -> None:
    # every code point of the Basic Multilingual Plane mapped once, the most a real font maps with format 4
    spec = tmp_kit(KIT, {"hostile.ttf": _font_with_cmap(_groups(13, [(0x20, 0xFFFF, 1)]))})
    result = run_pnp("validate", spec)
    assert result.exit_code == 0, result.output
