"""The table a session's log leads to: from the latest snapshot whose record holds,
or from the first event, replayed by the rules.

One part the :class:`~.journal.Journal` holds (``journal.tables``), over its event log
(:mod:`.event_log`) and its checks (:mod:`.journal_checks`). Resuming a session reads
only what it builds the table from, so it takes the same time at 10 or 10,000 hands.
"""

from __future__ import annotations

from pathlib import Path

from omaha_tui.engine.reducer import history as hist
from omaha_tui.engine.reducer.history import History
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.engine.state import TableState

from . import chain
from .event_log import EventLog
from .journal_checks import RecordChecks, broken_chain
from .journal_db import JournalDb
from .records import EventRecord, JournalError


class TableLoader:
    """A session's table, replayed from one journal's log."""

    def __init__(self, db: JournalDb, log: EventLog, checks: RecordChecks) -> None:
        self._db = db
        self._log = log
        self._checks = checks

    @property
    def path(self) -> Path:
        return self._db.path

    def load_state(self, session_id: int, *, until_damage: bool = False) -> TableState:
        """The table exactly as the session left it: :meth:`load_history`'s state."""
        return self.load_history(session_id, until_damage=until_damage).state

    def load_history(self, session_id: int, *, until_damage: bool = False) -> History:
        """The table exactly as the session left it, mid-hand included, with the undo
        checkpoints a live session has (:mod:`~omaha_tui.engine.reducer.history`).

        Starts from the latest snapshot (taken at a hand start) whose digest and chain
        position check out, checks the chain of the events after it and replays them;
        without one, checks the whole chain and replays the whole log. Either way the
        state is ``replay(events)``, and the time a resume takes does not grow with the
        session. (The events before the snapshot are checked by ``omaha-tui check``,
        ``ledger`` and ``export``; a log rewritten behind the snapshot is caught here
        too, because the snapshot's chain position no longer matches,
        :meth:`.RecordChecks.snapshot`.) With ``until_damage``, the table as it stood
        just before the first damaged event.

        Raises:
            JournalError: the chain is broken (unless ``until_damage``), the file cannot
                be read, or the log holds an event the rules refuse; the message names
                the event.
        """
        checks = self._checks
        if until_damage:
            upto = checks.readable_until(session_id, until_damage=True)
            history, after, _ = checks.snapshot(session_id, upto, strict=False)
        else:
            history, after, at = checks.snapshot(session_id, self._log.last_seq(session_id))
            if history is None or at is None:
                upto = checks.readable_until(session_id)
            else:
                with self._db.guard("checking the events"):
                    found = chain.check(self._db.conn, session_id, after, at)
                if found.bad is not None:
                    raise JournalError(broken_chain(self.path, session_id, found))
                upto = found.good
        records = self._log.records(session_id, after, upto) if history is not None else []
        if history is not None:
            try:
                history = hist.replay((r.event for r in records), history)
            except ValueError:
                history = None  # a stale snapshot: replay the whole log instead
        if history is None:
            if after:  # the snapshot's shortcut failed: the whole chain must hold
                upto = checks.readable_until(session_id, until_damage=until_damage)
            records = self._log.records(session_id, 0, upto)
            history = self._replay_all(session_id, records)
        return history

    def _replay_all(self, session_id: int, records: list[EventRecord]) -> History:
        try:
            return hist.replay(r.event for r in records)
        except (ValueError, AssertionError):
            pass
        try:  # a log whose undo reaches past the checkpoints kept: the table, no undo
            return History(replay(r.event for r in records))
        except (ValueError, AssertionError):
            pass
        history = History()  # find and name the event the rules refuse
        for r in records:
            try:
                history = hist.apply(history, r.event)
            except (ValueError, AssertionError) as e:
                raise JournalError(
                    f"{self.path}: session {session_id} event {r.seq} ({r.event.type}) is "
                    f"refused by the rules ({e}); the journal was changed outside omaha-tui. "
                    "Its events up to there can be exported as JSON"
                ) from None
        return history  # pragma: no cover - one of the replays above refused


__all__ = ["TableLoader"]
