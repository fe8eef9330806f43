"""A planted manifest or journal that nests too deeply or is huge is not pnp's: reported and ignored, and the
render still writes (it used to fail every time with "the input nests too deeply")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.output.manifest import JOURNAL, MANIFEST, MAX_RECORD_BYTES, MAX_RECORD_WARNINGS
from tests.conftest import KitFactory, PnpRunner
from tests.reliability.support import assert_clean

ROOT = Path(__file__).resolve().parents[2]

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


def test_a_max_bytes_cap_of_a_petabyte_reads_the_spec_in_chunks(tmp_kit: KitFactory) -> None:
    """`--max-bytes 10**15` bounds the read, it is not a buffer: under a 1 GiB address-space cap the spec still
    validates (the whole cap used to be allocated up front: "needs more memory than is available")."""
    spec = tmp_kit()
    limited = ("import resource, sys\nresource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
               "from pnp.cli import main\nmain(sys.argv[1:])\n")
    result = subprocess.run([sys.executable, "-c", limited, "validate", str(spec), "--max-bytes", str(10**15)],
                            cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr


UNHOLDABLE = {"surrogate": "\ud800-a4.pdf", "too-long": "é" * 200 + ".pdf"}
"""Names no file system holds: a lone surrogate (does not encode), 405 UTF-8 bytes in 204 characters."""


@pytest.mark.parametrize("name", UNHOLDABLE.values(), ids=UNHOLDABLE.keys())
def test_a_manifest_entry_no_file_system_holds_is_ignored_once_and_dropped(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, name: str
) -> None:
    spec = tmp_kit()
    out = tmp_path / "out"
    out.mkdir()
    entry = {"sha256": "0" * 64, "job": "test-kit-a4 pdf"}
    (out / MANIFEST).write_text(json.dumps({"pnp-manifest": 2, "files": {name: entry}}), encoding="utf-8")
    result = run_pnp("render", spec, "-o", out, "--format", "pdf")
    assert_clean(result)
    assert result.exit_code == 0, result.output
    assert result.stderr.count("warning [output.manifest] ignored the entry") == 1, result.stderr
    assert set(json.loads((out / MANIFEST).read_text(encoding="utf-8"))["files"]) == {"test-kit-a4.pdf"}
    again = run_pnp("render", spec, "-o", out, "--format", "pdf")
    assert again.exit_code == 0 and "warning" not in again.stderr, again.output


@pytest.mark.parametrize("name", UNHOLDABLE.values(), ids=UNHOLDABLE.keys())
@pytest.mark.parametrize("step", ["move", "remove"])
def test_a_journal_entry_no_file_system_holds_is_ignored_once_and_dropped(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, name: str, step: str
) -> None:
    """Such a journal used to block every later render into the folder (an internal UnicodeEncodeError, or
    "file name too long"), since the journal was never dropped."""
    spec = tmp_kit()
    out = tmp_path / "out"
    out.mkdir()
    (out / ".pnp-1.tmp").write_bytes(b"half")
    moves = [[".pnp-1.tmp", name, ""]] if step == "move" else []
    remove = [[name, "0" * 64]] if step == "remove" else []
    (out / JOURNAL).write_text(json.dumps({"moves": moves, "remove": remove, "manifest": ".pnp-2.tmp"}),
                               encoding="utf-8")
    first, again = (run_pnp("render", spec, "-o", out, "--format", "pdf") for _ in range(2))
    for result in (first, again):
        assert_clean(result)
        assert result.exit_code == 0, result.output
    assert first.stderr.count("warning") == 1 and f"ignored {out / JOURNAL}" in first.stderr, first.stderr
    assert "warning" not in again.stderr, again.stderr
    assert sorted(p.name for p in out.iterdir()) == [MANIFEST, "test-kit-a4.pdf"]


def test_warnings_about_a_huge_planted_manifest_are_capped(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path
) -> None:
    """190,000 bad entries (2.5 MB) print the first MAX_RECORD_WARNINGS and one line counting the rest; a name
    of 100,000 characters is cut in its warning."""
    spec = tmp_kit()
    out = tmp_path / "out"
    out.mkdir()
    entries = {"y" * 100_000: "bad", **{f"x/{n}": "bad" for n in range(190_000 - 1)}}
    (out / MANIFEST).write_text(json.dumps(entries), encoding="utf-8")
    result = run_pnp("render", spec, "-o", out, "--format", "pdf")
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if "warning [output.manifest]" in line]
    assert len(warnings) == MAX_RECORD_WARNINGS + 1, warnings[:3]
    assert max(len(line) for line in warnings) < 600 and "(100,000 characters)" in warnings[0]
    assert f"{190_000 - MAX_RECORD_WARNINGS:,} more warnings about {out / MANIFEST} left out" in warnings[-1]


def test_warnings_about_a_huge_planted_journal_are_capped(
    tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path
) -> None:
    """50,000 moves (1.5 MB) onto a file that is not what the journal says was checked: each is left alone, with
    the first MAX_RECORD_WARNINGS warnings and one line counting the rest; the recovery is still reported."""
    spec = tmp_kit()
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.txt").write_text("my notes", encoding="utf-8")
    (out / ".pnp-1.tmp").write_bytes(b"planted")
    moves = [[".pnp-1.tmp", "mine.txt", ""]] * 50_000
    (out / JOURNAL).write_text(json.dumps({"moves": moves, "remove": [], "manifest": ".pnp-2.tmp"}),
                               encoding="utf-8")
    result = run_pnp("render", spec, "-o", out, "--format", "pdf")
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if "warning [output.recovered]" in line]
    assert len(warnings) == MAX_RECORD_WARNINGS + 2, warnings[:3]
    assert f"{50_000 - MAX_RECORD_WARNINGS:,} more warnings about {out / JOURNAL} left out" in warnings[-2]
    assert "(recovered the folder)" in warnings[-1]
    assert (out / "mine.txt").read_text(encoding="utf-8") == "my notes"
