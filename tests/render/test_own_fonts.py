"""A kit's own fonts: embedded as subsets in the PDF, as a base64 @font-face of the glyphs drawn in the SVG,
bold and italic from the family's members (falling back with a warning), every character checked for a glyph;
CFF-outline .otf files and .ttc collections are converted to TrueType when loaded; unusable font files (web
fonts, damaged, outside the kit, too big) are located errors."""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path

import pdfplumber
from fontTools.ttLib import TTFont
from pypdf import PdfReader

LATO = Path(__file__).resolve().parents[2] / "examples" / "spell-deck" / "fonts"
PT = 72 / 25.4

KIT = """\
kit: Fonts
sheets: {duplex: none}
fonts:
  title: {regular: fonts/Lato-Regular.ttf, bold: fonts/Lato-Bold.ttf}
components:
  - type: deck
    name: Spells
    size: poker
    data: cards.csv
    front:
      elements:
        - {type: text, text: "{{ card.text }}", x: 5mm, y: 5mm, width: 50mm, size: 5mm, font: title}
"""


def make_kit(tmp_kit, *texts: str, spec: str = KIT, files: dict | None = None) -> Path:
    rows = "".join('"' + t.replace('"', '""') + '"\n' for t in texts)
    lato = {f"fonts/{n}": (LATO / n).read_bytes() for n in ("Lato-Regular.ttf", "Lato-Bold.ttf")}
    return tmp_kit(spec, {"cards.csv": "text\n" + rows, **lato, **(files or {})})


def diagnostics(run_pnp, spec: Path) -> tuple[int, list[dict]]:
    result = run_pnp("validate", spec, "--format", "json")
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(result.stdout)


def test_own_font_is_embedded_as_a_subset_with_its_bold_member(run_pnp, tmp_kit, tmp_path: Path):
    spec = make_kit(tmp_kit, "Hello **bold** world")
    assert run_pnp("render", spec, "-o", tmp_path / "out").exit_code == 0
    pdf_path = next((tmp_path / "out").glob("*.pdf"))
    fonts = {}
    for font in PdfReader(pdf_path).pages[0]["/Resources"]["/Font"].values():
        font = font.get_object()
        fonts[str(font["/BaseFont"])] = font
    lato = {name: f for name, f in fonts.items() if "Lato" in name}
    assert sorted(name.split("+")[1] for name in lato) == ["Lato-Bold", "Lato-Regular"]
    for name, font in lato.items():
        assert re.fullmatch(r"/[A-Z]{6}\+Lato-\w+", name)  # a subset
        descriptor = font["/FontDescriptor"].get_object() if "/FontDescriptor" in font else \
            font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
        file2 = descriptor["/FontFile2"].get_object().get_data()
        assert len(file2) < (LATO / "Lato-Regular.ttf").stat().st_size / 5  # only the glyphs used
    with pdfplumber.open(pdf_path) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"] in "bold"]
    assert {c["fontname"].split("+")[1] for c in chars if c["text"] == "b"} == {"Lato-Bold"}


def test_editable_svg_text_embeds_the_glyphs_drawn_in_a_font_face(run_pnp, tmp_kit, tmp_path: Path):
    spec = make_kit(tmp_kit, "Hello **bold**")
    result = run_pnp("render", spec, "-o", tmp_path / "out", "--format", "svg", "--svg-text", "text")
    assert result.exit_code == 0 and "timestamp" not in result.stderr  # no notes from the font tools
    svg = next((tmp_path / "out").glob("*.svg")).read_text()
    faces = re.findall(r'@font-face\{font-family:"([^"]+)";src:url\(data:font/ttf;base64,([A-Za-z0-9+/=]+)\)', svg)
    assert len(faces) == 2
    families = set(re.findall(r'font-family="(own-[0-9a-f]+)"', svg))
    assert families == {name for name, _ in faces}
    for _, data in faces:
        face = TTFont(io.BytesIO(base64.b64decode(data)))
        drawn = set(face.getBestCmap())
        assert drawn <= {ord(c) for c in "Hello bold"} and {ord("l"), ord("o")} <= drawn
        assert "GPOS" not in face and "kern" not in face  # spaced as the PDF sets it: advance widths only


def test_a_missing_style_falls_back_with_a_warning(run_pnp, tmp_kit):
    spec = make_kit(tmp_kit, "an *italic* word")
    code, found = diagnostics(run_pnp, spec)
    assert code == 0
    [warning] = [d for d in found if d["rule"] == "text.font"]
    assert warning["severity"] == "warning" and "no italic style" in warning["message"]
    assert "add `italic:`" in warning["hint"]


def test_a_character_the_font_lacks_is_an_error_at_the_data_cell(run_pnp, tmp_kit):
    spec = make_kit(tmp_kit, "fine", "Spades ♠ here")
    code, found = diagnostics(run_pnp, spec)
    assert code == 1
    [error] = [d for d in found if d["rule"] == "text.glyphs"]
    assert error["file"].endswith("cards.csv") and error["line"] == 3
    assert "U+2660" in error["message"] and "'♠'" in error["message"]
    assert 'card "2" of deck "Spells"' in error["message"] and "Lato-Regular.ttf" in error["message"]


def test_an_unknown_font_is_a_located_error_with_did_you_mean(run_pnp, tmp_kit):
    spec = make_kit(tmp_kit, "x", spec=KIT.replace("font: title", "font: titel"))
    code, found = diagnostics(run_pnp, spec)
    assert code == 1
    [error] = [d for d in found if d["rule"] == "text.font"]
    assert error["line"] == 12 and error["hint"] == "did you mean 'title'?"


def test_a_family_may_not_take_the_name_of_one_of_pnps_fonts(run_pnp, tmp_kit):
    spec = make_kit(tmp_kit, "x", spec=KIT.replace("  title: {", "  sans: {").replace("font: title", "font: sans"))
    code, found = diagnostics(run_pnp, spec)
    assert code == 1
    [error] = found
    assert error["line"] == 4 and "'sans' is the name of one of pnp's fonts" in error["message"]


def _cff_font() -> bytes:
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({65: "A"})
    pen = T2CharStringPen(500, None)
    pen.moveTo((0, 0)), pen.lineTo((500, 0)), pen.lineTo((250, 700)), pen.closePath()
    fb.setupCFF("Test", {"FullName": "Test"}, {".notdef": T2CharStringPen(500, None).getCharString(),
                                               "A": pen.getCharString()}, {})
    fb.setupHorizontalMetrics({".notdef": (500, 0), "A": (500, 0)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Test", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()


def test_a_cff_otf_is_converted_and_embedded(run_pnp, tmp_kit, tmp_path: Path):
    spec = make_kit(tmp_kit, "A", spec=KIT.replace("fonts/Lato-Regular.ttf", "fonts/Test.otf"),
                    files={"fonts/Test.otf": _cff_font()})
    code, found = diagnostics(run_pnp, spec)
    assert code == 0 and not [d for d in found if d["rule"] == "spec.font"]
    assert run_pnp("render", spec, "-o", tmp_path / "out").exit_code == 0
    pdf = PdfReader(next((tmp_path / "out").glob("*.pdf")))
    fonts = [f.get_object() for f in pdf.pages[0]["/Resources"]["/Font"].values()]
    [test] = [f for f in fonts if "Test" in str(f["/BaseFont"])]
    outline = TTFont(io.BytesIO(test["/FontDescriptor"]["/FontFile2"].get_data()))
    assert "glyf" in outline and "CFF " not in outline  # TrueType outlines, as reportlab embeds
    contours = [outline["glyf"][name].numberOfContours for name in outline.getGlyphOrder()]
    assert 1 in contours  # the triangle of "A", converted
    assert "A" in pdf.pages[0].extract_text()


def test_the_first_font_of_a_collection_is_used(run_pnp, tmp_kit, tmp_path: Path):
    from fontTools.ttLib import TTCollection

    collection = TTCollection()
    collection.fonts = [TTFont(LATO / "Lato-Regular.ttf"), TTFont(LATO / "Lato-Bold.ttf")]
    out = io.BytesIO()
    collection.save(out)
    spec = make_kit(tmp_kit, "Hello", spec=KIT.replace("fonts/Lato-Regular.ttf", "fonts/Lato.ttc"),
                    files={"fonts/Lato.ttc": out.getvalue()})
    assert run_pnp("render", spec, "-o", tmp_path / "out").exit_code == 0
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        lato = [(c["text"], c["fontname"].split("+")[-1]) for c in pdf.pages[0].chars if "Lato" in c["fontname"]]
    assert lato == [(ch, "Lato-Regular") for ch in "Hello"]


def test_a_web_font_is_refused_with_what_to_use_instead(run_pnp, tmp_kit):
    spec = make_kit(tmp_kit, "x", spec=KIT.replace("fonts/Lato-Bold.ttf", "fonts/Test.woff"),
                    files={"fonts/Test.woff": b"wOFF" + bytes(40)})
    code, found = diagnostics(run_pnp, spec)
    assert code == 1
    [error] = [d for d in found if d["rule"] == "spec.font"]
    assert "WOFF" in error["message"] and "Test.woff" in error["message"] and ".otf" in error["hint"]
    assert (error["line"], error["column"]) == (4, 50)  # at the file name


def test_a_truncated_font_is_a_located_error(run_pnp, tmp_kit):
    truncated = (LATO / "Lato-Regular.ttf").read_bytes()[:4000]
    spec = make_kit(tmp_kit, "x", spec=KIT.replace("fonts/Lato-Bold.ttf", "fonts/Cut.ttf"),
                    files={"fonts/Cut.ttf": truncated})
    code, found = diagnostics(run_pnp, spec)
    assert code == 1
    [error] = [d for d in found if d["rule"] == "spec.font"]
    assert "Cut.ttf" in error["message"] and "cannot be used as a font" in error["message"] and error["line"] == 4


def test_a_file_that_is_not_a_font_is_refused(run_pnp, tmp_kit):
    spec = make_kit(tmp_kit, "x", spec=KIT.replace("fonts/Lato-Bold.ttf", "cards.csv"))
    code, found = diagnostics(run_pnp, spec)
    assert code == 1
    [error] = [d for d in found if d["rule"] == "spec.font"]
    assert "not a TrueType or OpenType font" in error["message"]


def test_a_font_outside_the_kit_folder_is_refused(run_pnp, tmp_kit, tmp_path: Path):
    (tmp_path / "Outside.ttf").write_bytes((LATO / "Lato-Bold.ttf").read_bytes())
    spec = make_kit(tmp_kit, "**x**", spec=KIT.replace("fonts/Lato-Bold.ttf", "../Outside.ttf"))
    code, found = diagnostics(run_pnp, spec)
    assert code == 1
    [error] = [d for d in found if d["rule"] == "spec.font"]
    assert "outside the kit folder" in error["message"]


def test_a_font_over_the_size_cap_is_refused(run_pnp, tmp_kit, monkeypatch):
    from pnp.source import fonts

    monkeypatch.setattr(fonts, "MAX_FONT_BYTES", 1000)
    monkeypatch.setattr(fonts.check_font, "__defaults__", (1000,))
    spec = make_kit(tmp_kit, "x")
    code, found = diagnostics(run_pnp, spec)
    assert code == 1
    assert any(d["rule"] == "spec.font" and "over the cap" in d["message"] for d in found)


def test_the_spell_deck_example_validates_and_renders_with_its_font_and_icons(run_pnp, tmp_path: Path):
    spec = LATO.parent / "kit.yaml"
    checked = run_pnp("validate", spec, "--format", "json")
    # no crop marks, so no room kept for them: the whole 2 mm bleed between neighbours, and no warning
    assert checked.exit_code == 0 and json.loads(checked.stdout) == []
    result = run_pnp("render", spec, "-o", tmp_path / "out", "--format", "pdf,svg,png")
    assert result.exit_code == 0, result.output
    out = tmp_path / "out"
    with pdfplumber.open(next(out.glob("*.pdf"))) as pdf:
        creatures, _, spells, _ = pdf.pages
        names = {c["fontname"].split("+")[-1] for page in (creatures, spells) for c in page.chars}
        assert {"Lato-Regular", "Lato-Bold", "Lato-Italic"} <= names
        assert "Cinder Golem" in creatures.extract_text() and "Fireball" in spells.extract_text()
        assert "*" not in creatures.extract_text() + spells.extract_text()
        assert len(creatures.images) > 9 * 3  # the picture and the icons of each card
    assert len(list(out.glob("*.png"))) == 4 and len(list(out.glob("*.svg"))) == 4
    [first] = out.glob("*p01.svg")  # outlined: every reader draws Lato's glyphs, no font needed
    assert "@font-face" not in first.read_text() and 'aria-label="Cinder Golem"' in first.read_text()
