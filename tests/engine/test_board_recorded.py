"""Board cards dealt as a count only can be entered later, so hands are read by cards."""

from __future__ import annotations

import pytest

from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.state import TableState
from tests import decided as commands
from tests.decided import (
    call,
    check,
    deal_board,
    quick_table,
    record_board,
    settle_by_cards,
    show,
    start_hand,
)


def _chips_only_river(stacks: tuple[int, ...] = (100, 100)) -> TableState:
    s = quick_table(stacks=stacks)
    for make in (start_hand, call, check):
        s = apply(s, make(s))
    for _ in range(3):  # flop, turn, river dealt without cards, checked through
        s = apply(s, deal_board(s))
        s = apply(s, check(s))
        s = apply(s, check(s))
    return s


def test_board_tracked_without_cards_is_entered_at_showdown_and_read() -> None:
    s = _chips_only_river()
    assert s.hand is not None and s.hand.board == () and s.hand.board_count == 5
    assert commands.can_record_board(s)
    s = apply(s, record_board(s, "4h 5c 7h Qs Ad"))
    assert len(s.hand.board) == 5  # type: ignore[union-attr]
    s = apply(s, show(s, 0, "Ah 2s Kh Ks"))
    s = apply(s, show(s, 1, "As 3s Qh Qd"))
    s = apply(s, settle_by_cards(s))
    # R6: Bob's three queens beat Ann's pair of kings; pot of 4 goes to seat 1.
    assert [seat.stack for seat in s.seats if seat] == [98, 102]


def test_board_must_have_as_many_cards_as_were_dealt() -> None:
    s = _chips_only_river()
    with pytest.raises(RuleError, match="5 board cards have been dealt: enter all 5, not 3"):
        record_board(s, "4h 5c 7h")


def test_board_already_entered_cannot_be_entered_again() -> None:
    s = quick_table(stacks=(100, 100))
    for make in (start_hand, call, check):
        s = apply(s, make(s))
    s = apply(s, deal_board(s, "4h 5c 7h"))
    assert not commands.can_record_board(s)
    with pytest.raises(RuleError, match="already entered"):
        record_board(s, "4h 5c 7h")


def test_board_entry_refuses_a_card_already_shown() -> None:
    s = _chips_only_river()
    s = apply(s, show(s, 0, "Ah 2s Kh Ks"))
    with pytest.raises(RuleError, match="Ah appears twice"):
        record_board(s, "4h 5c 7h Qs Ah")
    assert s.hand is not None and s.hand.board == ()  # state unchanged


def test_board_entry_refuses_a_malformed_card() -> None:
    s = _chips_only_river()
    with pytest.raises(RuleError, match='"Zz" is not a card'):
        record_board(s, "4h 5c 7h Qs Zz")
