"""The crash-proof journal: sessions and their append-only event logs in one SQLite file.

Every event the dealer confirms is committed durably (WAL, ``synchronous=FULL``) before
:meth:`Journal.append` returns, so the app shows nothing that a power cut could take
back. Opening a session is replaying its events. Two processes may open the same file
(SQLite serialises the writes); only one may *write* a given session at a time
(:class:`~omaha_tui.store.locks.SessionLock`), the other gets :class:`SessionBusy` or
reads. A damaged file gives :class:`JournalError` naming the file and what to do.

The journal is composed of parts, one per responsibility, each over the one database
(:mod:`.journal_db`): the sessions (:mod:`.session_rows`), the event log
(:mod:`.event_log`), the checks of the record (:mod:`.journal_checks`), the table a log
leads to (:mod:`.journal_replay`), the sessions this process writes
(:mod:`.session_claims`), the roster (:mod:`.journal_roster`) and imported hands'
details (:mod:`.journal_details`). The journal opens and closes them, runs the writes
that span several, and answers for each under its own method names.

This module stores and loads events; it does not judge them (the reducer does).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from omaha_tui.engine.events import Event
from omaha_tui.engine.reducer.history import History
from omaha_tui.engine.state import TableState

from .chain import ChainCheck
from .event_log import EventLog
from .journal_checks import RecordChecks
from .journal_db import JournalDb
from .journal_details import JournalDetails
from .journal_replay import TableLoader
from .journal_roster import JournalRoster
from .journal_writes import SessionWriter
from .locks import SessionBusy
from .paths import resolve_db_path
from .records import EventRecord, JournalError, NoSuchSession, SessionInfo
from .results import Lifetime, Night
from .session_claims import SessionClaims
from .session_rows import SessionRows
from .snapshot import KEEP_SNAPSHOTS, FoldedLog, fold_log
from .watch import JournalGone

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


class Journal:
    """An open journal. Use :meth:`open` (also a context manager), or :meth:`in_memory`.

    Its parts: ``db`` (the connection), ``sessions_part``, ``log``, ``checks``, ``tables``,
    ``claims``, ``writer``, ``roster_book`` and ``details``; the methods below answer for
    them."""

    def __init__(self, db: JournalDb) -> None:
        self.db = db
        self.sessions_part = SessionRows(db)
        self.log = EventLog(db, self.sessions_part)
        self.checks = RecordChecks(db, self.sessions_part)
        self.tables = TableLoader(db, self.log, self.checks)
        self.roster_book = JournalRoster(db, self.tables.load_state)
        self.details = JournalDetails(db)
        self.claims = SessionClaims(db)
        self.writer = SessionWriter(db, self.sessions_part, self.log, self.details, self.claims)

    @property
    def path(self) -> Path:
        return self.db.path

    @property
    def read_only(self) -> bool:
        return self.db.read_only

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
        db = JournalDb.open(resolve_db_path(path), read_only=read_only, scan=scan)
        try:
            return cls(db)
        except BaseException:
            db.close()
            raise

    @classmethod
    def in_memory(cls) -> Journal:
        """A new, empty journal held in memory, gone when closed: every part as in a
        file's journal, without the disk (for tests whose subject is not durability)."""
        return cls(JournalDb.in_memory())

    def scan(self) -> None:
        """SQLite's check of every page of the file (read-only openings may run it too).

        Raises:
            JournalError: a damaged page; the line says what to do.
        """
        self.db.scan()

    def close(self) -> None:
        """Release every session lock and close the file."""
        self.claims.close()
        self.db.close()

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

    def claim(self, session_id: int) -> None:
        """Become the one writer of a session (done automatically by :meth:`append`).

        Raises:
            SessionBusy: another process is writing it.
        """
        self.writer.claim(session_id)

    def release(self, session_id: int) -> None:
        """Stop being the writer of a session (others may then claim it)."""
        self.claims.release(session_id)

    def check_file(self) -> None:
        """That the path still names the file this journal opened, no shorter than last
        seen (nothing for a read-only opening).

        Raises:
            JournalGone: deleted, moved, replaced or truncated; one line says which.
        """
        self.claims.check_file()

    def create_session(self, title: str, meta: dict[str, Any] | None = None) -> int:
        """Start a new, empty session and claim it; returns its id."""
        return self.writer.create_session(title, meta)

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
        """Record several events in one durable transaction, all or none
        (:meth:`.SessionWriter.append_many`); returns the last one's sequence number."""
        return self.writer.append_many(session_id, events, history=history)

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
        """Create a whole session at once, in one durable transaction; returns its id
        (:meth:`.SessionWriter.record_session`)."""
        return self.writer.record_session(
            title, events, meta, times=times, source_digest=source_digest, folded=folded
        )

    def set_meta(self, session_id: int, meta: dict[str, Any]) -> None:
        """Replace a session's metadata (:meth:`.SessionWriter.set_meta`)."""
        self.writer.set_meta(session_id, meta)

    @property
    def checkpoint_later(self) -> Callable[[Callable[[], None]], None] | None:
        """Who runs the copy into the main file after a hand's end
        (:attr:`.SessionWriter.checkpoint_later`); None: the append runs it itself."""
        return self.writer.checkpoint_later

    @checkpoint_later.setter
    def checkpoint_later(self, run: Callable[[Callable[[], None]], None] | None) -> None:
        self.writer.checkpoint_later = run

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the main file (done at every hand end), so that
        the main file alone holds the evening. Never waits for a reader: a display
        reading at that moment leaves the rest for the next hand end."""
        self.db.checkpoint()

    def write_anew(self, session_id: int, path: Path | str) -> tuple[Journal, int]:
        """Write a session this process writes, as memory holds it (every acknowledged
        event with its time, the title and details), into a new journal at ``path``, and
        claim it there: for a table whose journal vanished (:class:`JournalGone`).
        Returns the new journal (the caller closes it) and the session's id in it.

        Raises:
            JournalError: ``path`` exists already, or cannot be written.
        """
        memo = self.claims.memo(session_id)
        if memo is None:
            raise JournalError(f"session {session_id} is not being written here")
        target = Path(path).expanduser()
        if target.exists() or target.is_symlink():
            raise JournalError(f"{target} exists already: name a new file for the journal")
        events = [
            self.log.decode(session_id, seq, payload)
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
        self.claims.release(session_id)
        self.claims.forget(session_id)
        return journal, new_id

    # ------------------------------------------------------------------ its sessions

    def stored_session(self, session_id: int) -> SessionInfo:
        """One session's summary as stored (:meth:`.SessionRows.stored_session`)."""
        return self.sessions_part.stored_session(session_id)

    def session(self, session_id: int) -> SessionInfo:
        """One session's summary (:meth:`.SessionRows.session`)."""
        return self.sessions_part.session(session_id)

    def sessions(self) -> list[SessionInfo]:
        """Every session, oldest first."""
        return self.sessions_part.sessions()

    def last_unfinished(self) -> SessionInfo | None:
        """The most recently updated session without a ``SessionEnded``, if any."""
        return self.sessions_part.last_unfinished()

    def meta(self, session_id: int) -> dict[str, Any]:
        """A session's metadata (:meth:`.SessionRows.meta`)."""
        return self.sessions_part.meta(session_id)

    def imported_as(self, digest: str) -> list[int]:
        """The sessions imported from a file whose bytes have this SHA-256, oldest first."""
        return self.sessions_part.imported_as(digest)

    # ------------------------------------------------------------------ its event log

    def records(
        self, session_id: int, after: int = 0, upto: int | None = None
    ) -> list[EventRecord]:
        """The session's events after ``after``, up to ``upto`` (:meth:`.EventLog.records`)."""
        return self.log.records(session_id, after, upto)

    def events(self, session_id: int) -> list[Event]:
        """The session's events, in the order they were recorded."""
        return self.log.events(session_id)

    def event_at(self, session_id: int, seq: int) -> Event:
        """One event, decoded."""
        return self.log.event_at(session_id, seq)

    def last_seq(self, session_id: int) -> int:
        """The sequence number of the session's last event (0 when none)."""
        return self.log.last_seq(session_id)

    def outline(self, session_id: int, after: int = 0) -> list[tuple[int, str]]:
        """Each event's number and type after ``after`` (:meth:`.EventLog.outline`)."""
        return self.log.outline(session_id, after)

    def outline_back(self, session_id: int) -> Iterator[tuple[int, str]]:
        """The outline from the last event backward (:meth:`.EventLog.outline_back`)."""
        return self.log.outline_back(session_id)

    def payload(self, session_id: int, seq: int) -> str:
        """One event's stored JSON text (equal events have equal texts)."""
        return self.log.payload(session_id, seq)

    def chain_hash(self, session_id: int, seq: int) -> bytes | None:
        """One event's chain hash, or ``None`` (:meth:`.EventLog.chain_hash`)."""
        return self.log.chain_hash(session_id, seq)

    # ------------------------------------------------------------------ its checks, tables

    def check_chain(self, session_id: int) -> ChainCheck:
        """Re-hash the session's events and compare each with its stored chain hash."""
        return self.checks.check_chain(session_id)

    def readable_until(self, session_id: int, *, until_damage: bool = False) -> int:
        """The last event that may be read (:meth:`.RecordChecks.readable_until`)."""
        return self.checks.readable_until(session_id, until_damage=until_damage)

    def rewritten_at(self, session_id: int) -> int | None:
        """The first snapshot the log was rewritten behind, or ``None``."""
        return self.checks.rewritten_at(session_id)

    def load_state(self, session_id: int, *, until_damage: bool = False) -> TableState:
        """The table exactly as the session left it (:meth:`.TableLoader.load_state`)."""
        return self.tables.load_state(session_id, until_damage=until_damage)

    def load_history(self, session_id: int, *, until_damage: bool = False) -> History:
        """The table as the session left it, with its undo checkpoints
        (:meth:`.TableLoader.load_history`)."""
        return self.tables.load_history(session_id, until_damage=until_damage)

    # ------------------------------------------------------------------ its roster, details

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
