"""The history screen: every hand of the session with its actions and results.

The App gives this screen the session's journal events (as stored, ``Undo`` events
included). :func:`effective_events` drops what was undone, and :func:`hand_records`
folds the rest through the engine's reducer so that derived amounts (what a call
cost, how much an all in was) come from the same rules that ran the table. Both are
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

from omaha_tui.app.view import shown
from omaha_tui.app.widgets.cards import cards_markup
from omaha_tui.engine.cards import parse_card
from omaha_tui.engine.events import (
    BetPlaced,
    BoardDealt,
    BoardRecorded,
    ButtonDrawn,
    ButtonPlaced,
    Called,
    CameBack,
    Checked,
    ChipsCorrected,
    EarlyCardDealt,
    Event,
    Folded,
    HandMucked,
    HandStarted,
    HoleCardsShown,
    LevelChanged,
    Misdeal,
    PlayerLeft,
    PlayerRebought,
    PlayerSeated,
    PotsAwarded,
    RaisedTo,
    SatOut,
    SessionEnded,
    WentAllIn,
)
from omaha_tui.engine.labels import player_name, pot_label
from omaha_tui.engine.reducer import apply, effective_events, initial_state
from omaha_tui.engine.state import TableState

POST_NAMES = {
    "sb": "small blind",
    "bb": "big blind",
    "ante": "ante",
    "straddle": "straddle",
    "dead_sb": "dead small blind",
}
STREET_NAMES = {3: "Flop", 4: "Turn", 5: "River"}


@dataclass(frozen=True)
class HandRecord:
    """One hand as told: ``number`` is ``None`` for table events before the first hand."""

    number: int | None
    summary: str
    lines: tuple[str, ...]


def _name(state: TableState, seat: int) -> str:
    return shown(player_name(state, seat))


def _put_in(before: TableState, after: TableState, seat: int) -> int:
    if before.hand is None or after.hand is None:
        return 0
    return after.hand.committed[seat] - before.hand.committed[seat]


def _cards(texts: Sequence[str]) -> str:
    return cards_markup([parse_card(t) for t in texts])


def describe(before: TableState, after: TableState, event: Event) -> str | None:
    """One line of markup telling what ``event`` did (``None`` for silent events)."""
    match event:
        case PlayerSeated(seat=seat, name=name, stack=stack):
            return f"{shown(name)} sits in seat {seat + 1} with {stack:,}"
        case PlayerLeft(seat=seat):
            return f"{_name(before, seat)} leaves"
        case PlayerRebought(seat=seat, amount=amount):
            return f"{_name(before, seat)} rebuys {amount:,}"
        case ChipsCorrected(seat=seat, delta=delta, reason=reason):
            return f"{_name(before, seat)}: chips corrected {delta:+,} ({shown(reason)})"
        case SatOut(seat=seat):
            return f"{_name(before, seat)} sits out"
        case CameBack(seat=seat):
            return f"{_name(before, seat)} comes back"
        case ButtonDrawn(cards=cards):
            drawn = ", ".join(f"{_name(before, s)} {_cards([c])}" for s, c in cards.items())
            return f"Draw for the button: {drawn}; button to {_name(after, after.button or 0)}"
        case ButtonPlaced(seat=seat):
            return f"Button placed on {_name(before, seat)}"
        case LevelChanged(level=level, stakes=stakes):
            return f"Level {level}: blinds {stakes.small_blind}/{stakes.big_blind} from next hand"
        case HandStarted(button=button, posts=posts):
            parts = [
                f"{_name(after, p.seat)} posts {POST_NAMES[p.kind.value]} {p.amount:,}"
                for p in posts
            ]
            return f"Button {_name(after, button)}. " + "; ".join(parts)
        case Folded(seat=seat):
            return f"{_name(before, seat)} folds"
        case Checked(seat=seat):
            return f"{_name(before, seat)} checks"
        case Called(seat=seat):
            return f"{_name(before, seat)} calls {_put_in(before, after, seat):,}"
        case BetPlaced(seat=seat, amount=amount, excess_returned=excess):
            extra = f" ({excess:,} excess returned)" if excess else ""
            return f"{_name(before, seat)} bets {amount:,}{extra}"
        case RaisedTo(seat=seat, to=to, excess_returned=excess):
            extra = f" ({excess:,} excess returned)" if excess else ""
            return f"{_name(before, seat)} raises to {to:,}{extra}"
        case WentAllIn(seat=seat):
            total = after.hand.bets[seat] if after.hand is not None else 0
            return (
                f"{_name(before, seat)} is all in for {_put_in(before, after, seat):,} ({total:,})"
            )
        case EarlyCardDealt(card=card):
            return f"Early flop card: {_cards([card]) if card else 'not recorded'}"
        case BoardDealt(cards=cards):
            now = after.hand.board_count if after.hand is not None else 0
            was = before.hand.board_count if before.hand is not None else 0
            street = STREET_NAMES.get(now, "Board")
            if cards:
                return f"{street}: {_cards(cards)}"
            return f"{street}: {now - was} card{'s' * (now - was > 1)} dealt, not recorded"
        case BoardRecorded(cards=cards):
            return f"board entered: {_cards(cards)}"
        case HoleCardsShown(seat=seat, cards=cards):
            return f"{_name(before, seat)} shows {_cards(cards)}"
        case HandMucked(seat=seat):
            return f"{_name(before, seat)} mucks"
        case PotsAwarded(awards=awards, by_cards=by_cards):
            how = "" if by_cards else " (awarded by hand)"
            parts = []
            for a in awards:
                pot = pot_label(a.pot)
                half = "" if a.half.value == "whole" else f", {a.half.value}"
                parts.append(f"{_name(before, a.seat)} wins {a.amount:,} ({pot}{half})")
            return "; ".join(parts) + how
        case Misdeal(reason=reason):
            return "Misdeal" + (f": {shown(reason)}" if reason else "")
        case SessionEnded():
            return "The session ends; everyone cashes out"
    return None


def _summary(before: TableState, event: PotsAwarded) -> str:
    won: dict[int, int] = {}
    for a in event.awards:
        won[a.seat] = won.get(a.seat, 0) + a.amount
    return ", ".join(f"{_name(before, s)} +{amount:,}" for s, amount in won.items())


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
        text = describe(state, after, event)
        if text is not None:
            lines.append(text)
        if isinstance(event, PotsAwarded):
            summary = _summary(state, event)
        elif isinstance(event, Misdeal):
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
