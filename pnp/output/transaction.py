"""The output folder as a transaction, under a lock.

Every file (the new manifest too) is written and fsynced under a temporary name first; then a journal listing
the moves is written and renamed into place (the commit point); then the temporaries are renamed, old pages
removed, the manifest moved last, and the journal removed. A run killed before the commit point leaves only
temporaries; one killed after it leaves the journal. Either way the next run, under the lock, finishes the
journal (rolls forward) and removes stale temporaries, so a half-finished run never blocks the folder.

The lock is the operating system's lock on `.pnp-lock` in the folder, taken through `filelock` (`flock` on POSIX,
`LockFileEx` on Windows): the OS releases it when its process dies (kill -9).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO, cast

from filelock import lock_descriptor

from pnp.output.manifest import (
    JOURNAL,
    LOCK,
    MANIFEST,
    TEMP,
    CappedWarnings,
    Warn,
    file_digest,
    kind,
    output_error,
    plain_name,
    read_record,
    unchanged,
    warning,
)

Payload = bytes | Callable[[BinaryIO], None]
"""A file's content: bytes, or a function that writes it into an open binary file."""

LOCK_WAIT = 30.0
"""Seconds a run waits for another run writing into the same folder before it gives up."""
_POLL = 0.1


@contextmanager
def folder_lock(folder: Path, say: Callable[[str], None]) -> Iterator[None]:
    """Hold the folder's lock: wait up to LOCK_WAIT seconds (saying so once), then refuse (`output.locked`)."""
    deadline = time.monotonic() + LOCK_WAIT
    told = False
    while True:
        fd = _open_lock(folder)
        try:
            while not _try_lock(fd, folder):
                if time.monotonic() >= deadline:
                    raise output_error(
                        "output.locked",
                        f"{folder} is in use by another pnp run (waited {LOCK_WAIT:g} s)",
                        "wait for that run to finish, or choose another output folder with -o",
                    )
                if not told:
                    say(f"pnp: waiting for another pnp run writing into {folder} (up to {LOCK_WAIT:g} s)")
                    told = True
                time.sleep(_POLL)
        except BaseException:
            os.close(fd)
            raise
        if _same_file(fd, folder / LOCK):
            break
        os.close(fd)  # the holder removed that lock file as it finished: lock the current one
    try:
        yield
    finally:
        with suppress(OSError):
            os.unlink(folder / LOCK)  # still holding it, so waiters see it gone and open the next one
        os.close(fd)


_NO_LINK_NO_CHILD = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOINHERIT", 0)
"""Never open the lock through a symbolic link, nor hand it to a child process (the flags a system has)."""


def _open_lock(folder: Path) -> int:
    try:
        return os.open(folder / LOCK, os.O_RDWR | os.O_CREAT | _NO_LINK_NO_CHILD, 0o666)
    except OSError as exc:
        raise output_error(
            "output.write", f"cannot lock {folder / LOCK}: {exc.strerror}", "move it away, or check permissions"
        ) from None


def _try_lock(fd: int, folder: Path) -> bool:
    """Take the lock if no other process holds it (False when one does)."""
    try:
        return lock_descriptor(fd, blocking=False)
    except OSError as exc:  # a file system without locks
        raise output_error(
            "output.write", f"cannot lock {folder / LOCK}: {exc.strerror}", "choose an output folder on a local disk"
        ) from None


def _same_file(fd: int, path: Path) -> bool:
    try:
        on_disk = os.lstat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (held.st_dev, held.st_ino) == (on_disk.st_dev, on_disk.st_ino)


@dataclass
class Plan:
    """What a commit does: temporaries renamed to names, old files removed (if unchanged), the manifest."""

    moves: list[tuple[str, str, str]]
    """(temporary, name, sha256 of what the name held when checked, or "" when it did not exist)"""
    remove: list[tuple[str, str]]
    """(name, sha256 pnp recorded for it)"""
    manifest: str

    def to_json(self) -> bytes:
        return json.dumps({"moves": self.moves, "remove": self.remove, "manifest": self.manifest}).encode()

    @classmethod
    def from_json(cls, data: object) -> Plan | None:
        """The plan a journal records, or None when it is not one pnp wrote (names checked like the manifest's)."""
        if not isinstance(data, dict):
            return None
        moves, remove, manifest = data.get("moves"), data.get("remove"), data.get("manifest")
        if not (isinstance(moves, list) and isinstance(remove, list) and isinstance(manifest, str)):
            return None
        if not (all(_strings(m, 3) and TEMP.match(m[0]) and plain_name(m[1]) for m in moves)
                and all(_strings(r, 2) and plain_name(r[0]) for r in remove) and TEMP.match(manifest)):
            return None
        return cls([(t, n, b) for t, n, b in moves], [(n, s) for n, s in remove], manifest)


def _strings(value: object, count: int) -> bool:
    return isinstance(value, list) and len(value) == count and all(isinstance(x, str) for x in value)


class HashingWriter:
    """A binary file's stand-in that hashes (sha256) what is written through it as it goes. Any use of the file
    but `write`, `flush` and `tell` (a seek, say) clears `in_order`: the hash then no longer says what the file
    holds, and it is read back instead."""

    def __init__(self, handle: BinaryIO) -> None:
        import hashlib

        self._handle = handle
        self._digest = hashlib.sha256()
        self.in_order = True

    def write(self, data: Any) -> int:
        self._digest.update(data)
        return self._handle.write(data)

    def flush(self) -> None:
        self._handle.flush()

    def tell(self) -> int:
        return self._handle.tell()

    def hexdigest(self) -> str:
        return self._digest.hexdigest()

    def __getattr__(self, name: str) -> Any:
        self.in_order = False
        return getattr(self._handle, name)


@dataclass
class Transaction:
    """Temporaries written into `folder`; removed on exit unless committed."""

    folder: Path
    mode: int
    temps: list[str] = field(default_factory=list)
    committed: bool = False
    sha256: dict[str, str] = field(default_factory=dict)
    """The sha256 of each temporary written, by name: hashed as it was written, not read back."""

    def write(self, payload: Payload) -> str:
        """Write `payload` to a new temporary file (fsynced, with `mode`); return its name."""
        fd, temp = tempfile.mkstemp(prefix=".pnp-", suffix=".tmp", dir=self.folder)
        name = os.path.basename(temp)
        self.temps.append(name)
        with os.fdopen(fd, "wb") as handle:
            os.chmod(temp, self.mode)
            hashing = HashingWriter(handle)
            if isinstance(payload, bytes):
                hashing.write(payload)
            else:
                payload(cast("BinaryIO", hashing))
            handle.flush()
            os.fsync(handle.fileno())
        self.sha256[name] = hashing.hexdigest() if hashing.in_order else file_digest(self.folder / name)
        return name

    def commit(self, plan: Plan) -> None:
        """Record `plan` in the journal (the commit point), carry it out, then remove the journal."""
        journal = self.write(plan.to_json())
        os.replace(self.folder / journal, self.folder / JOURNAL)
        self.committed = True
        _fsync_folder(self.folder)
        apply(self.folder, plan, None)
        os.unlink(self.folder / JOURNAL)
        _fsync_folder(self.folder)

    def __enter__(self) -> Transaction:
        return self

    def __exit__(self, kind_: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if not self.committed:
            for temp in self.temps:
                (self.folder / temp).unlink(missing_ok=True)


def apply(folder: Path, plan: Plan, warn: Warn | None, protected: frozenset[Path] = frozenset()) -> None:
    """Carry out `plan`; moves already done (their temporary is gone) are skipped, so this can run again.

    A name that is one of the `protected` inputs (resolved paths) is never replaced or removed, whatever the
    plan says (a journal is read from an untrusted folder). With `warn` (recovery), a name whose content is no
    longer what was checked when the plan was made is left alone, and a step that fails is reported and
    skipped instead of raised.
    """
    for temp, name, before in plan.moves:
        if _is_protected(folder / name, protected, warn):
            continue
        if kind(folder / temp) == "file":
            if warn is None or (kind(folder / name) == "missing" if not before else unchanged(folder / name, before)):
                _step(warn, folder / name, os.replace, folder / temp, folder / name)
            else:
                warn(warning(f"left {folder / name} alone: it changed after an interrupted pnp run checked it",
                             rule="output.recovered"))
    for name, sha256 in plan.remove:
        if not _is_protected(folder / name, protected, warn) and unchanged(folder / name, sha256):
            _step(warn, folder / name, os.unlink, folder / name)
    if kind(folder / plan.manifest) == "file":
        _step(warn, folder / MANIFEST, os.replace, folder / plan.manifest, folder / MANIFEST)
    _fsync_folder(folder)


def _is_protected(path: Path, protected: frozenset[Path], warn: Warn | None) -> bool:
    """True (and reported through `warn`) when `path` is one of the `protected` inputs."""
    if path.resolve() not in protected:
        return False
    if warn is not None:
        warn(warning(f"left {path} alone: it is an input file, which pnp never replaces or removes",
                     rule="output.recovered"))
    return True


def _step(warn: Warn | None, path: Path, action: Callable[..., None], *args: Path) -> None:
    try:
        action(*args)
    except OSError as exc:
        if warn is None:
            raise
        warn(warning(f"could not finish {path} for an interrupted pnp run: {exc.strerror}", rule="output.recovered"))


def recover(folder: Path, warn: Warn, protected: frozenset[Path] = frozenset()) -> None:
    """Finish a journal left by a killed run (never touching a `protected` input, given as resolved paths),
    then remove stale temporaries (call under the lock)."""
    journal = folder / JOURNAL
    what = kind(journal)
    if what == "file":
        try:
            plan = Plan.from_json(read_record(journal))
        except (OSError, ValueError, RecursionError):
            plan = None
        if plan is None:
            warn(warning(f"ignored {journal}: not a journal pnp wrote (or names a file this file system cannot "
                         "hold); dropped it", rule="output.recovered"))
        else:
            _finish(folder, plan, warn, protected)
        journal.unlink()
    elif what != "missing":
        raise output_error("output.refused", f"{journal} is not a regular file", "move it away")
    with os.scandir(folder) as entries:
        stale = [e.name for e in entries if TEMP.match(e.name) and e.is_file(follow_symlinks=False)]
    for name in stale:
        (folder / name).unlink(missing_ok=True)
    if stale and what != "file":
        warn(warning(f"recovered {folder}: removed {len(stale)} temporary file(s) of an interrupted pnp run, "
                     "which had changed nothing yet", rule="output.recovered"))
    _fsync_folder(folder)


def _finish(folder: Path, plan: Plan, warn: Warn, protected: frozenset[Path]) -> None:
    """Roll a journal's `plan` forward, saying so; a step the file system refuses (a name too long for it)
    ends the recovery with a warning, so the journal is dropped rather than blocking every later run. The
    warnings about its steps are capped (a planted journal may list any number)."""
    capped = CappedWarnings(warn, folder / JOURNAL, "output.recovered")
    try:
        apply(folder, plan, capped, protected)
    except OSError as exc:
        capped.done()
        warn(warning(f"recovered {folder} in part: an interrupted pnp run's change stopped ({exc.strerror}); "
                     "dropped its journal", "check the folder's files, or render into an empty folder",
                     rule="output.recovered"))
        return
    capped.done()
    warn(warning(f"finished the change an interrupted pnp run had begun in {folder} (recovered the folder)",
                 rule="output.recovered"))


def _fsync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
