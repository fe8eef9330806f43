"""`fit: stretch | contain | cover` on card images, read back from the PDF (the image's placement and the clip
that cuts a covering picture to its box), and the warnings for pictures printed under 150 ppi or distorted by
the default stretch, at the image's spec line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import Image as PILImage

from tests.conftest import PnpRunner
from tests.render.kits import MM_PER_PT

KIT = """\
kit: Fit test
sheets: {{paper: a4, orientation: portrait, crop_marks: false}}
components:
  - type: deck
    name: Pictures
    size: poker
    cards:
      - name: One
        elements:
          - {{type: image, src: {src}, x: 10mm, y: 10mm, width: 40mm, height: 20mm{fit}}}
"""


def _kit(tmp_path: Path, size_px: tuple[int, int], fit: str = "") -> Path:
    PILImage.new("RGB", size_px, (200, 30, 30)).save(tmp_path / "art.png")
    spec = tmp_path / "kit.yaml"
    spec.write_text(KIT.format(src="art.png", fit=f", fit: {fit}" if fit else ""), encoding="utf-8")
    return spec


def _placed(run_pnp: PnpRunner, spec: Path) -> tuple[tuple[float, ...], Callable[[float, float], bool]]:
    """The image's box relative to the card's trim (mm), and whether the page shows the picture's red at a point
    of the card (mm from its trim's top-left corner)."""
    out = spec.parent / "out"
    result = run_pnp("render", spec, "-o", out, "--format", "pdf")
    assert result.exit_code == 0, result.output
    path = next(out.glob("*.pdf"))
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        [image] = page.images
        card = min(page.rects, key=lambda r: (r["top"], r["x0"]))  # the card's fill: its trim, without bleed
        left, top = card["x0"] * MM_PER_PT, card["top"] * MM_PER_PT
        box = tuple(round(v, 2) for v in (image["x0"] * MM_PER_PT - left, image["top"] * MM_PER_PT - top,
                                           image["width"] * MM_PER_PT, image["height"] * MM_PER_PT))
    document = pdfium.PdfDocument(path)
    picture = document[0].render(scale=4).to_pil().convert("RGB")  # 4 px per pt
    document.close()

    def red(x: float, y: float) -> bool:
        pixel = picture.getpixel((round((left + x) / MM_PER_PT * 4), round((top + y) / MM_PER_PT * 4)))
        return pixel == (200, 30, 30)

    return box, red


@pytest.mark.parametrize(("fit", "expected"), [
    ("", (10, 10, 40, 20)),  # stretch: the box, whatever the picture's shape
    ("stretch", (10, 10, 40, 20)),
    ("contain", (20, 10, 20, 20)),  # a square picture, whole, centred in the 40 x 20 box
    ("cover", (10, 0, 40, 40)),  # filling the box's width, its top and bottom cut off
])
def test_a_square_picture_in_a_wide_box(run_pnp: PnpRunner, tmp_path: Path, fit: str, expected):
    box, red = _placed(run_pnp, _kit(tmp_path, (600, 600), fit))
    assert box == pytest.approx(expected, abs=0.02)
    assert red(30, 20) and not red(30, 5) and not red(30, 35)  # never outside its 40 x 20 box
    assert red(12, 20) == (fit != "contain")  # contain leaves the box's sides empty


def _warnings(run_pnp: PnpRunner, spec: Path) -> list[dict]:
    result = run_pnp("validate", spec, "--format", "json")
    assert result.exit_code == 0, result.output
    return [d for d in json.loads(result.stdout) if d["rule"].startswith("image.")]


def test_a_picture_under_150_ppi_at_print_size_is_a_warning_at_its_line(run_pnp: PnpRunner, tmp_path: Path):
    # 200 x 100 px over 40 x 20 mm: 127 ppi
    [found] = _warnings(run_pnp, _kit(tmp_path, (200, 100)))
    assert found["rule"] == "image.low_resolution" and found["severity"] == "warning"
    assert (found["file"], found["line"]) == (str(tmp_path / "kit.yaml"), 10)
    assert "127 ppi" in found["message"] and "237 px across" in found["hint"]
    assert not _warnings(run_pnp, _kit(tmp_path, (240, 120)))  # 152 ppi


def test_the_default_stretch_says_when_it_distorts_a_picture(run_pnp: PnpRunner, tmp_path: Path):
    [found] = _warnings(run_pnp, _kit(tmp_path, (600, 600)))
    assert found["rule"] == "image.stretched" and found["line"] == 10 and "fit: cover" in found["hint"]
    assert not _warnings(run_pnp, _kit(tmp_path, (600, 600), "stretch"))  # asked for: no warning
    # cover keeps the proportions; its ppi counts the picture's size as drawn (600 px over 40 mm: 381 ppi)
    assert not _warnings(run_pnp, _kit(tmp_path, (600, 600), "cover"))


BOARD_KIT = """\
kit: Board art test
sheets: {paper: a4, orientation: portrait}
components:
  - type: board
    name: Map
    rows: 4
    columns: 6
    cell: 20mm
    image: map.png
"""


def test_a_board_picture_of_another_shape_is_a_stretched_warning_at_its_image_line(run_pnp: PnpRunner,
                                                                                  tmp_path: Path):
    # the board is 120 x 80 mm (3:2); a square picture is stretched 50 % across, a 3:2 one is not
    spec = tmp_path / "kit.yaml"
    spec.write_text(BOARD_KIT, encoding="utf-8")
    PILImage.new("RGB", (900, 900), (200, 30, 30)).save(tmp_path / "map.png")
    [found] = _warnings(run_pnp, spec)
    assert found["rule"] == "image.stretched" and found["severity"] == "warning" and found["line"] == 9
    assert "120 x 80 mm" in found["message"] and "50.0 %" in found["message"]
    assert "1350 x 900 px" in found["hint"]
    PILImage.new("RGB", (1350, 900), (200, 30, 30)).save(tmp_path / "map.png")
    assert not _warnings(run_pnp, spec)
