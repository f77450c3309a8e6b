"""Checking a journal's record: the hash chain, the snapshots' chain positions, and
the one-line messages for what is found (:mod:`.chain` computes, this decides).

One part the :class:`~.journal.Journal` holds (``journal.checks``), over the journal's
database and its sessions; loading a table (:mod:`.journal_replay`) and ``check``,
``ledger`` and ``export`` ask it how far the record may be read.
"""

from __future__ import annotations

import json
from pathlib import Path

from omaha_tui.engine.reducer.history import History

from . import chain
from .chain import ChainCheck, snapshot_digest
from .journal_db import JournalDb
from .records import JournalError
from .session_rows import SessionRows
from .snapshot import SnapshotError, decode_history


def chain_damage(found: ChainCheck) -> str:
    """Where a chain breaks and what can still be read, without naming the session."""
    before = (
        f"`ledger` and `export` with --until-damage read the {found.good} event"
        f"{'s' * (found.good != 1)} before it"
        if found.good
        else "no event before it can be read"
    )
    return (
        f"is damaged at event {found.bad}, which {found.why}: "
        f"the journal was changed outside omaha-tui; {before}"
    )


def broken_chain(path: Path, session_id: int, found: ChainCheck) -> str:
    """The one line that says where a session's chain breaks and what can still be read."""
    return f"{path}: session {session_id} {chain_damage(found)}"


def rewrite_damage(seq: int) -> str:
    """A log rewritten behind a snapshot (its chain rebuilt to match), without the session."""
    return (
        f"was rewritten before event {seq}: the table saved at event {seq} no longer "
        "matches the events that lead to it, so the journal was changed outside omaha-tui; "
        "restore a backup (`omaha-tui backup` makes them)"
    )


def rewritten(path: Path, session_id: int, seq: int) -> str:
    """The one line for a log rewritten behind a snapshot."""
    return f"{path}: session {session_id} {rewrite_damage(seq)}"


class RecordChecks:
    """The chain and snapshot checks of one journal database."""

    def __init__(self, db: JournalDb, sessions: SessionRows) -> None:
        self._db = db
        self._sessions = sessions

    def check_chain(self, session_id: int) -> ChainCheck:
        """Re-hash the session's events and compare each with its stored chain hash."""
        self._sessions.stored_session(session_id)
        with self._db.guard("checking the events"):
            return chain.check(self._db.conn, session_id)

    def readable_until(self, session_id: int, *, until_damage: bool = False) -> int:
        """The last event that may be read: the session's last when its chain is intact;
        with ``until_damage``, the last one before the first damaged event.

        Raises:
            JournalError: the chain is broken (without ``until_damage``); one line naming
                the first bad event and what can still be done.
        """
        found = self.check_chain(session_id)
        if found.bad is not None and not until_damage:
            raise JournalError(broken_chain(self._db.path, session_id, found))
        if not until_damage and (at := self.rewritten_at(session_id)) is not None:
            raise JournalError(rewritten(self._db.path, session_id, at))
        return found.good

    def has_snapshot(self, session_id: int) -> bool:
        """Whether the session has any snapshot stored."""
        with self._db.guard("reading a snapshot"):
            row = self._db.conn.execute(
                "SELECT 1 FROM snapshots WHERE session_id = ? LIMIT 1", (session_id,)
            ).fetchone()
        return row is not None

    def snapshot(
        self, session_id: int, upto: int, *, strict: bool = True
    ) -> tuple[History | None, int, bytes | None]:
        """The latest usable snapshot at or before event ``upto``, its position and the
        chain hash it was taken at.

        A snapshot whose digest does not match its text was edited: it is passed over
        and the events are replayed instead. One whose digest holds but whose chain
        position is no longer the stored hash of the event it follows was either moved
        from another place in the log (its hash is still there: passed over) or the
        events behind it were rewritten, their chain rebuilt, after it was taken: with
        ``strict`` that is refused in one line, since no check of the events alone can
        see it.
        """
        with self._db.guard("reading a snapshot"):
            rows = self._db.conn.execute(
                "SELECT s.seq, s.state, s.chain, s.digest, e.hash FROM snapshots s "
                "JOIN events e ON e.session_id = s.session_id AND e.seq = s.seq "
                "WHERE s.session_id = ? AND s.seq <= ? ORDER BY s.seq DESC",
                (session_id, upto),
            ).fetchall()
        for seq, text, at, digest, event_hash in rows:
            if not (isinstance(text, str) and isinstance(at, bytes)):
                continue
            if digest != snapshot_digest(at, text):
                continue
            if at != event_hash:
                if strict and not self.in_log(session_id, at):
                    raise JournalError(rewritten(self._db.path, session_id, int(seq)))
                continue  # a snapshot moved from another place in the log: not used
            try:
                return decode_history(json.loads(text)), int(seq), at
            except (SnapshotError, ValueError, RecursionError):
                continue
        return None, 0, None

    def rewritten_at(self, session_id: int) -> int | None:
        """The first snapshot whose chain position no longer matches its event (the log
        behind it was rewritten), or ``None``: what ``check``, ``ledger`` and ``export``
        add to the chain's own check."""
        with self._db.guard("reading a snapshot"):
            rows = self._db.conn.execute(
                "SELECT s.seq, s.state, s.chain, s.digest, e.hash FROM snapshots s "
                "LEFT JOIN events e ON e.session_id = s.session_id AND e.seq = s.seq "
                "WHERE s.session_id = ? ORDER BY s.seq",
                (session_id,),
            ).fetchall()
        for seq, text, at, digest, event_hash in rows:
            if not (isinstance(text, str) and isinstance(at, bytes)):
                continue
            moved_or_rewritten = digest == snapshot_digest(at, text) and at != event_hash
            if moved_or_rewritten and not self.in_log(session_id, at):
                return int(seq)
        return None

    def in_log(self, session_id: int, chain_hash: bytes) -> bool:
        """Whether some event still has this chain hash (a snapshot moved elsewhere in
        the log) rather than none (the events behind the snapshot were rewritten)."""
        with self._db.guard("reading events"):
            row = self._db.conn.execute(
                "SELECT 1 FROM events WHERE session_id = ? AND hash = ? LIMIT 1",
                (session_id, chain_hash),
            ).fetchone()
        return row is not None
