"""SVG art as an image's `src`: drawn as vectors in the PDF (paths, no embedded picture) and embedded as SVG in
SVG pages; refused, with one located error each, when it could read anything outside its file, run code,
expand entities or hold more elements than the cap."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.source.svg_art import (
    MAX_SVG_DEPTH,
    MAX_SVG_DRAWN,
    MAX_SVG_ELEMENTS,
    MAX_SVG_NUMBERS,
    MAX_SVG_SELECTORS,
    MAX_SVG_STOPS,
    MAX_SVG_TRANSFORMS,
)
from tests.conftest import KitFactory, PnpRunner

KIT = """\
kit: Art test
sheets: {paper: a4, crop_marks: false}
components:
  - type: deck
    name: D
    size: poker
    cards:
      - name: One
        elements:
          - {type: image, src: art.svg, x: 10mm, y: 10mm, width: 30mm, height: 30mm}
"""
ART = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">'
       '<defs><linearGradient id="g"><stop offset="0" stop-color="#ffcc00"/><stop offset="1" stop-color="#cc3300"/>'
       '</linearGradient></defs>{body}</svg>')
SAFE = '<circle cx="50" cy="50" r="45" fill="url(#g)"/><path d="M30 55 L45 70 L72 35" stroke="#000" fill="none"/>'


def _kit(tmp_kit: KitFactory, svg: str) -> Path:
    return tmp_kit(KIT, {"art.svg": svg})


def test_svg_art_prints_as_vectors_in_pdf_and_svg(tmp_kit: KitFactory, run_pnp: PnpRunner):
    spec = _kit(tmp_kit, ART.format(body=SAFE))
    out = spec.parent / "out"
    assert run_pnp("render", spec, "-o", out, "--format", "pdf,svg").exit_code == 0
    page = PdfReader(next(out.glob("*.pdf"))).pages[0]
    [form] = [x.get_object() for x in page["/Resources"]["/XObject"].values()]
    assert form["/Subtype"] == "/Form"  # drawn as vectors, no picture embedded
    resources = form["/Resources"]
    assert "/XObject" not in resources
    assert any(s.get_object()["/ShadingType"] == 2 for s in resources["/Shading"].values())  # its gradient
    content = form.get_data().decode("latin-1")
    assert re.search(r"30 55 m 45 70 l 72 35 l", content)  # its path, in the art's own units
    svg = next(out.glob("*.svg")).read_text(encoding="utf-8")
    assert "data:image/svg+xml;base64," in svg


def test_svg_art_prints_sharp_so_no_resolution_warning(tmp_kit: KitFactory, run_pnp: PnpRunner):
    result = run_pnp("validate", _kit(tmp_kit, ART.format(body=SAFE)), "--format", "json")
    assert result.exit_code == 0 and json.loads(result.stdout) == []


UNSAFE = {
    "entities": ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]>' + ART.format(body="<text>&a;</text>"),
                 "document type or entities"),
    "external file": (ART.format(body='<image href="file:///etc/passwd" width="10" height="10"/>'), "outside the file"),
    "space before #": (ART.format(body='<image href=" #x" width="10" height="10"/>'), "outside the file"),
    "xlink url": (ART.replace("<svg ", '<svg xmlns:xlink="http://www.w3.org/1999/xlink" ').format(
        body='<use xlink:href="http://example.com/a.svg#x"/>'), "outside the file"),
    "script": (ART.format(body="<script>alert(1)</script>"), "<script>"),
    "handler": (ART.format(body='<rect width="5" height="5" onclick="alert(1)"/>'), "event handler"),
    "css url": (ART.format(body='<rect width="5" height="5" style="fill: url(http://example.com/x)"/>'),
                "outside the file"),
    "css import": (ART.format(body='<style>@import url(x.css);</style>'), "imports"),
    "too many elements": (ART.format(body="<g/>" * MAX_SVG_ELEMENTS), f"more than {MAX_SVG_ELEMENTS:,} elements"),
    "nested too deep": (ART.format(body="<g>" * MAX_SVG_DEPTH + "</g>" * MAX_SVG_DEPTH),
                        f"more than {MAX_SVG_DEPTH} deep"),
    "use bomb": (ART.format(body='<g id="l0"><rect width="1" height="1"/></g>' + "".join(
        f'<g id="l{i}">' + f'<use href="#l{i - 1}"/>' * 10 + "</g>" for i in range(1, 8))),
        f"more than {MAX_SVG_DRAWN:,} elements drawn"),
    "one group used often": (ART.format(body='<defs><g id="g">' + '<rect width="1" height="1"/>' * 990 + '</g></defs>'
                                        + '<use href="#g"/>' * 99), f"more than {MAX_SVG_DRAWN:,} elements drawn"),
    "long path used often": (ART.format(body='<defs><path id="p" d="M0 0' + " L1 1" * 10_000 + '"/></defs>'
                                     + '<use href="#p"/>' * (MAX_SVG_NUMBERS // 20_000)),
                             f"more than {MAX_SVG_NUMBERS:,} numbers"),
    "too many path numbers": (ART.format(body='<path d="M0 0' + " 1 1" * (MAX_SVG_NUMBERS // 2) + '"/>'),
                              f"more than {MAX_SVG_NUMBERS:,} numbers"),
    "descendant selectors": (ART.format(body="<style>" + "* " * 20 + "{ fill: red }</style>" + "<g>" * 40
                                     + "</g>" * 40), "the selector '* * *"),  # ran for minutes in svglib
    "child selector": (ART.format(body="<style>g > rect { fill: red }</style>"), "the selector 'g > rect'"),
    "pseudo-class": (ART.format(body="<style>rect:nth-child(2n) { fill: red }</style>"), "rect:nth-child"),
    "too many selectors": (ART.format(body="<style>" + ".a," * MAX_SVG_SELECTORS + ".b { fill: red }</style>"),
                           f"more than {MAX_SVG_SELECTORS:,} selectors"),
    "long transform": (ART.format(body='<rect width="5" height="5" transform="' + "translate(1 0) " * (
        MAX_SVG_TRANSFORMS + 1) + '"/>'), f"more than {MAX_SVG_TRANSFORMS} steps"),  # 300,000: minutes in svglib
    "many gradient stops": (ART.format(body='<defs><radialGradient id="r">' + '<stop offset="1"/>' * (
        MAX_SVG_STOPS + 1) + '</radialGradient></defs>'), f"more than {MAX_SVG_STOPS} stops"),
    "gradient on many shapes": (ART.format(body='<defs><linearGradient id="s">' + '<stop offset="1"/>' * 200
                                        + '</linearGradient><linearGradient id="h" href="#s"/></defs>'
                                        + '<rect width="5" height="5" fill="url(#h)"/>' * 700), "numbers"),
    "style sheet gradient": (ART.format(body='<defs><linearGradient id="s">' + '<stop offset="1"/>' * 200
                                     + '</linearGradient></defs><style>rect { fill: url(#s) }</style>'
                                     + '<rect width="5" height="5"/>' * 700), "numbers"),  # 4.8 M stops: minutes
    "placed characters": (ART.format(body='<text x="' + "1 " * (MAX_SVG_NUMBERS // 16 + 1) + '">'
                                  + "x" * (MAX_SVG_NUMBERS // 16 + 1) + "</text>"), "numbers"),  # 200,000: 30 s
    "use loop": (ART.format(body='<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'), "loop"),
    "text the standard fonts lack": (ART.format(body='<text x="5" y="50">Ω <tspan>漢</tspan> é</text>'),
                                     "cannot show, which print as boxes: Ω (U+03A9) 漢 (U+6F22)"),  # printed ■■
    "not svg": ("<html/>", "not <svg>"),
    "broken": ("<svg", "not well-formed"),
    "unknown encoding": ('<?xml version="1.0" encoding="x-nope"?>' + ART.format(body=SAFE), "unknown encoding"),
}


@pytest.mark.parametrize("case", UNSAFE, ids=list(UNSAFE))
def test_unsafe_svg_art_is_one_located_error(tmp_kit: KitFactory, run_pnp: PnpRunner, case: str):
    svg, said = UNSAFE[case]
    result = run_pnp("validate", _kit(tmp_kit, svg), "--format", "json")
    assert result.exit_code == 1
    [found] = json.loads(result.stdout)
    assert found["rule"] == "spec.svg" and said in found["message"], found
    assert (found["line"], found["severity"]) == (10, "error") and found["hint"]  # at the image's src


def test_svg_art_at_the_element_and_depth_caps_passes(tmp_kit: KitFactory, run_pnp: PnpRunner):
    # the root, <defs>, the gradient and its two stops are 5 elements
    svg = ART.format(body="<g/>" * (MAX_SVG_ELEMENTS - 5))
    assert run_pnp("validate", _kit(tmp_kit, svg)).exit_code == 0
    copies = '<g id="l0"><rect width="1" height="1"/></g><g id="l1">' + '<use href="#l0"/>' * 1000 + "</g>"
    assert run_pnp("validate", _kit(tmp_kit, ART.format(body=copies))).exit_code == 0  # 3,000 drawn
    numbers = '<path id="p" d="M0 0' + " 1 1" * (MAX_SVG_NUMBERS // 4 - 1) + '"/><use href="#p"/>'  # twice
    assert run_pnp("validate", _kit(tmp_kit, ART.format(body=numbers))).exit_code == 0
    simple = "<style>" + ".a," * (MAX_SVG_SELECTORS - 3) + "rect, #x, [fill] { stroke: red }</style>"
    assert run_pnp("validate", _kit(tmp_kit, ART.format(body=simple + SAFE))).exit_code == 0
    steps = '<rect width="5" height="5" transform="' + "translate(1 0) " * MAX_SVG_TRANSFORMS + '"/>'
    stops = '<defs><radialGradient id="r">' + '<stop offset="1"/>' * MAX_SVG_STOPS + '</radialGradient></defs>'
    assert run_pnp("validate", _kit(tmp_kit, ART.format(body=steps + stops))).exit_code == 0
    deepest = MAX_SVG_DEPTH - 1  # under the root
    assert run_pnp("validate", _kit(tmp_kit, ART.format(body="<g>" * deepest + "</g>" * deepest))).exit_code == 0


def _rules_over_rects(rules: int, rects: int, selector: str = "rect", rect: str = "<rect width='1' height='1'/>"
                      ) -> str:
    """SVG art of `rules` one-declaration `<style>` rules, each with `selector` ({i}: its number), over `rects`
    copies of `rect` ({i}: its number)."""
    sheet = "".join(selector.format(i=i) + f"{{fill:#{i:06x}}}" for i in range(rules))
    shapes = "".join(rect.format(i=i) for i in range(rects))
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><style>{sheet}</style>{shapes}</svg>'


@pytest.mark.parametrize("selector, rects, rect", [
    ("rect", 3_000, "<rect width='1' height='1'/>"),  # 130 KB: 5.7 s, drawn, before the work was counted
    ("rect", 19_000, "<rect width='1' height='1'/>"),  # 570 KB: 26-34 s, drawn
    ("[width]", 3_000, "<rect width='1' height='1'/>"),  # tried on every element
    ("*", 3_000, "<rect width='1' height='1'/>"),
    (".c", 3_000, "<rect class='c' width='1' height='1'/>"),  # 2,000 rules of one class, on every rect
])
def test_style_rules_tried_on_many_elements_are_refused_at_the_image(tmp_kit: KitFactory, run_pnp: PnpRunner,
                                                                      selector: str, rects: int, rect: str):
    result = run_pnp("validate", _kit(tmp_kit, _rules_over_rects(2_000, rects, selector, rect)), "--format", "json")
    assert result.exit_code == 1
    [found] = json.loads(result.stdout)
    assert found["rule"] == "spec.svg" and (found["line"], found["column"]) == (10, 32), found
    assert "<style> rules" in found["message"] and f"{MAX_SVG_NUMBERS:,}" in found["message"]


def test_style_rules_count_where_they_are_tried(tmp_kit: KitFactory, run_pnp: PnpRunner):
    """A rule naming an element costs its name and its declaration (2) on each element of that name: 250 rules
    over 1,000 rects are 500,000, the cap, and one rect more is over it; rules filed under a class are tried
    only on the elements of that class, so 2,000 of them over 2,000 rects of their own classes are cheap."""
    at_cap = _rules_over_rects(250, MAX_SVG_NUMBERS // 500)
    assert run_pnp("validate", _kit(tmp_kit, at_cap)).exit_code == 0
    over = _rules_over_rects(250, MAX_SVG_NUMBERS // 500 + 1)
    result = run_pnp("validate", _kit(tmp_kit, over), "--format", "json")
    assert result.exit_code == 1 and "<style> rules" in json.loads(result.stdout)[0]["message"]
    own = _rules_over_rects(2_000, 2_000, ".c{i}", "<rect class='c{i}' width='1' height='1'/>")
    spec = _kit(tmp_kit, own)
    assert run_pnp("render", spec, "-o", spec.parent / "out", "--format", "svg").exit_code == 0


def test_svg_art_over_the_image_byte_cap_is_refused_before_it_is_parsed(tmp_kit: KitFactory, run_pnp: PnpRunner):
    svg = ART.format(body=SAFE)
    spec = _kit(tmp_kit, svg)
    size = len(svg.encode("utf-8"))
    assert run_pnp("validate", spec, "--max-image-bytes", size).exit_code == 0
    result = run_pnp("validate", spec, "--max-image-bytes", size - 1, "--format", "json")
    assert result.exit_code == 1
    [found] = json.loads(result.stdout)
    assert found["rule"] == "spec.image" and f"{size - 1:,} bytes" in found["message"] and found["line"] == 10


UNPRINTABLE = {
    "size NaN": ('<svg xmlns="http://www.w3.org/2000/svg" width="NaN" height="NaN"><rect width="5" height="5"/></svg>',
                 "size of nan x nan"),
    "size infinite": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 inf 100"><rect width="5" '
                      'height="5"/></svg>', "size of inf"),
    "size 1e-300": ('<svg xmlns="http://www.w3.org/2000/svg" width="1e-300" height="1e-300"><rect width="5" '
                    'height="5"/></svg>', "outside 0.01 to 1e+09"),
    "coordinate 1e300": (ART.format(body='<path d="M 0 0 L 1e300 1e300 Z" stroke="black"/>'), "too large to print"),
    "font size 1e300": (ART.format(body='<text font-size="1e300">hi</text>'), "too large to print"),
    "scale overflows": (ART.format(body='<rect width="9" height="9" transform="scale(1e308) scale(1e308)"/>'),
                        "too large to print (inf)"),
    "scale NaN": (ART.format(body='<rect width="9" height="9" transform="scale(NaN)"/>'), "not finite"),
    "dashes too fine": (ART.format(body='<rect width="9" height="9" stroke="black" stroke-dasharray="1e-9 1e-9"/>'),
                        "too fine to print"),  # was written as the dash pattern [0 0], which PDF does not allow
    "zero dash cycle": (ART.format(body='<rect width="9" height="9" stroke="black" stroke-dasharray="0 0"/>'),
                        "dash cycle"),
}


@pytest.mark.parametrize("case", UNPRINTABLE, ids=list(UNPRINTABLE))
def test_svg_art_with_numbers_a_pdf_cannot_hold_is_one_located_error(tmp_kit: KitFactory, run_pnp: PnpRunner,
                                                                      case: str):
    svg, said = UNPRINTABLE[case]
    spec = _kit(tmp_kit, svg)
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1
    [found] = json.loads(result.stdout)
    assert found["rule"] == "spec.svg" and said in found["message"], found
    assert found["line"] == 10 and found["hint"]
    out = spec.parent / "out"
    rendered = run_pnp("render", spec, "-o", out, "--format", "pdf")  # was an internal error while drawing
    assert rendered.exit_code == 1 and "internal error" not in rendered.output and not out.exists()


def test_svg_art_of_large_but_printable_numbers_renders(tmp_kit: KitFactory, run_pnp: PnpRunner):
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="1e8" height="1e8" viewBox="0 0 1e8 1e8">'
           '<path d="M 0 0 L 1e8 1e8 Z" stroke="black" stroke-width="1e6" stroke-dasharray="1e6 1e5"/></svg>')
    spec = _kit(tmp_kit, svg)
    assert run_pnp("render", spec, "-o", spec.parent / "out", "--format", "pdf").exit_code == 0


def test_svg_art_href_with_a_space_before_the_hash_reads_no_file(tmp_kit: KitFactory, run_pnp: PnpRunner,
                                                                  tmp_path: Path):
    # svglib takes what comes before '#' as a file name beside the art: " #x" opened the file " ", here a
    # symlink to a picture outside the kit, and embedded it with none of the image checks
    from PIL import Image

    outside = tmp_path / "outside.png"
    Image.new("RGB", (30, 20), "red").save(outside)
    spec = _kit(tmp_kit, ART.format(body='<image href=" #x" width="100" height="100"/>'))
    (spec.parent / " ").symlink_to(outside)
    out = spec.parent / "out"
    result = run_pnp("render", spec, "-o", out, "--format", "pdf")
    assert result.exit_code == 1 and "outside the file" in result.output and not out.exists()


def test_svg_art_text_never_loads_a_font_file_the_art_names(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path):
    # svglib's own font lookup opened `<font-family>.ttf` at any path: a font outside the kit went into the PDF
    import shutil

    import pnp

    shutil.copy(Path(pnp.__file__).parent / "fonts" / "DejaVuSansMono.ttf", tmp_path / "planted.ttf")
    family = str(tmp_path / "planted")
    spec = _kit(tmp_kit, ART.format(body=f'<text x="5" y="50" font-family="{family}" font-size="20">Hi</text>'))
    out = spec.parent / "out"
    assert run_pnp("render", spec, "-o", out, "--format", "pdf").exit_code == 0
    fonts = {str(f.get_object()["/BaseFont"]) for f in PdfReader(next(out.glob("*.pdf"))).pages[0]["/Resources"]
             ["/Font"].values()}
    assert "/Helvetica" in fonts and not any("Mono" in name for name in fonts), fonts


def test_svg_art_on_many_cards_is_written_once(tmp_kit: KitFactory, run_pnp: PnpRunner):
    # drawn inline on every card, a 1.3 MB file on 54 cards made a 38 MB PDF in 60 s; now one form per file
    body = "".join(f'<path d="M{i % 97} 0 L{i % 89} 100 L{i % 83} 50"/>' for i in range(400))
    sizes = []
    for count in (1, 40):
        kit = KIT.replace("      - name: One\n", f"      - name: One\n        count: {count}\n")
        spec = tmp_kit(kit, {"art.svg": ART.format(body=body)})
        out = spec.parent / f"out{count}"
        assert run_pnp("render", spec, "-o", out, "--format", "pdf").exit_code == 0
        pdf = next(out.glob("*.pdf"))
        sizes.append(pdf.stat().st_size)
        reader = PdfReader(pdf)
        forms = {x.idnum for page in reader.pages for x in page["/Resources"]["/XObject"].values()}
        assert len(forms) == 1 and len(reader.pages) == (1 if count == 1 else 5)
    assert sizes[1] < sizes[0] * 2, sizes  # 40 cards on 5 pages: the art's 400 paths once, not 40 times
