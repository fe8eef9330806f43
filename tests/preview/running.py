"""A `pnp preview` process on a copy of the example deck, and a preview server in this process, for the
preview's tests."""

from __future__ import annotations

import http.client
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from pnp.preview.build import Build
from pnp.preview.routes import Latest
from pnp.preview.server import PreviewServer

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


@contextmanager
def serving(folder: Path, **options: Any) -> Iterator[tuple[PreviewServer, Latest]]:
    """A preview server in this process on 127.0.0.1 (any free port) serving build 1 of one small sheet, with
    `PreviewServer`'s `options`; publish more builds through the `Latest` given."""
    latest = Latest(folder)
    server = PreviewServer("127.0.0.1", 0, latest, **options)
    thread = threading.Thread(target=server.serve_forever, name="preview-server", daemon=True)
    thread.start()
    latest.publish(sheet_build(1))
    try:
        yield server, latest
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        assert not thread.is_alive()


def sheet_build(number: int) -> Build:
    """A good build of one sheet: a small PNG, its id named after the build."""
    png = io.BytesIO()
    Image.new("RGB", (20, 28), (number % 256, 90, 160)).save(png, "PNG")
    return Build(number, True, pages=(f"sheet{number}",), labels=("fronts",), images={f"sheet{number}": png.getvalue()})


def fetch(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:
    """GET `path` from 127.0.0.1:`port` as an ordinary client: status, body and headers."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    answer = response.status, response.read(), dict(response.getheaders())
    connection.close()
    return answer


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
