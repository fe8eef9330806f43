"""A planted manifest or journal that nests too deeply or is huge is not pnp's: reported and ignored, and the
render still writes (it used to fail every time with "the input nests too deeply")."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.output.manifest import MAX_RECORD_BYTES
from tests.conftest import KitFactory, PnpRunner

DEEP = "[" * 200_000 + "]" * 200_000


@pytest.mark.parametrize(("record", "content", "says"), [
    (".pnp-manifest.json", DEEP, "cannot read"),
    (".pnp-journal.json", DEEP, "not a journal pnp wrote"),
    (".pnp-journal.json", '{"moves": [], "remove": [], "manifest": ".pnp-x.tmp"}' + " " * MAX_RECORD_BYTES,
     "not a journal pnp wrote"),
], ids=["deep-manifest", "deep-journal", "huge-journal"])
def test_an_unreadable_record_is_reported_and_ignored(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, record: str, content: str, says: str
) -> None:
    spec = tmp_kit()
    out = tmp_path / "out"
    out.mkdir()
    (out / record).write_text(content)
    result = run_pnp("render", spec, "-o", out, "--format", "pdf")
    assert result.exit_code == 0, result.output
    assert says in result.stderr and record in result.stderr
    assert (out / "test-kit-a4.pdf").is_file()
    assert "nests too deeply" not in result.output
