"""The colour-up screen (R11.4): at a break, retire the smallest chip by a chip race.

It lists each stack's leftover of the chip being retired (one race card per retired
chip), draws the race cards (``ctrl+r``) or takes the winners the dealer's own race
gave, shows who wins a new chip, each stack after and what the race changes in the
total (a dry run of the session's ``ColourUp`` request, :func:`~omaha_tui.session.
tournament_moments.race_preview`), and records it with ``ctrl+s``. Names are text,
never markup.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Static

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.labels import printable
from omaha_tui.engine.state import TableState
from omaha_tui.session.grammar import GrammarError, parse_chips, parse_player
from omaha_tui.session.tournament_moments import (
    RacePreview,
    race_preview,
    smallest_chip,
    suggested_chip,
)
from omaha_tui.session.view import shown as safe

Draw = Callable[[int], rq.ColourUp]
"""Draws the race cards for a new chip (the session's ``race_request``)."""
Submit = Callable[[rq.ColourUp], str | None]
"""Records the colour-up; returns the refusal's reason, or ``None``."""


def race_table(preview: RacePreview) -> str:
    """Each stack's line: leftover, race cards, the result (as markup, names escaped)."""
    width = max([6, *(len(printable(line.name)) for line in preview.lines)])
    head = f"{'Player'.ljust(width)}  {'Stack':>8}  {'Leftover':>8}  {'Cards':>5}  Race cards"
    out = [f"[b]{safe(head)}[/b]" + ("  [b]After[/b]" if preview.change is not None else "")]
    for line in preview.lines:
        row = (
            f"{printable(line.name).ljust(width)}  {line.stack:>8,}  {line.leftover:>8,}"
            f"  {line.retired:>5}  {(line.cards or '-').ljust(14)}"
        )
        text = safe(row)
        if line.after is not None:
            note = " wins a chip" if line.won else " given a chip" if line.given else ""
            text += f"  {line.after:,}[b]{note}[/b]"
        out.append(text)
    return "\n".join(out)


class ColourUpScreen(ModalScreen[None]):
    """The new chip, the stacks' leftovers, the race and its result; ``ctrl+s`` records."""

    CSS_PATH = "colour_up.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+r", "draw", "Draw the race cards", priority=True),
        Binding("ctrl+s", "record", "Record", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(
        self,
        state: TableState,
        draw: Draw,
        submit: Submit,
        now: Callable[[], datetime] | None = None,
    ) -> None:
        """``now``: the time by the app's clock, for a table whose blind clock has breaks
        (a colour-up is done at one, R11.4); the session stamps what is recorded."""
        super().__init__()
        self._state = state
        self._now = now
        self._draw = draw
        self._submit = submit
        self._old = smallest_chip(state)
        self._request: rq.ColourUp | None = None
        self._chip = suggested_chip(state, now() if now is not None else None)

    def compose(self) -> ComposeResult:
        with Vertical(id="colour-up", classes="prompt"):
            yield Static(f"Colour-up (R11.4): retire the {self._old:,} chip", id="cu-title")
            yield Static("New smallest chip:", classes="hint")
            yield Input(str(self._chip), id="cu-chip", placeholder=f"e.g. {self._old * 5}")
            yield Static(id="cu-race")
            yield Static(
                "Draw the race cards (ctrl+r), or type who won the race dealt at the table:",
                classes="hint",
            )
            yield Input(id="cu-winners", placeholder="names or seats, e.g. Ann Bob (none: nobody)")
            yield Static(id="cu-result")
        yield Footer()

    def on_mount(self) -> None:
        self._show(None)

    @property
    def request(self) -> rq.ColourUp | None:
        """The colour-up as it would be recorded (cards drawn or winners named)."""
        return self._request

    def _new_chip(self) -> int | None:
        text = self.query_one("#cu-chip", Input).value
        try:
            return parse_chips(text, "new chip")
        except GrammarError as e:
            self.query_one("#cu-result", Static).update(safe(str(e)))
            return None

    def _show(self, request: rq.ColourUp | None) -> None:
        chip = self._new_chip()
        if chip is None:
            return
        self._chip = chip
        self._request = request
        asked = request or rq.ColourUp(chip, cards=())
        when = self._now() if self._now is not None else None
        preview = race_preview(self._state, replace(asked, at=when))
        race = self.query_one("#cu-race", Static)
        head = f"{preview.race_chips} new chip{'s' if preview.race_chips != 1 else ''} in the race"
        race.update(f"{safe(head)}\n{race_table(preview)}")
        result = self.query_one("#cu-result", Static)
        if request is None:  # nothing to record yet: only a break to wait for is said
            waiting = preview.message if "at a break" in preview.message else ""
            result.update(safe(waiting))
            result.set_class(bool(waiting), "-refused")
            return
        before = sum(line.stack for line in preview.lines)
        said = safe(preview.message)
        if preview.ok and preview.change is not None:
            total = f"total {before:,} → {before + preview.change:,} ({preview.change:+,})"
            said += f"\n[b]{safe(total)}[/b] · ctrl+s records it"
        result.update(said)
        result.set_class(not preview.ok, "-refused")

    @on(Input.Changed, "#cu-chip")
    def _chip_changed(self) -> None:
        winners = self.query_one("#cu-winners", Input)
        if winners.value:
            winners.value = ""
        self._show(None)

    @on(Input.Changed, "#cu-winners")
    def _winners_changed(self, event: Input.Changed) -> None:
        text = event.value.replace(",", " ").split()
        if not text:
            if self._request is not None and self._request.winners is not None:
                self._show(None)  # the named winners are gone (drawn cards stay)
            return
        try:
            seats = tuple(parse_player(self._state, t) for t in text if t.lower() != "none")
        except GrammarError as e:
            self.query_one("#cu-result", Static).update(safe(str(e)))
            self._request = None
            return
        chip = self._new_chip()
        if chip is not None:
            self._show(rq.ColourUp(chip, winners=seats))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "cu-winners" and self._request is not None:
            self.action_record()

    def action_draw(self) -> None:
        chip = self._new_chip()
        if chip is None:
            return
        winners = self.query_one("#cu-winners", Input)
        if winners.value:
            winners.value = ""
        self._show(self._draw(chip))

    def action_record(self) -> None:
        result = self.query_one("#cu-result", Static)
        if self._request is None:
            result.update("Draw the race cards (ctrl+r) or type who won, then ctrl+s")
            result.set_class(True, "-refused")
            return
        reason = self._submit(self._request)
        if reason:
            result.update(safe(reason))
            result.set_class(True, "-refused")
            return
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
