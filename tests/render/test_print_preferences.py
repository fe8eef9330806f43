"""PDFs tell the viewer how to print them: at 100%, two-sided on the right edge, in the document's language;
a kit's rulebook carries the same author and names the kit. Read back from the files with pypdf."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.render.pdf import render_pdf
from tests.render.kits import deck_kit, document

ROOT = Path(__file__).resolve().parents[2]

NO_BACKS = """\
kit: One-sided
sheets: {duplex: long-edge}
components:
  - type: deck
    name: Cards
    cards:
      - {name: A, count: 3, elements: [{type: text, text: "A"}]}
"""


def _catalog(pdf: bytes | Path) -> tuple[dict[str, str], str | None, PdfReader]:
    reader = PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf)
    root = reader.trailer["/Root"]
    prefs = {str(k): str(v) for k, v in root.get("/ViewerPreferences", {}).items()}
    lang = root.get("/Lang")
    return prefs, (str(lang) if lang is not None else None), reader


@pytest.mark.parametrize(("duplex", "flip"), [("long-edge", "/DuplexFlipLongEdge"),
                                              ("short-edge", "/DuplexFlipShortEdge")])
def test_a_kit_with_backs_asks_for_no_scaling_and_its_duplex_flip(tmp_path: Path, duplex: str, flip: str):
    prefs, lang, _ = _catalog(render_pdf(document(deck_kit(tmp_path, duplex=duplex))))
    assert prefs == {"/PrintScaling": "/None", "/Duplex": flip}
    assert lang == "en"


def test_a_kit_printed_one_sided_asks_for_no_duplex(tmp_path: Path):
    prefs, _, _ = _catalog(render_pdf(document(deck_kit(tmp_path, duplex="none"))))
    assert prefs == {"/PrintScaling": "/None"}
    spec = tmp_path / "one-sided.yaml"
    spec.write_text(NO_BACKS, encoding="utf-8")
    prefs, _, _ = _catalog(render_pdf(document(spec)))
    assert prefs == {"/PrintScaling": "/None"}


def test_pdfs_stay_byte_identical_across_runs(tmp_path: Path):
    path = deck_kit(tmp_path, duplex="short-edge")
    assert render_pdf(document(path)) == render_pdf(document(path))


@pytest.mark.parametrize(("lang", "rulebook"), [(None, "pages"), ("it", "booklet")])
def test_kit_and_rulebook_agree_on_language_author_and_subject(run_pnp, tmp_path: Path, lang: str | None,
                                                               rulebook: str):
    args = ["render", ROOT / "examples/drag-rage/kit.yaml", "-o", tmp_path, "--rulebook", rulebook]
    result = run_pnp(*args, *(["--lang", lang] if lang else []))
    assert result.exit_code == 0, result.stderr
    kit_pdf, = (p for p in tmp_path.glob("*.pdf") if "-rules" not in p.name)
    book_pdf, = tmp_path.glob("*-rules*.pdf")
    kit_prefs, kit_lang, kit = _catalog(kit_pdf)
    book_prefs, book_lang, book = _catalog(book_pdf)
    assert kit_lang == book_lang == (lang or "en")
    assert kit_prefs["/PrintScaling"] == book_prefs["/PrintScaling"] == "/None"
    # the booklet is imposed for two-sided printing flipped on the short edge; single pages are not
    assert book_prefs.get("/Duplex") == ("/DuplexFlipShortEdge" if rulebook == "booklet" else None)
    assert kit.metadata.author == book.metadata.author
    assert "Drag Rage" in kit.metadata.author and kit.metadata.title == "Drag Rage"
    assert kit.metadata.title in book.metadata.subject and kit.metadata.subject in book.metadata.subject
    assert book.metadata.title
