"""Following a session another process records: the table and its blind clock.

The follower opens the journal read-only (SQLite ``mode=ro``: it takes no lock and
never writes) and, on each :meth:`Follower.poll`, reads only the events recorded after
the last one it has seen and applies them, so a poll costs little when nothing
happened: a look at the file (deleted, moved or replaced under the display), the
session's lock file (is the dealer's app still recording it?), and the log's last
place and the event read there. The blind clock is the dealer's own: it is part of the table state
(journaled events with their times), read by :func:`omaha_tui.session.clock.clock_view`,
so the display and the dealer's header never disagree (R2.7). Nothing here imports Textual.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from omaha_tui.engine.events import ActionUndone
from omaha_tui.engine.labels import printable
from omaha_tui.engine.narration.narrate import narrate
from omaha_tui.engine.reducer import history as hist
from omaha_tui.engine.reducer.history import History
from omaha_tui.engine.rules.clock.schedule import BlindSchedule
from omaha_tui.engine.state import TableState, evolve
from omaha_tui.engine.tournament_events import ColouredUp
from omaha_tui.session.clock import ClockView, clock_view
from omaha_tui.session.clock_meta import meta_schedule, needs_taking_up, taken_up
from omaha_tui.store import board_rows
from omaha_tui.store.journal import Journal
from omaha_tui.store.locks import holder
from omaha_tui.store.records import EventRecord, JournalError


@dataclass(frozen=True)
class LevelShown:
    """The blind level as the players see it: number, blinds, and the seconds left
    (``None`` when the level has no time limit or is the last one)."""

    level: int
    small_blind: int
    big_blind: int
    ante: int
    seconds_left: float | None
    decimals: int = 0
    """The places the table counts in (0.25/0.50: 2), for the digits."""
    big_blind_ante: bool = False
    """The ante is one for the table, posted by the big blind (R2.9)."""


class Follower:
    """A session seen through a read-only journal; :meth:`poll` catches up with it."""

    def __init__(self, journal: Journal, session_id: int, *, follow_newer: bool = False) -> None:
        board_rows.warm()  # the room's all-in figures (R10.3) without building tables first
        self.journal = journal
        self.follow_newer = follow_newer
        """Whether to move on to the session the dealer starts next (a display opened
        without naming a session: it shows the live one); a named session is kept."""
        self.path = Path(journal.path)
        self._identity = _identity(self.path)
        self._start(session_id)
        self.poll()

    def _start(self, session_id: int) -> None:
        """Follow ``session_id`` of the journal open now from its first event."""
        journal = self.journal
        self.session_id = session_id
        info = journal.session(session_id)
        self.title = info.title
        self.history = History()  # undo events in the log step back through it
        self.seq = 0
        self._last_hash: bytes | None = None  # the chain hash of the last event read
        self._holder: int | None = None  # who records the session, as the last poll saw
        self.race: tuple[ColouredUp, int, int] | None = None
        """The last colour-up's race (R11.4) and how many colour-ups the tournament had
        with it, and the hand it followed: its cards stay on the players' screen until
        the next hand."""
        self.said = ""
        """The dealer's last line (what the app speaks and prints for the last event
        that said anything), in the narrator's own words."""
        # R2.7: a journal from before the clock's events has its schedule only here
        # (shown as the resume will record it, :mod:`omaha_tui.session.clock_meta`).
        self._meta_schedule = meta_schedule(journal.meta(session_id))
        self._taken: tuple[tuple[int, bool], datetime] | None = None

    @classmethod
    def open(cls, db: Path | str | None, session_id: int | None = None) -> Follower:
        """Open ``db`` read-only and follow ``session_id``, to its end screen; without
        one, the last unfinished session, and after it each session the dealer starts.

        Raises:
            JournalError: no journal, not a journal, no such session; in one line.
        """
        journal = Journal.open(db, read_only=True)
        try:
            if session_id is None:
                info = journal.last_unfinished()
                if info is None:
                    raise JournalError(
                        f"{journal.path} has no unfinished session to show: pass a session "
                        "id (`omaha-tui sessions` lists them)"
                    )
                return cls(journal, info.id, follow_newer=True)
            return cls(journal, session_id)
        except BaseException:
            journal.close()
            raise

    def poll(self) -> bool:
        """Apply the events recorded since the last poll; True when there were any
        (or the table was read afresh: another journal file, or a newer session).

        Raises:
            JournalError: the journal file is gone (deleted or moved away), or the file
                now at its path has no such session; the table stays as last read, and
                a later poll follows the file again once it is back.
        """
        moved = self._follow_file()
        last = self.journal.last_seq(self.session_id)
        if not self._same_log(last):  # the file was written over in place (a restore)
            self._start(self.session_id)
            moved = True
        self._holder = holder(self.path, self.session_id)  # one look at the lock a poll
        if self._follow_successor():
            moved = True
            last = self.journal.last_seq(self.session_id)
            self._holder = holder(self.path, self.session_id)
        if last == self.seq:
            return moved
        records = self.journal.records(self.session_id, after=self.seq)
        for record in records:
            self._apply(record)
        if records:
            self._last_hash = self.journal.chain_hash(self.session_id, self.seq)
        return bool(records) or moved

    def _same_log(self, last: int) -> bool:
        """Whether the log (``last`` events long now) still holds, at the last place
        read, the event read there: a shorter log, or another event there, is another
        log written over the file in place (SQLite's backup onto it keeps the file), to
        be read from its start. The event's chain hash (which covers every event before
        it) is compared, nothing is decoded."""
        if self.seq == 0:
            return True
        if last < self.seq:
            return False
        return self.journal.chain_hash(self.session_id, self.seq) == self._last_hash

    def _follow_file(self) -> bool:
        """Notice the journal deleted, moved or replaced under the display: a file gone
        is one clear line; another file at the path is opened read-only and read from
        the start (True)."""
        now = _identity(self.path)
        if now is None:
            raise JournalError(
                f"the journal {printable(str(self.path))} is gone (deleted or moved): the "
                "table as last read; the display follows it again when it is back"
            )
        if now == self._identity:
            return False
        self.journal.close()  # the old file's: it must not hold the old log open
        journal = Journal.open(self.path, read_only=True)  # JournalError: said, tried again
        try:
            journal.session(self.session_id)
        except JournalError:
            journal.close()
            raise JournalError(
                f"the journal {printable(str(self.path))} was replaced by one without "
                f"session {self.session_id}: the table as last read"
            ) from None
        self.journal, self._identity = journal, now
        self._start(self.session_id)
        return True

    def _follow_successor(self) -> bool:
        """Move to a newer session of the journal when this one is over or nobody
        records it any more and the newer one is being recorded (the dealer started the
        next session), unless the display was asked for this session: True when it moved."""
        if not self.follow_newer or (not self.over and self.recording):
            return False
        newer = self.journal.last_unfinished()
        if newer is None or newer.id <= self.session_id:
            return False
        if holder(self.path, newer.id) is None:
            return False
        self._start(newer.id)
        return True

    @property
    def recording(self) -> bool:
        """Whether a live process (the dealer's app) was recording the session at the
        last poll."""
        return self._holder is not None

    @property
    def over(self) -> bool:
        """The session has ended, or its tournament is over (R11)."""
        state = self.state
        return state.ended or (state.tournament is not None and state.tournament.finished)

    @property
    def abandoned(self) -> bool:
        """The session is not over and nobody records it: the dealer's app was closed,
        or killed, or the machine it ran on went down."""
        return not self.over and not self.recording

    @property
    def state(self) -> TableState:
        """The table as the journal has it now."""
        return self.history.state

    def _apply(self, record: EventRecord) -> None:
        before, event = self.history, record.event
        self.history, self.seq = hist.apply(before, event), record.seq
        undone = (before.last,) if isinstance(event, ActionUndone) and before.last else ()
        if isinstance(event, ColouredUp) and self.state.tournament is not None:
            hand = self.state.hand
            self.race = (event, len(self.state.tournament.colour_ups), hand.number if hand else 0)
        lines = narrate(before.state, (event,), self.state, undone=undone)
        if lines:
            self.said = lines[-1]

    def clock(self, now: float) -> LevelShown:
        """The level, its blinds and the time left at ``now`` (seconds since the epoch).

        The blinds are those the table plays: a running hand's own (a level the clock
        reached mid-hand plays from the next hand, R2.7), between hands the clock's.
        """
        state = self.state
        stakes = state.stakes or (state.config.stakes if state.config is not None else None)
        hand = state.hand
        if hand is not None and not hand.complete:
            stakes = hand.stakes
        sb, bb, ante = (stakes.small_blind, stakes.big_blind, stakes.ante) if stakes else (0, 0, 0)
        bba = bool(stakes and stakes.big_blind_ante)
        dec = state.config.decimals if state.config is not None else 0
        view = self.view(now)
        if view is None:
            return LevelShown(state.level, sb, bb, ante, None, dec, bba)
        if hand is not None and not hand.complete:
            return LevelShown(view.playing, sb, bb, ante, view.seconds_left, dec, bba)
        lv = view.level
        return LevelShown(
            lv.number,
            lv.small_blind,
            lv.big_blind,
            lv.ante,
            view.seconds_left,
            dec,
            lv.big_blind_ante,
        )

    @property
    def schedule(self) -> BlindSchedule | None:
        """The session's blind schedule (R2.7), or ``None``."""
        return self.state.clock.schedule or self._meta_schedule

    def view(self, now: float) -> ClockView | None:
        """The whole clock at ``now`` (seconds since the epoch), or ``None`` without a
        schedule: level, break, time left, next level, time to the next break (R2.7).
        ``None`` once the session is over too: its clock stopped, nothing counts down."""
        if self.over:
            return None
        return self.reading(now)

    def reading(self, now: float) -> ClockView | None:
        """The clock at ``now`` even once the session is over (its document then says
        where it stopped, with no seconds to count down); ``None`` without a schedule."""
        return clock_view(self._clocked(now), datetime.fromtimestamp(now, UTC))

    def _clocked(self, now: float) -> TableState:
        """The state with its clock: the log's, or for a journal whose schedule is only in
        the session's settings the clock taken up at the level in play, from when this
        display first saw that level (the dealer's resume then records its own)."""
        state, schedule = self.state, self._meta_schedule
        if schedule is None or not needs_taking_up(state, schedule):
            return state
        key = (state.level, state.hands_played > 0 or state.hand is not None)
        if self._taken is None or self._taken[0] != key:
            self._taken = (key, datetime.fromtimestamp(now, UTC))
        return evolve(state, clock=taken_up(state, schedule, self._taken[1]))

    def close(self) -> None:
        """Close the journal (it was only ever read)."""
        self.journal.close()


def _identity(path: Path) -> tuple[int, int] | None:
    """The file at ``path`` (device, inode), or ``None`` when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)
