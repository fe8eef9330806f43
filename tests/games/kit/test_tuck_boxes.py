"""`type: tuckbox`: a one-piece box sized from its deck (card size, count x card_thickness, play), its faces
printed with `{{ deck.* }}`, cut and fold lines, and a located error naming the card count that fits."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pdfplumber

from pnp.layout.paper import get_paper, printable_area
from pnp.pipeline import load_spec, print_job

KIT = """\
kit: Boxes
components:
  - type: deck
    name: Heroes
    cards: [{{name: Knight, count: {count}}}]
  - type: tuckbox
    deck: {deck}
    card_thickness: 0.5mm
    front:
      fill: "#223366"
      elements:
        - {{type: text, x: 5mm, y: 30mm, text: "{{{{ deck.name }}}} x{{{{ deck.count }}}}", size: 6mm}}
    back: {{elements: [{{type: text, x: 5mm, y: 10mm, text: BACKSIDE, size: 4mm}}]}}
    spine: {{fill: "#aa3322", elements: [{{type: text, x: 1mm, y: 5mm, text: S, size: 4mm}}]}}
"""


def _kit(tmp_kit, count: int = 40, deck: str = "Heroes") -> Path:
    return tmp_kit(KIT.format(count=count, deck=deck))


def test_the_box_is_sized_from_its_deck(tmp_kit):
    job = print_job(load_spec(_kit(tmp_kit, count=40)))
    [box] = [g for g in job.groups if g.kind == "tuckbox"]
    [piece] = box.pieces
    inner_w, inner_h, depth = 63 + 1, 88 + 1, 40 * 0.5 + 1  # poker cards plus the 1 mm play
    assert round(piece.width, 6) == round(10 + 2 * inner_w + 2 * depth, 6)  # glue flap, two panels, two spines
    assert round(piece.height, 6) == round(20 + 2 * depth + inner_h, 6)  # tuck flap, lid, panel, bottom flap
    job = print_job(load_spec(_kit(tmp_kit, count=20)))
    assert next(g for g in job.groups if g.kind == "tuckbox").pieces[0].width < piece.width  # fewer cards: thinner


def test_faces_cut_and_fold_lines_print(tmp_kit, tmp_path: Path, run_pnp):
    result = run_pnp("render", _kit(tmp_kit), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        page = pdf.pages[-1]
        text = page.extract_text()
        dashed = [obj for obj in page.lines if obj.get("dash") and obj["dash"][0]]
        solid = [c for c in page.curves if c["stroke"] and not (c.get("dash") and c["dash"][0])]
    assert "Heroes x40" in text and "BACKSIDE" in text and text.count("S") >= 2 and ("glue" in text or "eulg" in text)
    assert len(dashed) == 7  # four folds between the panels, the body's top and bottom, the lid's
    assert solid  # the cut outline, notch and flaps


def _errors(run_pnp, spec: Path) -> list[dict]:
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 1, result.output
    return json.loads(result.stdout)


def test_with_cut_lines_the_box_keeps_its_own_cut_edges_and_its_folds_differ_from_cut_lines(
        tmp_kit, tmp_path: Path, run_pnp):
    spec = tmp_kit(KIT.format(count=40, deck="Heroes").replace("kit: Boxes\n",
                                                               "kit: Boxes\nsheets: {cut_lines: true}\n"))
    result = run_pnp("render", spec, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        card_page, box_page = pdf.pages[0], pdf.pages[-1]
        card_cuts = {tuple(o["dash"][0]) for o in card_page.objects.get("rect", []) + card_page.curves
                     if o.get("dash") and o["dash"][0]}
        box_dashed = [o for o in box_page.lines + box_page.rects + box_page.curves if o.get("dash") and o["dash"][0]]
    assert card_cuts, "the cards' cut lines print"
    # only the seven folds are dashed on the box's page: no rectangle of cut line over its bounding box
    assert len(box_dashed) == 7 and all(o["object_type"] == "line" for o in box_dashed)
    fold_dashes = {tuple(o["dash"][0]) for o in box_dashed}
    assert fold_dashes.isdisjoint(card_cuts)  # a fold looks like no cut line


def test_a_box_too_big_for_the_paper_names_the_count_that_fits(tmp_kit, run_pnp, tmp_path: Path):
    [error] = _errors(run_pnp, _kit(tmp_kit, count=500))
    assert error["rule"] == "tuckbox.too_big" and (error["line"], error["column"]) == (7, 11) and error["hint"]
    most = int(re.search(r"at most (\d+) cards fit", error["message"])[1])
    assert "500 cards" in error["message"] and 0 < most < 500
    spec = tmp_path / "fits" / "kit.yaml"
    spec.parent.mkdir()
    spec.write_text(KIT.format(count=most, deck="Heroes"), encoding="utf-8")
    assert run_pnp("validate", spec).exit_code == 0  # that many fit
    spec.write_text(KIT.format(count=most + 1, deck="Heroes"), encoding="utf-8")
    assert run_pnp("validate", spec).exit_code == 1  # one more does not


def test_a_box_for_an_unknown_deck_is_a_located_error(tmp_kit, run_pnp):
    [error] = _errors(run_pnp, _kit(tmp_kit, deck="Heros"))
    assert (error["rule"], error["line"], error["hint"]) == ("tuckbox.deck", 7, "did you mean 'Heroes'?")


def test_a_card_thickness_out_of_range_is_a_located_error(tmp_kit, run_pnp):
    spec = tmp_kit(KIT.format(count=10, deck="Heroes").replace("card_thickness: 0.5mm", "card_thickness: 5mm"))
    [error] = _errors(run_pnp, spec)
    assert error["line"] == 6 and "5 mm thick" in error["message"] and "card_thickness: 0.32mm" in error["hint"]


def test_too_big_names_the_room_of_each_orientation_tried(tmp_kit, run_pnp):
    # 121 poker cards at 0.32 mm: a box of about 217 x 188 mm, which would fit A4's 200 x 275 mm turned, so
    # naming the portrait area alone reads as a contradiction; both areas tried are named.
    spec = tmp_kit(KIT.format(count=121, deck="Heroes").replace("0.5mm", "0.32mm"))
    [error] = _errors(run_pnp, spec)
    message = error["message"]
    for orientation in ("portrait", "landscape"):
        area = printable_area(get_paper("a4", orientation), 5.0)
        assert f"{area.width:g} x {area.height:g} mm {orientation}" in message, message
    assert "at most 120 cards fit" in message and "sheets.paper: a3" in error["hint"]


def test_too_big_on_a3_does_not_suggest_a3(tmp_kit, run_pnp):
    spec = tmp_kit("sheets: {paper: a3}\n" + KIT.format(count=500, deck="Heroes"))
    [error] = _errors(run_pnp, spec)
    assert "of a3" in error["message"] and "a3" not in error["hint"].replace("sra3", ""), error


def test_deck_sizes_print_as_a_designer_writes_them(tmp_kit, tmp_path: Path, run_pnp):
    spec = tmp_kit(KIT.format(count=10, deck="Heroes").replace(
        "BACKSIDE", "'{{ deck.width }} x {{ deck.height }} mm, {{ deck.width + 2 }}'"))
    result = run_pnp("render", spec, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        text = pdf.pages[-1].extract_text()
    assert "63 x 88 mm, 65" in text and "63.0" not in text, text


def test_a_box_for_a_deck_with_a_mistake_reports_only_the_decks_mistake(tmp_kit, run_pnp):
    # The deck is left out for its own error; "no deck named 'Heroes'" beside it would send the designer astray.
    for mistake in ("    size: pokr\n", "    data: missing.csv\n"):
        text = KIT.format(count=10, deck="Heroes")
        spec = tmp_kit(text.replace("    name: Heroes\n", "    name: Heroes\n" + mistake))
        found = _errors(run_pnp, spec)
        assert [d["rule"] for d in found if d["rule"].startswith("tuckbox")] == [], found
        assert found, mistake


def test_each_face_bleeds_across_its_folds_onto_the_flaps_but_not_onto_the_next_face(tmp_kit, tmp_path: Path,
                                                                                      run_pnp):
    """A fold a millimetre off still shows the face's own colour: the front's fill runs 2 mm past its folds onto
    the glue flap and the bottom flap (and past its top cut edge), and stops at the fold it shares with a spine,
    which keeps its own colour. Read from the page's pixels, the folds' places from its dash-dot lines."""
    import subprocess

    from PIL import Image

    result = run_pnp("render", _kit(tmp_kit), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    pdf_path = next((tmp_path / "out").glob("*.pdf"))
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[-1]
        folds = [o for o in page.lines if o.get("dash") and o["dash"][0]]
        count, height = len(pdf.pages), page.height
    xs = sorted({round(o["x0"], 2) for o in folds if abs(o["x0"] - o["x1"]) < 0.01})  # b, c, d, e
    bottom = max(round(o["top"], 2) for o in folds if abs(o["top"] - o["bottom"]) < 0.01)  # the body's bottom
    dpi = 100
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(count), "-l", str(count), str(pdf_path),
                    str(tmp_path / "box")], check=True)
    image = Image.open(next(tmp_path.glob("box*.png"))).convert("RGB")
    px = dpi / 72

    def colour(x_pt: float, y_pt: float) -> tuple[int, ...]:
        return image.getpixel((round(x_pt * px), round(y_pt * px)))

    mm = 72 / 25.4
    middle = bottom - 40 * mm
    front, spine = (0x22, 0x33, 0x66), (0xAA, 0x33, 0x22)

    def near(got: tuple[int, ...], want: tuple[int, ...]) -> bool:
        return all(abs(a - b) <= 12 for a, b in zip(got, want, strict=True))

    assert len(xs) == 4 and height > bottom
    assert near(colour(xs[0] - 1.2 * mm, middle), front)  # onto the glue flap
    assert near(colour((xs[0] + xs[1]) / 2, bottom + 1.2 * mm), front)  # onto the front's bottom flap
    assert near(colour(xs[1] + 1.2 * mm, middle), spine)  # the spine keeps its colour up to the fold
    assert near(colour(xs[1] - 1.2 * mm, middle), front)
    assert near(colour((xs[1] + xs[2]) / 2, bottom + 1.2 * mm), spine)  # the spine onto its bottom flap
    assert not near(colour(xs[0] - 4 * mm, middle), front)  # 2 mm, not the whole flap


LID = """\
    lid:
      fill: "#884499"
      elements:
        - {type: rect, x: 2mm, y: 2mm, width: 10mm, height: 4mm, fill: "#ffee00"}
        - {type: text, x: 0, y: 14mm, text: "{{ deck.name }}", size: 5mm, colour: white, align: center}
"""


def _box_pixels(run_pnp, spec: Path, out: Path):
    """The box's page at 100 dpi: a test of a point's colour (in points from the page's top left, within 12 of
    each channel), the vertical folds' x (b, c, d, e) and the horizontal ones' y (the lid's, the body's top and
    bottom)."""
    import subprocess

    from PIL import Image

    result = run_pnp("render", spec, "-o", out)
    assert result.exit_code == 0, result.output
    pdf_path = next(out.glob("*.pdf"))
    with pdfplumber.open(pdf_path) as pdf:
        folds = [o for o in pdf.pages[-1].lines if o.get("dash") and o["dash"][0]]
        count = len(pdf.pages)
    xs = sorted({round(o["x0"], 2) for o in folds if abs(o["x0"] - o["x1"]) < 0.01})
    ys = sorted({round(o["top"], 2) for o in folds if abs(o["top"] - o["bottom"]) < 0.01})
    dpi = 100
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(count), "-l", str(count), str(pdf_path),
                    str(out / "box")], check=True)
    image = Image.open(next(out.glob("box*.png"))).convert("RGB")

    def near(x_pt: float, y_pt: float, want: tuple[int, ...]) -> bool:
        got = image.getpixel((round(x_pt * dpi / 72), round(y_pt * dpi / 72)))
        return all(abs(a - b) <= 12 for a, b in zip(got, want, strict=True))

    assert len(xs) == 4 and len(ys) == 3
    return near, xs, ys


GREEN_BACK = KIT.format(count=40, deck="Heroes").replace("    back: {elements", "    back: {fill: '#336622', elements")
MM = 72 / 25.4


def test_the_lid_takes_its_own_art_turned_to_read_from_the_front_and_bleeding_onto_the_tuck_flap(
        tmp_kit, tmp_path: Path, run_pnp):
    """The lid is a face like the others: its fill and art on the lid panel, running 2 mm over the tuck flap's
    fold (never onto the back, which keeps its own colour up to their fold), turned half a turn so that it
    reads the right way up from the box's front (its top-left corner at the net's bottom right)."""
    near, xs, ys = _box_pixels(run_pnp, tmp_kit(GREEN_BACK + LID), tmp_path / "out")
    lid, back, yellow = (0x88, 0x44, 0x99), (0x33, 0x66, 0x22), (0xFF, 0xEE, 0x00)
    (left, right), (tuck, top), middle = xs[2:4], ys[:2], (xs[2] + xs[3]) / 2
    assert near(middle, (tuck + top) / 2 - 4 * MM, lid)
    assert near(middle, tuck - 1.2 * MM, lid)  # over the tuck flap's fold
    assert not near(middle, tuck - 4 * MM, lid)  # 2 mm, not the whole tuck flap
    assert near(middle, top - 1.2 * MM, lid) and near(middle, top + 1.2 * MM, back)
    assert near(right - 7 * MM, top - 4 * MM, yellow)  # its (2 mm, 2 mm) corner, turned: by the back's fold
    assert not near(left + 7 * MM, tuck + 4 * MM, yellow)


def test_without_lid_art_the_lid_shows_the_box_fill_and_the_back_runs_onto_it(tmp_kit, tmp_path: Path, run_pnp):
    near, xs, ys = _box_pixels(run_pnp, tmp_kit(GREEN_BACK), tmp_path / "out")
    middle, (tuck, top) = (xs[2] + xs[3]) / 2, ys[:2]
    assert near(middle, top - 1.2 * MM, (0x33, 0x66, 0x22))  # the back, 2 mm over its fold
    assert near(middle, (tuck + top) / 2, (0xFF, 0xFF, 0xFF))  # the box's fill (white)


def test_a_mistake_on_the_lid_is_located_and_the_schema_knows_the_lid(tmp_kit, run_pnp):
    spec = tmp_kit(KIT.format(count=10, deck="Heroes") + "    lid: {elements: [{type: text, text: '{{ deck.nope }}',"
                   " x: 0, y: 0, size: 3mm}]}\n")
    found = _errors(run_pnp, spec)
    assert [(d["rule"], d["line"]) for d in found if d.get("line") == 15], found
    schema = json.loads(run_pnp("schema").output)
    assert "lid" in schema["$defs"]["TuckBox"]["properties"]
