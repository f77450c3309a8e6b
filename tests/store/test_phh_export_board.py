"""A board tracked as a count only exports as `??` until the dealer enters it."""

from __future__ import annotations

from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.events import ButtonPlaced, Event, SessionStarted
from omaha_tui.engine.reducer.replay import apply, initial_state
from omaha_tui.interchange.phh_export import session_hands
from tests.decided import (
    call,
    check,
    deal_board,
    record_board,
    seat_player,
    settle_by_cards,
    show,
    start_hand,
)


def _play(enter_board: bool) -> list[Event]:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    events: list[Event] = [SessionStarted(config=config)]
    s = apply(initial_state(), events[0])
    for seat, name in enumerate(("Ann", "Bob")):
        events.append(seat_player(s, seat, name, 100))
        s = apply(s, events[-1])
    events.append(ButtonPlaced(seat=1))
    s = apply(s, events[-1])
    for make in (start_hand, call, check):
        events.append(make(s))
        s = apply(s, events[-1])
    for _ in range(3):
        for make in (deal_board, check, check):
            events.append(make(s))
            s = apply(s, events[-1])
    if enter_board:
        events.append(record_board(s, "4h 5c 7h Qs Ad"))
        s = apply(s, events[-1])
        for seat, cards in ((0, "Ah 2s Kh Ks"), (1, "As 3s Qh Qd")):
            events.append(show(s, seat, cards))
            s = apply(s, events[-1])
        events.append(settle_by_cards(s))
    return events


def test_board_dealt_without_cards_exports_one_placeholder_per_card() -> None:
    (hand,) = session_hands(_play(enter_board=False))
    boards = [a for a in hand.actions if a.startswith("d db")]
    assert boards == ["d db ??????", "d db ??", "d db ??"]


def test_board_entered_later_fills_the_placeholders_in_order() -> None:
    (hand,) = session_hands(_play(enter_board=True))
    boards = [a for a in hand.actions if a.startswith("d db")]
    assert boards == ["d db 4h5c7h", "d db Qs", "d db Ad"]
