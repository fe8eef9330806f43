"""Writing outputs: a render that fails midway leaves the previous files intact and no temporary file; pnp
refuses to overwrite the spec, or a file it did not write unless --force; written files are complete; a planted
manifest or a link never reaches outside the folder; a render clears only its own job's old files."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import tempfile
from pathlib import Path

import pypdf
import pytest

import pnp.render.outputs
import pnp.render.pdf
import pnp.render.svg
from tests.conftest import KitFactory, PnpRunner
from tests.reliability.support import STEM, THREE_SHEETS, assert_clean, fail_at_call, snapshot


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


EVIL = THREE_SHEETS.replace("kit: Test kit", "kit: Evil")
"""A shared kit whose outputs are named `evil-a4...`, shipped with its own `output/` folder."""


def manifest_names(out: Path) -> set[str]:
    return set(json.loads((out / ".pnp-manifest.json").read_text(encoding="utf-8"))["files"])


@pytest.mark.parametrize(
    ("how", "version"),
    [("dotdot", 1), ("dotdot", 2), ("symlinked-folder", 1), ("symlinked-folder", 2), ("absolute", 1),
     ("symlinked-page", 2)],
)
def test_planted_manifest_never_touches_files_outside(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, how: str, version: int
) -> None:
    victim = tmp_path / "victim" / "notes.txt"
    victim.parent.mkdir()
    victim.write_text("my notes", encoding="utf-8")
    spec = tmp_kit(EVIL)
    out = spec.parent / "output"
    out.mkdir()
    if how == "dotdot":
        (out / "evil-a4.d").mkdir()
        name = "evil-a4.d/../../../victim/notes.txt"
    elif how == "symlinked-folder":
        (out / "evil-a4.d").symlink_to(victim.parent)
        name = "evil-a4.d/notes.txt"
    elif how == "absolute":
        name = str(victim)
    else:
        (out / "evil-a4-p09.svg").symlink_to(victim)
        name = "evil-a4-p09.svg"
    sha = hashlib.sha256(b"my notes").hexdigest()
    entries = {name: sha} if version == 1 else {name: {"sha256": sha, "job": "evil-a4 svg pages"}}
    (out / ".pnp-manifest.json").write_text(json.dumps(
        entries if version == 1 else {"pnp-manifest": 2, "files": entries}), encoding="utf-8")
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert_clean(result)
    assert result.exit_code == 0, result.output
    assert victim.read_text(encoding="utf-8") == "my notes"
    assert f"warning [output.manifest] ignored the entry {name!r}" in result.stderr
    assert name not in manifest_names(out)
    assert {"evil-a4.pdf", "evil-a4-p01.svg"} <= manifest_names(out)


def test_symlink_at_an_output_name_is_never_written_through(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.pdf"
    victim.write_bytes(b"my thesis")
    spec = tmp_kit(EVIL)
    out = spec.parent / "output"
    out.mkdir()
    (out / "evil-a4.pdf").symlink_to(victim)
    planted = {"evil-a4.pdf": hashlib.sha256(b"my thesis").hexdigest()}
    (out / ".pnp-manifest.json").write_text(json.dumps(planted), encoding="utf-8")
    result = run_pnp("render", spec, "-o", out)
    assert_clean(result)
    assert result.exit_code == 1
    assert f"error [output.refused] {out / 'evil-a4.pdf'} is a symbolic link" in result.stderr
    forced = run_pnp("render", spec, "-o", out, "--force")
    assert forced.exit_code == 0, forced.output
    assert victim.read_bytes() == b"my thesis"
    assert not (out / "evil-a4.pdf").is_symlink()
    assert (out / "evil-a4.pdf").read_bytes().startswith(b"%PDF-")


def test_other_languages_formats_and_kits_keep_their_outputs(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path
) -> None:
    spec = tmp_kit(THREE_SHEETS)
    extra = tmp_kit(THREE_SHEETS.replace("kit: Test kit", "kit: Test kit A4 extra"), name="extra.yaml")
    out = tmp_path / "out"
    for args in (
        [extra, "--format", "pdf,svg"],  # test-kit-a4-extra-a4...
        [spec, "--lang", "it"],  # test-kit-a4-it.pdf
        [spec, "--format", "pdf"],  # test-kit-a4.pdf
        [spec, "--format", "svg"],  # SVG pages only: the PDF stays
        [spec, "--format", "png"],
    ):
        result = run_pnp("render", *args, "-o", out)
        assert_clean(result)
        assert result.exit_code == 0, result.output
    pages = [f"-p{i:02d}" for i in (1, 2, 3)]
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [".pnp-manifest.json", f"{STEM}.pdf", f"{STEM}-it.pdf", "test-kit-a4-extra-a4.pdf"]
        + [f"{STEM}{p}.svg" for p in pages] + [f"{STEM}{p}.png" for p in pages]
        + [f"test-kit-a4-extra-a4{p}.svg" for p in pages]
    )
    assert len(pypdf.PdfReader(out / f"{STEM}-it.pdf").pages) == 3


def test_old_pages_of_the_same_job_only_are_cleared(
    rendered: tuple[Path, Path, dict[str, bytes]], run_pnp: PnpRunner
) -> None:
    spec, out, _before = rendered
    spec.write_text(THREE_SHEETS.replace("count: 27", "count: 9"), encoding="utf-8")
    result = run_pnp("render", spec, "-o", out, "--format", "svg")
    assert result.exit_code == 0, result.output
    assert len(pypdf.PdfReader(out / f"{STEM}.pdf").pages) == 3  # the PDF job did not run: its file stays
    assert sorted(p.name for p in out.glob("*.svg")) == [f"{STEM}-p01.svg"]


def test_old_manifest_is_still_read(rendered: tuple[Path, Path, dict[str, bytes]], run_pnp: PnpRunner) -> None:
    spec, out, _before = rendered
    manifest = out / ".pnp-manifest.json"
    current = json.loads(manifest.read_text(encoding="utf-8"))["files"]
    manifest.write_text(json.dumps({name: e["sha256"] for name, e in current.items()}), encoding="utf-8")
    spec.write_text(THREE_SHEETS.replace("count: 27", "count: 9"), encoding="utf-8")
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert_clean(result)
    assert result.exit_code == 0, result.output
    assert len(pypdf.PdfReader(out / f"{STEM}.pdf").pages) == 1
    # Old entries name no job, so their pages are kept (and still known as pnp's, so a later render may
    # overwrite them).
    assert {f"{STEM}-p02.svg", f"{STEM}-p03.svg"} <= manifest_names(out)
