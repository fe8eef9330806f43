"""Shared test fixtures: a kit folder written from strings, and the `pnp` command run in-process.

`tmp_kit(spec, files)` writes `kit.yaml` (and any extra files, text or bytes, in sub-folders too) into a fresh
folder and returns the spec's path. `run_pnp(*args)` runs `pnp` through click's CliRunner and returns the
result (exit_code, stdout, stderr); exceptions other than SystemExit are re-raised so a traceback fails the test.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pnp.cli import main

KitFactory = Callable[..., Path]
PnpRunner = Callable[..., Result]

MINIMAL_KIT = """\
kit: Test kit
components:
  - type: deck
    name: Deck
    cards:
      - name: One
        elements:
          - {type: text, text: "Hello"}
"""
"""A valid one-card kit (one A4 sheet, front only)."""


@pytest.fixture
def tmp_kit(tmp_path: Path) -> KitFactory:
    """Factory writing a kit folder under tmp_path: `tmp_kit(spec_text, {"img/a.png": b"..."}, name=...)`."""

    def make(
        spec: str | bytes = MINIMAL_KIT, files: Mapping[str, str | bytes] | None = None, name: str = "kit.yaml"
    ) -> Path:
        folder = tmp_path / "kit"
        folder.mkdir(exist_ok=True)
        for relative, content in {name: spec, **(files or {})}.items():
            target = folder / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
        return folder / name

    return make


@pytest.fixture
def run_pnp() -> PnpRunner:
    """Run `pnp ARGS...` in-process; a non-SystemExit exception propagates (a traceback fails the test)."""

    def run(*args: str | Path) -> Result:
        result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
        return result

    return run
