"""R13.2 double board: dealing street by street to board 1 then board 2, and every pot
halved and each half read on its own board (R13.2's examples)."""

from __future__ import annotations

import pytest

from omaha_tui.engine.config import Structure
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import cards_due
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import BoardDealt, PotsAwarded
from omaha_tui.engine.hands.cards import format_cards
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.awards import awards_from_cards
from omaha_tui.engine.state import Street, TableState
from tests import decided as cmd

from .table_helpers import chips_total, new_table, run, start

BOARD_1, BOARD_2 = "Kc 7d 2h 9s 4c", "Th Jh Qd 3s 5d"


def _apply_all(state: TableState, request: rq.Request) -> TableState:
    for event in cmd.events(state, request):
        state = apply(state, event)
    return state


def _all_in_three(stack: int = 40, game: str = "omaha") -> TableState:
    """A, B and C (seats 0-2) all in for ``stack`` each before the flop: pot 3 x stack."""
    state = start(
        new_table(
            stacks=(stack,) * 3, game=game, structure=Structure.NO_LIMIT, double_board="every"
        )
    )
    while state.hand is not None and state.hand.to_act is not None:
        state = _apply_all(state, rq.AllIn())
    return state


def _deal_both(state: TableState, one: str, two: str) -> TableState:
    b1, b2 = one.split(), two.split()
    for lo, hi in ((0, 3), (3, 4), (4, 5)):
        state = _apply_all(state, rq.DealCards(f"{' '.join(b1[lo:hi])} | {' '.join(b2[lo:hi])}"))
    return state


def _show(state: TableState, hands: dict[int, str]) -> TableState:
    for seat, cards in hands.items():
        state = apply(state, cmd.show(state, seat, cards))
    return state


def test_r13_2_each_street_goes_to_board_1_then_board_2() -> None:
    state = start(new_table(double_board="every"))
    state = run(state, cmd.call, cmd.call, cmd.check)
    due = cards_due(state)
    assert due is not None and (due.street, due.count, due.board) == (Street.FLOP, 3, 1)
    assert due.label == "flop of board 1"
    state = _apply_all(state, rq.DealCards("Ah Kd 7c"))
    hand = state.hand
    assert hand is not None and hand.street is Street.PREFLOP and hand.to_act is None
    due = cards_due(state)
    assert due is not None and (due.count, due.board) == (3, 2)
    state = _apply_all(state, rq.DealCards("2s 3s 4s"))
    hand = state.hand
    assert hand is not None and hand.street is Street.FLOP and hand.to_act is not None
    assert format_cards(hand.board) == "Ah Kd 7c" and format_cards(hand.board2) == "2s 3s 4s"


def test_r13_2_two_flops_at_once_with_a_bar_or_six_cards() -> None:
    state = run(start(new_table(double_board="every")), cmd.call, cmd.call, cmd.check)
    events = cmd.events(state, rq.DealCards("Ah Kd 7c | 2s 3s 4s"))
    assert [(e.board, e.cards) for e in events if isinstance(e, BoardDealt)] == [
        (1, ("Ah", "Kd", "7c")),
        (2, ("2s", "3s", "4s")),
    ]
    assert cmd.events(state, rq.DealCards("Ah Kd 7c 2s 3s 4s")) == events


def test_r13_2_chips_only_deals_both_boards() -> None:
    state = run(start(new_table(double_board="every")), cmd.call, cmd.call, cmd.check)
    state = _apply_all(state, rq.DealCards(None))
    hand = state.hand
    assert hand is not None and (hand.board_count, hand.board2_count) == (3, 3)
    assert hand.street is Street.FLOP


def test_r13_2_a_bar_on_a_one_board_hand_says_the_hand_has_one_board() -> None:
    state = run(start(new_table()), cmd.call, cmd.call, cmd.check)
    with pytest.raises(RuleError, match="this hand has one board: type its cards without a bar"):
        _apply_all(state, rq.DealCards("Ah Kd 7c | 2s 3s 4s"))


def test_r13_2_a_bar_while_nothing_is_due_says_why_nothing_is_due() -> None:
    """The bar is not read as a card: the dealer hears why no card can come now."""
    state = start(new_table(double_board="every"))
    with pytest.raises(RuleError, match="betting is not over"):
        _apply_all(state, rq.DealCards("Ah Kd 7c | 2s 3s 4s"))
    with pytest.raises(RuleError, match="betting is not over"):
        _apply_all(start(new_table()), rq.DealCards("Ah Kd 7c | 2s 3s 4s"))


def test_r13_2_a_card_on_both_boards_is_refused() -> None:
    state = run(start(new_table(double_board="every")), cmd.call, cmd.call, cmd.check)
    with pytest.raises(RuleError, match="Ah appears twice: on board 1 and on board 2"):
        _apply_all(state, rq.DealCards("Ah Kd 7c | Ah 3s 4s"))


def test_r13_2_board_2_before_board_1_is_refused() -> None:
    state = run(start(new_table(double_board="every")), cmd.call, cmd.call, cmd.check)
    with pytest.raises(RuleError, match="deal board 1's flop now"):
        apply(state, BoardDealt(cards=("2s", "3s", "4s"), board=2))
    state = _apply_all(state, rq.DealCards("Ah Kd 7c"))
    with pytest.raises(RuleError, match="type board 2's 3 cards"):
        cmd.events(state, rq.DealCards("Ah Kd 7c | 2s 3s 4s"))


def test_r13_2_one_board_hand_has_no_board_2() -> None:
    state = run(start(new_table()), cmd.call, cmd.call, cmd.check)
    with pytest.raises(RuleError, match="no board 2"):
        apply(state, BoardDealt(cards=("2s", "3s", "4s"), board=2))


def test_r13_2_example_pot_120_board_1_to_a_board_2_split_by_b_and_c() -> None:
    state = _deal_both(_all_in_three(40), BOARD_1, BOARD_2)
    state = _show(state, {0: "Ks Kd 6c 6h", 1: "9c 8c 3c 3d", 2: "9d 8d 2c 2d"})
    awards = awards_from_cards(state)
    got = sorted((a.run, a.seat, a.amount) for a in awards)
    assert got == [(1, 0, 60), (2, 1, 30), (2, 2, 30)]
    after = apply(state, PotsAwarded(awards=awards))
    assert [s.stack for s in after.seats if s is not None] == [60, 30, 30]


def _hilo_121() -> TableState:
    """Seat 0 (small blind) folds its 1; the button (2) and the big blind (1) go all in
    for 60 each: pot 121."""
    state = start(
        new_table(
            stacks=(60, 60, 60), game="omaha8", structure=Structure.NO_LIMIT, double_board="every"
        )
    )
    hand = state.hand
    assert hand is not None and hand.to_act == 2
    state = run(state, cmd.all_in, cmd.fold, cmd.call)
    hand = state.hand
    assert hand is not None and hand.total == 121
    return _deal_both(state, "2c 4d 7h Ks Kd", "3c 5d 6h Qs Qc")


def test_r13_2_example_hilo_pot_121_board_1_gets_61_board_2_gets_60() -> None:
    state = _show(_hilo_121(), {2: "Kh Kc 9s 9d", 1: "Ac 2d 8s Jh"})
    awards = awards_from_cards(state)
    got = sorted((a.run, a.half.value, a.seat, a.amount) for a in awards)
    assert got == [
        (1, "high", 2, 31),
        (1, "low", 1, 30),
        (2, "high", 2, 30),
        (2, "low", 1, 30),
    ]
    after = apply(state, PotsAwarded(awards=awards))
    assert chips_total(after) == 180


def test_r13_2_awards_by_hand_name_the_winners_of_each_board() -> None:
    state = _show(_hilo_121(), {})
    with pytest.raises(RuleError, match="on board 1 and on board 2"):
        cmd.events(state, rq.AwardByHand(((2,),)))
    events = cmd.events(state, rq.AwardByHand(((2,),), ((1,),), (rq.RunWinners(((1,),), ((1,),)),)))
    (award,) = events
    assert isinstance(award, PotsAwarded)
    assert sorted((a.run, a.half.value, a.seat, a.amount) for a in award.awards) == [
        (1, "high", 2, 31),
        (1, "low", 1, 30),
        (2, "high", 1, 30),
        (2, "low", 1, 30),
    ]


def test_r13_2_the_narrator_says_which_board_and_what_each_half_was_won_with() -> None:
    from omaha_tui.engine.narration.narrate import narrate

    state = run(start(new_table(double_board="every")), cmd.call, cmd.call, cmd.check)
    events = cmd.events(state, rq.DealCards("Ah Kd 7c | 2s 3s 4s"))
    after = state
    for e in events:
        after = apply(after, e)
    line = " ".join(narrate(state, events, after))
    assert "Flop on board 1: Ah Kd 7c" in line and "Flop on board 2: 2s 3s 4s" in line
    state = _show(
        _deal_both(_all_in_three(40), BOARD_1, BOARD_2),
        {0: "Ks Kd 6c 6h", 1: "9c 8c 3c 3d", 2: "9d 8d 2c 2d"},
    )
    award = PotsAwarded(awards=awards_from_cards(state))
    words = " ".join(narrate(state, [award], apply(state, award)))
    assert "P0 wins 60 (board 1) with three kings on board 1" in words
    assert "P1 wins 30 (board 2) with queen-high straight on board 2" in words


def test_r13_2_boards_dealt_as_counts_are_entered_later_board_by_board_or_together() -> None:
    state = _all_in_three(40)
    for _ in range(3):
        state = _apply_all(state, rq.DealCards(None))
    hand = state.hand
    assert hand is not None and hand.street is Street.SHOWDOWN and hand.board2 == ()
    together = cmd.events(state, rq.RecordBoard(f"{BOARD_1} {BOARD_2}"))
    barred = cmd.events(state, rq.RecordBoard(f"{BOARD_1} | {BOARD_2}"))
    assert together == barred
    state = _apply_all(state, rq.RecordBoard(BOARD_1))  # board 1 first, then board 2
    state = _apply_all(state, rq.RecordBoard(BOARD_2))
    state = _show(state, {0: "Ks Kd 6c 6h", 1: "9c 8c 3c 3d", 2: "9d 8d 2c 2d"})
    assert sorted((a.run, a.seat, a.amount) for a in awards_from_cards(state)) == [
        (1, 0, 60),
        (2, 1, 30),
        (2, 2, 30),
    ]


def test_r13_2_a_hi_lo_pot_is_quartered_on_each_board() -> None:
    """Pot 120: each board's 60 splits high 30 / low 30, and the low half ties on both
    boards, so it is quartered twice: 15 to each low on each board."""
    state = _deal_both(_all_in_three(40, game="omaha8"), "3c 4d 8h Qs Jc", "5c 6d 7s Td 9h")
    state = _show(state, {0: "Th Jh Ts Js", 1: "As 2s Kh Kd", 2: "Ah 2h Ks Kc"})
    got = sorted((a.run, a.half.value, a.seat, a.amount) for a in awards_from_cards(state))
    assert got == [
        (1, "high", 0, 30),
        (1, "low", 1, 15),
        (1, "low", 2, 15),
        (2, "high", 0, 30),
        (2, "low", 1, 15),
        (2, "low", 2, 15),
    ]
