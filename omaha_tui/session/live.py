"""``Session``: the one owner of a live table (DESIGN.md "the path of one keypress").

Every front end (the Textual app, ``omaha-tui console``) talks to a table only
through this class. A request goes to ``engine.decide`` once; the events it returns
are appended to the journal in one durable write together with the state decide
computed, which becomes the current state (nobody applies an event twice); then the
narrator says what happened. ActionUndone and redo are operations on the log: an undo
appends ``ActionUndone``, a redo appends the undone event again, and the redo list is
rebuilt from the log on resume, so both reach as far after a crash as before it.
The blind clock is read from the journaled times (:mod:`.clock`).

This module never imports Textual or Rich.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from omaha_tui.engine.decisions.available import Available, available
from omaha_tui.engine.decisions.decide import Ask, Refusal, decide, fold
from omaha_tui.engine.decisions.requests import ChangeLevel, NextHand, Request
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    ActionUndone,
    Event,
    HandStarted,
    SessionEnded,
    SessionStarted,
)
from omaha_tui.engine.narrate import narrate
from omaha_tui.engine.reducer.replay import initial_state
from omaha_tui.engine.rules.levels import BlindSchedule
from omaha_tui.engine.state import TableState, evolve
from omaha_tui.store.journal import Journal, JournalError
from omaha_tui.store.records import utc_now
from omaha_tui.store.snapshot import UNDO_HANDS

from .clock import Anchor, Clock, read_clock, track_level
from .outcome import Outcome

NOTHING_TO_UNDO = "nothing more to undo: the log starts here"
NOTHING_TO_REDO = "nothing to redo"


class SessionError(ValueError):
    """A session that cannot be opened; the message says why and what to do."""


def keep_hands(state: TableState, hands: int = UNDO_HANDS) -> TableState:
    """The state with its undo chain cut after ``hands`` hands (as a snapshot keeps it),
    so undo reaches exactly as far live as after a resume, and memory stays bounded."""
    base = state.base
    if base is None:
        return state
    return evolve(state, base=None if hands <= 0 else keep_hands(base, hands - 1))


def undo_limit(state: TableState) -> str:
    """Why nothing more can be undone (empty when an undo is possible)."""
    journal = state.journal
    if not journal:
        return NOTHING_TO_UNDO
    if state.base is not None:
        return ""
    # Without a base the journal must start the session, and that stays.
    if isinstance(journal[0], SessionStarted):
        return NOTHING_TO_UNDO if len(journal) == 1 else ""
    # The chain was cut here (UNDO_HANDS hands back): this hand cannot be undone.
    after = state.hand.number + 1 if state.hand is not None else None
    where = f"the log before hand #{after}" if after is not None else "the earlier log"
    return f"undo reaches back {UNDO_HANDS} hands; {where} is kept but not undoable"


def follow_redo(redo: list[Event], event: Event) -> None:
    """A new event: the undone event redone (pop it), or new news (redo ends)."""
    if redo and redo[-1] == event:
        redo.pop()
    else:
        redo.clear()


class Session:
    """A live table recorded in one journal session.

    Use :meth:`create` or :meth:`resume`. ``state`` is the table now; ``available()``
    what may be asked of it; ``request`` / ``undo`` / ``redo`` change it.
    """

    def __init__(
        self,
        journal: Journal,
        session_id: int,
        state: TableState,
        *,
        schedule: BlindSchedule | None = None,
        redo: Sequence[Event] = (),
        anchors: Sequence[Anchor] = (),
        length: int = 0,
    ) -> None:
        self.journal = journal
        self.id = session_id
        self._state = keep_hands(state)
        self.schedule = schedule
        self._redo = list(redo)
        self._anchors = list(anchors)  # when each level took effect (R2.7)
        self._length = length  # events in the effective log
        self._available: Available | None = None

    # ------------------------------------------------------------------ opening

    @classmethod
    def create(
        cls,
        journal: Journal,
        opening_events: Sequence[Event],
        title: str,
        schedule: BlindSchedule | None = None,
    ) -> Session:
        """Record a new session's opening events (the rules, players, button).

        Raises:
            SessionError: the engine refuses the opening (nothing is recorded).
            JournalError: the journal cannot be written.
        """
        try:
            opened = fold(initial_state(), opening_events)
        except (RuleError, ValueError) as e:
            raise SessionError(f"cannot open the table: {e}") from None
        meta: dict[str, Any] = {"schedule": schedule.model_dump() if schedule else None}
        sid = journal.create_session(title, meta=meta)
        journal.append_many(sid, opened.events, state=opened.state)
        return cls(journal, sid, opened.state, schedule=schedule, length=len(opened.events))

    @classmethod
    def resume(cls, journal: Journal, session_id: int) -> Session:
        """Continue a recorded session exactly where it stopped, undo, redo and clock too.

        Raises:
            SessionBusy: another program is writing this session.
            JournalError: the session or the file cannot be read.
        """
        journal.claim(session_id)
        state = journal.load_state(session_id)  # checks the chain; reads from a snapshot
        schedule = _schedule(journal, session_id)
        # Redo and the clock come from the log's outline (types and times); only the
        # few events they keep are decoded.
        outline = journal.outline(session_id)
        anchors: list[Anchor] = []
        length = 0
        for seq, kind, at in outline:
            stand_in = _STAND_INS.get(kind, _OTHER)
            event = journal.event_at(session_id, seq) if kind == "level_changed" else stand_in
            length = track_level(anchors, length, event, at)
        redo = [journal.event_at(session_id, seq) for seq in _undone(journal, session_id, outline)]
        return cls(
            journal,
            session_id,
            state,
            schedule=schedule,
            redo=redo,
            anchors=anchors,
            length=length,
        )

    # ------------------------------------------------------------------ reading

    @property
    def state(self) -> TableState:
        return self._state

    def available(self) -> Available:
        """The live requests now (computed once per change of state)."""
        if self._available is None:
            self._available = available(self._state)
        return self._available

    @property
    def can_undo(self) -> bool:
        return not undo_limit(self._state)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def events(self) -> list[Event]:
        """The log as recorded (undone events and ``ActionUndone`` included), for History."""
        return self.journal.events(self.id)

    def clock(self, now: datetime | None = None) -> Clock:
        """The blind clock at ``now`` (default: the current time), from the log (R2.7)."""
        s = self._state
        anchor = self._anchors[-1] if self._anchors else None
        return read_clock(self.schedule, s.level, s.stakes, anchor, now or datetime.now(UTC))

    # ------------------------------------------------------------------ changing

    def request(self, req: Request, now: datetime | None = None) -> Outcome:
        """Decide ``req``, record its events durably (one write), adopt the new state.

        ``now``: the time by the front end's clock (default: the current time), which
        says whether a blind level is due (R2.7) and when a new level started.
        """
        if isinstance(req, NextHand) and req.level is None:
            req = self._with_due_level(req, now)
        before = self._state
        out = decide(before, req)
        if isinstance(out, Ask):
            return Outcome(False, out.question, ask=out)
        if isinstance(out, Refusal):
            return Outcome(False, out.reason, refused=True)
        failed = self._record(out.events, out.state, now=now)
        if failed is not None:
            return failed
        for event in out.events:
            follow_redo(self._redo, event)
        lines = narrate(before, out.events, out.state, steps=out.steps)
        if out.note:  # a warning that refused nothing (R4.11) goes with its sentence
            lines = (*lines[:-1], f"{lines[-1]} ({out.note})") if lines else (out.note,)
        return Outcome(True, "; ".join(lines), out.events, lines=lines)

    def preview(self, req: Request) -> Outcome:
        """What ``req`` would do now, in the narrator's words, recording nothing: a dry
        run of ``decide`` for the prompts that show what a typed answer means."""
        before = self._state
        out = decide(before, req)
        if isinstance(out, Ask):
            return Outcome(False, out.question, ask=out)
        if isinstance(out, Refusal):
            return Outcome(False, out.reason, refused=True)
        lines = narrate(before, out.events, out.state, steps=out.steps)
        return Outcome(True, "; ".join(lines), out.events, lines=lines)

    def undo(self) -> Outcome:
        """Take back the last effective event (the log keeps both), or say why not."""
        before = self._state
        why = undo_limit(before)
        if why:
            return Outcome(False, why, refused=True)
        undone = before.journal[-1]
        try:
            after = fold(before, (ActionUndone(),))
        except RuleError as e:  # pragma: no cover - undo_limit guards the chain
            return Outcome(False, str(e), refused=True)
        failed = self._record(after.events, after.state)
        if failed is not None:
            return failed
        self._redo.append(undone)
        lines = narrate(before, after.events, after.state)
        return Outcome(True, "; ".join(lines), after.events, lines=lines)

    def redo(self) -> Outcome:
        """Record again the last undone event, until a new event is recorded."""
        if not self._redo:
            return Outcome(False, NOTHING_TO_REDO, refused=True)
        event = self._redo[-1]
        before = self._state
        try:
            done = fold(before, (event,))
        except RuleError as e:
            return Outcome(False, f"cannot redo: {e}", refused=True)
        failed = self._record(done.events, done.state)
        if failed is not None:
            return failed
        self._redo.pop()
        lines = narrate(before, done.events, done.state)
        lines = (f"Redone: {lines[0]}" if lines else "Redone", *lines[1:])
        return Outcome(True, "; ".join(lines), done.events, lines=lines)

    def _record(
        self,
        events: tuple[Event, ...],
        state: TableState,
        *,
        now: datetime | None = None,
    ) -> Outcome | None:
        try:
            self.journal.append_many(self.id, events, state=state)  # durable first
        except (JournalError, OSError) as e:
            return Outcome(
                False,
                f"not recorded, the journal could not be written: {e}",
                refused=True,
                journal_failed=True,
            )
        if any(type(e) is HandStarted for e in events):
            state = keep_hands(state)
        self._state = state
        self._available = None
        # The journal stamps its own time; a front end with its own clock passes ``now``.
        at = now.isoformat(timespec="milliseconds") if now is not None else utc_now()
        for event in events:
            self._length = track_level(self._anchors, self._length, event, at)
        return None

    def _with_due_level(self, req: NextHand, now: datetime | None) -> NextHand:
        clock = self.clock(now)
        if not clock.due or self.schedule is None:
            return req
        level = self._state.level + 1
        change = ChangeLevel(level, self.schedule.stakes(level))
        return NextHand(req.die_roll, req.straddle, change)


def _schedule(journal: Journal, session_id: int) -> BlindSchedule | None:
    """The session's blind schedule, or one line saying it cannot be read."""
    raw = journal.meta(session_id).get("schedule")
    try:
        return BlindSchedule.model_validate(raw) if raw else None
    except ValueError as e:  # pydantic's ValidationError is one
        first = e.errors()[0]["msg"] if isinstance(e, ValidationError) else str(e)
        raise JournalError(
            f"{journal.path}: the blind schedule of session {session_id} is not readable "
            f"({first}); the file was changed outside omaha-tui"
        ) from None


# For the clock, only an event's kind and place in the log matter, except a level's
# number (R2.7): these stand in for the events whose payload is not read.
_STAND_INS: dict[str, Event] = {
    "undo": ActionUndone(),
    "hand_started": HandStarted(button=0, seats=(0, 1)),
}
_OTHER: Event = SessionEnded()


def _undone(
    journal: Journal, session_id: int, outline: Sequence[tuple[int, str, str]]
) -> list[int]:
    """The redo list of a resumed log, as sequence numbers: the undo/new-event
    bookkeeping of :func:`follow_redo` replayed exactly, comparing stored texts (equal
    events are stored as equal texts) only where an event follows an undo."""
    effective: list[int] = []
    stack: list[int] = []
    for seq, kind, _ in outline:
        if kind == "undo":
            if effective:
                stack.append(effective.pop())
            continue
        if stack:
            if journal.payload(session_id, seq) == journal.payload(session_id, stack[-1]):
                stack.pop()
            else:
                stack.clear()
        effective.append(seq)
    return stack


__all__ = ["NOTHING_TO_REDO", "NOTHING_TO_UNDO", "Session", "SessionError", "keep_hands"]
