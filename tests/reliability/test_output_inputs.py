"""Writing outputs never removes or replaces an input: the spec, its included files and its images stay, even
when the output folder is the kit folder and a planted manifest or journal lists them as pnp's own old files."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import KitFactory, PnpRunner

KIT = """\
kit: Test kit
components:
  include: parts.yaml
"""
PARTS = """\
- type: deck
  name: Deck
  cards:
    - name: One
      elements:
        - {type: image, src: art.png, width: 20, height: 20}
"""
INPUTS = ("kit.yaml", "parts.yaml", "art.png")


def png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(buffer, format="PNG")
    return buffer.getvalue()


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def kit(tmp_kit: KitFactory) -> Path:
    return tmp_kit(KIT, {"parts.yaml": PARTS, "art.png": png()})


def contents(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in INPUTS}


def test_a_planted_manifest_does_not_remove_the_inputs(kit: Path, run_pnp: PnpRunner) -> None:
    folder = kit.parent
    before = contents(folder)
    files = {name: {"sha256": sha(folder / name), "job": "test-kit-a4 pdf"} for name in INPUTS}
    (folder / ".pnp-manifest.json").write_text(json.dumps({"pnp-manifest": 2, "files": files}))
    result = run_pnp("render", kit, "-o", folder, "--format", "pdf")
    assert result.exit_code == 0, result.output
    assert contents(folder) == before
    assert (folder / "test-kit-a4.pdf").is_file()
    assert "is an input file" in result.stderr


def test_a_planted_journal_does_not_remove_or_replace_the_inputs(kit: Path, run_pnp: PnpRunner) -> None:
    folder = kit.parent
    before = contents(folder)
    (folder / ".pnp-evil.tmp").write_text("kit: replaced\n")
    plan = {"moves": [[".pnp-evil.tmp", "parts.yaml", sha(folder / "parts.yaml")]],
            "remove": [[name, sha(folder / name)] for name in ("kit.yaml", "art.png")], "manifest": ".pnp-x.tmp"}
    (folder / ".pnp-journal.json").write_text(json.dumps(plan))
    result = run_pnp("render", kit, "-o", folder, "--format", "pdf")
    assert result.exit_code == 0, result.output
    assert contents(folder) == before
    assert "is an input file" in result.stderr


def test_an_included_file_is_never_overwritten(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    kit = tmp_kit(KIT, {"parts.yaml": PARTS, "art.png": png()})
    folder = kit.parent
    (folder / "test-kit-a4.pdf").symlink_to("parts.yaml")
    before = contents(folder)
    result = run_pnp("render", kit, "-o", folder, "--format", "pdf", "--force")
    assert result.exit_code == 1
    assert "is an input file" in result.stderr
    assert contents(folder) == before
