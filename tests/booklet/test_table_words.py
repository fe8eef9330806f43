"""Rulebook tables never cut a word across lines ("garage_dista|nce"): the words of every kit's rulebook,
read back from its PDF in English and Italian, are checked against the words of its sources."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import pdfplumber
import pytest

from pnp.booklet.request import render_kit_rulebook
from pnp.pipeline import load_spec

ROOT = Path(__file__).resolve().parents[2]
KITS = ["nitro-dice/two-lap-loop.yaml", "mdd-micro/kit.yaml", "mdd-classic/kit.yaml", "drag-rage/kit.yaml"]
EDGES = "`*|()[]{},;:!?\"'«»“”"


def _clean(word: str) -> str:
    return word.strip(EDGES).rstrip(".")


def _vocabulary(folder: Path) -> set[str]:
    """Every word of the rulebook folder's sources and catalogs."""
    words: set[str] = set()
    for path in [*folder.glob("*.md"), *folder.glob("*.po")]:
        words.update(_clean(w) for w in re.split(r"\s+|\\n", path.read_text(encoding="utf-8")))
    return words - {""}


def _fused(word: str, vocabulary: set[str]) -> bool:
    """A printed word that is two words of the sources run together (a cell's text running into the next)."""
    return word not in vocabulary and any(word[:i] in vocabulary and word[i:] in vocabulary
                                          for i in range(4, len(word) - 3))


def _cut_words(pdf: bytes, vocabulary: set[str]) -> list[str]:
    """Words of the sources that the PDF prints in two pieces (the second at the start of the next line),
    and words printed into their neighbours."""
    cut = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for number, page in enumerate(doc.pages, start=1):
            words = page.extract_words(use_text_flow=True)
            cut += [f"page {number}: {w['text']} runs into the next word" for w in words
                    if _fused(_clean(w["text"]), vocabulary)]
            for a, b in itertools.pairwise(words):
                if b["top"] <= a["top"] + 1.0:
                    continue
                head, whole = _clean(a["text"]), _clean(a["text"] + b["text"])
                if head and len(whole) > 3 and whole in vocabulary and head not in vocabulary:
                    cut.append(f"page {number}: {a['text']}|{b['text']}")
    return cut


@pytest.mark.parametrize("lang", [None, "it"])
@pytest.mark.parametrize("kit", KITS)
def test_no_word_of_a_rulebook_is_cut_across_lines(kit: str, lang: str | None) -> None:
    loaded = load_spec(ROOT / "examples" / kit)
    request = loaded.plugin.rulebook(loaded.spec)
    pdf = render_kit_rulebook(request, lang, "a4", "booklet").pdf  # A5 pages: the narrowest tables
    cut = _cut_words(pdf, _vocabulary(request.source.parent))
    assert not cut, cut
