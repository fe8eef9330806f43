"""Fixtures of the reliability tests: a kit rendered once into an output folder."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from tests.conftest import KitFactory, PnpRunner
from tests.reliability.support import STEM, THREE_SHEETS, snapshot


@pytest.fixture
def rendered(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> tuple[Path, Path, dict[str, bytes]]:
    """A kit rendered once to PDF and SVG: (spec, output folder, the folder's files)."""
    spec = tmp_kit(THREE_SHEETS)
    out = tmp_path / "out"
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert result.exit_code == 0, result.output
    assert len(pypdf.PdfReader(out / f"{STEM}.pdf").pages) == 3
    return spec, out, snapshot(out)
