"""Rebuilding when an input changes: `watchfiles` watches the folders of the files the spec read, and only those
files count. Bursts of saves are gathered (`STEP_MS` of quiet ends a burst) into one rebuild."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from pnp.preview.build import Build, Builder

STEP_MS = 60
"""Quiet time that ends a burst of changes."""
MAX_BURST_MS = 1000
"""Longest a burst is gathered before a rebuild starts anyway."""
CHECK_MS = 1000
"""How often the inputs' stamps are compared when no event came (the first time: as soon as the watch is set)."""


Stamps = dict[Path, tuple[int, int] | None]


def stamps(files: set[Path]) -> Stamps:
    """Each file's modification time (ns) and size; None for a file that is gone."""
    found: Stamps = {}
    for path in files:
        try:
            info = path.stat()
            found[path] = (info.st_mtime_ns, info.st_size)
        except OSError:
            found[path] = None
    return found


class Watcher:
    """Runs the builder once, then again after every change to one of its inputs, until `stop` is set.

    Each build is handed to `publish`. The set of watched folders follows the inputs of the latest build (an
    include or data table added to the spec is watched from the build that reads it). Saves made before a watch
    is in place are found by comparing the inputs' stamps with those taken before the build."""

    def __init__(self, builder: Builder, publish: Callable[[Build], None]) -> None:
        self.builder = builder
        self.publish = publish
        self.stop = threading.Event()
        self.seen: Stamps = {}

    def run(self) -> None:
        """Build, then watch and rebuild until stopped."""
        self._build(None)
        while not self.stop.is_set():
            self._watch(set(self.builder.inputs))

    def _build(self, changed: set[Path] | None) -> None:
        before = stamps(self.builder.inputs)
        build = self.builder.build(changed)
        self.seen = {**stamps(self.builder.inputs), **before}  # a save during the build counts as a change
        self.publish(build)

    def _watch(self, files: set[Path]) -> None:
        """Rebuild on every burst of changes to `files` until stopped or until a build reads other files."""
        import watchfiles

        folders = sorted({str(path.parent) for path in files if path.parent.is_dir()})
        if not folders:  # every folder is gone: look again in a moment
            self.stop.wait(1.0)
            return
        for changes in watchfiles.watch(*folders, watch_filter=lambda _change, name: Path(name) in files,
                                        step=STEP_MS, debounce=MAX_BURST_MS, recursive=False,
                                        stop_event=self.stop, raise_interrupt=False,
                                        rust_timeout=CHECK_MS, yield_on_timeout=True):
            now = stamps(files)
            changed = {Path(name) for _change, name in changes} | {p for p in files if now[p] != self.seen.get(p)}
            if changed:
                self._build(changed)
            if self.builder.inputs != files:
                return  # watch the new inputs' folders too
