"""The files beside a journal, and the ways they can make it lie.

SQLite keeps a write-ahead log (``-wal``) and its index (``-shm``) beside the journal,
named after the path it was opened by. That makes three things dangerous, and each is
refused here with one line saying what to do, before SQLite opens the file:

* a journal with more than one name (hard links): each name gets its own ``-wal``, so
  what one window records can vanish in the other;
* a ``-wal`` older than the journal beside it (left from an earlier copy): opening
  would apply it and silently take back what was recorded since;
* a ``-shm`` that cannot be written (left by a reader without write access): every
  later action would fail as if the journal were read-only.

Symbolic links are followed to the one real file (:func:`real_path`), so two names
never mean two logs or two locks. This module opens the database only to compare the
main file with its log (read-only, without writing a byte).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from .records import JournalError


def real_path(db: Path) -> Path:
    """The file a journal path names, symbolic links followed (the path itself when
    it does not exist yet)."""
    return Path(os.path.realpath(db))


def wal_path(db: Path) -> Path:
    return db.with_name(db.name + "-wal")


def shm_path(db: Path) -> Path:
    return db.with_name(db.name + "-shm")


def check_names(db: Path) -> None:
    """Refuse a journal file that has more than one name (hard links).

    Raises:
        JournalError: one line with the reason and what to do.
    """
    try:
        links = os.stat(db).st_nlink
    except OSError:
        return
    if links > 1:
        raise JournalError(
            f"{db} has {links} names (hard links): SQLite keeps a separate log beside "
            "each name, so what is recorded through one can vanish through another. Keep "
            f"one name (find the others with `find / -samefile {db}`) or copy it with "
            "`omaha-tui backup`"
        )


def check_shm(db: Path) -> None:
    """Refuse to write through a leftover ``-shm`` that cannot be written.

    Raises:
        JournalError: the ``-shm`` is read-only; the line names it and what to do.
    """
    shm = shm_path(db)
    if shm.exists() and not os.access(shm, os.W_OK):
        raise JournalError(
            f"{shm} is a stale read-only file (left by a reader that could not write): "
            f"SQLite cannot record through it. Close every omaha-tui using {db.name}, "
            "remove that file, and try again"
        )


_HEADS = (
    "SELECT s.id, coalesce(e.seq, 0), e.hash FROM sessions s LEFT JOIN events e "
    "ON e.session_id = s.id AND e.seq = (SELECT max(seq) FROM events WHERE session_id = s.id)"
)


class _Malformed(Exception):
    """The database as a log leaves it does not hold together."""


def _heads(uri: str) -> dict[int, tuple[int, bytes | None]] | None:
    """Per session of the file as ``uri`` opens it: its last event's sequence number and
    chain hash; ``None`` when it cannot be read now.

    Raises:
        _Malformed: SQLite finds the file malformed this way.
    """
    try:
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=1.0)
    except sqlite3.Error:
        return None
    try:
        rows = conn.execute(_HEADS).fetchall()
        return {int(sid): (int(seq), h if isinstance(h, bytes) else None) for sid, seq, h in rows}
    except sqlite3.DatabaseError as e:
        if "malformed" in str(e):
            raise _Malformed from None
        return None
    except sqlite3.Error:
        return None
    finally:
        conn.close()


def _hashes_at(uri: str, places: dict[int, int]) -> dict[int, bytes | None]:
    """Per session, the chain hash of its event at the given place (one connection)."""
    out: dict[int, bytes | None] = {}
    try:
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=1.0)
    except sqlite3.Error:
        return out
    try:
        for sid, seq in places.items():
            row = conn.execute(
                "SELECT hash FROM events WHERE session_id = ? AND seq = ?", (sid, seq)
            ).fetchone()
            out[sid] = row[0] if row is not None and isinstance(row[0], bytes) else None
    except sqlite3.Error:
        pass
    finally:
        conn.close()
    return out


def check_wal(db: Path) -> None:
    """Refuse a ``-wal`` that would roll the journal back (one left from an earlier copy).

    The main file alone (opened ``immutable``, which ignores the log) is compared with
    the main file as the log leaves it (opened read-only, which never checkpoints): a
    log only ever adds events, so one that leaves any session with fewer events than
    the main file holds belongs to an older copy, and one whose event at the main
    file's last position has another chain hash belongs to a copy played on apart.
    When either view cannot be read (another program is rewriting the file at that
    moment) nothing is refused here.

    Raises:
        JournalError: the log is older than the file; the line says what to do.
    """
    wal = wal_path(db)
    try:
        if wal.stat().st_size == 0:
            return
    except OSError:
        return
    base = f"file:{quote(str(db.absolute()))}"
    try:
        alone = _heads(base + "?immutable=1")
    except _Malformed:  # the main file itself: opening names that damage
        return
    if not alone:
        return
    aside = (
        f"That log belongs to an earlier copy: if {db.name} is the copy you want, move "
        f"{wal.name} (and {shm_path(db).name}) aside and open it again"
    )
    try:
        logged = _heads(base + "?mode=ro")
    except _Malformed:  # the main file alone reads well: the log is what breaks it
        raise JournalError(
            f"{wal} does not belong to {db.name}: {db.name} alone reads well, with the log "
            f"it does not, so neither was opened. {aside.replace('an earlier', 'another')}"
        ) from None
    if logged is None:
        return
    lost = sum(max(0, seq - logged.get(sid, (0, None))[0]) for sid, (seq, _) in alone.items())
    if lost:
        raise JournalError(
            f"{wal} is older than {db.name}: opening it would take back {lost} recorded "
            f"event{'s' * (lost != 1)}, so it was left unopened. {aside}"
        )
    # As many events or more, but not the same ones: a log of a copy that was played on
    # apart from this file would replace what this file recorded.
    places = {sid: seq for sid, (seq, head) in alone.items() if seq and head is not None}
    logged_hashes = _hashes_at(base + "?mode=ro", places)
    for sid in places:
        if sid in logged_hashes and logged_hashes[sid] != alone[sid][1]:
            raise JournalError(
                f"{wal} does not belong to {db.name}: opening it would replace session "
                f"{sid}'s recorded events with others, so it was left unopened. {aside}"
            )
