"""The redo list of a resumed session, rebuilt from the tail of its log.

Live, the session keeps the events that undo took back (``follow_redo``): an undo pushes
the event it retracts, the same event recorded again pops it (a redo), anything else
clears the list. After a crash the list is rebuilt by replaying that bookkeeping over the
stored log, reading each event's type only and comparing stored texts where an event
follows an undo (equal events are stored as equal texts).

Only the log's tail is read, so a resume takes the same time at 10 or 10,000 hands. The
tail starts at a point ``s`` chosen so that the bookkeeping from ``s`` on is exact:

- before ``s`` come at least ``UNDO_HANDS + 3`` hand starts with no undo among them. Undo
  reaches back ``UNDO_HANDS`` hands, so the list never holds more than ``UNDO_HANDS + 2``
  hand starts; one of those hand starts was therefore new, which cleared the list, and
  no undo followed before ``s``: the list is empty at ``s``;
- no undo after ``s`` takes back an event from before ``s``; the bookkeeping sees that
  (an undo with nothing after ``s`` left to take) and moves ``s`` further back.

At the log's start the list is empty as well, so the search always ends.
"""

from __future__ import annotations

from collections.abc import Iterator

from omaha_tui.engine.events import Event
from omaha_tui.store.journal import Journal
from omaha_tui.store.snapshot import UNDO_HANDS

QUIET_HANDS = UNDO_HANDS + 3


def resumed_redo(journal: Journal, session_id: int) -> list[Event]:
    """The redo list exactly as it stood when the session's last event was recorded."""
    for start in _quiet_points(journal, session_id):
        undone = _undone(journal, session_id, start)
        if undone is not None:
            return [journal.event_at(session_id, seq) for seq in undone]
    return []  # not reached: the log's start is always a quiet point


def _quiet_points(journal: Journal, session_id: int) -> Iterator[int]:
    """Points where the redo list is known empty, from the end backward (0 last)."""
    hands = 0
    stretch_end: int | None = None  # the last event before the undo that ends a stretch
    for seq, kind in journal.outline_back(session_id):
        if stretch_end is None:
            stretch_end = seq
        if kind == "undo":
            hands, stretch_end = 0, seq - 1
            continue
        if kind == "hand_started":
            hands += 1
            if hands == QUIET_HANDS:
                yield stretch_end
    yield 0


def _undone(journal: Journal, session_id: int, start: int) -> list[int] | None:
    """The redo list's sequence numbers replaying the bookkeeping after ``start``, or
    ``None`` when an undo there reaches back before ``start`` (start further back)."""
    effective: list[int] = []
    stack: list[int] = []
    for seq, kind in journal.outline(session_id, after=start):
        if kind == "undo":
            if not effective:
                if start == 0:
                    continue  # nothing to undo at the log's start: the engine refused it
                return None
            stack.append(effective.pop())
            continue
        if stack:
            if journal.payload(session_id, seq) == journal.payload(session_id, stack[-1]):
                stack.pop()
            else:
                stack.clear()
        effective.append(seq)
    return stack
