"""`pnp render --format proof`: KIT-proof.pdf shows every distinct card face once, reduced, with its deck, name,
place in the deck and copies under it, read back from the PDF."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
from pypdf import PdfReader

from pnp.units import mm_to_pt

KIT = """\
kit: Proof test
sheets: {paper: letter}
components:
  - type: deck
    name: Heroes
    back: {fill: "#223344", elements: [{type: text, text: "HERO BACK", x: 5mm, y: 40mm, size: 5mm}]}
    cards:
      - {name: Knight, count: 3, elements: [{type: text, text: "KNIGHT", x: 5mm, y: 5mm, size: 5mm}]}
      - {name: Mage, elements: [{type: text, text: "MAGE", x: 5mm, y: 5mm, size: 5mm}]}
  - type: deck
    name: Items
    size: {width: 40mm, height: 60mm}
    cards:
      - name: Sword
        back: {elements: [{type: text, text: "SWORD BACK", x: 2mm, y: 2mm, size: 3mm}]}
      - {name: Shield, count: 2, back: {elements: [{type: text, text: "SHIELD BACK", x: 2mm, y: 2mm, size: 3mm}]}}
  - type: counters
    name: Tokens
    items: [{label: "1"}]
"""


def _proof(run_pnp, tmp_kit, tmp_path: Path, spec_text: str = KIT) -> Path:
    spec = tmp_kit(spec_text)
    result = run_pnp("render", spec, "-o", tmp_path / "out", "--format", "proof")
    assert result.exit_code == 0, result.output
    return tmp_path / "out" / "proof-test-proof.pdf"


def test_every_distinct_face_is_shown_once_with_its_place_and_copies(run_pnp, tmp_kit, tmp_path: Path):
    proof = _proof(run_pnp, tmp_kit, tmp_path)
    assert sorted(p.name for p in proof.parent.iterdir() if not p.name.startswith(".")) == [proof.name]
    with pdfplumber.open(proof) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    for label in ("Heroes · Knight", "#1-3 · 3 copies · front", "Heroes · Mage", "#4 · 1 copy · front",
                  "Heroes · back", "all 4 cards · back", "Items · Sword", "#1 · 1 copy · back",
                  "Items · Shield", "#2-3 · 2 copies · back"):
        assert label in text, label
    assert text.count("KNIGHT") == 1 and text.count("HERO BACK") == 1  # a shared back once, copies once
    assert "SWORD BACK" in text and "SHIELD BACK" in text
    assert "Tokens" not in text  # counters are not cards
    assert "7 faces of 7 cards at 50%" in text


def test_faces_are_drawn_at_half_size_on_the_kits_paper(run_pnp, tmp_kit, tmp_path: Path):
    proof = _proof(run_pnp, tmp_kit, tmp_path)
    box = PdfReader(proof).pages[0].mediabox
    assert (round(float(box.width) / mm_to_pt(1), 1), round(float(box.height) / mm_to_pt(1), 1)) == (215.9, 279.4)
    with pdfplumber.open(proof) as pdf:
        edges = {(round(r["width"] / mm_to_pt(1), 1), round(r["height"] / mm_to_pt(1), 1))
                 for page in pdf.pages for r in page.rects if r["stroke"] and not r["fill"]}
    assert {(31.5, 44.0), (20.0, 30.0)} <= edges  # poker 63 x 88 mm and 40 x 60 mm at 50 %


def test_a_kit_without_decks_has_no_proof(run_pnp, tmp_kit):
    spec = tmp_kit("kit: K\ncomponents:\n  - {type: counters, name: T, items: [{label: A}]}\n")
    result = run_pnp("render", spec, "--format", "proof")
    assert result.exit_code == 1
    assert "has no deck of cards to export" in result.stderr and "render.no_decks" in result.stderr


def test_a_big_deck_fills_pages_in_order(run_pnp, tmp_kit, tmp_path: Path):
    cards = "".join(f"      - {{name: C{i}}}\n" for i in range(1, 41))
    proof = _proof(run_pnp, tmp_kit, tmp_path, f"kit: Proof test\ncomponents:\n  - type: deck\n    name: D\n"
                                                f"    cards:\n{cards}")
    with pdfplumber.open(proof) as pdf:
        pages = [page.extract_text() for page in pdf.pages]
    assert len(pages) == 2 and "page 1 of 2" in pages[0] and "#40 · 1 copy" in pages[1]
    assert "D · C1 " in pages[0] and "D · C40" not in pages[0] and "D · C40" in pages[1]


def test_copies_drawn_one_by_one_show_their_common_back_once(run_pnp, tmp_kit, tmp_path: Path):
    # The front quotes card.index, so each Knight is its own face; their back (a card's own, templated) is one.
    spec = ("kit: Proof test\ncomponents:\n  - type: deck\n    name: D\n"
            "    back: {fill: navy, elements: [{type: text, text: 'BACK {{ card.name }}', x: 5mm, y: 5mm}]}\n"
            "    front: {elements: [{type: text, text: 'N{{ card.index }}', x: 5mm, y: 5mm}]}\n"
            "    cards: [{name: Knight, count: 3}, {name: Mage}]\n")
    with pdfplumber.open(_proof(run_pnp, tmp_kit, tmp_path, spec)) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert all(f"N{i}" in text for i in (1, 2, 3, 4))
    assert text.count("BACK Knight") == 1 and text.count("BACK Mage") == 1, text
    assert "#1-3 · 3 copies · back" in text and "6 faces of 4 cards" in text, text


def test_a_proof_alone_does_not_report_sheets_it_did_not_write(run_pnp, tmp_kit, tmp_path: Path):
    result = run_pnp("render", tmp_kit(KIT), "-o", tmp_path / "out", "--format", "proof")
    assert result.exit_code == 0, result.output
    assert 'proof: deck "Heroes"' in result.stderr and "page(s) on letter" not in result.stderr, result.stderr
    both = run_pnp("render", tmp_kit(KIT), "-o", tmp_path / "both", "--format", "pdf,proof")
    assert "page(s) on letter" in both.stderr and "print at 100%" in both.stderr
