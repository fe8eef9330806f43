"""A kit's rulebook comes out on the paper the kit is printed on, whatever that paper is."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main
from pnp.units import mm_to_pt

ROOT = Path(__file__).resolve().parents[2]
DRAG = ROOT / "examples" / "drag-rage" / "kit.yaml"


def _size_mm(path: Path) -> tuple[float, float]:
    box = PdfReader(path).pages[0].mediabox
    return round(float(box.width) / mm_to_pt(1), 1), round(float(box.height) / mm_to_pt(1), 1)


@pytest.mark.parametrize(("paper", "rulebook", "size"), [
    ("a3", "pages", (297.0, 420.0)),
    ("legal", "pages", (215.9, 355.6)),
    ("legal", "booklet", (355.6, 215.9)),  # half-Legal pages, two up on landscape Legal
    ("a3", "booklet", (420.0, 297.0)),
])
def test_the_rulebook_is_printed_on_the_paper_asked_for(tmp_path: Path, paper: str, rulebook: str,
                                                        size: tuple[float, float]):
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["render", str(DRAG), "-o", str(out), "--paper", paper,
                                       "--rulebook", rulebook])
    assert result.exit_code == 0, result.output
    (book,) = out.glob("*-rules*.pdf")
    assert _size_mm(book) == size
    assert _size_mm(out / f"drag-rage-{paper}.pdf") in (size, size[::-1])
