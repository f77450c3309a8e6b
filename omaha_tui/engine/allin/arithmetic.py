"""Whole boards counted by arithmetic instead of one by one (R10.3, pre-flop spots).

Before the flop a board is five unseen cards; what it does for every hand depends only on
its ranks and, when three or more of its cards share a suit in which some hand holds
two cards, on that suit's board ranks (R6.2a: a flush needs two hole cards and three
board cards of one suit; no other suit can make one). So boards are never walked:

- every rank multiset of five cards is weighed by how many boards have it, the product
  of ``C(unseen of rank r, cards of rank r)`` (6,188 multisets at most);
- for each suit some hand can flush in, every set of three to five unseen cards of that
  suit is joined with the other cards' rank multisets (none, one or two cards, drawn
  from the other suits), each weighed the same way; those whose outcome a flush
  changes are taken out of their rank multiset's plain count, since at most one suit
  has three cards on a board. Whether a flush changes a group's high needs no hand read
  again: a flush beats a plain high below a full house and loses to the rest, and a
  straight flush beats them all (R6.3).

Each weighed board class is read once, exactly as :mod:`.equity` reads a board key, so
the outcome counts, and the figures built from them, are those of full enumeration.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from operator import itemgetter

from omaha_tui.engine.allin.figures import Outcome, hole_mask, low_mask
from omaha_tui.engine.hands.evaluate import (
    CARD_PRIME,
    HIGH_ROWS,
    high_row,
    low_row,
    pair_positions,
)
from omaha_tui.engine.hands.five_cards import CATEGORY_SHIFT, FULL_HOUSE, STRAIGHT_FLUSH
from omaha_tui.engine.hands.games import Variant

PRIMES = tuple(CARD_PRIME[4 * r] for r in range(13))


def count_outcomes(
    variant: Variant,
    hands: Sequence[tuple[str, Sequence[int]]],
    unseen: Sequence[int],
    groups: Sequence[tuple[int, ...]],
) -> dict[tuple[Outcome, ...], int]:
    """Boards of five from ``unseen``, counted by who wins the high and the low among
    each group of hands (indexes into ``hands``), one ``Outcome`` per group."""
    holes = [cards for _, cards in hands]
    positions = [pair_positions(cards) for cards in holes]
    avail = [0] * 13
    of_suit: list[list[int]] = [[] for _ in range(4)]
    for c in unseen:
        avail[c >> 2] += 1
        of_suit[c & 3].append(c >> 2)
    flush_suits = [s for s in range(4) if any(sum(c & 3 == s for c in h) >= 2 for h in holes)]
    suited = [[pair_positions([c for c in h if c & 3 == s]) for h in holes] for s in range(4)]

    if not variant.hilo and len(hands) == 2 and list(groups) == [(0, 1)]:
        return _heads_up_high(of_suit, avail, flush_suits, suited, positions)

    multisets = _multisets(avail)
    masks = [hole_mask(cards) for cards in holes] if variant.hilo else []
    plain = _plain_outcomes(multisets, positions, masks, groups)
    counts: dict[tuple[Outcome, ...], int] = {}
    flushed: dict[int, int] = {}  # boards of a rank product whose outcome a flush changes
    for s in flush_suits:
        _count_flushes(of_suit[s], avail, suited[s], groups, plain, counts, flushed)
    for rank, n in multisets:
        n -= flushed.get(rank, 0)
        if n:
            key = plain[rank][2]
            counts[key] = counts.get(key, 0) + n
    return counts


Plain = dict[int, tuple[int, list[tuple[int, ...]], tuple[Outcome, ...]]]
"""Per rank product: the groups whose best plain high is below a full house (bit ``g``
for group ``g``), each group's low winners, and the whole outcome with no flush."""


def _plain_outcomes(
    multisets: list[tuple[int, int]],
    positions: list[tuple[int, ...]],
    masks: list[int],
    groups: Sequence[tuple[int, ...]],
) -> Plain:
    """Each rank multiset's outcome when no flush changes a high (:data:`Plain`); the
    lows are read when ``masks`` (each hand's low ranks) are given. The low never
    depends on suits, so it is read once per board low (R7.1)."""
    boat = FULL_HOUSE << CATEGORY_SHIFT
    # A hand of four or more cards has six pairs or more: itemgetter gives them as a tuple.
    pickers = [itemgetter(*p) for p in positions]
    by_low: dict[int, list[tuple[int, ...]]] = {}
    no_low: list[tuple[int, ...]] = [()] * len(groups)
    rows = HIGH_ROWS
    plain: Plain = {}
    for rank, _ in multisets:
        row = rows[rank]
        highs = [max(pick(row)) for pick in pickers]
        lws = no_low
        if masks:
            board_low = low_mask(rank)
            got = by_low.get(board_low)
            if got is None:
                lrow = low_row(board_low)
                got = by_low[board_low] = _low_winners([lrow[m] for m in masks], groups)
            lws = got
        whole = []
        below = 0
        for g, group in enumerate(groups):
            best = max([highs[i] for i in group])
            whole.append((tuple([i for i in group if highs[i] == best]), lws[g]))
            if best < boat:
                below |= 1 << g
        plain[rank] = (below, lws, tuple(whole))
    return plain


def _low_winners(lows: list[int], groups: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Each group's best lows (none when no hand in it has a low: R7.3, the high then
    takes the whole pot)."""
    out = []
    for group in groups:
        best = max([lows[i] for i in group])
        out.append(tuple([i for i in group if lows[i] == best]) if best else ())
    return out


def _count_flushes(
    ranks_s: list[int],
    avail: list[int],
    suited: list[tuple[int, ...]],
    groups: Sequence[tuple[int, ...]],
    plain: Plain,
    counts: dict[tuple[Outcome, ...], int],
    flushed: dict[int, int],
) -> None:
    """Count the boards with three to five cards of one suit (unseen ranks ``ranks_s``,
    the hands' pair positions of that suit ``suited``) whose outcome a flush changes,
    into ``counts``, and each rank product's number of them into ``flushed``.

    A hand's high is the better of its plain high and its flush. A flush beats every
    plain high below a full house and loses to the rest, unless it is a straight flush,
    which beats them all (R6.3); so on such a board a group's high goes to its best
    flush when the group has one and its best plain high is below a full house (or the
    flush is straight), and to its plain winners otherwise.
    """
    straight_flush = STRAIGHT_FLUSH << CATEGORY_SHIFT
    group_range = range(len(groups))
    rest = _rest_multisets([avail[r] - (r in ranks_s) for r in range(13)])
    can_flush = [(i, p) for i, p in enumerate(suited) if p]
    for j in (3, 4, 5):
        tails = rest[5 - j]
        for chosen in combinations(ranks_s, j):
            fprod = prod([PRIMES[r] for r in chosen])
            frow = high_row(fprod, flush=True)
            fvals = {i: max(map(frow.__getitem__, p)) for i, p in can_flush}
            fw: list[tuple[int, ...]] = []
            has = straight = 0
            for g, group in enumerate(groups):
                mine = [i for i in group if i in fvals]
                best = max([fvals[i] for i in mine]) if mine else 0
                fw.append(tuple([i for i in mine if fvals[i] == best]))
                if mine:
                    has |= 1 << g
                    if best >= straight_flush:
                        straight |= 1 << g
            for tail_prod, n in tails:
                rank = fprod * tail_prod
                below, lws, key = plain[rank]
                flip = (below | straight) & has
                if flip:
                    key = tuple([(fw[g], lws[g]) if flip >> g & 1 else key[g] for g in group_range])
                    counts[key] = counts.get(key, 0) + n
                    flushed[rank] = flushed.get(rank, 0) + n


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
