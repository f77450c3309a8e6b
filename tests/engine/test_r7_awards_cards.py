"""R7 examples settled from the cards, through the evaluator and the reducer."""

from __future__ import annotations

from omaha_tui.engine.rules.awards import scoopers
from tests import decided as cmd

from .table_helpers import board, new_table, run, start


def _to_river(game: str, cards: str):
    state = start(new_table(stacks=(100, 100, 100), game=game))
    state = run(state, cmd.call, cmd.fold, cmd.check)  # button calls, SB folds, BB checks
    b = cards.split()
    state = run(state, board(" ".join(b[:3])), cmd.check, cmd.check)
    state = run(state, board(b[3]), cmd.check, cmd.check, board(b[4]), cmd.check, cmd.check)
    return state


def test_r7_example_split_h2_three_queens_high_h1_low():
    state = _to_river("omaha8", "4h 5c 7h Qs Ad")
    state = run(
        state,
        lambda s: cmd.show(s, 1, "Ah 2s Kh Ks"),  # H1
        lambda s: cmd.show(s, 2, "As 3s Qh Qd"),  # H2
    )
    event = cmd.settle_by_cards(state)
    got = sorted((a.seat, a.half.value, a.amount) for a in event.awards)
    assert got == [(1, "low", 2), (2, "high", 3)]  # pot 5: the odd chip to the high (R7.4)


def test_r7_example_h2_scoops_flush_and_seven_low():
    state = _to_river("omaha8", "Kh 3d 4d 8s 2d")
    state = run(
        state,
        lambda s: cmd.show(s, 1, "Ah 2s Qd Ks"),
        lambda s: cmd.show(s, 2, "6h 7h Td Jd"),
    )
    event = cmd.settle_by_cards(state)
    assert scoopers(event.awards) == (2,)
    state = run(state, event)
    assert state.hand.complete and state.seats[2].stack == 103


def test_r7_3_hi_lo_board_without_low_high_takes_all():
    state = _to_river("omaha8", "Kh Qd Jd 9s 2d")
    state = run(
        state,
        lambda s: cmd.show(s, 1, "Ah 2s Qc Ks"),
        lambda s: cmd.show(s, 2, "6h 7h Td Jc"),
    )
    awards = cmd.settle_by_cards(state).awards
    assert [(a.seat, a.half.value, a.amount) for a in awards] == [(2, "whole", 5)]
