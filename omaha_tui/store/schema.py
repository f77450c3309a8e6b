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

from . import chain, hand_details

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
    # 4 -> 5: the regulars (R12): one identity per player, every spelling that finds
    # them, each session's results per player name, and the record of renames and merges.
    # ``summary_seq``: the event the session's results were last written after. Chip
    # amounts are decimal text: an imported hand history may hold more than 64 bits.
    (
        """CREATE TABLE players (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            created TEXT NOT NULL,
            merged_into INTEGER REFERENCES players(id)
        )""",
        """CREATE TABLE player_names (
            key TEXT PRIMARY KEY,
            player_id INTEGER NOT NULL REFERENCES players(id),
            name TEXT NOT NULL
        ) WITHOUT ROWID""",
        """CREATE TABLE session_results (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            name TEXT NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players(id),
            hands INTEGER NOT NULL,
            won INTEGER NOT NULL,
            net TEXT NOT NULL,
            best_pot TEXT NOT NULL,
            net_money TEXT,
            currency TEXT,
            played TEXT NOT NULL,
            buy_in TEXT NOT NULL,
            ord INTEGER NOT NULL,
            PRIMARY KEY (session_id, name)
        ) WITHOUT ROWID""",
        "CREATE INDEX session_results_player ON session_results (player_id)",
        """CREATE TABLE roster_log (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            what TEXT NOT NULL,
            detail TEXT NOT NULL
        )""",
        "ALTER TABLE sessions ADD COLUMN summary_seq INTEGER NOT NULL DEFAULT 0",
    ),
    # 5 -> 6: each tournament's results per player name (R11): entries, money paid and
    # prize (decimal text), best finish, when it was played. A tournament session summarised
    # before this is marked behind its log, so its results are read from its state.
    (
        """CREATE TABLE tournament_results (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            name TEXT NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players(id),
            entries INTEGER NOT NULL,
            paid TEXT NOT NULL,
            prize TEXT NOT NULL,
            best_finish INTEGER,
            played TEXT NOT NULL,
            PRIMARY KEY (session_id, name)
        ) WITHOUT ROWID""",
        "CREATE INDEX tournament_results_player ON tournament_results (player_id)",
        """UPDATE sessions SET summary_seq = 0 WHERE id IN
            (SELECT session_id FROM events WHERE type = 'tournament_started')""",
    ),
    # 6 -> 7: an imported session's per-hand details (source name, hole cards, names, the
    # file's other fields) move out of its ``meta`` into one row per hand
    # (:mod:`.hand_details`), so reading a session's settings no longer reads them all.
    (hand_details.CREATE, hand_details.move_from_meta),
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
