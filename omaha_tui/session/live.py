"""``Session``: the one owner of a live table (DESIGN.md "the path of one keypress").

Every front end (the Textual app, ``omaha-tui console``) talks to a table only
through this class. A request goes to ``engine.decide`` once; the events it returns
are appended to the journal in one durable write together with the state decide
computed, which becomes the current state (nobody applies an event twice); then the
narrator says what happened. ActionUndone and redo are operations on the log: an undo
appends ``ActionUndone``, a redo appends the undone event again, and the redo list is
rebuilt from the log on resume, so both reach as far after a crash as before it.
The blind clock is part of the state, moved only by journaled events that carry the
time the session gave them (:mod:`.clock`), so a resume reads no more of the log for it.

This module never imports Textual or Rich.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from omaha_tui.engine.decisions.available import Available, available
from omaha_tui.engine.decisions.clock_requests import CLOCK_REQUESTS
from omaha_tui.engine.decisions.outcomes import Ask, Decided, Refusal
from omaha_tui.engine.decisions.registry import fold
from omaha_tui.engine.decisions.requests import ColourUp, NextHand, Request, TakeAddOn
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import ActionUndone, Event, ScheduleSet
from omaha_tui.engine.narration.narrate import narrate
from omaha_tui.engine.reducer.history import UNDO_HANDS, History, record_all, undo
from omaha_tui.engine.reducer.replay import initial_state
from omaha_tui.engine.rules.levels import BlindSchedule
from omaha_tui.engine.state import TableState
from omaha_tui.store import board_rows
from omaha_tui.store.journal import Journal, JournalError, JournalGone
from omaha_tui.store.settings import readable_settings

from .clock import ClockView, clock_view
from .clock_meta import meta_schedule, needs_taking_up, taking_up
from .outcome import CONSOLE_END_BREAK, Outcome, refusal_words
from .redo import resumed_redo
from .verify import log_damage

NOTHING_TO_UNDO = "nothing more to undo: the log starts here"
NOTHING_TO_REDO = "nothing to redo"


class SessionError(ValueError):
    """A session that cannot be opened; the message says why and what to do."""


def undo_limit(history: History) -> str:
    """Why nothing more can be undone (empty when an undo is possible)."""
    if history.hands:
        last = history.hands[-1]
        if not last.events or (last.opening and len(last.events) == 1):
            return NOTHING_TO_UNDO  # the session itself stays
        return ""
    state = history.state
    if state.config is None:
        return NOTHING_TO_UNDO
    # The checkpoints stop here (UNDO_HANDS hands back): this hand cannot be undone.
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
        history: History,
        *,
        redo: Sequence[Event] = (),
        warm_rows: bool = True,
    ) -> None:
        self.journal = journal
        self.id = session_id
        self._history = history
        self._redo = list(redo)
        self._available: Available | None = None
        self._opened: list[Journal] = []  # journals this session opened (write_anew)
        if warm_rows:  # an all-in's equity (R10.3) without building tables first
            board_rows.warm()

    # ------------------------------------------------------------------ opening

    @classmethod
    def create(
        cls,
        journal: Journal,
        opening_events: Sequence[Event],
        title: str,
        schedule: BlindSchedule | None = None,
        now: datetime | None = None,
        *,
        warm_rows: bool = True,
    ) -> Session:
        """Record a new session's opening events (the rules, players, button) and,
        with ``schedule``, the blind schedule (R2.7; its clock starts with the first hand).
        ``warm_rows``: read the evaluator's board rows now (:mod:`omaha_tui.store.board_rows`),
        or leave them to the front end, which reads them at its first all-in spot.

        Raises:
            SessionError: the engine refuses the opening (nothing is recorded).
            JournalError: the journal cannot be written.
        """
        events = list(opening_events)
        if schedule is not None:
            events.insert(1, ScheduleSet(schedule=schedule, at=now or datetime.now(UTC)))
        try:
            opened = fold(initial_state(), events)
        except (RuleError, ValueError) as e:
            raise SessionError(f"cannot open the table: {e}") from None
        meta: dict[str, Any] = {"schedule": schedule.model_dump() if schedule else None}
        history = record_all(History(), opened.events, opened.steps)
        sid = journal.create_session(title, meta=meta)
        journal.append_many(sid, opened.events, history=history)
        return cls(journal, sid, history, warm_rows=warm_rows)

    @classmethod
    def resume(
        cls,
        journal: Journal,
        session_id: int,
        now: datetime | None = None,
        *,
        warm_rows: bool = True,
    ) -> Session:
        """Continue a recorded session exactly where it stopped, undo, redo and clock too
        (a journal from before the clock's events takes up its clock at ``now``;
        ``warm_rows`` as for :meth:`create`).

        Raises:
            SessionBusy: another program is writing this session.
            JournalError: the session or the file cannot be read.
        """
        journal.claim(session_id)
        history = journal.load_history(session_id)  # checks the chain; reads a snapshot
        meta = readable_settings(journal, session_id)
        # The clock is in the state (R2.7); redo comes from the tail of the log (.redo).
        redo = resumed_redo(journal, session_id)
        session = cls(journal, session_id, history, redo=redo, warm_rows=warm_rows)
        session.take_up_clock(meta, now)  # R2.7, older journals
        return session

    def damage(self) -> str | None:
        """The whole record's check (:mod:`.verify`): one line naming damage anywhere in
        the file or the session's log, or ``None``. Front ends call it once the table is
        shown."""
        return log_damage(self.journal.path, self.id)

    # ------------------------------------------------------------------ reading

    @property
    def state(self) -> TableState:
        return self._history.state

    @property
    def history(self) -> History:
        """The table and the checkpoints undo steps back through."""
        return self._history

    def undo_limit(self) -> str:
        """Why nothing more can be undone now (empty when an undo is possible)."""
        return undo_limit(self._history)

    def available(self) -> Available:
        """The live requests now (computed once per change of state)."""
        if self._available is None:
            self._available = available(self._history.state)
        return self._available

    @property
    def can_undo(self) -> bool:
        return not undo_limit(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def events(self) -> list[Event]:
        """The log as recorded (undone events and ``ActionUndone`` included), for History."""
        return self.journal.events(self.id)

    @property
    def schedule(self) -> BlindSchedule | None:
        """The table's blind schedule (R2.7), or ``None``."""
        return self._history.state.clock.schedule

    def clock(self, now: datetime | None = None) -> ClockView | None:
        """The blind clock at ``now`` (default: the current time), or ``None`` without a
        schedule (R2.7)."""
        return clock_view(self._history.state, now or datetime.now(UTC))

    # ------------------------------------------------------------------ changing

    def request(
        self, req: Request, now: datetime | None = None, *, end_break: str = CONSOLE_END_BREAK
    ) -> Outcome:
        """Decide ``req``, record its events durably (one write), adopt the new state.

        ``now``: the time by the front end's clock (default: the current time). The
        session stamps it on the next hand and on the host's clock requests, which the
        blind clock reads (R2.7). ``end_break``: how the front end ends a break early,
        named in the refusal of a hand in a break (R2.7c).
        """
        stamped = (NextHand, TakeAddOn, ColourUp, *CLOCK_REQUESTS)  # R11.1, R11.4: at a break
        if isinstance(req, stamped) and getattr(req, "at", 0) is None:
            req = replace(req, at=now or datetime.now(UTC))
        before = self._history.state
        out = self._decide(req, end_break)
        if isinstance(out, Outcome):
            return out
        failed = self._record(out.events, record_all(self._history, out.events, out.steps))
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
        before = self._history.state
        out = self._decide(req)
        if isinstance(out, Outcome):
            return out
        lines = narrate(before, out.events, out.state, steps=out.steps)
        return Outcome(True, "; ".join(lines), out.events, lines=lines)

    def _decide(self, req: Request, end_break: str = CONSOLE_END_BREAK) -> Decided | Outcome:
        """``decide`` on the table now: its events, or the question or refusal to show."""
        # Loaded on first use: a table opened only to be shown decides nothing.
        from omaha_tui.engine.decisions.decide import decide

        out = decide(self._history.state, req)
        if isinstance(out, Ask):
            return Outcome(False, out.question, ask=out)
        if isinstance(out, Refusal):
            words = refusal_words(out.reason, req, self.available(), end_break)
            return Outcome(False, words, refused=True)
        return out

    def undo(self) -> Outcome:
        """Take back the last effective event (the log keeps both), or say why not."""
        why = undo_limit(self._history)
        if why:
            return Outcome(False, why, refused=True)
        before, undone = self._history.state, self._history.last
        assert undone is not None  # undo_limit found a checkpoint
        try:
            after = undo(self._history)
        except RuleError as e:  # pragma: no cover - undo_limit guards the history
            return Outcome(False, str(e), refused=True)
        events: tuple[Event, ...] = (ActionUndone(),)
        failed = self._record(events, after)
        if failed is not None:
            return failed
        self._redo.append(undone)
        lines = narrate(before, events, after.state, undone=(undone,))
        return Outcome(True, "; ".join(lines), events, lines=lines)

    def redo(self) -> Outcome:
        """Record again the last undone event, until a new event is recorded."""
        if not self._redo:
            return Outcome(False, NOTHING_TO_REDO, refused=True)
        event = self._redo[-1]
        before = self._history.state
        try:
            done = fold(before, (event,))
        except RuleError as e:
            return Outcome(False, f"cannot redo: {e}", refused=True)
        failed = self._record(done.events, record_all(self._history, done.events, done.steps))
        if failed is not None:
            return failed
        self._redo.pop()
        lines = narrate(before, done.events, done.state)
        lines = (f"Redone: {lines[0]}" if lines else "Redone", *lines[1:])
        return Outcome(True, "; ".join(lines), done.events, lines=lines)

    def take_up_clock(self, meta: Mapping[str, Any], now: datetime | None = None) -> None:
        """R2.7: a journal written before the clock had events keeps its schedule only in
        the session's settings (``meta``); record its clock now, at the level in play
        (:mod:`.clock_meta`), so it is journaled from here on. Nothing when the log has
        its clock (or the settings no schedule).

        Raises:
            JournalError: the journal cannot be written.
        """
        schedule = meta_schedule(meta)
        state = self._history.state
        if schedule is None or state.ended or not needs_taking_up(state, schedule):
            return
        try:
            done = fold(state, taking_up(state, schedule, now or datetime.now(UTC)))
        except RuleError:  # a schedule this table cannot play: it stays without a clock
            return
        failed = self._record(done.events, record_all(self._history, done.events, done.steps))
        if failed is not None:
            raise JournalError(failed.message)
        for event in done.events:
            follow_redo(self._redo, event)

    def write_anew(self, path: Path | str) -> Outcome:
        """Write the table, as memory holds it (every acknowledged event, with its time),
        to a new journal at ``path`` and record there from now on: what a dealer does
        when the journal vanished under the table (``journal_gone``)."""
        try:
            journal, new_id = self.journal.write_anew(self.id, path)
        except (JournalError, OSError) as e:
            return Outcome(False, f"the table was not written anew: {e}", refused=True)
        self.journal, self.id = journal, new_id
        self._opened.append(journal)
        count = journal.last_seq(new_id)
        return Outcome(
            True,
            f"the table is now recorded in {journal.path} (session {new_id}, all {count} "
            "acknowledged events kept)",
        )

    def close(self) -> None:
        """Close the journals this session opened itself (:meth:`write_anew`); the one
        it was given is its opener's to close."""
        for journal in self._opened:
            journal.close()
        self._opened.clear()

    def _record(self, events: tuple[Event, ...], history: History) -> Outcome | None:
        try:
            self.journal.append_many(self.id, events, history=history)  # durable first
        except JournalGone as e:
            return Outcome(False, f"not recorded: {e}", refused=True, journal_gone=True)
        except (JournalError, OSError) as e:
            return Outcome(
                False,
                f"not recorded, the journal could not be written: {e}",
                refused=True,
                journal_failed=True,
            )
        self._history = history
        self._available = None
        return None


__all__ = ["NOTHING_TO_REDO", "NOTHING_TO_UNDO", "Session", "SessionError", "undo_limit"]
