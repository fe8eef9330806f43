"""`--shop NAME`: card files and single pages as each print-on-demand shop's templates want them, read back
(Pillow for the PNGs' pixels and dpi, pikepdf for the PDF boxes); a deck of none of the shop's sizes refused,
one within 1 % scaled and said; the shop's cut and safe zone over the proof sheet."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from pnp.layout.shops import shops
from pnp.model.press import SHOP_KEYS
from tests.render.kits import MM_PER_PT, deck_kit


def test_the_table_has_every_shop_and_a_source_for_every_product():
    assert tuple(shops()) == SHOP_KEYS
    for shop in shops().values():
        assert shop.dpi == 300 and shop.products
        assert all(re.match(r"https?://\S+\.\S+", p.source) for p in shop.products), shop.key
    tgc_poker = next(p for p in shops()["tgc"].products if p.name == "poker")
    assert tgc_poker.px == (825, 1125)
    assert [round(v, 2) for v in shops()["tgc"].cut(tgc_poker)] == [63.5, 88.9]


def product_sizes() -> list[tuple[str, str, tuple[int, int], str]]:
    """(shop, product, pixels, the kit's size value for exactly that card) of every product of every shop."""
    out = []
    for shop in shops().values():
        for product in shop.products:
            w, h = shop.cut(product)
            out.append((shop.key, product.name, product.px, f"{{width: {w:.4f}mm, height: {h:.4f}mm}}"))
    return out


def pngs(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.png"))


def sizes(folder: Path) -> set[tuple[int, int]]:
    """The pixel sizes of the PNGs in `folder`."""
    out = set()
    for file in pngs(folder):
        with Image.open(file) as image:
            out.add(image.size)
    return out


@pytest.mark.parametrize(("shop", "product", "px", "size"), product_sizes(),
                         ids=[f"{s}-{p}" for s, p, _, _ in product_sizes()])
def test_card_files_are_the_shop_template_in_pixels_and_dpi(run_pnp, tmp_path: Path, shop, product, px, size):
    kit = deck_kit(tmp_path, size=size, bleed="3.2mm", count=1)
    out = tmp_path / "out"
    result = run_pnp("render", kit, "-o", out, "--format", "cards", "--shop", shop)
    assert result.exit_code == 0, result.output
    assert "shop.scaled" not in result.output and "shop.bleed" not in result.output
    files = pngs(out)
    assert len(files) == 2  # the card's front and the shared back
    for file in files:
        with Image.open(file) as image:
            assert image.size == px
            assert [round(v) for v in image.info["dpi"]] == [300, 300]


def test_a_poker_deck_one_percent_short_is_scaled_and_told(run_pnp, tmp_path: Path):
    kit = deck_kit(tmp_path, size="poker", bleed="3mm", count=1)  # 63 x 88 mm: 1.0 % under 2.5 x 3.5 in
    result = run_pnp("render", kit, "-o", tmp_path / "out", "--format", "cards", "--shop", "tgc")
    assert result.exit_code == 0, result.output
    assert re.search(r"kit\.yaml:\d+:\d+: warning \[shop\.scaled\] .*scaled 101\.0 % to The Game Crafter's poker",
                     result.output), result.output
    assert "3 mm bleed is under The Game Crafter's 3.17 mm" in result.output
    for file in pngs(tmp_path / "out"):
        with Image.open(file) as image:
            assert image.size == (825, 1125)


def test_a_deck_of_none_of_the_shop_sizes_is_refused_listing_them(run_pnp, tmp_path: Path):
    kit = deck_kit(tmp_path, size="tarot", bleed="3mm", count=1)  # 70 x 120 mm; DriveThruCards sells no tarot
    out = tmp_path / "out"
    result = run_pnp("render", kit, "-o", out, "--format", "cards", "--shop", "drivethrucards")
    assert result.exit_code == 1, result.output
    assert re.search(r"kit\.yaml:7:11: error \[shop\.size\] deck \"Cards\" is 70 x 120 mm, none of DriveThruCards'"
                     r"s card products \(poker 63\.5 x 88\.9 mm, bridge 57\.15 x 88\.9 mm, mini 44\.45 x 63\.5 mm\)",
                     result.output), result.output
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.iterdir())


def test_single_pages_are_the_product_plus_the_shop_bleed_with_the_cut_as_trim(run_pnp, tmp_path: Path):
    kit = deck_kit(tmp_path, size="poker", bleed="3mm", count=2)
    result = run_pnp("render", kit, "-o", tmp_path, "--format", "single", "--shop", "mpc")
    assert result.exit_code == 0, result.output
    with pikepdf.open(tmp_path / "geometry-test-single.pdf") as pdf:
        assert len(pdf.pages) == 4  # two copies, front and back
        for page in pdf.pages:
            media = [float(v) * MM_PER_PT for v in page.obj["/MediaBox"]]
            trim = [float(v) * MM_PER_PT for v in page.obj["/TrimBox"]]
            assert media == pytest.approx([0, 0, 822 / 300 * 25.4, 1122 / 300 * 25.4], abs=0.01)
            assert trim == pytest.approx([3.048, 3.048, 3.048 + 63.5, 3.048 + 88.9], abs=0.01)


def test_the_spec_key_chooses_the_shop_and_the_flag_overrides_it(run_pnp, tmp_path: Path):
    kit = deck_kit(tmp_path, size="{width: 63.5mm, height: 88.9mm}", bleed="3.2mm", count=1)
    kit.write_text(kit.read_text(encoding="utf-8") + "press: {shop: mpc}\n", encoding="utf-8")
    assert run_pnp("render", kit, "-o", tmp_path / "mpc", "--format", "cards").exit_code == 0
    assert sizes(tmp_path / "mpc") == {(822, 1122)}
    assert run_pnp("render", kit, "-o", tmp_path / "tgc", "--format", "cards", "--shop", "tgc").exit_code == 0
    assert sizes(tmp_path / "tgc") == {(825, 1125)}


@pytest.mark.parametrize("args", [["--format", "pdf", "--shop", "tgc"], ["--format", "cards,svg", "--shop", "mpc"],
                                  ["--format", "cards", "--shop", "tgc", "--dpi", "600"],
                                  ["--format", "cards", "--shop", "nosuchshop"]])
def test_shop_with_a_format_that_cannot_use_it_is_a_usage_error(run_pnp, tmp_path: Path, args):
    kit = deck_kit(tmp_path, bleed="3mm", count=1)
    result = run_pnp("render", kit, "-o", tmp_path / "out", *args)
    assert result.exit_code == 2, result.output
    assert not (tmp_path / "out").exists()


def magenta_pixels(pdf: Path) -> int:
    """Pixels of the proof's first page in the cut line's colour (#d6246e), at 100 dpi."""
    document = pdfium.PdfDocument(pdf)
    image = document[0].render(scale=100 / 72).to_pil().convert("RGB")
    document.close()
    red, green, blue = (band.tobytes() for band in image.split())
    return sum(1 for r, g, b in zip(red, green, blue, strict=True) if r > 180 and g < 90 and 70 < b < 150)


def test_the_proof_shows_the_shop_cut_and_safe_zone(run_pnp, tmp_path: Path):
    kit = deck_kit(tmp_path, size="{width: 63.5mm, height: 88.9mm}", bleed="3.2mm", count=1)
    assert run_pnp("render", kit, "-o", tmp_path / "plain", "--format", "proof").exit_code == 0
    result = run_pnp("render", kit, "-o", tmp_path / "tgc", "--format", "proof", "--shop", "tgc")
    assert result.exit_code == 0, result.output
    assert "The Game Crafter's poker cut (solid) and safe zone (dashed)" in result.output
    assert magenta_pixels(tmp_path / "plain" / "geometry-test-proof.pdf") == 0
    assert magenta_pixels(tmp_path / "tgc" / "geometry-test-proof.pdf") > 200


def test_the_shop_proof_shows_each_face_as_the_shop_s_file_its_bleed_outside_the_cut(run_pnp, tmp_path: Path):
    """With --shop the proof draws what the shop gets: the face's 3.2 mm of bleed round the shop's cut (1.6 mm at
    the proof's 50 %), so a designer sees what the cut may show."""
    kit = deck_kit(tmp_path, size="{width: 63.5mm, height: 88.9mm}", bleed="3.2mm", count=1)
    assert run_pnp("render", kit, "-o", tmp_path / "tgc", "--format", "proof", "--shop", "tgc").exit_code == 0
    with pdfplumber.open(tmp_path / "tgc" / "geometry-test-proof.pdf") as pdf:
        page = pdf.pages[0]
        cut = next(r for r in page.rects if r["stroke"] and _hex(r["stroking_color"]) == "#d6246e")
        face = max((r for r in page.rects if r["fill"] and _hex(r["non_stroking_color"]) == "#ffeeee"),
                   key=lambda r: r["width"])
    for outer, inner in ((cut["x0"], face["x0"]), (face["x1"], cut["x1"]), (cut["top"], face["top"]),
                         (face["bottom"], cut["bottom"])):
        assert (outer - inner) * MM_PER_PT == pytest.approx(1.5875, abs=0.02)


def _hex(colour) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in colour)


def test_a_bleed_short_of_the_shop_s_names_the_blank_edges_of_each_file(run_pnp, tmp_path: Path):
    """The Game Crafter's poker card exactly, with 2 mm of bleed under its 1/8 in: every edge of each file is
    1.17 mm (13.9 px) blank, said edge by edge, and the pixels agree (to the 2 px the rasteriser rounds a
    fill's edge to)."""
    kit = deck_kit(tmp_path, size="{width: 63.5mm, height: 88.9mm}", bleed="2mm", count=1)
    out = tmp_path / "out"
    result = run_pnp("render", kit, "-o", out, "--format", "cards", "--shop", "tgc")
    assert result.exit_code == 0, result.output
    assert ("the outer 1.17 mm (13.9 px) at the top and bottom and 1.17 mm (13.9 px) at the left and right of "
            "each file is blank") in result.output, result.output
    with Image.open(next(f for f in pngs(out) if "front" in f.name)) as image:
        rgb = image.convert("RGB")
        w, h = rgb.size
        assert {rgb.getpixel((w // 2, y)) for y in (0, 11, h - 12, h - 1)} == {(255, 255, 255)}
        assert {rgb.getpixel((x, h // 2)) for x in (0, 11, w - 12, w - 1)} == {(255, 255, 255)}
        assert {rgb.getpixel((15, 15)), rgb.getpixel((w - 16, h - 16))} == {(255, 238, 238)}


def test_a_card_scaled_past_the_cut_at_two_edges_leaves_those_less_blank(run_pnp, tmp_path: Path):
    kit = deck_kit(tmp_path, size="poker", bleed="3mm", count=1)  # 101 % by its height: 0.07 mm past left, right
    result = run_pnp("render", kit, "-o", tmp_path / "out", "--format", "cards", "--shop", "tgc")
    assert "the outer 0.14 mm (1.7 px) at the top and bottom and 0.07 mm (0.9 px) at the left and right" \
        in result.output, result.output


def test_the_single_note_gives_the_shops_sizes_unrounded(run_pnp, tmp_path: Path):
    kit = deck_kit(tmp_path, size="poker", bleed="3mm", count=1)
    result = run_pnp("render", kit, "-o", tmp_path, "--format", "single", "--shop", "tgc")
    assert result.exit_code == 0, result.output
    assert "69.85 x 95.25 mm (trim 63.5 x 88.9 mm, 3.175 mm bleed" in result.output, result.output


def test_a_deck_a_little_wide_is_said_cropped_not_scaled(run_pnp, tmp_path: Path):
    kit = deck_kit(tmp_path, size="{width: 64.1mm, height: 88.9mm}", bleed="3.2mm", count=1)
    result = run_pnp("render", kit, "-o", tmp_path / "out", "--format", "cards", "--shop", "tgc")
    assert result.exit_code == 0, result.output
    assert re.search(r"warning \[shop\.scaled\] .*cropped, not scaled, to The Game Crafter's poker card "
                     r"\(63\.50 x 88\.90 mm\), 0\.30 mm of the card past the cut at its left and right", result.output)
    assert "scaled 100.0 %" not in result.output
