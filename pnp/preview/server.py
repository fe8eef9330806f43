"""The preview's web server: the standard library's `ThreadingHTTPServer`, one thread per connection.

Routes are a fixed table: `/`, the page's own script and style (package data, read once at start),
`/status.json`, `/events` (server-sent events, one `build` event per rebuild) and `/page/<id>.png` for the
sheets of the current build. No part of a URL ever names a file. A request whose `Host` is not the served
address gets 403 (a page on another site cannot reach the preview through DNS rebinding).
"""

from __future__ import annotations

import ipaddress
import json
import socket
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from pnp.preview.build import Build, status

SOCKET_TIMEOUT = 10.0
"""Seconds a client may take to send its request or take a reply before its connection is closed."""
MAX_CLIENTS = 64
"""Connections served at once; one more is answered 503 and closed (a flood of idle connections holds no more
than this many threads, and the rebuilds, on their own thread, go on)."""
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 31\r\n"
        b"Retry-After: 1\r\nConnection: close\r\n\r\ntoo many connections, try again\n")
KEEPALIVE = 5.0
"""Seconds between the comments that keep an idle event stream open."""
ASSETS = {"/": ("index.html", "text/html; charset=utf-8"),
          "/preview.js": ("preview.js", "text/javascript; charset=utf-8"),
          "/preview.css": ("preview.css", "text/css; charset=utf-8")}
"""The page's own files by URL: (package file, content type)."""
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class Latest:
    """The current build, shared by the watcher (which publishes) and the request threads (which wait)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.build = Build(0, False)
        self.changed = threading.Condition()

    def publish(self, build: Build) -> None:
        with self.changed:
            self.build = build
            self.changed.notify_all()

    def wait_after(self, number: int, timeout: float) -> Build:
        """The current build once its number passes `number`, or after `timeout` seconds."""
        with self.changed:
            self.changed.wait_for(lambda: self.build.number != number, timeout)
            return self.build


def is_loopback(host: str) -> bool:
    """Whether `host` names this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class PreviewServer(ThreadingHTTPServer):
    """A threading server that knows its build and the Host values it answers to."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = MAX_CLIENTS

    def __init__(self, host: str, port: int, latest: Latest) -> None:
        if ":" in host:
            self.address_family = socket.AF_INET6
        super().__init__((host, port), Handler)
        self.latest = latest
        self.assets = {url: (files("pnp.preview").joinpath("static", name).read_bytes(), kind)
                       for url, (name, kind) in ASSETS.items()}
        self.slots = threading.BoundedSemaphore(MAX_CLIENTS)
        shown = f"[{host}]" if ":" in host else host
        self.url = f"http://{shown}:{self.server_address[1]}/"
        self.hosts = {f"{shown}:{self.server_address[1]}".lower()}
        if is_loopback(host):
            self.hosts.add(f"localhost:{self.server_address[1]}")


    def process_request(self, request: Any, client_address: Any) -> None:
        """Serve the connection on a thread of its own while fewer than MAX_CLIENTS are open; else 503."""
        if not self.slots.acquire(blocking=False):
            try:
                request.settimeout(1.0)
                request.sendall(BUSY)
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


class Handler(BaseHTTPRequestHandler):
    """Answers GET and HEAD from the route table; everything else is 404 or 405."""

    server: PreviewServer
    timeout = SOCKET_TIMEOUT
    protocol_version = "HTTP/1.1"
    server_version = "pnp-preview"
    sys_version = ""

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def _answer(self, body: bool) -> None:
        hosts = self.headers.get_all("Host") or []
        if len(hosts) != 1 or hosts[0].lower() not in self.server.hosts:  # a second Host could name another site
            self._send(HTTPStatus.FORBIDDEN, b"forbidden: unknown Host\n", "text/plain; charset=utf-8", body)
            return
        path = urlsplit(self.path).path
        build = self.server.latest.build
        if path in self.server.assets:
            content, kind = self.server.assets[path]
            self._send(HTTPStatus.OK, content, kind, body)
        elif path == "/status.json":
            document = json.dumps(status(build, self.server.latest.root), ensure_ascii=False).encode("utf-8")
            self._send(HTTPStatus.OK, document, "application/json; charset=utf-8", body)
        elif path == "/events" and body:
            self._events(build.number)
        elif path.startswith("/page/") and path.endswith(".png") and path[6:-4] in build.images:
            self._send(HTTPStatus.OK, build.images[path[6:-4]], "image/png", body, cache="max-age=3600, immutable")
        else:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8", body)

    def _send(self, code: HTTPStatus, content: bytes, kind: str, body: bool, cache: str = "no-store") -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(content)))
        self.send_header("Cache-Control", cache)
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        self.end_headers()
        if body:
            self.wfile.write(content)

    def _events(self, seen: int) -> None:
        """A server-sent event stream: `build` with the build number whenever one is published. A client
        that stops reading times out (SOCKET_TIMEOUT) and only its own thread waits for it."""
        self.close_connection = True
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        try:
            self.wfile.write(f"retry: 1000\nevent: build\ndata: {seen}\n\n".encode())
            while True:
                build = self.server.latest.wait_after(seen, KEEPALIVE)
                if build.number == seen:
                    self.wfile.write(b": waiting\n\n")
                else:
                    seen = build.number
                    self.wfile.write(f"event: build\ndata: {seen}\n\n".encode())
                self.wfile.flush()
        except OSError:  # the client went away or stopped reading
            return

    def log_message(self, format: str, *args: Any) -> None:
        """Requests are not logged: stdout carries the served URL, stderr the problems only."""


def warn_if_exposed(host: str) -> None:
    """Say on stderr that a preview bound beyond loopback is reachable by other machines."""
    if not is_loopback(host):
        print(f"warning: serving on {host}, other machines on the network can see this preview "
              "(leave out --host to serve this machine only)", file=sys.stderr, flush=True)
