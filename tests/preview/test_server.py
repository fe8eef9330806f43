"""The preview server over plain HTTP: what it serves, what it refuses, how it starts and stops."""

from __future__ import annotations

import http.client
import signal
import socket
import time
from pathlib import Path

import pytest

from tests.preview.crowds import is_closed_by_server, open_idle
from tests.preview.running import Preview, running_preview


@pytest.fixture(scope="module")
def preview(tmp_path_factory: pytest.TempPathFactory) -> Preview:
    with running_preview(tmp_path_factory.mktemp("kit")) as running:
        running.wait_for_build()
        yield running


def get(preview: Preview, path: str, host: str | None = None) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection(preview.host, preview.port, timeout=5)
    connection.putrequest("GET", path, skip_host=host is not None)
    if host is not None:
        connection.putheader("Host", host)
    connection.endheaders()
    response = connection.getresponse()
    answer = response.status, response.read()
    connection.close()
    return answer


def raw_get(preview: Preview, path: str) -> bytes:
    """The status line for `path` sent byte for byte (no client normalises it)."""
    with socket.create_connection((preview.host, preview.port), timeout=5) as conn:
        conn.sendall(f"GET {path} HTTP/1.1\r\nHost: {preview.host}:{preview.port}\r\nConnection: close\r\n\r\n"
                     .encode())
        reply = b""
        while chunk := conn.recv(4096):
            reply += chunk
    return reply.split(b"\r\n", 1)[0]


def test_status_lists_every_sheet_and_card(preview: Preview) -> None:
    status = preview.status()
    assert status["ok"] and status["build"] == 1 and status["diagnostics"] == []
    assert len(status["pages"]) == 12  # 54 poker cards, nine a sheet: six fronts, six backs
    assert len(status["cards"]) == 54
    first = status["cards"][0]
    assert {k: first[k] for k in ("deck", "name", "index", "page", "line")} == {
        "deck": "Race deck", "name": "A♠", "index": 0, "page": 1, "line": 2}  # row 1 of cards.csv is line 2
    left, top, width, height = first["box"]  # a poker card's share of A4 portrait
    assert (round(width * 210, 2), round(height * 297, 2)) == (63.0, 88.0) and 0 < left < 0.5 and 0 < top < 0.5
    assert status["cards"][-1]["page"] == 11  # the last front sheet (sheet 12 holds its backs)
    code, body = get(preview, status["pages"][0])
    assert code == 200 and body.startswith(b"\x89PNG")


def test_another_host_header_is_forbidden(preview: Preview) -> None:
    assert get(preview, "/status.json", host="evil.example")[0] == 403
    assert get(preview, "/", host=f"evil.example:{preview.port}")[0] == 403
    assert get(preview, "/", host=f"{preview.host}:{preview.port}")[0] == 200
    assert get(preview, "/", host=f"LOCALHOST:{preview.port}")[0] == 200  # host names know no case


def test_a_second_host_header_is_forbidden(preview: Preview) -> None:
    # only the first Host was checked: "Host: 127.0.0.1:PORT" then "Host: evil.example" was served
    with socket.create_connection((preview.host, preview.port), timeout=5) as conn:
        conn.sendall(f"GET /status.json HTTP/1.1\r\nHost: {preview.host}:{preview.port}\r\nHost: evil.example\r\n"
                     "Connection: close\r\n\r\n".encode())
        reply = b""
        while chunk := conn.recv(4096):
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 403 ")


@pytest.mark.parametrize("path", ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/page/../../etc/passwd",
                                  "//etc/passwd", "/etc/passwd", "/page/", "/kit.yaml", "/cards.csv",
                                  "/page/..%2f..%2fkit.yaml.png", "/static/", "/preview.js/../kit.yaml"])
def test_no_url_reaches_the_filesystem(preview: Preview, path: str) -> None:
    assert raw_get(preview, path) == b"HTTP/1.1 404 Not Found"


def test_a_silent_client_does_not_stall_the_others(preview: Preview) -> None:
    with socket.create_connection((preview.host, preview.port), timeout=5):  # connects, never sends a request
        started = time.monotonic()
        assert preview.status()["ok"]
        assert time.monotonic() - started < 2


def test_a_flood_of_idle_connections_holds_nothing_and_rebuilds_go_on(tmp_path: Path) -> None:
    from pnp.preview.server import HEAD_TIMEOUT, MAX_CONNECTIONS

    with running_preview(tmp_path) as running:
        running.wait_for_build()
        idle = open_idle(running.port, MAX_CONNECTIONS + 20)
        try:
            assert is_closed_by_server(idle[0], timeout=5)  # the longest waiting made room for the newest
            assert running.status()["ok"]
            running.edit_csv("\nA♠,1,,A,♠,1,", "\nA♠,1,,A,♠,9,")
            assert running.wait_for_build(after=1, timeout=10)["ok"]  # the rebuild goes on meanwhile
            assert all(is_closed_by_server(conn, timeout=HEAD_TIMEOUT + 5) for conn in idle)
        finally:
            for conn in idle:
                conn.close()


def test_ctrl_c_exits_0_and_writes_nothing(tmp_path: Path) -> None:
    with running_preview(tmp_path) as running:
        before = sorted(p.name for p in tmp_path.rglob("*"))
        running.wait_for_build()
        running.process.send_signal(signal.SIGINT)
        assert running.process.wait(timeout=15) == 0
    assert sorted(p.name for p in tmp_path.rglob("*")) == before == ["cards.csv", "kit.yaml"]


def test_another_host_is_warned_about(tmp_path: Path) -> None:
    with running_preview(tmp_path, "--host", "0.0.0.0") as running:
        running.process.send_signal(signal.SIGINT)
        running.process.wait(timeout=15)
        assert running.process.stderr is not None
        assert "warning: serving on 0.0.0.0" in running.process.stderr.read()
