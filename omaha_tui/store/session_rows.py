"""The journal's sessions: each one's summary row (title, times, events, hands played,
finished), its settings (``meta``), and the files imported into it.

One part the :class:`~.journal.Journal` holds (``journal.sessions_part``). Reading works
on a read-only journal too, including one another process is writing: each query is
its own read transaction. The writes here run inside the journal's transactions.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from omaha_tui.engine.state import TableState

from .journal_db import JournalDb
from .records import (
    NoSuchSession,
    SessionInfo,
    UnreadableSettings,
    recovery,
    session_info,
)

# Sessions whose stored hand count may be the old one: before the journal counted the
# hands played, it counted every hand start, and only an undone or misdealt hand start
# makes the two differ. Per such session: its hand starts.
_OLD_COUNTS = (
    "SELECT session_id, sum(type = 'hand_started') FROM events {where}GROUP BY session_id "
    "HAVING max(type IN ('undo', 'misdeal')) = 1"
)
_SUMMARY = "SELECT id, title, created, updated, event_count, hands, finished FROM sessions"


def played_from_types(types: Iterable[str]) -> int:
    """Hands played, from the log's event types alone: the hand starts of the effective
    log (each ``undo`` retracts the last event left) less its misdeals (R3.5: a
    misdealt hand is dealt again, and only once is it played). Equal to
    :func:`played_hands` of the log's state, without decoding or replaying an event.

    >>> played_from_types(["hand_started", "misdeal", "hand_started", "folded"])
    1
    >>> played_from_types(["hand_started", "folded", "hand_started", "undo"])
    1
    """
    effective: list[str] = []
    for kind in types:
        if kind != "undo":
            effective.append(kind)
        elif effective:
            effective.pop()
    return effective.count("hand_started") - effective.count("misdeal")


def played_hands(state: TableState) -> int:
    """Hands played at a table so far: finished ones and the one in play, if any
    (an undone or misdealt hand is not one).

    >>> played_hands(TableState())
    0
    """
    running = state.hand is not None and not state.hand.complete
    return state.hands_played + int(running)


class SessionRows:
    """The sessions of one journal database."""

    def __init__(self, db: JournalDb) -> None:
        self._db = db

    def stored_session(self, session_id: int) -> SessionInfo:
        """One session's summary as stored (also: does the session exist?).

        Raises:
            JournalError: no such session (the message says how to list them).
        """
        row = None
        if 0 < session_id < 2**63:  # beyond SQLite's integers there is no session either
            with self._db.guard("reading the session list"):
                row = self._db.conn.execute(f"{_SUMMARY} WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise NoSuchSession(
                f"{self._db.path} has no session {session_id}: `omaha-tui sessions` lists them"
            )
        return session_info(row)

    def session(self, session_id: int) -> SessionInfo:
        """One session's summary.

        Raises:
            JournalError: no such session (the message says how to list them).
        """
        return self._counted([self.stored_session(session_id)], session_id)[0]

    def sessions(self) -> list[SessionInfo]:
        """Every session, oldest first."""
        with self._db.guard("reading the session list"):
            rows = self._db.conn.execute(f"{_SUMMARY} ORDER BY id").fetchall()
        return self._counted([session_info(r) for r in rows])

    def _counted(self, infos: list[SessionInfo], only: int | None = None) -> list[SessionInfo]:
        """``infos`` with the hands played, for sessions recorded before the journal kept
        that count (it counted undone and misdealt hand starts too).

        Such a count is recomputed from the session's event types (no event is decoded
        or replayed) and shown, never written: a read-only journal stays as it is, and
        the next event appended stores the right count.
        """
        where, args = ("WHERE session_id = ? ", (only,)) if only is not None else ("", ())
        conn = self._db.conn
        with self._db.guard("reading the session list"):
            starts = dict(conn.execute(_OLD_COUNTS.format(where=where), args).fetchall())
            out = []
            for info in infos:
                if starts.get(info.id) == info.hands:
                    rows = conn.execute(
                        "SELECT type FROM events WHERE session_id = ? ORDER BY seq", (info.id,)
                    )
                    info = replace(info, hands=played_from_types(t for (t,) in rows))
                out.append(info)
        return out

    def last_unfinished(self) -> SessionInfo | None:
        """The most recently updated session without a ``SessionEnded``, if any."""
        with self._db.guard("reading the session list"):
            row = self._db.conn.execute(
                "SELECT id FROM sessions WHERE finished = 0 AND event_count > 0 "
                "ORDER BY updated DESC, id DESC LIMIT 1"
            ).fetchone()
        return None if row is None else self.session(int(row[0]))

    def meta(self, session_id: int) -> dict[str, Any]:
        """A session's metadata (``{}`` when none was set).

        Raises:
            JournalError: the stored details are not a JSON object (the file was
                changed outside omaha-tui); the message says so in one line.
        """
        self.stored_session(session_id)
        with self._db.guard("reading session details"):
            row = self._db.conn.execute(
                "SELECT meta FROM sessions WHERE id = ?", (session_id,)
            ).fetchone()
        try:
            value = json.loads(row[0])
        except (TypeError, ValueError):
            value = None
        if not isinstance(value, dict):
            raise UnreadableSettings(
                f"{self._db.path}: the settings of session {session_id} are not readable "
                "(not a JSON object); the file was changed outside omaha-tui: "
                f"{recovery(session_id)}"
            )
        return value

    def imported_as(self, digest: str) -> list[int]:
        """The sessions imported from a file whose bytes have this SHA-256, oldest first."""
        with self._db.guard("reading the session list"):
            rows = self._db.conn.execute(
                "SELECT session_id FROM imports WHERE sha256 = ? ORDER BY session_id", (digest,)
            ).fetchall()
        return [int(r[0]) for r in rows]

    # ------------------------------------------------------------------ writing

    def insert(self, title: str, meta: dict[str, Any], created: str, updated: str) -> int:
        """A new session's row (inside the caller's guard); returns its id."""
        cur = self._db.conn.execute(
            "INSERT INTO sessions (title, created, updated, meta) VALUES (?, ?, ?, ?)",
            (title, created, updated, json.dumps(meta, sort_keys=True)),
        )
        return int(cur.lastrowid or 0)

    def note_import(self, digest: str, session_id: int) -> None:
        """Remember that the file with this SHA-256 was imported as the session."""
        self._db.conn.execute(
            "INSERT INTO imports (sha256, session_id) VALUES (?, ?)", (digest, session_id)
        )

    def set_meta(self, session_id: int, meta: dict[str, Any]) -> None:
        """Replace a session's metadata (a JSON object)."""
        with self._db.guard("saving session details"):
            self._db.conn.execute(
                "UPDATE sessions SET meta = ? WHERE id = ?",
                (json.dumps(meta, sort_keys=True), session_id),
            )


__all__ = ["SessionRows", "played_from_types", "played_hands"]
