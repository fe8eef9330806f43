"""Writing outputs safely: every file produced under a temporary name first, then moved into place as one
transaction (see `pnp.output.transaction`), under a lock on the folder.

A manifest (`.pnp-manifest.json` in the output folder) records what pnp wrote, its hash and the render job that
wrote it, so pnp never overwrites a file it did not write (or that someone changed since) unless forced, never
the spec itself, and clears exactly the old files of the same job (a kit's PDF, its SVG pages, ...).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

from pnp.diagnostics import Diagnostic
from pnp.output.manifest import (
    Entry,
    OutputError,
    Warn,
    file_digest,
    kind,
    manifest_bytes,
    plain_name,
    read_manifest,
    unchanged,
    warning,
)
from pnp.output.manifest import output_error as _error
from pnp.output.transaction import Payload, Plan, Transaction, folder_lock, recover

__all__ = ["OutputError", "Payload", "write_outputs"]


def write_outputs(
    folder: Path,
    files: dict[str, Payload],
    protected: list[Path],
    force: bool = False,
    jobs: Mapping[str, str] | None = None,
    warn: Warn | None = None,
) -> list[Path]:
    """Write `files` (name -> bytes, or a function writing into a binary file) into `folder` all-or-nothing;
    return the paths written.

    `protected` are the input files (the spec, its includes, its images and data): never replaced or removed,
    whatever the folder's manifest or journal says. `jobs` maps each name to the render job writing it
    (default: the name itself). Files an earlier run of one of these jobs wrote that are not rewritten now (old
    pages) are removed, if unchanged since pnp wrote them; other jobs' files stay. Warnings (ignored manifest
    entries, a finished interrupted run) go to `warn`, by default to stderr.
    """
    warn = warn or _to_stderr
    _make_folder(folder)
    names = sorted(files)
    job_of = {name: (jobs or {}).get(name, name) for name in names}
    inputs = frozenset(p.resolve() for p in protected)
    try:
        with folder_lock(folder, _say):
            recover(folder, warn, inputs)
            manifest = read_manifest(folder, warn)
            before = _check_targets(folder, names, manifest, inputs, force)
            entries = {name: entry for name, entry in manifest.items() if name not in files}
            remove = []
            for name, entry in manifest.items():
                if name in files or entry.job not in job_of.values():
                    continue
                del entries[name]
                if (folder / name).resolve() in inputs:
                    warn(warning(f"kept {folder / name}: it is an input file, which pnp never removes"))
                elif unchanged(folder / name, entry.sha256):
                    remove.append((name, entry.sha256))
                else:
                    warn(warning(f"kept {folder / name}: it was changed since pnp wrote it, so it is yours now"))
            with Transaction(folder, _file_mode()) as transaction:
                moves = []
                for name in names:
                    temp = transaction.write(files[name])
                    entries[name] = Entry(transaction.sha256[temp], job_of[name])
                    moves.append((temp, name, before[name]))
                transaction.commit(Plan(moves, remove, transaction.write(manifest_bytes(entries))))
    except OSError as exc:
        message = f"cannot write to {folder}: {exc.strerror}"
        raise _error("output.write", message, "check free space and permissions") from None
    return [folder / name for name in names]


def _check_targets(
    folder: Path, names: list[str], manifest: dict[str, Entry], protected_real: frozenset[Path], force: bool
) -> dict[str, str]:
    """Refuse when a target is a protected input (a resolved path), pnp's own record, or an existing file pnp
    did not write (unless `force`); return each target's sha256 as checked ("" when it does not exist)."""
    before: dict[str, str] = {}
    for name in names:
        target = folder / name
        if target.resolve() in protected_real:
            raise _error("output.refused", f"{target} is an input file; pnp will not overwrite it",
                         "choose another output folder with -o")
        if not plain_name(name):
            raise _error("output.refused", f"{target} is a name pnp keeps for its own records",
                         "choose another file name")
        what = kind(target)
        before[name] = file_digest(target) if what == "file" else ""
        if what == "missing" or (force and what in ("file", "link")):
            continue
        if what != "file":
            described = {"link": "a symbolic link", "folder": "a folder"}.get(what, "not a regular file")
            raise _error("output.refused", f"{target} is {described}; pnp does not write through it",
                         "move it away, or choose another output folder with -o"
                         + (", or pass --force to replace the link itself" if what == "link" else ""))
        recorded = manifest.get(name)
        if recorded is None:
            raise _error("output.refused", f"{target} exists and was not written by pnp",
                         "move it away, choose another folder with -o, or pass --force to overwrite")
        if recorded.sha256 != before[name]:
            raise _error("output.refused", f"{target} was changed since pnp wrote it",
                         "move it away, or pass --force to overwrite")
    return before


def _make_folder(folder: Path) -> None:
    """Create `folder`; refuse one that is, or whose path within the current folder passes through, a symbolic
    link (a shared kit may ship `output -> somewhere/else`: writing there would reach outside it)."""
    absolute, here = Path(os.path.abspath(folder)), Path.cwd()
    steps = absolute.relative_to(here).parts if absolute.is_relative_to(here) else ()
    for path in [*(here.joinpath(*steps[:n]) for n in range(1, len(steps) + 1)), absolute]:
        if path.is_symlink():
            raise _error("output.refused", f"{path} is a symbolic link; pnp does not write through it",
                         f"give -o a real folder (not a link), e.g. -o {os.path.realpath(path)} if that is meant")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _error("output.folder", f"cannot create {folder}: {exc.strerror}",
                     "choose a folder you can write to with -o") from None


def _file_mode() -> int:
    """The mode a newly created file gets (0o666 less the umask); temporary files start private (0o600)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def _to_stderr(diagnostic: Diagnostic) -> None:
    print(diagnostic.format_text(), file=sys.stderr, flush=True)


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
