"""The whole record's check, run once the table is on screen.

A resume reads only what it builds the table from — the latest snapshot, whose digest
and chain position are checked, and the events after it, whose chain is checked — so it
answers in the same time at 10 or 10,000 hands (:meth:`Journal.load_state`). The rest of
the record and the file's pages still have to be checked when a session is opened (a
change made outside omaha-tui must never go unnoticed), so the front ends call
:func:`log_damage` right after the first answer: both on a thread of their own
(:class:`RecordCheck`), so no answer ever waits for it. It opens its own read-only
connection, so it may run in any thread while the session goes on writing.
"""

from __future__ import annotations

import threading
from pathlib import Path

from omaha_tui.store.journal import Journal, JournalError


def log_damage(path: Path, session_id: int) -> str | None:
    """One line naming the damage in the session's whole record, or ``None`` when it is
    whole: every page of the file (SQLite's scan, which the console and the app leave out
    of opening), every event's chain hash, and every snapshot's chain position."""
    try:
        with Journal.open(path, read_only=True) as journal:
            journal.scan()
            journal.readable_until(session_id)
    except JournalError as e:
        return f"{e} (the table shown is built from the part that checks out)"
    return None


class RecordCheck:
    """:func:`log_damage` on a thread of its own: started once the first answer is out,
    asked after each later answer whether it has finished, and waited for only when the
    front end closes, so its result is said once and never lost."""

    def __init__(self, path: Path, session_id: int) -> None:
        self._said: str | None = None
        self._thread = threading.Thread(
            target=self._run, args=(path, session_id), name="record-check", daemon=True
        )
        self._thread.start()

    def _run(self, path: Path, session_id: int) -> None:
        self._said = log_damage(path, session_id)

    def done(self) -> bool:
        """Whether the check has finished (its result is then ready)."""
        return not self._thread.is_alive()

    def result(self) -> str | None:
        """The damage line, or ``None`` when the record is whole (waits for the check)."""
        self._thread.join()
        return self._said
