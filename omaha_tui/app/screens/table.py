"""The table screen: what the dealer looks at all night.

Seats sit around the felt in table order, clockwise (:mod:`..widgets.ring`: a top row,
one seat at each end, a bottom row), each a small box of two or three lines. The felt
holds the board drawn as cards and the pot in large digits with the side pots beneath;
the header carries the level, the blinds and the time to the next level, and the
player to act with their legal range and pot-limit maximum sits underneath.
The screen renders the :class:`~omaha_tui.session.view.TableView` the app gives it and
hands each table key (:mod:`omaha_tui.app.keys`) to the app's ``press``; it records
nothing. The app also tells it which keys the rules allow now
(:meth:`TableScreen.set_live`, from the session's ``available()``): the others are
shown disabled in the footer, and pressed they record nothing and say why.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.markup import escape
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Static

from omaha_tui.app.keys import ALWAYS, FOOTER, MOMENT, bindings
from omaha_tui.app.widgets.action_bar import ActionBar
from omaha_tui.app.widgets.board import Board, runs_markup
from omaha_tui.app.widgets.clock import LevelClock
from omaha_tui.app.widgets.equities import Tabled, compute_in_background, named_shares
from omaha_tui.app.widgets.footer import TableFooter
from omaha_tui.app.widgets.pots import Pots
from omaha_tui.app.widgets.repaint import show_border_title
from omaha_tui.app.widgets.restyle import Restyler
from omaha_tui.app.widgets.ring import BOTTOM, LEFT, RIGHT, SLOTS, TOP, ring_slots
from omaha_tui.app.widgets.seat import Seat
from omaha_tui.app.widgets.standings import StandingsBar
from omaha_tui.engine.allin.spot import AllInSpot
from omaha_tui.session.clock import ClockFollower, ClockReader
from omaha_tui.session.tournament import next_break, places_words
from omaha_tui.session.view import TableView, chips

TALL = 36  # rows from which seats get roomier boxes and the cards grow


class TableScreen(Screen[None]):
    """The main view; its keys go to the app's ``press`` by name."""

    CSS_PATH = Path(__file__).with_name("table.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        *bindings(),
    ]

    def __init__(
        self,
        now: Callable[[], float] = time.monotonic,
        press: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__()
        self._now = now
        self._press = press
        self._view: TableView | None = None
        self._live: frozenset[str] = frozenset()
        self._tabled = Tabled({})  # each seat's hand and share, each pot's (R10.3)
        self._on_break = False  # the clock is in a break (R2.7): no hand starts
        self._spot: AllInSpot | None = None
        self._runs_text = ""
        self._title_text = ""
        self._street: str | None = None
        # Seats go back and forth between a few looks: each is matched against the
        # stylesheet once, then remembered (all ten change look when a hand ends).
        self._restyle = Restyler()
        # The widgets a keypress paints, kept from compose (the screen never recomposes),
        # so painting looks nothing up in the DOM.
        self._seats = tuple(Seat(slot) for slot in range(SLOTS))
        self._title = Static("", id="title")
        self._standings = StandingsBar(id="standings")
        self._clock = ClockFollower(lambda: None)
        self._ends = (
            Vertical(id="left-end", classes="seat-end"),
            Vertical(id="right-end", classes="seat-end"),
        )
        self._felt = Vertical(id="felt")
        self._board = Board("", id="board")
        self._runs = Static("", id="runs")
        self._pots = Pots(id="pots")
        self._action_bar = ActionBar(id="action-bar")

    def compose(self) -> ComposeResult:
        seats = self._seats
        with Horizontal(id="title-row"):
            yield self._title
            yield LevelClock(id="clock")
        yield self._standings  # R11: a tournament's standings
        with Vertical(id="ring"):
            with Horizontal(id="top-seats", classes="seat-row"):
                for slot in TOP:
                    yield seats[slot]
            with Horizontal(id="middle"):
                with self._ends[0]:
                    yield seats[LEFT[0]]
                with self._felt:
                    yield self._board
                    yield self._runs
                    yield self._pots
                with self._ends[1]:
                    yield seats[RIGHT[0]]
            with Horizontal(id="bottom-seats", classes="seat-row"):
                for slot in reversed(BOTTOM):  # clockwise runs right to left along the bottom
                    yield seats[slot]
        yield self._action_bar
        yield TableFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one(StandingsBar).display = False
        self.set_class(self.size.height >= TALL, "-tall")
        if self._view is not None:
            self._paint(self._view)
        else:  # no table yet (setup or the resume offer is open): an empty felt
            for seat in self.query(Seat):
                seat.display = False
            self.query_one(LevelClock).display = False

    def on_resize(self, event: events.Resize) -> None:
        tall = event.size.height >= TALL
        if tall != self.has_class("-tall"):
            self.set_class(tall, "-tall")
            if self._view is not None:
                self._paint(self._view)

    # ------------------------------------------------------------------ rendering

    def show(self, view: TableView) -> None:
        """Render ``view`` (the app calls this whenever the table state changes)."""
        self._view = view
        if self.is_mounted:
            self._paint(view)

    def _paint(self, view: TableView) -> None:
        if view.spot != self._spot:
            self._spot, self._tabled = view.spot, Tabled({})
            if view.spot is not None:
                compute_in_background(self, view.spot, self._show_equities)
        # What did not change is not touched: every update marks screen lines to draw
        # again, and Textual redraws the whole box around all of them.
        hand = f" · hand #{view.hand_number}" if view.hand_number else ""
        title = f"[b]{view.title}[/b]{hand}  [dim]ctrl+p commands[/]"
        if title != self._title_text:
            self._title_text = title
            self._title.update(title, layout=False)
        tournament = view.tournament
        self._standings.show(tournament, places_words(tournament, escape) if tournament else None)
        tall = self.has_class("-tall")
        # Empty chairs stay out of the ring, except one holding a dead button: the chair
        # of a player who left, where the small blind was last hand (R1.5c).
        occupied = [s for s in view.seats if s.name is not None or s.markers]
        placed = dict(zip(ring_slots(len(occupied)), occupied, strict=True))
        restyled: list[Seat] = []  # the seats whose look changed, restyled together
        for slot in range(SLOTS):
            widget = self._seats[slot]
            seat = placed.get(slot)
            if widget.display != (seat is not None):
                widget.display = seat is not None
            if seat is None:
                continue
            widget.index = seat.index
            tabled = self._tabled.seats.get(seat.index, "")
            widget.show(seat, tall=tall, tabled=tabled, restyle=restyled.append)
        self._restyle(restyled)
        ends = RIGHT[0] in placed  # the two ends fill together (six players or more)
        for end in self._ends:
            if end.display != ends:
                end.display = ends
        if view.street != self._street:
            self._street = view.street
            show_border_title(self._felt, view.street)  # its top row only
        self._board.show(view.board, view.board_untracked, tall=tall)
        self._paint_runs(view)
        names = {s.index: s.name for s in view.seats if s.name is not None}
        shares = named_shares(self._tabled, names)
        self._pots.show(view.pots, view.in_front, view.decimals, shares)
        self._action_bar.show(view.turn, self._prompt(view))

    def _paint_runs(self, view: TableView) -> None:
        """R10.2: under the first run's board, one line per run."""
        text = runs_markup(view)
        if text != self._runs_text:  # most keypresses change nothing here
            self._runs_text = text
            runs = self._runs
            runs.display = bool(text)
            runs.update(text, layout=True)

    def _show_equities(self, spot: AllInSpot, lines: Tabled) -> None:
        """The figures are ready: show them if the table is still at that spot."""
        if spot == self._spot and self._view is not None:
            self._tabled = lines
            self._paint(self._view)

    def follow_clock(self, read: ClockReader, fallback: str) -> None:
        """Show the blind clock (R2.7) as ``read`` gives it; ``fallback`` without a schedule."""
        clock = self.query_one(LevelClock)
        clock.display = True
        self._clock.read = read  # one ear for the table: a level is said once (R2.7c)
        clock.follow(self._clock, fallback)
        self._standings.follow(lambda: next_break(read()) or "")

    def _prompt(self, view: TableView) -> str:
        """The dealer's next step; during a break (R2.7) no hand starts, so instead of
        dealing the line says so and that ``B`` ends the break."""
        if self._on_break and (view.hand is None or view.hand.complete):
            return "Break: no hand until it ends (B ends it early)."
        return view.prompt

    def on_level_clock_break(self, message: LevelClock.Break) -> None:
        self._on_break = message.on_break
        if self._view is not None:
            self._action_bar.show(self._view.turn, self._prompt(self._view))

    def large_clock(self, large: bool) -> None:
        """The host's countdown in large digits in the title row, or the one line."""
        self.query_one("#title-row").set_class(large, "-large-clock")
        self.query_one(LevelClock).show_large(large)

    def say(self, text: str, *, refused: bool = False) -> None:
        """Put a line on the status bar (a refusal, the last action, a caption)."""
        self._action_bar.say(text, refused=refused)

    def felt_region(self) -> Region | None:
        """Where the felt is: a prompt opens over it, the seats around it in sight."""
        if self._view is None or not self._felt.is_mounted:
            return None
        return self._felt.region

    # ------------------------------------------------------------------ actions

    def set_live(self, live: frozenset[str]) -> None:
        """The table keys the rules allow now; the footer disables the others.

        ``check_action`` reads the set at every key press; the footer is redrawn only
        when a key it shows changes, since redrawing it rebuilds all its keys.
        """
        shown_before = self._live & FOOTER
        self._live = live
        if live & FOOTER != shown_before:
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enabled when the rules allow it now; ``None`` shows the key disabled (the
        all-in keys are hidden instead, so the footer stays short at 80 columns)."""
        if action != "act" or not parameters:
            return True
        name = str(parameters[0])
        if name in self._live or name in ALWAYS:
            return True
        return False if name in MOMENT else None

    def action_act(self, name: str) -> None:
        """A table key (typed, or clicked in the footer): the app acts on it now."""
        if self._press is not None:
            self._press(name)

    @on(Seat.Selected)
    def _seat_clicked(self, message: Seat.Selected) -> None:
        """A click on a seat reads it out on the status line (handy on a big table)."""
        if self._view is None:
            return
        seat = self._view.seats[message.seat]
        parts = [f"stack {chips(seat.stack, seat.decimals)}"]
        if seat.committed:
            parts.append(f"in the pot {chips(seat.committed, seat.decimals)}")
        if seat.status:
            parts.append(seat.status)
        if seat.markers:
            parts.append(" ".join(seat.markers))
        self.say(f"{seat.label}: {', '.join(parts)}")
