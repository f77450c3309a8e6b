"""How the app comes to a table: a new one from the setup screen, the command line's
flags or ``--demo``, or a recorded session resumed (offered when one is unfinished).

Held by :class:`~omaha_tui.app.app.OmahaApp` (composition: ``app.launch``) and given
what it uses: what the command line asked for (:class:`Opening`), a way to open a
screen and hear its answer, the corner's notifications, and the app's ends: a session
opened (``opened``), the app refused with one line (``refuse``), or left (``leave``).
A start the engine refuses, or a session that cannot resume, ends the app with one line;
nothing is recorded.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from textual.screen import Screen

from omaha_tui.engine.events import Event
from omaha_tui.engine.rules.levels import BlindSchedule
from omaha_tui.engine.rules.money import ChipRate
from omaha_tui.engine.state import TableState
from omaha_tui.session import Session, SessionError, TableSetup
from omaha_tui.store.journal import Journal, JournalError, SessionBusy, SessionInfo

from .ports import Notify
from .screens.resume import ResumeDialog


@dataclass(frozen=True, slots=True)
class Opening:
    """What the command line asked the app to open.

    Attributes:
        start: this table at once (flags, ``--demo``, tests), instead of the setup screen.
        resume: a session id, ``"last"`` for the last unfinished one, ``"new"`` for the
            setup screen, or ``None`` to offer the unfinished one first.
        money: what the chips are worth, filled in on the setup screen (R12.1).
    """

    start: TableSetup | None = None
    resume: int | str | None = None
    money: ChipRate | None = None


class Opened(Protocol):
    """Show ``session``'s table and say ``line``; ``deal``: deal the first hand at once."""

    def __call__(
        self, session: Session, line: str, *, resumed: bool = False, deal: bool = False
    ) -> None: ...


def where_resumed(state: TableState) -> str:
    """Where a resumed session stands, for the status line (``during hand #4``)."""
    if state.in_hand and state.hand is not None:
        return f"during hand #{state.hand.number}"
    return f"after {state.hands_played} hands"


class Launch:
    """Opens or resumes the app's session."""

    def __init__(
        self,
        opening: Opening,
        *,
        show: Callable[[Screen[Any], Callable[[Any], None]], object],
        notify: Notify,
        opened: Opened,
        refuse: Callable[[str], object],
        leave: Callable[[], object],
        now: Callable[[], datetime],
    ) -> None:
        self.opening = opening
        self.journal: Journal | None = None
        self._show = show
        self._notify = notify
        self._opened = opened
        self._refuse = refuse
        self._leave = leave
        self._now = now

    def first_table(self, journal: Journal) -> None:
        """The table the app starts on: the one asked for, the session to resume, the
        unfinished one offered, or else the setup screen."""
        self.journal = journal
        opening = self.opening
        if opening.start is not None:
            self.open_table(opening.start)
        elif opening.resume not in (None, "new"):
            self.resume_request(opening.resume)
        elif (last := journal.last_unfinished()) is not None:
            self._show(ResumeDialog(last), lambda yes: self.after_offer(last, yes))
        else:
            self.open_setup()

    def after_offer(self, info: SessionInfo, yes: bool | None) -> None:
        if yes:
            self.resume_session(info.id)
        else:
            self.open_setup()

    def resume_request(self, which: int | str | None) -> None:
        assert self.journal is not None
        if which == "last":
            last = self.journal.last_unfinished()
            if last is None:
                self._notify("No unfinished session to resume: set up a new table.")
                self.open_setup()
                return
            which = last.id
        self.resume_session(int(which or 0))

    def open_setup(self) -> None:
        """Push the setup screen; its result opens the table."""
        from .screens.setup import SetupScreen

        roster: list[str] = []
        last: list[tuple[str, int]] = []
        if self.journal is not None:
            # The regulars are a convenience: a table opens without them.
            with contextlib.suppress(JournalError):
                roster, last = self.journal.roster(), self.journal.last_players()
        screen = SetupScreen(roster=roster, last_players=last, money=self.opening.money)
        self._show(screen, self.after_setup)

    def after_setup(self, result: Any) -> None:
        from .screens.setup import setup_events

        if result is None:
            self._leave()
            return
        title = result.title or result.config.title
        self.open_session(setup_events(result), title, result.schedule)

    def open_table(self, start: TableSetup) -> None:
        """Open the table described by ``start`` (flags, ``--demo``, tests)."""
        self.open_session(start.events(), start.name, start.schedule, deal=start.deal)

    def open_session(
        self,
        events: tuple[Event, ...],
        title: str,
        schedule: BlindSchedule | None = None,
        *,
        deal: bool = False,
    ) -> None:
        """Create a session from its opening ``events`` and show the table.

        A start the engine refuses (say, too many players for the game) ends the app
        with the engine's message before any session is created.
        """
        assert self.journal is not None
        try:
            session = Session.create(self.journal, events, title, schedule)
        except (SessionError, JournalError) as e:
            self._refuse(str(e))
            return
        self._opened(session, f"Session {session.id}: {title}. Press n to deal.", deal=deal)

    def resume_session(self, session_id: int) -> None:
        """Continue a recorded session exactly where it stopped, clock included."""
        assert self.journal is not None
        try:
            session = Session.resume(self.journal, session_id, now=self._now())
        except (SessionBusy, JournalError) as e:
            self._refuse(str(e))
            return
        line = f"Resumed session {session_id} {where_resumed(session.state)}"
        self._opened(session, line, resumed=True)


__all__ = ["Launch", "Opened", "Opening", "where_resumed"]
