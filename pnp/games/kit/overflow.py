"""Text that does not fit: measured with the lines and font metrics the renderer draws (`line_boxes`).

Input: a text element, its text (templates already rendered) and the face's trim size. Output: the reasons
the text does not fit, in words (empty when it fits): a word wider than the box, lines taller than the box's
`height`, ink past the face's trim edges (rotated text is checked as it is drawn, turned about its corner).
`shrunk` gives the size `fit: shrink` draws a text at: the largest, in steps, at which it fits its box.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from pnp.games.kit.model.elements import TextElement
from pnp.layout.text import LineBox, line_boxes

if TYPE_CHECKING:
    from pnp.layout.rich import RichText

TOLERANCE_MM = 0.05
"""Overflow smaller than this is rounding, not something a reader would see."""


def _turned(box: LineBox, e: TextElement) -> list[tuple[float, float]]:
    """The corners of a line's box on the face: turned `e.rotate` degrees clockwise about (e.x, e.y)."""
    corners = [(box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1)]
    if not e.rotate:
        return [(e.x + x, e.y + y) for x, y in corners]
    a = math.radians(e.rotate)
    cos, sin = math.cos(a), math.sin(a)
    return [(e.x + x * cos - y * sin, e.y + x * sin + y * cos) for x, y in corners]


def text_overflow(e: TextElement, text: str, face_w: float, face_h: float, face: str = "card",
                  rich: RichText | None = None) -> list[str]:
    """Why `text`, set as `e` on a `face_w` x `face_h` mm face, does not fit; [] when it fits. A marked-up text
    is measured as `rich` lays it out (styled runs and icons)."""
    width = e.width if e.width is not None else face_w - e.x
    if rich is not None:
        boxes = rich.line_boxes(0.0, 0.0, width, e.size, e.align, e.line_height)
    else:
        boxes = line_boxes(text, 0.0, 0.0, width, e.size, e.font, e.align, e.line_height)
    if not boxes:
        return []
    reasons: list[str] = []
    limit = width + TOLERANCE_MM
    wide = [b for b in boxes if b.x1 - b.x0 > limit]
    if wide:
        room = f"the {width:.3g} mm wide box" if e.width is not None else \
            f"the {width:.3g} mm to the {face}'s right edge"
        for b in wide[:3]:
            what = "the word" if " " not in b.text.strip() else "the line"  # a marked-up line shows icons as :name:
            reasons.append(f"{what} \"{b.text}\" is {b.x1 - b.x0:.1f} mm wide, wider than {room}")
    needed = boxes[-1].y1
    if e.height is not None and needed > e.height + TOLERANCE_MM:
        lines = round((boxes[-1].y0) / (e.size * e.line_height)) + 1
        reasons.append(f"its {lines} line(s) need {needed:.1f} mm, the box is {e.height:g} mm high")
    if e.rotate:
        points = [p for b in boxes for p in _turned(b, e)]
        left, top = min(x for x, _ in points), min(y for _, y in points)
        right, bottom = max(x for x, _ in points), max(y for _, y in points)
    elif len(boxes) == 1:  # one line: its box's corners (x0 <= x1, y0 <= y1), moved to the text's place
        b = boxes[0]
        left, top, right, bottom = e.x + b.x0, e.y + b.y0, e.x + b.x1, e.y + b.y1
    else:
        left, top = min(e.x + b.x0 for b in boxes), min(e.y + b.y0 for b in boxes)
        right, bottom = max(e.x + b.x1 for b in boxes), max(e.y + b.y1 for b in boxes)
    right_edge = not wide or e.width is not None  # else already said: the box reaches the right edge
    if -left > TOLERANCE_MM or -top > TOLERANCE_MM or bottom - face_h > TOLERANCE_MM or (
            right_edge and right - face_w > TOLERANCE_MM):
        past = {"left": -left, "top": -top, "right": right - face_w, "bottom": bottom - face_h}
        if not right_edge:
            del past["right"]
        edges = [f"{mm:.1f} mm past the {edge} edge" for edge, mm in past.items() if mm > TOLERANCE_MM]
        reasons.append(f"it runs {' and '.join(edges)} of the {face}'s trim")
    return reasons


SHRINK_STEP = 0.95
"""Each step of `fit: shrink` sets the text at 95 % of the size before."""


def shrunk(e: TextElement, text: str, face_w: float, face_h: float, face: str = "card",
           rich: RichText | None = None) -> TextElement:
    """`e` at the largest size, from `e.size` down in steps to `min_size` (default half the size), at which
    `text` fits (`text_overflow` finds nothing); at `min_size` when none does. Unchanged unless `fit: shrink`."""
    if e.fit != "shrink":
        return e
    smallest = e.min_size if e.min_size is not None else e.size / 2
    size = e.size
    while True:
        sized = e.model_copy(update={"size": size})
        if size <= smallest or not text_overflow(sized, text, face_w, face_h, face, rich):
            return sized
        size = max(size * SHRINK_STEP, smallest)
