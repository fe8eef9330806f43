"""Images in PDFs: embedded once per document, passed through without re-encoding, drawn the right way up."""

from __future__ import annotations

import io
import os
import random
import struct
from dataclasses import replace
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image as PILImage
from PIL import ImageChops
from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject

from pnp.diagnostics import Mark, SpecError
from pnp.layout.scene import Document, Image, Page, Rect, Style
from pnp.render.pdf import render_pdf
from pnp.source import svglib_internals
from pnp.source.images import check_image

W, H = 60, 40


def noise(mode: str, seed: int, size: tuple[int, int] = (W, H)) -> PILImage.Image:
    """A small image of random pixels (nothing for a codec to smooth over) in `mode`."""
    rng = random.Random(seed)
    bands = {"L": 1, "P": 1, "RGB": 3, "RGBA": 4}[mode]
    data = bytes(rng.randrange(256) for _ in range(size[0] * size[1] * bands))
    if mode == "P":
        img = PILImage.frombytes("L", size, data).convert("P")
        img.putpalette([rng.randrange(256) for _ in range(768)])
        return img
    return PILImage.frombytes(mode, size, data)


def save(img: PILImage.Image, path: Path, **options: object) -> Image:
    """Write `img` and return a scene Image of it, 30 x 20 mm at (10, 10)."""
    img.save(path, **options)
    return placed(path, 10, 10)


def placed(path: Path, x: float, y: float, w: float = 30, h: float = 20) -> Image:
    """A scene Image of `path`, checked as a spec's image is before it is rendered."""
    info = check_image(path.parent, path.parent, path.name, Mark("kit.yaml", 3, 9))
    return Image(x, y, w, h, info.path, info.key)


def pdf_of(*pages: tuple[Image | Rect, ...]) -> bytes:
    return render_pdf(Document("t", tuple(Page(100, 80, items) for items in pages)))


def image_xobjects(pdf: bytes) -> dict[int, DictionaryObject]:
    """Every image XObject used by any page, by object number."""
    found: dict[int, DictionaryObject] = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        xobjects = page["/Resources"].get("/XObject", {})
        for ref in xobjects.values():
            assert isinstance(ref, IndirectObject)
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                found[ref.idnum] = obj
    return found


def only_image(pdf: bytes) -> PILImage.Image:
    """The decoded pixels of the PDF's single image (pypdf applies filters, predictors and palettes)."""
    images = PdfReader(io.BytesIO(pdf)).pages[0].images
    assert len(images) == 1
    return images[0].image


def idat(path: Path) -> bytes:
    data = path.read_bytes()
    pos, out = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        if kind == b"IDAT":
            out += data[pos + 8 : pos + 8 + length]
        pos += 12 + length
    return out


def raster(pdf: bytes, dpi: int = 72) -> PILImage.Image:
    document = pdfium.PdfDocument(pdf)
    try:
        return document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def mm(v: float, dpi: int = 72) -> int:
    return round(v / 25.4 * dpi)


def test_each_distinct_image_is_embedded_once(tmp_path: Path) -> None:
    a = save(noise("RGB", 1), tmp_path / "a.png")
    b = save(noise("RGB", 2), tmp_path / "b.png")
    copy_of_a = tmp_path / "copy.png"
    copy_of_a.write_bytes((tmp_path / "a.png").read_bytes())
    page1 = (a, placed(tmp_path / "a.png", 50, 10), b, placed(copy_of_a, 10, 40))
    page2 = (placed(tmp_path / "b.png", 0, 0), a)
    pdf = pdf_of(page1, page2)
    assert len(image_xobjects(pdf)) == 2
    assert len(PdfReader(io.BytesIO(pdf)).pages[1].images) == 2


@pytest.mark.parametrize("mode", ["RGB", "L", "P"])
def test_png_stream_passes_through_and_decodes_to_the_same_pixels(tmp_path: Path, mode: str) -> None:
    source = noise(mode, 3)
    item = save(source, tmp_path / "n.png")
    pdf = pdf_of((item,))
    (xobject,) = image_xobjects(pdf).values()
    assert xobject["/Filter"] == "/FlateDecode"
    assert xobject["/DecodeParms"]["/Predictor"] == 15
    assert xobject.get_data() != b""
    assert xobject._data == idat(tmp_path / "n.png")
    decoded = only_image(pdf).convert("RGB")
    assert decoded.size == (W, H)
    assert ImageChops.difference(decoded, source.convert("RGB")).getbbox() is None


def test_jpeg_passes_through_untouched(tmp_path: Path) -> None:
    source = PILImage.linear_gradient("L").resize((W, H)).convert("RGB")
    item = save(source, tmp_path / "g.jpg", quality=90)
    pdf = pdf_of((item,))
    (xobject,) = image_xobjects(pdf).values()
    assert xobject["/Filter"] == "/DCTDecode"
    assert xobject._data == (tmp_path / "g.jpg").read_bytes()
    difference = ImageChops.difference(only_image(pdf).convert("RGB"), source)
    assert max(high for _, high in difference.getextrema()) <= 12


def test_interlaced_png_still_decodes_to_the_same_pixels(tmp_path: Path) -> None:
    source = noise("RGB", 4)
    pdf = pdf_of((save(source, tmp_path / "i.png", interlace=1),))
    assert ImageChops.difference(only_image(pdf).convert("RGB"), source).getbbox() is None


def test_image_is_drawn_upright_in_its_box(tmp_path: Path) -> None:
    img = PILImage.new("RGB", (W, H), (220, 0, 0))
    img.paste((0, 0, 220), (0, H // 2, W, H))
    pdf = pdf_of((save(img, tmp_path / "ud.png"),))
    page = raster(pdf)
    assert page.getpixel((mm(25), mm(13))) == pytest.approx((220, 0, 0), abs=8)
    assert page.getpixel((mm(25), mm(27))) == pytest.approx((0, 0, 220), abs=8)
    assert page.getpixel((mm(60), mm(20))) == (255, 255, 255)


def test_rgba_png_shows_what_is_underneath_where_it_is_transparent(tmp_path: Path) -> None:
    img = PILImage.new("RGBA", (W, H), (0, 160, 0, 255))
    img.paste((0, 0, 0, 0), (W // 2, 0, W, H))
    item = save(img, tmp_path / "a.png")
    under = Rect(0, 0, 100, 80, Style(fill="#ffd700", stroke=None))
    page = raster(pdf_of((under, item)))
    assert page.getpixel((mm(15), mm(20))) == pytest.approx((0, 160, 0), abs=8)
    assert page.getpixel((mm(35), mm(20))) == pytest.approx((255, 215, 0), abs=8)


def test_cmyk_jpeg_keeps_its_colours(tmp_path: Path) -> None:
    item = save(PILImage.new("CMYK", (W, H), (0, 255, 255, 0)), tmp_path / "c.jpg")
    page = raster(pdf_of((item,)))
    red, green, blue = page.getpixel((mm(25), mm(20)))
    assert red > 200 and green < 80 and blue < 80


def test_a_picture_saved_over_after_its_check_is_refused_not_embedded(tmp_path: Path) -> None:
    checked = save(noise("RGB", 1), tmp_path / "a.png")
    noise("RGB", 2).resize((90, 60)).save(tmp_path / "a.png")  # an editor saves a bigger picture over it
    with pytest.raises(SpecError) as error:
        pdf_of((checked,))
    (problem,) = error.value.diagnostics
    assert (problem.file, problem.line, problem.column) == ("kit.yaml", 3, 9)
    assert "'a.png' changed while it was being rendered" in problem.message


def test_a_picture_touched_after_its_check_is_refused_even_at_the_same_size(tmp_path: Path) -> None:
    checked = save(noise("RGB", 1), tmp_path / "a.png")
    data = (tmp_path / "a.png").read_bytes()
    flipped = data[:-20] + bytes([data[-20] ^ 1]) + data[-19:]  # one byte of its data: damaged, same size
    (tmp_path / "a.png").write_bytes(flipped)
    os.utime(tmp_path / "a.png", ns=(1, 1))
    with pytest.raises(SpecError, match="changed while it was being rendered"):
        pdf_of((checked,))


def test_a_picture_never_checked_is_not_embedded(tmp_path: Path) -> None:
    noise("RGB", 1).save(tmp_path / "raw.png")
    with pytest.raises(SpecError, match="was not checked before it was rendered"):
        pdf_of((Image(10, 10, 30, 20, tmp_path / "raw.png", "raw"),))


SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="{n}" height="10"/></svg>'


@pytest.mark.parametrize("opacity", [1.0, 0.5])
def test_svg_art_saved_over_after_its_check_is_refused_not_parsed_again(tmp_path: Path, opacity: float) -> None:
    (tmp_path / "art.svg").write_text(SQUARE.format(n=10), encoding="utf-8")
    checked = placed(tmp_path / "art.svg", 10, 10)
    svglib_internals._DRAWINGS.clear()  # the check's drawing gone, as after many other files in a preview session
    (tmp_path / "art.svg").write_text(SQUARE.format(n=50), encoding="utf-8")  # saved over, same size
    os.utime(tmp_path / "art.svg", ns=(1, 1))
    with pytest.raises(SpecError, match=r"'art\.svg' changed while it was being rendered"):
        pdf_of((replace(checked, opacity=opacity),))
