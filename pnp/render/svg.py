"""SVG backend (svgwrite): one SVG file per page, user units = mm, same positions as the PDF; and the cutter SVGs
of `--format cut` (`render_cut_svg`).

Text is drawn as glyph outlines by default (`pnp.render.svg_outline`), or as editable `<text>` on request.

Each distinct image (by content key) is embedded once per file, as a `<symbol>` with a unit viewBox holding
the data URI, and each use of it is a `<use>` with the image's x, y, width and height; PNGs are embedded without
their ancillary chunks (text, time, ...), which change nothing printed. svgwrite is inactive upstream, so it
stays inside this module.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, assert_never

import svgwrite
from svgwrite.container import Group as SvgGroup

from pnp.layout.scene import Ellipse, Gradient, Group, Image, Item, Line, Page, Polygon, Rect, Style, Text
from pnp.layout.strokes import Stroke
from pnp.model.inks import rgb_hex
from pnp.render.images import PNG_SIGNATURE, png_without_ancillary_chunks
from pnp.render.svg_outline import GlyphDefs, add_glyph_defs, outlined_text
from pnp.source.images import read_as_checked
from pnp.text.font_files import is_own
from pnp.text.fonts import svg_family

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

_CLASS = re.compile(r"[^A-Za-z0-9_-]+")
"""Characters not allowed in an SVG class name (labels come from user text)."""

_MIME = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".svg": "image/svg+xml"}


def _num(value: float, places: int = 4) -> str:
    """A number as SVG writes it: `places` decimals, trailing zeros dropped."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


SVG_TEXT = ("outline", "text")
"""How SVG pages draw text: glyph outlines (the default: the same on every machine, words kept in `aria-label`)
or `<text>` elements (editable, but drawn with the fonts installed where the SVG is opened)."""


@dataclass
class _PageDefs:
    """What one page's `<defs>` collect while its items are drawn."""

    drawing: svgwrite.Drawing
    text: str
    counter: Iterator[int] = field(default_factory=lambda: iter(range(1, 1_000_000)))
    images: dict[str, str] = field(default_factory=dict)
    fonts: dict[str, set[str]] = field(default_factory=dict)
    glyphs: GlyphDefs = field(default_factory=GlyphDefs)
    gradients: dict[tuple[object, ...], str] = field(default_factory=dict)


def render_svg_page(page: Page, title: str = "", text: str = "outline") -> str:
    """One page as SVG text: `width`/`height` in mm and a viewBox in mm, so 1 user unit = 1 mm; `text` is one
    of SVG_TEXT."""
    if text not in SVG_TEXT:
        raise ValueError(f"unknown SVG text mode {text!r}")
    drawing = svgwrite.Drawing(size=(f"{_num(page.width)}mm", f"{_num(page.height)}mm"), profile="full",
                               debug=False)
    drawing.viewbox(0, 0, page.width, page.height)
    if title:
        drawing.set_desc(title=_clean(title))
    defs = _PageDefs(drawing, text)
    for item in page.items:
        drawing.add(_element(defs, item))
    add_glyph_defs(drawing, defs.glyphs)
    if defs.fonts:
        from pnp.render.svg_fonts import font_faces

        drawing.defs.add(drawing.style(font_faces(defs.fonts)))
    return drawing.tostring()


def _clean(text: str) -> str:
    return _CONTROL.sub("", text)


def _style_attrs(style: Style, defs: _PageDefs | None = None, item: Rect | Ellipse | Polygon | None = None,
                 ) -> dict[str, str]:
    fill = style.fill
    if isinstance(fill, Gradient):
        attrs = {"fill": _gradient(defs, item, fill) if defs is not None and item is not None else "none"}
    else:
        attrs = {"fill": rgb_hex(fill) if fill else "none"}
    if style.stroke and style.stroke_width > 0:
        attrs["stroke"] = rgb_hex(style.stroke)
        attrs["stroke_width"] = _num(style.stroke_width)
        if style.dash:
            attrs["stroke_dasharray"] = ",".join(_num(d) for d in style.dash)
    else:
        attrs["stroke"] = "none"
    if style.opacity < 1:  # like the PDF backend: fill and stroke alpha, not group opacity
        attrs["fill_opacity"] = _num(style.opacity)
        attrs["stroke_opacity"] = _num(style.opacity)
    return attrs


def _gradient(defs: _PageDefs, item: Rect | Ellipse | Polygon, gradient: Gradient) -> str:
    """A `url(#id)` of the page's gradient for `item`, in the shape's own user space at the places the PDF's
    shading runs (`pnp.render.pdf_paint.axis`); one definition per distinct gradient and place."""
    from pnp.render.pdf_paint import axis

    a, b, c, d = axis(gradient, item)
    key = (gradient, a, b, c, d)
    if key not in defs.gradients:
        drawing = defs.drawing
        gid = defs.gradients[key] = f"gradient{next(defs.counter)}"
        if gradient.kind == "radial":
            element = drawing.radialGradient(center=(_num(a), _num(b)), r=_num(c), id=gid,
                                             gradientUnits="userSpaceOnUse")
        else:
            element = drawing.linearGradient(start=(_num(a), _num(b)), end=(_num(c), _num(d)), id=gid,
                                             gradientUnits="userSpaceOnUse")
        element.add_stop_color(0, rgb_hex(gradient.colours[0]))
        element.add_stop_color(1, rgb_hex(gradient.colours[1]))
        drawing.defs.add(element)
    return f"url(#{defs.gradients[key]})"


def _image_symbol(drawing: svgwrite.Drawing, item: Image, images: dict[str, str]) -> str:
    """The id of the `<symbol>` holding `item`'s image, added to the defs on first use."""
    if item.key not in images:
        images[item.key] = f"image-{_CLASS.sub('-', item.key)}"
        mime = _MIME.get(item.path.suffix.lower(), "image/png")
        data = read_as_checked(item.path, item.key)  # SVG art too: drawn by the viewer as vectors
        if data.startswith(PNG_SIGNATURE):
            data = png_without_ancillary_chunks(data)
        symbol = drawing.defs.add(drawing.symbol(id=images[item.key]))
        symbol.viewbox(0, 0, 1, 1)
        symbol["preserveAspectRatio"] = "none"
        symbol.add(drawing.image(f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}", insert=(0, 0),
                                 size=(1, 1), preserveAspectRatio="none"))
    return images[item.key]


def _element(defs: _PageDefs, item: Item) -> object:
    """The SVG element of one item; `defs` collects what the page's defs embed."""
    drawing = defs.drawing
    match item:
        case Group():
            t = item.transform
            parts = []
            if t.dx or t.dy:
                parts.append(f"translate({_num(t.dx)},{_num(t.dy)})")
            if t.rotate:
                parts.append(f"rotate({_num(t.rotate)})")
            if t.scale != 1:
                parts.append(f"scale({_num(t.scale)})")
            group = SvgGroup(transform=" ".join(parts)) if parts else SvgGroup()
            if item.label:
                group["class"] = _CLASS.sub("-", item.label)[:60].strip("-") or "item"
            target = group
            if item.clip is not None:
                clip_id = f"clip{next(defs.counter)}"
                clip = drawing.defs.add(drawing.clipPath(id=clip_id))
                c = item.clip
                clip.add(drawing.rect((_num(c.x), _num(c.y)), (_num(c.w), _num(c.h)),
                                      rx=_num(c.radius) if c.radius else None))
                inner = SvgGroup(clip_path=f"url(#{clip_id})")
                group.add(inner)
                target = inner
            for child in item.children:
                target.add(_element(defs, child))
            return group
        case Rect():
            extra = {"rx": _num(item.radius), "ry": _num(item.radius)} if item.radius else {}
            return drawing.rect((_num(item.x), _num(item.y)), (_num(item.w), _num(item.h)),
                                **extra, **_style_attrs(item.style, defs, item))
        case Ellipse():
            return drawing.ellipse((_num(item.cx), _num(item.cy)), (_num(item.rx), _num(item.ry)),
                                   **_style_attrs(item.style, defs, item))
        case Line():
            return drawing.line((_num(item.x1), _num(item.y1)), (_num(item.x2), _num(item.y2)),
                                **_style_attrs(item.style))
        case Polygon():
            points = [(_num(x), _num(y)) for x, y in item.points]
            if item.closed:
                return drawing.polygon(points, **_style_attrs(item.style, defs, item))
            return drawing.polyline(points, **_style_attrs(item.style))
        case Text():
            return _text(defs, item)
        case Image():
            use = drawing.use(f"#{_image_symbol(drawing, item, defs.images)}", insert=(_num(item.x), _num(item.y)),
                              size=(_num(item.w), _num(item.h)))
            if item.opacity < 1:
                use["opacity"] = _num(item.opacity)
            return use
        case _:
            assert_never(item)  # a new kind of scene item is a type error here


def _text(defs: _PageDefs, item: Text) -> object:
    """A text as glyph outlines or `<text>`; its outline (a copy stroked twice as wide, unfilled) under it, as
    the PDF draws it."""
    def one(text: Text, embolden: bool = True, stroke_width: float = 0.0) -> object:
        if defs.text == "outline":
            return outlined_text(defs.drawing, text, defs.glyphs, _clean(text.text), embolden, stroke_width)
        element: Any = _text_element(defs, text)
        if stroke_width:
            element["stroke-width"] = _num(stroke_width)
        return element

    element: Any = one(item)
    if item.opacity < 1:
        element["fill-opacity"] = _num(item.opacity)
    if not item.outline or item.outline_width <= 0:
        return element
    under: Any = one(item, embolden=False, stroke_width=2 * item.outline_width)  # faux bold's stroke would override it
    for name, value in {"fill": "none", "stroke": rgb_hex(item.outline),
                        "stroke-linejoin": "round", "stroke-linecap": "round"}.items():
        under[name] = value
    if item.opacity < 1:
        under["stroke-opacity"] = _num(item.opacity)
    pair = SvgGroup()
    pair.add(under)
    pair.add(element)
    return pair


def _text_element(defs: _PageDefs, item: Text) -> object:
    """`item` as an editable `<text>`: our fonts by family name, a kit's own as an embedded `@font-face`."""
    family, weight, style = svg_family(item.font)
    if is_own(item.font):
        defs.fonts.setdefault(item.font, set()).update(item.text)
    attrs = {
        "insert": (_num(item.x), _num(item.y)),
        "font_family": family,
        "font_size": _num(item.size),
        "fill": rgb_hex(item.color),
        "text_anchor": item.anchor,
    }
    if weight != "normal":
        attrs["font_weight"] = weight
    if style != "normal":
        attrs["font_style"] = style
    text = defs.drawing.text(_clean(item.text), **attrs)
    if item.rotate:
        text["transform"] = f"rotate({_num(item.rotate)},{_num(item.x)},{_num(item.y)})"
    text["xml:space"] = "preserve"
    return text


CUT_LAYERS = (("cut", "#ff0000"), ("fold", "#0000ff"))
"""The layers of a cutter SVG and their stroke colours: cut red, fold blue, as cutting machines' software reads
them."""
CUT_STROKE_MM = 0.1


def _mm(value: float) -> str:
    """A cutter file's coordinate: to a hundredth of a millimetre."""
    return _num(value, 2)


def render_cut_svg(width: float, height: float, layers: tuple[tuple[Stroke, ...], tuple[Stroke, ...]],
                   title: str = "", marks: tuple[Rect, ...] = ()) -> str:
    """A cutter SVG of a `width` x `height` mm sheet (1 user unit = 1 mm, origin top-left): a `<g id="cut">` and
    a `<g id="fold">` (Inkscape layers) holding `layers`' cut and fold paths, thin strokes without fill, and with
    `marks` a `<g id="registration">` of the registration marks' filled rectangles."""
    drawing = svgwrite.Drawing(size=(f"{_mm(width)}mm", f"{_mm(height)}mm"), profile="full", debug=False)
    drawing.viewbox(0, 0, _mm(width), _mm(height))
    drawing["xmlns:inkscape"] = "http://www.inkscape.org/namespaces/inkscape"
    if title:
        drawing.set_desc(title=_clean(title))
    for (name, colour), shapes in zip(CUT_LAYERS, layers, strict=True):
        group = drawing.g(id=name, fill="none", stroke=colour, stroke_width=_mm(CUT_STROKE_MM))
        group["inkscape:groupmode"] = "layer"
        group["inkscape:label"] = name
        for shape in shapes:
            group.add(_cut_element(drawing, shape))
        drawing.add(group)
    if marks:
        group = drawing.g(id="registration", fill="#000000", stroke="none")
        group["inkscape:groupmode"] = "layer"
        group["inkscape:label"] = "registration"
        for mark in marks:
            group.add(_cut_element(drawing, mark))
        drawing.add(group)
    return drawing.tostring()


def _cut_element(drawing: svgwrite.Drawing, shape: Stroke) -> object:
    """The SVG element of one cut or fold path, in mm to 0.01 (a circle when the ellipse is one)."""
    match shape:
        case Rect():
            extra = {"rx": _mm(shape.radius), "ry": _mm(shape.radius)} if shape.radius else {}
            return drawing.rect((_mm(shape.x), _mm(shape.y)), (_mm(shape.w), _mm(shape.h)), **extra)
        case Ellipse() if shape.rx == shape.ry:
            return drawing.circle((_mm(shape.cx), _mm(shape.cy)), _mm(shape.rx))
        case Ellipse():
            return drawing.ellipse((_mm(shape.cx), _mm(shape.cy)), (_mm(shape.rx), _mm(shape.ry)))
        case Line():
            return drawing.line((_mm(shape.x1), _mm(shape.y1)), (_mm(shape.x2), _mm(shape.y2)))
        case Polygon():
            points = [(_mm(x), _mm(y)) for x, y in shape.points]
            return drawing.polygon(points) if shape.closed else drawing.polyline(points)
        case _:
            assert_never(shape)
