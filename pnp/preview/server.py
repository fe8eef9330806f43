"""The preview's web server: one asyncio loop holds every connection, so a slow or idle client costs a socket and
a few bytes, never a thread or a slot that a browser needs.

A connection first waits for its request head, under one deadline for the whole head (`head_timeout`, from the
moment the connection waits for a request: its start, or the end of its last answer) that trickling bytes do
not push back; past it the connection is closed. A complete head is answered (`routes.py`, on a worker thread)
and the answer sent under a deadline of its own. At most `max_connections` connections wait or are answered at
once: one more closes the connection that has waited longest for its head, so a request that arrives complete
is always read. Event streams (`/events`) are counted apart (`max_streams`): a stream asked for by a page this
server served (it sends back the page's cookie) takes the place of the oldest other stream, or else of the
oldest page stream; any other stream past the cap is answered 503.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import socket
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from pnp.preview.routes import Answer, Latest, Site, answer, is_loopback

HEAD_TIMEOUT = 5.0
"""Seconds a connection has to send a whole request head (and an idle kept-alive connection to send its next)."""
WRITE_TIMEOUT = 10.0
"""Seconds a client has to take one answer (or one event) before its connection is closed."""
MAX_CONNECTIONS = 256
"""Connections waiting for a request or being answered at once (event streams not counted)."""
MAX_STREAMS = 32
"""Event streams open at once."""
MAX_HEAD_BYTES = 32_768
"""Longest request head read; a longer one is answered 431 and closed."""
KEEPALIVE = 5.0
"""Seconds between the comments that keep an idle event stream open."""
WORKERS = 4
"""Threads that answer complete requests (answers come from memory; a slow client never holds one)."""
HEAD_END = re.compile(rb"\r?\n\r?\n")


def _plain(code: str, text: str, extra: str = "") -> bytes:
    body = text.encode() + b"\n"
    return (f"HTTP/1.1 {code}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {len(body)}\r\n"
            f"{extra}Connection: close\r\n\r\n").encode() + body


BUSY = _plain("503 Service Unavailable", "too many connections, try again", "Retry-After: 1\r\n")
STREAMS_BUSY = _plain("503 Service Unavailable", "too many event streams open", "Retry-After: 5\r\n")
TOO_SLOW = _plain("408 Request Timeout", "the request head took too long")
TOO_LONG = _plain("431 Request Header Fields Too Large", "the request head is too long")


class PreviewServer:
    """Binds at once (so a port in use is reported before anything starts); `serve_forever` runs the loop until
    `shutdown` (from another thread) or Ctrl-C."""

    def __init__(self, host: str, port: int, latest: Latest, head_timeout: float = HEAD_TIMEOUT,
                 write_timeout: float = WRITE_TIMEOUT, max_connections: int = MAX_CONNECTIONS,
                 max_streams: int = MAX_STREAMS) -> None:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.socket = socket.create_server((host, port), family=family, backlog=max_connections)
        self.server_address = self.socket.getsockname()
        self.latest = latest
        self.head_timeout = head_timeout
        self.write_timeout = write_timeout
        self.max_connections = max_connections
        self.max_streams = max_streams
        shown = f"[{host}]" if ":" in host else host
        self.url = f"http://{shown}:{self.server_address[1]}/"
        hosts = {f"{shown}:{self.server_address[1]}".lower()}
        if is_loopback(host):
            hosts.add(f"localhost:{self.server_address[1]}")
        cookie = (f"pnp-preview-{self.server_address[1]}", secrets.token_urlsafe(24))
        self.site = Site.make(latest, hosts, cookie)
        self.waiting: dict[asyncio.Task[Any], None] = {}
        """Connections waiting for a request head, the longest waiting first."""
        self.answering: set[asyncio.Task[Any]] = set()
        self.streams: dict[asyncio.Task[Any], bool] = {}
        """Open event streams, the oldest first: whether each came from a page served here."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._stopping = threading.Event()
        self._built: asyncio.Event | None = None
        self._workers = ThreadPoolExecutor(WORKERS, thread_name_prefix="pnp-preview-answer")

    def serve_forever(self) -> None:
        """Serve until `shutdown` is called or the process is interrupted."""
        asyncio.run(self._serve())

    def shutdown(self) -> None:
        """Stop `serve_forever` (from any thread, also before it has started)."""
        self._stopping.set()
        if self._loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has already stopped
                self._loop.call_soon_threadsafe(self._stop.set)

    def server_close(self) -> None:
        self.socket.close()
        self._workers.shutdown(wait=False, cancel_futures=True)

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop, self._built = asyncio.Event(), asyncio.Event()
        if self._stopping.is_set():
            return
        self.latest.listeners.append(self._published)
        server = await asyncio.start_server(self._connection, sock=self.socket, limit=MAX_HEAD_BYTES)
        try:
            await self._stop.wait()
        finally:
            server.close()
            self.latest.listeners.remove(self._published)
            for task in [*self.waiting, *self.answering, *self.streams]:
                task.cancel()

    def _published(self) -> None:
        """Called on the watcher's thread after each build: wake the event streams."""
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._wake_streams)

    def _wake_streams(self) -> None:
        assert self._built is not None
        woken, self._built = self._built, asyncio.Event()
        woken.set()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        writer.transport.set_write_buffer_limits(high=0)  # a drained answer is wholly handed to the system
        if len(self.waiting) + len(self.answering) >= self.max_connections and not _close_oldest(self.waiting):
            await _send_and_close(writer, BUSY)
            return
        try:
            stream = await self._requests(task, reader, writer)
            if stream is not None:
                await self._stream(writer, stream)
        except (OSError, TimeoutError, asyncio.CancelledError):
            pass  # the client went away, was too slow or made room for another: its connection alone ends
        finally:
            self.waiting.pop(task, None)
            self.answering.discard(task)
            self.streams.pop(task, None)
            writer.transport.abort()

    async def _requests(self, task: asyncio.Task[Any], reader: asyncio.StreamReader,
                        writer: asyncio.StreamWriter) -> Answer | None:
        """Answer requests on one connection until it closes; the answer that opens an event stream when it
        asks for one and the stream is admitted (the connection then becomes that stream)."""
        assert self._loop is not None
        buffered = b""
        while True:
            self.waiting[task] = None
            head, buffered, refusal = await self._read_head(reader, buffered)
            del self.waiting[task]
            if head is None:
                if refusal:
                    await _send_and_close(writer, refusal)
                return None
            self.answering.add(task)
            reply: Answer = await self._loop.run_in_executor(self._workers, answer, head, self.site)
            self.answering.discard(task)
            if reply.stream is not None:
                if self._admit_stream(task, reply.page):
                    return reply
                await _send_and_close(writer, STREAMS_BUSY)
                return None
            self.answering.add(task)
            await _send(writer, reply.data, self.write_timeout)
            self.answering.discard(task)
            if reply.close:
                return None

    async def _read_head(self, reader: asyncio.StreamReader, buffered: bytes) -> tuple[bytes | None, bytes, bytes]:
        """(head, what follows it, b"") once a whole head is in; (None, b"", the refusal to send, maybe b"")
        when the client closes, sends too much or takes longer than the head timeout in all."""
        searched = 0
        try:
            async with asyncio.timeout(self.head_timeout):
                while (end := HEAD_END.search(buffered, max(0, searched - 3))) is None:
                    if len(buffered) > MAX_HEAD_BYTES:
                        return None, b"", TOO_LONG
                    searched = len(buffered)
                    chunk = await reader.read(MAX_HEAD_BYTES)
                    if not chunk:
                        return None, b"", b""
                    buffered += chunk
        except TimeoutError:
            return None, b"", TOO_SLOW if buffered else b""
        if end.end() > MAX_HEAD_BYTES:
            return None, b"", TOO_LONG
        return buffered[:end.end()], buffered[end.end():], b""

    def _admit_stream(self, task: asyncio.Task[Any], page: bool) -> bool:
        """Whether a new stream may open (it is then counted), closing an older one to make room for a page's."""
        if len(self.streams) >= self.max_streams and not (
                page and (_close_oldest(self.streams, lambda is_page: not is_page) or _close_oldest(self.streams))):
            return False
        self.streams[task] = page
        return True

    async def _stream(self, writer: asyncio.StreamWriter, opened: Answer) -> None:
        """Send the stream's head, then a `build` event whenever one is published (a comment every KEEPALIVE
        seconds meanwhile), until the client goes, stops reading or the stream is closed for a page's."""
        assert self._built is not None and opened.stream is not None
        seen = opened.stream
        await _send(writer, opened.data, self.write_timeout)
        while True:
            built = self._built
            if self.latest.build.number == seen:  # no build came since the last event: wait for the next
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(built.wait(), KEEPALIVE)
            number = self.latest.build.number
            event = b": waiting\n\n" if number == seen else f"event: build\ndata: {number}\n\n".encode()
            await _send(writer, event, self.write_timeout)
            seen = number


def _close_oldest(tasks: dict[asyncio.Task[Any], Any], chosen: Callable[[Any], bool] = lambda _value: True) -> bool:
    """Cancel the first (oldest) task of `tasks` whose value is `chosen` and forget it; False when there is none."""
    for task, value in tasks.items():
        if chosen(value):
            del tasks[task]
            task.cancel()
            return True
    return False


async def _send(writer: asyncio.StreamWriter, data: bytes, timeout: float) -> None:
    """Write `data`, the client given `timeout` seconds in all to take it."""
    writer.write(data)
    async with asyncio.timeout(timeout):
        await writer.drain()


async def _send_and_close(writer: asyncio.StreamWriter, data: bytes) -> None:
    with contextlib.suppress(OSError, TimeoutError):
        writer.write(data)
        async with asyncio.timeout(1.0):
            await writer.drain()
    writer.transport.abort()


def warn_if_exposed(host: str) -> None:
    """Say on stderr that a preview bound beyond loopback is reachable by other machines."""
    if not is_loopback(host):
        print(f"warning: serving on {host}, other machines on the network can see this preview "
              "(leave out --host to serve this machine only)", file=sys.stderr, flush=True)
