"""The sessions this process writes: one writer per session, the file it writes, and each
session as memory holds it.

One part the :class:`~.journal.Journal` holds (``journal.claims``). Claiming a session
takes its lock (:mod:`.locks`: another process gets :class:`~.locks.SessionBusy`) and
keeps the session as memory holds it (:class:`~.watch.SessionMemo`); every write is
checked against the file the journal opened (:class:`~.watch.FileWatch`), so a journal
deleted or replaced under a live table is noticed before a write is acknowledged. An
in-memory journal has no file and no other process: its claims take no lock.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .journal_db import JournalDb
from .locks import SessionLock
from .records import JournalError
from .watch import FileWatch, SessionMemo


class SessionClaims:
    """The sessions one journal writes, their locks and their memories."""

    def __init__(self, db: JournalDb) -> None:
        self._db = db
        self._locks: dict[int, SessionLock | None] = {}
        self._memos: dict[int, SessionMemo] = {}
        self._watch: FileWatch | None = None
        if not (db.read_only or db.memory):
            try:
                self._watch = FileWatch(db.path)
            except OSError as e:
                raise JournalError(f"{db.path}: cannot be opened ({e.strerror})") from None

    def claim(self, session_id: int, memo: Callable[[], SessionMemo]) -> None:
        """Become the one writer of a session, keeping ``memo()`` of it the first time.

        Raises:
            SessionBusy: another process is writing it.
        """
        if session_id in self._locks:
            return
        lock = None if self._db.memory else SessionLock(self._db.path, session_id)
        if lock is not None:
            lock.acquire()
        self._locks[session_id] = lock
        if session_id not in self._memos:
            self._memos[session_id] = memo()

    def release(self, session_id: int) -> None:
        """Stop being the writer of a session (others may then claim it)."""
        lock = self._locks.pop(session_id, None)
        if lock is not None:
            lock.release()

    def check_file(self) -> None:
        """That the path still names the file opened, no shorter than last seen.

        Raises:
            JournalGone: deleted, moved, replaced or truncated; one line says which.
        """
        if self._watch is not None:
            self._watch.check()

    def memo(self, session_id: int) -> SessionMemo | None:
        """The session as memory holds it, when this process writes it."""
        return self._memos.get(session_id)

    def remember(self, session_id: int, memo: SessionMemo) -> None:
        self._memos[session_id] = memo

    def forget(self, session_id: int) -> None:
        self._memos.pop(session_id, None)

    def noted(self, session_id: int, payloads: Sequence[str], times: Sequence[str]) -> None:
        """Events just acknowledged, added to the session's memory."""
        memo = self._memos.get(session_id)
        if memo is not None:
            memo.payloads += payloads
            memo.times += times

    def close(self) -> None:
        """Release every lock and forget every session; stop watching the file."""
        for lock in self._locks.values():
            if lock is not None:
                lock.release()
        self._locks.clear()
        self._memos.clear()
        if self._watch is not None:
            self._watch.close()


__all__ = ["SessionClaims"]
