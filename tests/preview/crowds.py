"""Slow, idle and stream-holding clients of a preview, for the tests: loopback only, bounded, and they stop by
themselves (after `rounds` rounds, or sooner when asked)."""

from __future__ import annotations

import select
import socket
import threading
from dataclasses import dataclass, field


def head(port: int, path: str = "/", extra: str = "") -> bytes:
    """A whole GET request head for `path` on 127.0.0.1:`port`."""
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{extra}\r\n".encode()


@dataclass
class Tricklers:
    """`count` connections that each send one byte of a request head every `every` seconds (the head is longer
    than `rounds` bytes, so it never completes), and connect again whenever the server closes one."""

    port: int
    count: int
    every: float
    rounds: int
    closed: int = 0
    """Connections the server closed."""
    replies: list[bytes] = field(default_factory=list)
    """The first bytes of each reply the server sent before closing (a 408, or anything else)."""
    stop: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.head = head(self.port, extra="X-Pad: " + "a" * (self.rounds + 100) + "\r\n")
        self.thread = threading.Thread(target=self._run, name="tricklers", daemon=True)

    def __enter__(self) -> Tricklers:
        self.sockets = [self._connect() for _ in range(self.count)]
        self.sent = [0] * self.count
        self.thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=self.every + 10)
        for conn in self.sockets:
            conn.close()

    def _connect(self) -> socket.socket:
        conn = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        conn.setblocking(False)
        return conn

    def _run(self) -> None:
        for _round in range(self.rounds):
            if self.stop.wait(self.every):
                return
            for n, conn in enumerate(self.sockets):
                if self._is_closed(conn):
                    conn.close()
                    self.closed += 1
                    self.sockets[n], self.sent[n] = self._connect(), 0
                    continue
                try:
                    conn.send(self.head[self.sent[n]:self.sent[n] + 1])
                    self.sent[n] += 1
                except OSError:
                    pass  # closed meanwhile: found on the next round

    def _is_closed(self, conn: socket.socket) -> bool:
        """Whether the server has closed `conn` (its reply, if any, kept in `replies`)."""
        if not select.select([conn], [], [], 0)[0]:
            return False
        try:
            reply = conn.recv(4096)
        except OSError:
            return True
        if reply:
            self.replies.append(reply[:64])
        return True


def open_idle(port: int, count: int) -> list[socket.socket]:
    """`count` connections that send nothing."""
    return [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(count)]


def is_closed_by_server(conn: socket.socket, timeout: float) -> bool:
    """Whether the server closes `conn` within `timeout` seconds (without reading what it sent)."""
    closed = select.poll()
    closed.register(conn, select.POLLRDHUP | select.POLLHUP)
    return bool(closed.poll(timeout * 1000))


def open_streams(port: int, count: int, cookie: str = "") -> list[tuple[socket.socket, bytes]]:
    """`count` `/events` streams, each with the status line it was answered (read; nothing more is)."""
    streams = []
    for _ in range(count):
        conn = socket.create_connection(("127.0.0.1", port), timeout=5)
        conn.sendall(head(port, "/events", f"Cookie: {cookie}\r\n" if cookie else ""))
        status = b""
        while len(status) < len(b"HTTP/1.1 200 ") and (chunk := conn.recv(len(b"HTTP/1.1 200 ") - len(status))):
            status += chunk
        streams.append((conn, status))
    return streams
