"""Five cards' values (R6.3): every five-card rank multiset keyed by the product of one
prime per rank (Cactus Kev's trick), one table of non-flush values and one of flush
values for five distinct ranks, and what a value says: its category and deciding ranks.

A value encodes the category in bits 20+ and the deciding ranks in five 4-bit fields,
so it is both totally ordered (larger is better, equal values tie) and decodable for
descriptions. :mod:`.evaluate` builds the Omaha board rows (the 2 + 3 rule) on these.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORY_SHIFT = 20

PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def _straight_top(ranks: Sequence[int]) -> int:
    """Top rank index of a straight made by five distinct ranks, or -1 (R6.3: A-2-3-4-5 too)."""
    s = sorted(ranks)
    if s == [0, 1, 2, 3, 12]:
        return 3
    if s[4] - s[0] == 4:
        return s[4]
    return -1


def _encode(category: int, ranks: Sequence[int]) -> int:
    value = category
    for i in range(5):
        value = (value << 4) | (ranks[i] if i < len(ranks) else 0)
    return value


def rank_five(ranks: Sequence[int], flush: bool) -> int:
    """Value of five cards given their rank indexes (0..12) and whether they share a suit.

    The ranks that decide a tie come first in the encoding: the group of most cards,
    higher groups before lower ones, then kickers (R6.3; suits never break ties).

    >>> rank_five([12, 11, 10, 9, 8], True) > rank_five([12, 12, 12, 12, 0], False)
    True
    """
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    order = [r for r, _ in groups]
    shape = tuple(n for _, n in groups)
    if shape == (1, 1, 1, 1, 1):
        top = _straight_top(ranks)
        if top >= 0:
            return _encode(STRAIGHT_FLUSH if flush else STRAIGHT, [top])
        return _encode(FLUSH if flush else HIGH_CARD, order)
    category = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
    }[shape]
    return _encode(category, order)


def _build_tables() -> tuple[dict[int, int], dict[int, int]]:
    """Every five-card rank multiset's value, listed category by category.

    The same values as :func:`rank_five` (the tests compare all 7,462), written out by
    shape so that no multiset is counted or sorted: building them is a start-up cost
    of every command that reads a hand.
    """
    p = PRIMES
    plain: dict[int, int] = {}
    suited: dict[int, int] = {}
    high_first = range(12, -1, -1)
    for a, b, c, d, e in combinations(high_first, 5):
        key = p[a] * p[b] * p[c] * p[d] * p[e]
        top = a if a - e == 4 else 3 if (a, b) == (12, 3) else -1  # R6.3: A-2-3-4-5
        if top >= 0:
            plain[key] = (STRAIGHT << 20) | (top << 16)
            suited[key] = (STRAIGHT_FLUSH << 20) | (top << 16)
        else:
            ranks = (a << 16) | (b << 12) | (c << 8) | (d << 4) | e
            plain[key] = (HIGH_CARD << 20) | ranks
            suited[key] = (FLUSH << 20) | ranks
    for a in high_first:
        others = [r for r in high_first if r != a]
        for b in others:
            plain[p[a] ** 4 * p[b]] = (QUADS << 20) | (a << 16) | (b << 12)
            plain[p[a] ** 3 * p[b] ** 2] = (FULL_HOUSE << 20) | (a << 16) | (b << 12)
        for b, c in combinations(others, 2):
            plain[p[a] ** 3 * p[b] * p[c]] = (TRIPS << 20) | (a << 16) | (b << 12) | (c << 8)
        for b, c, d in combinations(others, 3):
            value = (PAIR << 20) | (a << 16) | (b << 12) | (c << 8) | (d << 4)
            plain[p[a] ** 2 * p[b] * p[c] * p[d]] = value
    for a, b in combinations(high_first, 2):
        for c in high_first:
            if c != a and c != b:
                value = (TWO_PAIR << 20) | (a << 16) | (b << 12) | (c << 8)
                plain[p[a] ** 2 * p[b] ** 2 * p[c]] = value
    return plain, suited


@cache
def five_card_tables() -> tuple[dict[int, int], dict[int, int]]:
    """The five-card tables (plain, flush) keyed by the product of the cards' rank
    primes, built on first use so that importing the engine for replay or the journal
    does not pay for them.

    >>> plain, flush = five_card_tables()
    >>> len(plain), len(flush)
    (6175, 1287)
    """
    return _build_tables()


def category_of(value: int) -> int:
    """The category constant (``HIGH_CARD`` .. ``STRAIGHT_FLUSH``) of a high value.

    >>> category_of(rank_five([3, 2, 1, 0, 12], False)) == STRAIGHT
    True
    """
    return value >> CATEGORY_SHIFT


def value_ranks(value: int) -> tuple[int, ...]:
    """The deciding rank indexes stored in a high value (groups first, then kickers).

    >>> value_ranks(rank_five([12, 12, 12, 11, 11], False))
    (12, 11)
    """
    category = value >> CATEGORY_SHIFT
    used = {STRAIGHT: 1, STRAIGHT_FLUSH: 1, QUADS: 2, FULL_HOUSE: 2, TRIPS: 3, TWO_PAIR: 3}
    n = used.get(category, 4 if category == PAIR else 5)
    return tuple((value >> (4 * (4 - i))) & 15 for i in range(n))
