"""One writer per session: an exclusive ``flock`` on a small file beside the journal.

The lock is keyed by the journal file's identity (device and inode, in the lock file's
name, in a folder beside the real file), never by the path it was opened by: a
symbolic link or a second name leads to the same lock.

SQLite already keeps the file itself consistent between processes; this lock keeps two
app windows from interleaving their hands in the *same session*. The kernel drops a
``flock`` when its process dies (even by SIGKILL), so a crash never leaves a stale lock.
The lock file holds the owner's pid only to make the message helpful, and is removed on
release (an import of thousands of sessions leaves no thousands of files). Removal is
safe because a taker checks, after locking, that the file it locked is still the one at
the path; if not, it tries again. ``flock`` is what the platforms the package names
(its classifiers: Linux and macOS) have; a system without ``fcntl`` (Windows, which the
package does not claim) is refused a writable session rather than given none.
This module does not touch the database.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import IO

from .records import JournalError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock
    fcntl = None  # type: ignore[assignment]


class SessionBusy(RuntimeError):
    """Another process is writing this session; it can be opened read-only."""


def lock_dir(db_path: Path) -> Path:
    """The folder of lock files for ``db_path``: ``<db>.locks`` beside the real file
    (symbolic links followed).

    >>> lock_dir(Path("/x/j.sqlite3")).name
    'j.sqlite3.locks'
    """
    real = Path(os.path.realpath(db_path))
    return real.with_name(real.name + ".locks")


def lock_name(db_path: Path, session_id: int) -> str:
    """The lock file's name: the session and the journal file's identity (device and
    inode), so that no second name of one file ever takes a second lock.

    >>> lock_name(Path("/nonexistent/j.sqlite3"), 3)
    'session-3.lock'
    """
    try:
        st = os.stat(db_path)
    except OSError:
        return f"session-{session_id}.lock"
    return f"session-{session_id}-{st.st_dev}-{st.st_ino}.lock"


def holder(db_path: Path, session_id: int) -> int | None:
    """The process writing ``session_id`` of ``db_path`` now, or ``None`` (nobody).

    Read-only: the lock file's pid, and whether that process is alive. A reader (the
    players' display) asks this to tell the table apart from a dealer's app that was
    closed or killed; it takes no lock, so it can never keep the dealer out. A process
    killed with SIGKILL leaves its file (the kernel dropped its ``flock``) with a pid
    that is no longer running.

    >>> holder(Path("/nonexistent/j.sqlite3"), 1) is None
    True
    """
    try:
        text = (lock_dir(db_path) / lock_name(db_path, session_id)).read_text()
        pid = int(text.strip())
    except (OSError, ValueError):  # no file (released), or not written yet
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:  # alive, another user's
        return pid
    except OSError:
        return None
    return pid


class SessionLock:
    """An exclusive, non-blocking lock on one session of one journal file."""

    def __init__(self, db_path: Path, session_id: int) -> None:
        self.path = lock_dir(db_path) / lock_name(db_path, session_id)
        self.session_id = session_id
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        """Take the lock or raise :class:`SessionBusy` naming the holder.

        Raises:
            SessionBusy: another process holds it.
            JournalError: the lock folder cannot be made or written.
        """
        if self._file is not None:
            return
        if fcntl is None:  # pragma: no cover - no flock: never two writers unknowingly
            raise JournalError(
                "this system has no file locks (fcntl.flock): omaha-tui records a table on "
                "Linux and macOS; read the journal here with ledger, export or display"
            )
        while self._file is None:
            f = self._open()
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                f.seek(0)
                holder = f.read().strip() or "unknown"
                f.close()
                raise SessionBusy(
                    f"session {self.session_id} is open elsewhere (omaha-tui process "
                    f"{holder}): close it there first; meanwhile `omaha-tui ledger "
                    f"{self.session_id}` and `export` can read it"
                ) from None
            if self._still_at_path(f):
                self._file = f
            else:  # released and removed between our open and our lock: start again
                f.close()
        self._file.seek(0)
        self._file.truncate()
        self._file.write(str(os.getpid()))
        self._file.flush()

    def _open(self) -> IO[str]:
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return self.path.open("a+", encoding="utf-8")
        except FileExistsError:
            raise JournalError(
                f"{folder} is in the way: omaha-tui keeps its session locks in a folder of "
                "that name, and it is a file. Move it aside and try again"
            ) from None
        except OSError as e:
            raise JournalError(
                f"{folder}: cannot write the session lock there ({e.strerror}); check the "
                "folder's permissions, or pass --db"
            ) from None

    def _still_at_path(self, f: IO[str]) -> bool:
        try:
            now = os.stat(self.path)
        except FileNotFoundError:
            return False
        mine = os.fstat(f.fileno())
        return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)

    def release(self) -> None:
        """Drop the lock and remove its file (closing the file releases the flock)."""
        if self._file is not None:
            # Already gone, or the folder is read-only now: the flock goes either way.
            with contextlib.suppress(OSError):
                self.path.unlink()
            self._file.close()
            self._file = None
