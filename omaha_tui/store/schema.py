"""The journal's SQLite schema and the steps that bring an older file up to date.

The schema version is SQLite's ``PRAGMA user_version``. ``MIGRATIONS[i]`` turns a
version-``i`` file into version ``i + 1``; a new file simply runs them all. Each step runs
inside one transaction, so a crash mid-migration leaves the old version intact; a step
is SQL or a function of the connection. Event
payloads carry their own version ``v`` (see :mod:`omaha_tui.engine.events`); upgrading
those is :func:`upgrade_payload`. This module opens no connection.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

from omaha_tui.engine.events import SCHEMA_VERSION as EVENT_VERSION

from . import chain

# A step is SQL, or a function given the connection (inside the same transaction).
Step = str | Callable[[sqlite3.Connection], None]

MIGRATIONS: tuple[tuple[Step, ...], ...] = (
    # 0 -> 1: sessions and their append-only event log.
    (
        """CREATE TABLE sessions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            title TEXT NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            finished INTEGER NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE events (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            seq INTEGER NOT NULL,
            type TEXT NOT NULL,
            v INTEGER NOT NULL,
            payload TEXT NOT NULL,
            created TEXT NOT NULL,
            PRIMARY KEY (session_id, seq)
        ) WITHOUT ROWID""",
    ),
    # 1 -> 2: per-session metadata (hand-history fields the events do not carry, such as
    # hole cards dealt in an imported hand) and a cached event count for fast listings.
    (
        "ALTER TABLE sessions ADD COLUMN meta TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE sessions ADD COLUMN event_count INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE sessions ADD COLUMN hands INTEGER NOT NULL DEFAULT 0",
        """UPDATE sessions SET
            event_count = (SELECT count(*) FROM events e WHERE e.session_id = sessions.id),
            hands = (SELECT count(*) FROM events e
                     WHERE e.session_id = sessions.id AND e.type = 'hand_started')""",
    ),
    # 2 -> 3: table-state snapshots at hand starts, so resuming replays one hand.
    (
        """CREATE TABLE snapshots (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            seq INTEGER NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (session_id, seq)
        ) WITHOUT ROWID""",
    ),
    # 3 -> 4: tamper evidence. Each event's SHA-256 hash chained to the one before, each
    # snapshot's chain position hash and digest (:mod:`.chain`); the rows already stored
    # are chained as they are. And the imported files' digests.
    (
        "ALTER TABLE events ADD COLUMN hash BLOB",
        "ALTER TABLE snapshots ADD COLUMN chain BLOB",
        "ALTER TABLE snapshots ADD COLUMN digest BLOB",
        chain.fill,
        # The SHA-256 of each imported file's bytes, so a file is not imported twice.
        """CREATE TABLE imports (
            sha256 TEXT NOT NULL,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            PRIMARY KEY (sha256, session_id)
        ) WITHOUT ROWID""",
    ),
)

SCHEMA_VERSION = len(MIGRATIONS)

# Event payload upgrades: EVENT_UPGRADES[v] turns a version-v payload into version v + 1.
EVENT_UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def upgrade_payload(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a stored event payload to the current event version.

    Raises:
        ValueError: the payload comes from a newer program, or no upgrade step exists.

    >>> upgrade_payload({"type": "undo", "v": 1})
    {'type': 'undo', 'v': 1}
    """
    if not isinstance(data, dict):
        raise ValueError("the payload is not a JSON object")
    v = data.get("v", 1)
    if type(v) is not int:
        raise ValueError(f"the payload's version {v!r} is not a whole number")
    if v > EVENT_VERSION:
        raise ValueError(
            f"event version {v} was written by a newer omaha-tui (this one reads up to "
            f"{EVENT_VERSION}): upgrade omaha-tui to open it"
        )
    while v < EVENT_VERSION:
        step = EVENT_UPGRADES.get(v)
        if step is None:
            raise ValueError(f"no upgrade from event version {v}")
        data = step(data)
        v += 1
        data["v"] = v
    return data
