"""Press output: `--colour cmyk` and `--pdfx x-4|x-1a` on a 40-card poker deck with 3 mm bleed, read back with
pikepdf (an independent reader): no RGB anywhere, CMYK colours passed through, text black as black ink alone,
images converted, the output intent with its ICC profile, PDF/X keys in the info and XMP, every font embedded."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageCms, ImageStat

from pnp.data import resource_path

PRESS_DECK = Path(__file__).parent / "press_deck" / "kit.yaml"
PROFILE = resource_path("pnp.data", "icc", "pnp-cmyk.icc")
RGB_OPS = re.compile(rb"(^|\s)[-.\d]+\s+[-.\d]+\s+[-.\d]+\s+(rg|RG)(\s|$)")


def render(run_pnp, spec: Path, out: Path, *args: str) -> Path:
    result = run_pnp("render", spec, "-o", out, *args)
    assert result.exit_code == 0, result.output
    return next(out.glob("*-a4.pdf"))


def streams(document: pikepdf.Pdf) -> list[pikepdf.Object]:
    return [obj for obj in document.objects if isinstance(obj, pikepdf.Stream)]


def assert_no_rgb(pdf: Path) -> None:
    with pikepdf.open(pdf) as document:
        for obj in document.objects:
            assert "/DeviceRGB" not in repr(obj), obj
        for stream in streams(document):
            if stream.get("/Subtype") in ("/Image",) or stream.get("/N") == 4:
                continue
            data = stream.read_bytes()
            assert not RGB_OPS.search(data), data[:200]


def test_cmyk_sheets_hold_no_rgb_and_pass_cmyk_colours_through(run_pnp, tmp_path: Path):
    pdf = render(run_pnp, PRESS_DECK, tmp_path, "--colour", "cmyk")
    assert_no_rgb(pdf)
    with pikepdf.open(pdf) as document:
        content = b"".join(s.read_bytes() for s in streams(document) if s.get("/Subtype") != "/Image")
        images = [s for s in streams(document) if s.get("/Subtype") == "/Image"]
    assert b"0 .2 1 0 K" in content  # the spec's cmyk(0%, 20%, 100%, 0%) stroke, untouched
    assert re.search(rb"0 0 0 1 k\s+BT", content)  # black text: black ink alone
    assert images and all(image.ColorSpace == "/DeviceCMYK" for image in images)


def test_images_go_through_the_profile(run_pnp, tmp_path: Path):
    pdf = render(run_pnp, PRESS_DECK, tmp_path, "--colour", "cmyk")
    with pikepdf.open(pdf) as document:
        image = next(s for s in streams(document) if s.get("/Subtype") == "/Image")
        raw = pikepdf.PdfImage(image).as_pil_image()
    sky = Image.open(PRESS_DECK.parent / "art" / "sky.png").convert("RGB")
    expected = ImageCms.profileToProfile(sky, ImageCms.createProfile("sRGB"), str(PROFILE), outputMode="CMYK",
                                         renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                         flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    assert raw.mode == "CMYK" and raw.size == sky.size
    assert ImageChops.difference(raw, expected).getbbox() is None


def _pixels(pdf: Path) -> Image.Image:
    document = pdfium.PdfDocument(pdf)
    try:
        return document[0].render(scale=30 / 72).to_pil().convert("RGB")
    finally:
        document.close()


def test_cmyk_pages_look_like_the_rgb_ones(run_pnp, tmp_path: Path):
    rgb = _pixels(render(run_pnp, PRESS_DECK, tmp_path / "rgb"))
    cmyk = _pixels(render(run_pnp, PRESS_DECK, tmp_path / "cmyk", "--colour", "cmyk"))
    difference = ImageStat.Stat(ImageChops.difference(rgb, cmyk)).mean
    # a viewer shows CMYK without the profile (red = 1 - cyan - black): near the RGB page (about 25 of 255 on
    # average in the worst channel for this deck), never far (an inverted or garbled separation is over 80)
    assert max(difference) < 32, difference


def test_pdfx4_has_output_intent_profile_version_and_embedded_fonts(run_pnp, tmp_path: Path):
    pdf = render(run_pnp, PRESS_DECK, tmp_path, "--pdfx", "x-4")
    assert pdf.read_bytes().startswith(b"%PDF-1.6")
    assert_no_rgb(pdf)
    with pikepdf.open(pdf) as document:
        (intent,) = document.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and intent.Type == "/OutputIntent"
        assert intent.DestOutputProfile.read_bytes() == PROFILE.read_bytes() and intent.DestOutputProfile.N == 4
        # pnp's own profile is no registered printing condition: Custom, described, no registry named
        assert str(intent.OutputConditionIdentifier) == "Custom" and "/RegistryName" not in intent
        assert str(intent.OutputCondition) == str(intent.Info) == "pnp generic CMYK (coated, 300% ink)"
        assert str(document.docinfo["/GTS_PDFXVersion"]) == "PDF/X-4"
        assert document.docinfo["/Trapped"] == "/False"
        with document.open_metadata() as xmp:
            assert xmp["pdfxid:GTS_PDFXVersion"] == "PDF/X-4"
            assert xmp["pdf:Trapped"] == "False"
        fonts = [obj for obj in document.objects if isinstance(obj, pikepdf.Dictionary)
                 and obj.get("/Type") == "/Font" and obj.get("/Subtype") in ("/TrueType", "/Type1")]
        assert fonts and all("/FontFile2" in font.FontDescriptor for font in fonts)


def test_pdfx_svg_art_is_inked_and_its_text_embedded(run_pnp, tmp_kit, tmp_path: Path):
    art = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><defs><linearGradient id="g">'
           '<stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient></defs>'
           '<rect width="40" height="10" fill="url(#g)"/><text x="2" y="18" font-family="Arial">Hi</text></svg>')
    spec = tmp_kit("kit: Art\ncomponents:\n  - type: deck\n    name: D\n    cards:\n      - name: A\n"
                   "        elements: [{type: image, src: art.svg, x: 5mm, y: 5mm, width: 40mm, height: 20mm}]\n",
                   {"art.svg": art})
    pdf = render(run_pnp, spec, tmp_path, "--pdfx", "x-4")
    assert_no_rgb(pdf)
    with pikepdf.open(pdf) as document:
        fonts = [o for o in document.objects if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font"]
        assert fonts and all(font.get("/Subtype") == "/TrueType" for font in fonts)  # no Helvetica listed


def test_pdfx1a_refuses_each_element_with_opacity_at_its_line(run_pnp, tmp_kit):
    spec = tmp_kit("kit: Glass\ncomponents:\n  - type: deck\n    name: D\n    cards:\n      - name: A\n"
                   "        elements:\n          - {type: rect, x: 0, y: 0, width: 10mm, height: 10mm, fill: red,"
                   " opacity: 0.5}\n")
    result = run_pnp("render", spec, "--pdfx", "x-1a")
    assert result.exit_code == 1
    assert re.search(r"kit\.yaml:8:\d+: error \[press\.transparency\] PDF/X-1a has no transparency", result.output)
    assert "Traceback" not in result.output


def test_pdfx1a_refuses_a_picture_with_an_alpha_channel_at_its_line(run_pnp, tmp_kit):
    picture = io.BytesIO()
    Image.new("RGBA", (20, 20), (255, 0, 0, 128)).save(picture, "PNG")
    spec = tmp_kit("kit: Glass\ncomponents:\n  - type: deck\n    name: D\n    cards:\n      - name: A\n"
                   "        elements: [{type: image, src: see.png, x: 0, y: 0, width: 10mm, height: 10mm}]\n",
                   {"see.png": picture.getvalue()})
    result = run_pnp("render", spec, "--pdfx", "x-1a")
    assert result.exit_code == 1
    assert re.search(r"kit\.yaml:7:\d+: error \[press\.transparency\] .* see\.png has an alpha channel", result.output)


def test_pdfx1a_without_transparency_is_written(run_pnp, tmp_kit, tmp_path: Path):
    spec = tmp_kit("kit: Flat\ncomponents:\n  - type: deck\n    name: D\n    cards:\n      - name: A\n"
                   "        elements: [{type: rect, x: 0, y: 0, width: 10mm, height: 10mm, fill: red}]\n")
    pdf = render(run_pnp, spec, tmp_path, "--pdfx", "x-1a")
    with pikepdf.open(pdf) as document:
        assert str(document.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
    assert_no_rgb(pdf)


INKY = """\
kit: Inks
press: {{colour: cmyk}}
components:
  - type: deck
    name: D
    cards:
      - name: A
        elements: [{{type: rect, x: 0, y: 0, width: 10mm, height: 10mm, fill: "{fill}"}}]
"""


def test_a_colour_over_300_percent_ink_is_a_located_warning(run_pnp, tmp_kit):
    result = run_pnp("validate", tmp_kit(INKY.format(fill="cmyk(100%, 100%, 100%, 100%)")))
    assert result.exit_code == 0
    assert re.search(r"kit\.yaml:8:\d+: warning \[press\.ink_limit\] cmyk\(100%, 100%, 100%, 100%\) has 400 %",
                     result.output)


def test_a_colour_within_300_percent_ink_passes(run_pnp, tmp_kit):
    result = run_pnp("validate", tmp_kit(INKY.format(fill="cmyk(60%, 40%, 40%, 100%)")))
    assert result.exit_code == 0 and "press.ink_limit" not in result.output


def test_an_ink_over_100_percent_is_an_error(run_pnp, tmp_kit):
    result = run_pnp("validate", tmp_kit(INKY.format(fill="cmyk(120%, 0%, 0%, 0%)")))
    assert result.exit_code == 1 and "over 100 %" in result.output


PROFILED = "kit: Own profile\npress: {colour: cmyk, profile: shop.icc}\ncomponents:\n" \
           "  - {type: deck, name: D, cards: [{name: A}]}\n"


def _srgb_profile() -> bytes:
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


@pytest.mark.parametrize(("data", "message"), [
    (b"not a profile at all" * 10, "is not an ICC profile"),
    (_srgb_profile(), "not a CMYK output (printer) profile"),
    (PROFILE.read_bytes()[:5000], "cannot be read as an ICC profile"),
])
def test_a_bad_kit_profile_is_one_located_error(run_pnp, tmp_kit, data: bytes, message: str):
    spec = tmp_kit(PROFILED, {"shop.icc": data})
    result = run_pnp("render", spec)
    assert result.exit_code == 1
    assert re.search(r"kit\.yaml:2:\d+: error \[press\.profile\]", result.output) and message in result.output
    assert "Traceback" not in result.output


def test_a_kit_profile_over_the_cap_is_refused(run_pnp, tmp_kit, monkeypatch):
    from pnp.source import profiles

    monkeypatch.setattr(profiles, "MAX_PROFILE_BYTES", 1000)
    result = run_pnp("validate", tmp_kit(PROFILED, {"shop.icc": PROFILE.read_bytes()}))
    assert result.exit_code == 1 and "over the cap of 1,000 bytes" in result.output


def test_a_kits_own_profile_is_used_and_embedded(run_pnp, tmp_kit, tmp_path: Path):
    spec = tmp_kit(PROFILED.replace("colour: cmyk", "standard: pdf/x-4"), {"shop.icc": PROFILE.read_bytes()})
    pdf = render(run_pnp, spec, tmp_path)
    with pikepdf.open(pdf) as document:
        (intent,) = document.Root.OutputIntents
        assert str(intent.OutputConditionIdentifier) == "Custom"


def test_a_profile_of_a_registered_condition_names_it_in_the_output_intent():
    from pnp.source.profiles import Profile, output_condition

    assert output_condition("Coated FOGRA39 (ISO 12647-2:2004)") == (
        "FOGRA39", "Coated FOGRA39 (ISO 12647-2:2004)", True)
    assert output_condition("PSO Uncoated v3 (FOGRA52)")[:1] == ("FOGRA52",)
    assert output_condition("U.S. Web Coated (SWOP) v2") == ("Custom", "U.S. Web Coated (SWOP) v2", False)
    assert Profile("shop", b"not a profile").condition == ("Custom", "shop", False)  # its name describes it


def test_rgb_with_pdfx_is_refused(run_pnp):
    result = run_pnp("render", PRESS_DECK, "--pdfx", "x-4", "--colour", "rgb")
    assert result.exit_code == 1 and "has no RGB" in result.output


@pytest.mark.skipif(shutil.which("gs") is None, reason="ghostscript is not installed")
def test_ghostscript_reads_the_pdfx_file_without_complaint(run_pnp, tmp_path: Path):
    pdf = render(run_pnp, PRESS_DECK, tmp_path, "--pdfx", "x-4")
    done = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(pdf)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and not done.stdout.strip() and not done.stderr.strip(), done.stdout + done.stderr


def test_the_shipped_profile_is_a_cmyk_output_profile_with_its_licence():
    profile = ImageCms.ImageCmsProfile(io.BytesIO(PROFILE.read_bytes()))
    assert profile.profile.xcolor_space.strip() == "CMYK" and profile.profile.device_class.strip() == "prtr"
    assert "MIT" in (PROFILE.parent / "LICENSE").read_text(encoding="utf-8")


def test_the_schema_knows_the_press_key_and_cmyk_colours(run_pnp):
    import json

    import jsonschema
    import yaml

    schema = json.loads(run_pnp("schema").output)
    kit = ("kit: A\npress: {colour: cmyk, profile: shop.icc, standard: pdf/x-4}\ncomponents: [{type: deck, name: D,"
           " cards: [{name: A, elements: [{type: rect, x: 0, y: 0, width: 1mm, height: 1mm,"
           " fill: 'cmyk(0%, 20%, 100%, 0%)'}]}]}]\n")
    jsonschema.validate(yaml.safe_load(kit), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(yaml.safe_load(kit.replace("pdf/x-4", "pdf/x-3")), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(yaml.safe_load(kit.replace("cmyk(0%, 20%, 100%, 0%)", "cmyk(0%, 20%)")), schema)
