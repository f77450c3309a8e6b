"""Serving the players' display to browsers (a TV, phones): the address and the start.

This module checks the address first, so a port already in use is one clear line
instead of a server traceback, works out the address to print for other devices, and
starts the one server process of :mod:`.web`.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import signal
import socket
import sys

from aiohttp import web

from omaha_tui.engine.labels import printable
from omaha_tui.store.records import JournalError

from .feed import POLL_SECONDS, RoomFeed
from .follower import Follower
from .gate import IDLE_SECONDS, Gate, Tally, raise_file_limit, socket_cap
from .page import page_theme, qr_terminal
from .web import MAX_VIEWERS, allowed_hosts, make_app

ANY_HOST = ("0.0.0.0", "::", "")


class AddressError(JournalError):
    """The host or port cannot be listened on; the message says what to pass instead."""


def check_address(host: str, port: int) -> None:
    """Fail with one line unless ``host:port`` can be listened on right now.

    Raises:
        AddressError: the port is in use, or the host is not an address of this machine.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except (TypeError, UnicodeError, ValueError):
            # A name no resolver can spell (a bidi mark, a zero-width space: IDNA
            # refuses it), or a NUL: the socket module raises these, not OSError.
            raise AddressError(
                f"cannot listen on {host}:{port} (not a host name or address): pass --host "
                "with an address of this machine, e.g. localhost or 0.0.0.0 for every network"
            ) from None
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                raise AddressError(
                    f"port {port} on {host or 'all addresses'} is in use (another display "
                    f"or program): pass --port with a free one, e.g. --port {port + 1}"
                ) from None
            raise AddressError(
                f"cannot listen on {host}:{port} ({e.strerror}): pass --host with an "
                "address of this machine, e.g. localhost or 0.0.0.0 for every network"
            ) from None


def lan_address() -> str:
    """This machine's address on the local network (what a phone should open).

    No packet is sent: connecting a UDP socket only picks the outgoing interface.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def public_url(host: str, port: int) -> str:
    """The URL to open on the TV or a phone."""
    shown = lan_address() if host in ANY_HOST else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def say(line: str) -> None:
    """One line on the host's terminal (nothing when the terminal is gone)."""
    with contextlib.suppress(OSError, ValueError):
        print(
            f"display: {line}" if not line.startswith("display:") else line,
            file=sys.stderr,
            flush=True,
        )


class OneLineLog(logging.Handler):
    """What the server complains of (a malformed request from the network, a viewer
    gone in the middle of a reply) on the host's terminal, counted: the first at once
    in one line, then one summary line per interval at most (:class:`~.gate.Tally`).

    The requests come from anyone on the network; the host can do nothing about them
    and must never see a traceback for them, nor a line for each of a flood of them.
    The request itself is still answered as the server answers it (a 400 for a header
    that is too long, for instance).
    """

    def __init__(self, tally: Tally) -> None:
        super().__init__()
        self.tally = tally

    def emit(self, record: logging.LogRecord) -> None:
        why = ""
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            words = " ".join(str(error).split()) or type(error).__name__
            why = f" ({words[:120]})"
        self.tally.count("bad request or broken connection", f"{record.getMessage()}{why}")


def quiet_server_logs(tally: Tally) -> None:
    """Route the web server's and the event loop's logs through :class:`OneLineLog`."""
    for name in ("aiohttp", "asyncio"):
        log = logging.getLogger(name)
        log.handlers[:] = [OneLineLog(tally)]
        log.propagate = False
        log.setLevel(logging.WARNING)


def serve(
    follower: Follower,
    host: str,
    port: int,
    *,
    theme: str | None = None,
    max_viewers: int = MAX_VIEWERS,
    poll_seconds: float = POLL_SECONDS,
    notify: bool = True,
) -> None:
    """Serve the display of ``follower``'s session until Ctrl+C or SIGTERM.

    Prints the address and its QR code first. Nothing runs beside this one process:
    no child process, no thread outlives it (the all-in figures use a worker thread of
    this process). Its sockets are capped below its descriptor limit and idle ones
    closed (:mod:`.gate`). It looks at the journal every ``poll_seconds`` and, with
    ``notify``, the moment the system says the journal changed (:mod:`.wake`).
    """
    check_address(host, port)
    url = public_url(host, port)
    feed = RoomFeed(follower, url=url, theme=page_theme(theme), notify=notify)
    tally = Tally(say)
    gate = Gate(socket_cap(raise_file_limit()), tally)
    app = make_app(
        feed,
        allowed_hosts(url, port),
        max_viewers=max_viewers,
        poll_seconds=poll_seconds,
        gate=gate,
    )
    sid, title = follower.session_id, printable(follower.title)
    print(f"Players' display of session {sid} ({title}): open {url}", flush=True)
    print(qr_terminal(url), end="", flush=True)
    print("Read-only: nothing can be recorded from it. Ctrl+C stops it.", flush=True)
    quiet_server_logs(tally)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(app, host, port, gate))


async def _serve(app: web.Application, host: str, port: int, gate: Gate) -> None:
    """Run ``app`` on ``host:port`` behind ``gate`` until SIGINT or SIGTERM."""
    runner = web.AppRunner(
        app,
        access_log=None,
        handler_cancellation=True,  # a viewer that goes ends its stream at once
        keepalive_timeout=IDLE_SECONDS,
        shutdown_timeout=1.0,
    )
    await runner.setup()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl+C still ends it
            loop.add_signal_handler(sig, stop.set)
    assert runner.server is not None
    server = await loop.create_server(
        gate.wrap(runner.server), host or None, port, reuse_address=True, backlog=512
    )
    try:
        await stop.wait()
    finally:
        server.close()
        await runner.cleanup()
