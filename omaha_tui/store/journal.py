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
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self

from omaha_tui.engine.events import Event, HandStarted, event_to_json
from omaha_tui.engine.reducer.history import History

from . import hand_details
from .chain import HASH_SIZE, genesis
from .connection import check_ours, connect
from .journal_reading import JournalReading
from .journal_roster import JournalRoster
from .journal_rows import ends_a_hand, insert_events, store_snapshots
from .locks import SessionBusy, SessionLock
from .paths import resolve_db_path
from .records import EventRecord, JournalError, NoSuchSession, SessionInfo, utc_now
from .schema import MIGRATIONS, SCHEMA_VERSION
from .snapshot import KEEP_SNAPSHOTS, FoldedLog, encode_history, fold_log
from .watch import FileWatch, JournalGone, SessionMemo

if TYPE_CHECKING:
    from .results import Lifetime, Night

__all__ = [
    "KEEP_SNAPSHOTS",
    "EventRecord",
    "Journal",
    "JournalError",
    "JournalGone",
    "NoSuchSession",
    "SessionBusy",
    "SessionInfo",
]


def with_hands(meta: dict[str, Any], details: list[Any]) -> dict[str, Any]:
    """``meta`` with an imported session's hands' details where an import gives them
    (``meta["phh"]["hands"]``), the inverse of :func:`.hand_details.split`.

    >>> with_hands({"schedule": None}, [{"scale": 1}])
    {'schedule': None, 'phh': {'hands': [{'scale': 1}]}}
    >>> with_hands({"schedule": None}, [])
    {'schedule': None}
    """
    if not details:
        return dict(meta)
    phh = meta.get("phh")
    return {**meta, "phh": {**(phh if isinstance(phh, dict) else {}), "hands": details}}


class Journal(JournalReading):
    """An open journal file. Use :meth:`open` (also a context manager).

    It reads and writes the event log itself and holds its other parts: the roster of
    regulars and their results (:class:`~.journal_roster.JournalRoster`) and imported
    hands' details (:class:`~.hand_details.JournalDetails`)."""

    def __init__(self, path: Path, conn: sqlite3.Connection, read_only: bool) -> None:
        self.path = path
        self.read_only = read_only
        self._conn = conn
        self._locks: dict[int, SessionLock] = {}
        # The file opened, to tell it from what the path names before each write is
        # acknowledged, and each claimed session as memory holds it (:mod:`.watch`).
        self._watch: FileWatch | None = None
        self._memos: dict[int, SessionMemo] = {}
        self.roster_book = JournalRoster(self)
        self.details = hand_details.JournalDetails(self)
        self.checkpoint_later: Callable[[Callable[[], None]], None] | None = None
        """Given, it is handed the copy into the main file that follows a hand's end,
        to run it soon after (the app: once the screen shows the hand's end, so the key
        that ended it does not wait for it); None: it runs before the append returns."""

    # ------------------------------------------------------------------ its parts

    def lifetime(self) -> list[Lifetime]:
        """Every player's lifetime results (:meth:`.JournalRoster.lifetime`)."""
        return self.roster_book.lifetime()

    def player_tournaments(self, pid: int) -> dict[int, dict[str, object]]:
        """One player's tournaments by session id (:meth:`.JournalRoster.player_tournaments`)."""
        return self.roster_book.player_tournaments(pid)

    def player_nights(self, name: str) -> tuple[Lifetime, list[Night]]:
        """One player's lifetime line and sessions (:meth:`.JournalRoster.player_nights`)."""
        return self.roster_book.player_nights(name)

    def roster(self) -> list[str]:
        """Every regular's name, the most recently played first."""
        return self.roster_book.roster()

    def last_players(self) -> list[tuple[str, int]]:
        """The latest session's players and buy-ins, in seating order."""
        return self.roster_book.last_players()

    def rename_player(self, old: str, new: str) -> str:
        """Rename a regular (:meth:`.JournalRoster.rename_player`)."""
        return self.roster_book.rename_player(old, new)

    def merge_players(self, keep: str, other: str) -> str:
        """Make ``other`` the same person as ``keep`` (:meth:`.JournalRoster.merge_players`)."""
        return self.roster_book.merge_players(keep, other)

    def has_hand_details(self, session_id: int) -> bool:
        """Whether the session keeps imported hands' details in rows."""
        return self.details.has_hand_details(session_id)

    def hand_details(
        self, session_id: int, page: int | None = None, *, toml: bool = True
    ) -> Iterator[dict[str, Any]]:
        """The session's imported hands' details (:meth:`.JournalDetails.hand_details`)."""
        return self.details.hand_details(session_id, page, toml=toml)

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(
        cls, path: Path | str | None = None, *, read_only: bool = False, scan: bool = True
    ) -> Journal:
        """Open the journal at ``path`` or the default location.

        Writable opening creates the file when missing, scans its pages (SQLite's
        ``quick_check``) and upgrades an older journal. ``scan=False`` leaves the scan,
        whose time grows with the file, to the whole record's check the console and the
        app run right after their first answer (:mod:`omaha_tui.session.verify`).
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
            journal._setup(scan)
        except BaseException:
            conn.close()
            raise
        return journal

    def _setup(self, scan: bool = True) -> None:
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
            if scan:
                self.scan()
            if version < SCHEMA_VERSION:
                self._migrate()
        try:
            self._watch = FileWatch(self.path)
        except OSError as e:
            raise JournalError(f"{self.path}: cannot be opened ({e.strerror})") from None

    def scan(self) -> None:
        """SQLite's check of every page of the file (read-only openings may run it too).

        Raises:
            JournalError: a damaged page; the line says what to do.
        """
        with self._guard("opening"):
            check = self._conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check}")

    def _migrate(self) -> None:
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            # Re-read inside the write lock: another process may have just migrated it.
            version = int(self._conn.execute("PRAGMA user_version").fetchone()[0])
            for step in MIGRATIONS[version:]:
                for sql in step:
                    if isinstance(sql, str):
                        self._conn.execute(sql)
                    else:
                        sql(self._conn)
            self._conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._conn.execute("COMMIT")
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise

    def close(self) -> None:
        """Release every session lock and close the file."""
        for lock in self._locks.values():
            lock.release()
        self._locks.clear()
        self._memos.clear()
        if self._watch is not None:
            self._watch.close()
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
        self.stored_session(session_id)
        if session_id not in self._locks:
            lock = SessionLock(self.path, session_id)
            lock.acquire()
            self._locks[session_id] = lock
            if session_id not in self._memos:
                self._memos[session_id] = self._memo(session_id)

    def _memo(self, session_id: int) -> SessionMemo:
        """The session as memory keeps it while this process writes it (:mod:`.watch`):
        its stored rows as they are, no event decoded."""
        try:  # details damaged outside omaha-tui are reported elsewhere, not kept
            meta = with_hands(self.meta(session_id), list(self.hand_details(session_id)))
        except JournalError:
            meta = {}
        with self._guard("reading events"):
            rows = self._conn.execute(
                "SELECT created, payload FROM events WHERE session_id = ? ORDER BY seq",
                (session_id,),
            ).fetchall()
        return SessionMemo(
            self.session(session_id).title,
            meta,
            [str(p) for _, p in rows],
            [str(t) for t, _ in rows],
        )

    def check_file(self) -> None:
        """That the path still names the file this journal opened, no shorter than last
        seen (nothing for a read-only opening).

        Raises:
            JournalGone: deleted, moved, replaced or truncated; one line says which.
        """
        if self._watch is not None:
            self._watch.check()

    def write_anew(self, session_id: int, path: Path | str) -> tuple[Journal, int]:
        """Write a session this process writes, as memory holds it (every acknowledged
        event with its time, the title and details), into a new journal at ``path``, and
        claim it there: for a table whose journal vanished (:class:`JournalGone`).
        Returns the new journal (the caller closes it) and the session's id in it.

        Raises:
            JournalError: ``path`` exists already, or cannot be written.
        """
        memo = self._memos.get(session_id)
        if memo is None:
            raise JournalError(f"session {session_id} is not being written here")
        target = Path(path).expanduser()
        if target.exists() or target.is_symlink():
            raise JournalError(f"{target} exists already: name a new file for the journal")
        events = [
            self._decode(session_id, seq, payload)
            for seq, payload in enumerate(memo.payloads, start=1)
        ]
        try:
            folded: FoldedLog | None = fold_log(events)
        except (ValueError, AssertionError):
            folded = None  # stored as acknowledged; resuming replays it
        journal = Journal.open(target)
        try:
            new_id = journal.record_session(
                memo.title, events, memo.meta, times=memo.times or None, folded=folded
            )
            journal.claim(new_id)
        except BaseException:
            journal.close()
            raise
        self.release(session_id)
        self._memos.pop(session_id, None)
        return journal, new_id

    def release(self, session_id: int) -> None:
        """Stop being the writer of a session (others may then claim it)."""
        lock = self._locks.pop(session_id, None)
        if lock is not None:
            lock.release()

    def create_session(self, title: str, meta: dict[str, Any] | None = None) -> int:
        """Start a new, empty session and claim it; returns its id."""
        self._writable()
        self.check_file()
        now = utc_now()
        with self._guard("creating a session"):
            cur = self._conn.execute(
                "INSERT INTO sessions (title, created, updated, meta) VALUES (?, ?, ?, ?)",
                (title, now, now, json.dumps(meta or {}, sort_keys=True)),
            )
        session_id = int(cur.lastrowid or 0)
        self._memos[session_id] = SessionMemo(title, dict(meta or {}))
        self.claim(session_id)
        return session_id

    def append(self, session_id: int, event: Event, *, history: History | None = None) -> int:
        """Record one event durably; returns its sequence number (1 = first).

        ``history``: the table after it, as for :meth:`append_many`. The event is on disk
        when this returns. Raises :class:`SessionBusy` when another process writes this
        session, :class:`JournalError` when the file fails.
        """
        return self.append_many(session_id, (event,), history=history)

    def append_many(
        self, session_id: int, events: Iterable[Event], *, history: History | None = None
    ) -> int:
        """Record several events in one durable transaction (all or none).

        ``history``: the table after these events and its undo checkpoints, as the
        caller already computed them (``engine.decide``, then the session's history).
        The journal never applies an event: it stores this, and snapshots it when the
        batch ends with a hand start. Without it the events are stored alone (no
        snapshot; the hands are counted by their starts). Returns the sequence number of
        the last one (or the current last when empty).
        """
        self.claim(session_id)
        batch = list(events)
        snapshots: list[tuple[int, str]] = []
        if history is not None and batch and type(batch[-1]) is HandStarted:
            snapshots = [(len(batch), json.dumps(encode_history(history)))]
        state = history.state if history is not None else None
        self.check_file()  # never into a file nobody can open again
        times = [utc_now()] * len(batch)
        with self._guard("recording an event"):
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                seq, head = self._head(session_id)
                hashes = insert_events(self._conn, session_id, seq, head, batch, state, times)
                if snapshots:
                    store_snapshots(self._conn, session_id, seq, snapshots, hashes)
                self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                raise
        self.check_file()  # still the file opened: only then is the write acknowledged
        memo = self._memos.get(session_id)
        if memo is not None:
            memo.payloads += [event_to_json(e) for e in batch]
            memo.times += times
        if ends_a_hand(batch, state):
            if self.checkpoint_later is None:
                self.checkpoint()
            else:
                self.checkpoint_later(self.checkpoint)
        return seq + len(batch)

    def _head(self, session_id: int) -> tuple[int, bytes]:
        """The last event's sequence number and chain hash (0 and the genesis when none)."""
        row = self._conn.execute(
            "SELECT seq, hash FROM events WHERE session_id = ? ORDER BY seq DESC LIMIT 1",
            (session_id,),
        ).fetchone()
        if row is None:
            return 0, genesis(session_id)
        seq, head = int(row[0]), row[1]
        if not isinstance(head, bytes) or len(head) != HASH_SIZE:
            raise JournalError(
                f"{self.path}: session {session_id} event {seq} has no chain hash; the file "
                f"was changed outside omaha-tui (`omaha-tui check {session_id}` tells more)"
            )
        return seq, head

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the main file (done at every hand end), so that
        the main file alone holds the evening. Never waits for a reader: a display
        reading at that moment leaves the rest for the next hand end."""
        with self._guard("saving to the main file"):
            self._conn.execute("PRAGMA busy_timeout = 0")
            try:
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            finally:
                self._conn.execute("PRAGMA busy_timeout = 10000")

    def record_session(
        self,
        title: str,
        events: Iterable[Event],
        meta: dict[str, Any] | None = None,
        *,
        times: Sequence[str] | None = None,
        source_digest: str | None = None,
        folded: FoldedLog | None = None,
    ) -> int:
        """Create a whole session at once, in one durable transaction; returns its id.

        For imports: a killed import leaves each session whole or absent (never an
        empty one), and takes no lock (nobody can write a session before it exists).

        ``source_digest``: the SHA-256 of the file imported (see :meth:`imported_as`).

        ``times``: each event's recorded time (an export's), kept instead of now.

        ``folded``: the fold of exactly these events from no table, as the importer
        computed it while checking them (:func:`~.snapshot.fold_log`). The journal never
        applies an event: it keeps these states (the hands played, the snapshots);
        without them the session has no snapshot and its hands are counted by their
        starts.

        The hands' details an import brings (``meta["phh"]["hands"]``) are stored one
        row per hand (:mod:`.hand_details`), not in the session's ``meta``.
        """
        self._writable()
        batch = list(events)
        meta, details = hand_details.split(meta or {})
        state = folded.state if folded is not None else None
        snapshots = folded.snapshots() if folded is not None else []
        now = utc_now()
        with self._guard("recording a session"):
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                cur = self._conn.execute(
                    "INSERT INTO sessions (title, created, updated, meta) VALUES (?, ?, ?, ?)",
                    (
                        title,
                        times[0] if times else now,
                        times[-1] if times else now,
                        json.dumps(meta, sort_keys=True),
                    ),
                )
                session_id = int(cur.lastrowid or 0)
                hand_details.insert(self._conn, session_id, details)
                hashes = insert_events(
                    self._conn, session_id, 0, genesis(session_id), batch, state, times
                )
                if snapshots:
                    store_snapshots(self._conn, session_id, 0, snapshots, hashes)
                if source_digest is not None:
                    self._conn.execute(
                        "INSERT INTO imports (sha256, session_id) VALUES (?, ?)",
                        (source_digest, session_id),
                    )
                self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                raise
        return session_id

    def set_meta(self, session_id: int, meta: dict[str, Any]) -> None:
        """Replace a session's metadata (JSON object). An imported session's hands'
        details are kept apart (:meth:`hand_details`) and stay as they are."""
        self.claim(session_id)
        self.check_file()
        with self._guard("saving session details"):
            self._conn.execute(
                "UPDATE sessions SET meta = ? WHERE id = ?",
                (json.dumps(meta, sort_keys=True), session_id),
            )
        if (memo := self._memos.get(session_id)) is not None:
            memo.meta = with_hands(meta, hand_details.split(memo.meta)[1])
