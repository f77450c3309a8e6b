"""Tamper evidence: every stored event carries a SHA-256 hash chained to the one before.

An event's hash is ``sha256(previous hash + its stored bytes)``, where the stored bytes
are its sequence number, type, payload version, time and payload exactly as the row
holds them (:data:`ROW_BYTES` builds them in SQL, :func:`row_bytes` in Python; the two
agree byte for byte). The first event of a session chains to :func:`genesis`, which
names the session, so rows moved from one session to another break the chain too. A
snapshot stores the hash of the event it follows (its chain position) and a digest of
that hash and its own text, so a snapshot edited, or taken from another place in the
log, is never used.

Checking a session re-hashes its rows in order and compares each stored hash; the
first row that disagrees (or lacks a hash, or is missing) is the break. This module
computes and checks; it does not decide what to do about a break (the journal does).
"""

from __future__ import annotations

import hashlib
import sqlite3

from omaha_tui.engine.records import frozen

HASH_SIZE = 32

# One row's stored bytes, built by SQLite itself: reading them costs no Python work per
# column. ``char(31)`` (unit separator) keeps the fields apart.
ROW_BYTES = (
    "CAST(seq || char(31) || type || char(31) || v || char(31) || created || char(31) "
    "|| payload AS BLOB)"
)


def genesis(session_id: int) -> bytes:
    """The hash the first event of a session chains to.

    >>> genesis(1) != genesis(2)
    True
    """
    return hashlib.sha256(b"omaha-tui session %d" % session_id).digest()


def row_bytes(seq: int, kind: str, v: int, created: str, payload: str) -> bytes:
    """The bytes :data:`ROW_BYTES` gives for a row holding these values.

    >>> row_bytes(1, "undo", 1, "t", "{}")
    b'1\\x1fundo\\x1f1\\x1ft\\x1f{}'
    """
    return f"{seq}\x1f{kind}\x1f{v}\x1f{created}\x1f{payload}".encode()


def link(previous: bytes, data: bytes) -> bytes:
    """The hash of a row whose stored bytes are ``data``, after ``previous``."""
    return hashlib.sha256(previous + data).digest()


def snapshot_digest(chain: bytes, state: str) -> bytes:
    """A snapshot's digest: its chain position's hash and its own text, together."""
    return hashlib.sha256(chain + state.encode()).digest()


@frozen
class ChainCheck:
    """What checking a session's chain found.

    ``good`` events in a row are intact (sequence numbers 1 to ``good``); ``bad`` is the
    first that is not (``None`` when every event is) and ``why`` says what is wrong
    with it. ``head`` is the hash of the last good event.
    """

    good: int
    head: bytes
    bad: int | None = None
    why: str = ""

    @property
    def intact(self) -> bool:
        return self.bad is None


def check(
    conn: sqlite3.Connection, session_id: int, after: int = 0, head: bytes | None = None
) -> ChainCheck:
    """Re-hash a session's events in order and compare each with its stored hash.

    ``after`` and ``head``: start past event ``after`` whose hash ``head`` is already
    known good (a snapshot's chain position, itself compared with the stored row), so a
    resume checks what it reads — the events after its snapshot — in time that does not
    grow with the session; ``omaha-tui check``, ``ledger`` and ``export`` check it all.
    """
    rows = conn.execute(
        f"SELECT seq, hash, {ROW_BYTES} FROM events WHERE session_id = ? AND seq > ? ORDER BY seq",
        (session_id, after),
    )
    sha = hashlib.sha256
    if head is None:
        head, after = genesis(session_id), 0
    good = after
    for seq, stored, data in rows:
        if seq != good + 1:
            return ChainCheck(good, head, good + 1, "is missing")
        if data is None:
            return ChainCheck(good, head, seq, "has an empty field")
        h = sha(head + data).digest()
        if h != stored:
            why = "has no chain hash" if stored is None else "does not match its chain hash"
            return ChainCheck(good, head, seq, why)
        head = h
        good = seq
    return ChainCheck(good, head)


def fill(conn: sqlite3.Connection) -> None:
    """Compute the chain of every stored event and snapshot (the migration to the
    chained journal: the rows are taken as they are on the first writable opening)."""
    sessions = [sid for (sid,) in conn.execute("SELECT id FROM sessions ORDER BY id")]
    for sid in sessions:
        head = genesis(sid)
        hashes: list[tuple[bytes, int, int]] = []
        by_seq: dict[int, bytes] = {}
        for seq, data in conn.execute(
            f"SELECT seq, {ROW_BYTES} FROM events WHERE session_id = ? ORDER BY seq", (sid,)
        ).fetchall():
            head = link(head, data if data is not None else b"")
            hashes.append((head, sid, seq))
            by_seq[seq] = head
        conn.executemany("UPDATE events SET hash = ? WHERE session_id = ? AND seq = ?", hashes)
        for seq, state in conn.execute(
            "SELECT seq, state FROM snapshots WHERE session_id = ?", (sid,)
        ).fetchall():
            chain = by_seq.get(seq)
            if chain is None:
                conn.execute("DELETE FROM snapshots WHERE session_id = ? AND seq = ?", (sid, seq))
                continue
            conn.execute(
                "UPDATE snapshots SET chain = ?, digest = ? WHERE session_id = ? AND seq = ?",
                (chain, snapshot_digest(chain, str(state)), sid, seq),
            )
