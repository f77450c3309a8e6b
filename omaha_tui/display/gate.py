"""The door of the display's server: how many sockets it holds open, and for how long
one may sit without asking for anything.

The display answers anyone on the local network. A connection costs a file descriptor,
and a process has a fixed number of them (``RLIMIT_NOFILE``, often 1,024): a thousand
connections that never send a request, or send half of one, would leave none for a
real viewer, and the server could not even accept one to refuse it. So:

* the process raises its own descriptor limit to what the system allows it (at most
  :data:`WANTED_FILES`), and :func:`socket_cap` keeps the open sockets below that limit
  with room to spare for the journal and the event loop;
* a connection that has not sent a whole request after :data:`HEADER_SECONDS` is closed
  (a viewer's browser sends its request at once), and keep-alive connections idle
  after a reply are closed by the server after :data:`IDLE_SECONDS`;
* at the cap, the oldest connection still without a request is closed to let the new
  one in: a flood of idle or half-sent connections pushes out its own, and a viewer,
  who asks at once, is answered;
* what was closed, and the malformed requests the server refused, are counted and told
  as one summary line per :data:`REPORT_SECONDS` at most (:class:`Tally`), never one
  line per connection.

:class:`Gate` wraps each connection's protocol (aiohttp's request handler) without
changing it: it forwards every call and only watches the connection's start and end.
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

HEADER_SECONDS = 10.0
"""Time a new connection has to send its whole request (a browser takes milliseconds)."""

IDLE_SECONDS = 20.0
"""Time a keep-alive connection may sit idle after a reply before the server closes it."""

WANTED_FILES = 4096
"""The descriptor limit the display asks for (within the hard limit the system sets)."""

SPARE_FILES = 64
"""Descriptors kept back from the socket cap: the journal, its lock, the event loop."""

REPORT_SECONDS = 10.0
"""At most one summary line of refused and closed connections per this many seconds."""


def raise_file_limit(wanted: int = WANTED_FILES) -> int:
    """Raise this process's soft descriptor limit towards ``wanted`` (never above the
    hard limit, never lower than it was); the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if target > soft:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def socket_cap(limit: int | None = None) -> int:
    """The most sockets the server holds open: below the descriptor limit (``limit``, or
    this process's soft ``RLIMIT_NOFILE``) by :data:`SPARE_FILES`, at least 16.

    >>> socket_cap(1024)
    960
    """
    if limit is None:
        limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return max(16, limit - SPARE_FILES)


class Tally:
    """Counts of what the door refused or closed, said as one line per interval.

    ``say`` is where a line goes (the host's terminal); ``now`` a monotonic clock.
    The first of each kind is said at once, the rest summed up when the interval is over.
    """

    def __init__(
        self,
        say: Callable[[str], None],
        *,
        every: float = REPORT_SECONDS,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self._say, self._every, self._now = say, every, now
        self.counts: dict[str, int] = {}
        """Every count since the start (what tests and a status line read)."""
        self._pending: dict[str, int] = {}
        self._last = -every

    def count(self, what: str, first_line: str | None = None) -> None:
        """One more ``what`` (``"bad request"``, ``"idle connection closed"``...)."""
        self.counts[what] = self.counts.get(what, 0) + 1
        self._pending[what] = self._pending.get(what, 0) + 1
        self.flush(first_line)

    def flush(self, first_line: str | None = None) -> None:
        """Say what is pending when the interval is over (or at once, the first time)."""
        at = self._now()
        if at - self._last < self._every:
            return
        if first_line is not None and sum(self._pending.values()) == 1:
            line = first_line
        else:
            parts = [f"{n:,} {what}{'s' * (n > 1)}" for what, n in self._pending.items()]
            line = ", ".join(parts) + f" in the last {self._every:.0f} s"
        self._pending.clear()
        self._last = at
        with contextlib.suppress(OSError, ValueError):
            self._say(line)


class Gate:
    """Every connection of the server, capped at ``cap``, each given ``header_seconds``
    to send its request (see the module's words).

    :meth:`wrap` makes the protocol factory for ``loop.create_server``; the request
    handler tells :meth:`asked` when a connection's request has arrived (a middleware
    does), which ends its wait.
    """

    def __init__(
        self,
        cap: int,
        tally: Tally,
        *,
        header_seconds: float = HEADER_SECONDS,
    ) -> None:
        self.cap = cap
        self.tally = tally
        self.header_seconds = header_seconds
        self.open: OrderedDict[Any, _Door] = OrderedDict()
        """Every open connection by transport, oldest first."""

    def wrap(self, factory: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """A protocol factory that gives each connection of ``factory`` its door."""
        return lambda: _Door(self, factory())

    def asked(self, transport: object) -> None:
        """A whole request came on ``transport``: it is a viewer, not a waiting socket."""
        door = self.open.get(transport)
        if door is not None:
            door.asked()

    def _admit(self, door: _Door) -> None:
        while len(self.open) >= self.cap:
            waiting = next((d for d in self.open.values() if not d.has_asked), None)
            if waiting is None:  # every one a viewer: the newest waits its turn outside
                self.tally.count(
                    "connection refused at the cap",
                    f"display: {self.cap} connections open, the most it holds: one refused",
                )
                door.close()
                return
            self.tally.count(
                "waiting connection closed at the cap",
                f"display: {self.cap} connections open: the oldest that sent no request closed",
            )
            waiting.close()  # its connection_lost comes later: it is out of the count now
            self.open.pop(waiting.transport, None)
        self.open[door.transport] = door

    def _gone(self, door: _Door) -> None:
        self.open.pop(door.transport, None)


class _Door(asyncio.Protocol):
    """One connection: forwards everything to the request handler ``inner``."""

    def __init__(self, gate: Gate, inner: asyncio.Protocol) -> None:
        self.gate, self.inner = gate, inner
        self.transport: Any = None
        self.has_asked = False
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.inner.connection_made(transport)
        if transport.is_closing():
            return
        self.gate._admit(self)
        if not transport.is_closing():
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(self.gate.header_seconds, self._too_slow)

    def asked(self) -> None:
        self.has_asked = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _too_slow(self) -> None:
        self._timer = None
        if not self.has_asked:
            self.gate.tally.count(
                "connection closed without a request",
                f"display: a connection sent no whole request in {self.gate.header_seconds:.0f} s:"
                " closed",
            )
            self.close()

    def close(self) -> None:
        if self.transport is not None:
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.gate._gone(self)
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()
