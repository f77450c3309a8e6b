"""Opening a journal file safely, and naming exactly what is wrong when it cannot be used.

A dealer who reads "damaged, move it aside" abandons the journal, so the message must be
right: a file another program owns (*foreign*), a file SQLite cannot read (*damaged*), a
file we may not write (*read-only*), a full disk, a file another program keeps busy
(*locked*) and a journal from a newer omaha-tui each get their own words and their own
advice. Read-only opening uses SQLite's ``mode=ro`` URI, so it never creates, migrates
or switches anything, and works on a file another process is writing (WAL readers take
no write lock). A writable opening of a file that is not ours refuses before it writes
a byte; the files beside it are checked first (:mod:`.sidecars`). This module holds no
journal logic: the :class:`~.journal.Journal` calls it.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path
from urllib.parse import quote

from .records import JournalError
from .schema import SCHEMA_VERSION
from .sidecars import check_names, check_shm, check_wal, real_path

# The tables every omaha-tui journal has from version 1 on.
OUR_TABLES = frozenset({"sessions", "events"})


def connect(db: Path, *, read_only: bool) -> sqlite3.Connection:
    """A connection to ``db``: ``mode=ro`` when ``read_only``, else read-write-create.

    Raises:
        JournalError: the path is missing (read-only), not a regular file, or cannot be
            opened; the message says which.
    """
    kind = _kind(db)
    if kind == "missing" and read_only:
        raise JournalError(f"{db}: no journal here yet; play a session first or pass --db")
    if kind not in ("missing", "file"):
        raise JournalError(
            f"{db} is {kind}, not a journal file: pass --db with a file name "
            "(a new name starts a new journal)"
        )
    writable = os.access(db, os.W_OK) and os.access(db.parent, os.W_OK)
    if kind == "file":
        _check_header(db)
    if not read_only and kind == "file" and not writable:
        raise read_only_error(db)
    real = real_path(db)  # a symbolic link is followed: one file, one log, one lock
    if kind == "file":
        check_names(db)
        if not read_only:
            check_shm(real)
        check_wal(real)
    if read_only:
        uri = f"file:{quote(str(real))}?mode=ro"
        try:
            return sqlite3.connect(uri, uri=True, isolation_level=None, timeout=10.0)
        except sqlite3.Error as e:
            raise explain(db, "opening", e) from None
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise JournalError(f"{db}: cannot create its folder ({e.strerror}); pass --db") from None
    try:
        return sqlite3.connect(real, isolation_level=None, timeout=10.0)
    except sqlite3.Error as e:
        raise explain(db, "opening", e) from None


SQLITE_MAGIC = b"SQLite format 3\x00"


def _check_header(db: Path) -> None:
    """Refuse a non-empty file that is not SQLite at all (someone's notes, a photo).

    Every SQLite file, a damaged journal included, starts with :data:`SQLITE_MAGIC`;
    a file that does not is another program's and is left alone.
    """
    try:
        with db.open("rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except OSError as e:
        raise JournalError(f"{db}: cannot read it ({e.strerror}); pass --db") from None
    if head and head != SQLITE_MAGIC:
        raise JournalError(
            f"{db} is not an SQLite database, so not an omaha-tui journal; it was left "
            "unchanged. Pass --db with an omaha-tui journal, or a new file name"
        )


def _kind(db: Path) -> str:
    """``file``, ``missing``, or what else the path is, in words."""
    try:
        mode = db.stat().st_mode
    except FileNotFoundError:
        return "missing"
    except OSError as e:
        raise JournalError(f"{db}: cannot look at it ({e.strerror}); pass --db") from None
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a device or special file"


def check_ours(conn: sqlite3.Connection, db: Path, *, read_only: bool) -> int:
    """The journal version of an open file, after making sure it is an omaha-tui journal.

    An empty file is a new journal (version 0) when opened for writing. A file with our
    version and some of our tables but not all is a damaged journal; anything else
    without our tables is another program's database. Both are refused untouched.

    Raises:
        JournalError: foreign, damaged (a table gone), empty (read-only) or newer-version
            file.
    """
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not names and version == 0:
        if read_only:
            raise JournalError(f"{db} is empty: no session has been recorded in it yet")
        return 0
    missing = OUR_TABLES - names
    if missing and version > 0 and names & OUR_TABLES:  # ours, with a table gone
        raise JournalError(
            f"{db} is an omaha-tui journal without its {' and '.join(sorted(missing))} "
            f"table: the file is damaged; it was left unchanged. Move it aside (e.g. rename "
            f"it to {db.name}.broken) and start a new journal, or choose another file with --db"
        )
    if missing or version == 0:
        raise JournalError(
            f"{db} is a database of another program, not an omaha-tui journal; it was left "
            "unchanged. Pass --db with an omaha-tui journal, or a new file name"
        )
    if version > SCHEMA_VERSION:
        raise JournalError(
            f"{db} was written by a newer omaha-tui (journal version {version}, "
            f"this one reads up to {SCHEMA_VERSION}): upgrade omaha-tui, or pass --db "
            "to use another file"
        )
    return version


def read_only_error(db: Path) -> JournalError:
    return JournalError(
        f"{db} is read-only (no permission to write it or its folder): `sessions`, "
        "`ledger` and `export` can still read it; to play, make it writable or pass --db"
    )


def explain(db: Path, doing: str, e: sqlite3.Error) -> JournalError:
    """The dealer's version of an SQLite error: which case it is and what to do.

    >>> e = sqlite3.OperationalError("database or disk is full")
    >>> e.sqlite_errorname = "SQLITE_FULL"
    >>> print(explain(Path("j.sqlite3"), "recording an event", e))  # doctest: +ELLIPSIS
    j.sqlite3: recording an event failed because the disk is full; ...
    """
    name = str(getattr(e, "sqlite_errorname", "") or "")
    text = " ".join(str(e).replace("*** in database main ***", "").split())  # one line
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        return JournalError(
            f"{db}: {doing} failed because the disk is full; free some space and try "
            "again (everything recorded before is safe)"
        )
    if name.startswith("SQLITE_READONLY") or "readonly" in text:
        return read_only_error(db)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text or "busy" in text:
        return JournalError(
            f"{db}: {doing} timed out because another program keeps the file busy; "
            "try again, or close the other omaha-tui"
        )
    if name.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
        return JournalError(
            f"{db}: cannot open it ({text}); check the path and its folder's permissions, "
            "or pass --db"
        )
    if name.startswith("SQLITE_IOERR") or "disk I/O" in text:
        return JournalError(
            f"{db}: {doing} failed: the disk reported an error ({text}); check the disk, "
            "then try again"
        )
    return JournalError(
        f"{db}: {doing} failed ({text}); the file is damaged. Move it aside (e.g. rename "
        f"it to {db.name}.broken) and start a new journal, or choose another file with --db"
    )
