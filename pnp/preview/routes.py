"""What the preview answers to one request: the standard library's `BaseHTTPRequestHandler`, run on a request
head already read (the connections and their deadlines are `server.py`'s), writing its answer into memory.

Routes are a fixed table: `/`, the page's own script and style (package data, read once at start),
`/status.json`, `/events` (server-sent events, one `build` event per rebuild) and `/page/<id>.png` for the
sheets of the current build. No part of a URL ever names a file. A request whose `Host` is not the served
address gets 403 (a page on another site cannot reach the preview through DNS rebinding).
"""

from __future__ import annotations

import hmac
import io
import ipaddress
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from importlib.resources import files
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from pnp.preview.build import Build, status

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
    """The current build, published by the watcher's thread; each listener is called after every publish."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.build = Build(0, False)
        self.listeners: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def publish(self, build: Build) -> None:
        with self._lock:
            self.build = build
            listeners = list(self.listeners)
        for listener in listeners:
            listener()


def is_loopback(host: str) -> bool:
    """Whether `host` names this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Site:
    """What the routes need to know: the build, the page's files, the Host values answered and the page's
    cookie (name, value): a page served here sends it back with its `/events` request."""

    latest: Latest
    assets: dict[str, tuple[bytes, str]]
    hosts: frozenset[str]
    cookie: tuple[str, str]

    @classmethod
    def make(cls, latest: Latest, hosts: set[str], cookie: tuple[str, str]) -> Site:
        assets = {url: (files("pnp.preview").joinpath("static", name).read_bytes(), kind)
                  for url, (name, kind) in ASSETS.items()}
        return cls(latest, assets, frozenset(hosts), cookie)


@dataclass(frozen=True)
class Answer:
    """The bytes to send for one request; `close`: the connection ends after them; `stream`: an event stream
    starts after them, from that build number; `page`: the request carried the page's cookie."""

    data: bytes
    close: bool
    stream: int | None = None
    page: bool = False


def answer(head: bytes, site: Site) -> Answer:
    """The answer to one complete request head (request line and header lines, with the blank line)."""
    handler = Handler(head, site)
    return Answer(handler.wfile.getvalue(), handler.close_connection, handler.stream, handler.page)


class Handler(BaseHTTPRequestHandler):
    """Answers GET and HEAD from the route table; everything else is 404 or 501. Reads its head from memory
    and writes its answer there (`wfile`)."""

    rfile: io.BytesIO
    wfile: io.BytesIO
    protocol_version = "HTTP/1.1"
    server_version = "pnp-preview"
    sys_version = ""
    stream: int | None = None
    page = False

    def __init__(self, head: bytes, site: Site) -> None:
        """Answer `head` at once (not the base class's constructor: there is no socket and no socketserver)."""
        self.site = site
        self.client_address = ("", 0)
        self.rfile = io.BytesIO(head)
        self.wfile = io.BytesIO()
        self.handle_one_request()
        headers = getattr(self, "headers", None)
        if headers is not None and (headers.get("Content-Length", "0").strip() != "0"
                                    or "Transfer-Encoding" in headers):
            self.close_connection = True  # a body is never read: what follows the head is not a request

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def _answer(self, body: bool) -> None:
        site = self.site
        hosts = self.headers.get_all("Host") or []
        if len(hosts) != 1 or hosts[0].lower() not in site.hosts:  # a second Host could name another site
            self._send(HTTPStatus.FORBIDDEN, b"forbidden: unknown Host\n", "text/plain; charset=utf-8", body)
            return
        path = urlsplit(self.path).path
        build = site.latest.build
        if path in site.assets:
            content, kind = site.assets[path]
            self._send(HTTPStatus.OK, content, kind, body, cookie=path == "/")
        elif path == "/status.json":
            document = json.dumps(status(build, site.latest.root), ensure_ascii=False).encode("utf-8")
            self._send(HTTPStatus.OK, document, "application/json; charset=utf-8", body)
        elif path == "/events" and body:
            self._events(build.number)
        elif path.startswith("/page/") and path.endswith(".png") and path[6:-4] in build.images:
            self._send(HTTPStatus.OK, build.images[path[6:-4]], "image/png", body, cache="max-age=3600, immutable")
        else:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8", body)

    def _send(self, code: HTTPStatus, content: bytes, kind: str, body: bool, cache: str = "no-store",
              cookie: bool = False) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(content)))
        self.send_header("Cache-Control", cache)
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        if cookie:
            name, value = self.site.cookie
            self.send_header("Set-Cookie", f"{name}={value}; Path=/; HttpOnly; SameSite=Strict")
        self.end_headers()
        if body:
            self.wfile.write(content)

    def _events(self, seen: int) -> None:
        """The head of a server-sent event stream and its first `build` event; the connection goes on with the
        stream (`stream`), the events that follow are sent by the server."""
        self.close_connection = True
        self.stream = seen
        self.page = self._has_page_cookie()
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(f"retry: 1000\nevent: build\ndata: {seen}\n\n".encode())

    def _has_page_cookie(self) -> bool:
        name, value = self.site.cookie
        for header in self.headers.get_all("Cookie") or []:
            for part in header.split(";"):
                key, _, given = part.strip().partition("=")
                if key == name and hmac.compare_digest(given.encode(), value.encode()):
                    return True
        return False

    def log_message(self, format: str, *args: Any) -> None:
        """Requests are not logged: stdout carries the served URL, stderr the problems only."""
