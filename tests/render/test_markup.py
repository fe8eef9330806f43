"""Inline markup in kit texts: bold and italic runs set in their fonts, line breaks, icons on the baseline at
the text's height, escapes, wrapping and `fit: shrink` measuring the styled runs; read back from PDF and SVG."""

from __future__ import annotations

import io
import itertools
import json
import re
from pathlib import Path

import pdfplumber
from PIL import Image

PT = 72 / 25.4

KIT = """\
kit: Markup
sheets: {{duplex: none}}
icons: {{dot: icons/dot.png, wide: icons/wide.png}}
components:
  - type: deck
    name: Rules
    size: poker
    data: cards.csv
    front:
      elements:
        - {{type: text, text: "{{{{ card.text }}}}", x: 5mm, y: 5mm, width: {width}, height: {height}, size: 5mm{more}}}
"""


def png(w: int, h: int, colour: str = "red") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (w, h), colour).save(out, "PNG")
    return out.getvalue()


def _csv(*texts: str) -> str:
    rows = "".join('"' + t.replace('"', '""') + '"\n' for t in texts)
    return "text\n" + rows


def make_kit(tmp_kit, *texts: str, width: str = "50mm", height: str = "70mm", more: str = "") -> Path:
    return tmp_kit(KIT.format(width=width, height=height, more=more),
                   {"cards.csv": _csv(*texts), "icons/dot.png": png(20, 20), "icons/wide.png": png(40, 20, "blue")})


def render(run_pnp, spec: Path, out: Path, *more: str) -> Path:
    result = run_pnp("render", spec, "-o", out, *more)
    assert result.exit_code == 0, result.output
    return out


def card_chars(pdf_path: Path) -> tuple[list[dict], list[dict]]:
    """The characters and images of the first card (above the sheet's footer)."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        chars = [c for c in page.chars if c["top"] < page.height - 20 * PT]
        return chars, list(page.images)


def runs(chars: list[dict]) -> list[tuple[str, str]]:
    """The printed characters as runs of one font: (text, font name without its subset prefix)."""
    out: list[tuple[str, str]] = []
    for c in chars:
        font = c["fontname"].split("+")[-1]
        if out and out[-1][1] == font:
            out[-1] = (out[-1][0] + c["text"], font)
        else:
            out.append((c["text"], font))
    return [(text.strip(), font) for text, font in out]


def test_bold_and_italic_runs_are_set_in_the_bold_and_italic_fonts(run_pnp, tmp_kit, tmp_path: Path):
    spec = make_kit(tmp_kit, "Plain **Strong** *Slant* ***Both*** end")
    chars, _ = card_chars(next(render(run_pnp, spec, tmp_path / "out").glob("*.pdf")))
    assert runs(chars) == [("Plain", "DejaVuSans"), ("Strong", "DejaVuSans-Bold"), ("Slant", "DejaVuSans-Oblique"),
                           ("Both", "DejaVuSans-BoldOblique"), ("end", "DejaVuSans")]  # was bold only
    assert json.loads(run_pnp("validate", spec, "--format", "json").stdout) == []  # no "no bold italic style"


def test_runs_of_a_line_join_up_without_gaps_or_overlaps(run_pnp, tmp_kit, tmp_path: Path):
    spec = make_kit(tmp_kit, "ab**cd***ef*gh")
    chars, _ = card_chars(next(render(run_pnp, spec, tmp_path / "out").glob("*.pdf")))
    assert "".join(c["text"] for c in chars) == "abcdefgh"
    for left, right in itertools.pairwise(chars):
        assert abs(left["x1"] - right["x0"]) < 0.01  # each run starts where the one before ends
    assert len({round(c["matrix"][5], 3) for c in chars}) == 1  # one baseline


def test_line_breaks_from_newlines_and_backslash_n(run_pnp, tmp_kit, tmp_path: Path):
    spec = make_kit(tmp_kit, "one\\n**two**\nthree")
    chars, _ = card_chars(next(render(run_pnp, spec, tmp_path / "out").glob("*.pdf")))
    lines: dict[float, str] = {}
    for c in chars:
        lines[round(c["top"], 1)] = lines.get(round(c["top"], 1), "") + c["text"]
    assert list(lines.values()) == ["one", "two", "three"]
    tops = sorted(lines)
    assert abs((tops[1] - tops[0]) - 5 * 1.2 * PT) < 0.05  # the text's line height


def test_an_icon_sits_on_the_baseline_at_the_text_height(run_pnp, tmp_kit, tmp_path: Path):
    spec = make_kit(tmp_kit, "Go :dot: now :wide:")
    chars, images = card_chars(next(render(run_pnp, spec, tmp_path / "out").glob("*.pdf")))
    assert "".join(c["text"] for c in chars).replace(" ", "") == "Gonow"
    baseline = chars[0]["matrix"][5]  # PDF y of the baseline (up from the page's bottom)
    size = chars[0]["size"]
    dot, wide = sorted(images, key=lambda i: i["x0"])
    for image, aspect in ((dot, 1.0), (wide, 2.0)):
        assert abs(image["y0"] - baseline) < 0.05  # bottom on the baseline
        assert abs(image["height"] - 0.76 * size) < 0.05  # as high as the line's ascent
        assert abs(image["width"] - aspect * image["height"]) < 0.05
    o = next(c for c in chars if c["text"] == "o")
    assert o["x1"] < dot["x0"] < next(c for c in chars if c["text"] == "n")["x0"]  # in the flow of the text


def test_data_is_printed_literally_never_as_tags(run_pnp, tmp_kit, tmp_path: Path):
    spec = make_kit(tmp_kit, '<b>x</b> <font color="red">y</font> \\*star\\* 10\\:30')
    chars, _ = card_chars(next(render(run_pnp, spec, tmp_path / "out").glob("*.pdf")))
    assert "".join(c["text"] for c in chars).replace(" ", "") == '<b>x</b><fontcolor="red">y</font>*star*10:30'
    assert {c["fontname"].split("+")[-1] for c in chars} == {"DejaVuSans"}


def test_a_lone_star_prints_as_written(run_pnp, tmp_kit, tmp_path: Path):
    spec = make_kit(tmp_kit, "5 * 3 = 15")
    chars, _ = card_chars(next(render(run_pnp, spec, tmp_path / "out").glob("*.pdf")))
    assert "".join(c["text"] for c in chars).replace(" ", "") == "5*3=15"


def test_wrapped_marked_up_text_stays_in_its_box(run_pnp, tmp_kit, tmp_path: Path):
    text = " ".join(["**Bold** words and *slanted* ones :dot: with icons"] * 3)
    spec = make_kit(tmp_kit, text, width="40mm")
    checked = run_pnp("validate", spec, "--format", "json")
    assert [d for d in json.loads(checked.stdout) if d["rule"] == "text.overflow"] == []
    chars, images = card_chars(next(render(run_pnp, spec, tmp_path / "out").glob("*.pdf")))
    left = min(c["x0"] for c in chars)
    right = max([c["x1"] for c in chars] + [i["x1"] for i in images])
    assert right - left <= 40 * PT + 0.1
    assert len({round(c["top"]) for c in chars}) >= 5  # it wrapped
    assert "*" not in "".join(c["text"] for c in chars)
    assert sum(c["fontname"].endswith("Bold") for c in chars) == 3 * 4


def test_bold_is_measured_wider_for_overflow(run_pnp, tmp_kit, tmp_path: Path):
    # 11 Ws fit 50 mm in the regular font at 5 mm, not in the bold one
    spec = make_kit(tmp_kit, "**WWWWWWWWWWW**", width="50mm")
    warnings = [d for d in json.loads(run_pnp("validate", spec, "--format", "json").stdout)
                if d["rule"] == "text.overflow"]
    assert len(warnings) == 1 and '"WWWWWWWWWWW"' in warnings[0]["message"]


def test_fit_shrink_measures_marked_up_runs_and_icons(run_pnp, tmp_kit, tmp_path: Path):
    text = "**Fireball** deals 3 :dot: damage\\n*Overload* :wide::wide: deal 5"
    spec = make_kit(tmp_kit, text, width="30mm", height="9mm", more=", fit: shrink")
    checked = run_pnp("validate", spec, "--format", "json")
    assert [d for d in json.loads(checked.stdout) if d["rule"] == "text.overflow"] == []
    chars, images = card_chars(next(render(run_pnp, spec, tmp_path / "out").glob("*.pdf")))
    sizes = {round(c["size"] / PT, 3) for c in chars}
    [size] = sizes
    assert size < 5
    assert all(abs(i["height"] - 0.76 * size * PT) < 0.05 for i in images) and len(images) == 3
    top, bottom = min(c["top"] for c in chars), max(c["bottom"] for c in chars)
    assert bottom - top <= 9 * PT + 0.1 and max(i["x1"] for i in images) - min(c["x0"] for c in chars) <= 30 * PT + 0.1


def test_markup_in_svg_uses_weights_styles_and_the_same_icons(run_pnp, tmp_kit, tmp_path: Path):
    spec = make_kit(tmp_kit, "Plain **Strong** *Slant* :dot:")
    out = render(run_pnp, spec, tmp_path / "out", "--format", "svg", "--svg-text", "text")
    svg = next(out.glob("*.svg")).read_text()
    texts = re.findall(r"<text ([^>]*)>([^<]*)</text>", svg)
    by_text = {t.strip(): attrs for attrs, t in texts}
    assert 'font-weight="bold"' in by_text["Strong"] and "font-style" not in by_text["Strong"]
    assert 'font-style="italic"' in by_text["Slant"] and "font-weight" not in by_text["Slant"]
    assert "font-weight" not in by_text["Plain"]
    assert svg.count("<use ") == 1 and "*" not in "".join(t for _, t in texts)


def test_an_unknown_icon_is_a_located_error_with_did_you_mean(run_pnp, tmp_kit):
    spec = make_kit(tmp_kit, "fine", "Deal 1 :dott: now")
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1
    [error] = [d for d in json.loads(result.stdout) if d["rule"] == "text.icon"]
    assert error["file"].endswith("cards.csv") and error["line"] == 3  # at the data cell
    assert "'dott'" in error["message"] and "did you mean 'dot'?" in error["hint"]


def test_icons_from_a_folder_are_named_by_their_stems_and_checked_as_images(run_pnp, tmp_kit, tmp_path: Path):
    spec_text = KIT.format(width="50mm", height="70mm", more="").replace(
        "icons: {dot: icons/dot.png, wide: icons/wide.png}", "icons: icons/")
    spec = tmp_kit(spec_text, {"cards.csv": _csv("a :dot: b :wide:", "c :wide:"), "icons/dot.png": png(20, 20),
                               "icons/wide.png": png(40, 20), "icons/notes.txt": "not an icon"})
    _, images = card_chars(next(render(run_pnp, spec, tmp_path / "out").glob("*.pdf")))
    assert len(images) == 3
    (spec.parent / "icons" / "dot.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 30)  # damaged
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1
    found = json.loads(result.stdout)
    errors = [d for d in found if d["severity"] == "error"]
    assert [d["rule"] for d in errors] == ["spec.image"] and "dot.png" in errors[0]["message"]  # no "unknown icon"


SVG_DOT = ('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20">'
           '<circle cx="10" cy="10" r="9" fill="#00a000"/></svg>')


def test_svg_icons_in_a_folder_are_drawn_and_other_files_are_named_in_a_warning(run_pnp, tmp_kit, tmp_path: Path):
    spec_text = KIT.format(width="50mm", height="70mm", more="").replace(
        "icons: {dot: icons/dot.png, wide: icons/wide.png}", "icons: icons/")
    spec = tmp_kit(spec_text, {"cards.csv": _csv("go :leaf: now"), "icons/leaf.svg": SVG_DOT,
                               "icons/photo.gif": "GIF89a", "icons/notes.txt": "not an icon"})
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 0, result.output
    [warning] = json.loads(result.stdout)
    assert warning["rule"] == "spec.icons" and warning["severity"] == "warning" and warning["line"] == 3
    assert "notes.txt, photo.gif" in warning["message"]
    pdf = next(render(run_pnp, spec, tmp_path / "out").glob("*.pdf"))
    chars, _ = card_chars(pdf)
    with pdfplumber.open(pdf) as document:  # the leaf is vector art: its green circle sits after "go"
        page = document.pages[0]
        green = [c for c in page.curves if [round(v, 2) for v in c["non_stroking_color"]] == [0, 0.63, 0]]
        g, o, n = (next(c for c in chars if c["text"] == t) for t in "gon")
        assert g["x1"] <= o["x0"] and len(green) == 1 and o["x1"] < green[0]["x0"] < green[0]["x1"] < n["x0"]


def test_an_unknown_icon_written_in_the_layout_is_reported_there(run_pnp, tmp_kit):
    spec = tmp_kit(KIT.format(width="50mm", height="70mm", more="").replace(
        '"{{ card.text }}"', '"{{ card.text }} :dott:"'), {"cards.csv": _csv("fine"), "icons/dot.png": png(20, 20),
                                                         "icons/wide.png": png(40, 20)})
    result = run_pnp("validate", spec, "--format", "json")
    [error] = [d for d in json.loads(result.stdout) if d["rule"] == "text.icon"]
    assert error["file"].endswith("kit.yaml") and error["line"] == 11


def test_an_icons_folder_outside_the_kit_is_refused(run_pnp, tmp_kit):
    spec_text = KIT.format(width="50mm", height="70mm", more="").replace(
        "icons: {dot: icons/dot.png, wide: icons/wide.png}", "icons: ../")
    spec = tmp_kit(spec_text, {"cards.csv": _csv("a :dot: b")})
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1
    [error] = [d for d in json.loads(result.stdout) if d["rule"] == "spec.icons"]
    assert "inside the kit folder" in error["message"] and error["line"] == 3


def test_two_icons_of_one_name_in_a_folder_are_refused_naming_both(run_pnp, tmp_kit):
    spec_text = KIT.format(width="50mm", height="70mm", more="").replace(
        "icons: {dot: icons/dot.png, wide: icons/wide.png}", "icons: icons/")
    spec = tmp_kit(spec_text, {"cards.csv": _csv("a :coin: b"), "icons/coin.png": png(20, 20),
                               "icons/coin.svg": SVG_DOT, "icons/dot.png": png(20, 20)})
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1, result.output
    [error] = [d for d in json.loads(result.stdout) if d["rule"] == "spec.icons"]
    assert "coin.png and coin.svg" in error["message"] and error["line"] == 3
