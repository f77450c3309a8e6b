"""The journal's records as plain data: session summaries, stored events, its errors.

Kept apart from :mod:`.journal` so that callers (the app, the CLI) can name these
types without the SQLite code. Nothing here touches a file.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from omaha_tui.engine.events import Event
from omaha_tui.engine.records import frozen


class JournalError(RuntimeError):
    """The journal file cannot be used; the message names the file and what to do."""


class NoSuchSession(JournalError):
    """The journal has no session of that id (every command exits 2 for it, as for any
    other argument that names nothing)."""


class UnreadableSettings(JournalError):
    """The session's settings are not what omaha-tui writes (the line says which part)."""


def recovery(session_id: int) -> str:
    """What a dealer can do about a session whose settings are unreadable."""
    return (
        f"its events can still be exported without them: `omaha-tui export {session_id} "
        "DIR --format json --until-damage`, then `omaha-tui import` that file"
    )


@frozen
class SessionInfo:
    """One line of the session list."""

    id: int
    title: str
    created: str
    updated: str
    event_count: int
    hands: int
    finished: bool


@frozen
class EventRecord:
    """A stored event with its place in the log and the time it was recorded."""

    seq: int
    created: str
    event: Event


def session_info(row: tuple[Any, ...]) -> SessionInfo:
    sid, title, created, updated, count, hands, finished = row
    return SessionInfo(
        int(sid), str(title), str(created), str(updated), int(count), int(hands), bool(finished)
    )


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
