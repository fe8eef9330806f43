"""The manifest of an output folder (`.pnp-manifest.json`): which files pnp wrote, their sha256 and the render
job that wrote each. Everything read from the folder is untrusted (a shared kit may ship its own `output/`):
an entry that is not a plain file name directly in the folder, or that names a symbolic link, is ignored and
reported, never followed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.diagnostics import Diagnostic, Severity, SpecError
from pnp.source.files import read_at_most

MANIFEST = ".pnp-manifest.json"
JOURNAL = ".pnp-journal.json"
LOCK = ".pnp-lock"
TEMP = re.compile(r"^\.pnp-[A-Za-z0-9_-]+\.tmp$")
"""Temporary files pnp creates (`tempfile.mkstemp(prefix='.pnp-', suffix='.tmp')`)."""
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_FORMAT = 2

Warn = Callable[[Diagnostic], None]


class OutputError(SpecError):
    """An output cannot be written (refused overwrite, unwritable or busy folder)."""


@dataclass(frozen=True)
class Entry:
    """One file pnp wrote: its sha256 and the job that wrote it (None in manifests older than jobs)."""

    sha256: str
    job: str | None


def output_error(rule: str, message: str, hint: str) -> OutputError:
    """An unlocated output error."""
    return OutputError(Diagnostic.at(None, rule, message, hint))


def warning(message: str, hint: str = "", rule: str = "output.manifest") -> Diagnostic:
    """An unlocated warning about the output folder."""
    return Diagnostic.at(None, rule, message, hint, Severity.WARNING)


NAME_MAX = 255
"""Longest file name, in UTF-8 bytes, that pnp reads from a manifest or journal (the common file systems' limit)."""


def plain_name(name: object) -> bool:
    """True when `name` names a file directly in a folder: no separator, no `..`, not absolute, not pnp's own,
    and a name the file system can hold (valid UTF-8, no lone surrogate, at most NAME_MAX bytes)."""
    return (
        isinstance(name, str)
        and 0 < _utf8_length(name) <= NAME_MAX
        and name not in (".", "..", MANIFEST, JOURNAL, LOCK)
        and not any(c in name for c in "/\\\0")
        and not TEMP.match(name)
    )


def _utf8_length(name: str) -> int:
    """The UTF-8 length of `name`, or -1 when it does not encode (a lone surrogate)."""
    try:
        return len(name.encode("utf-8"))
    except UnicodeEncodeError:
        return -1


def shown(name: str, cap: int = 300) -> str:
    """`name` quoted for a warning, cut to about `cap` characters (a record may hold names of any length; one
    a file system can hold, at most NAME_MAX bytes, is never cut)."""
    text = repr(name)
    return text if len(text) <= cap else f"{text[:cap]}...' ({len(name):,} characters)"


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def kind(path: Path) -> str:
    """What `path` is, without following a symbolic link: 'missing', 'file', 'link', 'folder' or 'other'."""
    st = _lstat(path)
    if st is None:
        return "missing"
    if stat.S_ISLNK(st.st_mode):
        return "link"
    if stat.S_ISREG(st.st_mode):
        return "file"
    return "folder" if stat.S_ISDIR(st.st_mode) else "other"


def file_digest(path: Path) -> str:
    """The sha256 of a regular file, opened without following a symbolic link."""
    digest = hashlib.sha256()
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def unchanged(path: Path, sha256: str) -> bool:
    """True when `path` is a regular file (not a link) whose content still has `sha256`."""
    try:
        return kind(path) == "file" and file_digest(path) == sha256
    except OSError:
        return False


MAX_RECORD_BYTES = 16 << 20
"""Largest manifest or journal pnp reads (its own are a few hundred bytes per file written)."""


def read_record(path: Path) -> object:
    """The JSON of a manifest or journal, read without following a link; ValueError when it is larger than
    MAX_RECORD_BYTES or not JSON, RecursionError when it nests too deeply (both: not a record pnp wrote)."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as handle:
        data = read_at_most(handle, MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise ValueError(f"larger than {MAX_RECORD_BYTES} bytes")
    return json.loads(data.decode("utf-8"))


def read_manifest(folder: Path, warn: Warn) -> dict[str, Entry]:
    """The valid entries of the folder's manifest (empty when there is none or it is unreadable).

    Entries that name anything but a regular file directly in the folder are reported through `warn` and
    dropped; entries whose file is gone are dropped silently. Reads both the current format and the old one
    (a plain name -> sha256 mapping, whose entries get no job and so are never cleared as old pages).
    """
    path = folder / MANIFEST
    what = kind(path)
    if what == "missing":
        return {}
    if what != "file":
        raise output_error(
            "output.refused",
            f"{path} is not a regular file ({what}); pnp keeps its record of the files it wrote there",
            "move it away, or choose another output folder with -o",
        )
    try:
        data = read_record(path)
    except (OSError, ValueError, RecursionError):
        warn(warning(f"cannot read {path}; every existing file counts as not written by pnp",
                     "move the file away if pnp should start a new record"))
        return {}
    raw = data.get("files") if isinstance(data, dict) and data.get("pnp-manifest") == _FORMAT else data
    if not isinstance(raw, dict):
        return {}
    ignored = CappedWarnings(warn, path, "output.manifest")
    entries: dict[str, Entry] = {}
    for name, value in raw.items():
        entry = _entry(value)
        if entry is None or not plain_name(name):
            ignored.ignored(name, "not a file name directly in the output folder")
            continue
        try:
            what = kind(folder / name)
            inside = what == "file" and (folder / name).resolve().parent == folder.resolve()
        except OSError as exc:  # a name longer than this file system holds
            ignored.ignored(name, str(exc.strerror))
            continue
        if what == "missing":
            continue
        if not inside:
            ignored.ignored(name, f"{folder / name} is a {_WHAT.get(what, 'link')}")
            continue
        entries[name] = entry
    ignored.done()
    return entries


MAX_RECORD_WARNINGS = 10
"""Warnings about one manifest or journal printed one by one; the rest are one summary line."""


class CappedWarnings:
    """A `Warn` for the warnings about one record (`path`): passes on the first MAX_RECORD_WARNINGS, counts
    the rest for one summary line (`done`), since a planted record may hold any number of bad entries."""

    def __init__(self, warn: Warn, path: Path, rule: str) -> None:
        self.warn, self.path, self.rule, self.count = warn, path, rule, 0

    def __call__(self, diagnostic: Diagnostic) -> None:
        self.count += 1
        if self.count <= MAX_RECORD_WARNINGS:
            self.warn(diagnostic)

    def ignored(self, name: object, why: str) -> None:
        """Warn that the entry `name` is ignored, and why."""
        quoted = shown(name) if isinstance(name, str) else repr(name)
        self(warning(f"ignored the entry {quoted} of {self.path}: {why}", rule=self.rule))

    def done(self) -> None:
        left_out = self.count - MAX_RECORD_WARNINGS
        if left_out > 0:
            self.warn(warning(f"{left_out:,} more warnings about {self.path} left out: pnp lists the first "
                              f"{MAX_RECORD_WARNINGS}", "move the file away if pnp should start a new record",
                              rule=self.rule))


_WHAT = {"link": "symbolic link", "folder": "folder", "other": "special file"}


def _entry(value: object) -> Entry | None:
    if isinstance(value, str):
        return Entry(value, None) if _SHA256.match(value) else None
    if isinstance(value, dict):
        sha, job = value.get("sha256"), value.get("job")
        if isinstance(sha, str) and _SHA256.match(sha) and (job is None or isinstance(job, str)):
            return Entry(sha, job)
    return None


def manifest_bytes(entries: dict[str, Entry]) -> bytes:
    """The manifest file's content for `entries`."""
    files = {name: {"sha256": e.sha256, "job": e.job} for name, e in sorted(entries.items())}
    return json.dumps({"pnp-manifest": _FORMAT, "files": files}, indent=1).encode("utf-8")
