"""Issue 35's preview case: how soon a real browser sees the preview while slow or idle connections are open.

A `pnp preview --no-open` process serves a copy of examples/generic-deck. Then, for each kind of crowd, `count`
connections are opened and kept (tricklers send one byte of a request head every 4 s and reconnect when closed,
idle sockets send nothing, event streams ask for `/events` and read nothing), and a headless Chromium (Debian's
`chromium`, through Playwright) opens the page: the time from `goto` until every sheet is drawn, or "no page"
with the status it got. Run alone: `python benchmarks/preview_slow_clients.py [--count 70] [--limit 30]`.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("PNP_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@contextmanager
def preview(folder: Path) -> Iterator[int]:
    """A preview of the example deck copied into `folder`; its port once the first build is served."""
    shutil.copytree(REPO / "examples" / "generic-deck", folder)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen([sys.executable, "-m", "pnp.cli", "preview", str(folder / "kit.yaml"), "--no-open"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout is not None and process.stderr is not None
        port = int(process.stdout.readline().strip().rstrip("/").rsplit(":", 1)[1])
        assert process.stderr.readline().startswith("build 1")
        yield port
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def trickle(port: int, stop: threading.Event) -> None:
    """One byte of a request head every 4 s on one connection, a new connection whenever it is closed."""
    head = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Pad: {'a' * 400}\r\n\r\n".encode()
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
                for byte in head:
                    conn.sendall(bytes([byte]))
                    if stop.wait(4.0):
                        return
        except OSError:
            stop.wait(0.1)


def hold(port: int, stop: threading.Event, request: bytes) -> None:
    """One connection that sends `request` (maybe nothing) and reads nothing, again whenever it is closed."""
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
                conn.sendall(request)
                closed = select.poll()
                closed.register(conn, select.POLLRDHUP | select.POLLHUP)
                while not stop.is_set() and not closed.poll(500):
                    pass
        except OSError:
            stop.wait(0.1)


def crowds(port: int) -> dict[str, Callable[[threading.Event], None]]:
    events = f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    return {"tricklers": lambda stop: trickle(port, stop),
            "idle sockets": lambda stop: hold(port, stop, b""),
            "event streams": lambda stop: hold(port, stop, events)}


def run_crowd(port: int, name: str, count: int) -> None:
    """`count` connections of the crowd `name`, until the process is ended."""
    stop = threading.Event()
    threads = [threading.Thread(target=crowds(port)[name], args=(stop,), daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    stop.wait()


def page_seconds(browser: object, port: int, limit: float) -> str:
    """How long Chromium takes to show every sheet of the preview, or why it shows none within `limit` s."""
    page = browser.new_page(bypass_csp=True)  # type: ignore[attr-defined]
    started = time.perf_counter()
    try:
        response = page.goto(f"http://127.0.0.1:{port}/", timeout=limit * 1000)
        if response.status != 200:
            return f"no page: {response.status} after {time.perf_counter() - started:.2f} s"
        page.wait_for_function("document.body.dataset.build === '1' && [...document.querySelectorAll"
                               "('#sheets img')].every(i => i.complete && i.naturalWidth)", timeout=limit * 1000)
        return f"{time.perf_counter() - started:.2f} s"
    except Exception as err:  # Playwright's TimeoutError or a refused connection
        return f"no page within {limit:.0f} s ({type(err).__name__})"
    finally:
        page.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=70, help="connections in each crowd")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds the browser is given")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="pnp-preview-slow-") as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        for n, name in enumerate(crowds(0)):
            with preview(Path(tmp) / f"kit-{n}") as port:
                if n == 0:
                    print(f"{'nobody else':<14} {page_seconds(browser, port, args.limit)}", flush=True)
                process = multiprocessing.Process(target=run_crowd, args=(port, name, args.count), daemon=True)
                process.start()  # a process of its own: its threads do not slow the browser's driver here
                time.sleep(2.0)  # every connection is open and has sent what it sends
                print(f"{name:<14} {args.count} open: {page_seconds(browser, port, args.limit)}", flush=True)
                process.terminate()
                process.join(timeout=10)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
