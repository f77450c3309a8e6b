"""``OmahaApp``: the dealer's table, wired to one headless :class:`~omaha_tui.session.Session`.

The app opens (or resumes) a session and does nothing else with the table: a table
key is taken as it arrives (:meth:`OmahaApp.take_key`, in the order typed) and acted
on by the app's :class:`~.table_keys.TableControl`; prompts and the palette answer
with requests, and all of them go to ``session.request`` (DESIGN.md "the path of one
keypress"). What the session returns is shown: the new state flows down to the table
screen, the narrator's sentence to the status line, a question (all in? post now or
wait?) to a prompt. Which keys are live comes from ``session.available()``
(:mod:`.keys`, :mod:`.liveness`), so the footer disables what the rules do not allow
now. The app holds its parts (the table control, the key intake, the preferences, the
start of a session in :mod:`.launch`, the palette's entries) and hands each what it
uses (:mod:`.ports`), never itself; it inherits from nothing but ``App``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar

from textual import events as ui
from textual import on
from textual.app import App
from textual.reactive import var

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.outcomes import Ask
from omaha_tui.engine.labels import printable
from omaha_tui.engine.rules.money import ChipRate
from omaha_tui.engine.state import TableState
from omaha_tui.memory import settle_memory
from omaha_tui.prefs.themes import SUIT_VARIABLE_DEFAULTS
from omaha_tui.session import Outcome, Session, TableSetup, demo_setup
from omaha_tui.store.journal import Journal, JournalError

from .key_order import KeyOrder
from .launch import Launch, Opening
from .liveness import tabling_due
from .new_journal import GONE_HINT, offer_new_journal
from .palette import Entry, TableCommands, entries
from .preferences import Preferences
from .question import question_prompt
from .screens.table import TableScreen
from .screenshot import SCREENSHOT, deliver_screenshot
from .showing import show_state
from .speech import SilentBackend, SpeechBackend, speak_in_background
from .table_keys import TableControl
from .textual_themes import register_themes
from .widgets.action_bar import ActionBar

INTERNAL_ERROR = 70  # a bug, as the command line's own net says it (EX_SOFTWARE)

TableStart = TableSetup  # the name the app's callers and tests know


class OmahaApp(App[None]):
    """The dealer's assistant.

    Args:
        db: journal file (default: the user data dir).
        journal: an already open journal (tests); overrides ``db``.
        start: open this table at once instead of the setup screen.
        resume: a session id to resume, ``"last"`` for the last unfinished one, or
            None to offer it (when there is one) before the setup screen.
        demo: seat the four sample players and deal the first hand.
        now: the clock of the blind-level timer (frozen in tests).
        speech: the speech backend (default: from the settings).
        settings_path: where settings are read and written.
        money: what the chips are worth, filled in on the setup screen (R12.1).
    """

    CSS_PATH = "app.tcss"
    TITLE = "omaha-tui"
    COMMANDS: ClassVar = App.COMMANDS | {TableCommands}

    # A var, not a reactive: the widgets repaint what changed; a reactive would repaint
    # the whole screen on every action.
    state: var[TableState | None] = var(None, always_update=True, init=False)

    def __init__(
        self,
        *,
        db: Path | None = None,
        journal: Journal | None = None,
        start: TableSetup | None = None,
        resume: int | str | None = None,
        demo: bool = False,
        now: Callable[[], float] = time.monotonic,
        speech: SpeechBackend | None = None,
        settings_path: Path | None = None,
        money: ChipRate | None = None,
    ) -> None:
        super().__init__()
        self.db = db
        self.journal = journal
        self._own_journal = journal is None
        self.now = now
        self.session: Session | None = None
        # Each part is handed what it uses. The bell, the status line and speech are
        # looked up when called: a test may replace them on the app.
        self.controls = TableControl(
            self,
            install=self.install_screen,
            bell=lambda: self.bell(),
            quiet=lambda: self.key_order.quiet(),  # the intake, made just below
            say_aloud=lambda text: self.say_aloud(text),
            speech=lambda: self.speech,
            now=self.wall_now,
        )
        self.table = TableScreen(now=now, press=self.controls.press)
        self.key_order = KeyOrder(  # keys taken in the order typed (see take_key)
            self.table, top=lambda: self.screen, later=self.set_timer, post=self.post_message
        )
        self.preferences = Preferences(
            settings_path,
            notify=self.notify,
            say=lambda text, refused=False: self.say(text, refused=refused),
            large_clock=self.table.large_clock,
            speech=speech,
        )
        self.launch = Launch(
            Opening(demo_setup() if demo else start, resume, money),
            show=self.push_screen,
            notify=self.notify,
            opened=self.show_table,
            refuse=self.refuse,
            leave=self.exit,
            now=self.wall_now,
        )
        # The session reads the blind clock in wall time; the app's ``now`` (frozen in
        # tests) moves it, so both clocks agree on when a level is due (R2.7).
        self._wall0, self._mono0 = datetime.now(UTC), now()

    @property
    def speech(self) -> SpeechBackend | None:
        """The speech backend: the one given, else as the settings choose."""
        return self.preferences.speech

    @speech.setter
    def speech(self, backend: SpeechBackend | None) -> None:
        self.preferences.speech = backend

    gone = False
    """The journal vanished under the table and it is not yet written anew
    (:mod:`.new_journal`); the command line then exits with status 1."""

    failure: str | None = None
    """Why the app ended instead of showing a table (a journal that cannot be opened, a
    session that cannot start or resume): the command line says it in one line once the
    screen is closed (:func:`omaha_tui.cli.play.run`)."""

    def refuse(self, message: str) -> None:
        """End the app with exit code 2 because ``message``; nothing was recorded."""
        self.failure = message
        self.exit(return_code=2)

    def _handle_exception(self, error: Exception) -> None:
        """A bug ends the app as any other command's does: exit status 70 and one line
        (:func:`omaha_tui.cli.play.run` says it once the screen is closed), not Textual's
        full-screen traceback and status 1. ``OMAHA_TUI_DEBUG=1`` shows the traceback."""
        if os.environ.get("OMAHA_TUI_DEBUG"):
            super()._handle_exception(error)
            self._return_code = INTERNAL_ERROR
            return
        self.failure = f"internal error ({type(error).__name__}: {error}); please report it"
        self._return_code = INTERNAL_ERROR
        if self._exception is None:  # a test's pilot re-raises it
            self._exception = error
            self._exception_event.set()
        self._close_messages_no_wait()

    def notify(self, message: str, *, markup: bool = False, **kwargs: Any) -> None:
        """Notifications are plain text: they carry names and titles people typed."""
        super().notify(printable(message), markup=markup, **kwargs)

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """The palette's Screenshot, saved where a fresh home can take it."""
        return deliver_screenshot(self, filename, path)

    @on(ui.DeliveryComplete)
    def _screenshot_saved(self, event: ui.DeliveryComplete) -> None:
        if event.name == SCREENSHOT:
            self.notify(f"Saved screenshot to {event.path}", title="Screenshot")

    @on(ui.DeliveryFailed)
    def _screenshot_failed(self, event: ui.DeliveryFailed) -> None:
        if event.name == SCREENSHOT:
            self.notify(f"Could not save the screenshot: {event.exception}", severity="error")

    # ------------------------------------------------------------------ start-up

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(SUIT_VARIABLE_DEFAULTS)

    async def on_mount(self) -> None:
        self.preferences.load()
        problems: list[str] = []
        names = register_themes(self, problems=problems)
        for problem in problems:  # a broken theme file is one clear line, never a crash
            self.notify(problem, severity="warning", timeout=10)
        self.theme = self.preferences.theme(names)
        await self.push_screen(self.table)
        if self.journal is None:
            try:
                self.journal = Journal.open(self.db, scan=False)  # scanned once shown
            except JournalError as e:
                self.refuse(str(e))
                return
        self.launch.first_table(self.journal)

    def _check_log(self) -> None:
        """The whole record's check (the file's pages, the session's chain), off the key
        path once the table is shown."""
        session = self.session
        if session is not None and (damage := session.damage()) is not None:
            self.call_from_thread(self.notify, damage, severity="error", timeout=30)

    def show_table(
        self, session: Session, line: str, *, resumed: bool = False, deal: bool = False
    ) -> None:
        """Show ``session``'s table with ``line`` on the status line (:mod:`.launch`)."""
        self.bind_session(session, resumed=resumed)
        self.say(line)
        if deal:
            self.request(rq.NextHand())

    def bind_session(self, session: Session, *, resumed: bool = False) -> None:
        """Show ``session``'s table; its whole record is checked once it is on screen."""
        self.session = session
        self._resumed = resumed
        session.journal.checkpoint_later = self._checkpoint_after_frame
        self.state = session.state
        settle_memory()
        # The whole record's check, in a thread once the table is on screen.
        self.run_worker(self._check_log, thread=True, exclusive=True, group="check-log")

    def _checkpoint_after_frame(self, checkpoint: Callable[[], None]) -> None:
        """The hand's end is copied into the journal's main file once the screen shows
        it: the key that ended the hand does not wait for the copy. (The hand is on disk
        already, in the write-ahead log; a copy that fails is said, nothing is lost.)

        After two refreshes: the frame that shows the table, then the footer's, which
        dims and lights its keys once that frame is written.
        """

        def copy() -> None:
            try:
                checkpoint()
            except JournalError as e:
                said = f"The journal's main file was not brought up to date: {e}"
                self.notify(said, severity="warning")

        self.call_after_refresh(self.call_after_refresh, copy)

    def on_unmount(self) -> None:
        if self.session is not None:
            self.session.close()  # a journal written anew
        if self.journal is not None and self._own_journal:
            self.journal.close()

    # ------------------------------------------------------------------ state down

    def watch_state(self, state: TableState | None) -> None:
        if state is not None and self.session is not None:
            show_state(
                self.table,
                self.session,
                self.controls.live,
                now=self.wall_now,
                large_clock=self.preferences.large_clock,
            )

    def say(self, text: str, *, refused: bool = False) -> None:
        """Tell the dealer ``text`` on the table screen's status line."""
        self.table.say(text, refused=refused)

    def report(self, outcome: Outcome) -> Outcome:
        """Show what happened (or why not) on the status line; a question opens a prompt;
        a journal gone under the table opens the prompt that writes it anew."""
        if outcome.ask is not None:
            self.ask(outcome.ask)
            return outcome
        if outcome.journal_gone:
            self.gone = True
            outcome = replace(outcome, message=f"{outcome.message}; {GONE_HINT}")
            self.call_later(self.offer_new_journal)
        if outcome.refused:
            self.bell()
        self.say(outcome.message, refused=outcome.refused)
        return outcome

    def request(self, req: rq.Request) -> Outcome:
        """Send ``req`` to the session, show the outcome, adopt the new state.

        When it is the action that leaves nobody able to bet with players all in and
        the board tracked, the app asks for the tabled hands at once (R10.1); when it
        ends the session, the settle-up opens.
        """
        if self.session is None:
            return self.report(Outcome(False, "No table is open yet.", refused=True))
        hand = self.session.state.hand
        was_over = hand is not None and not hand.complete and hand.betting_over
        was_ended = self.session.state.ended
        outcome = self.adopt(
            self.session.request(req, now=self.wall_now(), end_break="B")  # R2.7c: its key
        )
        if outcome.ok and not was_over and tabling_due(self.session.state, self.controls.live()):
            self.call_later(self.controls.table_hands)
        if outcome.ok and not was_ended and self.session.state.ended:
            self.call_later(self.show_ledger)  # the session is over: who pays whom
        return outcome

    def wall_now(self) -> datetime:
        """The time by the app's clock, as the session's blind clock reads it."""
        return self._wall0 + timedelta(seconds=self.now() - self._mono0)

    def adopt(self, outcome: Outcome) -> Outcome:
        """Adopt the session's new state (when the outcome changed it) and show the outcome."""
        if outcome.ok and self.session is not None:
            self.state = self.session.state
        return self.report(outcome)

    def ask(self, question: Ask) -> None:
        """Put the session's question to the dealer: answer by number or by its words."""
        # After the prompt that led here has closed (it is dismissed once this returns);
        # the keys typed until then are the question's (see take_key).
        prompt = question_prompt(question, self.request)
        self.key_order.asking = prompt

        def open_question() -> None:
            self.key_order.asking = None
            self.push_screen(prompt)

        self.call_later(open_question)

    def say_aloud(self, text: str) -> None:
        """Speak ``text`` in a worker (never blocking the UI); silent backends caption it
        on the status line, where it covers no seat."""
        speak_in_background(
            self,
            self.speech or SilentBackend(),
            text,
            show=lambda line, refused: self.table.query_one(ActionBar).caption(
                line, refused=refused
            ),
        )

    # ------------------------------------------------------------------ keys

    async def on_event(self, event: ui.Event) -> None:
        if isinstance(event, ui.Key) and not event.is_forwarded and self.take_key(event):
            return
        await super().on_event(event)

    def take_key(self, event: ui.Key) -> bool:
        """Act on a key now, in the order typed (:class:`~.key_order.KeyOrder`)."""
        return self.key_order.take(event)

    # ------------------------------------------------------------------ palette

    def palette_entries(self) -> list[Entry]:
        """The palette's table commands (:func:`.palette.entries`)."""
        return entries(
            self,
            self.preferences,
            act=self.table.action_act,
            history=self.show_history,
            ledger=self.show_ledger,
            new_journal=self.offer_new_journal,
            release=self.key_order.release,
        )

    def offer_new_journal(self) -> None:
        """Ask where to write the table anew (:mod:`.new_journal`)."""
        offer_new_journal(self, self.screen_stack, self._written_anew)

    def _written_anew(self, line: str) -> None:
        self.gone = False
        self.say(line)

    def show_history(self) -> None:
        from .screens.history import HistoryScreen

        if self.session is not None:
            self.push_screen(HistoryScreen(self.session.events()))

    def show_ledger(self, bank: bool = False) -> None:
        """The ledger screen: the settle-up by fewest payments, or through the bank (R12.2)."""
        from .screens.ledger import ledger_screen

        if self.session is not None:
            title = self.session.journal.session(self.session.id).title
            self.push_screen(ledger_screen(self.session.state, title, bank))

    def watch_theme(self, theme: str) -> None:
        self.preferences.remember_theme(theme)

    # ------------------------------------------------------------------ clock

    def on_level_clock_chime(self, message: Any) -> None:
        """R2.7c: a level or a break ended, or the level changed: the host's chime (the
        terminal's bell), unless the host turned it off."""
        if self.preferences.chime:
            self.bell()

    def on_level_clock_announce(self, message: Any) -> None:
        """R2.7c: a new level, a break, a last minute: on the status line and aloud (or
        captioned when speech is off)."""
        if message.on_screen:
            self.say(message.text)
        self.say_aloud(message.text)
