"""``OmahaApp``: the dealer's table, wired to the journal through the controller.

The app owns the open :class:`~omaha_tui.store.journal.Journal` and the current
``TableState`` (a reactive). Keys on the table screen arrive as
:class:`~omaha_tui.app.messages.ActionRequested`; screens that collect input (setup,
showdown, the prompts) dismiss with a result. Both go to the
:class:`~omaha_tui.app.controller.Controller`, which appends events durably before
the state changes, and the new state flows down to the table screen. The app never
builds a ``TableState`` itself and never writes the journal directly.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from omaha_tui.engine import commands
from omaha_tui.engine.betting import legal_actions, pot_limit_breakdown
from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game
from omaha_tui.engine.events import Event
from omaha_tui.engine.labels import printable, seat_label
from omaha_tui.engine.levels import BlindSchedule
from omaha_tui.engine.reducer import replay
from omaha_tui.engine.state import BOARD_AFTER, NEXT_STREET, TableState
from omaha_tui.store.journal import Journal, JournalError, SessionBusy, SessionInfo

from .controller import Controller, Outcome, Player, opening_events
from .messages import ActionRequested, TableAction
from .palette import TableCommands
from .screens.table import TableScreen
from .speech import SilentBackend, SpeechBackend, choose_backend, speak_in_background
from .themes import DEFAULT_THEME, SUIT_VARIABLE_DEFAULTS, register_themes
from .view import chips, options, shown, table_view
from .widgets.action_bar import ActionBar
from .widgets.amount_prompt import AmountPrompt, AmountRange, TextPrompt
from .widgets.board import BoardPrompt

DEMO_PLAYERS = (
    Player(0, "Ann", 200),
    Player(1, "Bob", 200),
    Player(2, "Cy", 200),
    Player(3, "Dee", 200),
)


def demo_config() -> TableConfig:
    """The ``--demo`` table: pot-limit Omaha 1/2."""
    return TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))


@dataclass(frozen=True)
class TableStart:
    """A table to open without the setup screen (``play`` flags, ``--demo``, tests).

    ``draw`` maps seat to a face-up card for the R1.4 button draw; otherwise the
    button is placed on ``button`` (default: the first player). ``deal`` starts the
    first hand at once.
    """

    config: TableConfig
    players: tuple[Player, ...]
    button: int | None = None
    draw: dict[int, str] | None = None
    schedule: BlindSchedule | None = None
    deal: bool = False
    title: str = ""


class ResumeDialog(ModalScreen[bool]):
    """Offers to continue the last unfinished session; dismisses True to resume."""

    BINDINGS: ClassVar = [
        Binding("y", "answer(True)", "Resume"),
        Binding("n,escape", "answer(False)", "New game"),
    ]

    def __init__(self, info: SessionInfo) -> None:
        super().__init__()
        self.info = info

    def compose(self) -> ComposeResult:
        i = self.info
        with Vertical(id="resume", classes="prompt"):
            yield Label(f"[b]Resume “{shown(i.title)}”?[/b]")
            yield Label(
                f"{i.hands} hand{'s' * (i.hands != 1)}, last played "
                f"{i.updated[:16].replace('T', ' ')} UTC",
                classes="hint",
            )
            with Horizontal(classes="buttons"):
                yield Button("Resume (y)", id="yes", variant="primary")
                yield Button("New game (n)", id="no")

    @on(Button.Pressed, "#yes")
    def _yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def _no(self) -> None:
        self.dismiss(False)

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


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
        start: TableStart | None = None,
        resume: int | str | None = None,
        demo: bool = False,
        now: Callable[[], float] = time.monotonic,
        speech: SpeechBackend | None = None,
        settings_path: Path | None = None,
    ) -> None:
        super().__init__()
        self.db = db
        self.journal = journal
        self._own_journal = journal is None
        self.start = TableStart(demo_config(), DEMO_PLAYERS, deal=True) if demo else start
        self.resume = resume
        self.now = now
        self.speech = speech
        self.settings_path = settings_path
        self.controller: Controller | None = None
        self.table = TableScreen(now=now)

    def notify(self, message: str, *, markup: bool = False, **kwargs: Any) -> None:
        """Notifications are plain text: they carry names and titles people typed."""
        super().notify(printable(message), markup=markup, **kwargs)

    # ------------------------------------------------------------------ start-up

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(SUIT_VARIABLE_DEFAULTS)

    async def on_mount(self) -> None:
        self._load_settings()
        await self.push_screen(self.table)
        if self.journal is None:
            try:
                self.journal = Journal.open(self.db)
            except JournalError as e:
                self.exit(return_code=2, message=str(e))
                return
        if self.start is not None:
            self.open_table(self.start)
        elif self.resume not in (None, "new"):
            self._resume_request(self.resume)
        elif (last := self.journal.last_unfinished()) is not None:
            self.push_screen(ResumeDialog(last), lambda yes: self._after_offer(last, yes))
        else:
            self.open_setup()

    def _load_settings(self) -> None:
        from .settings import load_settings

        loaded = load_settings(self.settings_path)
        self.settings = loaded.settings
        if loaded.warning:
            self.notify(loaded.warning, severity="warning")
        names = register_themes(self)
        self.theme = self.settings.theme if self.settings.theme in names else DEFAULT_THEME
        if self.speech is None:
            s = self.settings
            self.speech = choose_backend(s.speech, s.voice, s.rate)

    def _after_offer(self, info: SessionInfo, yes: bool | None) -> None:
        if yes:
            self.resume_session(info.id)
        else:
            self.open_setup()

    def _resume_request(self, which: int | str | None) -> None:
        assert self.journal is not None
        if which == "last":
            last = self.journal.last_unfinished()
            if last is None:
                self.notify("No unfinished session to resume: set up a new table.")
                self.open_setup()
                return
            which = last.id
        self.resume_session(int(which or 0))

    def open_setup(self) -> None:
        """Push the setup screen; its result opens the table."""
        from .screens.setup import SetupScreen

        self.push_screen(SetupScreen(), self._after_setup)

    def _after_setup(self, result: Any) -> None:
        from .screens.setup import setup_events

        if result is None:
            self.exit()
            return
        self.open_session(setup_events(result), result.title or result.config.title)

    def open_table(self, start: TableStart) -> None:
        """Open the table described by ``start`` (flags, ``--demo``, tests)."""
        events = opening_events(
            start.config, start.players, button=start.button, draw=start.draw, title=start.title
        )
        self.open_session(
            events, start.title or start.config.title, start.schedule, deal=start.deal
        )

    def open_session(
        self,
        events: tuple[Event, ...],
        title: str,
        schedule: BlindSchedule | None = None,
        *,
        deal: bool = False,
    ) -> None:
        """Create a session, record its opening ``events``, show the table.

        A start the engine refuses (say, too many players for the game) ends the app
        with the engine's message before any session is created.
        """
        assert self.journal is not None
        try:
            replay(events)
        except ValueError as e:
            self.exit(return_code=2, message=f"cannot open the table: {e}")
            return
        meta = {"schedule": schedule.model_dump() if schedule is not None else None}
        sid = self.journal.create_session(title, meta=meta)
        self._bind_session(sid, replay(()), schedule)
        assert self.controller is not None
        self.controller.record(*events)
        self.table.say(f"Session {sid}: {title}. Press n to deal.")
        if deal:
            self.report(self.controller.next_hand())

    def resume_session(self, session_id: int) -> None:
        """Continue a recorded session exactly where it stopped (replay)."""
        assert self.journal is not None
        try:
            self.journal.claim(session_id)
            state = self.journal.load_state(session_id)
            meta = self.journal.meta(session_id)
        except (SessionBusy, JournalError) as e:
            self.exit(return_code=2, message=str(e))
            return
        raw = meta.get("schedule")
        schedule = BlindSchedule.model_validate(raw) if raw else None
        self._bind_session(session_id, state, schedule)
        self.state = state
        where = (
            f"during hand #{state.hand.number}"
            if state.in_hand and state.hand is not None
            else f"after {state.hands_played} hands"
        )
        self.table.say(f"Resumed session {session_id} {where}")

    def _bind_session(self, sid: int, state: TableState, schedule: BlindSchedule | None) -> None:
        assert self.journal is not None
        self.controller = Controller(
            self.journal, sid, state, schedule=schedule, on_change=self._set_state
        )
        self.session_id = sid

    def _set_state(self, state: TableState) -> None:
        self.state = state

    def on_unmount(self) -> None:
        if self.journal is not None and self._own_journal:
            self.journal.close()

    # ------------------------------------------------------------------ state down

    def watch_state(self, state: TableState | None) -> None:
        if state is None or state.config is None:
            return
        self.table.show(table_view(state))
        minutes = 0
        schedule = self.controller.schedule if self.controller is not None else None
        if schedule is not None and 0 < state.level <= len(schedule.levels):
            minutes = schedule.levels[state.level - 1].minutes
        stakes = state.stakes or state.config.stakes
        if self.table.is_mounted:
            self.table.set_level(
                state.level, f"{chips(stakes.small_blind)}/{chips(stakes.big_blind)}", minutes
            )

    def report(self, outcome: Outcome) -> Outcome:
        """Show what happened (or why not) on the status line."""
        if outcome.refused:
            self.bell()
        self.table.say(outcome.message, refused=outcome.refused)
        return outcome

    @property
    def ctl(self) -> Controller:
        """The controller of the open table (palette commands run only with one)."""
        assert self.controller is not None, "no table is open"
        return self.controller

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

    @on(ActionRequested)
    def _action(self, message: ActionRequested) -> None:
        c = self.controller
        if c is None:
            self.table.say("No table is open yet.", refused=True)
            return
        match message.action:
            case TableAction.FOLD:
                self.report(c.fold())
            case TableAction.CHECK_CALL:
                self.report(c.check_or_call())
            case TableAction.ALL_IN:
                self.report(c.all_in())
            case TableAction.UNDO:
                self.report(c.undo())
            case TableAction.NEXT_HAND:
                self._next_hand(c)
            case TableAction.POT:
                self._pot(c)
            case TableAction.BET:
                self._bet(c)
            case TableAction.DEAL:
                self._deal(c)
            case TableAction.SHOWDOWN:
                self._showdown(c)

    def _pot(self, c: Controller) -> None:
        outcome, breakdown = c.pot()
        self.report(outcome)
        if outcome.ok and breakdown is not None:
            self.table.show_breakdown(breakdown, outcome.message)

    def _bet(self, c: Controller) -> None:
        state = c.state
        la = legal_actions(state)
        if la is None:
            try:
                commands.verify_fold(state)  # the engine says why nobody can act
            except ValueError as e:
                self.report(Outcome(False, str(e)))
            return
        if not la.can_bet_or_raise:
            self.report(Outcome(False, la.describe_range()))
            return
        seat = state.seats[la.seat]
        assert seat is not None and state.config is not None
        pot_limit = state.config.structure is Structure.POT_LIMIT
        breakdown = pot_limit_breakdown(state) if pot_limit else None
        amounts = AmountRange(
            title=f"{seat.name} {'bets' if la.can_bet else 'raises'}",
            verb="bet" if la.can_bet else "raise to",
            minimum=la.min_raise_to,
            maximum=la.max_raise_to,
            all_in=la.all_in_to,
            prefill=la.max_raise_to if pot_limit else la.min_raise_to,
            chip=(state.stakes or state.config.stakes).chip,
        )

        def verify(amount: int) -> str | None:
            try:
                commands.verify_bet_or_raise(c.state, amount, confirm_all_in=True)
            except ValueError as e:
                return str(e)
            return None

        def done(amount: int | None) -> None:
            if amount is not None:
                self.report(c.bet_or_raise(amount, confirm_all_in=True))

        self.push_screen(AmountPrompt(amounts, breakdown, verify), done)

    def _deal(self, c: Controller) -> None:
        state = c.state
        hand = state.hand
        if hand is not None and hand.early_card_pending:  # R3.3 Courchevel

            def early(text: str | None) -> None:
                if text is not None:
                    self.report(c.deal_early_card(text))

            self.push_screen(BoardPrompt("early flop card", 1), early)
            return
        try:
            commands.deal_board(state, "")  # pure: asks the engine whether a street is due
        except ValueError as e:
            self.report(Outcome(False, str(e)))
            return
        assert hand is not None
        nxt = NEXT_STREET[hand.street]
        count = BOARD_AFTER[nxt] - hand.board_count

        def done(text: str | None) -> None:
            if text is not None:
                self.report(c.deal_board(text))

        self.push_screen(BoardPrompt(nxt.value, count, hand.board), done)

    def _showdown(self, c: Controller) -> None:
        from .screens.showdown import ShowdownScreen

        hand = c.state.hand
        if hand is None or hand.complete:
            self.report(Outcome(False, "no hand is running: nothing to show down"))
            return
        if hand.to_act is not None:
            la = legal_actions(c.state)
            who = c.state.seats[hand.to_act]
            name = who.name if who is not None else seat_label(hand.to_act)
            choices = options(la, all_in=commands.can_all_in(c.state)) if la else ()
            detail = f": {' · '.join(choices)}" if choices else ""
            self.report(Outcome(False, f"the betting is not over: {name} to act{detail}"))
            return

        def done(result: Any) -> None:
            if result is None:
                return
            outcome = self.report(c.showdown(result))
            if outcome.ok and result.speech:
                self.say_aloud(result.speech)

        self.push_screen(ShowdownScreen(c.state, self.speech), done)

    def _next_hand(self, c: Controller) -> None:
        config = c.state.config
        if config is None or not config.variant.binglao:
            self.report(c.next_hand())
            return

        def check(text: str) -> str | None:  # R3.4: the button's die decides the game
            answer = text.strip().lower()
            if answer not in ("r", "1", "2", "3", "4", "5", "6"):
                return f'"{text}" is not a die roll: type 1 to 6, or r to roll'
            roll = random.randint(1, 6) if answer == "r" else int(answer)
            outcome = self.report(c.next_hand(die_roll=roll))
            return None if outcome.ok else outcome.message

        self.push_screen(
            TextPrompt("Binglao: the button's die roll (R3.4)", "1-6, or r", "r", check)
        )

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        self.push_screen(HelpScreen())

    # ------------------------------------------------------------------ palette

    def toggle_speech(self) -> None:
        """Speech on/off, remembered in the settings."""
        self.change_speech(speech=not self.settings.speech)

    def change_speech_rate(self, step: int) -> None:
        """Speak faster or slower by ``step`` words a minute (80 to 450), remembered."""
        self.change_speech(rate=min(450, max(80, self.settings.rate + step)))

    def change_speech(self, **update: Any) -> None:
        """Apply and remember a speech setting, and say what it now is."""
        from .settings import save_settings

        self.settings = self.settings.model_copy(update=update)
        s = self.settings
        self.speech = choose_backend(s.speech, s.voice, s.rate)
        if (warning := save_settings(s, self.settings_path)) is not None:
            self.notify(warning, severity="warning")
        self.table.say(
            f"Speech {'on' if s.speech else 'off'} ({self.speech.name}), {s.rate} words a minute"
        )

    def watch_theme(self, theme: str) -> None:
        """Remember the theme the dealer picked (the palette's theme picker sets it)."""
        settings = getattr(self, "settings", None)
        if settings is None or settings.theme == theme:
            return
        from .settings import save_settings

        self.settings = settings.model_copy(update={"theme": theme})
        if (warning := save_settings(self.settings, self.settings_path)) is not None:
            self.notify(warning, severity="warning")

    def read_breakdown(self) -> None:
        """Read the pot-limit sentence aloud (the one on screen, else the current one)."""
        sentence = self.table.breakdown_sentence()
        if not sentence and self.controller is not None:
            b = pot_limit_breakdown(self.controller.state)
            sentence = b.sentence if b is not None else ""
        if not sentence:
            self.table.say("No pot-limit amount to read: nobody is to act.", refused=True)
            return
        self.say_aloud(sentence)

    def show_history(self) -> None:
        from .screens.history import HistoryScreen

        if self.controller is not None:
            self.push_screen(HistoryScreen(self.controller.events()))

    def show_ledger(self) -> None:
        from omaha_tui.store.ledger import ledger, settle_up

        from .screens.ledger import LedgerScreen

        if self.controller is not None:
            book = ledger(self.controller.state)
            self.push_screen(LedgerScreen(book.lines, settle_up(book), book.explain()))

    # ------------------------------------------------------------------ clock

    def on_level_clock_level_due(self, message: Any) -> None:
        if self.controller is not None and self.controller.schedule is not None:
            self.controller.level_due = True
            self.table.say("Blind level is up: the new level starts with the next hand.")
