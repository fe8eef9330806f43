"""`--lang`: English is the source language, regional codes fall back to their language, unknown codes are
usage errors that name the languages there are."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.i18n.components import COMPONENTS_DIR
from pnp.i18n.languages import available_languages
from pnp.i18n.languages import direction as text_direction
from tests.booklet.conftest import pdf_text
from tests.conftest import PnpRunner

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "examples" / "generic-deck" / "kit.yaml"


def _render(run_pnp: PnpRunner, out: Path, *args: str):
    result = run_pnp("render", DECK, "-o", out, *args)
    assert result.exit_code == 0, result.output
    return result


def test_lang_en_is_the_same_output_as_no_lang(run_pnp: PnpRunner, tmp_path: Path):
    _render(run_pnp, tmp_path / "plain")
    _render(run_pnp, tmp_path / "en", "--lang", "en")
    plain = sorted(p.name for p in (tmp_path / "plain").glob("*.pdf"))
    assert plain == sorted(p.name for p in (tmp_path / "en").glob("*.pdf")) == ["demo-race-deck-a4.pdf"]
    assert (tmp_path / "plain" / plain[0]).read_bytes() == (tmp_path / "en" / plain[0]).read_bytes()


@pytest.mark.parametrize("code", ["it-IT", "it_IT", "IT", "It-it"])
def test_regional_and_differently_written_codes_fall_back_to_the_language(run_pnp: PnpRunner, tmp_path: Path,
                                                                          code: str):
    _render(run_pnp, tmp_path, "--lang", code)
    (pdf,) = tmp_path.glob("*.pdf")
    assert pdf.name == "demo-race-deck-a4-it.pdf"
    assert "foglio 1 di" in pdf_text(pdf.read_bytes())


def test_an_unknown_language_is_a_usage_error_listing_the_languages(run_pnp: PnpRunner, tmp_path: Path):
    result = run_pnp("render", DECK, "-o", tmp_path / "out", "--lang", "xx")
    assert result.exit_code == 2
    shipped = ", ".join(["en", *sorted(path.stem for path in COMPONENTS_DIR.glob("*.po"))])
    assert "'xx'" in result.output and f"use one of: {shipped}" in result.output
    assert {"ar", "de", "el", "es", "fr", "it"} <= set(shipped.split(", "))
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("lang", [[], ["--lang", "en"]])
def test_catalogs_without_a_language_to_use_them_for_is_a_usage_error(run_pnp: PnpRunner, tmp_path: Path,
                                                                      lang: list[str]):
    result = run_pnp("render", DECK, "-o", tmp_path / "out", "--catalogs", tmp_path, *lang)
    assert result.exit_code == 2 and "--catalogs DIR is used with --lang LANG" in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("code", "direction"), [("ar", "rtl"), ("ar-EG", "rtl"), ("AR_eg", "rtl"), ("he", "rtl"),
                                                  ("en", "ltr"), (None, "ltr"), ("el", "ltr"), ("arn", "ltr")])
def test_each_language_records_the_direction_it_is_written_in(code: str | None, direction: str):
    assert text_direction(code) == direction


def test_arabic_is_shipped_and_written_right_to_left():
    right_to_left = {lang for lang in available_languages() if text_direction(lang) == "rtl"}
    assert "ar" in right_to_left
    assert not right_to_left & {"de", "el", "es", "fr", "it", "ja"}
