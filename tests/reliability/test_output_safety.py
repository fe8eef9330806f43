"""Writing outputs: a render that fails midway leaves the previous files intact and no temporary file; pnp
refuses to overwrite the spec, or a file it did not write unless --force; written files are complete."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import pypdf
import pytest

import pnp.render.outputs
import pnp.render.pdf
import pnp.render.svg
from tests.conftest import KitFactory, PnpRunner
from tests.reliability.support import assert_clean

THREE_SHEETS = """\
kit: Test kit
components:
  - type: deck
    name: Deck
    cards:
      - name: One
        count: 27
        elements:
          - {type: text, text: "Hello"}
"""
STEM = "test-kit-a4"


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file in `folder` (hidden ones too) and its bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture
def rendered(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> tuple[Path, Path, dict[str, bytes]]:
    """A kit rendered once to PDF and SVG: (spec, output folder, the folder's files)."""
    spec = tmp_kit(THREE_SHEETS)
    out = tmp_path / "out"
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert result.exit_code == 0, result.output
    assert len(pypdf.PdfReader(out / f"{STEM}.pdf").pages) == 3
    return spec, out, snapshot(out)


def fail_at_call(n: int, real: object, error: BaseException) -> object:
    """Wrap `real` so that its n-th call raises `error`."""
    calls = {"count": 0}

    def wrapper(*args: object, **kwargs: object) -> object:
        calls["count"] += 1
        if calls["count"] == n:
            raise error
        return real(*args, **kwargs)  # type: ignore[operator]

    return wrapper


@pytest.mark.parametrize(
    ("target", "error", "says"),
    [
        ("pdf-page", RuntimeError("backend broke"), "internal error: RuntimeError: backend broke"),
        ("pdf-page", MemoryError(), "error: the input needs more memory than is available"),
        ("svg-page", ValueError("bad page"), "internal error: ValueError: bad page"),
    ],
    ids=["pdf-crash", "pdf-memory", "svg-crash"],
)
def test_render_failing_midway_keeps_previous_output(
    rendered: tuple[Path, Path, dict[str, bytes]],
    run_pnp: PnpRunner,
    monkeypatch: pytest.MonkeyPatch,
    target: str,
    error: BaseException,
    says: str,
) -> None:
    spec, out, before = rendered
    if target == "pdf-page":
        monkeypatch.setattr(pnp.render.pdf, "_draw_page", fail_at_call(2, pnp.render.pdf._draw_page, error))
    else:
        monkeypatch.setattr(pnp.render.svg, "render_svg_page", fail_at_call(2, pnp.render.svg.render_svg_page, error))
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert says in result.stderr
    assert snapshot(out) == before


def test_write_failing_midway_leaves_no_temp_file(
    rendered: tuple[Path, Path, dict[str, bytes]], run_pnp: PnpRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec, out, before = rendered
    monkeypatch.setattr(
        tempfile, "mkstemp", fail_at_call(3, tempfile.mkstemp, OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    )
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert_clean(result)
    assert result.exit_code == 1
    assert "error [output.write] cannot write to" in result.stderr
    assert "No space left on device" in result.stderr
    assert snapshot(out) == before


def test_rendering_again_replaces_own_files(rendered: tuple[Path, Path, dict[str, bytes]], run_pnp: PnpRunner) -> None:
    spec, out, _before = rendered
    spec.write_text(THREE_SHEETS.replace("count: 27", "count: 9"), encoding="utf-8")
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert_clean(result)
    assert result.exit_code == 0, result.output
    after = snapshot(out)
    assert len(pypdf.PdfReader(out / f"{STEM}.pdf").pages) == 1
    assert f"{STEM}-p02.svg" not in after  # pages of the old, longer render are gone
    assert not [name for name in after if name.endswith(".tmp")]


def test_output_named_like_the_spec_is_refused(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    spec = tmp_kit(THREE_SHEETS, name=f"{STEM}.pdf")
    for extra in ([], ["--force"]):
        result = run_pnp("render", spec, "-o", spec.parent, *extra)
        assert_clean(result)
        assert result.exit_code == 1
        assert f"error [output.refused] {spec.parent / (STEM + '.pdf')} is an input file" in result.stderr
    assert spec.read_text(encoding="utf-8") == THREE_SHEETS


def test_output_folder_equal_to_the_spec_file_is_a_usage_error(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    spec = tmp_kit(THREE_SHEETS)
    result = run_pnp("render", spec, "-o", spec)
    assert result.exit_code == 2
    assert spec.read_text(encoding="utf-8") == THREE_SHEETS


def test_foreign_file_refused_unless_forced(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path) -> None:
    spec = tmp_kit(THREE_SHEETS)
    out = tmp_path / "out"
    out.mkdir()
    (out / f"{STEM}.pdf").write_bytes(b"my thesis")
    result = run_pnp("render", spec, "-o", out)
    assert_clean(result)
    assert result.exit_code == 1
    assert "exists and was not written by pnp" in result.stderr
    assert (out / f"{STEM}.pdf").read_bytes() == b"my thesis"
    assert sorted(p.name for p in out.iterdir()) == [f"{STEM}.pdf"]
    forced = run_pnp("render", spec, "-o", out, "--force")
    assert forced.exit_code == 0, forced.output
    assert (out / f"{STEM}.pdf").read_bytes().startswith(b"%PDF-")


def test_file_changed_since_pnp_wrote_it_is_refused(
    rendered: tuple[Path, Path, dict[str, bytes]], run_pnp: PnpRunner
) -> None:
    spec, out, _before = rendered
    (out / f"{STEM}.pdf").write_bytes(b"edited by hand")
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert result.exit_code == 1
    assert "was changed since pnp wrote it" in result.stderr
    assert (out / f"{STEM}.pdf").read_bytes() == b"edited by hand"


def test_corrupt_manifest_means_nothing_is_overwritten(
    rendered: tuple[Path, Path, dict[str, bytes]], run_pnp: PnpRunner
) -> None:
    spec, out, _before = rendered
    (out / ".pnp-manifest.json").write_text("{not json", encoding="utf-8")
    before = snapshot(out)
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert_clean(result)
    assert result.exit_code == 1
    assert snapshot(out) == before


def test_outputs_get_the_usual_file_mode(rendered: tuple[Path, Path, dict[str, bytes]]) -> None:
    _spec, out, _before = rendered
    umask = os.umask(0o022)
    os.umask(umask)
    assert (out / f"{STEM}.pdf").stat().st_mode & 0o777 == 0o666 & ~umask
