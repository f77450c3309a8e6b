"""Reading invariants for any deal (R6.1, R7.1), checked with hypothesis."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_tui.engine.hands.cards import rank_of
from omaha_tui.engine.hands.evaluate import high_value, low_value
from omaha_tui.engine.hands.reading import read_high, read_low


@st.composite
def deals(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...]]:
    holes = draw(st.sampled_from((4, 5, 6)))
    board = draw(st.sampled_from((3, 4, 5)))
    cards = draw(st.permutations(range(52)))
    return tuple(cards[:holes]), tuple(cards[holes : holes + board])


@settings(max_examples=400, deadline=None)
@given(deals())
def test_r6_1_a_high_reading_uses_exactly_two_hole_and_three_board_cards(
    deal: tuple[tuple[int, ...], tuple[int, ...]],
) -> None:
    hole, board = deal
    r = read_high(hole, board)
    assert len(r.hole_used) == 2 and set(r.hole_used) <= set(hole)
    assert len(r.board_used) == 3 and set(r.board_used) <= set(board)
    assert sorted(r.five) == sorted(r.hole_used + r.board_used)
    assert r.value == high_value(hole, board)


@settings(max_examples=400, deadline=None)
@given(deals())
def test_r7_1_a_low_uses_two_and_three_and_never_pairs_or_goes_above_eight(
    deal: tuple[tuple[int, ...], tuple[int, ...]],
) -> None:
    hole, board = deal
    r = read_low(hole, board)
    if r is None:
        assert low_value(hole, board) is None
        return
    assert len(r.hole_used) == 2 and set(r.hole_used) <= set(hole)
    assert len(r.board_used) == 3 and set(r.board_used) <= set(board)
    ranks = [rank_of(c) for c in r.five]
    assert len(set(ranks)) == 5
    assert all(x <= 6 or x == 12 for x in ranks)  # 2..8 or ace
    assert max(r.ranks) <= 8 and r.value == low_value(hole, board)


@settings(max_examples=300, deadline=None)
@given(deals(), st.randoms(use_true_random=False))
def test_permuting_hole_or_board_cards_never_changes_the_values(
    deal: tuple[tuple[int, ...], tuple[int, ...]], rnd: object
) -> None:
    hole, board = deal
    shuffled_hole = list(hole)
    shuffled_board = list(board)
    rnd.shuffle(shuffled_hole)  # type: ignore[attr-defined]
    rnd.shuffle(shuffled_board)  # type: ignore[attr-defined]
    assert high_value(shuffled_hole, shuffled_board) == high_value(hole, board)
    assert low_value(shuffled_hole, shuffled_board) == low_value(hole, board)
    assert (
        read_high(shuffled_hole, shuffled_board).description == read_high(hole, board).description
    )


@settings(max_examples=200, deadline=None)
@given(deals())
def test_more_board_cards_never_make_a_hand_worse(
    deal: tuple[tuple[int, ...], tuple[int, ...]],
) -> None:
    hole, board = deal
    if len(board) < 5:
        return
    assert high_value(hole, board) >= high_value(hole, board[:4]) >= high_value(hole, board[:3])
    lows = [low_value(hole, board[:n]) or 0 for n in (3, 4, 5)]
    assert lows == sorted(lows)
