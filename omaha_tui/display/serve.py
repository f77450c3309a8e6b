"""Serving the players' display to browsers (a TV, phones) with textual-serve.

textual-serve runs one copy of the terminal display (``omaha-tui display --terminal``)
per browser that connects and streams it over a websocket, so a browser shows exactly
what the terminal would, and can no more act on the table than the terminal view can.
This module checks the address first, so a port already in use is one clear line
instead of a server traceback, and works out the address to print for other devices.
"""

from __future__ import annotations

import errno
import shlex
import socket
import sys
from pathlib import Path

from omaha_tui.store.records import JournalError

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


def display_command(db: Path, session_id: int) -> str:
    """The command textual-serve runs for each browser: this display in a terminal."""
    argv = [sys.executable, "-m", "omaha_tui", "display", "--terminal", "--db", str(db)]
    return shlex.join([*argv, str(session_id)])


def serve(db: Path, session_id: int, title: str, host: str, port: int) -> None:
    """Serve the display of ``session_id`` until Ctrl+C (prints the URL first)."""
    from textual_serve.server import Server

    check_address(host, port)
    url = public_url(host, port)
    server = Server(
        display_command(db, session_id),
        host=host,
        port=port,
        title=f"{title} · omaha-tui",
        public_url=url,
    )
    print(f"Players' display of session {session_id} ({title}): open {url}", flush=True)
    print("Read-only: nothing can be recorded from it. Ctrl+C stops it.", flush=True)
    server.serve()
