"""All in: the hands still in are tabled before the rest of the board (R10.1).

When nobody can bet any more the dealer types each hand still in, in showdown order
(R8.1), with the same fast card entry as the showdown; duplicates across the board and
the other hands are named as they are typed. One press records them all, or none
(``TableHands``): the table then shows each hand's equity beside its seat (R10.3),
and the board is run out with ``d``, once or, if everyone agrees, twice (``2``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from omaha_tui.app.prompts.card_input import CardInput
from omaha_tui.app.prompts.typed_prompt import TypeAhead
from omaha_tui.app.widgets.cards import cards_markup
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.hands.cards import format_cards
from omaha_tui.engine.labels import player_name
from omaha_tui.engine.rules.pots import showdown_order
from omaha_tui.engine.state import TableState
from omaha_tui.session.view import shown as safe


class TablingScreen(TypeAhead[None], ModalScreen[None]):
    """One field per hand still in; ``ctrl+s`` (or Enter on the last) tables them."""

    CSS_PATH = "tabling.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "table", "Table the hands"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, state: TableState, submit: Callable[[rq.TableHands], str | None]) -> None:
        """``submit`` records the request and returns the refusal's reason, or ``None``."""
        super().__init__()
        hand = state.hand
        assert hand is not None
        self._state = state
        self._submit = submit
        self._board = hand.board
        self._holes = hand.variant.hole_cards
        shown = dict(hand.shown)
        self._shown = shown
        self._seats = tuple(s for s in showdown_order(state) if s not in shown)

    def compose(self) -> ComposeResult:
        with Vertical(id="tabling", classes="prompt"):
            yield Static("All in: table the hands (R10.1)", id="tb-title")
            board = cards_markup(self._board) if self._board else "no cards yet"
            yield Static(f"Board: {board}", classes="hint")
            with Grid(id="tb-hands"):
                for seat, cards in self._shown.items():
                    yield Label(safe(player_name(self._state, seat)))
                    yield Static(cards_markup(cards), classes="tabled")
                for seat in self._seats:
                    name = player_name(self._state, seat)
                    yield Label(safe(name))
                    yield CardInput(
                        counts=(self._holes,),
                        place=name,
                        others=self._others,
                        placeholder=f"{self._holes} cards, e.g. AhKd7c2s",
                        id=f"hand-{seat}",
                    )
            yield Static(id="tb-error")
        yield Footer()

    def _others(self) -> dict[str, tuple[int, ...]]:
        out: dict[str, tuple[int, ...]] = {"board": self._board}
        for seat, cards in self._shown.items():
            out[player_name(self._state, seat)] = cards
        try:
            for seat in self._seats:
                field = self.query_one(f"#hand-{seat}", CardInput)
                out[player_name(self._state, seat)] = field.own_cards
        except NoMatches:  # asked while the fields are still being mounted
            pass
        return out

    @on(CardInput.Submitted)
    def _next(self, event: CardInput.Submitted) -> None:
        """Enter moves to the next hand; on the last one it tables them all."""
        if self._seats and event.input.id == f"hand-{self._seats[-1]}":
            self.action_table()
        else:
            self.focus_next(CardInput)

    def action_table(self) -> None:
        error = self.query_one("#tb-error", Static)
        shown: list[tuple[int, str]] = []
        for seat in self._seats:
            check = self.query_one(f"#hand-{seat}", CardInput).check
            name = player_name(self._state, seat)
            if check.error is not None:
                error.update(safe(check.error))
                return
            if not check.complete:
                error.update(safe(f"{name}: type {self._holes} cards"))
                return
            shown.append((seat, format_cards(check.cards)))
        reason = self._submit(rq.TableHands(tuple(shown)))
        if reason:
            error.update(safe(reason))
            return
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
