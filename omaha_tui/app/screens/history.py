"""The history screen: every hand of the session with its actions and results.

The App gives this screen the session's journal events (as stored, ``ActionUndone`` events
included). :func:`effective_events` drops what was undone, and :func:`hand_records`
folds the rest through the engine's reducer and tells each event with the engine's one
narrator, so the story reads as the status line did at the table. Both are
pure and tested without a terminal. The screen shows a list of hands (newest first)
and the selected hand's story; it changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from omaha_tui.app.widgets.cards import cards_markup
from omaha_tui.engine.events import Award, Event, HandStarted, MisdealDeclared
from omaha_tui.engine.hands.cards import parse_card
from omaha_tui.engine.labels import player_name
from omaha_tui.engine.narration.narrate import narrate
from omaha_tui.engine.reducer.replay import apply, effective_events, initial_state
from omaha_tui.engine.state import TableState, hand_nets
from omaha_tui.engine.units import amount_text
from omaha_tui.session.view import shown


@dataclass(frozen=True)
class HandRecord:
    """One hand as told: ``number`` is ``None`` for table events before the first hand."""

    number: int | None
    summary: str
    lines: tuple[str, ...]


def _cards(texts: Sequence[str]) -> str:
    return cards_markup([parse_card(t) for t in texts])


def _summary(state: TableState, awards: Sequence[Award]) -> str:
    """Each winner with what the hand won them, net of what they put in (``Bob +171``)."""
    nets = hand_nets(state)
    dec = state.config.decimals if state.config is not None else 0
    winners = dict.fromkeys(a.seat for a in awards)
    return ", ".join(
        f"{shown(player_name(state, s))} {amount_text(nets.get(s, 0), dec, sign=True)}"
        for s in winners
    )


def hand_records(events: Sequence[Event]) -> tuple[HandRecord, ...]:
    """The session told hand by hand (oldest first), from its journal events."""
    state = initial_state()
    records: list[HandRecord] = []
    number: int | None = None
    lines: list[str] = []
    summary = "table"
    for event in effective_events(events):
        after = apply(state, event)
        if isinstance(event, HandStarted):
            if lines:
                records.append(HandRecord(number, summary, tuple(lines)))
            number = after.hand.number if after.hand is not None else None
            lines, summary = [], "in play"
        lines += narrate(state, (event,), after, name=shown, cards=_cards)  # the one narrator
        hand = after.hand
        if hand is not None and hand.complete and state.in_hand:  # by cards or by folds
            summary = _summary(after, hand.awards)
        elif isinstance(event, MisdealDeclared):
            summary = "misdeal"
        state = after
    if lines:
        records.append(HandRecord(number, summary, tuple(lines)))
    return tuple(records)


class HistoryScreen(Screen[None]):
    """Hands of the session, newest first, with the selected hand's story."""

    CSS_PATH = "history.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "close", "Back")]

    def __init__(self, events: Sequence[Event], title: str = "History") -> None:
        super().__init__()
        self._records = tuple(reversed(hand_records(events)))
        self._title = title

    def compose(self) -> ComposeResult:
        yield Static(self._title, id="history-title")
        with Horizontal(id="history"):
            yield OptionList(
                *(
                    Option(
                        f"Hand {r.number}  {r.summary}" if r.number else "Table",
                        id=str(i),
                    )
                    for i, r in enumerate(self._records)
                ),
                id="hands",
            )
            with VerticalScroll(id="hand-detail"):
                yield Static(id="story")
        yield Footer()

    def on_mount(self) -> None:
        hands = self.query_one("#hands", OptionList)
        if self._records:
            hands.highlighted = 0
            self._show(0)
        else:
            self.query_one("#story", Static).update("No hands yet.")
        hands.focus()

    @on(OptionList.OptionHighlighted, "#hands")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show(event.option_index)

    def _show(self, index: int) -> None:
        record = self._records[index]
        head = f"[b]Hand {record.number}[/b]" if record.number else "[b]Table[/b]"
        body = "\n".join(f"• {line}" for line in record.lines)
        self.query_one("#story", Static).update(f"{head}\n{body}")

    def action_close(self) -> None:
        self.dismiss(None)
