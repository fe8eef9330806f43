"""SVG art named by specs, checked as untrusted input before svglib reads it (it is then drawn as vectors).

Refused, each with one located error: a document type or entities (no expansion: defusedxml parses it), more
elements than MAX_SVG_ELEMENTS or nesting deeper than MAX_SVG_DEPTH, `<use>` copies past MAX_SVG_DRAWN (or in a
loop), scripts and event handlers, and every
reference outside the file (an `href` that is not `#id`, a CSS `url()` that is not `#id`, `@import`, a style
sheet instruction) — so drawing it reads nothing but the file. The file's byte cap is the image cap
(`--max-image-bytes`), checked by the caller.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.source.image_info import ImageInfo, content_key

MAX_SVG_ELEMENTS = 20_000
"""Cap on the elements of one SVG file (a detailed icon has a few hundred; a traced photo tens of thousands)."""
MAX_SVG_DEPTH = 64
"""Cap on how deep its elements nest (each level is a saved graphics state in the PDF; viewers allow few)."""
MAX_SVG_DRAWN = 20_000
"""Cap on the elements drawn once every `<use>` is expanded (each draws its target again), as many as the file
may hold: svglib converts a shape in about 0.15 ms, so 20,000 drawn take 4 s to render; 98,000 rects drawn by 99
uses of one group of 990 (130 KB) took 79 s and 440 MB on a loaded machine."""
MAX_SVG_USE_CHAIN = 8
"""Cap on `<use>` of an element that itself holds a `<use>`, and so on."""
MAX_SVG_SELECTORS = 2_000
"""Cap on the selectors of its `<style>` sheets (each is tried on every element; exported art has a few dozen)."""
MAX_SVG_TRANSFORMS = 32
"""Cap on the steps of one `transform` list (exported art has one to three; svglib's parser slows with the
square of their number: 300,000 ran for minutes)."""
MAX_SVG_STOPS = 256
"""Cap on the stops of one gradient (each fill that uses it writes all of them into the PDF)."""
MAX_SVG_NUMBERS = 500_000
"""Cap on the numbers of its paths and polygons (`d`, `points`) drawn once every `<use>` is expanded, and of the
gradient stops its fills paint with (4 each, in every fill) and of its texts' character positions (16 each),
and on the work of its `<style>` rules (each rule tried on an element counts its selector's parts and its
declarations): svglib converts some 60,000 a second, a `<use>` of a long path draws all of it again, each fill
writes its gradient's stops, a placed character is drawn on its own, and svglib tries every rule that could
match on every element (2,000 rules over 19,000 rects: 38 million tries, half a minute)."""
SVG_SIZE_RANGE = (0.01, 1e9)
"""The width and height an SVG file may give itself (user units): the art is scaled from it to its box, so a
size of 1e-300 or 1e300 would scale it past what a PDF can write."""
FORBIDDEN = frozenset({"script", "foreignObject", "iframe", "embed", "object", "audio", "video", "handler",
                       "listener", "animate", "set", "animateMotion", "animateTransform"})
"""Elements that run code, pull in other content or move: nothing of them prints."""
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TEXT_PLACES = ("x", "y", "dx", "dy", "rotate")
_URL = re.compile(r"url\(\s*['\"]?([^)'\"]*)", re.IGNORECASE)
_CHECKED: dict[str, ImageInfo] = {}
"""SVG files checked without error in this process, by content key."""
_HINT = "keep only shapes, paths, text and gradients defined in the file itself (re-export it as plain SVG)"


def check_svg(path: Path, src: str, mark: Mark) -> ImageInfo:
    """Check SVG art and read its size; SpecError at `mark` for anything unsafe or unreadable."""
    data = path.read_bytes()
    key = content_key(data)
    if key in _CHECKED:
        return ImageInfo(path, key, "SVG", _CHECKED[key].width_px, _CHECKED[key].height_px)
    problem = _unsafe(data)
    if problem:
        raise SpecError(Diagnostic.at(mark, "spec.svg", f"{src!r} is refused: {problem}", _HINT))
    drawing = _drawing(path, key, data, src, mark)
    info = _CHECKED[key] = ImageInfo(path, key, "SVG", max(1, round(drawing.width)), max(1, round(drawing.height)))
    return info


def _unsafe(data: bytes) -> str:
    """What makes an SVG file unsafe to draw, or ''."""
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    if b"<?xml-stylesheet" in data:
        return "it links a style sheet (<?xml-stylesheet?>)"
    try:
        root = fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        return "it has a document type or entities (<!DOCTYPE>, <!ENTITY>), which are never expanded"
    except (ParseError, ValueError, LookupError) as exc:  # LookupError: an unknown encoding
        return f"it is not well-formed XML ({exc})"
    if _local(root.tag) != "svg":
        return f"its root element is <{_local(root.tag)}>, not <svg>"
    count, stack = 0, [(root, 1)]
    while stack:
        element, depth = stack.pop()
        count += 1
        if count > MAX_SVG_ELEMENTS:
            return f"it has more than {MAX_SVG_ELEMENTS:,} elements (the cap)"
        if depth > MAX_SVG_DEPTH:
            return f"its elements nest more than {MAX_SVG_DEPTH} deep (the cap)"
        problem = _element_problem(element)
        if problem:
            return problem
        stack.extend((child, depth + 1) for child in element)
    return _repeats_problem(root)


class _TooMany(Exception):
    """An SVG's `<use>` elements repeat it past the caps (or in a loop)."""


def _repeats_problem(root: Any) -> str:
    """What is wrong with what the file draws once each `<use>` draws its target again, or '': a chain of them
    can multiply a small file into billions of shapes (as entities do text), or loop forever, and one long path
    used many times is as slow to convert as all its copies."""
    ids = {element.get("id"): element for element in root.iter() if element.get("id")}
    drawn: dict[int, tuple[int, int]] = {}
    busy: set[int] = set()
    sheets = "".join(e.text or "" for e in root.iter() if _local(e.tag) == "style")
    every = _stops_named(sheets, ids)  # a style sheet's gradient may fill any element
    styles = _StyleWork(sheets)

    def count(element: Any, chain: int) -> tuple[int, int]:
        key = id(element)
        if key in drawn:
            return drawn[key]
        if key in busy:
            raise _TooMany("its <use> elements refer to themselves in a loop")
        busy.add(key)
        total, numbers = 1, sum(len(_NUMBER.findall(element.get(name) or "")) for name in ("d", "points"))
        if _local(element.tag) in ("text", "tspan"):  # each position places one character: 16 times the work
            numbers += 16 * sum(len(_NUMBER.findall(element.get(name) or "")) for name in _TEXT_PLACES)
        painted = " ".join(element.get(name) or "" for name in ("fill", "stroke", "style"))
        numbers += 4 * (every + _stops_named(painted, ids))  # a stop's offset and colour, in each fill using it
        numbers += styles.cost(element)
        for child in element:
            more = count(child, chain)
            total, numbers = total + more[0], numbers + more[1]
        if _local(element.tag) == "use":
            href = next((v for k, v in element.attrib.items() if _local(k) == "href"), "")
            target = ids.get(href.strip()[1:])
            if target is not None:
                if chain >= MAX_SVG_USE_CHAIN:
                    raise _TooMany(f"its <use> elements chain more than {MAX_SVG_USE_CHAIN} deep")
                more = count(target, chain + 1)
                total, numbers = total + more[0], numbers + more[1]
        busy.discard(key)
        if total > MAX_SVG_DRAWN:
            raise _TooMany(f"its <use> elements repeat it to more than {MAX_SVG_DRAWN:,} elements drawn (the cap)")
        if numbers > MAX_SVG_NUMBERS and 2 * styles.counted > numbers:
            raise _TooMany(f"its <style> rules are tried on its elements at a cost past the cap of "
                           f"{MAX_SVG_NUMBERS:,} numbers drawn (each rule that could match an element counts its "
                           "selector's parts and its declarations there: use fewer rules, or give them classes)")
        if numbers > MAX_SVG_NUMBERS:
            raise _TooMany(f"its paths, polygons, gradient stops and placed characters draw more than "
                           f"{MAX_SVG_NUMBERS:,} numbers (the cap; each <use> draws its target's again, each fill "
                           "its gradient's stops)")
        drawn[key] = total, numbers
        return total, numbers

    try:
        count(root, 0)
    except _TooMany as exc:
        return str(exc)
    return ""


class _StyleWork:
    """What svglib's matching of `<style>` rules costs on an element. Its matcher (cssselect2) files each
    selector under its id, else its class, else its element name (or namespace), else with those tried on
    every element, and on each element tries the selectors filed under the element's id, classes and name and
    those of every element; a try costs the selector's parts, a match the rule's declarations set."""

    def __init__(self, css: str) -> None:
        import tinycss2
        from cssselect2 import SelectorError, compile_selector_list

        self.by_id: dict[str, int] = {}
        self.by_class: dict[str, int] = {}
        self.by_name: dict[str, int] = {}
        self.by_namespace: dict[str, int] = {}
        self.lang = self.every = self.counted = 0
        for rule in tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True):
            if rule.type != "qualified-rule" or not rule.prelude:
                continue
            declarations = sum(":" in part for part in tinycss2.serialize(rule.content).split(";"))
            for part in _selector_parts(rule.prelude):
                try:
                    [selector] = compile_selector_list(part)
                except (SelectorError, ValueError):  # svglib fails on it too: the file is refused when drawn
                    continue
                if selector.never_matches:
                    continue
                weight = sum(t.type != "whitespace" for t in part) + declarations
                if selector.id is not None:
                    self.by_id[selector.id] = self.by_id.get(selector.id, 0) + weight
                elif selector.class_name is not None:
                    self.by_class[selector.class_name] = self.by_class.get(selector.class_name, 0) + weight
                elif selector.local_name is not None:
                    name = selector.lower_local_name
                    self.by_name[name] = self.by_name.get(name, 0) + weight
                elif selector.namespace is not None:
                    self.by_namespace[selector.namespace] = self.by_namespace.get(selector.namespace, 0) + weight
                elif selector.requires_lang_attr:
                    self.lang += weight
                else:
                    self.every += weight

    def cost(self, element: Any) -> int:
        """The work of matching the rules on `element` (also added to `counted`)."""
        namespace, _, name = str(element.tag).rpartition("}")
        work = self.every + self.by_name.get(name.lower(), 0) + self.by_namespace.get(namespace[1:], 0)
        work += self.by_id.get(element.get("id"), 0) if element.get("id") is not None else 0
        work += sum(self.by_class.get(c, 0) for c in set((element.get("class") or "").split()))
        work += self.lang if "lang" in element.attrib else 0
        self.counted += work
        return work


def _selector_parts(prelude: list[Any]) -> list[list[Any]]:
    """The selectors of a rule's prelude (split at its commas), without the whitespace around them."""
    parts: list[list[Any]] = [[]]
    for token in prelude:
        if token.type == "literal" and token.value == ",":
            parts.append([])
        else:
            parts[-1].append(token)
    for part in parts:
        while part and part[0].type == "whitespace":
            part.pop(0)
        while part and part[-1].type == "whitespace":
            part.pop()
    return parts


def _stops_named(css: str, ids: dict[str, Any]) -> int:
    """The gradient stops the `url(#id)` references in `css` paint with (a gradient without stops of its own
    takes those of the one its href names)."""
    total = 0
    for target in _URL.findall(css):
        gradient, hops = ids.get(target.strip()[1:]), 0
        while gradient is not None and hops < MAX_SVG_USE_CHAIN:
            stops = sum(_local(child.tag) == "stop" for child in gradient)
            if stops:
                total += stops
                break
            href = next((v for k, v in gradient.attrib.items() if _local(k) == "href"), "")
            gradient, hops = ids.get(href[1:]), hops + 1
    return total


def _local(tag: Any) -> str:
    return str(tag).rsplit("}", 1)[-1]


def _element_problem(element: Any) -> str:
    name = _local(element.tag)
    if name in FORBIDDEN:
        return f"it has a <{name}> element (scripts, embedded documents and animation are not drawn)"
    for attribute, value in element.attrib.items():
        attr = _local(attribute)
        if attr.lower().startswith("on"):
            return f"<{name}> has an event handler ({attr}=)"
        if attr == "href" and not value.startswith("#"):  # as written: svglib opens " #x" as the file " "
            shown = value if len(value) <= 40 else value[:37] + "..."
            return f"<{name}> refers to something outside the file (href={shown!r})"
        if "url(" in value.lower() and _outside(value):
            return f"<{name}> refers to something outside the file ({attr}: {_outside(value)!r})"
    for attr in ("transform", "gradientTransform", "patternTransform"):
        if (element.get(attr) or "").count("(") > MAX_SVG_TRANSFORMS:
            return f"<{name}> has a {attr} of more than {MAX_SVG_TRANSFORMS} steps (the cap)"
    if name in ("linearGradient", "radialGradient") and sum(_local(c.tag) == "stop" for c in element) > MAX_SVG_STOPS:
        return f"a <{name}> has more than {MAX_SVG_STOPS} stops (the cap)"
    text = element.text or ""
    if name == "text":
        unshown = sorted({c for c in "".join(element.itertext()) if not c.isspace() and not _standard(c)})
        if unshown:
            shown = " ".join(f"{c} (U+{ord(c):04X})" for c in unshown[:5]) + (" ..." if len(unshown) > 5 else "")
            return (f"its <text> has characters the PDF's standard fonts (its text is set in them) cannot show, "
                    f"which print as boxes: {shown}; convert that text to paths, or write it as a card text")
    if name == "style" and ("@import" in text or _outside(text)):
        return "its <style> imports or refers to something outside the file"
    return _selectors_problem(text) if name == "style" else ""


def _selectors_problem(css: str) -> str:
    """What is wrong with the selectors of a `<style>` sheet, or '': only simple ones (`rect`, `.name`, `#id`,
    `[attr]`, joined by commas) are allowed, as a selector of many parts (`* * * rect`, `g > g`, `:not(...)`)
    makes svglib's matching try every combination of an element's ancestors (minutes for 30 bytes)."""
    import tinycss2

    count = 0
    for rule in tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True):
        if rule.type != "qualified-rule":
            continue
        for part in _selector_parts(rule.prelude):
            count += 1
            if any(t.type == "whitespace" or (t.type == "literal" and t.value in ">+~:") for t in part):
                shown = tinycss2.serialize(part)
                shown = shown if len(shown) <= 40 else shown[:37] + "..."
                return (f"its <style> has the selector {shown!r}: only simple selectors are drawn (an element name, "
                        ".class, #id or [attribute], without combinators or pseudo-classes)")
    if count > MAX_SVG_SELECTORS:
        return f"its <style> sheets have more than {MAX_SVG_SELECTORS:,} selectors (the cap)"
    return ""


def _standard(char: str) -> bool:
    """Whether the PDF's standard fonts (WinAnsi encoding) have `char`."""
    try:
        char.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return char.isprintable()


def _outside(css: str) -> str:
    """The first CSS `url()` of `css` that is not a `#id` of the file, or ''."""
    return next((target for target in _URL.findall(css) if not target.strip().startswith("#")), "")


def _drawing(path: Path, key: str, data: bytes, src: str, mark: Mark) -> Any:
    """svglib's drawing of a checked file; SpecError when it cannot make one, or one of no size."""
    from pnp.source.svglib_internals import vector_drawing

    try:
        drawing = vector_drawing(path, key, lambda _path, _key: data)  # the bytes checked, not the file again
    except Exception as exc:  # svglib raises whatever its parsers meet in a malformed file
        raise SpecError(Diagnostic.at(mark, "spec.svg", f"{src!r} cannot be read as SVG art: {exc}", _HINT)) from None
    if drawing is None or not drawing.width or not drawing.height or drawing.width < 0 or drawing.height < 0:
        raise SpecError(Diagnostic.at(mark, "spec.svg", f"{src!r} has no size",
                                      "give its <svg> a width and a height, or a viewBox"))
    low, high = SVG_SIZE_RANGE
    if not (low <= drawing.width <= high and low <= drawing.height <= high):
        raise SpecError(Diagnostic.at(
            mark, "spec.svg", f"{src!r} gives itself a size of {drawing.width:g} x {drawing.height:g}, outside "
            f"{low:g} to {high:g}", "give its <svg> a width and a height (or a viewBox) of ordinary numbers"))
    problem = _unprintable(drawing)
    if problem:
        raise SpecError(Diagnostic.at(mark, "spec.svg", f"{src!r} cannot be drawn: {problem}",
                                      "re-export it as plain SVG (coordinates, sizes and dashes of ordinary "
                                      "numbers)"))
    return drawing


_NON_FINITE = re.compile(r"(?<![\w.])[-+]?(?:nan|inf)(?![\w.])", re.IGNORECASE)
_PDF_DASH = re.compile(r"\[([-\d.\s]+)\]\s*[-\d.]+\s+d\b")
_PDF_STRING = re.compile(r"\((?:\\.|[^\\)])*\)")


def _unprintable(drawing: Any) -> str:
    """Why svglib's drawing cannot be written into a PDF, or '': drawn once onto a scratch page, as the render
    will (a coordinate past 1e20, a zero dash cycle and the like fail there), and no NaN or infinity written."""
    from io import BytesIO

    from reportlab.graphics import renderPDF
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(BytesIO(), pageCompression=0, invariant=1)
    try:
        renderPDF.draw(drawing, canvas, 0, 0, showBoundary=False)
        canvas.showPage()
        page = canvas.getpdfdata().decode("latin-1")
    except Exception as exc:  # reportlab raises ValueError and others for numbers it cannot write
        said = " ".join(str(exc).split())
        large = re.search(r"number too large (\S+)", said)
        return f"a number in it is too large to print ({large.group(1)})" if large else said[:200]
    code = _PDF_STRING.sub("", page[page.find("stream"):])
    if _NON_FINITE.search(code):
        return "a number in it is not finite (NaN or infinity)"
    if any(not any(float(n) for n in dash.split()) for dash in _PDF_DASH.findall(code)):
        return "a stroke-dasharray too fine to print (its dashes round to 0, a dash pattern PDF does not allow)"
    return ""
