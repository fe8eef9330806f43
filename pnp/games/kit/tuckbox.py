"""Draw a tuck box as one piece: the flat net of a one-piece box for one of the kit's decks.

Across, left to right: the glue flap, the front (with the thumb notch at its top), a spine, the back, a spine.
Above the back: the lid (a face of its own, turned to read from the front) and its tuck flap; above the
spines: dust flaps; below every panel: a bottom flap.
Inner size: the deck's card width and height, and its card count x `card_thickness` deep, each plus `play`.
Each face's art runs FOLD_BLEED past its folds onto the flaps (not onto the next face). Solid lines are cut,
dash-dot lines folded, both two-tone (`pnp.layout.strokes`) so they show on dark art; the sheets' own cut lines
(`cut_lines: true`) are dashed and never drawn over the box: its net draws its cut edges itself. A box too large
for the paper is a located error naming the largest card count whose box fits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.diagnostics import Diagnostic, SpecError
from pnp.games.kit.effects import paint
from pnp.games.kit.faces import FaceOf
from pnp.games.kit.model.components import Deck
from pnp.games.kit.model.elements import Face
from pnp.games.kit.model.tuckbox import TuckBox
from pnp.layout.paper import get_paper, printable_area
from pnp.layout.pieces import Piece, PieceGroup
from pnp.layout.registration import usable_areas
from pnp.layout.scene import Group, Item, Polygon, Rect, Style, Text, Transform
from pnp.layout.strokes import fold_line, two_tone
from pnp.model.sheets import SheetSettings
from pnp.source.located import PathKey
from pnp.text.suggest import did_you_mean

if TYPE_CHECKING:
    from pnp.games.kit.drawer import Drawer

GLUE = 10.0
"""Width of the glue flap (mm)."""
CUT = Style(stroke="#000000", stroke_width=0.3)
FOLD = Style(stroke="#555555", stroke_width=0.25, dash=(3.0, 1.0, 0.6, 1.0))
"""Dash-dot: a fold, told apart from a cut edge (solid) and from the sheets' dashed cut lines."""
FOLD_BLEED = 2.0
"""How far a face's fill and art run past its panel onto the flaps (and past a cut edge), so a fold or a cut a
little off still shows the face's own colour (mm)."""


@dataclass(frozen=True, slots=True)
class Net:
    """The box's inner width, height and depth and where its panels lie on the net (mm)."""

    w: float
    h: float
    d: float

    @property
    def tuck(self) -> float:
        """Height of the tuck flap above the lid."""
        return min(20.0, max(10.0, self.d))

    @property
    def top(self) -> float:
        """y of the body's top edge (the front's, the spines' and the back's)."""
        return self.tuck + self.d

    @property
    def columns(self) -> tuple[float, float, float, float, float, float]:
        """x of the glue flap's outer edge, then of each fold and of the last spine's outer edge."""
        w, d = self.w, self.d
        return 0.0, GLUE, GLUE + w, GLUE + w + d, GLUE + 2 * w + d, GLUE + 2 * w + 2 * d

    @property
    def size(self) -> tuple[float, float]:
        return GLUE + 2 * self.w + 2 * self.d, self.tuck + 2 * self.d + self.h


def net_for(box: TuckBox, deck: Deck, cards: int) -> Net:
    return Net(deck.size.width + box.play, deck.size.height + box.play, cards * box.card_thickness + box.play)


def _outline(net: Net) -> tuple[tuple[float, float], ...]:
    """The cut outline, clockwise from the glue flap's top."""
    a, b, c, d, e, f = net.columns
    y0, y1 = net.top, net.top + net.h
    dust, inset, depth = net.d * 0.8, min(3.0, net.d / 4), net.d
    chamfer, notch = min(GLUE, net.h / 4) * 0.8, min(10.0, net.w / 4)
    centre = b + net.w / 2
    arc = [(centre + notch * math.cos(t), y0 + notch * math.sin(t))
           for t in (math.pi * (1 - i / 12) for i in range(13))]
    return (
        (a, y0 + chamfer), (b, y0), *arc, (c, y0),
        (c + inset, y0 - dust), (d - inset, y0 - dust), (d, y0), (d, y0 - depth),
        (d + inset, y0 - depth - net.tuck), (e - inset, y0 - depth - net.tuck), (e, y0 - depth), (e, y0),
        (e + inset, y0 - dust), (f - inset, y0 - dust), (f, y0), (f, y1),
        (f - inset, y1 + dust), (e + inset, y1 + dust), (e, y1), (e - inset, y1 + depth), (d + inset, y1 + depth),
        (d, y1), (d - inset, y1 + dust), (c + inset, y1 + dust), (c, y1), (c - inset, y1 + dust),
        (b + inset, y1 + dust), (b, y1), (a, y1 - chamfer),
    )


def _folds(net: Net) -> list[Item]:
    _, b, c, d, e, f = net.columns
    y0, y1 = net.top, net.top + net.h
    ends = [(x, y0, x, y1) for x in (b, c, d, e)] + [(c, y0, f, y0), (b, y1, f, y1), (d, y0 - net.d, e, y0 - net.d)]
    return [item for end in ends for item in fold_line(*end, style=FOLD)]


def _panel(drawer: Drawer, face: Face | None, at: tuple[float, float, float, float], context: dict[str, Any],
           path: PathKey, who: str, reach: tuple[float, float, float, float], turned: bool = False) -> list[Item]:
    """A face drawn in its panel's own millimetres (x, y, width, height on the net; `turned`: half a turn, its
    top at the panel's bottom edge), its fill and art running `reach` (left, top, right, bottom, in the face's
    own directions) past the panel's edges: across a fold onto a flap, past a cut edge."""
    if face is None:
        return []
    x, y, w, h = at
    left, top, right, bottom = reach
    area = Rect(-left, -top, w + left + right, h + top + bottom, Style())
    own: list[Item] = [Rect(area.x, area.y, area.w, area.h, Style(fill=paint(face.fill), stroke=None))] \
        if face.fill else []
    own += drawer.elements(face.elements, w, h, context, (*path, "elements"), FaceOf(who, "box"))
    return [Group(tuple(own), Transform(x + w, y + h, rotate=180) if turned else Transform(x, y), clip=area)]


def draw_tuckbox(drawer: Drawer, box: TuckBox, path: PathKey, kit: dict[str, Any], decks: dict[str, Deck],
                 settings: SheetSettings, paper: str | None) -> PieceGroup | None:
    """The box's net as one piece; None (its error collected) when its deck is unknown or it does not fit."""
    deck = decks.get(box.deck)
    if deck is None:
        hint = did_you_mean(box.deck, decks) or (f"the decks are {', '.join(decks)}" if decks
                                                 else "add the deck as a `type: deck` component")
        drawer.errors.append(Diagnostic.at(drawer.mark((*path, "deck")), "tuckbox.deck",
                                           f"no deck named {box.deck!r} for the tuck box", hint))
        return None
    try:
        _check_fits(box, deck, settings, paper, drawer.mark((*path, "deck")))
    except SpecError as exc:
        drawer.errors.extend(exc.diagnostics)
        return None
    net = net_for(box, deck, deck.total)
    width, height = net.size
    name = box.name or f"{deck.name} box"
    _, b, c, d, e, _ = net.columns
    y0 = net.top
    context = {"deck": {"name": deck.name, "count": deck.total, "width": _number(deck.size.width),
                        "height": _number(deck.size.height)}, "box": {"name": name}, "kit": kit}
    items: list[Item] = [Polygon(_outline(net), Style(fill=box.fill, stroke=None))]
    over = FOLD_BLEED  # onto the flaps and past the cut edges; never onto the next face, which keeps its own
    items += _panel(drawer, box.front, (b, y0, net.w, net.h), context, (*path, "front"), f'the front of "{name}"',
                    (over, over, 0.0, over))
    items += _panel(drawer, box.back, (d, y0, net.w, net.h), context, (*path, "back"), f'the back of "{name}"',
                    (0.0, 0.0 if box.lid else over, 0.0, over))
    # the lid reads from the front: its top is the tuck flap's fold, its bottom the fold it shares with the back
    items += _panel(drawer, box.lid, (d, y0 - net.d, net.w, net.d), context, (*path, "lid"), f'the lid of "{name}"',
                    (over, 0.0, over, over), turned=True)
    for x in (c, e):
        items += _panel(drawer, box.spine, (x, y0, net.d, net.h), context, (*path, "spine"), f'a spine of "{name}"',
                        (0.0, over, 0.0, over))
    items.append(Text(GLUE / 2 + 1.2, y0 + net.h / 2, "glue", 3.0, "sans", "#777777", "middle", rotate=-90))
    items += [*_folds(net), *two_tone(Polygon(_outline(net), CUT))]
    return PieceGroup(name, (Piece(width, height, tuple(items), name=name, outline="drawn"),), crop_marks=False,
                      kind="tuckbox", where=path)


def _check_fits(box: TuckBox, deck: Deck, settings: SheetSettings, paper: str | None, mark: Any) -> None:
    """A SpecError at `mark` when the box of the deck's cards is larger than every printable area the sheet
    settings allow (with registration marks, every area their keep-out leaves), naming the largest card count
    whose box fits."""
    name = paper or settings.paper
    orientations = ["portrait", "landscape"] if settings.orientation == "auto" else [settings.orientation]
    rooms = [(o, a) for o in orientations for a in usable_areas(get_paper(name, o), settings)]

    def fits(cards: int) -> bool:
        w, h = net_for(box, deck, cards).size
        return any(w <= a.width + 1e-9 and h <= a.height + 1e-9 for _, a in rooms)

    if fits(deck.total):
        return
    most = next((n for n in range(deck.total - 1, 0, -1) if fits(n)), 0)
    w, h = net_for(box, deck, deck.total).size
    sizes = " or ".join(dict.fromkeys(f"{_mm(a.width)} x {_mm(a.height)} mm {o}" for o, a in rooms))
    fix = (f"at most {most} cards fit: split the deck into boxes of {most} cards or fewer" if most else
           f"not even one {deck.size.width:g} x {deck.size.height:g} mm card's box fits")
    larger = [p for p in ("a3", "sra3") if _room(p, settings.margin) > max(a.width * a.height for _, a in rooms)]
    marks = settings.registration != "none"
    where = f" left by the {settings.registration} registration marks' keep-out" if marks else ""
    raise SpecError(Diagnostic.at(
        mark, "tuckbox.too_big", f"the tuck box of the {deck.total} cards of deck {deck.name!r} is {_mm(w)} x "
        f"{_mm(h)} mm, larger than the printable area{where} of {name} ({sizes}; the box is not turned on the "
        f"sheet); {fix}", f"use a larger paper (sheets.paper: {', '.join([*larger, '{width: LEN, height: LEN}'])}), "
        "a smaller card_thickness, or box fewer cards" + (", or sheets.registration: none (cut by hand)"
                                                          if marks else "")))


def _number(value: float) -> int | float:
    """A size as a template prints it as written: 63, not 63.0 (still a number to calculate with)."""
    return int(value) if value == int(value) else value


def _mm(value: float) -> str:
    """A length for a message: to a tenth of a millimetre, without a trailing .0."""
    return f"{round(value, 1):g}"


def _room(paper: str, margin: float) -> float:
    """The printable area of a named paper (mm²)."""
    area = printable_area(get_paper(paper), margin)
    return area.width * area.height
