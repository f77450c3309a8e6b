"""The journal's event log: each session's events in order, with their times, chain
hashes and the snapshots taken at hand starts.

One part the :class:`~.journal.Journal` holds (``journal.log``). Appending is one durable
transaction (what it writes: :mod:`.journal_rows`); reading works on a read-only journal
too, including one another process is writing: each query is its own read transaction
and sees every event committed before it (``records(sid, after=n)`` is the follower's
cheap "what is new"). The log stores and decodes events; it never applies one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING

from pydantic import ConfigDict, TypeAdapter, ValidationError

from omaha_tui.engine.events import EVENT_ADAPTER, Event, HandStarted
from omaha_tui.engine.events import SCHEMA_VERSION as EVENT_VERSION

from .chain import HASH_SIZE, genesis
from .journal_db import JournalDb
from .journal_rows import insert_events, store_snapshots
from .records import EventRecord, JournalError
from .schema import upgrade_payload
from .session_rows import SessionRows
from .snapshot import encode_history

if TYPE_CHECKING:
    from omaha_tui.engine.reducer.history import History
    from omaha_tui.engine.state import TableState

_EVENTS = TypeAdapter(list[Event], config=ConfigDict(defer_build=True))  # built on first read

OUTLINE_PAGE = 512  # rows read at a time from the log's end


def one_line(error: Exception) -> str:
    """An error in one short line: the first problem pydantic found, or the message.

    >>> one_line(ValueError("bad\\nthing"))
    'bad thing'
    """
    if isinstance(error, ValidationError) and error.errors():
        first = error.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "event"
        return f"{where}: {first.get('msg', 'invalid')}"[:200]
    return " ".join(str(error).split())[:200]


class EventLog:
    """The event logs of one journal database."""

    def __init__(self, db: JournalDb, sessions: SessionRows) -> None:
        self._db = db
        self._sessions = sessions

    # ------------------------------------------------------------------ writing

    def append(
        self, session_id: int, batch: list[Event], history: History | None, times: list[str]
    ) -> int:
        """Store ``batch`` after the session's last event in one durable transaction;
        ``history`` (the table after it) is snapshotted when the batch ends with a hand
        start. Returns the sequence number of the last event."""
        snapshots: list[tuple[int, str]] = []
        if history is not None and batch and type(batch[-1]) is HandStarted:
            snapshots = [(len(batch), json.dumps(encode_history(history)))]
        state = history.state if history is not None else None
        with self._db.guard("recording an event"), self._db.transaction():
            return self.write(session_id, batch, state, snapshots, times)

    def write(
        self,
        session_id: int,
        batch: list[Event],
        state: TableState | None,
        snapshots: list[tuple[int, str]],
        times: list[str] | None,
    ) -> int:
        """Store ``batch`` and its snapshots (each after the event at its offset in the
        batch) after the session's last event, inside the caller's transaction; returns
        the sequence number of the last event."""
        seq, head = self.head(session_id)
        hashes = insert_events(self._db.conn, session_id, seq, head, batch, state, times)
        if snapshots:
            store_snapshots(self._db.conn, session_id, seq, snapshots, hashes)
        return seq + len(batch)

    def head(self, session_id: int) -> tuple[int, bytes]:
        """The last event's sequence number and chain hash (0 and the genesis when none)."""
        row = self._db.conn.execute(
            "SELECT seq, hash FROM events WHERE session_id = ? ORDER BY seq DESC LIMIT 1",
            (session_id,),
        ).fetchone()
        if row is None:
            return 0, genesis(session_id)
        seq, head = int(row[0]), row[1]
        if not isinstance(head, bytes) or len(head) != HASH_SIZE:
            raise JournalError(
                f"{self._db.path}: session {session_id} event {seq} has no chain hash; the "
                f"file was changed outside omaha-tui (`omaha-tui check {session_id}` tells more)"
            )
        return seq, head

    # ------------------------------------------------------------------ reading

    def records(
        self, session_id: int, after: int = 0, upto: int | None = None
    ) -> list[EventRecord]:
        """The session's events (those after sequence number ``after``, up to ``upto``
        when given) with their sequence numbers and times, in order."""
        self._sessions.stored_session(session_id)
        path = self._db.path
        with self._db.guard("reading events"):
            rows = self._db.conn.execute(
                "SELECT seq, created, v, payload FROM events WHERE session_id = ? AND seq > ? "
                "AND seq <= ? ORDER BY seq",
                (session_id, after, 2**63 - 1 if upto is None else upto),
            ).fetchall()
        for expected, (seq, created, v, payload) in enumerate(rows, start=after + 1):
            if seq != expected:
                raise JournalError(
                    f"{path}: session {session_id} lacks event {expected}; the file was "
                    "altered outside omaha-tui. Move it aside and start a new journal"
                )
            if not (isinstance(payload, str) and isinstance(created, str) and type(v) is int):
                raise JournalError(
                    f"{path}: session {session_id} event {seq} is damaged (an empty or "
                    "wrong-typed field); the file was changed outside omaha-tui. `omaha-tui "
                    f"check {session_id}` reports it"
                )
        events: list[Event] | None = None
        if all(v == EVENT_VERSION for _, _, v, _ in rows):
            try:  # one pass over the whole log: much faster than event by event
                events = _EVENTS.validate_json("[" + ",".join(p for *_, p in rows) + "]")
            except ValidationError:
                events = None  # find and name the bad one below
            if events is not None and any(e.v != EVENT_VERSION for e in events):
                events = None
        if events is None:
            events = [self.decode(session_id, seq, p) for seq, _, _, p in rows]
        return [
            EventRecord(seq, created, event)
            for (seq, created, _, _), event in zip(rows, events, strict=True)
        ]

    def stored(self, session_id: int) -> tuple[list[str], list[str]]:
        """Each event's JSON text and recorded time as stored, none decoded."""
        with self._db.guard("reading events"):
            rows = self._db.conn.execute(
                "SELECT created, payload FROM events WHERE session_id = ? ORDER BY seq",
                (session_id,),
            ).fetchall()
        return [str(p) for _, p in rows], [str(t) for t, _ in rows]

    def outline(self, session_id: int, after: int = 0) -> list[tuple[int, str]]:
        """Each event's sequence number and type after event ``after``, without reading
        payloads: what a resume needs to rebuild redo from the log's tail."""
        with self._db.guard("reading events"):
            rows = self._db.conn.execute(
                "SELECT seq, type FROM events WHERE session_id = ? AND seq > ? ORDER BY seq",
                (session_id, after),
            ).fetchall()
        return [(int(q), str(t)) for q, t in rows]

    def outline_back(self, session_id: int) -> Iterator[tuple[int, str]]:
        """The outline from the last event backward, read a page at a time, so a reader
        that needs only the tail stops early whatever the session's length."""
        below, page = 2**63 - 1, OUTLINE_PAGE
        while True:
            with self._db.guard("reading events"):
                rows = self._db.conn.execute(
                    "SELECT seq, type FROM events WHERE session_id = ? AND seq < ? "
                    "ORDER BY seq DESC LIMIT ?",
                    (session_id, below, page),
                ).fetchall()
            yield from ((int(q), str(t)) for q, t in rows)
            if len(rows) < page:
                return
            below = int(rows[-1][0])

    def payload(self, session_id: int, seq: int) -> str:
        """One event's stored JSON text (equal events have equal texts)."""
        with self._db.guard("reading events"):
            row = self._db.conn.execute(
                "SELECT payload FROM events WHERE session_id = ? AND seq = ?", (session_id, seq)
            ).fetchone()
        return str(row[0]) if row is not None else ""

    def chain_hash(self, session_id: int, seq: int) -> bytes | None:
        """One event's chain hash (:mod:`.chain`: it covers the event, its time and every
        event before it), or ``None`` when the log has no such event: a reader's cheap
        way to tell whether the log it read is still the one in the file."""
        with self._db.guard("reading events"):
            row = self._db.conn.execute(
                "SELECT hash FROM events WHERE session_id = ? AND seq = ?", (session_id, seq)
            ).fetchone()
        return row[0] if row is not None and isinstance(row[0], bytes) else None

    def event_at(self, session_id: int, seq: int) -> Event:
        """One event, decoded."""
        (record,) = self.records(session_id, seq - 1, seq)
        return record.event

    def last_seq(self, session_id: int) -> int:
        """The sequence number of the session's last event (0 when none): one index
        lookup, so a read-only follower can poll it cheaply before :meth:`records`."""
        self._sessions.stored_session(session_id)
        with self._db.guard("reading events"):
            row = self._db.conn.execute(
                "SELECT max(seq) FROM events WHERE session_id = ?", (session_id,)
            ).fetchone()
        return int(row[0] or 0)

    def events(self, session_id: int) -> list[Event]:
        """The session's events, in the order they were recorded."""
        return [r.event for r in self.records(session_id)]

    def decode(self, session_id: int, seq: int, payload: str) -> Event:
        """One stored event's JSON text as the event (an older version's upgraded).

        Raises:
            JournalError: it cannot be read; one line naming the event.
        """
        try:
            data = upgrade_payload(json.loads(payload))
            return EVENT_ADAPTER.validate_python(data)
        except (ValueError, ValidationError, RecursionError) as e:
            raise JournalError(
                f"{self._db.path}: session {session_id} event {seq} cannot be read "
                f"({one_line(e)}). "
                "If it comes from a newer omaha-tui, upgrade; otherwise move the file aside "
                "and start a new journal"
            ) from None


__all__ = ["OUTLINE_PAGE", "EventLog", "one_line"]
