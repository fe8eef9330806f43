"""Writing outputs is one transaction under a lock: disk full at any write (the manifest's and the journal's
too), a manifest that is a folder, Ctrl-C or kill -9 during the renames, two renders at once, a changed spec
that fails midway. Each leaves the folder either as it was or complete, with no temporary file, and the next
render works."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pypdf
import pytest

import pnp.render.pdf
from pnp.output import write_outputs
from tests.conftest import KitFactory, PnpRunner
from tests.reliability.support import STEM, THREE_SHEETS, assert_clean, fail_at_call, snapshot

TWO_SHEETS = THREE_SHEETS.replace("count: 27", "count: 18")
FIVE_SHEETS = THREE_SHEETS.replace("count: 27", "count: 45").replace("Hello", "Hello again")
ROOT = Path(__file__).resolve().parents[2]


def clean_render(run_pnp: PnpRunner, spec: Path, folder: Path) -> dict[str, bytes]:
    """The files a render of `spec` (PDF and SVG) writes into an empty folder."""
    result = run_pnp("render", spec, "-o", folder, "--format", "pdf,svg")
    assert result.exit_code == 0, result.output
    return snapshot(folder)


def assert_consistent(out: Path) -> None:
    """No temporary file, journal or lock left, and every manifest entry matches its file."""
    names = {p.name for p in out.iterdir()}
    assert not [n for n in names if n.endswith(".tmp") or n in (".pnp-journal.json", ".pnp-lock")], names
    manifest = json.loads((out / ".pnp-manifest.json").read_text(encoding="utf-8"))
    for name, entry in manifest.get("files", manifest).items():
        sha256 = entry["sha256"] if isinstance(entry, dict) else entry  # (or the old name -> sha256 form)
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == sha256, name


def full_disk_at(n: int) -> object:
    """A `tempfile.mkstemp` whose n-th file writes into /dev/full (every write fails with ENOSPC)."""
    real = tempfile.mkstemp
    calls = {"count": 0}

    def mkstemp(*args: object, **kwargs: object) -> tuple[int, str]:
        fd, path = real(*args, **kwargs)  # type: ignore[call-overload]
        calls["count"] += 1
        if calls["count"] == n:
            full = os.open("/dev/full", os.O_WRONLY)
            os.dup2(full, fd)
            os.close(full)
        return fd, path

    return mkstemp


@pytest.mark.parametrize("n", range(1, 6), ids=["pdf", "svg-1", "svg-2", "manifest", "journal"])
def test_disk_full_at_any_write_leaves_the_folder_as_it_was(
    rendered: tuple[Path, Path, dict[str, bytes]], run_pnp: PnpRunner, monkeypatch: pytest.MonkeyPatch, n: int
) -> None:
    spec, out, before = rendered
    spec.write_text(TWO_SHEETS, encoding="utf-8")  # 3 files, then the manifest, then the journal
    monkeypatch.setattr(tempfile, "mkstemp", full_disk_at(n))
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert_clean(result)
    assert result.exit_code == 1
    assert f"error [output.write] cannot write to {out}: No space left on device" in result.stderr
    assert snapshot(out) == before
    monkeypatch.undo()
    again = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert again.exit_code == 0, again.output
    assert_consistent(out)


def test_manifest_that_is_a_folder_is_refused_before_writing(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path
) -> None:
    spec = tmp_kit(THREE_SHEETS)
    out = tmp_path / "out"
    (out / ".pnp-manifest.json").mkdir(parents=True)
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert_clean(result)
    assert result.exit_code == 1
    assert f"error [output.refused] {out / '.pnp-manifest.json'} is not a regular file (folder)" in result.stderr
    assert sorted(p.name for p in out.iterdir()) == [".pnp-manifest.json"]


@pytest.mark.parametrize("n", range(1, 6), ids=["journal", "pdf", "svg-1", "svg-2", "manifest"])
def test_interrupt_during_the_renames_then_the_folder_recovers(
    rendered: tuple[Path, Path, dict[str, bytes]],
    run_pnp: PnpRunner,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    n: int,
) -> None:
    spec, out, before = rendered
    spec.write_text(TWO_SHEETS, encoding="utf-8")
    expected = clean_render(run_pnp, spec, tmp_path / "expected")
    monkeypatch.setattr(os, "replace", fail_at_call(n, os.replace, KeyboardInterrupt()))
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert result.exit_code == 1
    monkeypatch.undo()
    # Any later run into the folder (here another job) first finishes or drops the interrupted one.
    calibrate = run_pnp("calibrate", "-o", out)
    assert calibrate.exit_code == 0, calibrate.output
    assert_consistent(out)
    now = {name: data for name, data in snapshot(out).items() if not name.startswith((".pnp", "calibration"))}
    old = {name: data for name, data in before.items() if not name.startswith(".pnp")}
    assert now == (old if n == 1 else {k: v for k, v in expected.items() if not k.startswith(".pnp")})
    again = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert again.exit_code == 0, again.output
    assert_consistent(out)


KILLER = """\
import os, signal, sys
n, calls, real = int(sys.argv[1]), [0], os.replace
def replace(*args, **kwargs):
    calls[0] += 1
    if calls[0] == n:
        os.kill(os.getpid(), signal.SIGKILL)
    return real(*args, **kwargs)
os.replace = replace
from pnp.cli import main
main(sys.argv[2:])
"""
"""Run pnp and kill -9 it at its n-th rename."""


@pytest.mark.parametrize("n", [1, 3, 5], ids=["before-journal", "mid-renames", "before-manifest"])
def test_kill_9_during_the_renames_then_the_next_render_recovers(
    rendered: tuple[Path, Path, dict[str, bytes]], run_pnp: PnpRunner, tmp_path: Path, n: int
) -> None:
    spec, out, _before = rendered
    spec.write_text(TWO_SHEETS, encoding="utf-8")
    expected = clean_render(run_pnp, spec, tmp_path / "expected")
    killed = subprocess.run(
        [sys.executable, "-c", KILLER, str(n), "render", str(spec), "-o", str(out), "--format", "pdf,svg"],
        cwd=ROOT, capture_output=True, timeout=300, check=False,
    )
    assert killed.returncode == -9, killed.stderr
    assert [p for p in out.iterdir() if p.name.endswith(".tmp")]  # the killed run left its temporaries
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert_clean(result)
    assert result.exit_code == 0, result.output
    said = (f"finished the change an interrupted pnp run had begun in {out} (recovered the folder)" if n > 1
            else f"recovered {out}: removed")  # before its journal, the killed run had changed nothing yet
    assert f"warning [output.recovered] {said}" in result.stderr, result.stderr
    assert_consistent(out)
    assert snapshot(out) == expected


def wait_for(condition: object, what: str) -> None:
    deadline = time.monotonic() + 60
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.02)


def test_two_writers_into_one_folder_do_not_interleave(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    started, release = threading.Event(), threading.Event()
    finished: list[str] = []

    def slow(handle: object) -> None:
        started.set()
        handle.write(b"first, part 1\n")  # type: ignore[attr-defined]
        release.wait(60)
        handle.write(b"first, part 2\n")  # type: ignore[attr-defined]

    def writer(label: str, files: dict[str, object]) -> None:
        write_outputs(out, files, protected=[])  # type: ignore[arg-type]
        finished.append(label)

    first = threading.Thread(target=writer, args=("first", {"shared.txt": slow, "a.txt": b"a"}))
    second = threading.Thread(target=writer, args=("second", {"shared.txt": b"second\n", "b.txt": b"b"}))
    first.start()
    assert started.wait(60)
    second.start()
    said: list[str] = []
    wait_for(lambda: said.append(capsys.readouterr().err) or "waiting for another pnp run" in "".join(said),
             "the second writer to say it waits")
    assert f"pnp: waiting for another pnp run writing into {out} (up to 30 s)" in "".join(said)
    assert finished == []
    assert not (out / "b.txt").exists()
    release.set()
    first.join(60)
    second.join(60)
    assert finished == ["first", "second"]
    assert (out / "shared.txt").read_bytes() == b"second\n"
    assert (out / "a.txt").read_bytes() == b"a"
    assert (out / "b.txt").read_bytes() == b"b"
    assert_consistent(out)


def test_a_folder_busy_too_long_is_refused_clearly(
    rendered: tuple[Path, Path, dict[str, bytes]], run_pnp: PnpRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec, out, before = rendered
    monkeypatch.setattr("pnp.output.transaction.LOCK_WAIT", 0.3)
    with (out / ".pnp-lock").open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert_clean(result)
    assert result.exit_code == 1
    assert f"pnp: waiting for another pnp run writing into {out}" in result.stderr
    assert f"\nerror [output.locked] {out} is in use by another pnp run (waited 0.3 s)" in result.stderr
    assert {k: v for k, v in snapshot(out).items() if k != ".pnp-lock"} == before


def test_changed_spec_failing_midway_keeps_the_previous_output(
    rendered: tuple[Path, Path, dict[str, bytes]], run_pnp: PnpRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec, out, before = rendered
    spec.write_text(FIVE_SHEETS, encoding="utf-8")
    # The PDF streams into its temporary file; page 4 of the new spec breaks after pages 1-3 are written.
    monkeypatch.setattr(pnp.render.pdf, "_draw_page", fail_at_call(4, pnp.render.pdf._draw_page, RuntimeError("x")))
    result = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert result.exit_code == 1
    assert "internal error: RuntimeError: x" in result.stderr
    assert snapshot(out) == before
    monkeypatch.undo()
    again = run_pnp("render", spec, "-o", out, "--format", "pdf,svg")
    assert again.exit_code == 0, again.output
    assert len(pypdf.PdfReader(out / f"{STEM}.pdf").pages) == 5
    assert_consistent(out)


def test_the_manifest_records_what_each_file_holds_however_it_was_written(tmp_path: Path) -> None:
    """Each file is hashed as it is written; one written out of order (a seek back over what was written) is read
    back, so its manifest entry still says what it holds and the next run does not call it changed."""
    out = tmp_path / "out"

    def in_pieces(handle: object) -> None:
        for piece in (b"one ", memoryview(b"two "), bytearray(b"three")):
            handle.write(piece)  # type: ignore[attr-defined]

    def patched(handle: object) -> None:
        handle.write(b"header: ????\nbody\n")  # type: ignore[attr-defined]
        handle.seek(8)  # type: ignore[attr-defined]
        handle.write(b"done")  # type: ignore[attr-defined]

    files = {"pieces.txt": in_pieces, "patched.txt": patched, "plain.txt": b"plain"}
    write_outputs(out, files, protected=[])  # type: ignore[arg-type]
    assert (out / "patched.txt").read_bytes() == b"header: done\nbody\n"
    assert_consistent(out)
    write_outputs(out, files, protected=[])  # type: ignore[arg-type]  (unchanged since written: no refusal)
    assert_consistent(out)
