"""Words drawn inside a rulebook's figures (track, example boards, map, strip) are in the rulebook's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import PnpRunner

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

CASES = {
    # example kit: (Italian words its rulebook's figures draw, the English ones they replace)
    "mdd-micro/kit.yaml": (("ARRIVO", "corsia", "1°"), ("FINISH", "lane", "1st")),
    "nitro-dice/out-and-back.yaml": (("INVERSIONE", "mappa della pista", "senso di marcia", "Scala 1:"),
                                     ("TURN BACK", "track map", "driving direction", "Scale 1:")),
    "drag-rage/kit.yaml": (("segnalini di A", "bersaglio", "via di fuga"), ("counters of A", "target", "run-off")),
}


def _rulebook_text(run_pnp: PnpRunner, spec: Path, out: Path) -> str:
    result = run_pnp("render", spec, "--lang", "it", "-o", out)
    assert result.exit_code == 0, result.output
    (book,) = out.glob("*-rules.pdf")
    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(book).pages)


@pytest.mark.parametrize("example", list(CASES))
def test_an_italian_rulebook_draws_its_figures_in_italian(run_pnp: PnpRunner, tmp_path: Path, example: str) -> None:
    text = _rulebook_text(run_pnp, EXAMPLES / example, tmp_path)
    italian, english = CASES[example]
    for word in italian:
        assert word in text, f"{word!r} missing from the Italian rulebook of {example}"
    for word in english:
        assert not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text), f"{word!r} left in English"


def test_a_french_rulebook_says_first_place_apart(run_pnp: PnpRunner, tmp_path: Path) -> None:
    """French writes the first place "1er" (the others "2e", "21e"): the finals figure of the rules prints it."""
    result = run_pnp("render", EXAMPLES / "mdd-micro/kit.yaml", "--lang", "fr", "-o", tmp_path)
    assert result.exit_code == 0, result.output
    (book,) = tmp_path.glob("*-rules.pdf")
    text = " ".join((page.extract_text() or "") for page in PdfReader(book).pages)
    assert re.search(r"(?<!\w)1er(?!\w)", text)
    assert not re.search(r"(?<!\w)1e(?!\w)", text)
