"""What a print shop reads in a PDF/X file beyond its colours: when it was made (the info dictionary's and the
XMP's dates, the same instant), read back with pikepdf."""

from __future__ import annotations

import io
import time
from datetime import UTC, datetime
from pathlib import Path

import pikepdf
import pytest
from pikepdf.models.metadata import decode_pdf_date

PRESS_DECK = Path(__file__).parent / "press_deck" / "kit.yaml"
FLAT = ("kit: Flat\ncomponents:\n  - type: deck\n    name: D\n    cards:\n      - name: A\n"
        "        elements: [{type: rect, x: 0, y: 0, width: 10mm, height: 10mm, fill: red}]\n")


def render(run_pnp, spec: Path, out: Path, *args: str) -> Path:
    result = run_pnp("render", spec, "-o", out, *args)
    assert result.exit_code == 0, result.output
    return next(out.glob("*-a4.pdf"))


def dates(pdf: Path) -> tuple[list[str], list[str]]:
    """The info dictionary's CreationDate and ModDate, and the XMP's CreateDate, ModifyDate and MetadataDate."""
    with pikepdf.open(pdf) as document:
        info = [str(document.docinfo[key]) for key in ("/CreationDate", "/ModDate")]
        with document.open_metadata() as xmp:
            packet = [xmp[key] for key in ("xmp:CreateDate", "xmp:ModifyDate", "xmp:MetadataDate")]
    return info, packet


@pytest.mark.parametrize("standard", ["x-4", "x-1a"])
def test_a_pdfx_file_is_dated_when_it_was_made_in_its_info_and_xmp_alike(run_pnp, tmp_kit, tmp_path, monkeypatch,
                                                                         standard):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    before = int(time.time())
    info, packet = dates(render(run_pnp, tmp_kit(FLAT), tmp_path / "out", "--pdfx", standard))
    after = time.time()
    made = decode_pdf_date(info[0])
    assert before <= made.timestamp() <= after
    assert info[0] == info[1] and info[0].endswith("+00'00'")  # UTC, written alike
    assert {datetime.fromisoformat(when) for when in packet} == {made}  # the same instant, to the second
    assert all(when.endswith("Z") for when in packet)


def test_source_date_epoch_dates_a_pdfx_file_and_gives_the_same_bytes(run_pnp, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    first = render(run_pnp, PRESS_DECK, tmp_path / "a", "--pdfx", "x-4")
    time.sleep(1.1)  # a clock that moved on between the two renders changes nothing
    second = render(run_pnp, PRESS_DECK, tmp_path / "b", "--pdfx", "x-4")
    assert first.read_bytes() == second.read_bytes()
    info, packet = dates(first)
    assert info == ["D:20231114221320+00'00'"] * 2
    assert packet == ["2023-11-14T22:13:20Z"] * 3
    assert decode_pdf_date(info[0]) == datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC)


def test_other_pdfs_keep_their_fixed_date_and_bytes(run_pnp, tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    pdf = render(run_pnp, PRESS_DECK, tmp_path, "--colour", "cmyk")
    with pikepdf.open(pdf) as document:
        assert str(document.docinfo["/CreationDate"]) == "D:20000101000000+00'00'"


def test_a_bad_source_date_epoch_is_one_error_not_a_traceback(run_pnp, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    result = run_pnp("render", PRESS_DECK, "-o", tmp_path, "--pdfx", "x-4")
    assert result.exit_code == 1
    assert "[output.date] SOURCE_DATE_EPOCH is 'yesterday'" in result.output
    assert "internal" not in result.output


def test_a_bad_source_date_epoch_is_one_error_for_a_rulebook_too(run_pnp, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    result = run_pnp("render", "examples/mdd-micro/kit.yaml", "-o", tmp_path, "--format", "svg")
    assert result.exit_code == 1
    assert "[output.date] SOURCE_DATE_EPOCH is 'yesterday'" in result.output
    assert "internal" not in result.output
    assert not any(tmp_path.iterdir())


def groups(pdf: Path) -> list[object]:
    """Each page's /Group, as (S, CS), or None."""
    with pikepdf.open(pdf) as document:
        return [(str(page.Group.S), str(page.Group.CS)) if "/Group" in page.obj else None for page in document.pages]


BLEND = ("/Transparency", "/DeviceCMYK")


@pytest.mark.parametrize("args", [("--pdfx", "x-4"), ("--colour", "cmyk")])
def test_cmyk_pages_with_transparency_blend_in_cmyk_and_the_others_have_no_group(run_pnp, tmp_path, args):
    pages = groups(render(run_pnp, PRESS_DECK, tmp_path, *args))
    # duplex sheets: the fronts hold a translucent dot, the backs nothing translucent
    assert len(pages) >= 2 and pages[0::2] == [BLEND] * len(pages[0::2])
    assert pages[1::2] == [None] * len(pages[1::2])
    with pikepdf.open(next(tmp_path.glob("*-a4.pdf"))) as document:
        assert document.pages[0].Group.Type == "/Group"


def test_rgb_pages_keep_no_group(run_pnp, tmp_path):
    assert set(groups(render(run_pnp, PRESS_DECK, tmp_path))) == {None}


def _deck(element: str) -> str:
    return ("kit: One\ncomponents:\n  - type: deck\n    name: D\n    cards:\n      - name: A\n"
            f"        elements: [{element}]\n")


def test_a_picture_with_alpha_or_svg_art_with_opacity_makes_its_page_blend(run_pnp, tmp_kit, tmp_path):
    from PIL import Image

    picture = io.BytesIO()
    Image.new("RGBA", (8, 8), (255, 0, 0, 128)).save(picture, "PNG")
    solid = io.BytesIO()
    Image.new("RGB", (8, 8), (255, 0, 0)).save(solid, "PNG")
    faded = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
             '<rect width="10" height="10" fill="#0000ff" fill-opacity="0.4"/></svg>')
    opaque = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
    files = {"see.png": picture.getvalue(), "solid.png": solid.getvalue(), "faded.svg": faded, "opaque.svg": opaque}
    for name, expected in [("see.png", BLEND), ("faded.svg", BLEND), ("solid.png", None), ("opaque.svg", None)]:
        spec = tmp_kit(_deck(f"{{type: image, src: {name}, x: 0, y: 0, width: 10mm, height: 10mm}}"), files)
        assert groups(render(run_pnp, spec, tmp_path / name, "--pdfx", "x-4")) == [expected], name


def test_a_bad_source_date_epoch_is_one_error_for_validate(run_pnp, monkeypatch):
    """The showcase's SVG art is drawn through reportlab, which reads the variable too."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "abc")
    result = run_pnp("validate", "examples/showcase/kit.yaml")
    assert result.exit_code == 1
    assert "[output.date] SOURCE_DATE_EPOCH is 'abc'" in result.output
    assert "internal" not in result.output
