"""Which two hole cards and which three board cards make a hand's best value (R6.1).

A reading names the cards that play, so it needs more than the value: the positions of
the two hole cards and the three board cards. These functions look at every 2 + 3
combination of a hand (60 for four hole cards on a river, 150 for six). The values come
from the rows of :mod:`evaluate` kept for three-card boards: the row of a board triple
holds the best five-card value for each of the 91 hole-pair rank keys. Only 455 triples
of ranks exist, so over a batch of deals every row is built once (91 lookups) and each
combination afterwards is one list index instead of a product and a table lookup.

The values are exactly :func:`evaluate.high_value` and :func:`evaluate.low_value`'s;
among combinations of equal value the first in hole-pair order, then board-triple
order, is named, so a reading is the same however it was found.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from omaha_tui.engine.hands.evaluate import (
    CARD_PRIME,
    FLUSH_ROWS,
    HIGH_ROWS,
    LOW_BIT,
    PAIRS,
    SUIT_NIBBLE,
    TRIPLES,
    check_counts,
    pair_positions,
)


def high_detail(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[int, tuple[int, int], tuple[int, int, int]]:
    """Best high value with the positions of the two hole and three board cards used.

    Positions index into ``hole`` and ``board`` as given; among equal values the first
    combination found is returned. A flush needs all five cards of one suit: two from
    the hand and three from the board (R6.2(a)).

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> _, pair, triple = high_detail(parse_cards("Ts 9c 9h 2d"), parse_cards("2h Jc Qc Ks Ad"))
    >>> pair, triple
    ((0, 1), (1, 2, 3))
    """
    if not (4 <= len(hole) <= 6 and 3 <= len(board) <= 5):
        check_counts(hole, board)
    rows, suit, suited = _high_board(tuple(board))
    # pair_positions follows PAIRS order, so position k belongs to PAIRS[len(hole)][k].
    at = pair_positions(hole)
    # Every combination's plain value, hole pair by hole pair (the order ties are named
    # in). A comprehension with plain subscripts: the interpreter's fastest loop for it.
    values = [row[k] for k in at for row in rows]
    pairs = PAIRS[len(hole)]
    if suited:
        # R6.2(a): a flush takes two hole cards and three board cards of one suit.
        n = len(rows)
        for k, (i, j) in enumerate(pairs):
            if hole[i] & 3 == hole[j] & 3 == suit:
                for t, row in suited:
                    values[k * n + t] = row[at[k]]
    best = max(values)
    k, t = divmod(values.index(best), len(rows))
    return best, pairs[k], TRIPLES[len(board)][t]


@lru_cache(maxsize=8)
def _high_board(
    board: tuple[int, ...],
) -> tuple[tuple[list[int], ...], int, tuple[tuple[int, list[int]], ...]]:
    """What every hand read on ``board`` shares, worked out once for all of them: each
    board triple's row (in TRIPLES order), the suit of three or more board cards (-1 if
    none: a board of five holds three of at most one suit) and, for each triple of that
    suit, its position and its flush row."""
    primes = [CARD_PRIME[c] for c in board]
    keys = [a * b * c for a, b, c in combinations(primes, 3)]
    rows = tuple(map(HIGH_ROWS.__getitem__, keys))
    spot = (sum(map(SUIT_NIBBLE.__getitem__, board)) + 0x5555) & 0x8888
    if not spot:
        return rows, -1, ()
    suit = spot.bit_length() // 4 - 1
    # Positions of the suit's board cards, taken three at a time in TRIPLES order.
    index = _TRIPLE_INDEX[len(board)]
    at = [i for i, c in enumerate(board) if c & 3 == suit]
    suited = tuple([(k, FLUSH_ROWS[keys[k]]) for k in map(index.__getitem__, combinations(at, 3))])
    return rows, suit, suited


_TRIPLE_INDEX = {n: {t: k for k, t in enumerate(triples)} for n, triples in TRIPLES.items()}


def low_detail(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[int, tuple[int, int], tuple[int, int, int]] | None:
    """Best low value with positions of the two hole and three board cards, or ``None``.

    A low takes two different ranks ace to eight from the hand and three more from the
    board, five different in all (R7.1); the lowest highest card wins, which is the
    smallest rank mask (R7.2).

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> low_detail(parse_cards("Ah 2s Kh Ks"), parse_cards("4h 5c 7h Qs Ad"))
    (164, (0, 1), (0, 1, 2))
    """
    if not (4 <= len(hole) <= 6 and 3 <= len(board) <= 5):
        check_counts(hole, board)
    triples = _low_board(tuple(board))
    if not triples:
        return None
    bit = LOW_BIT
    hb = [bit[c] for c in hole]
    best = 256
    found: tuple[tuple[int, int], tuple[int, int, int]] = ((0, 1), (0, 1, 2))
    for pair in PAIRS[len(hole)]:
        x, y = hb[pair[0]], hb[pair[1]]
        if not x or not y or x == y:
            continue
        p = x | y
        for m, t in triples:
            if not p & m and p | m < best:
                best, found = p | m, (pair, t)
    if best == 256:
        return None
    return 255 - best, found[0], found[1]


@lru_cache(maxsize=8)
def _low_board(board: tuple[int, ...]) -> tuple[tuple[int, tuple[int, int, int]], ...]:
    """The board's triples of three different low ranks, with their rank masks (shared by
    every hand read on the board)."""
    bb = [LOW_BIT[c] for c in board]
    out = []
    for t in TRIPLES[len(board)]:
        x, y, z = bb[t[0]], bb[t[1]], bb[t[2]]
        m = x | y | z
        if x and y and z and x + y + z == m:  # three different low ranks
            out.append((m, t))
    return tuple(out)
