"""R9's games played to a showdown settled from the cards: Big O, Courchevel hi-lo (the
early flop card, R3.3), six-card Omaha and Binglao's rolls (R3.4), each hand read with
exactly two hole cards and three board cards (R6.1, R7.1) however many it holds."""

from __future__ import annotations

import pytest

from omaha_tui.engine.hands.cards import format_cards, parse_cards
from omaha_tui.engine.hands.showdown import read_showdown
from omaha_tui.engine.state import TableState
from tests import decided as cmd

from .table_helpers import board, new_table, run, start


def _to_river(state: TableState, cards: str) -> TableState:
    """Button calls, SB folds, BB checks; checked down on ``cards`` (seats 2 and 3 live).
    Courchevel's first card is dealt before the pre-flop betting (R3.3)."""
    b = cards.split()
    if state.hand.early_card_pending:
        state = run(state, lambda s: cmd.deal_early_card(s, b[0]))
        state = run(state, cmd.call, cmd.fold, cmd.check, board(" ".join(b[1:3])))
    else:
        state = run(state, cmd.call, cmd.fold, cmd.check, board(" ".join(b[:3])))
    state = run(state, cmd.check, cmd.check, board(b[3]), cmd.check, cmd.check)
    return run(state, board(b[4]), cmd.check, cmd.check)


def _settle(state: TableState, first: str, second: str) -> list[tuple[int, str, int]]:
    state = run(state, lambda s: cmd.show(s, 1, first), lambda s: cmd.show(s, 2, second))
    return sorted((a.seat, a.half.value, a.amount) for a in cmd.settle_by_cards(state).awards)


@pytest.mark.parametrize(("game", "roll"), [("big-o", None), ("binglao", 2)])
def test_r9_five_card_hi_lo_flush_takes_the_high_and_a_wheel_the_low(
    game: str, roll: int | None
) -> None:
    # Board Kh 3d 4d 8s 2d. H1's Ah 5c make the wheel (A-5 with 2-3-4) for both a
    # five-high straight and the best low; H2's Jd Td make a jack-high flush.
    state = _to_river(start(new_table(game=game), die_roll=roll), "Kh 3d 4d 8s 2d")
    assert state.hand.variant.hole_cards == 5 and state.hand.variant.hilo
    got = _settle(state, "Ah 2s Qd Ks 5c", "6h 7h Td Jd 9d")
    assert got == [(1, "low", 2), (2, "high", 3)]  # pot 5: the odd chip high (R7.4)


def test_r3_3_courchevel_hi_lo_early_card_is_a_board_card_like_the_others() -> None:
    # The R7 example with five cards each: early card 4h, then 5c 7h, Qs, Ad.
    state = _to_river(start(new_table(game="courchevel8")), "4h 5c 7h Qs Ad")
    assert format_cards(state.hand.board) == "4h 5c 7h Qs Ad"
    got = _settle(state, "Ah 2s Kh Ks 9c", "As 3s Qh Qd 9d")
    assert got == [(1, "low", 2), (2, "high", 3)]  # H2's queens high, H1's 7-5-4-2-A low


@pytest.mark.parametrize(("game", "roll"), [("omaha6", None), ("binglao", 6)])
def test_r6_1_six_cards_still_play_two_a_wheel_needing_three_hole_cards_is_no_straight(
    game: str, roll: int | None
) -> None:
    # Board 2h Jc Qc Ks Ad. H1: 9 T from hand with J Q K, a king-high straight. H2 holds
    # 3 4 5 for a wheel with the board's A 2, but that takes three hole cards: a pair.
    state = _to_river(start(new_table(game=game), die_roll=roll), "2h Jc Qc Ks Ad")
    assert state.hand.variant.hole_cards == 6 and not state.hand.variant.hilo
    assert _settle(state, "Ts 9c 9h 2d 3c 4c", "Tc 2c 3h 4h 5d 6d") == [(1, "whole", 5)]
    reading = read_showdown(
        state.hand.variant,
        parse_cards("2h Jc Qc Ks Ad"),
        [("H1", parse_cards("Ts 9c 9h 2d 3c 4c")), ("H2", parse_cards("Tc 2c 3h 4h 5d 6d"))],
    )
    h1, h2 = reading.players
    assert h1.high.description == "king-high straight" and len(h1.high.hole_used) == 2
    assert h2.high.description == "pair of twos"
