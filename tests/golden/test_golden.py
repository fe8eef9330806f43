"""Committed golden outputs: what pnp prints and reports for example kits and fixed seeds, byte for byte.

A golden fails when pnp's output changes, whether pnp or a library changed it: the PDFs are reportlab's bytes
(normalised by qpdf: objects in order, streams uncompressed, binary streams such as fonts and images as their
size and SHA-256), so one of them fails the day reportlab writes a different PDF (pnp relies on how it writes
one: `pnp.render.reportlab_internals`). A change made on purpose refreshes them, and the diff is reviewed:

    PNP_REFRESH_GOLDEN=1 pytest tests/golden
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

ROOT = Path(__file__).resolve().parents[2]
FILES = Path(__file__).resolve().parent / "files"
REFRESH = os.environ.get("PNP_REFRESH_GOLDEN") == "1"
KITS = {
    "generic-deck": ("examples/generic-deck/kit.yaml", "demo-race-deck-a4", "p01"),
    "counter-sheet": ("examples/counter-sheet/kit.yaml", "demo-counter-sheet-a4", "p02"),
    "tiled-board": ("examples/tiled-board/kit.yaml", "demo-race-board-a4", "p01"),
    "mdd-micro": ("examples/mdd-micro/kit.yaml", "mini-demolition-derby-micro-edition-a4", "p04"),
    "nitro-dice": ("examples/nitro-dice/two-lap-loop.yaml", "quick-oval-a4", "p05"),
    "drag-rage": ("examples/drag-rage/kit.yaml", "drag-rage-a4", "p01"),
    "scripts-deck": ("examples/scripts-deck/kit.yaml", "scripts-deck-a4", "p01"),
}
"""Kit name -> (spec, output stem, the page whose SVG is kept)."""
PDF_KITS = ("generic-deck", "counter-sheet", "tiled-board", "scripts-deck")
REPORTS = {
    "mdd-simulate-v21-coords": ["mdd", "simulate", "examples/mdd-setups/v21-coords.yaml", "--games", "40",
                                "--seed", "3", "--format", "json"],
    "mdd-simulate-current-map": ["mdd", "simulate", "examples/mdd-setups/current-map.yaml", "--games", "40",
                                 "--seed", "5", "--format", "json"],
    "nitro-simulate-two-lap-loop": ["nitro", "simulate", "examples/nitro-dice/two-lap-loop.yaml", "--games", "40",
                                    "--seed", "3", "--format", "json"],
    "dragrage-optimal": ["dragrage", "optimal", "--format", "json", "--no-progress"],
}
NOT_RESULTS = ("seconds", "engine")
"""Report fields that are not a result (a duration; which build of the MDD engine ran, since both give the same
races): left out of the goldens."""


def _pnp(*args: str) -> str:
    """Run pnp in-process from the repository's root (relative paths: no folder of this machine in a report)."""
    here = Path.cwd()
    os.chdir(ROOT)
    try:
        result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    finally:
        os.chdir(here)
    assert result.exit_code == 0, result.output
    return result.stdout


def check_golden(name: str, text: str) -> None:
    """`text` equals the golden file `name` (written instead, when refreshing)."""
    for place in (str(ROOT), tempfile.gettempdir() + os.sep):
        assert place not in text, f"{name} names a folder of this machine ({place})"
    golden = FILES / name
    if REFRESH:
        FILES.mkdir(exist_ok=True)
        golden.write_text(text, encoding="utf-8")
        return
    assert golden.exists(), f"no golden {name}: make it with PNP_REFRESH_GOLDEN=1 pytest tests/golden"
    expected = golden.read_text(encoding="utf-8")
    if text != expected:
        diff = list(difflib.unified_diff(expected.splitlines(True), text.splitlines(True), name, "now", n=2))
        pytest.fail(f"{name} differs from its golden (if on purpose: PNP_REFRESH_GOLDEN=1 pytest tests/golden)\n"
                    + "".join(diff[:80]))


def _hashed(stream: re.Match[bytes]) -> bytes:
    data = stream.group(1)
    if re.fullmatch(rb"[\t\n\r -~]*", data):
        return stream.group(0)
    digest = hashlib.sha256(data).hexdigest().encode()
    return b"\nstream\n<%d binary bytes, sha256 %s>\nendstream\n" % (len(data), digest)


def qdf_text(pdf: Path, work: Path) -> str:
    """The PDF as qpdf's QDF form (`--qdf --object-streams=disable`, the /ID it writes made from the content),
    binary streams by size and hash."""
    normal = work / f"{pdf.stem}.qdf"
    subprocess.run(["qpdf", "--qdf", "--object-streams=disable", "--deterministic-id", str(pdf), str(normal)],
                   check=True)
    data = re.sub(rb"\nstream\n(.*?)\nendstream\n", _hashed, normal.read_bytes(), flags=re.DOTALL)
    return data.decode("latin-1")


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each kit printed once as PDF and SVG: its output folder."""
    out = tmp_path_factory.mktemp("golden")
    folders = {}
    for kit, (spec, _, _) in KITS.items():
        folders[kit] = out / kit
        _pnp("render", spec, "-o", str(folders[kit]), "--format", "pdf,svg")
    return folders


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="needs qpdf (CI installs it)")
@pytest.mark.parametrize("kit", PDF_KITS)
def test_the_pdf_of_an_example_kit_is_its_golden(kit: str, rendered: dict[str, Path], tmp_path: Path) -> None:
    _, stem, _ = KITS[kit]
    check_golden(f"{kit}.qdf", qdf_text(rendered[kit] / f"{stem}.pdf", tmp_path))


@pytest.mark.parametrize("kit", list(KITS))
def test_an_svg_page_of_an_example_kit_is_its_golden(kit: str, rendered: dict[str, Path]) -> None:
    _, stem, page = KITS[kit]
    check_golden(f"{kit}-{page}.svg", (rendered[kit] / f"{stem}-{page}.svg").read_text(encoding="utf-8"))


@pytest.mark.parametrize("report", list(REPORTS))
def test_a_report_for_a_fixed_seed_is_its_golden(report: str) -> None:
    data = json.loads(_pnp(*REPORTS[report]))
    for field in NOT_RESULTS:
        data.pop(field, None)
    check_golden(f"{report}.json", json.dumps(data, indent=2, sort_keys=True) + "\n")


SETUPS = {
    "mdd-setup-current-10-no-check": ["--ruleset", "current", "--seed", "10", "--no-check"],
    "mdd-setup-v21-6-map-no-check": ["--seed", "6", "--map", "--no-check"],
    "mdd-setup-current-10": ["--ruleset", "current", "--seed", "10"],
}
"""`pnp mdd setup` files: the plain draw (when made, the bytes of the generator before the check, the command in
the header gaining `--no-check`) and a checked draw (current seed 10: the plain draw is re-drawn)."""


@pytest.mark.parametrize("setup", list(SETUPS))
def test_a_random_mdd_setup_is_its_golden(setup: str) -> None:
    check_golden(f"{setup}.yaml", _pnp("mdd", "setup", *SETUPS[setup]))
