"""The players' display as a Textual app: what the table wants to see without asking.

Large digits for the blinds and the time to the next level, the board drawn as cards,
the pot in large digits with the side pots beneath (and who can win each), every
player's stack, bet and status, whose turn it is, and each tabled hand with its equity
when everyone is all in (R10.3). It polls the
:class:`~.follower.Follower` a few times a second and redraws only when the journal
moved, so it follows the dealer within a second. It has no keys that act: nothing
typed here can reach the journal, which it opens read-only anyway.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.widgets import Digits, Static

from omaha_tui.app.textual_themes import register_themes
from omaha_tui.app.widgets.board import Board, runs_markup
from omaha_tui.app.widgets.equities import Tabled, compute_in_background, named_shares
from omaha_tui.app.widgets.pots import Pots
from omaha_tui.app.widgets.seat import Seat
from omaha_tui.engine.allin.spot import AllInSpot
from omaha_tui.engine.labels import printable
from omaha_tui.prefs.themes import DEFAULT_THEME, SUIT_VARIABLE_DEFAULTS
from omaha_tui.session.clock import ClockView
from omaha_tui.session.document import table_document
from omaha_tui.session.view import TableView, chips, format_clock, shown, table_view
from omaha_tui.store.records import JournalError

from .follower import Follower, LevelShown
from .notice import Abandonment

POLL_SECONDS = 0.1
"""How often the journal is looked at: a few small reads when nothing happened."""

SLASH = "  ╱\n ╱ \n╱  "
"""A slash three rows high, between the blinds (Digits has none)."""

Json = dict[str, Any]

SEAT_WIDTH = 26
"""Columns one player's box takes, to fit as many per row as the screen allows."""


def clock_text(clock: LevelShown) -> str:
    """The countdown for the big clock: ``12:35``, or ``00:00`` when the level is up
    (the one rounding, whole seconds up, R2.7).

    >>> clock_text(LevelShown(2, 2, 5, 0, 754.2))
    '12:35'
    """
    return format_clock(clock.seconds_left or 0)


def level_caption(clock: LevelShown, on_break: bool = False, due: bool = False) -> str:
    """``Level 2 · blinds`` (with the ante when there is one), as the web page says it:
    in a break the level after it (``Break · then level 2 · blinds``), and a level the
    clock reached mid-hand ``from the next hand`` (R2.7d).

    >>> level_caption(LevelShown(2, 2, 5, 0, 60.0), due=True)
    'Level 2 · from the next hand · blinds'
    >>> level_caption(LevelShown(5, 300, 600, 600, 60.0, big_blind_ante=True))
    'Level 5 · blinds · BB ante 600'
    """
    kind = "BB ante" if clock.big_blind_ante else "ante"  # R2.9: one ante, the big blind's
    ante = f" · {kind} {chips(clock.ante, clock.decimals)}" if clock.ante else ""
    if on_break:
        return f"Break · then level {clock.level} · blinds{ante}"
    when = " · from the next hand" if due else ""
    return f"Level {clock.level}{when} · blinds{ante}"


def clock_caption(view: ClockView | None) -> str:
    """The words over the big clock (R2.7), as the web page says them: ``BREAK`` (the
    countdown is the break's), ``PAUSED`` (it stands still), or what it counts down to.

    >>> clock_caption(None)
    'next level in'
    """
    if view is None:
        return "next level in"
    head = f"BREAK {view.break_number}" if view.on_break else ""
    if view.paused:
        return f"{head} · PAUSED" if head else "PAUSED · next level in"
    if head:
        return f"{head} · ends in"
    if not view.started:
        return "starts with the first hand"
    return "next level in"


def standings_text(t: Json) -> str:
    """A tournament's standings in one line of markup (R11): players left, average,
    chip leader, pool, the prizes still to be decided or the deal's (R11.5), and the
    latest players out (R11.3), from the session's document."""
    parts = [f"[b]{t['players_left']} of {t['entries']} left[/b]", f"average {t['average']:,}"]
    if t["chip_leader"] is not None:
        leader = t["chip_leader"]
        parts.append(f"leader {shown(leader['name'])} {leader['chips']:,}")
    parts.append(f"pool {t['pool_text']}")
    if t["deal_prizes"]:
        deal = ", ".join(f"{shown(p['name'])} {p['prize']}" for p in t["deal_prizes"])
        kept = f", {t['kept_text']} to the winner" if t["kept_text"] else ""
        parts.append(f"deal: {deal}{kept}")
    elif t["prizes_left"]:
        parts.append(" ".join(f"{p['place']} {p['prize']}" for p in t["prizes_left"]))
    out = [p for p in t["placed"] if p["place"] != "1st"][:3]
    if out:
        parts.append(
            f"{t['out_head']} " + ", ".join(f"{p['place']} {shown(p['name'])}" for p in out)
        )
    return " · ".join(parts)


def end_text(doc: Json) -> str:
    """The end screen in markup: the places of a tournament, each player's money in, out
    and net, and the settle-up lines (R11, R12), from the session's document."""
    t, r = doc["tournament"], doc["results"]
    lines = ["[b]The tournament is over[/b]" if t else "[b]The session has ended[/b]", ""]
    for p in t["placed"] if t else []:
        prize = f"  {p['prize']}" if p["prize"] else ""
        lines.append(f"{p['place']:<5} {shown(p['name'])}{prize}")
    if t:
        lines.append("")
    if r is not None:
        head = r["columns"]
        lines.append(f"[b]{head[0]:<14} {head[1]:>10} {head[2]:>12} {head[3]:>8}[/b]")
        for line in r["lines"]:
            money = line.get("money", {})
            paid = money.get("paid_in", line["paid_in"])
            out = money.get("cashed_out", line["cashed_out"])
            net = money.get("net", line["net"])
            if isinstance(net, int):
                net = f"{net:+,}" if net else "0"
            lines.append(f"{shown(line['name']):<14} {paid!s:>10} {out!s:>12} {net!s:>8}")
        lines.append("")
        lines += [shown(x) for x in r["settlement"]]
    return "\n".join(lines)


def title_line(view: TableView, clock: LevelShown) -> str:
    """The top line in plain words (what a screen reader or a search of the page finds):
    ``Friday PLO · hand #4 · blinds 2/5 · pot 45``."""
    parts = [f"[b]{view.title}[/b]"]  # markup-safe from the view
    if view.hand_number:
        parts.append(f"hand #{view.hand_number}")
    dec = view.decimals
    parts.append(f"blinds {chips(clock.small_blind, dec)}/{chips(clock.big_blind, dec)}")
    if view.pots or view.in_front:
        parts.append(f"pot {chips(view.pot_total, dec)}")
    return " · ".join(parts)


class DisplayApp(App[None]):
    """A read-only view of one session, for a TV, a phone or a second monitor."""

    CSS_PATH = Path(__file__).with_name("display.tcss")
    TITLE = "omaha-tui display"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", "Quit", show=False)]

    def __init__(
        self,
        follower: Follower,
        *,
        now: Callable[[], float] = time.time,
        poll_seconds: float = POLL_SECONDS,
        theme: str = DEFAULT_THEME,
    ) -> None:
        super().__init__()
        self.follower = follower
        self._now = now
        self._poll_seconds = poll_seconds
        self._theme_name = theme
        self._view: TableView | None = None
        self._clock = ""
        self._notice = ""
        self._abandonment = Abandonment()
        self._caption = ""
        self._level: tuple[int, int, int, int, bool, bool] | None = None
        self._spot: AllInSpot | None = None
        self._tabled = Tabled({})  # each seat's hand and share, each pot's (R10.3)
        self.shown_seq = -1
        """The journal sequence number the screen shows (tests and the bench wait on it)."""

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(SUIT_VARIABLE_DEFAULTS)

    def compose(self) -> ComposeResult:
        yield Static("", id="title")
        yield Static("", id="notice")
        with Horizontal(id="top"):
            with Vertical(id="blinds-box", classes="big"):
                yield Static("", id="level-caption", classes="caption")
                with Horizontal(id="blinds"):
                    yield Digits("", id="sb")
                    yield Static(SLASH, id="slash")
                    yield Digits("", id="bb")
            with Vertical(id="clock-box", classes="big"):
                yield Static("next level in", id="clock-caption", classes="caption")
                yield Digits("", id="clock")
        yield Static("", id="standings")
        yield Static("", id="end")
        with Vertical(id="felt"):
            yield Board("", id="board")
            yield Static("", id="runs")
            yield Pots(id="pots")
        yield Static("", id="turn")
        with Grid(id="players"):
            for i in range(10):
                yield Seat(i)

    def on_mount(self) -> None:
        register_themes(self)
        self.theme = self._theme_name
        self._refresh_table()
        self._tick()
        self.set_interval(self._poll_seconds, self._poll)
        self.set_interval(1.0, self._tick)

    def on_resize(self) -> None:
        self._fit_players()

    # ------------------------------------------------------------------ following

    def _poll(self) -> None:
        if not self.is_running:  # shutting down: the widgets are going, nothing to show
            return
        try:
            moved = self.follower.poll()
        except JournalError as e:  # the file went away or changed under us: say so, keep going
            self._say(printable(str(e)))  # the notice line, cleared by the next good poll
            return
        self._say(self._abandonment.notice(self.follower, self._notice))
        if moved:
            self._refresh_table()
            self._tick()

    def _say(self, notice: str) -> None:
        """The one line the web page shows too when the journal is gone or nobody records
        the session (the dealer's app closed or killed), gone when it is back."""
        if notice != self._notice:
            self._notice = notice
            widget = self.query_one("#notice", Static)
            widget.update(Content(notice))
            widget.display = bool(notice)

    def _tick(self) -> None:
        """Once a second: the countdown, and the level when it moved (nothing else redraws)."""
        if not self.is_running:  # shutting down (see _poll)
            return
        now = self._now()
        clock = self.follower.clock(now)
        view = self.follower.view(now)
        on_break = view is not None and view.on_break
        due = view is not None and view.due and not view.hand_running  # R2.7: the hand's
        level = (clock.level, clock.small_blind, clock.big_blind, clock.ante, on_break, due)
        if level != self._level:
            self._level = level
            dec = clock.decimals
            caption = level_caption(clock, on_break, due)
            self.query_one("#level-caption", Static).update(caption)
            self.query_one("#sb", Digits).update(chips(clock.small_blind, dec))
            self.query_one("#bb", Digits).update(chips(clock.big_blind, dec))
        timed = clock.seconds_left is not None
        box = self.query_one("#clock-box")
        if box.display != timed:
            box.display = timed
        caption = clock_caption(view)  # R2.7: a break and a pause, as the web page shows
        if caption != self._caption:
            self._caption = caption
            self.query_one("#clock-caption", Static).update(caption)
            box.set_class(on_break, "-break")
            box.set_class(view is not None and view.paused, "-paused")
        text = clock_text(clock)
        if timed and text != self._clock:
            self._clock = text
            self.query_one("#clock", Digits).update(text)

    def _refresh_table(self) -> None:
        state = self.follower.state
        if state.config is None:
            self.query_one("#title", Static).update(shown(self.follower.title))
            return
        view = table_view(state)
        doc = table_document(state, clock=self.follower.reading(self._now()), view=view)
        standings = self.query_one("#standings", Static)
        standings.display = doc["tournament"] is not None and doc["phase"] != "ended"
        if standings.display:
            standings.update(standings_text(doc["tournament"]))
        over = doc["phase"] == "ended"
        end = self.query_one("#end", Static)
        end.display = over
        for part in ("#felt", "#turn", "#players"):
            self.query_one(part).display = not over
        if over:
            end.update(end_text(doc))
        self._view = view
        if view.spot != self._spot:
            self._spot, self._tabled = view.spot, Tabled({})
            if view.spot is not None:
                compute_in_background(self, view.spot, self._show_equities)
        self.query_one("#title", Static).update(title_line(view, self.follower.clock(self._now())))
        self.query_one("#felt").border_title = view.street
        self.query_one(Board).show(view.board, view.board_untracked, tall=True)
        runs = self.query_one("#runs", Static)  # R10.2: every run's board
        text = runs_markup(view)
        runs.display = bool(text)
        runs.update(text)
        names = {s.index: s.name for s in view.seats if s.name is not None}
        shares = named_shares(self._tabled, names)
        self.query_one(Pots).show(view.pots, view.in_front, view.decimals, shares)
        seats = [s for s in view.seats if s.name is not None]
        for slot, widget in enumerate(self.query(Seat)):
            seat = seats[slot] if slot < len(seats) else None
            if widget.display != (seat is not None):
                widget.display = seat is not None
            if seat is not None:
                widget.show(seat, tall=False, tabled=self._tabled.seats.get(seat.index, ""))
        turn = self.query_one("#turn", Static)
        if view.turn is not None:
            turn.update(f"[b reverse] ▶ {view.turn.name} [/] to act")
        else:
            turn.update(view.street)  # "Between hands" when no hand runs
        self._fit_players()
        self.shown_seq = self.follower.seq

    def _show_equities(self, spot: AllInSpot, lines: Tabled) -> None:
        """The figures are ready: show them if the table is still at that spot."""
        if spot == self._spot:
            self._tabled = lines
            self._refresh_table()

    def _fit_players(self) -> None:
        """As many players per row as the screen is wide (a phone shows one or two)."""
        grid = self.query_one("#players", Grid)
        shown = sum(1 for seat in self.query(Seat) if seat.display)
        columns = max(1, min(5, self.size.width // SEAT_WIDTH, shown or 1))
        if grid.styles.grid_size_columns != columns:
            grid.styles.grid_size_columns = columns
        rows = -(-shown // columns) if shown else 1
        grid.styles.height = rows * 4
