"""The figures of an all-in spot and the R7 shares they are made of (R10.3).

What every way of counting boards ends in: each board's outcome (who wins the high and
who the low) counted, and the counts turned into each hand's share of the pot by R7
(:func:`figures`), into :class:`HandEquity`, :class:`PotEquity` and :class:`Equity`. The
board keys' helpers that every counter shares (:func:`hole_mask`, :func:`low_mask`) are
here too, so that walking boards (:mod:`.equity`), counting them by arithmetic
(:mod:`.arithmetic`) and contesting each pot (:mod:`.pot_equity`) read the same figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import sqrt

from omaha_tui.engine.hands.evaluate import LOW_BIT
from omaha_tui.engine.records import frozen

Z95 = 1.96

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


@frozen
class HandEquity:
    """One hand's figures, each a fraction 0..1 averaged over the boards.

    Attributes:
        equity: share of the pot (R7 halves and quarters counted by share).
        high: share of the high half (of the whole pot on boards with no low, R7.3).
        low: share of the low half (0 on boards with no qualifying low).
        scoop: boards on which this hand alone wins the whole pot (R7.6).
        tie: boards on which it shares the pot or a half with another hand.
        margin: 95 % margin of ``equity`` when boards were sampled; 0 when exact.
    """

    equity: float
    high: float
    low: float
    scoop: float
    tie: float
    margin: float


@frozen
class Equity:
    """Every hand's figures, in the order given, and what they stand on.

    Attributes:
        hands: one :class:`HandEquity` per tabled hand.
        boards: the number of boards behind the figures.
        exact: every remaining board was counted (otherwise ``boards`` were sampled).
        seed: the random seed of a sample (``None`` when exact).
    """

    hands: tuple[HandEquity, ...]
    boards: int
    exact: bool
    seed: int | None
    pots: tuple[PotEquity, ...] = ()
    """Per pot, when pots were given: each contested among its own claimants (R10.3)."""
    expected: tuple[float, ...] = ()
    """Per hand, the chips it can expect from all the pots (empty without pots)."""
    per_board: tuple[Equity, ...] = ()
    """On a double board (R13.2c), each board's own figures (its half of every pot),
    board 1 first; the figures above are then the two weighted by their chips."""


@frozen
class PotEquity:
    """One pot's figures among the hands eligible for it (R10.3, R5.1).

    Attributes:
        amount: the pot's chips.
        claimants: indexes (into the hands given) of the hands that can win it.
        hands: one :class:`HandEquity` per claimant, in the order of ``claimants``.
    """

    amount: int
    claimants: tuple[int, ...]
    hands: tuple[HandEquity, ...]


Outcome = tuple[tuple[int, ...], tuple[int, ...]]
"""Who wins the high and who the low (empty: no qualifying low) on a board."""


def figures(outcomes: dict[Outcome, int], k: int, boards: int, exact: bool) -> list[HandEquity]:
    """Each of ``k`` hands' figures from the boards counted by outcome (R7 shares)."""
    eq = [0.0] * k
    sq = [0.0] * k
    hi = [0.0] * k
    lo = [0.0] * k
    scoop = [0] * k
    tie = [0] * k
    for (hw, lw), count in sorted(outcomes.items()):  # one order: the same sums each way
        if lw:
            h_share, l_share = 0.5 / len(hw), 0.5 / len(lw)  # R7.1 halves, R7.5 quarters
            for i in hw:
                hi[i] += count / len(hw)
            for i in lw:
                lo[i] += count / len(lw)
            shares = dict.fromkeys(hw, h_share)
            for i in lw:
                shares[i] = shares.get(i, 0.0) + l_share
            if len(hw) == 1 and lw == hw:
                scoop[hw[0]] += count  # R7.6
            for i in {*(hw if len(hw) > 1 else ()), *(lw if len(lw) > 1 else ())}:
                tie[i] += count
        else:
            shares = dict.fromkeys(hw, 1.0 / len(hw))
            for i in hw:
                hi[i] += count / len(hw)
                if len(hw) == 1:
                    scoop[i] += count
                else:
                    tie[i] += count
        for i, share in shares.items():
            eq[i] += count * share
            sq[i] += count * share * share
    out = []
    for i in range(k):
        mean = eq[i] / boards
        margin = 0.0
        if not exact:
            var = max(0.0, sq[i] / boards - mean * mean)
            # A sample in which a rare out never came has no spread at all; the rule of
            # three (3 / boards) is the 95 % bound on what it can have missed.
            margin = max(Z95 * sqrt(var / boards), 3 / boards)
        out.append(
            HandEquity(
                mean, hi[i] / boards, lo[i] / boards, scoop[i] / boards, tie[i] / boards, margin
            )
        )
    return out


def hole_mask(cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        mask |= LOW_BIT[c]
    return mask


def low_mask(rank_key: int, cache: dict[int, int] = {}) -> int:  # noqa: B006 - a memo
    mask = cache.get(rank_key)
    if mask is None:
        mask, key = 0, rank_key
        for r, p in enumerate(_PRIMES):
            if key % p == 0:
                mask |= LOW_BIT[r * 4]
                while key % p == 0:
                    key //= p
        cache[rank_key] = mask
    return mask
