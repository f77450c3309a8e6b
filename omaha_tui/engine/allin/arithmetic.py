"""Whole boards counted by arithmetic instead of one by one (R10.3, pre-flop spots).

Before the flop a board is five unseen cards; what it does for every hand depends only on
its ranks and, when three or more of its cards share a suit in which some hand holds
two cards, on that suit's board ranks (R6.2a: a flush needs two hole cards and three
board cards of one suit; no other suit can make one). So boards are never walked:

- every rank multiset of five cards is weighed by how many boards have it, the product
  of ``C(unseen of rank r, cards of rank r)`` (6,188 multisets at most);
- for each suit some hand can flush in, every set of three to five unseen cards of that
  suit is joined with the other cards' rank multisets (none, one or two cards, drawn
  from the other suits), each weighed the same way; these boards are taken out of their
  rank multiset's plain count, since at most one suit has three cards on a board.

Each weighed board class is read once, exactly as :mod:`.equity` reads a board key, so
the outcome counts, and the figures built from them, are those of full enumeration.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from math import comb, prod

from omaha_tui.engine.allin.figures import Outcome, hole_mask, low_mask
from omaha_tui.engine.hands.evaluate import CARD_PRIME, high_row, low_row, pair_positions
from omaha_tui.engine.hands.games import Variant

PRIMES = tuple(CARD_PRIME[4 * r] for r in range(13))
DISTINCT_FIVE = frozenset(prod([PRIMES[r] for r in c]) for c in combinations(range(13), 5))
"""Rank products of boards with five different ranks (no pair: no full house or quads)."""


def count_outcomes(
    variant: Variant,
    hands: Sequence[tuple[str, Sequence[int]]],
    unseen: Sequence[int],
    groups: Sequence[tuple[int, ...]],
) -> dict[tuple[Outcome, ...], int]:
    """Boards of five from ``unseen``, counted by who wins the high and the low among
    each group of hands (indexes into ``hands``), one ``Outcome`` per group."""
    hilo = variant.hilo
    holes = [cards for _, cards in hands]
    positions = [pair_positions(cards) for cards in holes]
    masks = [hole_mask(cards) for cards in holes]
    avail = [0] * 13
    of_suit: list[list[int]] = [[] for _ in range(4)]
    for c in unseen:
        avail[c >> 2] += 1
        of_suit[c & 3].append(c >> 2)
    flush_suits = [s for s in range(4) if any(sum(c & 3 == s for c in h) >= 2 for h in holes)]
    suited = [[pair_positions([c for c in h if c & 3 == s]) for h in holes] for s in range(4)]

    if not hilo and len(hands) == 2 and list(groups) == [(0, 1)]:
        return _heads_up_high(of_suit, avail, flush_suits, suited, positions)

    def winners(highs: Sequence[int] | dict[int, int], group: tuple[int, ...]) -> tuple[int, ...]:
        if not group:
            return ()
        best = max([highs[i] for i in group])
        return tuple([i for i in group if highs[i] == best])

    group_range = range(len(groups))

    # Per rank multiset: each hand's plain high, each group's low winners (the low never
    # depends on suits) and the whole outcome when no flush changes a high. A flush
    # board costs a new outcome only when some hand's flush beats its plain high.
    plain_cache: dict[int, tuple[list[int], list[tuple[int, ...]], tuple[Outcome, ...]]] = {}

    def plain(rank: int) -> tuple[list[int], list[tuple[int, ...]], tuple[Outcome, ...]]:
        row = high_row(rank)
        highs = [max(map(row.__getitem__, p)) for p in positions]
        lws: list[tuple[int, ...]] = [()] * len(groups)
        if hilo:
            lrow = low_row(low_mask(rank))
            lows = [lrow[m] for m in masks]
            for g, group in enumerate(groups):
                best_low = max([lows[i] for i in group])
                if best_low:  # R7.3: no qualifying low, the high takes the whole pot
                    lws[g] = tuple([i for i in group if lows[i] == best_low])
        whole = tuple([(winners(highs, group), lw) for group, lw in zip(groups, lws, strict=True)])
        got = plain_cache[rank] = (highs, lws, whole)
        return got

    counts: dict[tuple[Outcome, ...], int] = {}
    flushed: dict[int, int] = {}  # boards of a rank product already counted as flushes
    for s in flush_suits:
        ranks_s = of_suit[s]
        rest = _rest_multisets([avail[r] - (r in ranks_s) for r in range(13)])
        can_flush = [i for i, p in enumerate(suited[s]) if p]
        for j in (3, 4, 5):
            tails = rest[5 - j]
            for chosen in combinations(ranks_s, j):
                fprod = prod([PRIMES[r] for r in chosen])
                frow = high_row(fprod, flush=True)
                flush = [(i, max(map(frow.__getitem__, suited[s][i]))) for i in can_flush]
                # R6.3: on five distinct ranks no hand beats a flush, so each group's high
                # goes to its best flush whatever the other cards are.
                fvals = dict(flush)
                fw = [winners(fvals, tuple([i for i in g if i in fvals])) for g in groups]
                for tail_prod, n in tails:
                    rank = fprod * tail_prod
                    highs, lws, key = plain_cache.get(rank) or plain(rank)
                    if rank in DISTINCT_FIVE:
                        key = tuple([(fw[g] or key[g][0], lws[g]) for g in group_range])
                        counts[key] = counts.get(key, 0) + n
                        flushed[rank] = flushed.get(rank, 0) + n
                        continue
                    better = [(i, f) for i, f in flush if f > highs[i]]
                    if better:
                        mixed = highs.copy()
                        for i, f in better:
                            mixed[i] = f
                        key = tuple(
                            [(winners(mixed, g), lw) for g, lw in zip(groups, lws, strict=True)]
                        )
                    counts[key] = counts.get(key, 0) + n
                    flushed[rank] = flushed.get(rank, 0) + n
    for rank, n in _multisets(avail):
        n -= flushed.get(rank, 0)
        if n:
            key = (plain_cache.get(rank) or plain(rank))[2]
            counts[key] = counts.get(key, 0) + n
    return counts


def _multisets(avail: list[int]) -> list[tuple[int, int]]:
    """Every five-card rank multiset the unseen cards can make: its rank product and
    its number of boards, the product of ``C(avail[r], cards of rank r)``."""
    out = []
    for ms in combinations_with_replacement(range(13), 5):
        n = rank = 1
        last = run = 0
        for r in ms:
            run = run + 1 if r == last else 1
            last = r
            a = avail[r]
            if run > a:
                n = 0
                break
            n = n * (a - run + 1) // run  # C(a, run) from C(a, run - 1), exactly
            rank *= PRIMES[r]
        if n:
            out.append((rank, n))
    return out


def _heads_up_high(
    of_suit: list[list[int]],
    avail: list[int],
    flush_suits: list[int],
    suited: list[list[tuple[int, ...]]],
    positions: list[tuple[int, ...]],
) -> dict[tuple[Outcome, ...], int]:
    """:func:`count_outcomes` for two hands and the high alone (PLO heads-up), with
    boards counted by a single comparison each."""
    p0, p1 = positions
    multisets = _multisets(avail)
    highs: dict[int, tuple[int, int]] = {}
    for rank, _ in multisets:
        row = high_row(rank)
        highs[rank] = (max(map(row.__getitem__, p0)), max(map(row.__getitem__, p1)))
    tie = win0 = win1 = 0
    flushed: dict[int, int] = {}
    fget = flushed.get
    for s in flush_suits:
        ranks_s = of_suit[s]
        rest = _rest_multisets([avail[r] - (r in ranks_s) for r in range(13)])
        q0, q1 = suited[s][0], suited[s][1]
        for j in (3, 4, 5):
            tails = rest[5 - j]
            for chosen in combinations(ranks_s, j):
                fprod = prod([PRIMES[r] for r in chosen])
                frow = high_row(fprod, flush=True)
                f0 = max(map(frow.__getitem__, q0)) if q0 else 0
                f1 = max(map(frow.__getitem__, q1)) if q1 else 0
                for tail_prod, n in tails:
                    rank = fprod * tail_prod
                    h0, h1 = highs[rank]
                    if f0 > h0:
                        h0 = f0
                    if f1 > h1:
                        h1 = f1
                    if h0 > h1:
                        win0 += n
                    elif h1 > h0:
                        win1 += n
                    else:
                        tie += n
                    flushed[rank] = fget(rank, 0) + n
    for rank, n in multisets:
        n -= fget(rank, 0)
        h0, h1 = highs[rank]
        if h0 > h1:
            win0 += n
        elif h1 > h0:
            win1 += n
        else:
            tie += n
    both: Outcome = ((0, 1), ())
    first: Outcome = ((0,), ())
    second: Outcome = ((1,), ())
    counts = {(both,): tie, (first,): win0, (second,): win1}
    return {key: n for key, n in counts.items() if n}


def _rest_multisets(avail: list[int]) -> list[list[tuple[int, int]]]:
    """For 0, 1 and 2 more cards: every rank multiset's rank product and how many ways
    the cards in ``avail`` (per rank) make it."""
    one = [(PRIMES[r], avail[r]) for r in range(13) if avail[r]]
    two = []
    for a in range(13):
        if avail[a] >= 2:
            two.append((PRIMES[a] ** 2, comb(avail[a], 2)))
        for b in range(a + 1, 13):
            if avail[a] and avail[b]:
                two.append((PRIMES[a] * PRIMES[b], avail[a] * avail[b]))
    return [[(1, 1)], one, two]
