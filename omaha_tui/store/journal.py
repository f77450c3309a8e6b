"""The crash-proof journal: sessions and their append-only event logs in one SQLite file.

Every event the dealer confirms is committed durably (WAL, ``synchronous=FULL``) before
:meth:`Journal.append` returns, so the app shows nothing that a power cut could take
back. Opening a session is replaying its events. Two processes may open the same file
(SQLite serialises the writes); only one may *write* a given session at a time
(:class:`~omaha_tui.store.locks.SessionLock`), the other gets :class:`SessionBusy` or
reads. A damaged file gives :class:`JournalError` naming the file and what to do.

This module stores and loads events; it does not judge them (the reducer does).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from pydantic import TypeAdapter, ValidationError

from omaha_tui.engine.events import EVENT_ADAPTER, Event, HandStarted, event_to_json
from omaha_tui.engine.events import SCHEMA_VERSION as EVENT_VERSION
from omaha_tui.engine.reducer import initial_state, replay
from omaha_tui.engine.state import TableState

from .locks import SessionBusy, SessionLock
from .opening import check_ours, connect, explain
from .paths import resolve_db_path
from .records import EventRecord, JournalError, SessionInfo, session_info, utc_now
from .schema import MIGRATIONS, SCHEMA_VERSION, upgrade_payload
from .snapshot import SnapshotError, decode_state, encode_state, follow

_EVENTS = TypeAdapter(list[Event])
KEEP_SNAPSHOTS = 2

__all__ = ["EventRecord", "Journal", "JournalError", "SessionBusy", "SessionInfo"]


class Journal:
    """An open journal file. Use :meth:`open` (also a context manager)."""

    def __init__(self, path: Path, conn: sqlite3.Connection, read_only: bool) -> None:
        self.path = path
        self.read_only = read_only
        self._conn = conn
        self._locks: dict[int, SessionLock] = {}
        # Per session: (last seq, state after it), kept while this process writes it,
        # so that each HandStarted can be stored with a snapshot of the state.
        self._states: dict[int, tuple[int, TableState]] = {}

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(cls, path: Path | str | None = None, *, read_only: bool = False) -> Journal:
        """Open the journal at ``path`` or the default location.

        Writable opening creates the file when missing and upgrades an older journal.
        ``read_only`` opening (SQLite ``mode=ro``) changes nothing at all, takes no
        lock, and reads a file another process is writing: a follower calls
        :meth:`records` with ``after=`` the last sequence number it has seen.

        Raises:
            JournalError: the file is foreign, damaged, read-only, on a full disk,
                locked, or from a newer omaha-tui; the message says which and what to do.
        """
        db = resolve_db_path(path)
        conn = connect(db, read_only=read_only)
        journal = cls(db, conn, read_only)
        try:
            journal._setup()
        except BaseException:
            conn.close()
            raise
        return journal

    def _setup(self) -> None:
        with self._guard("opening"):
            self._conn.execute("PRAGMA busy_timeout = 10000")
            version = check_ours(self._conn, self.path, read_only=self.read_only)
            if self.read_only:
                # No integrity scan here: opening stays cheap for a follower, and a
                # damaged page is named by the read that meets it.
                self._conn.execute("PRAGMA query_only = ON")
                if version < SCHEMA_VERSION:
                    raise JournalError(
                        f"{self.path} uses journal version {version} and must be upgraded "
                        f"to {SCHEMA_VERSION}: open it once with `omaha-tui play --db "
                        f"{self.path}`, then try again"
                    )
                return
            mode = self._conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise JournalError(f"{self.path}: cannot switch to WAL mode ({mode})")
            # Every acknowledged append reaches the disk before append() returns.
            self._conn.execute("PRAGMA synchronous = FULL")
            self._conn.execute("PRAGMA foreign_keys = ON")
            check = self._conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check}")
            if version < SCHEMA_VERSION:
                self._migrate()

    def _migrate(self) -> None:
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            # Re-read inside the write lock: another process may have just migrated it.
            version = int(self._conn.execute("PRAGMA user_version").fetchone()[0])
            for step in MIGRATIONS[version:]:
                for sql in step:
                    self._conn.execute(sql)
            self._conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._conn.execute("COMMIT")
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise

    @contextmanager
    def _guard(self, doing: str) -> Iterator[None]:
        """Turn SQLite failures into a :class:`JournalError` a dealer can act on."""
        try:
            yield
        except sqlite3.Error as e:
            raise explain(self.path, doing, e) from None

    def close(self) -> None:
        """Release every session lock and close the file."""
        for lock in self._locks.values():
            lock.release()
        self._locks.clear()
        self._conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # ------------------------------------------------------------------ writing

    def _writable(self) -> None:
        if self.read_only:
            raise JournalError(f"{self.path} is open read-only: nothing can be recorded")

    def claim(self, session_id: int) -> None:
        """Become the one writer of a session (done automatically by :meth:`append`).

        Raises:
            SessionBusy: another process is writing it.
        """
        self._writable()
        self.session(session_id)
        if session_id not in self._locks:
            lock = SessionLock(self.path, session_id)
            lock.acquire()
            self._locks[session_id] = lock

    def release(self, session_id: int) -> None:
        """Stop being the writer of a session (others may then claim it)."""
        lock = self._locks.pop(session_id, None)
        if lock is not None:
            lock.release()

    def create_session(self, title: str, meta: dict[str, Any] | None = None) -> int:
        """Start a new, empty session and claim it; returns its id."""
        self._writable()
        now = utc_now()
        with self._guard("creating a session"):
            cur = self._conn.execute(
                "INSERT INTO sessions (title, created, updated, meta) VALUES (?, ?, ?, ?)",
                (title, now, now, json.dumps(meta or {}, sort_keys=True)),
            )
        session_id = int(cur.lastrowid or 0)
        self.claim(session_id)
        self._states[session_id] = (0, initial_state())
        return session_id

    def append(self, session_id: int, event: Event) -> int:
        """Record one event durably; returns its sequence number (1 = first).

        The event is on disk when this returns. Raises :class:`SessionBusy` when another
        process writes this session, :class:`JournalError` when the file fails.
        """
        return self.append_many(session_id, (event,))

    def append_many(
        self, session_id: int, events: Iterable[Event], *, state: TableState | None = None
    ) -> int:
        """Record several events in one durable transaction (all or none).

        ``state``: the table after these events, as the caller already computed it
        (``engine.decide``); the journal then keeps it instead of applying the events
        once more. Returns the sequence number of the last one (or the current last
        when empty).
        """
        self.claim(session_id)
        batch = list(events)
        rows = [(e.type, e.v, event_to_json(e)) for e in batch]
        given = state is not None
        if state is not None:
            start, snapshots = self._adopt(session_id, batch, state)
        else:
            start, state, snapshots = self._follow(session_id, batch)
        with self._guard("recording an event"):
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                seq = int(
                    self._conn.execute(
                        "SELECT coalesce(max(seq), 0) FROM events WHERE session_id = ?",
                        (session_id,),
                    ).fetchone()[0]
                )
                now = utc_now()
                self._conn.executemany(
                    "INSERT INTO events (session_id, seq, type, v, payload, created) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    [(session_id, seq + i + 1, t, v, p, now) for i, (t, v, p) in enumerate(rows)],
                )
                hands = sum(1 for t, _, _ in rows if t == "hand_started")
                ended = any(t == "session_ended" for t, _, _ in rows)
                self._conn.execute(
                    "UPDATE sessions SET updated = ?, event_count = event_count + ?, "
                    "hands = hands + ?, finished = max(finished, ?) WHERE id = ?",
                    (now, len(rows), hands, int(ended), session_id),
                )
                if state is not None and (seq == start or given) and snapshots:
                    self._store_snapshots(session_id, seq, snapshots)
                self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                self._states.pop(session_id, None)
                raise
        if state is not None and (seq == start or given):
            self._states[session_id] = (seq + len(rows), state)
        else:
            self._states.pop(session_id, None)
        return seq + len(rows)

    def _adopt(
        self, session_id: int, events: list[Event], state: TableState
    ) -> tuple[int, list[tuple[int, str]]]:
        """Snapshot a given state when the batch ends with a hand start (no re-apply)."""
        cached = self._states.get(session_id)
        start = cached[0] if cached is not None else -1
        if events and isinstance(events[-1], HandStarted):
            return start, [(len(events), json.dumps(encode_state(state)))]
        if any(isinstance(e, HandStarted) for e in events):
            return -1, []  # a hand start inside the batch: its state is not at hand
        return start, []

    def _follow(
        self, session_id: int, events: list[Event]
    ) -> tuple[int, TableState | None, list[tuple[int, str]]]:
        """Apply new events to the cached state; snapshot the state after each hand start."""
        cached = self._states.get(session_id)
        if cached is None:
            return -1, None, []
        followed = follow(cached[1], events)
        if followed is None:
            return -1, None, []  # not the journal's to refuse: store, skip snapshots
        return cached[0], followed[0], followed[1]

    def _store_snapshots(self, session_id: int, seq: int, snapshots: list[tuple[int, str]]) -> None:
        self._conn.executemany(
            "INSERT OR REPLACE INTO snapshots (session_id, seq, state) VALUES (?, ?, ?)",
            [(session_id, seq + offset, text) for offset, text in snapshots],
        )
        self._conn.execute(
            "DELETE FROM snapshots WHERE session_id = ? AND seq NOT IN "
            "(SELECT seq FROM snapshots WHERE session_id = ? ORDER BY seq DESC LIMIT ?)",
            (session_id, session_id, KEEP_SNAPSHOTS),
        )

    def set_meta(self, session_id: int, meta: dict[str, Any]) -> None:
        """Replace a session's metadata (JSON object)."""
        self.claim(session_id)
        with self._guard("saving session details"):
            self._conn.execute(
                "UPDATE sessions SET meta = ? WHERE id = ?",
                (json.dumps(meta, sort_keys=True), session_id),
            )

    # ------------------------------------------------------------------ reading

    def session(self, session_id: int) -> SessionInfo:
        """One session's summary.

        Raises:
            JournalError: no such session (the message says how to list them).
        """
        row = None
        if 0 < session_id < 2**63:  # beyond SQLite's integers there is no session either
            with self._guard("reading the session list"):
                row = self._conn.execute(
                    "SELECT id, title, created, updated, event_count, hands, finished "
                    "FROM sessions WHERE id = ?",
                    (session_id,),
                ).fetchone()
        if row is None:
            raise JournalError(
                f"{self.path} has no session {session_id}: `omaha-tui sessions` lists them"
            )
        return session_info(row)

    def sessions(self) -> list[SessionInfo]:
        """Every session, oldest first."""
        with self._guard("reading the session list"):
            rows = self._conn.execute(
                "SELECT id, title, created, updated, event_count, hands, finished "
                "FROM sessions ORDER BY id"
            ).fetchall()
        return [session_info(r) for r in rows]

    def last_unfinished(self) -> SessionInfo | None:
        """The most recently updated session without a ``SessionEnded``, if any."""
        with self._guard("reading the session list"):
            row = self._conn.execute(
                "SELECT id FROM sessions WHERE finished = 0 AND event_count > 0 "
                "ORDER BY updated DESC, id DESC LIMIT 1"
            ).fetchone()
        return None if row is None else self.session(int(row[0]))

    def meta(self, session_id: int) -> dict[str, Any]:
        """A session's metadata (``{}`` when none was set)."""
        self.session(session_id)
        with self._guard("reading session details"):
            row = self._conn.execute(
                "SELECT meta FROM sessions WHERE id = ?", (session_id,)
            ).fetchone()
        value = json.loads(row[0])
        return value if isinstance(value, dict) else {}

    def records(self, session_id: int, after: int = 0) -> list[EventRecord]:
        """The session's events (those after sequence number ``after``) with their
        sequence numbers and times, in order."""
        self.session(session_id)
        with self._guard("reading events"):
            rows = self._conn.execute(
                "SELECT seq, created, v, payload FROM events WHERE session_id = ? AND seq > ? "
                "ORDER BY seq",
                (session_id, after),
            ).fetchall()
        for expected, (seq, *_) in enumerate(rows, start=after + 1):
            if seq != expected:
                raise JournalError(
                    f"{self.path}: session {session_id} lacks event {expected}; the file was "
                    "altered outside omaha-tui. Move it aside and start a new journal"
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
            events = [self._decode(session_id, seq, p) for seq, _, _, p in rows]
        return [
            EventRecord(seq, created, event)
            for (seq, created, _, _), event in zip(rows, events, strict=True)
        ]

    def last_seq(self, session_id: int) -> int:
        """The sequence number of the session's last event (0 when none): one index
        lookup, so a read-only follower can poll it cheaply before :meth:`records`."""
        self.session(session_id)
        with self._guard("reading events"):
            row = self._conn.execute(
                "SELECT max(seq) FROM events WHERE session_id = ?", (session_id,)
            ).fetchone()
        return int(row[0] or 0)

    def _decode(self, session_id: int, seq: int, payload: str) -> Event:
        try:
            data = upgrade_payload(json.loads(payload))
            return EVENT_ADAPTER.validate_python(data)
        except (ValueError, ValidationError) as e:
            raise JournalError(
                f"{self.path}: session {session_id} event {seq} cannot be read ({e}). "
                "If it comes from a newer omaha-tui, upgrade; otherwise move the file aside "
                "and start a new journal"
            ) from None

    def events(self, session_id: int) -> list[Event]:
        """The session's events, in the order they were recorded."""
        return [r.event for r in self.records(session_id)]

    def load_state(self, session_id: int) -> TableState:
        """The table exactly as the session left it, mid-hand included.

        Starts from the latest snapshot (taken at a hand start) and replays the events
        after it; without a usable snapshot, replays the whole log. Either way the
        result is ``replay(events)``.

        Raises:
            JournalError: the file cannot be read.
            RuleError: the log holds an event the rules refuse (it was altered).
        """
        with self._guard("reading a snapshot"):
            row = self._conn.execute(
                "SELECT seq, state FROM snapshots WHERE session_id = ? ORDER BY seq DESC LIMIT 1",
                (session_id,),
            ).fetchone()
        state: TableState | None = None
        after = 0
        if row is not None:
            try:
                state, after = decode_state(json.loads(row[1])), int(row[0])
            except (SnapshotError, ValueError):
                state, after = None, 0
        records = self.records(session_id, after)
        if state is None:
            state = replay(r.event for r in records)
        else:
            try:
                state = replay((r.event for r in records), state)
            except ValueError:
                records = self.records(session_id)
                state = replay(r.event for r in records)
        last = records[-1].seq if records else after
        self._states[session_id] = (last, state)
        return state
