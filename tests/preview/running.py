"""A `pnp preview` process on a copy of the example deck, for the preview's tests."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
DECK = REPO / "examples" / "generic-deck"


@dataclass
class Preview:
    """A running preview: its process, its URL's host and port, and the kit folder it watches."""

    process: subprocess.Popen[str]
    host: str
    port: int
    kit: Path

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def status(self) -> dict[str, Any]:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=5)
        connection.request("GET", "/status.json")
        document: dict[str, Any] = json.loads(connection.getresponse().read())
        connection.close()
        return document

    def wait_for_build(self, after: int = 0, timeout: float = 60.0) -> dict[str, Any]:
        """The status once its build number passes `after`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status = self.status()
            if status["build"] > after:
                return status
            time.sleep(0.05)
        raise AssertionError(f"no build after {after} within {timeout} s")

    def edit_csv(self, old: str, new: str) -> None:
        """Replace `old` by `new` in the deck's cards.csv, as an editor's save would."""
        path = self.kit / "cards.csv"
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")


def copy_deck(folder: Path) -> Path:
    """The example deck copied into `folder`; its spec's path."""
    shutil.copytree(DECK, folder, dirs_exist_ok=True)
    return folder / "kit.yaml"


@contextmanager
def running_preview(folder: Path, *args: str) -> Iterator[Preview]:
    """Start `pnp preview --no-open` on a copy of the example deck; stop it with Ctrl-C (SIGINT) afterwards."""
    spec = copy_deck(folder)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen([sys.executable, "-m", "pnp.cli", "preview", str(spec), "--no-open", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=folder)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first.startswith("serving http://"), first + (process.stderr.read() if process.stderr else "")
        host, port = first.removeprefix("serving http://").strip().rstrip("/").rsplit(":", 1)
        yield Preview(process, host, int(port), folder)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
