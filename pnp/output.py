"""Writing outputs safely: all files produced in memory first, then moved into place atomically.

A manifest (`.pnp-manifest.json` in the output folder) records what pnp wrote and its hash, so pnp never
overwrites a file it did not write (or that someone changed since) unless forced, and never the spec itself.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from pnp.diagnostics import Diagnostic, SpecError

MANIFEST = ".pnp-manifest.json"


class OutputError(SpecError):
    """An output cannot be written (refused overwrite, unwritable folder)."""


Payload = bytes | Callable[[BinaryIO], None]
"""A file's content: bytes, or a function that writes it into an open binary file."""


def _file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _read_manifest(folder: Path) -> dict[str, str]:
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _refuse(message: str, hint: str) -> OutputError:
    return OutputError(Diagnostic.at(None, "output.refused", message, hint))


def check_targets(folder: Path, names: list[str], protected: list[Path], force: bool) -> None:
    """Refuse when a target is a protected input, or an existing file pnp did not write (unless `force`)."""
    manifest = _read_manifest(folder)
    protected_real = {p.resolve() for p in protected}
    for name in names:
        target = folder / name
        if target.resolve() in protected_real:
            raise _refuse(
                f"{target} is an input file; pnp will not overwrite it", "choose another output folder with -o"
            )
        if not target.exists() or force:
            continue
        if target.is_dir():
            raise _refuse(f"{target} is a folder", "choose another output folder with -o")
        recorded = manifest.get(name)
        if recorded is None:
            raise _refuse(
                f"{target} exists and was not written by pnp",
                "move it away, choose another folder with -o, or pass --force to overwrite",
            )
        if recorded != _file_digest(target):
            raise _refuse(f"{target} was changed since pnp wrote it", "move it away, or pass --force to overwrite")


def write_outputs(
    folder: Path, files: dict[str, Payload], protected: list[Path], force: bool = False, replaces: str | None = None
) -> list[Path]:
    """Write `files` (name -> bytes, or a function writing into a binary file) into `folder` all-or-nothing;
    return the paths written.

    Every file goes to a temporary name first; only when all are written are they renamed into place.
    Files named in the manifest that start with `replaces` and are not rewritten (old pages) are removed.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(
            Diagnostic.at(
                None,
                "output.folder",
                f"cannot create {folder}: {exc.strerror}",
                "choose a folder you can write to with -o",
            )
        ) from None
    names = sorted(files)
    check_targets(folder, names, protected, force)
    temps: dict[str, str] = {}
    digests: dict[str, str] = {}
    mode = _file_mode()
    try:
        for name in names:
            fd, temp = tempfile.mkstemp(prefix=".pnp-", suffix=".tmp", dir=folder)
            temps[name] = temp
            os.fchmod(fd, mode)
            with os.fdopen(fd, "wb") as handle:
                payload = files[name]
                if isinstance(payload, bytes):
                    handle.write(payload)
                else:
                    payload(handle)
            digests[name] = _file_digest(Path(temp))
        for name in names:
            os.replace(temps.pop(name), folder / name)
    except OSError as exc:
        raise OutputError(
            Diagnostic.at(
                None, "output.write", f"cannot write to {folder}: {exc.strerror}", "check free space and permissions"
            )
        ) from None
    finally:
        for temp in temps.values():
            Path(temp).unlink(missing_ok=True)
    manifest = _read_manifest(folder)
    if replaces:
        for old in [n for n in manifest if n.startswith(replaces) and n not in files]:
            old_path = folder / old
            if old_path.is_file() and _file_digest(old_path) == manifest[old]:
                old_path.unlink()
            manifest.pop(old)
    manifest.update(digests)
    _write_manifest(folder, manifest)
    return [folder / name for name in names]


def _file_mode() -> int:
    """The mode a newly created file gets (0o666 less the umask); temporary files start private (0o600)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def _write_manifest(folder: Path, manifest: dict[str, str]) -> None:
    fd, temp = tempfile.mkstemp(prefix=".pnp-", suffix=".tmp", dir=folder)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(dict(sorted(manifest.items())), handle, indent=1)
    os.replace(temp, folder / MANIFEST)
