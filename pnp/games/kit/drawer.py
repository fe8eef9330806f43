"""The kit's drawer: a component's elements turned into scene items, with every image, glyph and fit checked
where it is drawn (used by the deck, counter, board and tuck-box drawing)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pnp.diagnostics import Diagnostic, Mark, Severity, SpecError
from pnp.games.kit.effects import paint, styled, text_effects, turned, valign_offset
from pnp.games.kit.faces import FaceOf
from pnp.games.kit.model.elements import (
    BUILTIN_FONTS,
    Element,
    EllipseElement,
    ImageElement,
    LineElement,
    PolygonElement,
    RectElement,
    TextElement,
)
from pnp.games.kit.overflow import shrunk, text_overflow
from pnp.games.kit.rules import rendered_glyphs
from pnp.games.kit.typeset import Typesetter, own_glyph_problems
from pnp.layout.fit import fitted_image, ppi
from pnp.layout.scene import Ellipse, Group, Item, Line, Polygon, Rect, Transform
from pnp.layout.text import text_block
from pnp.source.images import ImageInfo
from pnp.source.located import PathKey
from pnp.text.font_files import is_own
from pnp.text.fonts import missing_glyphs

if TYPE_CHECKING:
    from pnp.layout.rich import RichText

ImageResolver = Callable[[str, PathKey], ImageInfo]
TextRenderer = Callable[[str, dict[str, Any], PathKey], str]


ICON = re.compile(r":[A-Za-z][A-Za-z0-9_-]*:")
MIN_PPI = 150
"""The lowest resolution (pixels per inch at print size) a picture prints sharp at; under it is a warning."""
MAX_STRETCH = 0.02
"""How much the default `fit: stretch` may change a picture's proportions without a warning."""
STRETCH_FIX = "set fit: contain or fit: cover to keep its proportions (fit: stretch keeps it as it is)"


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

    def check_picture(self, e: ImageElement, info: ImageInfo, w: float, h: float, path: PathKey,
                      stretch_fix: str = STRETCH_FIX) -> None:
        """Warn (once per element and file) when a picture prints under MIN_PPI, or when the default `stretch`
        changes its proportions by more than MAX_STRETCH (`stretch_fix` says how to mend it)."""
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
                f"{e.src}: the {size[0]} x {size[1]} px picture is stretched to its {w:g} x {h:g} mm box, its "
                f"proportions changed by {abs(stretch - 1) * 100:.1f} %", stretch_fix,
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
