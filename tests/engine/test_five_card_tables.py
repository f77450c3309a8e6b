"""The five-card tables and the cards a reading names (R6.1, R6.3, R7.1).

The tables are written out category by category for speed; ``rank_five`` is the
plain definition they must agree with on every one of the 7,462 rank multisets.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from math import prod

from omaha_tui.engine.hands.best_cards import high_detail, low_detail
from omaha_tui.engine.hands.cards import parse_cards
from omaha_tui.engine.hands.evaluate import CARD_PRIME
from omaha_tui.engine.hands.five_cards import five_card_tables, rank_five


def test_r6_3_every_five_card_value_equals_the_plain_definition() -> None:
    plain, flush = five_card_tables()
    expected_plain: dict[int, int] = {}
    expected_flush: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        key = prod(CARD_PRIME[4 * r] for r in ranks)  # the rank prime of any card of r
        expected_plain[key] = rank_five(ranks, False)
        if len(set(ranks)) == 5:
            expected_flush[key] = rank_five(ranks, True)
    assert plain == expected_plain
    assert flush == expected_flush


def test_r6_2_a_flush_needs_two_suited_hole_cards_and_three_suited_board_cards() -> None:
    board = parse_cards("Ah Kh 7h 2c 3d")
    one_heart = parse_cards("Qh Js Ts 9s")
    two_hearts = parse_cards("Qh Jh 9s 9c")
    _, pair, triple = high_detail(two_hearts, board)
    assert pair == (0, 1) and triple == (0, 1, 2)
    value, _, _ = high_detail(one_heart, board)
    assert value >> 20 != 5  # no flush with one heart in the hand


def test_r7_1_a_low_takes_two_different_low_ranks_from_the_hand() -> None:
    board = parse_cards("Ah 2c 3d Kd Qs")
    assert low_detail(parse_cards("As 2s Kh Qh"), board) is None  # A and 2 pair the board
    assert low_detail(parse_cards("4s 4h Kh Qh"), board) is None  # one low rank only
    assert low_detail(parse_cards("4s 5h Kh Qh"), board) is not None
