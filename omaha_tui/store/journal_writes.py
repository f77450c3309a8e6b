"""The journal's writes: a session created, events appended, a whole session recorded
at once, a session's settings replaced; each one durable transaction, acknowledged only
while the path still names the file the journal opened.

One part the :class:`~.journal.Journal` holds (``journal.writer``), over its database,
its sessions, its event log, its imported hands' details and the sessions this process
writes (:mod:`.session_claims`), each of which it writes through. The journal never
applies an event: it stores the states the caller computed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from omaha_tui.engine.events import Event, event_to_json
from omaha_tui.engine.reducer.history import History

from . import hand_details
from .event_log import EventLog
from .journal_db import JournalDb
from .journal_details import JournalDetails
from .journal_rows import ends_a_hand
from .records import JournalError, utc_now
from .session_claims import SessionClaims
from .session_rows import SessionRows
from .snapshot import FoldedLog
from .watch import SessionMemo


def with_hands(meta: dict[str, Any], details: list[Any]) -> dict[str, Any]:
    """``meta`` with an imported session's hands' details where an import gives them
    (``meta["phh"]["hands"]``), the inverse of :func:`.hand_details.split`.

    >>> with_hands({"schedule": None}, [{"scale": 1}])
    {'schedule': None, 'phh': {'hands': [{'scale': 1}]}}
    >>> with_hands({"schedule": None}, [])
    {'schedule': None}
    """
    if not details:
        return dict(meta)
    phh = meta.get("phh")
    return {**meta, "phh": {**(phh if isinstance(phh, dict) else {}), "hands": details}}


class SessionWriter:
    """The durable writes of one journal."""

    def __init__(
        self,
        db: JournalDb,
        sessions: SessionRows,
        log: EventLog,
        details: JournalDetails,
        claims: SessionClaims,
    ) -> None:
        self._db = db
        self._sessions = sessions
        self._log = log
        self._details = details
        self.checkpoint_later: Callable[[Callable[[], None]], None] | None = None
        """Given, it is handed the copy into the main file that follows a hand's end,
        to run it soon after (the app: once the screen shows the hand's end, so the key
        that ended it does not wait for it); None: it runs before the append returns."""
        self._claims = claims

    def claim(self, session_id: int) -> None:
        """Become the one writer of a session (done automatically by :meth:`append_many`).

        Raises:
            SessionBusy: another process is writing it.
        """
        self._db.writable()
        self._sessions.stored_session(session_id)
        self._claims.claim(session_id, lambda: self._memo(session_id))

    def _memo(self, session_id: int) -> SessionMemo:
        """The session as memory keeps it while this process writes it (:mod:`.watch`):
        its stored rows as they are, no event decoded."""
        try:  # details damaged outside omaha-tui are reported elsewhere, not kept
            meta = with_hands(
                self._sessions.meta(session_id), list(self._details.hand_details(session_id))
            )
        except JournalError:
            meta = {}
        payloads, times = self._log.stored(session_id)
        return SessionMemo(self._sessions.session(session_id).title, meta, payloads, times)

    def create_session(self, title: str, meta: dict[str, Any] | None = None) -> int:
        """Start a new, empty session and claim it; returns its id."""
        self._db.writable()
        self._claims.check_file()
        with self._db.guard("creating a session"):
            now = utc_now()
            session_id = self._sessions.insert(title, meta or {}, now, now)
        self._claims.remember(session_id, SessionMemo(title, dict(meta or {})))
        self.claim(session_id)
        return session_id

    def append_many(
        self, session_id: int, events: Iterable[Event], *, history: History | None = None
    ) -> int:
        """Record several events in one durable transaction (all or none).

        ``history``: the table after these events and its undo checkpoints, as the
        caller already computed them (``engine.decide``, then the session's history).
        The journal never applies an event: it stores this, and snapshots it when the
        batch ends with a hand start. Without it the events are stored alone (no
        snapshot; the hands are counted by their starts). Returns the sequence number of
        the last one (or the current last when empty).
        """
        self.claim(session_id)
        batch = list(events)
        self._claims.check_file()  # never into a file nobody can open again
        times = [utc_now()] * len(batch)
        last = self._log.append(session_id, batch, history, times)
        self._claims.check_file()  # still the file opened: only then is the write acknowledged
        self._claims.noted(session_id, [event_to_json(e) for e in batch], times)
        if ends_a_hand(batch, history.state if history is not None else None):
            if self.checkpoint_later is None:
                self._db.checkpoint()
            else:
                self.checkpoint_later(self._db.checkpoint)
        return last

    def record_session(
        self,
        title: str,
        events: Iterable[Event],
        meta: dict[str, Any] | None = None,
        *,
        times: Sequence[str] | None = None,
        source_digest: str | None = None,
        folded: FoldedLog | None = None,
    ) -> int:
        """Create a whole session at once, in one durable transaction; returns its id.

        For imports: a killed import leaves each session whole or absent (never an
        empty one), and takes no lock (nobody can write a session before it exists).

        ``source_digest``: the SHA-256 of the file imported (see :meth:`.SessionRows.imported_as`).

        ``times``: each event's recorded time (an export's), kept instead of now.

        ``folded``: the fold of exactly these events from no table, as the importer
        computed it while checking them (:func:`~.snapshot.fold_log`). The journal never
        applies an event: it keeps these states (the hands played, the snapshots);
        without them the session has no snapshot and its hands are counted by their
        starts.

        The hands' details an import brings (``meta["phh"]["hands"]``) are stored one
        row per hand (:mod:`.hand_details`), not in the session's ``meta``.
        """
        self._db.writable()
        batch = list(events)
        meta, details = hand_details.split(meta or {})
        state = folded.state if folded is not None else None
        snapshots = folded.snapshots() if folded is not None else []
        when = list(times) if times else None
        with self._db.guard("recording a session"), self._db.transaction():
            now = utc_now()
            created, updated = (when[0], when[-1]) if when else (now, now)
            session_id = self._sessions.insert(title, meta, created, updated)
            hand_details.insert(self._db.conn, session_id, details)
            self._log.write(session_id, batch, state, snapshots, when)
            if source_digest is not None:
                self._sessions.note_import(source_digest, session_id)
        return session_id

    def set_meta(self, session_id: int, meta: dict[str, Any]) -> None:
        """Replace a session's metadata (JSON object). An imported session's hands'
        details are kept apart (:mod:`.journal_details`) and stay as they are."""
        self.claim(session_id)
        self._claims.check_file()
        self._sessions.set_meta(session_id, meta)
        if (memo := self._claims.memo(session_id)) is not None:
            memo.meta = with_hands(meta, hand_details.split(memo.meta)[1])


__all__ = ["SessionWriter", "with_hands"]
