"""An output folder that is a symbolic link (or lies under one within the current folder) is refused: a shared
kit shipping `output -> ../home/prints` must not make pnp overwrite or delete files elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import KitFactory, PnpRunner


@pytest.mark.parametrize("output", [None, "output/sub"], ids=["default-output", "below-the-link"])
def test_a_linked_output_folder_is_refused(
    tmp_kit: KitFactory, run_pnp: PnpRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, output: str | None
) -> None:
    kit = tmp_kit()
    elsewhere = tmp_path / "home" / "prints"
    (elsewhere / "sub").mkdir(parents=True)
    (kit.parent / "output").symlink_to(elsewhere)
    monkeypatch.chdir(kit.parent)
    result = run_pnp("render", "kit.yaml", *(["-o", output] if output else []), "--format", "pdf")
    assert result.exit_code == 1
    assert "is a symbolic link; pnp does not write through it" in result.stderr
    assert "give -o a real folder" in result.stderr
    assert "Traceback" not in result.output
    assert sorted(p.name for p in elsewhere.rglob("*")) == ["sub"]


def test_a_real_output_folder_is_written(
    tmp_kit: KitFactory, run_pnp: PnpRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit = tmp_kit()
    monkeypatch.chdir(kit.parent)
    result = run_pnp("render", "kit.yaml", "--format", "pdf")
    assert result.exit_code == 0, result.output
    assert (kit.parent / "output" / "test-kit-a4.pdf").is_file()
