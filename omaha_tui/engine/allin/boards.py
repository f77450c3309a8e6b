"""Every board still to come, counted by the one integer that decides it (R6.2a, R10.3).

A five-card board's outcome for any set of hands depends only on its rank multiset and,
when three or more of its cards share a suit, on that suit and which ranks are of it:
no other suit can make a flush. :func:`board_key` packs that into one integer, and
equity counts boards by key, exactly (:func:`count_all`, every remaining board, with no
Python code per board) or from a seeded sample (:func:`count_sampled`). Reading each
distinct key's outcome is :mod:`equity`'s part.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from math import prod

from omaha_tui.engine.hands.evaluate import CARD_PRIME, SUIT_NIBBLE

RANK_BITS = 27
"""Bits of a key holding the rank product: a five-card product is below 41**5 < 2**27."""
RANK_MASK = (1 << RANK_BITS) - 1
_SPOT_SUIT = {0x8: 0, 0x80: 1, 0x800: 2, 0x8000: 3}


def board_key(cards: Iterable[int]) -> int:
    """The integer that decides every hand's outcome on a five-card board.

    Rank product in the low bits; with three or more cards of one suit, that suit and
    the product of its cards' ranks above them (R6.2a: only that suit can make a flush).

    >>> board_key([0, 4, 9, 13, 18]) == 2 * 3 * 5 * 7 * 11  # 2c 3c 4d 5d 6h: no flush
    True
    """
    cs = tuple(cards)
    x = sum(map(SUIT_NIBBLE.__getitem__, cs))
    rank = prod(map(CARD_PRIME.__getitem__, cs))
    spot = (x + 0x5555) & 0x8888
    if not spot:
        return rank
    suit = _SPOT_SUIT[spot]
    flush = prod(CARD_PRIME[c] for c in cs if c & 3 == suit)
    return (((flush << 2) | suit) << RANK_BITS) | rank


def count_sampled(
    board: Sequence[int], unseen: list[int], missing: int, n: int, rng: random.Random
) -> dict[int, int]:
    """``n`` random completions of ``board`` from ``unseen``, counted by :func:`board_key`.

    >>> counts = count_sampled([0, 4, 8], list(range(12, 52)), 2, 100, random.Random(1))
    >>> sum(counts.values())
    100
    """
    counts: dict[int, int] = {}
    get = counts.get
    sample = rng.sample
    known = tuple(board)
    for _ in range(n):
        key = board_key(known + tuple(sample(unseen, missing)))
        counts[key] = get(key, 0) + 1
    return counts


def count_all(board: Sequence[int], unseen: list[int], missing: int) -> dict[int, int]:
    """Every remaining board counted by :func:`board_key`, with no per-board Python code.

    The first ``missing - 1`` cards are walked recursively (rank product, suit counts and
    per-suit products updated as they go). For the last card only its suit matters: with
    three of a suit already out, every board is a flush board of that suit; with two, the
    cards of that suit make one; the others cannot. Each group of last cards (precomputed
    lists of rank primes, by suit set and start index) becomes keys by multiplying and
    adding constants, counted by ``Counter.update`` in C.

    >>> sum(count_all([0, 4, 8], list(range(12, 52)), 2).values())  # C(40, 2) turns and rivers
    780
    """
    counts: Counter[int] = Counter()
    if missing == 0:
        counts[board_key(board)] = 1
        return counts
    n = len(unseen)
    rp = [CARD_PRIME[c] for c in unseen]
    su = [c & 3 for c in unseen]
    memo: dict[int, list[int]] = {}

    def tail(suits: int, start: int) -> list[int]:
        """Rank primes of ``unseen[start:]`` whose suit is in the bit set ``suits``."""
        key = suits * 64 + start
        got = memo.get(key)
        if got is None:
            got = memo[key] = [rp[j] for j in range(start, n) if suits >> su[j] & 1]
        return got

    update = counts.update

    def last_card(start: int, rank: int, x: int, sp: list[int]) -> None:
        three = (x + 0x5555) & 0x8888
        if three:
            s = _SPOT_SUIT[three]
            f = sp[s]
            mine = tail(1 << s, start)
            if mine:
                update(map((s << RANK_BITS).__add__, map(((f << 29) + rank).__mul__, mine)))
            other = tail(15 ^ (1 << s), start)
            if other:
                update(map((((f << 2) | s) << RANK_BITS).__add__, map(rank.__mul__, other)))
            return
        two = (x + 0x6666) & 0x8888
        flushing = sum(1 << s for spot, s in _SPOT_SUIT.items() if two & spot)
        plain = tail(15 ^ flushing, start)
        if plain:
            update(map(rank.__mul__, plain))
        for s in range(4):
            if flushing >> s & 1 and tail(1 << s, start):
                a = (sp[s] << 29) + rank
                update(map((s << RANK_BITS).__add__, map(a.__mul__, tail(1 << s, start))))

    def walk(start: int, left: int, rank: int, x: int, sp: list[int]) -> None:
        if left == 1:
            last_card(start, rank, x, sp)
            return
        for j in range(start, n - left + 1):
            s, p = su[j], rp[j]
            sp[s] *= p
            walk(j + 1, left - 1, rank * p, x + (1 << 4 * s), sp)
            sp[s] //= p

    suits = [prod(CARD_PRIME[c] for c in board if c & 3 == s) for s in range(4)]
    walk(0, missing, prod(CARD_PRIME[c] for c in board), sum(SUIT_NIBBLE[c] for c in board), suits)
    return counts
