"""Differential tests for ``evaluate.high_value`` / ``low_value`` (R6.1, R6.3, R7.1, R7.2).

Two oracles:
- pokerkit's ``OmahaHoldemHand`` / ``OmahaEightOrBetterLowHand`` for four hole cards,
  on 20,000 seeded deals each (boards of 3, 4 and 5 cards in turn, two hands per deal);
- a deliberately naive reference written here (every 2 + 3 combination scored by a
  plain five-card ranker) for five and six hole cards, on 5,000 deals each.

Both check winners per deal and the ordering of every hand against every other hand of
the run (sorting by our value must sort the oracle's strengths too, ties included).
The long river-only run is marked ``slow``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations, pairwise
from typing import Any

import pytest
from pokerkit import Card, OmahaEightOrBetterLowHand, OmahaHoldemHand

from omaha_tui.engine.hands.best_cards import high_detail, low_detail
from omaha_tui.engine.hands.cards import format_card, format_cards
from omaha_tui.engine.hands.evaluate import high_value, low_value

Deal = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]


def _deals(seed: int, count: int, holes: int, players: int, boards: Sequence[int]) -> list[Deal]:
    rng = random.Random(seed)
    out: list[Deal] = []
    for i in range(count):
        n_board = boards[i % len(boards)]
        cards = rng.sample(range(52), n_board + holes * players)
        board = tuple(cards[:n_board])
        hands = tuple(
            tuple(cards[n_board + holes * p : n_board + holes * (p + 1)]) for p in range(players)
        )
        out.append((board, hands))
    return out


# --- the naive reference -------------------------------------------------------------


def naive_high5(cards: Sequence[int]) -> tuple[int, ...]:
    """Category then tie-break ranks for five cards, written the long way."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = -1
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            top = 3
    by_count = sorted(((ranks.count(r), r) for r in distinct), reverse=True)
    shape = [n for n, _ in by_count]
    order = tuple(r for _, r in by_count)
    if top >= 0 and flush:
        return (8, top)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *order)
    if top >= 0:
        return (4, top)
    if shape == [3, 1, 1]:
        return (3, *order)
    if shape == [2, 2, 1]:
        return (2, *order)
    if shape == [2, 1, 1, 1]:
        return (1, *order)
    return (0, *order)


def naive_low5(cards: Sequence[int]) -> tuple[int, ...] | None:
    """Eight-or-better low as a tuple that is larger for a better low, or None."""
    values = sorted(((c // 4) + 2 if c // 4 != 12 else 1 for c in cards), reverse=True)
    if len(set(values)) != 5 or values[0] > 8:
        return None
    return tuple(-v for v in values)


def naive_omaha(
    hole: Sequence[int], board: Sequence[int], five: Callable[[Sequence[int]], Any]
) -> Any:
    best = None
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            v = five(pair + triple)
            if v is not None and (best is None or v > best):
                best = v
    return best


# --- checks ----------------------------------------------------------------------------


def _winners(values: Sequence[Any]) -> set[int]:
    present = [v for v in values if v is not None]
    if not present:
        return set()
    best = max(present)
    return {i for i, v in enumerate(values) if v == best}


def _assert_same_order(pairs: list[tuple[Any, Any]]) -> None:
    """Sorting by our value sorts the oracle's strengths; equal exactly when equal."""
    pairs.sort(key=lambda p: p[0])
    for (ours_a, ref_a), (ours_b, ref_b) in pairwise(pairs):
        if ours_a == ours_b:
            assert ref_a == ref_b, (ours_a, ref_a, ref_b)
        else:
            assert ref_a < ref_b, (ours_a, ours_b, ref_a, ref_b)


_PK_CARDS = tuple(next(iter(Card.parse(format_card(c)))) for c in range(52))


def _pk(cards: Sequence[int]) -> tuple[Card, ...]:
    return tuple(_PK_CARDS[c] for c in cards)


def _pk_high(hole: Sequence[int], board: Sequence[int]) -> int:
    return int(OmahaHoldemHand.from_game(_pk(hole), _pk(board)).entry.index)


def _pk_low(hole: Sequence[int], board: Sequence[int]) -> int | None:
    try:
        hand = OmahaEightOrBetterLowHand.from_game(_pk(hole), _pk(board))
    except ValueError:
        return None
    return -int(hand.entry.index)  # pokerkit's low entries: smaller index is better


def _differential(
    deals: list[Deal],
    ours: Callable[[Sequence[int], Sequence[int]], int | None],
    oracle: Callable[[Sequence[int], Sequence[int]], Any],
) -> None:
    pairs: list[tuple[Any, Any]] = []
    for board, hands in deals:
        mine = [ours(h, board) for h in hands]
        ref = [oracle(h, board) for h in hands]
        assert _winners(mine) == _winners(ref), (format_cards(board), hands, mine, ref)
        assert [m is None for m in mine] == [r is None for r in ref]
        pairs.extend((m, r) for m, r in zip(mine, ref, strict=True) if m is not None)
    _assert_same_order(pairs)


# The default run compares the first deals of each set; ``-m slow`` (which CI runs too)
# compares the whole set, of which those are the start.
SIZES = [4_000, pytest.param(20_000, marks=pytest.mark.slow)]
NAIVE_SIZES = [1_500, pytest.param(5_000, marks=pytest.mark.slow)]


@pytest.mark.parametrize("count", SIZES)
def test_r6_high_agrees_with_pokerkit_on_four_card_deals(count: int) -> None:
    _differential(_deals(6_1, count, 4, 2, (3, 4, 5)), high_value, _pk_high)


@pytest.mark.parametrize("count", SIZES)
def test_r7_low_agrees_with_pokerkit_on_four_card_deals(count: int) -> None:
    _differential(_deals(7_1, count, 4, 2, (3, 4, 5)), low_value, _pk_low)


@pytest.mark.slow
def test_r6_r7_river_deals_agree_with_pokerkit_long_run() -> None:
    deals = _deals(6_7, 40_000, 4, 2, (5,))
    _differential(deals, high_value, _pk_high)
    _differential(deals, low_value, _pk_low)


@pytest.mark.parametrize("count", NAIVE_SIZES)
@pytest.mark.parametrize("holes", [5, 6])
def test_r6_1_high_agrees_with_naive_reference(holes: int, count: int) -> None:
    deals = _deals(600 + holes, count, holes, 2, (3, 4, 5))
    _differential(deals, high_value, lambda h, b: naive_omaha(h, b, naive_high5))


@pytest.mark.parametrize("count", NAIVE_SIZES)
@pytest.mark.parametrize("holes", [5, 6])
def test_r7_1_low_agrees_with_naive_reference(holes: int, count: int) -> None:
    deals = _deals(700 + holes, count, holes, 2, (3, 4, 5))
    _differential(deals, low_value, lambda h, b: naive_omaha(h, b, naive_low5))


@pytest.mark.parametrize("holes", [4, 5, 6])
def test_details_name_cards_that_make_the_value(holes: int) -> None:
    for board, hands in _deals(800 + holes, 1_000, holes, 1, (3, 4, 5)):
        hole = hands[0]
        value, (i, j), (a, b, c) = high_detail(hole, board)
        assert value == high_value(hole, board)
        five = (hole[i], hole[j], board[a], board[b], board[c])
        assert naive_high5(five) == naive_omaha(hole, board, naive_high5)
        low = low_detail(hole, board)
        if low is None:
            assert low_value(hole, board) is None
            continue
        value, (i, j), (a, b, c) = low
        assert value == low_value(hole, board)
        five = (hole[i], hole[j], board[a], board[b], board[c])
        assert naive_low5(five) == naive_omaha(hole, board, naive_low5)
