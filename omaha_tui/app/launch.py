"""How the app comes to a table: a new one from the setup screen, the command line's
flags or ``--demo``, or a recorded session resumed (offered when one is unfinished).

Held by :class:`~omaha_tui.app.app.OmahaApp` (composition: ``app.launch``), so
``app.py`` keeps the wiring between the table screen and the session. A start the
engine refuses, or a session that cannot resume, ends the app with one line
(:meth:`~omaha_tui.app.app.OmahaApp.refuse`); nothing is recorded.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.events import Event
from omaha_tui.engine.rules.levels import BlindSchedule
from omaha_tui.session import Session, SessionError, TableSetup
from omaha_tui.store.journal import Journal, JournalError, SessionBusy, SessionInfo

from .screens.resume import ResumeDialog

if TYPE_CHECKING:
    from .app import OmahaApp


class Launch:
    """Opens or resumes the app's session."""

    def __init__(self, app: OmahaApp) -> None:
        self.app = app

    def first_table(self, journal: Journal) -> None:
        """The table the app starts on: the one asked for, the session to resume, the
        unfinished one offered, or else the setup screen."""
        app = self.app
        if app.start is not None:
            self.open_table(app.start)
        elif app.resume not in (None, "new"):
            self.resume_request(app.resume)
        elif (last := journal.last_unfinished()) is not None:
            app.push_screen(ResumeDialog(last), lambda yes: self.after_offer(last, yes))
        else:
            self.open_setup()

    def after_offer(self, info: SessionInfo, yes: bool | None) -> None:
        if yes:
            self.resume_session(info.id)
        else:
            self.open_setup()

    def resume_request(self, which: int | str | None) -> None:
        assert self.app.journal is not None
        if which == "last":
            last = self.app.journal.last_unfinished()
            if last is None:
                self.app.notify("No unfinished session to resume: set up a new table.")
                self.open_setup()
                return
            which = last.id
        self.resume_session(int(which or 0))

    def open_setup(self) -> None:
        """Push the setup screen; its result opens the table."""
        from .screens.setup import SetupScreen

        roster: list[str] = []
        last: list[tuple[str, int]] = []
        if self.app.journal is not None:
            # The regulars are a convenience: a table opens without them.
            with contextlib.suppress(JournalError):
                roster, last = self.app.journal.roster(), self.app.journal.last_players()
        screen = SetupScreen(roster=roster, last_players=last, money=self.app.money)
        self.app.push_screen(screen, self.after_setup)

    def after_setup(self, result: Any) -> None:
        from .screens.setup import setup_events

        if result is None:
            self.app.exit()
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
        assert self.app.journal is not None
        try:
            session = Session.create(self.app.journal, events, title, schedule)
        except (SessionError, JournalError) as e:
            self.app.refuse(str(e))
            return
        self.app.bind_session(session)
        self.app.say(f"Session {session.id}: {title}. Press n to deal.")
        if deal:
            self.app.request(rq.NextHand())

    def resume_session(self, session_id: int) -> None:
        """Continue a recorded session exactly where it stopped, clock included."""
        assert self.app.journal is not None
        try:
            session = Session.resume(self.app.journal, session_id, now=self.app.wall_now())
        except (SessionBusy, JournalError) as e:
            self.app.refuse(str(e))
            return
        self.app.bind_session(session, resumed=True)
        state = session.state
        where = (
            f"during hand #{state.hand.number}"
            if state.in_hand and state.hand is not None
            else f"after {state.hands_played} hands"
        )
        self.app.say(f"Resumed session {session_id} {where}")
