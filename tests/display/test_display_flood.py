"""The players' display under a flood of connections (on loopback only): 1,100 idle
sockets, then 1,100 half-sent requests, against a display whose process has 1,024 file
descriptors. A real viewer's request is still answered during each flood, and the host
reads a few summary lines, not one per connection.

Bounded in count (1,100 sockets at a time) and in time (every wait has a deadline of
tens of seconds); nothing here times the answer: it is answered or it is not.
"""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from omaha_tui.display.gate import Gate, Tally, socket_cap

from .test_web_server import ROOT, journal

FLOOD = 1_100
PROCESS_FILES = 1_024


def _limited() -> None:  # in the display's process, before it starts
    resource.setrlimit(resource.RLIMIT_NOFILE, (PROCESS_FILES, PROCESS_FILES))


@pytest.fixture
def display(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], int]]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < FLOOD + 200:  # this test's own sockets
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4 * FLOOD), hard))
        except (ValueError, OSError):
            pytest.skip(f"this process may open only {soft} files, the flood needs {FLOOD}")
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
        preexec_fn=_limited,
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert f"http://127.0.0.1:{port}" in first, first
        yield server, port
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)


def _connect_all(port: int, first: bytes) -> list[socket.socket]:
    """Up to ``FLOOD`` connections to the display, each having sent ``first`` (maybe
    nothing); a connection the server's backlog cannot take within half a second is
    not waited for (at most a minute in all)."""
    flood = []
    deadline = time.monotonic() + 60
    while len(flood) < FLOOD and time.monotonic() < deadline:
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=0.5)
        except OSError:
            continue
        with contextlib.suppress(OSError):
            if first:
                s.sendall(first)
        flood.append(s)
    return flood


VIEWER_SECONDS = 8.0
"""How long the viewer tries: generous beside the milliseconds an answer takes, and
shorter than the server's own timeouts for a waiting connection (10 s, 20 s), so that
only the cap's making room, not a timeout, can let the viewer in."""


def _viewer_answered(port: int) -> bytes:
    """A viewer's request for the snapshot; the head of the reply (b"" if none in
    :data:`VIEWER_SECONDS`)."""
    deadline = time.monotonic() + VIEWER_SECONDS
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=VIEWER_SECONDS) as v:
                v.sendall(f"GET /room.json HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
                head = v.recv(64)
                if head:
                    return head
        except OSError:
            time.sleep(0.2)
    return b""


@pytest.mark.parametrize(
    ("kind", "first"),
    [
        ("idle", b""),
        ("half-sent", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "),
    ],
    ids=["idle", "half-sent"],
)
def test_a_viewer_is_answered_during_a_flood_of_connections(
    display: tuple[subprocess.Popen[str], int], kind: str, first: bytes
) -> None:
    server, port = display
    flood = _connect_all(port, first)
    try:
        head = _viewer_answered(port)
        assert head.startswith(b"HTTP/1.1 200"), f"{kind}: the viewer got {head!r}"
    finally:
        for s in flood:
            s.close()
    os.kill(server.pid, signal.SIGTERM)
    server.wait(timeout=20)
    assert server.stdout is not None
    said = [line for line in server.stdout.read().splitlines() if line.startswith("display:")]
    assert len(said) < 20, said  # summaries, not a line per connection
    assert all("Traceback" not in line for line in said), said


def test_the_socket_cap_stays_below_the_descriptor_limit() -> None:
    assert socket_cap(1024) == 960 < 1024
    assert socket_cap(20) == 16


class _Transport:
    def __init__(self) -> None:
        self.closed = False

    def is_closing(self) -> bool:
        return self.closed

    def abort(self) -> None:
        self.closed = True


def test_the_oldest_connection_without_a_request_makes_room_at_the_cap() -> None:
    """At the cap a new connection pushes out the oldest that has asked nothing; a
    viewer that asked is never pushed out for a new one."""
    lines: list[str] = []
    tally = Tally(lines.append, every=3600, now=lambda: 0.0)
    gate = Gate(2, tally)

    class Door:
        def __init__(self) -> None:
            self.transport = _Transport()
            self.has_asked = False

        def close(self) -> None:
            self.transport.abort()

    viewer, idle, new = Door(), Door(), Door()
    gate._admit(viewer)  # type: ignore[arg-type]
    viewer.has_asked = True
    gate._admit(idle)  # type: ignore[arg-type]
    gate._admit(new)  # type: ignore[arg-type]
    assert idle.transport.closed and not viewer.transport.closed and not new.transport.closed
    assert tally.counts == {"waiting connection closed at the cap": 1} and len(lines) == 1


def test_a_flood_of_complaints_is_told_in_a_line_per_interval() -> None:
    lines: list[str] = []
    clock = [0.0]
    tally = Tally(lines.append, every=10, now=lambda: clock[0])
    for _ in range(1000):
        tally.count("bad request", "display: the first bad request")
    assert lines == ["display: the first bad request"]
    clock[0] = 11
    tally.count("bad request")
    assert lines[1] == "1,000 bad requests in the last 10 s" and len(lines) == 2
