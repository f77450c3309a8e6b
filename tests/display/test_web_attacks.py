"""The players' display under attack from the network: it answers 4xx, serves nothing but
its own files, keeps serving, and tells the host one plain line per complaint.

Raw requests over sockets to ``omaha-tui display`` run as its own process: paths that
climb out of the assets (plain, percent-encoded, doubly encoded, backslashes, NULs),
request lines and headers that are not HTTP, bodies and lengths where none belong,
methods that are not GET, a WebSocket upgrade with a garbage frame (there is no
WebSocket: the event stream answers as to any GET), a hundred idle connections. After
them all a good request is still answered, and every line the host reads is one line
without a traceback or a control character from the request.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import time
import unicodedata
from pathlib import Path

import pytest

from .test_web_server import display_process

pytest.importorskip("aiohttp")

CLIMBS = [
    "/static/../../../../etc/passwd",
    "/static/..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/static/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/static/%252e%252e%252f%252e%252e%252fetc%252fpasswd",
    "/static/..\\..\\..\\etc\\passwd",
    "/static/....//....//etc/passwd",
    "/static/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
    "/static/web.py",
    "/static/../web.py",
    "/static/..%2fweb.py",
    "/static/index.html%00.py",
    "/static/",
    "/static/.",
    "/static/..",
    "//etc/passwd",
    "/../../etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/static/%ff%fe",
    "/static/" + "a" * 5000,
    "/room.json/../../etc/passwd",
    "/events/../../etc/passwd",
    "http://evil.example/etc/passwd",
    "*",
]


def _request(port: int, raw: bytes) -> bytes:
    """Send ``raw`` and read the head of the reply (until the server closes, or 5 s)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        with contextlib.suppress(OSError):
            s.sendall(raw)
        got = b""
        with contextlib.suppress(OSError):
            while b"\r\n\r\n" not in got and len(got) < 65536:
                chunk = s.recv(4096)
                if not chunk:
                    break
                got += chunk
        return got


def _status(reply: bytes) -> int:
    line = reply.split(b"\r\n", 1)[0].split()
    return int(line[1]) if len(line) > 1 and line[1].isdigit() else 0


def _get(port: int, path: str, *headers: str) -> bytes:
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", *headers, "Connection: close"]
    return _request(port, ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1", "replace"))


def _get_quietly(port: int, path: str) -> bytes:
    try:
        return _get(port, path)
    except OSError:
        return b""


def _malformed(port: int) -> list[bytes]:
    host = f"Host: 127.0.0.1:{port}\r\n".encode()
    return [
        b"GARBAGE\r\n\r\n",
        b"GET / HTTP/9.9\r\n" + host + b"\r\n",
        b"GET /\x1b[2J\x1b]0;owned\x07 HTTP/1.1\r\n" + host + b"\r\n",
        b"GET / HTTP/1.1\r\n\r\n",  # no Host
        b"GET / HTTP/1.1\r\n" + host + host + b"\r\n",
        b"GET / HTTP/1.1\r\nHost: \xff\xfe\x1b[31m\r\n\r\n",
        b"GET / HTTP/1.1\r\n" + host + b"no colon here\r\n\r\n",
        b"GET / HTTP/1.1\r\n" + host + b"".join(b"X-%d: y\r\n" % i for i in range(300)) + b"\r\n",
        b"GET / HTTP/1.1\r\n" + host + b"Content-Length: 1000000000000\r\n\r\nabc",
        b"GET / HTTP/1.1\r\n" + host + b"Content-Length: -5\r\n\r\n",
        b"GET / HTTP/1.1\r\n" + host + b"Content-Length: 1e400\r\n\r\n",
        b"GET / HTTP/1.1\r\n" + host + b"Transfer-Encoding: chunked\r\n\r\nzz\r\nxx\r\n",
        b"POST /room.json HTTP/1.1\r\n" + host + b"Content-Length: 5\r\n\r\nhello",
        b"DELETE / HTTP/1.1\r\n" + host + b"\r\n",
        b"TRACE / HTTP/1.1\r\n" + host + b"\r\n",
        b"CONNECT 127.0.0.1:22 HTTP/1.1\r\n" + host + b"\r\n",
        b"OPTIONS * HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /\x00 HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\n" + host + b"\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(64),  # TLS hello
        b"GET /events HTTP/1.1\r\n" + host + b"Upgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        b"\x81\xff" + bytes(8) + b"\x00" * 64,
        b"GET / HTTP/1.1\r\n" + host + b"Origin: http://evil.example\r\n\r\n",
        b"GET /room.json HTTP/1.1\r\n" + host + b"Sec-Fetch-Site: cross-site\r\n\r\n",
    ]


def test_the_display_serves_only_its_files_answers_4xx_and_keeps_serving(
    tmp_path: Path,
) -> None:
    server, port = display_process(tmp_path)
    secret = "root:x:0:0"
    try:
        deadline = time.monotonic() + 20
        while _status(_get_quietly(port, "/")) != 200:  # the address is printed first
            assert time.monotonic() < deadline, "the server never listened"
            time.sleep(0.1)
        faults: list[str] = []
        for path in CLIMBS:
            reply = _get(port, path)
            status = _status(reply)
            if not 400 <= status < 500 or secret.encode() in reply or b"import " in reply:
                faults.append(f"{path[:60]!r}: {reply[:120]!r}")
        for raw in _malformed(port):
            reply = _request(port, raw)
            status = _status(reply)
            upgrade = b"Upgrade: websocket" in raw  # no WebSocket: the stream as ever
            if reply and not (400 <= status < 500 or (upgrade and status == 200)):
                faults.append(f"{raw[:60]!r}: {reply[:120]!r}")
        idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(100)]
        try:
            assert _status(_get(port, "/")) == 200, "one more viewer behind idle connections"
        finally:
            for s in idle:
                s.close()
        assert _status(_get(port, "/room.json")) == 200
        assert _status(_get(port, "/static/index.html")) in (200, 404)
        assert not faults, "\n".join(faults)
        time.sleep(0.3)
        os.kill(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
        assert server.stdout is not None
        out = server.stdout.read()
        assert "Traceback" not in out, out[-2000:]
        for line in out.splitlines():
            raw = [c for c in line if unicodedata.category(c) == "Cc" and c != "\t"]
            assert not raw, repr(line[:200])
            assert len(line) < 400, line[:400]
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
