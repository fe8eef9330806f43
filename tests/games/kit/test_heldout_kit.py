"""A kit written from the drawing, card-place, hex-board, tuck-box, proof and paper keys as a designer spells
them (`heldout/`: every key once, own PNG and SVG art, a CSV deck): it validates, and its PDF, SVG and proof
carry what those keys promise (shadings, alpha states, dashes, the paper's own media box)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from pypdf import PdfReader

KIT = Path(__file__).parent / "heldout"


def _copy(tmp_path: Path) -> Path:
    shutil.copytree(KIT, tmp_path / "kit")
    return tmp_path / "kit" / "kit.yaml"


def test_the_heldout_kit_validates_without_errors(run_pnp, tmp_path: Path):
    result = run_pnp("validate", _copy(tmp_path), "--format", "json")
    assert result.exit_code == 0, result.output
    assert not [d for d in json.loads(result.stdout) if d["severity"] == "error"]


def test_the_heldout_kit_prints_shadings_alpha_dashes_on_its_own_paper(run_pnp, tmp_path: Path):
    out = tmp_path / "out"
    result = run_pnp("render", _copy(tmp_path), "-o", out, "--format", "pdf,svg,proof")
    assert result.exit_code == 0, result.output
    [pdf] = [p for p in out.glob("*.pdf") if not p.name.endswith("-proof.pdf")]
    reader = PdfReader(pdf)
    kinds, alphas, dashes = set(), set(), set()
    for page in reader.pages:
        assert (round(float(page.mediabox.width) / 72 * 25.4, 2),
                round(float(page.mediabox.height) / 72 * 25.4, 2)) == (250.0, 320.0)
        resources = page["/Resources"]
        kinds |= {s.get_object()["/ShadingType"] for s in (resources.get("/Shading") or {}).values()}
        for state in (resources.get("/ExtGState") or {}).values():
            alphas |= {float(state.get_object().get(k, 1)) for k in ("/ca", "/CA")}
        dashes |= set(re.findall(r"\[([\d. ]+)\] [\d.]+ d", page.get_contents().get_data().decode("latin-1")))
    assert kinds == {2, 3}  # axial (linear) and radial shadings
    assert {0.4, 0.5, 0.6, 0.85} <= alphas  # the opacities the kit asks for
    assert {"2 1", "1 .5", "3 2"} <= dashes  # [2mm, 1mm], [1mm, 0.5mm], [3mm, 2mm] in mm user space
    svg = "".join(p.read_text(encoding="utf-8") for p in out.glob("*.svg"))
    assert "<linearGradient" in svg and "<radialGradient" in svg and "stroke-dasharray" in svg
    proof = PdfReader(out / "heldout-trial-proof.pdf")
    text = " ".join(page.extract_text() for page in proof.pages)
    assert "Heroes · Ranger" in text and "#2-4" not in text and "#5" in text  # Rangers drawn per copy


def test_info_counts_the_heldout_kit_on_its_own_paper(run_pnp, tmp_path: Path):
    result = run_pnp("info", _copy(tmp_path))
    assert result.exit_code == 0, result.output
    assert "totals: 7 cards, 6 counters, 2 boards, 1 tuckbox" in result.output
    assert re.search(r"sheets: 250x320mm: \d+ \(\d+ pages, two-sided\), a4: \d+", result.output), result.output
