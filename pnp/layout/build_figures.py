"""The figures of "How to build" steps: small vector drawings of cutting, scoring, folding and gluing.

Input: the figure's name (`pnp.rulebook.steps.FIGURES`), a sample piece of the kit (the piece type's first
piece as printed) and, for the assembly map, the tiles of its board in the kit's plan. Output: a `Piece` in
figure millimetres (about `BOX` in size, the map up to `MAP_BOX`), drawn with the scene primitives and no
raster image (a sample's `Image` items are left out, its outline kept; the map's board is drawn without its
texts, too small to read, so that only the tile labels speak). Nothing here knows a game: the
folded shapes (tent, tube, half, cube) are generic paper-craft forms.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from pnp.layout.imposition import Tile
from pnp.layout.pieces import Piece
from pnp.layout.scene import Ellipse, Group, Image, Item, Line, Point, Polygon, Rect, Style, Text, Transform

BOX = (46.0, 32.0)
"""Width and height of a step figure, mm."""
MAP_BOX = (56.0, 90.0)
"""Largest size of an assembly map, mm."""
INK = "#1f2a44"
ACCENT = "#c0392b"
PAPER = "#f7f1e3"
CARD = "#c9b99a"
GLUE = "#7fb3d5"
TINT = "#9fbfdf"
_THICK = Style(stroke=INK, stroke_width=0.6)
_PAPER = Style(fill=PAPER, stroke=INK, stroke_width=0.5)
_CUT = Style(stroke=ACCENT, stroke_width=0.45, dash=(1.4, 0.9))
_FOLD = Style(stroke=ACCENT, stroke_width=0.55, dash=(1.2, 0.8))
_ARROW = Style(stroke=ACCENT, stroke_width=0.5)


def _vector_only(items: Sequence[Item], texts: bool = True) -> tuple[Item, ...]:
    """`items` without raster images (groups keep their other children), and without texts unless `texts`."""
    kept: list[Item] = []
    for item in items:
        if isinstance(item, Image) or (not texts and isinstance(item, Text)):
            continue
        if isinstance(item, Group):
            kept.append(Group(_vector_only(item.children, texts), item.transform, item.clip, item.label))
        else:
            kept.append(item)
    return tuple(kept)


def _fit(piece: Piece, x: float, y: float, w: float, h: float) -> tuple[float, float, float]:
    """Scale and top-left corner that centre `piece` (bleed left out) in the box (x, y, w, h)."""
    scale = min(w / piece.width, h / piece.height)
    return scale, x + (w - piece.width * scale) / 2, y + (h - piece.height * scale) / 2


def _sample(piece: Piece, scale: float, x: float, y: float) -> Group:
    trim = Rect(0, 0, piece.width, piece.height, Style())
    return Group(_vector_only(piece.front), Transform(x, y, 0, scale), clip=trim, label="sample piece")


def _outline(piece: Piece, scale: float, x: float, y: float, style: Style, pad: float = 0.0) -> Item:
    w, h = piece.width * scale, piece.height * scale
    if piece.outline == "round":
        return Ellipse(x + w / 2, y + h / 2, w / 2 + pad, h / 2 + pad, style)
    return Rect(x - pad, y - pad, w + 2 * pad, h + 2 * pad, style, radius=piece.corner_radius * scale)


def _arrow(points: Sequence[Point], style: Style = _ARROW, head: float = 1.6) -> list[Item]:
    """A polyline with an arrow head at its last point."""
    (x1, y1), (x2, y2) = points[-2], points[-1]
    angle = math.atan2(y2 - y1, x2 - x1)
    left = (x2 - head * math.cos(angle - 0.45), y2 - head * math.sin(angle - 0.45))
    right = (x2 - head * math.cos(angle + 0.45), y2 - head * math.sin(angle + 0.45))
    return [Polygon(tuple(points), style, closed=False),
            Polygon((left, (x2, y2), right), Style(fill=style.stroke, stroke=style.stroke, stroke_width=0.2))]


def _scissors(x: float, y: float, size: float = 7.0) -> list[Item]:
    """Open scissors whose blades point right, the pivot at (x, y)."""
    ring = Style(fill="#ffffff", stroke=INK, stroke_width=0.5)
    r = size * 0.16
    return [
        Line(x - size * 0.3, y - size * 0.28, x + size * 0.55, y + size * 0.12, Style(stroke=INK, stroke_width=0.7)),
        Line(x - size * 0.3, y + size * 0.28, x + size * 0.55, y - size * 0.12, Style(stroke=INK, stroke_width=0.7)),
        Ellipse(x - size * 0.3 - r, y - size * 0.28 - r * 0.4, r, r, ring),
        Ellipse(x - size * 0.3 - r, y + size * 0.28 + r * 0.4, r, r, ring),
        Ellipse(x, y, 0.35, 0.35, Style(fill=INK, stroke=None)),
    ]


def _dashed_lines(items: Sequence[Item]) -> list[Line]:
    """The piece's dashed lines (its fold lines), at the top level of its drawing."""
    return [item for item in items if isinstance(item, Line) and item.style.dash]


def cut_figure(piece: Piece) -> Piece:
    """The sample piece, its cutting line traced in red, scissors on it."""
    w, h = BOX
    scale, x, y = _fit(piece, 9.0, 3.0, w - 12.0, h - 6.0)
    items: list[Item] = [_sample(piece, scale, x, y), _outline(piece, scale, x, y, _CUT, 0.8)]
    items += _scissors(x - 3.5, y + piece.height * scale * 0.3)
    return Piece(w, h, tuple(items), name="cut")


def score_figure(piece: Piece) -> Piece:
    """The sample piece with its fold lines traced in red, a ruler along the first and a pen scoring it."""
    w, h = BOX
    scale, x, y = _fit(piece, 2.0, 2.0, w - 12.0, h - 4.0)
    items: list[Item] = [_sample(piece, scale, x, y)]
    folds = _dashed_lines(piece.front)
    for line in folds:
        items.append(Line(x + line.x1 * scale, y + line.y1 * scale, x + line.x2 * scale, y + line.y2 * scale, _FOLD))
    if folds:
        first = max(folds, key=lambda ln: math.hypot(ln.x2 - ln.x1, ln.y2 - ln.y1))
        x1, y1, x2, y2 = (x + first.x1 * scale, y + first.y1 * scale, x + first.x2 * scale, y + first.y2 * scale)
    else:
        x1, y1, x2, y2 = x, y + piece.height * scale / 2, x + piece.width * scale, y + piece.height * scale / 2
    items += _ruler(x1, y1, x2, y2)
    items += _pen(x2, y2)
    return Piece(w, h, tuple(items), name="score")


def _ruler(x1: float, y1: float, x2: float, y2: float) -> list[Item]:
    """A see-through ruler lying along the segment, just beside it."""
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    nx, ny = -uy, ux
    band = 2.6
    corners = ((x1 + nx * 0.4, y1 + ny * 0.4), (x2 + nx * 0.4, y2 + ny * 0.4),
               (x2 + nx * band, y2 + ny * band), (x1 + nx * band, y1 + ny * band))
    items: list[Item] = [Polygon(corners, Style(fill="#f4d35e", stroke=INK, stroke_width=0.25, opacity=0.8))]
    ticks = int(length // 2)
    for i in range(1, ticks):
        tx, ty = x1 + ux * i * 2, y1 + uy * i * 2
        size = 1.1 if i % 5 else 1.8
        items.append(Line(tx + nx * 0.4, ty + ny * 0.4, tx + nx * (0.4 + size), ty + ny * (0.4 + size),
                          Style(stroke=INK, stroke_width=0.15)))
    return items


def _pen(x: float, y: float) -> list[Item]:
    """An empty ballpoint pen whose tip is at (x, y), held up and to the right."""
    body = ((x, y), (x + 1.2, y - 2.2), (x + 7.2, y - 9.5), (x + 8.6, y - 8.4), (x + 2.4, y - 1.4))
    return [Polygon(body, Style(fill="#4a6fa5", stroke=INK, stroke_width=0.3))]


def tent_figure(piece: Piece) -> Piece:
    """Side view of a fold-up tent: two slopes from a ridge, two flaps meeting flat underneath."""
    w, h = BOX
    ground = h - 5.0
    left, right, ridge = (10.0, ground), (w - 10.0, ground), (w / 2, 5.0)
    items: list[Item] = [
        Line(3.0, ground + 1.4, w - 3.0, ground + 1.4, Style(stroke="#999999", stroke_width=0.3)),
        Polygon((left, ridge, right), Style(fill=PAPER, stroke=INK, stroke_width=0.7)),
        Line(left[0], ground, w / 2 + 5.0, ground, Style(stroke=INK, stroke_width=0.9)),
        Line(w / 2 - 5.0, ground + 0.8, right[0], ground + 0.8, Style(stroke=INK, stroke_width=0.9)),
        Rect(w / 2 - 5.0, ground - 0.1, 10.0, 1.0, Style(fill=GLUE, stroke=None)),
    ]
    items += _arrow(((left[0] - 5.0, ground - 10.0), (left[0] - 6.0, ground - 4.0), (left[0] - 1.5, ground - 0.5)))
    items += _arrow(((right[0] + 5.0, ground - 10.0), (right[0] + 6.0, ground - 4.0), (right[0] + 1.5, ground - 0.5)))
    return Piece(w, h, tuple(items), name="tent")


def half_figure(piece: Piece) -> Piece:
    """Side view of a piece folded in half and opened a little so that it stands."""
    w, h = BOX
    ground = h - 4.0
    items: list[Item] = [
        Line(3.0, ground + 0.8, w - 3.0, ground + 0.8, Style(stroke="#999999", stroke_width=0.3)),
        Polygon(((w / 2 - 7.0, ground), (w / 2, 4.0), (w / 2 + 7.0, ground)), Style(stroke=INK, stroke_width=0.9),
                closed=False),
        Ellipse(w / 2, 4.0, 0.8, 0.8, Style(fill=ACCENT, stroke=None)),
    ]
    items += _arrow(((w / 2 - 14.0, ground - 6.0), (w / 2 - 12.0, ground - 14.0), (w / 2 - 8.0, ground - 16.0)))
    items += _arrow(((w / 2 + 14.0, ground - 6.0), (w / 2 + 12.0, ground - 14.0), (w / 2 + 8.0, ground - 16.0)))
    return Piece(w, h, tuple(items), name="half")


def _area(item: Item, scale: float = 1.0) -> list[tuple[float, str]]:
    """(area, fill) of every filled rectangle and polygon in `item`, at the piece's scale."""
    if isinstance(item, Group):
        inner = scale * item.transform.scale
        return [found for child in item.children for found in _area(child, inner)]
    if isinstance(item, Rect) and isinstance(item.style.fill, str):
        return [(item.w * item.h * scale * scale, item.style.fill)]
    if isinstance(item, Polygon) and item.closed and isinstance(item.style.fill, str) and len(item.points) > 2:
        pts = item.points
        twice = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1], strict=True))
        return [(abs(twice) / 2 * scale * scale, item.style.fill)]
    return []


def _main_colour(piece: Piece) -> str:
    """The colour that covers most of the piece's front (white paper left out): its folded faces' colour."""
    totals: dict[str, float] = {}
    for item in piece.front:
        for area, fill in _area(item):
            if fill.lower() not in ("#ffffff", "#fff", "white"):
                totals[fill] = totals.get(fill, 0.0) + area
    return max(totals, key=lambda fill: totals[fill]) if totals else PAPER


def _shade(colour: str, factor: float) -> str:
    """`colour` (#rrggbb) darkened to `factor` of its brightness; other forms are returned as a dark grey."""
    if len(colour) != 7 or not colour.startswith("#"):
        return "#3a3a3a"
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c * factor):02x}" for c in rgb)


def tube_figure(piece: Piece) -> Piece:
    """End view of a folded box: its faces, in the piece's own colour, round the hollow inside, the tab glued
    inside the last edge."""
    w, h = BOX
    bw, bh = 22.0, 13.0
    x, y = (w - bw) / 2, (h - bh) / 2 + 2.0
    face = _main_colour(piece)
    items: list[Item] = [
        Line(3.0, y + bh + 0.8, w - 3.0, y + bh + 0.8, Style(stroke="#999999", stroke_width=0.3)),
        Rect(x, y, bw, bh, Style(fill=face, stroke=INK, stroke_width=0.5)),
        Rect(x + 2.0, y + 2.0, bw - 4.0, bh - 4.0, Style(fill=_shade(face, 0.4), stroke=INK, stroke_width=0.3)),
        Rect(x + 0.6, y + bh - 1.4, bw - 1.2, 0.8, Style(fill="#d9cbbd", stroke=None)),
        Line(x + 1.0, y + 0.9, x + 1.0, y + bh * 0.55, Style(stroke=GLUE, stroke_width=1.2)),
    ]
    items += _arrow(((x - 6.0, y + bh * 0.9), (x - 6.5, y + 2.0), (x - 1.0, y + 1.0)))
    return Piece(w, h, tuple(items), name="tube")


def _iso(ox: float, oy: float, s: float) -> Callable[[float, float, float], Point]:
    """Isometric projection of cube coordinates (x right, y back, z up) scaled by `s` from (ox, oy)."""
    c, d = math.cos(math.radians(30)), math.sin(math.radians(30))
    return lambda x, y, z: (ox + (x - y) * c * s, oy + (x + y) * d * s - z * s)


def cube_figure(piece: Piece) -> Piece:
    """A cube folded from a net, pips outside, its lid still open and a glued tab folded inside."""
    w, h = BOX
    p = _iso(w / 2, h - 17.0, 11.0)
    face = Style(fill="#ffffff", stroke=INK, stroke_width=0.5)
    items: list[Item] = [
        Polygon((p(0, 0, 1), p(1, 0, 1), p(1, -0.35, 1.94), p(0, -0.35, 1.94)), Style(fill="#e6e6e6", stroke=INK,
                                                                                    stroke_width=0.5)),
        Polygon((p(0, 0, 1), p(1, 0, 1), p(1, 1, 1), p(0, 1, 1)), Style(fill="#8a8a8a", stroke=INK, stroke_width=0.4)),
        Polygon((p(0.12, 1, 1), p(0.88, 1, 1), p(0.78, 0.72, 1), p(0.22, 0.72, 1)), Style(fill=GLUE, stroke=INK,
                                                                                        stroke_width=0.3)),
        Polygon((p(0, 1, 0), p(1, 1, 0), p(1, 1, 1), p(0, 1, 1)), face),
        Polygon((p(1, 0, 0), p(1, 1, 0), p(1, 1, 1), p(1, 0, 1)), Style(fill="#f0f0f0", stroke=INK, stroke_width=0.5)),
    ]
    dot = Style(fill=INK, stroke=None)
    items.append(Ellipse(*p(0.5, 1, 0.5), 0.9, 0.9, dot))
    items += [Ellipse(*p(1, u, v), 0.8, 0.8, dot) for u, v in ((0.25, 0.75), (0.75, 0.25))]
    items += _arrow((p(0.5, -0.6, 2.3), p(0.5, 0.2, 2.0), p(0.5, 0.45, 1.35)))
    return Piece(w, h, tuple(items), name="cube")


def glue_figure(piece: Piece) -> Piece:
    """A tab spread with glue and a flap pressed onto it."""
    w, h = BOX
    items: list[Item] = [
        Rect(4.0, 15.0, 30.0, 12.0, _PAPER),
        Polygon(((34.0, 16.0), (41.0, 18.0), (41.0, 24.0), (34.0, 26.0)), Style(fill=PAPER, stroke=INK,
                                                                               stroke_width=0.5)),
        Polygon(((34.6, 16.8), (40.3, 18.5), (40.3, 23.5), (34.6, 25.2)), Style(fill=GLUE, stroke=None)),
        Polygon(((12.0, 3.0), (30.0, 6.0), (41.5, 16.5), (24.0, 13.0)), Style(fill="#ffffff", stroke=INK,
                                                                              stroke_width=0.5)),
    ]
    items += _arrow(((27.0, 2.0), (36.0, 6.0), (38.5, 13.5)))
    return Piece(w, h, tuple(items), name="glue")


def card_figure(piece: Piece) -> Piece:
    """The printed sheet glued onto thin card, the sample piece on top."""
    w, h = BOX
    items: list[Item] = [
        Polygon(((6.0, 14.0), (34.0, 10.0), (42.0, 22.0), (14.0, 27.0)), Style(fill=CARD, stroke=INK,
                                                                              stroke_width=0.5)),
        Polygon(((5.0, 11.5), (33.0, 7.5), (41.0, 19.5), (13.0, 24.5)), Style(fill="#ffffff", stroke=INK,
                                                                             stroke_width=0.5)),
    ]
    scale, x, y = _fit(piece, 15.0, 10.0, 16.0, 10.0)
    items.append(_sample(piece, scale, x, y))
    items += _arrow(((40.0, 3.0), (37.0, 6.5), (35.0, 10.0)))
    return Piece(w, h, tuple(items), name="card")


def piece_figure(piece: Piece) -> Piece:
    """The sample piece alone."""
    w, h = BOX
    scale, x, y = _fit(piece, 2.0, 2.0, w - 4.0, h - 4.0)
    return Piece(w, h, (_sample(piece, scale, x, y), _outline(piece, scale, x, y, Style(stroke=INK,
                                                                                          stroke_width=0.3))),
                 name="piece")


def overlap_figure(piece: Piece) -> Piece:
    """Two tiles: the tinted strip of the first, the second laid over it until the crosses meet."""
    w, h = BOX
    strip = 4.0
    items: list[Item] = [
        Rect(3.0, 5.0, 20.0, 22.0, Style(fill="#ffffff", stroke=INK, stroke_width=0.4)),
        Rect(23.0 - strip, 5.0, strip, 22.0, Style(fill=TINT, stroke=None)),
    ]
    for cy in (10.5, 21.5):
        items += _cross(23.0 - strip / 2, cy, Style(stroke=INK, stroke_width=0.3))
    items.append(Rect(23.0 - strip + 0.6, 7.0, 20.0, 22.0, Style(fill="#ffffff", stroke=INK, stroke_width=0.4,
                                                                  opacity=0.85)))
    for cy in (12.5, 23.5):
        items += _cross(23.0 - strip / 2 + 0.6, cy, Style(stroke=ACCENT, stroke_width=0.3))
    items += _arrow(((40.0, 3.0), (33.0, 4.5), (27.0, 6.5)))
    return Piece(w, h, tuple(items), name="overlap")


def _cross(x: float, y: float, style: Style, size: float = 1.6) -> list[Item]:
    return [Line(x - size, y, x + size, y, style), Line(x, y - size, x, y + size, style)]


def tiles_figure(piece: Piece, tiles: Sequence[Tile]) -> Piece:
    """The board at a small scale with each tile's place and label, as the kit's plan tiles it."""
    bw, bh = piece.width + 2 * piece.bleed, piece.height + 2 * piece.bleed
    max_w, max_h = MAP_BOX
    scale = min(max_w / bw, max_h / bh)
    w, h = bw * scale, bh * scale
    items: list[Item] = [
        Group(_vector_only(piece.front, texts=False), Transform(piece.bleed * scale, piece.bleed * scale, 0, scale),
              clip=Rect(-piece.bleed, -piece.bleed, bw, bh, Style()), label="board preview"),
        Rect(0, 0, w, h, Style(fill="#ffffff", stroke=None, opacity=0.45)),
    ]
    size = max(2.6, min(5.0, min(t.w for t in tiles) * scale * 0.28, min(t.h for t in tiles) * scale * 0.4))
    for t in tiles:
        tx, ty = (t.x + piece.bleed) * scale, (t.y + piece.bleed) * scale
        items.append(Rect(tx, ty, t.w * scale, t.h * scale, Style(stroke=ACCENT, stroke_width=0.5)))
    for t in tiles:
        cx = (t.x + piece.bleed + t.w / 2) * scale
        cy = (t.y + piece.bleed + t.h / 2) * scale
        pad = size * 0.75
        items.append(Rect(cx - pad * 1.3, cy - pad, pad * 2.6, pad * 1.8, Style(fill="#ffffff", stroke=ACCENT,
                                                                                 stroke_width=0.3), radius=0.8))
        items.append(Text(cx, cy + size * 0.35, t.label, size, "sans-bold", ACCENT, anchor="middle"))
    return Piece(w, h, tuple(items), name="tiles")


FIGURES: dict[str, Callable[[Piece], Piece]] = {
    "piece": piece_figure,
    "cut": cut_figure,
    "score": score_figure,
    "tent": tent_figure,
    "tube": tube_figure,
    "half": half_figure,
    "cube": cube_figure,
    "glue": glue_figure,
    "card": card_figure,
    "overlap": overlap_figure,
}
"""Every figure but the assembly map (`tiles_figure`, which needs the plan's tiles), by name."""


def step_figure(name: str, piece: Piece, tiles: Sequence[Tile] = ()) -> Piece:
    """The figure `name` for a step on pieces like `piece`; `tiles` (the plan's) for the assembly map."""
    if name == "tiles":
        return tiles_figure(piece, tiles)
    return FIGURES[name](piece)
