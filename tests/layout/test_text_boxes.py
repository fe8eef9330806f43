"""No text runs off its piece or over another text: every text of every piece of every example kit, in
English and Italian, measured with the fonts the renderer embeds; and the assembly map's tile labels leave
the board's picture free."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pytest

from pnp.layout.pieces import Piece
from pnp.layout.scene import Group, Item, Text, Transform
from pnp.pipeline import layout_document, load_spec, print_job, translator
from pnp.text.fonts import text_width_mm

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(
    str(p.relative_to(ROOT / "examples")) for p in (ROOT / "examples").rglob("*.yaml")
    if "invalid" not in p.parts and p.parent.name != "text-overflow"  # that kit shows the overflow warnings
)
EDGE_MM = 0.5
"""Room a text keeps from the edge of a piece that is cut out (boards are not cut along their edge)."""
ASCENT, DESCENT = 0.72, 0.2
"""Parts of the em size above and below the baseline that the letters fill."""

Box = tuple[float, float, float, float]


def _move(t: Transform, x: float, y: float) -> tuple[float, float]:
    """A point of a group's children in the group's parent: scale, rotate, then translate."""
    x, y = x * t.scale, y * t.scale
    c, s = math.cos(math.radians(t.rotate)), math.sin(math.radians(t.rotate))
    return x * c - y * s + t.dx, x * s + y * c + t.dy


def _texts(items: tuple[Item, ...], chain: tuple[Transform, ...] = ()) -> Iterator[tuple[Text, Box]]:
    for item in items:
        if isinstance(item, Group):
            yield from _texts(item.children, (item.transform, *chain))
        elif isinstance(item, Text) and item.text.strip():
            width = text_width_mm(item.text, item.font, item.size)
            left = {"start": 0.0, "middle": -width / 2, "end": -width}[item.anchor]
            c, s = math.cos(math.radians(item.rotate)), math.sin(math.radians(item.rotate))
            corners = []
            for px, py in ((left, -ASCENT * item.size), (left + width, -ASCENT * item.size),
                           (left + width, DESCENT * item.size), (left, DESCENT * item.size)):
                point = (item.x + px * c - py * s, item.y + px * s + py * c)
                for t in chain:
                    point = _move(t, *point)
                corners.append(point)
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            yield item, (min(xs), min(ys), max(xs), max(ys))


def _problems(piece: Piece, edge: float) -> list[str]:
    boxes = list(_texts(piece.front))
    found = [f"{text.text!r} reaches past the edge" for text, (x0, y0, x1, y1) in boxes
             if x0 < edge or y0 < edge or x1 > piece.width - edge or y1 > piece.height - edge]
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1:]:
            across = min(box_a[2], box_b[2]) - max(box_a[0], box_b[0])
            down = min(box_a[3], box_b[3]) - max(box_a[1], box_b[1])
            if across > 0.05 and down > 0.05:
                found.append(f"{a.text!r} overlaps {b.text!r}")
    return found


@pytest.mark.parametrize("lang", [None, "it"])
@pytest.mark.parametrize("example", EXAMPLES)
def test_every_text_stays_on_its_piece_and_off_the_others(example: str, lang: str | None) -> None:
    job = print_job(load_spec(ROOT / "examples" / example), tr=translator(lang))
    problems: dict[str, list[str]] = {}
    for group in job.groups:
        for piece in dict.fromkeys(group.pieces):
            if found := _problems(piece, 0.0 if group.tile else EDGE_MM):
                problems[f"{group.name}: {piece.name}"] = found
    assert not problems, problems


@pytest.mark.parametrize("example", ["mdd-micro/kit.yaml", "mdd-classic/kit.yaml", "tiled-board/kit.yaml"])
def test_assembly_map_labels_leave_the_board_picture_free(example: str) -> None:
    document, plan = layout_document(load_spec(ROOT / "examples" / example))
    maps = [page for page, sheet in zip(document.pages, plan.sheets, strict=True) if sheet.assembly]
    assert maps, "the kit has a tiled board and its assembly map"
    for page in maps:
        (preview,) = [i for i in page.items if isinstance(i, Group) and i.label == "board preview"]
        clip, t = preview.clip, preview.transform
        x0, y0 = _move(t, clip.x, clip.y)
        x1, y1 = _move(t, clip.x + clip.w, clip.y + clip.h)
        labels = [box for text, box in _texts(tuple(i for i in page.items if isinstance(i, Text)))
                  if text.color == "#c0392b"]
        assert labels
        for lx0, ly0, lx1, ly1 in labels:
            assert lx1 <= x0 or lx0 >= x1 or ly1 <= y0 or ly0 >= y1, "a tile label covers the board's picture"
