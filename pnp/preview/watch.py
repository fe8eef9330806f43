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


class Watcher:
    """Runs the builder once, then again after every change to one of its inputs, until `stop` is set.

    Each build is handed to `publish`. The set of watched folders follows the inputs of the latest build (an
    include or data table added to the spec is watched from the build that reads it)."""

    def __init__(self, builder: Builder, publish: Callable[[Build], None]) -> None:
        self.builder = builder
        self.publish = publish
        self.stop = threading.Event()

    def run(self) -> None:
        """Build, then watch and rebuild until stopped."""
        self.publish(self.builder.build())
        while not self.stop.is_set():
            self._watch(set(self.builder.inputs))

    def _watch(self, files: set[Path]) -> None:
        """Rebuild on every burst of changes to `files` until stopped or until a build reads other files."""
        import watchfiles

        folders = sorted({str(path.parent) for path in files if path.parent.is_dir()})
        if not folders:  # every folder is gone: look again in a moment
            self.stop.wait(1.0)
            return
        for changes in watchfiles.watch(*folders, watch_filter=lambda _change, name: Path(name) in files,
                                        step=STEP_MS, debounce=MAX_BURST_MS, recursive=False,
                                        stop_event=self.stop, raise_interrupt=False):
            self.publish(self.builder.build({Path(name) for _change, name in changes}))
            if self.builder.inputs != files:
                return  # watch the new inputs' folders too
