"""The drawing keys of kit elements, read back from what prints: gradient fills as PDF shadings and SVG
gradients, opacity as alpha graphics states, dashes as dash arrays, text outlines, vertical alignment and
justification at the places the words land, turned and faded pictures."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import Image as PILImage
from pypdf import PdfReader

from tests.conftest import KitFactory, PnpRunner
from tests.render.kits import MM_PER_PT

KIT = """\
kit: Drawing test
sheets: {{paper: a4, orientation: portrait, crop_marks: false}}
components:
  - type: deck
    name: D
    size: {{width: 60mm, height: 80mm}}
    corner_radius: 0mm
    cards:
      - name: One
        elements:
{elements}
"""


def _kit(tmp_kit: KitFactory, *elements: str, files: dict | None = None) -> Path:
    return tmp_kit(KIT.format(elements="\n".join(f"          - {e}" for e in elements)), files or {})


def _render(run_pnp: PnpRunner, spec: Path, fmt: str = "pdf") -> Path:
    out = spec.parent / "out"
    result = run_pnp("render", spec, "-o", out, "--format", fmt)
    assert result.exit_code == 0, result.output
    return out


def _pdf(run_pnp: PnpRunner, spec: Path) -> Path:
    return next(_render(run_pnp, spec).glob("*.pdf"))


def _svg(run_pnp: PnpRunner, spec: Path) -> str:
    return next(_render(run_pnp, spec, "svg").glob("*.svg")).read_text(encoding="utf-8")


def _content(path: Path) -> str:
    return PdfReader(path).pages[0].get_contents().get_data().decode("latin-1")


def _resources(path: Path) -> dict:
    return PdfReader(path).pages[0]["/Resources"]


def _picture(path: Path) -> PILImage.Image:
    document = pdfium.PdfDocument(path)
    picture = document[0].render(scale=4).to_pil().convert("RGB")  # 4 px per pt
    document.close()
    return picture


def _card_top(page) -> float:
    """The top of the card on the page (mm): its cut outline, or the middle of an A4 sheet."""
    cuts = [r for r in page.rects if abs(r["width"] * MM_PER_PT - 60) < 0.1]
    return min(r["top"] for r in cuts) * MM_PER_PT if cuts else (page.height * MM_PER_PT - 80) / 2


def _pixel(picture: PILImage.Image, origin: tuple[float, float], x: float, y: float) -> tuple[int, int, int]:
    return picture.getpixel((round((origin[0] + x) / MM_PER_PT * 4), round((origin[1] + y) / MM_PER_PT * 4)))


@pytest.mark.parametrize(("fill", "kind"), [
    ("{linear: [white, black], angle: 0}", 2),
    ("{radial: [white, black]}", 3),
])
def test_a_gradient_fill_is_a_real_pdf_shading_and_an_svg_gradient(tmp_kit, run_pnp, fill: str, kind: int):
    spec = _kit(tmp_kit, f"{{type: rect, x: 0mm, y: 0mm, width: 60mm, height: 20mm, fill: {fill}}}")
    pdf = _pdf(run_pnp, spec)
    shadings = [s.get_object() for s in _resources(pdf)["/Shading"].values()]
    assert [s["/ShadingType"] for s in shadings] == [kind]
    assert re.search(r"W\* n\s*/Sh\d+ sh", _content(pdf))  # clipped to the shape, then shaded
    picture = _picture(pdf)
    with pdfplumber.open(pdf) as doc:
        top = _card_top(doc.pages[0])
    origin = ((210 - 60) / 2, top)
    left, middle = _pixel(picture, origin, 1, 10), _pixel(picture, origin, 30, 10)
    if kind == 2:
        right = _pixel(picture, origin, 59, 10)
        assert left[0] > 240 and right[0] < 15 and 100 < middle[0] < 155  # white to black, smoothly
    else:
        assert middle[0] > 240 and left[0] < 80  # white at the centre, dark at the ends
    svg = _svg(run_pnp, spec)
    tag = "linearGradient" if kind == 2 else "radialGradient"
    assert re.search(rf'<{tag} [^>]*id="(gradient\d+)"', svg)
    gid = re.search(rf'<{tag} [^>]*id="(gradient\d+)"', svg).group(1)
    assert f'fill="url(#{gid})"' in svg


def test_a_face_fill_takes_a_gradient(tmp_kit, run_pnp):
    spec = tmp_kit(KIT.format(elements="          - {type: text, text: x}").replace(
        "    corner_radius: 0mm\n", "    corner_radius: 0mm\n    fill: {linear: [red, blue], angle: 90}\n"))
    pdf = _pdf(run_pnp, spec)
    [shading] = [s.get_object() for s in _resources(pdf)["/Shading"].values()]
    assert shading["/ShadingType"] == 2
    x0, y0, x1, y1 = (float(v) for v in shading["/Coords"])
    assert x0 == pytest.approx(x1) and y0 != pytest.approx(y1)  # 90 degrees: top to bottom


def test_opacity_is_an_alpha_graphics_state_and_svg_opacity(tmp_kit, run_pnp):
    spec = _kit(tmp_kit, "{type: rect, x: 5mm, y: 5mm, width: 20mm, height: 20mm, fill: '#ff0000', opacity: 0.4}",
                "{type: text, text: Faded, x: 5mm, y: 40mm, opacity: 0.25}")
    pdf = _pdf(run_pnp, spec)
    alphas = {float(g.get_object().get("/ca", 1)) for g in _resources(pdf)["/ExtGState"].values()}
    assert {0.4, 0.25} <= alphas
    picture = _picture(pdf)
    with pdfplumber.open(pdf) as doc:
        origin = ((210 - 60) / 2, _card_top(doc.pages[0]))
    r, g, _ = _pixel(picture, origin, 15, 15)
    assert r > 240 and 140 < g < 165  # red at 40% over white: 255, 153, 153
    svg = _svg(run_pnp, spec)
    assert 'fill-opacity="0.4"' in svg and 'fill-opacity="0.25"' in svg


def test_a_dash_is_a_pdf_dash_array_in_mm_and_an_svg_dasharray(tmp_kit, run_pnp):
    spec = _kit(tmp_kit, "{type: line, x1: 5mm, y1: 5mm, x2: 55mm, y2: 5mm, dash: [2mm, 1mm]}",
                "{type: ellipse, cx: 30mm, cy: 40mm, rx: 10mm, stroke: black, dash: [3mm, 0.5mm]}")
    pdf = _pdf(run_pnp, spec)
    content = _content(pdf)
    assert re.search(r"\[2 1\] 0 d", content) and re.search(r"\[3 \.5\] 0 d", content)  # the page is in mm
    with pdfplumber.open(pdf) as doc:
        [line] = [c for c in doc.pages[0].lines if c.get("dash")]
        assert [round(v, 2) for v in line["dash"][0]] == [2, 1]  # in the page's units: mm
    svg = _svg(run_pnp, spec)
    assert 'stroke-dasharray="2,1"' in svg and 'stroke-dasharray="3,0.5"' in svg


def _words(pdf: Path) -> list[dict]:
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        top = _card_top(page)
        return [{**w, "top_mm": w["top"] * MM_PER_PT - top, "x0_mm": w["x0"] * MM_PER_PT - (210 - 60) / 2,
                 "x1_mm": w["x1"] * MM_PER_PT - (210 - 60) / 2, "bottom_mm": w["bottom"] * MM_PER_PT - top}
                for w in page.extract_words() if 0 <= w["top"] * MM_PER_PT - top <= 80]  # the card's, not the footer's


@pytest.mark.parametrize(("valign", "expected_top"), [("top", 10.0), ("middle", 10 + (30 - 5) / 2),
                                                      ("bottom", 10 + 30 - 5)])
def test_valign_puts_the_block_at_the_top_middle_or_bottom_of_its_height(tmp_kit, run_pnp, valign, expected_top):
    spec = _kit(tmp_kit, f"{{type: text, text: Word, x: 5mm, y: 10mm, width: 50mm, height: 30mm, size: 5mm, "
                f"valign: {valign}}}")
    [word] = _words(_pdf(run_pnp, spec))
    # the line's em box (5 mm) starts at `expected_top`; pdfplumber's box of the word is its font's em box too
    assert word["top_mm"] == pytest.approx(expected_top, abs=0.6)


@pytest.mark.parametrize("markup", [False, True], ids=["plain", "marked-up"])
def test_justified_lines_run_the_full_width_but_a_paragraphs_last(tmp_kit, run_pnp, markup: bool):
    text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    written = text.replace("three", "**three**").replace("nine", "*nine*") if markup else text
    spec = _kit(tmp_kit, f"{{type: text, text: \"{written}\", x: 5mm, y: 5mm, width: 40mm, size: 4mm, "
                "align: justify}")
    words = _words(_pdf(run_pnp, spec))
    lines: dict[int, list[dict]] = {}
    for w in words:
        lines.setdefault(round(w["top_mm"]), []).append(w)
    rows = [sorted(row, key=lambda w: w["x0_mm"]) for _, row in sorted(lines.items())]
    assert len(rows) >= 3
    for row in rows[:-1]:
        assert row[0]["x0_mm"] == pytest.approx(5, abs=0.3) and row[-1]["x1_mm"] == pytest.approx(45, abs=0.3)
    assert rows[-1][-1]["x1_mm"] < 44  # the last line keeps its natural spacing
    assert " ".join(w["text"] for row in rows for w in row) == text


def test_a_text_outline_is_stroked_under_the_letters(tmp_kit, run_pnp):
    spec = _kit(tmp_kit, "{type: text, text: Bold, x: 5mm, y: 5mm, size: 12mm, font: sans-bold, colour: yellow, "
                "outline: {colour: black, width: 0.8mm}}")
    pdf = _pdf(run_pnp, spec)
    content = _content(pdf)
    texts = [t for t in re.findall(r"BT .*? ET", content) if "(Bold)" in t]
    assert len(texts) == 2 and " 1 Tr " in texts[0] and " Tr " not in texts[1]  # the stroke first, then the letters
    assert content.index("1.6 w 1 j") < content.index(texts[0])  # twice the outline's width, round joins
    picture = _picture(pdf)
    import numpy as np

    pixels = np.asarray(picture)
    assert int((pixels.max(axis=2) < 60).sum()) > 500  # the black outline prints
    svg = _svg(run_pnp, spec)
    assert 'stroke="#000000"' in svg and 'stroke-linejoin="round"' in svg


def _red_png(size: tuple[int, int]) -> bytes:
    out = io.BytesIO()
    PILImage.new("RGB", size, (200, 30, 30)).save(out, format="PNG")
    return out.getvalue()


def test_a_turned_picture_turns_about_its_centre(tmp_kit, run_pnp):
    box = "x: 10mm, y: 35mm, width: 40mm, height: 10mm, fit: stretch"
    for rotate, red_above in ((0, False), (90, True)):
        spec = _kit(tmp_kit, f"{{type: image, src: art.png, {box}, rotate: {rotate}}}",
                    files={"art.png": _red_png((1200, 300))})
        pdf = _pdf(run_pnp, spec)
        picture = _picture(pdf)
        with pdfplumber.open(pdf) as doc:
            origin = ((210 - 60) / 2, _card_top(doc.pages[0]))
        assert (_pixel(picture, origin, 30, 30) == (200, 30, 30)) == red_above  # 10 mm above the centre
        assert (_pixel(picture, origin, 15, 40) == (200, 30, 30)) == (not red_above)


def test_a_faded_picture_prints_lighter(tmp_kit, run_pnp):
    spec = _kit(tmp_kit, "{type: image, src: art.png, x: 10mm, y: 10mm, width: 40mm, height: 10mm, opacity: 0.5}",
                files={"art.png": _red_png((1200, 300))})
    pdf = _pdf(run_pnp, spec)
    with pdfplumber.open(pdf) as doc:
        origin = ((210 - 60) / 2, _card_top(doc.pages[0]))
    r, g, _ = _pixel(_picture(pdf), origin, 30, 15)
    assert 220 < r < 235 and 135 < g < 150  # (200, 30, 30) at half over white
    assert 'opacity="0.5"' in _svg(run_pnp, spec)
