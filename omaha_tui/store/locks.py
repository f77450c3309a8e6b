"""One writer per session: an exclusive ``flock`` on a small file beside the journal.

SQLite already keeps the file itself consistent between processes; this lock keeps two
app windows from interleaving their hands in the *same session*. The kernel drops a
``flock`` when its process dies (even by SIGKILL), so a crash never leaves a stale lock.
The lock file holds the owner's pid only to make the message helpful. POSIX only
(``fcntl``); elsewhere the lock is a no-op. This module does not touch the database.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock
    fcntl = None  # type: ignore[assignment]


class SessionBusy(RuntimeError):
    """Another process is writing this session; it can be opened read-only."""


def lock_dir(db_path: Path) -> Path:
    """The folder of lock files for ``db_path``: ``<db>.locks``."""
    return db_path.with_name(db_path.name + ".locks")


class SessionLock:
    """An exclusive, non-blocking lock on one session of one journal file."""

    def __init__(self, db_path: Path, session_id: int) -> None:
        self.path = lock_dir(db_path) / f"session-{session_id}.lock"
        self.session_id = session_id
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        """Take the lock or raise :class:`SessionBusy` naming the holder."""
        if self._file is not None or fcntl is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        f = self.path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.seek(0)
            holder = f.read().strip() or "unknown"
            f.close()
            raise SessionBusy(
                f"session {self.session_id} is open elsewhere (omaha-tui process {holder}): "
                "close it there first, or open this session read-only"
            ) from None
        f.seek(0)
        f.truncate()
        f.write(str(os.getpid()))
        f.flush()
        self._file = f

    def release(self) -> None:
        """Drop the lock (closing the file releases the flock)."""
        if self._file is not None:
            self._file.close()
            self._file = None
