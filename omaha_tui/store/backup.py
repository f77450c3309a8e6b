"""Copying a journal safely while it may be in use: SQLite's online backup.

Copying "the one SQLite file" by hand can miss what is still in its write-ahead log,
or pair the file with another copy's log; :func:`backup` instead asks SQLite for a
consistent copy of the whole journal (or of one session) as it stands, even while a
table is being played. The copy is written to a temporary file in the target folder,
checked, flushed to disk, and only then takes its name: an existing file is never
replaced unless ``force``, and never is the journal itself. A backup killed before it
finished leaves its temporary file, which the next export or backup into that folder
removes (:func:`~.files.sweep`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from .files import FileRefused, check_special, temporary_file
from .journal import Journal
from .records import JournalError


def _companions(path: Path) -> set[str]:
    """The files SQLite keeps beside a journal (its log, its shared memory, a rollback
    journal), resolved as :func:`os.path.realpath` resolves a target."""
    real = os.path.realpath(path)
    return {real + suffix for suffix in ("-wal", "-shm", "-journal")}


def backup(
    journal: Journal, target: Path, session_id: int | None = None, *, force: bool = False
) -> int:
    """Write a copy of ``journal`` (only ``session_id`` when given) to ``target``;
    returns the number of sessions copied.

    Raises:
        FileRefused: ``target`` exists (without ``force``), is the journal itself or a
            file SQLite keeps beside it (its write-ahead log), a folder or a device, or
            cannot be written; nothing at ``target`` was changed.
        JournalError: the journal cannot be read, or has no such session.
    """
    if session_id is not None:
        journal.session(session_id)  # refuses an unknown id in one line
    if target.is_dir():
        raise FileRefused(f"{target} is a folder: give the backup a file name")
    check_special(target)
    if os.path.realpath(target) == os.path.realpath(journal.path):
        raise FileRefused(f"{target} is the journal itself: back it up to another file")
    if os.path.realpath(target) in _companions(journal.path):
        # The write-ahead log holds the last actions until SQLite folds them into the
        # file: replaced by a copy, they would be lost, even with --force.
        raise FileRefused(
            f"{target} is a file SQLite keeps beside the journal: back it up to another file"
        )
    if (target.exists() or target.is_symlink()) and not force:
        raise FileRefused(f"{target} already exists: pass --force to replace it")
    try:
        fd, tmp = temporary_file(target)
    except OSError as e:
        raise FileRefused(f"{target}: cannot write there ({e.strerror or e})") from None
    os.close(fd)
    try:
        copied = _copy(journal, Path(tmp), session_id)
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        if force:
            os.replace(tmp, target)
        else:
            os.link(tmp, target)  # fails if the name appeared meanwhile
    except FileExistsError:
        raise FileRefused(f"{target} already exists: pass --force to replace it") from None
    except OSError as e:
        raise FileRefused(
            f"{target}: cannot write it ({e.strerror or e}); nothing was changed"
        ) from None
    finally:
        for leftover in (tmp, tmp + "-journal", tmp + "-wal", tmp + "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(leftover)
    return copied


SESSION_ROWS = (
    "hand_details",
    "snapshots",
    "events",
    "imports",
    "session_results",
    "tournament_results",
)
"""The tables whose rows belong to one session (``session_id``)."""


def _keep_only(dst: sqlite3.Connection, session_id: int) -> None:
    """Leave in the copy only what belongs to ``session_id``: its rows, and the regulars
    its results name (with the players they were merged into, and every spelling that
    finds them). Nobody else's name or results travels with one session's copy, so the
    record of renames and merges, which is about the whole journal, is left out too."""
    for table in SESSION_ROWS:
        dst.execute(f"DELETE FROM {table} WHERE session_id != ?", (session_id,))
    dst.execute("DELETE FROM sessions WHERE id != ?", (session_id,))
    dst.execute(
        """WITH RECURSIVE kept(id) AS (
            SELECT player_id FROM session_results
            UNION SELECT player_id FROM tournament_results
            UNION SELECT p.merged_into FROM players p JOIN kept ON p.id = kept.id
                WHERE p.merged_into IS NOT NULL
        )
        DELETE FROM players WHERE id NOT IN (SELECT id FROM kept)"""
    )
    dst.execute("DELETE FROM player_names WHERE player_id NOT IN (SELECT id FROM players)")
    dst.execute("DELETE FROM roster_log")


def _copy(journal: Journal, tmp: Path, session_id: int | None) -> int:
    dst = sqlite3.connect(tmp, isolation_level=None)
    try:
        with journal.db.guard("copying the journal"):
            journal.db.conn.backup(dst)
        try:
            # The copy is one self-contained file: no write-ahead log beside it.
            dst.execute("PRAGMA journal_mode = DELETE")
            if session_id is not None:
                dst.execute("BEGIN IMMEDIATE")
                _keep_only(dst, session_id)
                dst.execute("COMMIT")
                dst.execute("VACUUM")
            check = dst.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise JournalError(
                    f"{journal.path}: the copy failed its check ({check}); nothing was written"
                )
            return int(dst.execute("SELECT count(*) FROM sessions").fetchone()[0])
        except sqlite3.Error as e:
            raise JournalError(
                f"{tmp}: writing the copy failed ({e}); nothing was written"
            ) from None
    finally:
        dst.close()
