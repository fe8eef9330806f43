"""Fold lines and cut outlines show on every fill they cross: pieces of every example kit are drawn to PNG
and the pixels along each dashed line are compared with the fill on both sides of it."""

from __future__ import annotations

import io
import math
from pathlib import Path
from statistics import median

import pytest
from PIL import Image as PILImage

from pnp.layout.furniture import outline
from pnp.layout.pieces import Piece
from pnp.layout.scene import Document, Ellipse, Group, Item, Line, Page, Rect, Transform
from pnp.pipeline import load_spec, print_job
from pnp.render.outputs import pdf_to_png
from pnp.render.pdf import render_pdf

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
KITS = ["mdd-micro/kit.yaml", "mdd-classic/kit.yaml", "drag-rage/kit.yaml", "counter-sheet/kit.yaml",
        "mdd-setups/v21-map.yaml"]
DPI = 254  # 10 pixels per mm
MARGIN = 2.0
MIN_CONTRAST = 3.0
"""WCAG contrast ratio a line needs against the fill beside it (3 is the floor for graphics)."""
SHOWN_SHARE = 0.3
"""Share of the points along a dashed line where it must show (the rest may fall between dashes)."""

ACROSS = tuple(k / 20 for k in range(-5, 6))
"""Offsets across a line (mm) where its pixels are looked for: every pixel within 0.25 mm of its middle."""

Segment = tuple[tuple[float, float], tuple[float, float]]


def _luminance(rgb: tuple[int, ...]) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _segments(item: Item) -> list[Segment]:
    """The straight pieces of a dashed stroke, in piece mm (ellipses as 36 chords)."""
    if isinstance(item, Line):
        return [((item.x1, item.y1), (item.x2, item.y2))]
    if isinstance(item, Rect):
        x, y, w, h = item.x, item.y, item.w, item.h
        corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        return [(corners[i], corners[(i + 1) % 4]) for i in range(4)]
    if isinstance(item, Ellipse):
        points = [(item.cx + item.rx * math.cos(a), item.cy + item.ry * math.sin(a))
                  for a in (2 * math.pi * k / 36 for k in range(36))]
        return [(points[i], points[(i + 1) % 36]) for i in range(36)]
    return []


def _dashed(items: tuple[Item, ...]) -> list[Item]:
    found: list[Item] = []
    for item in items:
        if isinstance(item, Group) and item.transform == Transform():
            found.extend(_dashed(item.children))
        elif isinstance(item, Line | Rect | Ellipse) and item.style.stroke and item.style.dash:
            found.append(item)
    return found


def _pixels(piece: Piece, drawing: tuple[Item, ...]) -> PILImage.Image:
    page = Page(piece.width + 2 * MARGIN, piece.height + 2 * MARGIN,
                (Group(drawing, Transform(MARGIN, MARGIN)),), "piece")
    png = pdf_to_png(render_pdf(Document("piece", (page,))), DPI)[0]
    return PILImage.open(io.BytesIO(png)).convert("RGB")


def _weak_sides(image: PILImage.Image, segment: Segment) -> list[str]:
    """The sides of `segment` whose fill the line does not stand out from (at enough points along it)."""
    (x1, y1), (x2, y2) = segment
    length = math.hypot(x2 - x1, y2 - y1)
    if length < 3.0:
        return []
    nx, ny = (y1 - y2) / length, (x2 - x1) / length
    scale = DPI / 25.4

    def at(x: float, y: float) -> tuple[int, ...]:
        px = min(max(int((x + MARGIN) * scale), 0), image.width - 1)
        py = min(max(int((y + MARGIN) * scale), 0), image.height - 1)
        return image.getpixel((px, py))

    points = [(x1 + (x2 - x1) * t, y1 + (y2 - y1) * t) for t in (0.08 + 0.84 * k / 59 for k in range(60))]
    weak = []
    for side in (-1, 1):
        beside = [at(x + side * 0.8 * nx, y + side * 0.8 * ny) for x, y in points]
        fill = tuple(int(median(c[i] for c in beside)) for i in range(3))
        shown = sum(1 for x, y in points
                    if max(_contrast(at(x + k * nx, y + k * ny), fill) for k in ACROSS)
                    >= MIN_CONTRAST)
        if shown < SHOWN_SHARE * len(points):
            colour = "#" + "".join(f"{c:02x}" for c in fill)
            weak.append(f"fill {colour}: shows at {shown}/{len(points)} points")
    return weak


def _pieces(spec: Path) -> list[tuple[str, Piece, tuple[Item, ...]]]:
    """The distinct pieces of the kit that are not boards, each with its drawing and, when the kit asks for
    cut lines, its cut outline."""
    loaded = load_spec(spec)
    job = print_job(loaded)
    cut_lines = job.settings.cut_lines
    seen: dict[tuple[Item, ...], tuple[str, Piece, tuple[Item, ...]]] = {}
    for group in job.groups:
        if group.tile:
            continue
        for piece in group.pieces:
            drawing = piece.front
            if cut_lines:
                cut = outline(piece)
                drawing = (*drawing, *(cut if isinstance(cut, tuple) else (cut,)))
            seen.setdefault(drawing, (f"{group.name}: {piece.name}", piece, drawing))
    return list(seen.values())


def _problems(spec: Path) -> list[str]:
    checked = 0
    problems = []
    for name, piece, drawing in _pieces(spec):
        lines = _dashed(drawing)
        if not lines:
            continue
        image = _pixels(piece, drawing)
        for item in lines:
            for segment in _segments(item):
                checked += 1
                problems += [f"{name} {segment}: {weak}" for weak in _weak_sides(image, segment)]
    assert checked > 0, f"{spec} has no fold or cut line to check"
    return problems


@pytest.mark.parametrize("example", KITS)
def test_every_fold_and_cut_line_contrasts_with_the_fills_it_crosses(example: str) -> None:
    problems = _problems(EXAMPLES / example)
    assert not problems, "\n".join(problems[:10])


MID_TONE_DECK = """\
kit: Mid-tone cards
sheets: {cut_lines: true}
components:
  - type: deck
    name: Cards
    size: poker
    bleed: 3mm
    fill: "#56b4e9"
    cards: [{name: A, elements: [{type: text, text: "A", x: 5mm, y: 5mm, size: 4mm}]}]
"""


def test_cut_lines_show_on_a_mid_tone_card_printed_with_bleed(tmp_path: Path) -> None:
    spec = tmp_path / "kit.yaml"
    spec.write_text(MID_TONE_DECK, encoding="utf-8")
    problems = _problems(spec)
    assert not problems, "\n".join(problems[:10])
