"""Fast Omaha hand values: best high and best eight-or-better low under the 2 + 3 rule.

Values are plain integers so that pots can be awarded by comparing them (R6.3, R7.2):
larger is better, equal values tie. Speed comes from tables built once and cached:

- High (R6.3): five cards' values come from :mod:`.five_cards` (every five-card rank
  multiset keyed by the product of one prime per rank; a value encodes the category and
  the deciding ranks, so it is both totally ordered and decodable for descriptions).
  On top of these, a *board row* holds, for a board's rank multiset, the best value for
  each of the 91 hole-pair rank multisets (the element-wise best over the board's
  triples). A hand then costs one lookup per hole pair (6, 10 or 15) instead of one per
  pair and triple (60 to 150); flushes use the same rows keyed by the suited cards.
  Rows are built on first use, or all at once by :func:`prepare_tables`.
- Low (R7.1, R7.2): an eight-or-better low depends only on the set of distinct ranks
  A..8 in the hand and on the board, so it is a row lookup keyed by two 8-bit masks.
  Rows are built per board mask on first use. The best low is the smallest five-bit
  mask (comparing the highest card first is comparing masks as integers).

This module validates nothing beyond counts: callers check card text, duplicates and the
game's counts first (``cards.check_distinct``, ``showdown.validate_deal``). Which two
hole cards and three board cards make a value is :mod:`best_cards`' part, and words for
it are ``reading``'s.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from math import prod

from omaha_tui.engine.hands.cards import CardError
from omaha_tui.engine.hands.five_cards import PRIMES as _PRIMES
from omaha_tui.engine.hands.five_cards import five_card_tables

_CARD_PRIME: tuple[int, ...] = tuple(_PRIMES[c >> 2] for c in range(52))
# One 4-bit counter per suit, to spot a board with three or more of a suit.
_SUIT_NIBBLE: tuple[int, ...] = tuple(1 << (4 * (c & 3)) for c in range(52))
# Bit 0 = ace, bit 1 = two, ... bit 7 = eight; nine and above do not play in a low.
_LOW_BIT: tuple[int, ...] = tuple(
    1 if c >> 2 == 12 else (1 << ((c >> 2) + 1) if c >> 2 <= 6 else 0) for c in range(52)
)
# Positions of the two hole cards (4 to 6 in a hand) and three board cards (3 to 5).
PAIRS: dict[int, tuple[tuple[int, int], ...]] = {
    n: tuple(combinations(range(n), 2)) for n in range(4, 7)
}
TRIPLES: dict[int, tuple[tuple[int, int, int], ...]] = {
    n: tuple(combinations(range(n), 3)) for n in range(3, 6)
}


def check_counts(hole: Sequence[int], board: Sequence[int]) -> None:
    """Refuse card counts no Omaha game reads (the one check done here).

    >>> check_counts([0, 1, 2, 3], [4, 5])
    Traceback (most recent call last):
    ...
    omaha_tui.engine.hands.cards.CardError: the board has 2 cards: a hand is read on 3, 4 or 5
    """
    if not 4 <= len(hole) <= 6:
        raise CardError(f"the hand has {len(hole)} cards: Omaha hands hold 4, 5 or 6")
    if not 3 <= len(board) <= 5:
        raise CardError(f"the board has {len(board)} cards: a hand is read on 3, 4 or 5")


class _Rows(dict[int, list[int]]):
    """Board key -> best value for each of the 91 hole-pair rank keys, built on first use.

    A board's row is the element-wise best of the rows of its board triples, so a board
    is read once and every hand on it costs one lookup per hole pair.
    """

    def __init__(self, flush: bool) -> None:
        super().__init__()
        self._flush = flush
        self.stored: tuple[array[int], dict[int, int]] | None = None
        """Rows read from a table file (:mod:`.table_file`): a flat run of values and
        each key's offset in it; a row is copied out of it the first time it is asked."""

    def get_row(self, key: int) -> list[int]:
        """The row of a board key, building it if needed."""
        return self[key]

    def __missing__(self, key: int) -> list[int]:
        if self.stored is not None:
            flat, offsets = self.stored
            at = offsets.get(key)
            if at is not None:
                row = flat[at : at + ROW_LENGTH].tolist()
                self[key] = row
                return row
        ranks = _factor(key)
        if len(ranks) == 3:
            get = five_card_tables()[self._flush].get
            row = [get(p * key, -1) for p in _PAIR_KEYS]
        else:
            keys = {_PRIMES[a] * _PRIMES[b] * _PRIMES[c] for a, b, c in combinations(ranks, 3)}
            row = list(map(max, *(self[k] for k in keys))) if len(keys) > 1 else self[keys.pop()]
        self[key] = row
        return row


def _factor(key: int) -> list[int]:
    """Rank indexes whose primes multiply to ``key``."""
    ranks = []
    for r, p in enumerate(_PRIMES):
        while key % p == 0:
            ranks.append(r)
            key //= p
    return ranks


_PAIR_KEYS: tuple[int, ...] = tuple(
    sorted({_PRIMES[a] * _PRIMES[b] for a, b in combinations_with_replacement(range(13), 2)})
)
ROW_LENGTH = len(_PAIR_KEYS)
"""Values in a board row: one per hole-pair rank multiset (91)."""
_PAIR_INDEX: dict[int, int] = {k: i for i, k in enumerate(_PAIR_KEYS)}
_PAIR_INDEX_GET = _PAIR_INDEX.__getitem__
# Row position of every two cards' rank pair: [first card][second card].
_CARD_PAIR_POSITION: tuple[tuple[int, ...], ...] = tuple(
    tuple(_PAIR_INDEX[_CARD_PRIME[a] * _CARD_PRIME[b]] for b in range(52)) for a in range(52)
)
_PRIME_GET = _CARD_PRIME.__getitem__
_NIBBLE_GET = _SUIT_NIBBLE.__getitem__
# Board key -> row; a missing row is built when first looked up.
HIGH_ROWS = _Rows(flush=False)
FLUSH_ROWS = _Rows(flush=True)


def prepare_tables() -> None:
    """Build every board row now rather than on first use (for benchmarks and equity loops).

    >>> prepare_tables()
    """
    for n in (3, 4, 5):
        for ranks in combinations_with_replacement(range(13), n):
            if max(Counter(ranks).values()) > 4:
                continue
            key = prod(_PRIMES[r] for r in ranks)
            HIGH_ROWS.get_row(key)
            if len(set(ranks)) == n:
                FLUSH_ROWS.get_row(key)
    for mask in range(256):
        if _LOW_ROWS[mask] is None:
            _LOW_ROWS[mask] = _low_row(mask)


# The tables as equity loops use them: a hand is pre-read once into row positions, then
# every board costs one row fetch and a few lookups (no per-board objects).
CARD_PRIME = _CARD_PRIME
SUIT_NIBBLE = _SUIT_NIBBLE
LOW_BIT = _LOW_BIT


def pair_positions(cards: Sequence[int]) -> tuple[int, ...]:
    """Positions in a board row of every two-card rank pair of ``cards`` (R6.1's two).

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> len(pair_positions(parse_cards("Ah Kh Qh Jh Th")))
    10
    """
    return tuple([_CARD_PAIR_POSITION[a][b] for a, b in combinations(cards, 2)])


def high_row(rank_key: int, flush: bool = False) -> list[int]:
    """Best value per hole-pair position on a board given by its rank key (product of
    ``CARD_PRIME``); with ``flush`` the key is of the flush suit's board cards only."""
    return (FLUSH_ROWS if flush else HIGH_ROWS)[rank_key]


def low_row(board_mask: int) -> list[int]:
    """Best low value (0 = none) per hole ``LOW_BIT`` mask on a board ``LOW_BIT`` mask."""
    row = _LOW_ROWS[board_mask]
    if row is None:
        row = _LOW_ROWS[board_mask] = _low_row(board_mask)
    return row


def high_value(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best high value using exactly two hole cards and three board cards (R6.1, R6.3).

    Larger is better; equal values tie. ``hole`` has 4, 5 or 6 cards, ``board`` 3 to 5.
    The board's row holds the best value for each hole-pair rank key, so a hand costs
    one lookup per hole pair (plus the same again for a possible flush); the loops run
    inside ``map`` and ``itertools``.

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> board = parse_cards("2h Jc Qc Ks Ad")
    >>> straight = high_value(parse_cards("Ts 9c 9h 2d"), board)
    >>> straight > high_value(parse_cards("Tc 2c 3h 4h"), board)
    True
    """
    if not (4 <= len(hole) <= 6 and 3 <= len(board) <= 5):
        check_counts(hole, board)
    row = HIGH_ROWS[prod(map(_PRIME_GET, board))]
    best: int = max(
        map(
            row.__getitem__, map(_PAIR_INDEX_GET, map(prod, combinations(map(_PRIME_GET, hole), 2)))
        )
    )
    x = sum(map(_NIBBLE_GET, board))
    spot = (x + 0x5555) & 0x8888
    if spot:
        # R6.2(a): a flush needs two hole cards and three board cards of the suit.
        suit = spot.bit_length() // 4 - 1
        hs = [c for c in hole if c & 3 == suit]
        if len(hs) >= 2:
            frow = FLUSH_ROWS[prod([_CARD_PRIME[c] for c in board if c & 3 == suit])]
            flush: int = max(
                map(
                    frow.__getitem__,
                    map(_PAIR_INDEX_GET, map(prod, combinations(map(_PRIME_GET, hs), 2))),
                )
            )
            if flush > best:
                best = flush
    return best


def _low_row(board_mask: int) -> list[int]:
    """Best low value for every hole mask against one board mask (0 = no low)."""
    bits = [b for b in range(8) if board_mask >> b & 1]
    triples = [(1 << a) | (1 << b) | (1 << c) for a, b, c in combinations(bits, 3)]
    pair_best: list[tuple[int, int]] = []
    for a, b in combinations(range(8), 2):
        p = (1 << a) | (1 << b)
        masks = [p | t for t in triples if not p & t]
        if masks:
            pair_best.append((p, min(masks)))
    row = [0] * 256
    for hole_mask in range(256):
        best = 256
        for p, m in pair_best:
            if p & hole_mask == p and m < best:
                best = m
        row[hole_mask] = 0 if best == 256 else 255 - best
    return row


_LOW_ROWS: list[list[int] | None] = [None] * 256


def store_low_rows(rows: list[list[int]]) -> None:
    """Take all 256 low rows at once (read from a table file by :mod:`.table_file`)."""
    _LOW_ROWS[:] = rows


def low_value(hole: Sequence[int], board: Sequence[int]) -> int | None:
    """Best eight-or-better low value under 2 + 3, or ``None`` when none qualifies (R7.1).

    Larger is better (a 5-4-3-2-A is the largest); equal values tie.

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> board = parse_cards("4h 5c 7h Qs Ad")
    >>> low_value(parse_cards("Ah 2s Kh Ks"), board) > low_value(parse_cards("As 3s Qh Qd"), board)
    True
    >>> low_value(parse_cards("Ah 2s Kh Ks"), parse_cards("9h Tc Jh Qs Ad")) is None
    True
    """
    if not (4 <= len(hole) <= 6 and 3 <= len(board) <= 5):
        check_counts(hole, board)
    bit = _LOW_BIT
    hole_mask = 0
    for c in hole:
        hole_mask |= bit[c]
    board_mask = 0
    for c in board:
        board_mask |= bit[c]
    row = _LOW_ROWS[board_mask]
    if row is None:
        row = _LOW_ROWS[board_mask] = _low_row(board_mask)
    return row[hole_mask] or None


def low_mask(value: int) -> int:
    """The 8-bit rank mask (bit 0 = ace .. bit 7 = eight) of a low value.

    >>> low_mask(255 - 0b11111)
    31
    """
    return 255 - value


def low_ranks(value: int) -> tuple[int, ...]:
    """Low card ranks as numbers, highest first, ace as 1: ``(7, 5, 4, 2, 1)``.

    >>> low_ranks(255 - 0b1011011)
    (7, 5, 4, 2, 1)
    """
    mask = 255 - value
    return tuple(b + 1 for b in range(7, -1, -1) if mask >> b & 1)
