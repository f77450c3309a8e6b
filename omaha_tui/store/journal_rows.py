"""What one durable write puts in the journal: the events' rows with their chain hashes,
the session's summary, the snapshots, and whether the batch ends a hand.

The :class:`~omaha_tui.store.journal.Journal` opens the transaction and commits it; these
functions write inside it and never commit.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from omaha_tui.engine.events import Event, Folded, event_to_json
from omaha_tui.engine.state import TableState

from . import roster
from .chain import link, row_bytes, snapshot_digest
from .records import utc_now
from .session_rows import played_hands
from .snapshot import KEEP_SNAPSHOTS

# Events that end a hand: the write-ahead log is copied into the main file after them.
HAND_ENDS = frozenset({"pots_awarded", "misdeal", "session_ended"})


def ends_a_hand(batch: Sequence[Event], state: TableState | None) -> bool:
    """Whether a batch ends a hand: an award, a misdeal, the session's end, or (R4.2)
    the fold that leaves one player, who wins without an award event."""
    if any(e.type in HAND_ENDS for e in batch):
        return True
    hand = state.hand if state is not None else None
    return hand is not None and hand.complete and any(type(e) is Folded for e in batch)


def insert_events(
    conn: sqlite3.Connection,
    session_id: int,
    seq: int,
    head: bytes,
    events: list[Event],
    state: TableState | None,
    times: Sequence[str] | None = None,
) -> list[bytes]:
    """Store events after ``seq`` (whose chain hash is ``head``) and update the
    session's summary (in a transaction); returns the new events' chain hashes.

    ``state`` is the table after them when known: the session then counts the hands
    actually played (an undone or misdealt hand is not one).
    """
    now = utc_now()
    rows = []
    hashes = []
    for i, e in enumerate(events, start=seq + 1):
        payload = event_to_json(e)
        at = times[i - seq - 1] if times is not None else now
        head = link(head, row_bytes(i, e.type, e.v, at, payload))
        hashes.append(head)
        rows.append((session_id, i, e.type, e.v, payload, at, head))
    conn.executemany(
        "INSERT INTO events (session_id, seq, type, v, payload, created, hash) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    ended = any(e.type == "session_ended" for e in events)
    if state is not None:
        hands = "?"
        count: int = played_hands(state)
    else:
        hands = "hands + ?"
        count = sum(1 for e in events if e.type == "hand_started")
    conn.execute(
        f"UPDATE sessions SET updated = ?, event_count = event_count + ?, hands = {hands}, "
        "finished = max(finished, ?) WHERE id = ?",
        (times[-1] if times else now, len(events), count, int(ended), session_id),
    )
    # The regulars (R12): identities for new names, the session's results between hands.
    roster.note_events(conn, session_id, seq + len(events), events, state, now)
    return hashes


def store_snapshots(
    conn: sqlite3.Connection,
    session_id: int,
    seq: int,
    snapshots: list[tuple[int, str]],
    hashes: list[bytes],
) -> None:
    """Store snapshots taken after the events ``seq + offset``, each with that
    event's chain hash and its digest (:mod:`.chain`)."""
    rows = []
    for offset, text in snapshots:
        at = hashes[offset - 1]
        rows.append((session_id, seq + offset, text, at, snapshot_digest(at, text)))
    conn.executemany(
        "INSERT OR REPLACE INTO snapshots (session_id, seq, state, chain, digest) "
        "VALUES (?, ?, ?, ?, ?)",
        rows,
    )
    conn.execute(
        "DELETE FROM snapshots WHERE session_id = ? AND seq NOT IN "
        "(SELECT seq FROM snapshots WHERE session_id = ? ORDER BY seq DESC LIMIT ?)",
        (session_id, session_id, KEEP_SNAPSHOTS),
    )
