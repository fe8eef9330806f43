"""Draw generic components (deck, counters, board) as pieces: scene items in piece coordinates.

Input: a `BuiltKit` and an image resolver (src, YAML path) -> ImageInfo. Output: a `PrintJob`.
Card texts containing `{{ }}` are rendered in the sandbox with `card` (name, count, index, copy, fields) and `kit`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pnp.diagnostics import Diagnostic, Mark, PartialResult, Severity, SpecError
from pnp.games.kit.boards import draw_board
from pnp.games.kit.built import BuiltKit
from pnp.games.kit.card_places import NUMBERED
from pnp.games.kit.effects import paint, styled, text_effects, turned, valign_offset
from pnp.games.kit.export_names import ExportNames
from pnp.games.kit.faces import FaceOf
from pnp.games.kit.model.components import Board, Card, Counters, Deck
from pnp.games.kit.model.elements import (
    BUILTIN_FONTS,
    Element,
    EllipseElement,
    Face,
    ImageElement,
    LineElement,
    PolygonElement,
    RectElement,
    TextElement,
)
from pnp.games.kit.model.tuckbox import TuckBox
from pnp.games.kit.overflow import shrunk, text_overflow
from pnp.games.kit.rules import rendered_glyphs
from pnp.games.kit.tuckbox import draw_tuckbox
from pnp.games.kit.typeset import Typesetter, own_glyph_problems
from pnp.layout.fit import fitted_image, ppi
from pnp.layout.furniture import hex_points
from pnp.layout.pieces import Piece, PieceGroup, PrintJob
from pnp.layout.scene import Ellipse, Group, Item, Line, Paint, Polygon, Rect, Style, Text, Transform
from pnp.layout.text import ASCENT, text_block
from pnp.source.images import ImageInfo
from pnp.source.located import PathKey
from pnp.text.fonts import is_own, missing_glyphs

if TYPE_CHECKING:
    from pnp.layout.rich import RichText

ImageResolver = Callable[[str, PathKey], ImageInfo]
TextRenderer = Callable[[str, dict[str, Any], PathKey], str]


_ICON = re.compile(r":[A-Za-z][A-Za-z0-9_-]*:")
MIN_PPI = 150
"""The lowest resolution (pixels per inch at print size) a picture prints sharp at; under it is a warning."""
MAX_STRETCH = 0.02
"""How much the default `fit: stretch` may change a picture's proportions without a warning."""


class Drawer:
    """Turns elements into scene items; knows how to fetch images and render templated text."""

    def __init__(self, images: ImageResolver, render_text: TextRenderer, mark: Callable[[PathKey], Mark],
                 typeset: Typesetter):
        self.images = images
        self.typeset = typeset
        self.render_text = render_text
        self.mark = mark
        self.errors: list[Diagnostic] = []
        """Problems met while drawing, collected so that every one is reported at once."""
        self.warnings: list[Diagnostic] = []
        """Drawn, but maybe not as meant: text that does not fit its box or its face."""
        self._glyphs_checked: set[PathKey] = set()

    def elements(self, elements: list[Element], w: float, h: float, context: dict[str, Any],
                 path: PathKey, face: FaceOf | None = None) -> list[Item]:
        items: list[Item] = []
        for i, element in enumerate(elements):
            try:
                items.extend(self.element(element, w, h, context, (*path, i), face))
            except SpecError as exc:
                self.errors.extend(d for d in exc.diagnostics if d not in self.errors)
        return items

    def _check_glyphs(self, e: TextElement, text: str, context: dict[str, Any], path: PathKey) -> None:
        """A located error for characters the template made that the font cannot print (once per text, even
        on a back that every card of a deck shares)."""
        if path in self._glyphs_checked:
            return
        self._glyphs_checked.add(path)
        if not missing_glyphs(text, e.font):
            return
        piece = context.get("card") or context.get("counter") or {}
        name = str(piece.get("name") or piece.get("label") or "")
        problem = rendered_glyphs(e.text, text, e.font, context, name, self.mark(path))
        if problem is not None:
            raise SpecError(problem)

    def element(self, e: Element, w: float, h: float, context: dict[str, Any], path: PathKey,
                face: FaceOf | None = None) -> list[Item]:
        match e:
            case TextElement():
                return self._text(e, w, h, context, path, face)
            case RectElement():
                return [Rect(e.x, e.y, e.width, e.height, styled(e, paint(e.fill), e.stroke), e.radius)]
            case EllipseElement():
                return [Ellipse(e.cx, e.cy, e.rx, e.ry if e.ry is not None else e.rx,
                                styled(e, paint(e.fill), e.stroke))]
            case LineElement():
                return [Line(e.x1, e.y1, e.x2, e.y2, styled(e, None, e.stroke))]
            case PolygonElement():
                return [Polygon(tuple(e.points), styled(e, paint(e.fill) if e.closed else None, e.stroke), e.closed)]
            case ImageElement():
                iw = e.width if e.width is not None else w - e.x
                ih = e.height if e.height is not None else h - e.y
                if iw <= 0 or ih <= 0:
                    raise SpecError(Diagnostic.at(
                        self.mark(path), "spec.image",
                        f"the image starts at ({e.x:g}, {e.y:g}) mm, outside the {w:g} x {h:g} mm face",
                        "move it inside the face, or give its width and height"))
                info = self.images(e.src, (*path, "src"))
                self.check_picture(e, info, iw, ih, (*path, "src"))
                box = (e.x, e.y, iw, ih)
                return [turned(fitted_image(box, info.path, info.key, (info.width_px, info.height_px), e.fit), e, box)]
        raise TypeError(type(e).__name__)

    def _text(self, e: TextElement, w: float, h: float, context: dict[str, Any], path: PathKey,
              face: FaceOf | None) -> list[Item]:
        """A text element's lines: plain text as one `Text` per line, marked-up text as runs and icons."""
        text = self.render_text(e.text, context, (*path, "text")) if "{" in e.text else e.text
        if text is not e.text and e.font in BUILTIN_FONTS:
            self._check_glyphs(e, text, context, (*path, "text"))
        rich, text, styles = self.typeset.rich(text, e.font, path,
                                               lambda part: self._mark_of(part, context, path, face))
        if styles[(False, False)] != e.font:
            e = e.model_copy(update={"font": styles[(False, False)]})
        e = shrunk(e, text, w, h, face.kind if face is not None else "card", rich)
        if face is not None:
            self._check_fit(e, text, w, h, path, face, rich)
        width = e.width if e.width is not None else w - e.x
        drop = valign_offset(e, text, width, rich)
        x, y = (e.x, e.y + drop) if not e.rotate else (0.0, drop)
        if rich is None:
            lines: list[Item] = list(text_block(text, x, y, width, e.size, e.font, e.colour, e.align, e.line_height))
        else:
            lines = rich.items(x, y, width, e.size, e.colour, e.align, e.line_height)
        if rich is not None or is_own(e.font):
            self._check_own_glyphs(lines, context, path, face)
        lines = text_effects(lines, e)
        if not e.rotate:
            return lines
        return [Group(tuple(lines), Transform(e.x, e.y, e.rotate))]  # the block turns as one about its corner

    def _mark_of(self, part: str, context: dict[str, Any], path: PathKey, face: FaceOf | None) -> Mark:
        """Where to report a problem with `part` of a text: at the card's field (its data cell) that holds it,
        else at the text."""
        card = context.get("card") or {}
        where = face.card if face is not None else None
        field = next((k for k, v in card.items() if k != "count" and isinstance(v, str) and part in v), None)
        if field is None or where is None:
            return self.mark((*path, "text"))
        return self.mark((*where, "name") if field == "name" else (*where, "fields", field))

    def _check_own_glyphs(self, lines: list[Item], context: dict[str, Any], path: PathKey,
                          face: FaceOf | None) -> None:
        piece = face.name if face is not None else "the kit"
        problems = own_glyph_problems(lines, lambda ch: self._mark_of(ch, context, path, face), piece,
                                      self.typeset.font_label)
        if problems:
            raise SpecError(problems)

    def check_picture(self, e: ImageElement, info: ImageInfo, w: float, h: float, path: PathKey) -> None:
        """Warn (once per element and file) when a picture prints under MIN_PPI, or when the default `stretch`
        changes its proportions by more than MAX_STRETCH."""
        size = (info.width_px, info.height_px)
        found = []
        resolution = ppi(w, h, *size, e.fit) if info.format != "SVG" else math.inf  # vectors print sharp
        if resolution < MIN_PPI:
            found.append(Diagnostic.at(
                self.mark(path), "image.low_resolution",
                f"{e.src}: {size[0]} x {size[1]} px print at {resolution:.0f} ppi in a {w:g} x {h:g} mm box, under "
                f"the {MIN_PPI} ppi that prints sharp", f"use a picture of at least "
                f"{math.ceil(size[0] * MIN_PPI / resolution)} px across (300 ppi is best), or a smaller box",
                Severity.WARNING))
        stretch = (w / h) / (size[0] / size[1])
        if "fit" not in e.model_fields_set and abs(math.log(stretch)) > math.log(1 + MAX_STRETCH):
            found.append(Diagnostic.at(
                self.mark(path), "image.stretched",
                f"{e.src}: the {size[0]} x {size[1]} px picture is stretched to its {w:g} x {h:g} mm box",
                "set fit: contain or fit: cover to keep its proportions (fit: stretch keeps it as it is)",
                Severity.WARNING))
        self.warnings.extend(d for d in found if d not in self.warnings)

    def _check_fit(self, e: TextElement, text: str, w: float, h: float, path: PathKey, face: FaceOf,
                   rich: RichText | None = None) -> None:
        reasons = text_overflow(e, text, w, h, face.kind, rich)
        if not reasons:
            return
        who = face.shared if face.shared and "{" not in e.text else face.name
        warning = Diagnostic.at(self.mark(path), "text.overflow", f"text on {who} does not fit: {'; '.join(reasons)}",
                                "shorten the text, make it smaller (size) or give it more room (width, height)",
                                Severity.WARNING)
        if warning not in self.warnings:
            self.warnings.append(warning)


@lru_cache(maxsize=256)
def _background(fill: Paint | None, w: float, h: float, bleed: float) -> tuple[Item, ...]:
    if not fill:
        return ()
    return (Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=fill, stroke=None)),)


def _face(drawer: Drawer, face: Face, w: float, h: float, bleed: float, context: dict[str, Any],
          path: PathKey, of: FaceOf) -> tuple[Item, ...]:
    return (*_background(paint(face.fill), w, h, bleed),
            *drawer.elements(face.elements, w, h, context, (*path, "elements"), of))


def draw_deck(drawer: Drawer, deck: Deck, path: PathKey, kit: dict[str, Any],
              copies: Mapping[tuple[int, int], tuple[int, int]] | None = None,
              names: ExportNames | None = None) -> PieceGroup:
    """One piece per printed card (a card with count 3 gives 3 pieces), fronts and backs; a card whose texts
    or export name quote `card.index` or `card.copy` is drawn once per copy. `copies` gives (copy, count) of
    the cards that stand for one copy each (`BuiltKit.copies`); `names` checks the export names of a whole kit."""
    w, h, b = deck.size.width, deck.size.height, deck.bleed
    names = names or ExportNames(drawer.render_text, drawer.mark)
    pieces: list[Piece] = []
    shared: list[tuple[Item, ...]] = []
    """The deck's back as drawn for the first card, when it is the same for every card: none of its texts is a
    template and drawing it met no error (then every card draws it again, for errors located at that card)."""
    index = 0
    numbered_name = deck.export_name is not None and NUMBERED.search(deck.export_name) is not None
    for ci, card in enumerate(deck.cards):
        copy, count = (copies or {}).get((int(path[1]) if len(path) > 1 else 0, ci), (1, card.count))
        per_copy = card.count > 1 and (numbered_name or _numbered(card.elements, card.back or deck.back))
        for n in range(card.count if per_copy else 1):
            context = {"card": {**_card_context(card), "index": index + n + 1, "copy": copy + n, "count": count},
                       "deck": {"name": deck.name}, "kit": kit}
            front, back = _card_faces(drawer, deck, card, (path, ci), context, shared)
            try:
                export = names.name(deck.export_name, context, (*path, "export_name"),
                                    f"card {index + n + 1} ({card.name or deck.name})", ((*path, ci), front, back))
            except SpecError as exc:
                drawer.errors.extend(d for d in exc.diagnostics if d not in drawer.errors)
                export = ""
            for _ in range(1 if per_copy else card.count):
                pieces.append(Piece(w, h, front, back, b, "rect", deck.corner_radius, card.name or deck.name,
                                    where=(*path, "cards", ci), export=export))
        index += card.count
    return PieceGroup(deck.name, tuple(pieces), kind="cards", where=path)


def _card_faces(drawer: Drawer, deck: Deck, card: Card, at: tuple[PathKey, int], context: dict[str, Any],
                shared: list[tuple[Item, ...]]) -> tuple[tuple[Item, ...], tuple[Item, ...] | None]:
    """The front and back of one card (or copy) drawn with `context`; `shared` holds the deck's back once it
    is known to be the same on every card."""
    w, h, b = deck.size.width, deck.size.height, deck.bleed
    path, ci = at
    cpath = (*path, "cards", ci)
    name = f'card "{card.name or ci + 1}" of deck "{deck.name}"'
    front = (*_background(paint(card.fill or deck.fill), w, h, b),
             *drawer.elements(card.elements, w, h, context, (*cpath, "elements"), FaceOf(name, card=cpath)))
    back_face = card.back or deck.back
    if back_face is None:
        return front, None
    if back_face is deck.back and shared:
        return front, shared[0]
    back_path = (*cpath, "back") if card.back else (*path, "back")
    back_of = FaceOf(f"the back of {name}", shared="" if card.back else f'the back of deck "{deck.name}"',
                     card=cpath)
    errors = len(drawer.errors)
    back = _face(drawer, back_face, w, h, b, context, back_path, back_of)
    if back_face is deck.back and len(drawer.errors) == errors and not _templated(back_face):
        shared.append(back)
    return front, back


def _numbered(elements: list[Element], back: Face | None) -> bool:
    """Whether a text of a card's front or back quotes `card.index` or `card.copy` (it differs copy to copy)."""
    texts = [*elements, *(back.elements if back is not None else [])]
    return any(isinstance(e, TextElement) and "card" in e.text and NUMBERED.search(e.text) for e in texts)


def _templated(face: Face) -> bool:
    """Whether a text of `face` is a template (it may then differ from card to card)."""
    return any(isinstance(e, TextElement) and "{" in e.text for e in face.elements)


def _card_context(card: Card) -> dict[str, Any]:
    return {"name": card.name, "count": card.count, **card.fields}


def draw_counters(drawer: Drawer, counters: Counters, path: PathKey, kit: dict[str, Any]) -> PieceGroup:
    """One piece per counter; the shape is filled and outlined, the label centred."""
    s, b = counters.size, counters.bleed
    outline = {"round": "round", "square": "rect", "hex": "hex"}[counters.shape]
    pieces: list[Piece] = []
    for ii, item in enumerate(counters.items):
        ipath = (*path, "items", ii)
        context = {"counter": {"label": item.label, "count": item.count}, "kit": kit}
        front = (*_shape(counters.shape, s, b, item.fill), *_label(drawer, item.label, s, item.colour, ipath),
                 *drawer.elements(item.elements, s, s, context, (*ipath, "elements"),
                                  FaceOf(f'counter "{item.label or ii + 1}" of "{counters.name}"', "counter")))
        back: tuple[Item, ...] | None = None
        if counters.two_sided:
            back = (*_shape(counters.shape, s, b, item.back_fill or item.fill),
                    *_label(drawer, item.back_label if item.back_label is not None else item.label, s, item.colour,
                            ipath, "back_label" if item.back_label is not None else "label"))
        for _ in range(item.count):
            pieces.append(Piece(s, s, front, back, b, outline, 0.0,  # type: ignore[arg-type]
                                f"{counters.name} {item.label}".strip(), ipath))
    return PieceGroup(counters.name, tuple(pieces), kind="counters", where=path)


def _shape(shape: str, s: float, bleed: float, fill: str) -> list[Item]:
    edge = Style(fill=fill, stroke="#000000", stroke_width=0.25)
    if bleed > 0:
        return [Rect(-bleed, -bleed, s + 2 * bleed, s + 2 * bleed, Style(fill=fill, stroke=None)),
                *_shape(shape, s, 0.0, fill)]
    if shape == "round":
        return [Ellipse(s / 2, s / 2, s / 2, s / 2, edge)]
    if shape == "hex":
        return [Polygon(hex_points(s, s), edge)]
    return [Rect(0, 0, s, s, edge)]


def _label(drawer: Drawer, label: str, s: float, colour: str, path: PathKey, key: str = "label") -> list[Item]:
    """A counter's label centred on it, its markup and icons set as in texts (an error collected, at the
    label, for an unknown icon)."""
    if not label:
        return []
    try:
        rich, text, _ = drawer.typeset.rich(label, "sans-bold", (*path, key), lambda _: drawer.mark((*path, key)))
    except SpecError as exc:
        drawer.errors.extend(d for d in exc.diagnostics if d not in drawer.errors)
        return []
    shown = len(_ICON.sub("#", label).replace("*", "")) if rich is not None else len(text)  # an icon: a letter
    size = s * (0.45 if shown <= 2 else 0.9 / max(shown, 1))
    if rich is None:
        return [Text(s / 2, s / 2 + size * 0.36, text, size, "sans-bold", colour, "middle")]
    return rich.items(0.0, s / 2 + size * (0.36 - ASCENT), s, size, colour, "center")


def draw_kit(built: BuiltKit, drawer: Drawer, paper: str | None = None) -> PrintJob:
    """Every component of a generic kit as piece groups, in spec order, but the stand-ins for broken ones
    (`paper`: the one asked for instead of the spec's, which tuck boxes must fit)."""
    kit = built.kit
    kit_context = {"name": kit.kit}
    decks = {c.name: c for i, c in enumerate(kit.components) if isinstance(c, Deck) and i not in built.stand_ins}
    names = ExportNames(drawer.render_text, drawer.mark)
    groups: list[PieceGroup] = []
    for i, component in enumerate(kit.components):
        path = ("components", i)
        if i in built.stand_ins:
            continue
        match component:
            case Deck():
                groups.append(draw_deck(drawer, component, path, kit_context, built.copies, names))
            case Counters():
                groups.append(draw_counters(drawer, component, path, kit_context))
            case Board():
                groups.append(draw_board(drawer, component, path, kit_context))
            case TuckBox() if component.deck not in built.left_out:  # else its deck's own error is reported
                box = draw_tuckbox(drawer, component, path, kit_context, decks, kit.sheets, paper)
                groups.extend([box] if box is not None else [])
    warnings = (*drawer.typeset.warnings, *drawer.warnings)
    job = PrintJob(kit.kit, kit.credit, tuple(groups), kit.sheets, warnings=warnings)
    if drawer.errors:
        raise PartialResult(drawer.errors, job)  # what could be drawn, for the checks that follow drawing
    return job

