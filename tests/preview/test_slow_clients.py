"""Clients that send their requests slowly or never, and crowds of event streams: none keeps a real client out.

Each test runs a preview server in this process with its deadline and caps shortened, so the crowds are small
and the waits short; the clients are loopback sockets that stop by themselves (`crowds.py`)."""

from __future__ import annotations

import socket
import time
from pathlib import Path

from pnp.preview.build import Build
from tests.preview.crowds import Tricklers, head, is_closed_by_server, open_idle, open_streams
from tests.preview.running import fetch, serving, sheet_build

WITHIN = 2.0
"""Seconds a real client is given to be answered while the crowd is there (the issue's bound)."""


def answered(port: int, path: str = "/status.json") -> tuple[int, float]:
    """The status of GET `path` and the seconds it took."""
    started = time.monotonic()
    code, _body, _headers = fetch(port, path)
    return code, time.monotonic() - started


def test_a_head_sent_a_byte_at_a_time_is_closed_at_the_deadline_for_the_whole_head(tmp_path: Path) -> None:
    # a byte every 0.2 s never lets a 1 s wait for the next byte run out: only a deadline for the whole head does
    with serving(tmp_path, head_timeout=1.0) as (server, _latest):
        port = server.server_address[1]
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            slow = head(port, extra="X-Pad: " + "a" * 200 + "\r\n")
            sent = 0
            started = time.monotonic()
            conn.settimeout(0.2)
            reply = b""
            while sent < len(slow) and time.monotonic() - started < 10:
                try:
                    conn.sendall(slow[sent:sent + 1])
                    sent += 1
                    reply = conn.recv(4096)
                    break
                except TimeoutError:
                    continue
                except OSError:
                    break
        assert reply.startswith(b"HTTP/1.1 408 ")
        assert 3 <= sent < 30  # closed after about five bytes (1 s), long before the head was whole


def test_a_real_client_is_answered_while_70_connections_trickle(tmp_path: Path) -> None:
    with serving(tmp_path, head_timeout=1.0) as (server, _latest):
        port = server.server_address[1]
        with Tricklers(port, count=70, every=0.25, rounds=24) as tricklers:
            for path in ["/", "/preview.js", "/status.json", "/page/sheet1.png"] * 3:
                code, seconds = answered(port, path)
                assert code == 200 and seconds < WITHIN, (path, code, seconds)
                time.sleep(0.25)
            while tricklers.thread.is_alive() and tricklers.closed < 70:
                time.sleep(0.1)
        assert tricklers.closed >= 70  # every trickler was closed by the deadline (and came back)
        assert tricklers.replies and all(r.startswith(b"HTTP/1.1 408 ") for r in tricklers.replies)


def test_more_tricklers_than_connections_make_room_for_a_whole_request(tmp_path: Path) -> None:
    # past the cap, the connection that has waited longest for its head is closed: a request that comes whole
    # is read at once, however many connections are still sending theirs
    with serving(tmp_path, head_timeout=30.0, max_connections=16) as (server, _latest):
        port = server.server_address[1]
        with Tricklers(port, count=24, every=0.25, rounds=12) as tricklers:  # 8 too many: 8 come back each round
            for _ in range(5):
                code, seconds = answered(port)
                assert code == 200 and seconds < WITHIN
                time.sleep(0.25)
        assert tricklers.closed >= 24 - 16


def test_idle_connections_are_closed_and_never_hold_a_real_client_off(tmp_path: Path) -> None:
    with serving(tmp_path, head_timeout=1.0, max_connections=16) as (server, _latest):
        port = server.server_address[1]
        idle = open_idle(port, 70)
        try:
            code, seconds = answered(port)
            assert code == 200 and seconds < WITHIN
            assert all(is_closed_by_server(conn, timeout=5) for conn in idle)
        finally:
            for conn in idle:
                conn.close()
        assert answered(port)[0] == 200


def test_a_kept_alive_connection_that_goes_quiet_is_closed(tmp_path: Path) -> None:
    with serving(tmp_path, head_timeout=1.0) as (server, _latest):
        port = server.server_address[1]
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            conn.sendall(head(port, "/status.json") + head(port, "/preview.js"))  # two requests, one send
            reply = b""
            while reply.count(b"HTTP/1.1 200 OK") < 2:
                reply += conn.recv(65536)
            assert is_closed_by_server(conn, timeout=5)


def test_event_streams_are_capped_apart_from_requests(tmp_path: Path) -> None:
    with serving(tmp_path, max_streams=8) as (server, _latest):
        port = server.server_address[1]
        streams = open_streams(port, 66)
        try:
            statuses = [status for _conn, status in streams]
            assert statuses.count(b"HTTP/1.1 200 ") == 8 and statuses.count(b"HTTP/1.1 503 ") == 58
            for path in ["/", "/status.json", "/page/sheet1.png"]:
                code, seconds = answered(port, path)
                assert code == 200 and seconds < WITHIN
        finally:
            for conn, _status in streams:
                conn.close()


def test_the_pages_own_stream_gets_through_66_others_and_hears_the_next_build(tmp_path: Path) -> None:
    with serving(tmp_path, max_streams=8) as (server, latest):
        port = server.server_address[1]
        streams = open_streams(port, 66)
        try:
            _code, _body, headers = fetch(port, "/")  # the page, which sets its cookie
            cookie = headers["Set-Cookie"].split(";", 1)[0]
            assert "HttpOnly" in headers["Set-Cookie"] and "SameSite=Strict" in headers["Set-Cookie"]
            [(page, status)] = open_streams(port, 1, cookie)
            assert status == b"HTTP/1.1 200 "
            assert is_closed_by_server(streams[0][0], timeout=5)  # the oldest stream made room for it
            [(forged, status)] = open_streams(port, 1, cookie.replace("=", "=x"))
            forged.close()
            assert status == b"HTTP/1.1 503 "
            latest.publish(sheet_build(2))
            page.settimeout(5)
            heard = b""
            while b"event: build\ndata: 2\n" not in heard:
                heard += page.recv(4096)
            page.close()
        finally:
            for conn, _status in streams:
                conn.close()


def test_page_streams_make_room_for_the_newest_page(tmp_path: Path) -> None:
    with serving(tmp_path, max_streams=2) as (server, _latest):
        port = server.server_address[1]
        cookie = fetch(port, "/")[2]["Set-Cookie"].split(";", 1)[0]
        tabs = open_streams(port, 3, cookie)
        try:
            assert [status for _conn, status in tabs] == [b"HTTP/1.1 200 "] * 3
            assert is_closed_by_server(tabs[0][0], timeout=5)
            assert not is_closed_by_server(tabs[2][0], timeout=0.5)
        finally:
            for conn, _status in tabs:
                conn.close()


def test_a_head_too_long_is_refused_and_a_body_is_never_read_as_a_request(tmp_path: Path) -> None:
    with serving(tmp_path) as (server, _latest):
        port = server.server_address[1]
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            conn.sendall(b"GET /" + b"a" * 40_000)  # no line end in sight
            assert conn.recv(64).startswith(b"HTTP/1.1 431 ")
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            smuggled = head(port, "/preview.js")
            conn.sendall(head(port, "/status.json", f"Content-Length: {len(smuggled)}\r\n") + smuggled)
            reply = b""
            while chunk := conn.recv(65536):  # the server closes after its one answer
                reply += chunk
        assert reply.count(b"HTTP/1.1 ") == 1 and reply.startswith(b"HTTP/1.1 200 ")


def test_a_client_that_stops_reading_is_closed_at_the_write_deadline(tmp_path: Path) -> None:
    with serving(tmp_path, write_timeout=1.0) as (server, latest):
        port = server.server_address[1]
        big = bytes(range(256)) * 8_000  # 2 MB, sent as a sheet twenty times over
        latest.publish(Build(2, True, pages=("big",), images={"big": big}))
        conn = socket.socket()
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65_536)
        conn.settimeout(10)
        conn.connect(("127.0.0.1", port))
        with conn:
            conn.sendall(head(port, "/page/big.png") * 20)
            time.sleep(2.5)  # reads nothing past the deadline
            received = 0
            while chunk := conn.recv(1 << 20):
                received += len(chunk)
        assert len(big) <= received < 20 * len(big)  # what the system had taken still comes, then the end
        assert answered(port)[0] == 200
