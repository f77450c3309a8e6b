"""Reading a journal: session summaries, event logs, the table state they lead to.

Kept apart from the writing half (:mod:`.journal`) so that each stays small. Every
method here works on a read-only journal too, including one another process is
writing: each query is its own read transaction and sees every event committed before
it (``records(sid, after=n)`` is the follower's cheap "what is new").
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

from pydantic import ConfigDict, TypeAdapter, ValidationError

from omaha_tui.engine.events import EVENT_ADAPTER, Event
from omaha_tui.engine.events import SCHEMA_VERSION as EVENT_VERSION
from omaha_tui.engine.reducer import history as hist
from omaha_tui.engine.reducer.history import History
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.engine.state import TableState

from . import chain
from .journal_checks import JournalChecks, broken_chain
from .records import EventRecord, JournalError, SessionInfo, session_info
from .schema import upgrade_payload

_EVENTS = TypeAdapter(list[Event], config=ConfigDict(defer_build=True))  # built on first read

# Sessions whose stored hand count may be the old one: before the journal counted the
# hands played, it counted every hand start, and only an undone or misdealt hand start
# makes the two differ. Per such session: its hand starts.
_OLD_COUNTS = (
    "SELECT session_id, sum(type = 'hand_started') FROM events {where}GROUP BY session_id "
    "HAVING max(type IN ('undo', 'misdeal')) = 1"
)


OUTLINE_PAGE = 512  # rows read at a time from the log's end


def one_line(error: Exception) -> str:
    """An error in one short line: the first problem pydantic found, or the message.

    >>> one_line(ValueError("bad\\nthing"))
    'bad thing'
    """
    if isinstance(error, ValidationError) and error.errors():
        first = error.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "event"
        return f"{where}: {first.get('msg', 'invalid')}"[:200]
    return " ".join(str(error).split())[:200]


def played_from_types(types: Iterable[str]) -> int:
    """Hands played, from the log's event types alone: the hand starts of the effective
    log (each ``undo`` retracts the last event left) less its misdeals (R3.5: a
    misdealt hand is dealt again, and only once is it played). Equal to
    :func:`played_hands` of the log's state, without decoding or replaying an event.

    >>> played_from_types(["hand_started", "misdeal", "hand_started", "folded"])
    1
    >>> played_from_types(["hand_started", "folded", "hand_started", "undo"])
    1
    """
    effective: list[str] = []
    for kind in types:
        if kind != "undo":
            effective.append(kind)
        elif effective:
            effective.pop()
    return effective.count("hand_started") - effective.count("misdeal")


def played_hands(state: TableState) -> int:
    """Hands played at a table so far: finished ones and the one in play, if any
    (an undone or misdealt hand is not one).

    >>> played_hands(TableState())
    0
    """
    running = state.hand is not None and not state.hand.complete
    return state.hands_played + int(running)


class JournalReading(JournalChecks):
    """The reading half of :class:`~.journal.Journal` (which is what callers open)."""

    # ------------------------------------------------------------------ reading

    def session(self, session_id: int) -> SessionInfo:
        """One session's summary.

        Raises:
            JournalError: no such session (the message says how to list them).
        """
        return self._counted([self.stored_session(session_id)], session_id)[0]

    def sessions(self) -> list[SessionInfo]:
        """Every session, oldest first."""
        with self._guard("reading the session list"):
            rows = self._conn.execute(
                "SELECT id, title, created, updated, event_count, hands, finished "
                "FROM sessions ORDER BY id"
            ).fetchall()
        return self._counted([session_info(r) for r in rows])

    def _counted(self, infos: list[SessionInfo], only: int | None = None) -> list[SessionInfo]:
        """``infos`` with the hands played, for sessions recorded before the journal kept
        that count (it counted undone and misdealt hand starts too).

        Such a count is recomputed from the session's event types (no event is decoded
        or replayed) and shown, never written: a read-only journal stays as it is, and
        the next event appended stores the right count.
        """
        where, args = ("WHERE session_id = ? ", (only,)) if only is not None else ("", ())
        with self._guard("reading the session list"):
            starts = dict(self._conn.execute(_OLD_COUNTS.format(where=where), args).fetchall())
            out = []
            for info in infos:
                if starts.get(info.id) == info.hands:
                    rows = self._conn.execute(
                        "SELECT type FROM events WHERE session_id = ? ORDER BY seq", (info.id,)
                    )
                    info = replace(info, hands=played_from_types(t for (t,) in rows))
                out.append(info)
        return out

    def last_unfinished(self) -> SessionInfo | None:
        """The most recently updated session without a ``SessionEnded``, if any."""
        with self._guard("reading the session list"):
            row = self._conn.execute(
                "SELECT id FROM sessions WHERE finished = 0 AND event_count > 0 "
                "ORDER BY updated DESC, id DESC LIMIT 1"
            ).fetchone()
        return None if row is None else self.session(int(row[0]))

    def meta(self, session_id: int) -> dict[str, Any]:
        """A session's metadata (``{}`` when none was set).

        Raises:
            JournalError: the stored details are not a JSON object (the file was
                changed outside omaha-tui); the message says so in one line.
        """
        self.stored_session(session_id)
        with self._guard("reading session details"):
            row = self._conn.execute(
                "SELECT meta FROM sessions WHERE id = ?", (session_id,)
            ).fetchone()
        try:
            value = json.loads(row[0])
        except (TypeError, ValueError):
            value = None
        if not isinstance(value, dict):
            from .settings import UnreadableSettings, recovery

            raise UnreadableSettings(
                f"{self.path}: the settings of session {session_id} are not readable (not "
                f"a JSON object); the file was changed outside omaha-tui: {recovery(session_id)}"
            )
        return value

    def imported_as(self, digest: str) -> list[int]:
        """The sessions imported from a file whose bytes have this SHA-256, oldest first."""
        with self._guard("reading the session list"):
            rows = self._conn.execute(
                "SELECT session_id FROM imports WHERE sha256 = ? ORDER BY session_id", (digest,)
            ).fetchall()
        return [int(r[0]) for r in rows]

    # ------------------------------------------------------------------ events

    def records(
        self, session_id: int, after: int = 0, upto: int | None = None
    ) -> list[EventRecord]:
        """The session's events (those after sequence number ``after``, up to ``upto``
        when given) with their sequence numbers and times, in order."""
        self.stored_session(session_id)
        with self._guard("reading events"):
            rows = self._conn.execute(
                "SELECT seq, created, v, payload FROM events WHERE session_id = ? AND seq > ? "
                "AND seq <= ? ORDER BY seq",
                (session_id, after, 2**63 - 1 if upto is None else upto),
            ).fetchall()
        for expected, (seq, created, v, payload) in enumerate(rows, start=after + 1):
            if seq != expected:
                raise JournalError(
                    f"{self.path}: session {session_id} lacks event {expected}; the file was "
                    "altered outside omaha-tui. Move it aside and start a new journal"
                )
            if not (isinstance(payload, str) and isinstance(created, str) and type(v) is int):
                raise JournalError(
                    f"{self.path}: session {session_id} event {seq} is damaged (an empty or "
                    "wrong-typed field); the file was changed outside omaha-tui. `omaha-tui "
                    f"check {session_id}` reports it"
                )
        events: list[Event] | None = None
        if all(v == EVENT_VERSION for _, _, v, _ in rows):
            try:  # one pass over the whole log: much faster than event by event
                events = _EVENTS.validate_json("[" + ",".join(p for *_, p in rows) + "]")
            except ValidationError:
                events = None  # find and name the bad one below
            if events is not None and any(e.v != EVENT_VERSION for e in events):
                events = None
        if events is None:
            events = [self._decode(session_id, seq, p) for seq, _, _, p in rows]
        return [
            EventRecord(seq, created, event)
            for (seq, created, _, _), event in zip(rows, events, strict=True)
        ]

    def outline(self, session_id: int, after: int = 0) -> list[tuple[int, str]]:
        """Each event's sequence number and type after event ``after``, without reading
        payloads: what a resume needs to rebuild redo from the log's tail."""
        with self._guard("reading events"):
            rows = self._conn.execute(
                "SELECT seq, type FROM events WHERE session_id = ? AND seq > ? ORDER BY seq",
                (session_id, after),
            ).fetchall()
        return [(int(q), str(t)) for q, t in rows]

    def outline_back(self, session_id: int) -> Iterator[tuple[int, str]]:
        """The outline from the last event backward, read a page at a time, so a reader
        that needs only the tail stops early whatever the session's length."""
        below, page = 2**63 - 1, OUTLINE_PAGE
        while True:
            with self._guard("reading events"):
                rows = self._conn.execute(
                    "SELECT seq, type FROM events WHERE session_id = ? AND seq < ? "
                    "ORDER BY seq DESC LIMIT ?",
                    (session_id, below, page),
                ).fetchall()
            yield from ((int(q), str(t)) for q, t in rows)
            if len(rows) < page:
                return
            below = int(rows[-1][0])

    def payload(self, session_id: int, seq: int) -> str:
        """One event's stored JSON text (equal events have equal texts)."""
        with self._guard("reading events"):
            row = self._conn.execute(
                "SELECT payload FROM events WHERE session_id = ? AND seq = ?", (session_id, seq)
            ).fetchone()
        return str(row[0]) if row is not None else ""

    def chain_hash(self, session_id: int, seq: int) -> bytes | None:
        """One event's chain hash (:mod:`.chain`: it covers the event, its time and every
        event before it), or ``None`` when the log has no such event: a reader's cheap
        way to tell whether the log it read is still the one in the file."""
        with self._guard("reading events"):
            row = self._conn.execute(
                "SELECT hash FROM events WHERE session_id = ? AND seq = ?", (session_id, seq)
            ).fetchone()
        return row[0] if row is not None and isinstance(row[0], bytes) else None

    def event_at(self, session_id: int, seq: int) -> Event:
        """One event, decoded."""
        (record,) = self.records(session_id, seq - 1, seq)
        return record.event

    def last_seq(self, session_id: int) -> int:
        """The sequence number of the session's last event (0 when none): one index
        lookup, so a read-only follower can poll it cheaply before :meth:`records`."""
        self.stored_session(session_id)
        with self._guard("reading events"):
            row = self._conn.execute(
                "SELECT max(seq) FROM events WHERE session_id = ?", (session_id,)
            ).fetchone()
        return int(row[0] or 0)

    def _decode(self, session_id: int, seq: int, payload: str) -> Event:
        try:
            data = upgrade_payload(json.loads(payload))
            return EVENT_ADAPTER.validate_python(data)
        except (ValueError, ValidationError, RecursionError) as e:
            raise JournalError(
                f"{self.path}: session {session_id} event {seq} cannot be read "
                f"({one_line(e)}). "
                "If it comes from a newer omaha-tui, upgrade; otherwise move the file aside "
                "and start a new journal"
            ) from None

    def events(self, session_id: int) -> list[Event]:
        """The session's events, in the order they were recorded."""
        return [r.event for r in self.records(session_id)]

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
        too, because the snapshot's chain position no longer matches, :meth:`_snapshot`.)
        With ``until_damage``, the table as it stood just before the first damaged event.

        Raises:
            JournalError: the chain is broken (unless ``until_damage``), the file cannot
                be read, or the log holds an event the rules refuse; the message names
                the event.
        """
        if until_damage:
            upto = self.readable_until(session_id, until_damage=True)
            history, after, _ = self._snapshot(session_id, upto, strict=False)
        else:
            history, after, at = self._snapshot(session_id, self.last_seq(session_id))
            if history is None or at is None:
                upto = self.readable_until(session_id)
            else:
                with self._guard("checking the events"):
                    found = chain.check(self._conn, session_id, after, at)
                if found.bad is not None:
                    raise JournalError(broken_chain(self.path, session_id, found))
                upto = found.good
        records = self.records(session_id, after, upto) if history is not None else []
        if history is not None:
            try:
                history = hist.replay((r.event for r in records), history)
            except ValueError:
                history = None  # a stale snapshot: replay the whole log instead
        if history is None:
            if after:  # the snapshot's shortcut failed: the whole chain must hold
                upto = self.readable_until(session_id, until_damage=until_damage)
            records = self.records(session_id, 0, upto)
            history = self._replay_all(session_id, records)
        return history
