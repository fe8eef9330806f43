"""Draw generic components (deck, counters, board) as pieces: scene items in piece coordinates.

Input: a `BuiltKit` and an image resolver (src, YAML path) -> ImageInfo. Output: a `PrintJob`.
Card texts containing `{{ }}` are rendered in the sandbox with `card` (name, count, index, copy, fields) and `kit`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pnp.diagnostics import PartialResult, SpecError
from pnp.games.kit.boards import draw_board
from pnp.games.kit.built import BuiltKit
from pnp.games.kit.card_places import NUMBERED
from pnp.games.kit.drawer import ICON, Drawer
from pnp.games.kit.effects import paint
from pnp.games.kit.export_names import ExportNames
from pnp.games.kit.faces import FaceOf
from pnp.games.kit.model.components import Board, Card, Counters, Deck
from pnp.games.kit.model.elements import (
    Element,
    Face,
    TextElement,
)
from pnp.games.kit.model.tuckbox import TuckBox
from pnp.games.kit.tuckbox import draw_tuckbox
from pnp.layout.furniture import hex_points
from pnp.layout.pieces import Piece, PieceGroup, PrintJob
from pnp.layout.scene import Ellipse, Item, Paint, Polygon, Rect, Style, Text
from pnp.layout.text import ASCENT
from pnp.source.images import ImageInfo
from pnp.source.located import PathKey

if TYPE_CHECKING:
    pass

ImageResolver = Callable[[str, PathKey], ImageInfo]
TextRenderer = Callable[[str, dict[str, Any], PathKey], str]



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
    shown = len(ICON.sub("#", label).replace("*", "")) if rich is not None else len(text)  # an icon: a letter
    size = s * (0.45 if shown <= 2 else 0.9 / max(shown, 1))
    if rich is None:
        return [Text(s / 2, s / 2 + size * 0.36, text, size, "sans-bold", colour, "middle")]
    return rich.items(0.0, s / 2 + size * (0.36 - ASCENT), s, size, colour, "center")


def draw_kit(built: BuiltKit, drawer: Drawer, paper: str | None = None, registration: str | None = None) -> PrintJob:
    """Every component of a generic kit as piece groups, in spec order, but the stand-ins for broken ones
    (`paper` and `registration`: the paper and cutting machine asked for instead of the spec's, whose room tuck
    boxes must fit)."""
    kit = built.kit
    sheets = kit.sheets if registration is None else kit.sheets.model_copy(update={"registration": registration})
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
                box = draw_tuckbox(drawer, component, path, kit_context, decks, sheets, paper)
                groups.extend([box] if box is not None else [])
    warnings = (*drawer.typeset.warnings, *drawer.warnings)
    job = PrintJob(kit.kit, kit.credit, tuple(groups), kit.sheets, warnings=warnings)
    if drawer.errors:
        raise PartialResult(drawer.errors, job)  # what could be drawn, for the checks that follow drawing
    return job

