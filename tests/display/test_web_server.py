"""The display's web server: read-only routes, Host and Origin checks, the viewer cap,
viewers that go or stop reading, a clean end on SIGTERM and SIGINT, and nothing left
after kill -9 (the server starts no other process).

The server runs in this process (aiohttp's test server) for the route checks, and as
``omaha-tui display`` in a child process for the signals. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import ClientSession, ClientTimeout
from aiohttp.test_utils import TestServer

from omaha_tui.display.feed import RoomFeed
from omaha_tui.display.follower import Follower
from omaha_tui.display.web import allowed_hosts, make_app
from omaha_tui.store.journal import Journal
from tests.app.hands import seated

ROOT = Path(__file__).resolve().parents[2]


def journal(db: Path) -> int:
    with Journal.open(db) as j:
        sid = j.create_session("Friday PLO")
        j.append_many(sid, seated("plo", ["Ann", "Bob", "Cy"]))
    return sid


class Served:
    """The app on a test server at 127.0.0.1, with a client session to it."""

    def __init__(self, server: TestServer, feed: RoomFeed) -> None:
        self.server, self.feed = server, feed
        self.base = f"http://127.0.0.1:{server.port}"
        self.host = f"127.0.0.1:{server.port}"


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[Served]:
    db = tmp_path / "journal.sqlite3"
    journal(db)
    follower = Follower.open(db)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    url = f"http://192.168.7.9:{port}"
    feed = RoomFeed(follower, url=url)
    app = make_app(feed, allowed_hosts(url, port), max_viewers=3, poll_seconds=0.02)
    server = TestServer(app, host="127.0.0.1", port=port, handler_cancellation=True)
    await server.start_server()
    try:
        yield Served(server, feed)
    finally:
        await server.close()
        follower.close()


async def get(served: Served, path: str, **headers: str) -> tuple[int, str]:
    async with (
        ClientSession(timeout=ClientTimeout(total=10)) as http,
        http.get(served.base + path, headers=headers) as r,
    ):
        return r.status, await r.text()


async def test_the_page_its_assets_and_the_snapshot_are_served(served: Served) -> None:
    status, html = await get(served, "/")
    assert status == 200 and "/static/room.js" in html and "http" not in html.split("<body")[0]
    for name in ("room.css", "room.js"):
        assert (await get(served, f"/static/{name}"))[0] == 200
    assert (await get(served, "/static/../web.py"))[0] == 404
    status, svg = await get(served, "/qr.svg")
    assert status == 200 and svg.lstrip().startswith("<svg")
    status, text = await get(served, "/room.json")
    view = json.loads(text)
    assert status == 200 and [s["name"] for s in view["seats"]] == ["Ann", "Bob", "Cy"]


async def test_the_qr_code_is_the_address_the_page_is_served_on_and_nothing_is_loaded_from_away(
    served: Served,
) -> None:
    """The QR code is the printed address (``url``, the one the page shows too) and the
    page, its style sheet and its script name no other site: only their own files."""
    import re

    from omaha_tui.display.page import qr_svg

    status, svg = await get(served, "/qr.svg")
    assert status == 200 and svg.encode() == qr_svg(served.feed.url)
    assert served.feed.url.endswith(f":{served.server.port}")
    status, text = await get(served, "/room.json")
    assert json.loads(text)["url"] == served.feed.url
    for path in ("/", "/static/room.css", "/static/room.js"):
        status, body = await get(served, path)
        assert status == 200 and not re.search(r"(https?:)?//[a-z0-9]", body, re.I), path
        assert not re.search(r"@import|url\(\s*['\"]?[a-z]+:", body, re.I), path


async def test_no_route_accepts_input(served: Served) -> None:
    async with ClientSession(timeout=ClientTimeout(total=10)) as http:
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            async with http.request(method, served.base + "/room.json", data=b"x") as r:
                assert r.status == 405, method
        async with http.get(served.base + "/room.json", data=b"x" * 10) as r:
            assert r.status == 413


async def test_another_host_is_refused(served: Served) -> None:
    """A page that rebinds its own name to this address (DNS rebinding) gets nothing."""
    status, text = await get(served, "/room.json", Host=f"evil.example:{served.server.port}")
    assert status == 421 and "answers only at" in text
    port = served.server.port
    for host in (served.host, f"localhost:{port}", f"192.168.7.9:{port}"):
        assert (await get(served, "/room.json", Host=host))[0] == 200, host


async def test_another_origin_is_refused(served: Served) -> None:
    status, text = await get(served, "/events", Origin="http://evil.example")
    assert status == 403 and "other sites" in text
    assert (await get(served, "/room.json", **{"Sec-Fetch-Site": "cross-site"}))[0] == 403
    status, _ = await get(served, "/room.json", Origin=f"http://{served.host}")
    assert status == 200


async def _stream(served: Served) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", served.server.port)
    writer.write(f"GET /events HTTP/1.1\r\nHost: {served.host}\r\n\r\n".encode())
    await writer.drain()
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    assert head.startswith(b"HTTP/1.1 200"), head
    return reader, writer


async def _until(check: object, what: str) -> None:
    for _ in range(200):
        if check():  # type: ignore[operator]
            return
        await asyncio.sleep(0.025)
    raise AssertionError(f"{what} within 5 s")


async def test_the_viewer_cap_refuses_one_more_and_frees_a_place_when_one_goes(
    served: Served,
) -> None:
    streams = [await _stream(served) for _ in range(3)]
    await _until(lambda: served.feed.viewers == 3, "three viewers counted")
    status, text = await get(served, "/events")
    assert status == 503 and "limit" in text
    streams[0][1].close()
    await _until(lambda: served.feed.viewers == 2, "the viewer that went was not cleaned up")
    reader, writer = await _stream(served)
    first = await asyncio.wait_for(reader.readuntil(b"}\n\n"), 10)
    assert b"\ndata: {" in first, first
    for _, w in [*streams[1:], (reader, writer)]:
        w.close()
    await _until(lambda: served.feed.viewers == 0, "every viewer cleaned up")


async def test_a_slow_viewer_gets_the_latest_state_not_a_queue(served: Served) -> None:
    """A viewer that stops reading while the table moves on holds the server's memory to
    a bounded buffer; when it reads again it gets the newest view, not every one."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", served.server.port))
    sock.sendall(f"GET /events HTTP/1.1\r\nHost: {served.host}\r\n\r\n".encode())
    await _until(lambda: served.feed.viewers == 1, "the viewer connected")
    served.feed.theme = {"padding": "x" * 20_000}  # every view some 20 kB
    for _ in range(400):  # 8 MB of views in all
        served.feed.publish()
        await asyncio.sleep(0)
    await asyncio.sleep(0.3)
    buffered = sum(
        t.get_write_buffer_size()
        for t in (p.transport for p in served.server.runner.server.connections)  # type: ignore[union-attr]
        if t is not None
    )
    assert buffered < 512 * 1024, f"{buffered} bytes queued for one slow viewer"
    sock.setblocking(False)
    got = b""
    deadline = time.monotonic() + 10
    last = f'"push":{served.feed.version}'.encode()
    while last not in got and time.monotonic() < deadline:
        try:
            chunk = sock.recv(1 << 20)
            got += chunk
        except BlockingIOError:
            await asyncio.sleep(0.01)
    sock.close()
    assert last in got, "the slow viewer never got the latest view"
    assert got.count(b"\ndata: ") < 50, "the slow viewer was sent every view, queued"


def display_process(tmp_path: Path) -> tuple[subprocess.Popen[str], int]:
    """``omaha-tui display`` of a new journal on a free port, as its own process group;
    returns it once it has printed its address (the port it was given)."""
    db = tmp_path / "journal.sqlite3"
    sid = journal(db)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    argv = [sys.executable, "-m", "omaha_tui", "display", "--db", str(db), str(sid)]
    server = subprocess.Popen(
        [*argv, "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert server.stdout is not None
    first = server.stdout.readline()
    if f"http://127.0.0.1:{port}" not in first:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
        raise AssertionError(f"the display did not start: {first}")
    return server, port


def test_a_malformed_request_is_refused_and_the_host_reads_one_line_not_a_traceback(
    tmp_path: Path,
) -> None:
    server, port = display_process(tmp_path)
    try:
        assert server.stdout is not None
        deadline = time.monotonic() + 20
        while True:
            try:
                v = socket.create_connection(("127.0.0.1", port), timeout=5)
                break
            except OSError:
                assert time.monotonic() < deadline, "the server never listened"
                time.sleep(0.1)
        with v:  # a header line far over the server's limit
            v.sendall(b"GET / HTTP/1.1\r\nHost: " + b"a" * 9000 + b"\r\n\r\n")
            assert v.recv(20)[8:12] == b" 400"
        with socket.create_connection(("127.0.0.1", port), timeout=5) as w:  # still serving
            w.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            assert w.recv(20).startswith(b"HTTP/1.1 200")
        os.kill(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
        out = server.stdout.read()
        assert "Traceback" not in out, out
        (said,) = [line for line in out.splitlines() if line.startswith("display: ")]
        assert "Got more than 8190 bytes" in said and len(said) < 250, said
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_a_signal_ends_the_server_with_its_viewers_and_leaves_nothing(
    tmp_path: Path, sig: signal.Signals
) -> None:
    server, port = display_process(tmp_path)
    try:
        assert server.stdout is not None
        viewers = []
        deadline = time.monotonic() + 20
        while len(viewers) < 5 and time.monotonic() < deadline:
            try:
                v = socket.create_connection(("127.0.0.1", port), timeout=5)
            except OSError:
                time.sleep(0.1)
                continue
            v.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            assert v.recv(20).startswith(b"HTTP/1.1 200")
            viewers.append(v)
        assert len(viewers) == 5
        assert _children(server.pid) == [], "the server started child processes"
        os.kill(server.pid, sig)
        server.wait(timeout=10)
        for v in viewers:  # every stream was closed by the server
            v.settimeout(5)
            while v.recv(65536):
                pass
            v.close()
        with pytest.raises(ProcessLookupError):
            os.killpg(server.pid, 0)  # nothing of its group is left
        with socket.socket() as again:
            again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            again.bind(("127.0.0.1", port))  # the port is free
        out = server.stdout.read()
        assert "Traceback" not in out, out
        assert server.returncode == (-signal.SIGKILL if sig == signal.SIGKILL else 0)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
